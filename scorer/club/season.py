"""A season: several evenings add up to one table.

Each evening gives a player its total, or Formula-1 points by its rank (25, 18, 15, 12, 10, 8,
6, 4, 2, 1; players sharing a rank get that rank's points; a place beyond the 10th gets what
the season sets, 0 or, as some club rules have it, 1 for every player who played). The final
may count double. A player's season is the sum of its best k evenings (all, when k is None);
ties go to the better best evening, then the second best; players still level share their
rank.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from scorer.club.standings import Row, ranked

F1 = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)


@dataclass(frozen=True)
class SeasonRules:
    best: int | None = None  # count the best k evenings; None: all
    final_double: bool = False  # the last evening is the final and counts twice
    f1_points: bool = False
    beyond_f1: int = 0  # Formula-1 points of a place beyond the 10th (a player who played)


@dataclass(frozen=True)
class SeasonRow:
    rank: int
    player: Hashable
    total: int
    evenings: tuple[int | None, ...]  # what each evening gives (None: not there)
    counted: tuple[bool, ...]  # which of them count


def evening_value(row: Row, rules: SeasonRules) -> int:
    if rules.f1_points:
        if row.rank <= len(F1):
            return F1[row.rank - 1]
        return rules.beyond_f1 if any(r is not None for r in row.passen) else 0
    return row.total


def season(evenings: Sequence[Sequence[Row]], rules: SeasonRules) -> list[SeasonRow]:
    """The season table from each evening's standings, in the order they were played."""
    players: list[Hashable] = []
    for rows in evenings:
        players.extend(r.player for r in rows if r.player not in players)
    lines = []
    for player in players:
        values: list[int | None] = []
        for number, rows in enumerate(evenings, 1):
            row = next((r for r in rows if r.player == player), None)
            value = None if row is None else evening_value(row, rules)
            if value is not None and rules.final_double and number == len(evenings):
                value *= 2
            values.append(value)
        present = sorted(
            (i for i, v in enumerate(values) if v is not None), key=lambda i: -values[i]
        )
        kept = set(present if rules.best is None else present[: rules.best])
        counting = sorted((values[i] for i in kept), reverse=True)
        key = (sum(counting), *counting)
        lines.append((key, player, tuple(values), tuple(i in kept for i in range(len(values)))))
    return [
        SeasonRow(rank, player, key[0], values, counted)
        for rank, (key, player, values, counted) in ranked(lines)
    ]
