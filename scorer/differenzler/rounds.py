"""One round of Differenzler as the table writes it: the Trumpf, every player's prediction, the
points every player made, and the Weis declared; and what cannot be true of such a round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorer.cards import HAND_TOTAL, fields, items, text, whole
from scorer.codes import Code, code
from scorer.differenzler.rules import DifferenzlerRules, contracts, whole_in

PREDICTION_MOST = HAND_TOTAL  # a prediction is 0 to 157, Weis or not
WEIS_VALUES = (20, 50, 100, 150, 200)  # what a Weis (or the Stöck) counts; a round's Weis is a sum
WEIS_MOST = 1000  # more Weis than this in one round is a slip of the finger


def _sums(values: Sequence[int], most: int) -> frozenset[int]:
    """Every sum of the values (each used any number of times) from 0 to most."""
    reachable = [True] + [False] * most
    for total in range(1, most + 1):
        reachable[total] = any(v <= total and reachable[total - v] for v in values)
    return frozenset(t for t, ok in enumerate(reachable) if ok)


WEIS_SUMS = _sums(WEIS_VALUES, WEIS_MOST)  # 0, 20, 40, 50, 60, ...: no 10 or 30, nothing odd


@dataclass(frozen=True)
class Round:
    """A round: its Trumpf (a suit key, "obenabe" or "undenufe"; None when not noted), one
    prediction and one result in points per player in seat order, and the Weis of the round
    (0 unless the table counts Weis). Each player's points include their own Weis."""

    trump: str | None
    predictions: tuple[int, ...]
    points: tuple[int, ...]
    weis: int = 0

    @property
    def total(self) -> int:
        """What the players' points must add up to: 157 and the round's Weis."""
        return round_total(self.weis)

    def to_dict(self) -> dict:
        """Plain data for storage and export."""
        return {
            "trump": self.trump,
            "predictions": list(self.predictions),
            "points": list(self.points),
            "weis": self.weis,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Round:
        """Read back from to_dict(). Raises Invalid (a ValueError) for a value of the wrong kind,
        KeyError when the predictions or points are missing; whether the values are allowed is
        for round_problems() to say."""
        data = fields(data, "rounds")
        trump = data.get("trump")
        predictions = items(data["predictions"], "rounds.predictions")
        points = items(data["points"], "rounds.points")
        return cls(
            None if trump is None else text(trump, "rounds.trump"),
            tuple(whole(p, "rounds.predictions") for p in predictions),
            tuple(whole(p, "rounds.points") for p in points),
            whole(data.get("weis", 0), "rounds.weis"),
        )


def round_total(weis: int = 0) -> int:
    """The points a round holds: 152 in the cards, 5 for the last trick, and its Weis."""
    return HAND_TOTAL + weis


def fill_last(others: Sequence[int], weis: int = 0) -> tuple[int | None, Code | None]:
    """The last player's points as the rest of the round's total, given everyone else's:
    (points, None); or (None, points_over) when the others already make more than the total.
    Only the sum is worked out: round_problems() still checks the round (a rest of 1 cannot be)."""
    made = sum(others)
    total = round_total(weis)
    if made > total:
        return None, code("points_over", points=made, total=total)
    return total - made, None


def rest_of(points: Sequence[int | None], weis: int = 0) -> Code:
    """What the points typed so far (None: left blank) say of the round's total: the rest for
    the one player left blank (rest_for), that the others made too much already (points_over),
    that all add up (points_add_up) or not (points_sum), or that more than one is blank
    (rest_open)."""
    total = round_total(weis)
    typed = [p for p in points if p is not None]
    blank = [seat for seat, p in enumerate(points) if p is None]
    made = sum(typed)
    if len(blank) == 1:
        rest, problem = fill_last(typed, weis)
        return problem or code("rest_for", player=blank[0], rest=rest, made=made, total=total)
    if not blank:
        if made == total:
            return code("points_add_up", points=made)
        return code("points_sum", points=made, total=total)
    return code("rest_open", total=total)


def round_problems(entry: Round, players: int, rules: DifferenzlerRules) -> dict[str, Code]:
    """What cannot be true of this round for `players` players under `rules`, by form field:
    "trump", "weis", "predictions", "points", and "prediction-<seat>" or "points-<seat>" for one
    player (seats count from 0)."""
    errors: dict[str, Code] = {}
    if entry.trump is not None and entry.trump not in contracts(rules.deck):
        errors["trump"] = code("trump_unknown")
    weis = _weis_problem(entry.weis, rules)
    if weis:
        errors["weis"] = weis
    if len(entry.predictions) != players:
        errors["predictions"] = code("predictions_count", players=players)
    for seat, prediction in enumerate(entry.predictions):
        if not whole_in(prediction, 0, PREDICTION_MOST):
            errors[f"prediction-{seat}"] = code("prediction_range", most=PREDICTION_MOST)
    if len(entry.points) != players:
        errors["points"] = code("points_count", players=players)
    points_fine = True
    for seat, points in enumerate(entry.points):
        problem = _points_problem(points)
        if problem:
            errors[f"points-{seat}"] = problem
            points_fine = False
    # The points add up to the round's total; with Weis the table does not count, to 157 alone;
    # with Weis that cannot be, to nothing known yet.
    if points_fine and "points" not in errors and (weis is None or weis.key == "weis_off"):
        total = round_total(entry.weis if weis is None else 0)
        made = sum(entry.points)
        if made != total:
            errors["points"] = code("points_sum", points=made, total=total)
    return errors


def _weis_problem(weis, rules: DifferenzlerRules) -> Code | None:
    """Why this cannot be the Weis of a round, or None."""
    if whole_in(weis, 0, 0):
        return None
    if not rules.weis:
        return code("weis_off")
    if not whole_in(weis, 0, WEIS_MOST):
        return code("weis_range", most=WEIS_MOST)
    if weis not in WEIS_SUMS:
        return code("weis_values")
    return None


def _points_problem(points) -> Code | None:
    """Why one player cannot have made these points, or None."""
    if isinstance(points, bool) or not isinstance(points, int):
        return code("points_whole")
    if points < 0:
        return code("points_negative")
    if points == 1:  # no card counts 1, and Weis come in twenties and more
        return code("points_impossible", points=1)
    return None
