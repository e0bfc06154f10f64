"""What a seat plan repeats of the Passen before it, as numbers and pairs, never as words.

The screen after a draw says it honestly ("0 Partner wiederholt, 2 Paare wieder am selben
Tisch"): the web layer words these figures. A pair repeated as partners is counted among the
table-mates too: they sit at one table again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorer.club.plan import Pair, Plan, Player, mate_pairs, pairs_of, partner_pairs


@dataclass(frozen=True)
class Quality:
    """The pairs of a plan that met before: as partners, and at one table (partners or
    opponents); each pair in seat order, listed table by table."""

    partners: tuple[tuple[Player, Player], ...]
    mates: tuple[tuple[Player, Player], ...]
    apart: tuple[tuple[Player, Player], ...] = ()

    def to_dict(self) -> dict:
        """The figures and the pairs as plain data (the draw command's JSON)."""
        return {
            "partners_repeated": len(self.partners),
            "mates_repeated": len(self.mates),
            "partner_pairs": [list(pair) for pair in self.partners],
            "mate_pairs": [list(pair) for pair in self.mates],
        }


def quality(
    plan: Plan, history: Sequence[Plan], keep_apart: Iterable[tuple[Player, Player]] = ()
) -> Quality:
    """The repeats in a plan: pairs that were partners before and are partners again, pairs
    that sat at one table before and do again, and keep-apart pairs at one table (none, from
    the draw)."""
    mates, partners = pairs_of(history)
    apart = {Pair(pair) for pair in keep_apart}
    return Quality(
        partners=_found(plan, partner_pairs, partners),
        mates=_found(plan, mate_pairs, mates),
        apart=_found(plan, mate_pairs, apart),
    )


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
