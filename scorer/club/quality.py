"""What a seat plan repeats of the Passen before it, as numbers and pairs, never as words.

The screen after a draw says it honestly (the web layer words these figures): per Passe the
pairs that were partners before and are again, the pairs at one table again, and of those the
ones meeting there for the third time or more; over the Passen so far the same as repeats (a
pair at one table m times repeats m - 1 times, m - 2 of them a third or later meeting) beside
the fewest any draw could have (`scorer.club.bounds`). A pair repeated as partners is counted
among the table-mates too: they sit at one table again.

At a Partnerschieber (fixed pairs) partners are partners by design: what repeats there is a
pairing, two pairs at one table again (`units` turns the plans into plans of pairs).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorer.club.bounds import Least, fields, least
from scorer.club.plan import Pair, Plan, Player, mate_pairs, pairs_of, partner_pairs


@dataclass(frozen=True)
class Quality:
    """The pairs of a plan that met before: as partners, and at one table (partners or
    opponents), and those at one table for the third time or more; each pair in seat order,
    listed table by table."""

    partners: tuple[tuple[Player, Player], ...]
    mates: tuple[tuple[Player, Player], ...]
    apart: tuple[tuple[Player, Player], ...] = ()
    thirds: tuple[tuple[Player, Player], ...] = ()

    def to_dict(self) -> dict:
        """The figures and the pairs as plain data (the draw command's JSON)."""
        return {
            "partners_repeated": len(self.partners),
            "mates_repeated": len(self.mates),
            "thirds_repeated": len(self.thirds),
            "partner_pairs": [list(pair) for pair in self.partners],
            "mate_pairs": [list(pair) for pair in self.mates],
            "third_pairs": [list(pair) for pair in self.thirds],
        }


def quality(
    plan: Plan, history: Sequence[Plan], keep_apart: Iterable[tuple[Player, Player]] = ()
) -> Quality:
    """The repeats in a plan: pairs that were partners before and are partners again, pairs
    that sat at one table before and do again (of them those that did twice or more), and
    keep-apart pairs at one table (none, from the draw)."""
    mates, partners = pairs_of(history)
    apart = {Pair(pair) for pair in keep_apart}
    return Quality(
        partners=_found(plan, partner_pairs, partners),
        mates=_found(plan, mate_pairs, mates),
        apart=_found(plan, mate_pairs, apart),
        thirds=_found(plan, mate_pairs, {pair for pair, n in mates.items() if n >= 2}),
    )


@dataclass(frozen=True)
class SoFar:
    """The repeats of the Passen so far together, and the fewest possible (`least`): `shown`
    the fewest that fits what the Passen did (without a third meeting while they have none),
    `fewer` the fewest with third meetings where that is below `shown` (else None)."""

    repeats: int
    thirds: int
    partners: int
    least: Least

    @property
    def shown(self) -> int:
        clean = self.thirds == 0 and self.least.thirds == 0
        return self.least.clean if clean else self.least.repeats

    @property
    def fewer(self) -> int | None:
        return self.least.repeats if self.least.repeats < self.shown else None

    def to_dict(self) -> dict:
        """The figures as plain data (the draw command's JSON)."""
        return {
            "repeats": self.repeats,
            "thirds": self.thirds,
            "partners": self.partners,
            "least": self.shown,
            "least_with_thirds": self.least.repeats,
            "least_thirds": self.least.thirds,
        }


def so_far(plans: Sequence[Plan]) -> SoFar:
    """What the Passen repeat together: every meeting of a pair after its first, at one table
    and as partners, and the third (or later) meetings at one table; with their bounds."""
    mates, partners = pairs_of(plans)
    return SoFar(
        repeats=sum(n - 1 for n in mates.values()),
        thirds=sum(max(0, n - 2) for n in mates.values()),
        partners=sum(n - 1 for n in partners.values()),
        least=least(fields(plans)),
    )


def units(plans: Iterable[Plan]) -> list[Plan]:
    """Plans of fixed pairs as plans of pairs: each table two units (the partners of each
    side), so that a pairing met again is a pair of units at one table again."""
    return [
        Plan(
            tuple(tuple(frozenset(table[side::2]) for side in (0, 1)) for table in plan.tables),
            (),
        )
        for plan in plans
    ]


def _found(plan: Plan, pairs_at, among) -> tuple[tuple[Player, Player], ...]:
    """The pairs a plan's tables make (by `pairs_at`) that are among the given ones, in seat
    order."""
    found = []
    for table in plan.tables:
        seat = {player: number for number, player in enumerate(table)}
        for pair in pairs_at(table):
            if pair in among:
                found.append(tuple(sorted(pair, key=seat.__getitem__)))
    return tuple(found)
