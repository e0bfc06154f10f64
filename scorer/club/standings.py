"""The standings of a club evening, always computed from the games as they stand.

A Passe is a run of games (8, 12, any) with the same players at a table. Each player earns the
own side's score over the Passe's games: its points, or its Striche (a game won is one Strich,
a Match two) when the evening ranks by Striche. A player who sat the Passe out gets a Joker:
the field's average for that Passe (rounded half up), or a fixed number the leader set.

The standings add up each player's counting Passen. With one dropped Passe the worst is struck
only once the player's Passen are all in: until then the ranking is provisional. A player who
came later or left early has a Passe without them: that one is struck (it gives nothing), and
their line is final once the Passen they played are in. Ties go to the
better best Passe, then the second best, and so on, unless the evening chose its own steps
(TIE_BREAKS: the Passen, the Matches, the points); players still level share their rank.
Never alphabetical.

Pure: plain data in, plain data out, codes instead of sentences.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from scorer.codes import Code, Invalid, code

GAME_POINTS = 157  # a tournament game: 152 in the cards and 5 for the last trick
# Trick points no side can make: no card counts 1, so neither 1 nor (the other side then
# having 1) 156, as the Schieber's panel refuses them.
IMPOSSIBLE = (1, GAME_POINTS - 1)
WEIS_MOST = 1000  # a hand's Weis and Stöck of one side: four jacks (200) and more
Ranking = Literal["points", "striche"]
# The steps a tie can go to, in the order an evening chooses (the first three at most): the
# better Passen (the best, then the second best, ...), more Matches, more points (at an
# evening ranked by Striche: the points its games made). Each counts the Passen that count
# and were played (a Joker makes no Match); players level in every step share their rank.
TIE_BREAKS = ("passen", "matches", "points")
TIE_BREAK_DEFAULT = ("passen",)
TIE_STEPS_MOST = 3


@dataclass(frozen=True)
class TableGame:
    """One game at a table: trick points of side A (seats 0, 2 [, 4]) and side B (1, 3 [, 5]),
    which side made a Match (all tricks), Weis and Stöck when the evening counts them, and the
    contract called with its multiplier when the evening plays with multipliers (tournament
    Schieber: no contract kept, every game ×1)."""

    tricks: tuple[int, int]
    match: int | None = None
    extras: tuple[int, int] = (0, 0)
    multiplier: int = 1
    contract: str | None = None

    @classmethod
    def entered(
        cls,
        points: int,
        side: int,
        *,
        match: bool = False,
        extras: tuple[int, int] = (0, 0),
        contract: str | None = None,
        multiplier: int = 1,
    ) -> TableGame:
        """A game as a table's phone writes it: the trick points of one side, the rest of 157
        for the other; a Match is all 157 for that side."""
        if match:
            points = GAME_POINTS
        tricks = [GAME_POINTS - points, GAME_POINTS - points]
        tricks[side] = points
        return cls((tricks[0], tricks[1]), side if match else None, extras, multiplier, contract)

    def to_dict(self) -> dict:
        data: dict = {"tricks": list(self.tricks), "match": self.match}
        if self.extras != (0, 0):
            data["extras"] = list(self.extras)
        if self.multiplier != 1:
            data["multiplier"] = self.multiplier
        if self.contract is not None:
            data["contract"] = self.contract
        return data

    @classmethod
    def from_dict(cls, data: dict) -> TableGame:
        """A stored or imported game, strictly: two whole numbers a side, a Match by side."""

        def pair(value) -> tuple[int, int]:
            if not (isinstance(value, list) and len(value) == 2 and all(_whole(v) for v in value)):
                raise Invalid("club_game_invalid")
            return value[0], value[1]

        if not isinstance(data, dict):
            raise Invalid("club_game_invalid")
        match, multiplier = data.get("match"), data.get("multiplier", 1)
        contract = data.get("contract")
        if match not in (None, 0, 1) or isinstance(match, bool) or not _whole(multiplier):
            raise Invalid("club_game_invalid")
        if contract is not None and not (isinstance(contract, str) and 0 < len(contract) <= 20):
            raise Invalid("club_game_invalid")
        extras = pair(data.get("extras", [0, 0]))
        return cls(pair(data.get("tricks")), match, extras, multiplier, contract)


def dealer_seat(number: int, seats: int) -> int:
    """Who deals game `number` (from 1) at a table of `seats`: A1 the first, then round the
    table in the order of play (A1 B1 A2 B2 [A3 B3])."""
    return (number - 1) % seats


def vorhand_seat(number: int, seats: int) -> int:
    """Who leads game `number`: the seat after the dealer. Its side calls trump (or shoves it
    to the partner), so its side is the one a phone offers for the points first."""
    return number % seats


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Scoring:
    """How the evening scores a game: the Match bonus (a new evening's form offers 100,
    event.MATCH_BONUS; 0 here, for an evening stored without one), points or Striche, the
    Passen dropped (0 or 1), a fixed Joker (None: the field's average), and the steps a tie
    goes to (TIE_BREAKS; an evening stored without them has the better Passen)."""

    match_bonus: int = 0
    ranking: Ranking = "points"
    dropped: int = 0
    joker: int | None = None
    tie_break: tuple[str, ...] = TIE_BREAK_DEFAULT


def typed_problem(points: int) -> Code | None:
    """Why trick points typed at a table's phone cannot be: 1, or 156 (the other side would
    have 1). Checked as a game is entered only: games stored before this check, and files
    exported with them, stand as they are."""
    return code("club_points_impossible", points=points) if points in IMPOSSIBLE else None


def game_problems(game: TableGame) -> list[Code]:
    """Why a game's figures cannot stand: trick points that do not add up to 157, a Match
    whose side has less than 157, Weis and Stöck or a multiplier out of range."""
    problems = []
    a, b = game.tricks
    if min(a, b) < 0 or a + b != GAME_POINTS:
        problems.append(code("club_game_sum", points=a + b, expected=GAME_POINTS))
    if game.match is not None and game.tricks[game.match] != GAME_POINTS:
        problems.append(code("club_match_points", points=game.tricks[game.match]))
    if min(game.extras) < 0 or game.multiplier < 1:
        problems.append(code("club_game_extras"))
    elif max(game.extras) > WEIS_MOST:
        problems.append(code("club_weis_range", most=WEIS_MOST))
    return problems


def passe_problems(games: Sequence[TableGame], expected: int) -> list[Code]:
    """Why a table's Passe cannot be handed in: games missing, or a game that does not add up
    (by its number, from 1). The sum of a complete Passe is then games × 157 by construction."""
    problems = []
    if len(games) != expected:
        problems.append(code("club_passe_games", entered=len(games), expected=expected))
    for number, game in enumerate(games, 1):
        problems.extend(
            code("club_passe_game", number=number, problem=p) for p in game_problems(game)
        )
    return problems


def side_scores(game: TableGame, scoring: Scoring) -> tuple[int, int]:
    """What each side writes for a game: points, or Striche (a won game 1, a Match 2)."""
    points = [
        (game.tricks[s] + game.extras[s] + (scoring.match_bonus if game.match == s else 0))
        * game.multiplier
        for s in (0, 1)
    ]
    if scoring.ranking == "points":
        return points[0], points[1]
    striche = [0, 0]
    if points[0] != points[1]:
        winner = 0 if points[0] > points[1] else 1
        striche[winner] = 2 if game.match == winner else 1
    return striche[0], striche[1]


def table_results(
    seats: Sequence[Hashable], games: Iterable[TableGame], scoring: Scoring
) -> dict[Hashable, int]:
    """Each player's result of a Passe at one table: the own side's scores added up.
    Partners sit at even seats (side A) and odd seats (side B)."""
    totals = [0, 0]
    for game in games:
        for side, score in enumerate(side_scores(game, scoring)):
            totals[side] += score
    return {player: totals[seat % 2] for seat, player in enumerate(seats)}


def table_figures(
    seats: Sequence[Hashable], games: Iterable[TableGame], scoring: Scoring
) -> dict[Hashable, tuple[int, int]]:
    """Each player's Matches and points of a Passe at one table, for the ties: the own side's
    Matches, and its points as an evening ranked by points would count them."""
    by_points = replace(scoring, ranking="points")
    matches, points = [0, 0], [0, 0]
    for game in games:
        for side, score in enumerate(side_scores(game, by_points)):
            points[side] += score
        if game.match is not None:
            matches[game.match] += 1
    return {player: (matches[seat % 2], points[seat % 2]) for seat, player in enumerate(seats)}


@dataclass(frozen=True)
class Result:
    """A player's result in one Passe: its value, whether it is a Joker, whether it is struck."""

    value: int
    joker: bool = False
    dropped: bool = False


