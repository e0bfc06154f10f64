"""Claims ("sich bedanken"): a team says it has won, in the middle of a hand; who really has.

RULES.md, "Claims": play stops, Stöck may still be announced, and the claiming team's tricks are
counted. After the first trick the claiming team wins if it is then at or over the target, even if
the other team is too, and otherwise loses. While the first trick is still on the table, both
teams' points go on in the house order (Stöck, Weis, Stich by default; the first trick's points to
the team that took it, with no last-trick bonus) and the team that gets there first wins,
whichever claimed; if neither does, the claiming team loses.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.cards import fields, flag, whole
from scorer.codes import Code, code

HOUSE_ORDER = ("stoeck", "weis", "stich")

# The most a single trick can hold, by players at the table: with trumps Puur (20), Näll (14)
# and Aces (11) (four players: 56; six: also the two other Aces, 78); without trumps four Aces
# (44), and with six players two 10s more (64).
TRICK_MAX = {(4, True): 56, (4, False): 44, (6, True): 78, (6, False): 64}


@dataclass(frozen=True)
class Claim:
    """Who claimed, and what the table counted when play stopped."""

    team: int
    first_trick: bool = False  # the first trick was still on the table
    points: int = 0  # after the first trick: the claiming team's trick points so far
    other_points: int = 0  # and the other team's: they count too, for Schneider (002)
    trick_team: int | None = None  # in the first trick: who took it
    trick_points: int = 0  # in the first trick: its card points

    @property
    def tricks(self) -> tuple[int, int]:
        """The trick points that count, per team, before the multiplier."""
        if self.first_trick:
            if self.trick_team is None:
                return (0, 0)
            return (self.trick_points, 0) if self.trick_team == 0 else (0, self.trick_points)
        own, other = self.points, self.other_points
        return (own, other) if self.team == 0 else (other, own)

    def problems(self, has_trump: bool, players: int = 4) -> dict[str, Code]:
        """What cannot be true of this claim, by field."""
        errors = {}
        if self.team not in (0, 1):
            errors["claim_team"] = code("claim_team")
        if self.first_trick:
            most = TRICK_MAX[(6 if players == 6 else 4, has_trump)]
            if self.trick_team not in (0, 1):
                errors["trick_team"] = code("claim_trick_team")
            if not 0 <= self.trick_points <= most:
                errors["trick_points"] = code("claim_trick_points", most=most)
            elif self.trick_points == 1:
                errors["trick_points"] = code("claim_one_point")
        elif not 0 <= self.points <= 157:
            errors["claim_points"] = code("claim_points", most=157)
        elif self.points == 1:
            errors["claim_points"] = code("claim_one_point")
        elif not 0 <= self.other_points <= 157 - self.points or self.other_points == 1:
            errors["other_points"] = code("claim_other_points", most=157 - self.points)
        return errors

    def to_dict(self) -> dict:
        """Plain data for storage and export."""
        return {
            "team": self.team,
            "first_trick": self.first_trick,
            "points": self.points,
            "other_points": self.other_points,
            "trick_team": self.trick_team,
            "trick_points": self.trick_points,
        }


@dataclass(frozen=True)
class Outcome:
    """Who won by the claim, at which step, the totals then, and the ruling in lines."""

    winner: int
    step: str  # the step at which the winner got there, or "claim" when the claim failed
    at: tuple[int, int]
    lines: tuple[Code, ...]  # team values name a team


def rule_claim(
    claim: Claim,
    start: tuple[int, int],
    steps: list[tuple[str, tuple[int, int]]],
    target: int,
    order: tuple[str, ...] = HOUSE_ORDER,
    multiplier: int = 1,
) -> Outcome:
    """Rule on a claim from the totals before the hand and the hand's steps in house order
    (their points multiplied by the contract's `multiplier`, which each line names)."""
    claimer, other = claim.team, 1 - claim.team
    m = multiplier
    totals = start
    if claim.first_trick:
        lines = [code("claim_first_trick", claimer_team=claimer, order=order)]
        for kind, points in steps:
            team = 0 if points[0] else 1
            before = totals[team]
            totals = (totals[0] + points[0], totals[1] + points[1])
            line = {
                "step": kind,
                "team": team,
                "before": before,
                "raw": points[team] // m,
                "times": m,
            }
            if totals[team] >= target:
                lines.append(code("claim_step_wins", **line, total=totals[team]))
                return Outcome(team, kind, totals, tuple(lines))
            lines.append(code("claim_step", **line, total=totals[team]))
        lines.append(code("claim_nobody", target=target, claimer_team=claimer, other_team=other))
        return Outcome(other, "claim", totals, tuple(lines))
    lines = [code("claim_own", claimer_team=claimer)]
    reached = None
    for kind, points in steps:
        if not points[claimer]:
            totals = (totals[0] + points[0], totals[1] + points[1])
            continue
        before = totals[claimer]
        totals = (totals[0] + points[0], totals[1] + points[1])
        lines.append(
            code(
                "claim_own_step",
                step=kind,
                before=before,
                raw=points[claimer] // m,
                times=m,
                total=totals[claimer],
            )
        )
        if reached is None and totals[claimer] >= target:
            reached = (kind, totals)
    if reached:
        lines.append(
            code("claim_reached", total=totals[claimer], target=target, claimer_team=claimer)
        )
        return Outcome(claimer, reached[0], reached[1], tuple(lines))
    lines.append(code("claim_short", total=totals[claimer], target=target, other_team=other))
    return Outcome(other, "claim", totals, tuple(lines))


def claim_from_dict(data: dict | None) -> Claim | None:
    """A claim read back from to_dict(), or None; raises ValueError for values of the wrong
    kind."""
    if data is None:
        return None
    data = fields(data, "claim")
    return Claim(
        team=whole(data.get("team"), "claim.team"),
        first_trick=flag(data.get("first_trick", False), "claim.first_trick"),
        points=whole(data.get("points", 0), "claim.points"),
        other_points=whole(data.get("other_points", 0), "claim.other_points"),
        trick_team=whole(data.get("trick_team"), "claim.trick_team", optional=True),
        trick_points=whole(data.get("trick_points", 0), "claim.trick_points"),
    )
