"""The fairness sheet: for each player, how often they partnered and faced each other player,
read from seat plans as they stand (partners: the same side of a table, seats of one parity;
opponents: the other side of the same table), and how many Passen they played and sat out.

An evening's sheet reads its own plans; a season's reads the plans of all its evenings, the
players named alike across them (the web layer renames them, as the season table does).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorer.club.plan import Plan, Player


@dataclass(frozen=True)
class Met:
    """How often one player met another: as partner, as opponent."""

    partners: int = 0
    opponents: int = 0

    @property
    def mates(self) -> int:
        """At one table, either way."""
        return self.partners + self.opponents


@dataclass(frozen=True)
class Sheet:
    """Each player's meetings with every other. `players` in the order given (or first seen),
    `met[(a, b)]` the meetings of a with b for every pair that met (symmetric), `played` and
    `sat_out` the Passen seated and sat out per player."""

    players: tuple[Player, ...]
    met: dict[tuple[Player, Player], Met]
    played: dict[Player, int]
    sat_out: dict[Player, int]

    def of(self, player: Player, other: Player) -> Met:
        return self.met.get((player, other), Met())

    def lines(self, player: Player) -> list[tuple[Player, Met]]:
        """The players this one met, most often first (partners before opponents), then in
        the sheet's order."""
        order = {p: i for i, p in enumerate(self.players)}
        met = [(o, self.of(player, o)) for o in self.players if o != player]
        met = [(o, m) for o, m in met if m.mates]
        return sorted(met, key=lambda line: (-line[1].mates, -line[1].partners, order[line[0]]))

    def never(self, player: Player) -> list[Player]:
        """The players this one never sat at a table with (played at least one Passe)."""
        return [
            o
            for o in self.players
            if o != player and self.played.get(o) and not self.of(player, o).mates
        ]

    def rows(self) -> list[tuple[Player, Player, Met]]:
        """Every ordered pair of players, in the sheet's order: the whole matrix as a list."""
        return [(a, b, self.of(a, b)) for a in self.players for b in self.players if a != b]


def sheet(plans: Iterable[Plan], players: Sequence[Player] = ()) -> Sheet:
    """The fairness sheet of these plans. `players` fixes the order (and adds players never
    seated); players found only in the plans follow in the order first seen."""
    order = list(dict.fromkeys(players))
    counts: dict[tuple[Player, Player], list[int]] = {}
    played: dict[Player, int] = {}
    sat_out: dict[Player, int] = {}

    def seen(player: Player) -> None:
        if player not in played:
            played[player] = sat_out[player] = 0
            if player not in order:
                order.append(player)

    for p in order:
        seen(p)
    for plan in plans:
        for table in plan.tables:
            for i, a in enumerate(table):
                seen(a)
                played[a] += 1
                for j, b in enumerate(table):
                    if i != j:
                        counts.setdefault((a, b), [0, 0])[(i - j) % 2] += 1
        for player in plan.sit_out:
            seen(player)
            sat_out[player] += 1
    return Sheet(
        players=tuple(order),
        met={pair: Met(*n) for pair, n in counts.items()},
        played=played,
        sat_out=sat_out,
    )