@dataclass(frozen=True)
class Row:
    """A line of the standings: rank (shared when level), player, total of the counting
    Passen, each Passe's result (None: not played yet), and whether the line is provisional."""

    rank: int
    player: Hashable
    total: int
    passen: tuple[Result | None, ...]
    provisional: bool


def jokers(results: Mapping[Hashable, int], scoring: Scoring) -> int:
    """A sit-out's Joker for a Passe with these results: fixed, or the field's average
    rounded half up (0 when nobody has a result yet)."""
    if scoring.joker is not None:
        return scoring.joker
    if not results:
        return 0
    return (2 * sum(results.values()) + len(results)) // (2 * len(results))


def standings(
    players: Sequence[Hashable],
    passen: int,
    results: Sequence[Mapping[Hashable, int]],
    sat_out: Sequence[Iterable[Hashable]],
    scoring: Scoring,
    *,
    takes_part: Mapping[Hashable, Collection[int]] | None = None,
    figures: Sequence[Mapping[Hashable, tuple[int, int]]] = (),
) -> list[Row]:
    """The standings after the Passen finished so far.

    `results[k]` holds the results of Passe k+1 by player (from table_results of its tables),
    `sat_out[k]` who sat it out (they get the Joker); a player in neither was not there yet
    (added later) and has no result for it. `passen` is how many the evening plays.
    `takes_part` the Passen (from 1) each player plays or sits out, where not all (a player
    who came later or left early); a Passe without them counts as one struck (it gives
    nothing), so their line is final once their own Passen are in. `figures[k]` holds each
    player's Matches and points in Passe k+1 (table_figures), for the ties."""
    lines = []
    for player in players:
        passe_results = _results(player, passen, results, sat_out, scoring)
        own = range(1, passen + 1) if takes_part is None else takes_part.get(player, ())
        complete = all(passe_results[k - 1] is not None for k in own)
        struck = scoring.dropped - (passen - len(own))
        if scoring.dropped and complete and passen > scoring.dropped and struck > 0:
            worst = sorted(
                (i for i, r in enumerate(passe_results) if r is not None),
                key=lambda i: (passe_results[i].value, i),
            )
            for i in worst[:struck]:
                r = passe_results[i]
                passe_results[i] = Result(r.value, r.joker, dropped=True)
        counting = [r.value for r in passe_results if r is not None and not r.dropped]
        played = [
            figures[k].get(player, (0, 0))
            for k, r in enumerate(passe_results)
            if r is not None and not r.dropped and not r.joker and k < len(figures)
        ]
        key = (sum(counting), _tie_key(scoring.tie_break, counting, played))
        provisional = bool(scoring.dropped) and not complete
        lines.append((key, player, tuple(passe_results), provisional))
    return [
        Row(rank, player, key[0], passe_results, provisional)
        for rank, (key, player, passe_results, provisional) in ranked(lines)
    ]


