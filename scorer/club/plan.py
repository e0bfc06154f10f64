"""A seat plan: one Passe's tables and who sits out, and the pairs a table makes.

A table of four is [A1, B1, A2, B2]: partners face each other, at seats 0 and 2 and at seats 1
and 3. A table of six (six-player Schieber, 3 against 3) is [A1, B1, A2, B2, A3, B3]: partners
at seats 0, 2, 4 and at seats 1, 3, 5. Seats of the same parity are partners.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

Player = Hashable
Pair = frozenset


@dataclass(frozen=True)
class Plan:
    """One Passe's seat plan: its tables (each a tuple of seats), the players sitting it out,
    and the seed and attempt it was drawn with (a redraw is attempt + 1)."""

    tables: tuple[tuple[Player, ...], ...]
    sit_out: tuple[Player, ...] = ()
    seed: str = ""
    attempt: int = 0

    def seated(self) -> Iterator[Player]:
        """Every player at a table, table by table, seat by seat."""
        for table in self.tables:
            yield from table

    def to_dict(self) -> dict:
        """The plan as plain data (the draw command's JSON)."""
        return {
            "tables": [list(table) for table in self.tables],
            "sit_out": list(self.sit_out),
            "seed": self.seed,
            "attempt": self.attempt,
        }


def partner_pairs(table: Sequence[Player]) -> Iterator[Pair]:
    """The pairs of partners at a table: seats of the same parity."""
    for a, b in combinations(range(len(table)), 2):
        if (a - b) % 2 == 0:
            yield Pair((table[a], table[b]))


def mate_pairs(table: Sequence[Player]) -> Iterator[Pair]:
    """Every pair at a table: partners and opponents, the table-mates."""
    for a, b in combinations(table, 2):
        yield Pair((a, b))


def table_sizes(seated: int) -> tuple[int, ...]:
    """The tables for so many seated players (a multiple of 4, or 2 more): one table of six
    first where the remainder is 2, then tables of four."""
    if seated % 4 == 2:
        return (6,) + (4,) * ((seated - 6) // 4)
    return (4,) * (seated // 4)


def sitting_out(count: int) -> int:
    """How many of so many players sit a Passe out: none where the remainder by 4 is 0 or 2
    (a table of six takes the 2), otherwise the remainder (1 or 3)."""
    return count % 4 if count % 4 in (1, 3) else 0


def pairs_of(plans: Iterable[Plan]) -> tuple[dict[Pair, int], dict[Pair, int]]:
    """How often each pair sat at one table, and how often as partners, over the plans."""
    mates: dict[Pair, int] = {}
    partners: dict[Pair, int] = {}
    for plan in plans:
        for table in plan.tables:
            for pair in mate_pairs(table):
                mates[pair] = mates.get(pair, 0) + 1
            for pair in partner_pairs(table):
                partners[pair] = partners.get(pair, 0) + 1
    return mates, partners