def _tie_key(chain: Sequence[str], counting: list[int], played: list[tuple[int, int]]) -> tuple:
    """What decides between players of the same total, step by step: the counting Passen,
    best first; the Matches; the points."""
    steps = {
        "passen": lambda: tuple(sorted(counting, reverse=True)),
        "matches": lambda: sum(m for m, _ in played),
        "points": lambda: sum(p for _, p in played),
    }
    return tuple(steps[step]() for step in chain)


def _results(
    player: Hashable,
    passen: int,
    results: Sequence[Mapping[Hashable, int]],
    sat_out: Sequence[Iterable[Hashable]],
    scoring: Scoring,
) -> list[Result | None]:
    """A player's result in each of the evening's Passen: played, a Joker, or None."""
    found: list[Result | None] = []
    for k, played in enumerate(results):
        sitting_out = set(sat_out[k]) if k < len(sat_out) else set()
        if player in played:
            found.append(Result(played[player]))
        elif player in sitting_out:
            found.append(Result(jokers(played, scoring), joker=True))
        else:
            found.append(None)
    return found + [None] * (passen - len(found))


def ranked(lines: list[tuple]) -> list[tuple[int, tuple]]:
    """Lines whose first item is their sort key (total, best, second best, ...), best first,
    each with its rank: level lines share the rank of the first of them (1, 2, 2, 4) and keep
    the order they came in."""
    ordered = sorted(lines, key=lambda line: line[0], reverse=True)
    out, rank = [], 0
    for place, line in enumerate(ordered, 1):
        if place == 1 or line[0] != ordered[place - 2][0]:
            rank = place
        out.append((rank, line))
    return out
