"""The standings of an evening from its games as they stand: each drawn Passe's tables that are
done (handed in, confirmed, or disputed: a disputed table counts, flagged, until the leader
reopens it), the Joker for whoever sat the Passe out, and how far each Passe is.

Pure: the tables come in as plain objects with `passe`, `number`, `seats`, `games` and `state`
(the storage's StoredTable is one); nothing here reads a database.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from scorer.club.event import Event, Player
from scorer.club.plan import Plan
from scorer.club.standings import Row, TableGame, standings, table_figures, table_results

DONE = ("handed_in", "confirmed", "disputed")


class Table(Protocol):
    passe: int
    number: int
    seats: tuple[int, ...]
    games: tuple[TableGame, ...]
    state: str


@dataclass(frozen=True)
class Progress:
    """How far a Passe is: its tables done of all (their games count in the standings), and
    the disputed ones among them (their numbers)."""

    passe: int
    done: int
    tables: int
    disputed: tuple[int, ...]

    @property
    def finished(self) -> int:
        """The tables finished: handed in or confirmed. A disputed table counts in the
        standings, flagged, but is not finished: its result is open until the leader
        reopens it and it is handed in again."""
        return self.done - len(self.disputed)

    @property
    def complete(self) -> bool:
        """Every table finished, none disputed."""
        return self.tables > 0 and self.finished == self.tables


def open_disputes(progress: Iterable[Progress]) -> list[tuple[int, int]]:
    """The tables (Passe, table number) with an objection the leader has not settled: the
    next Passe is not drawn over them, as a result still open cannot be left behind."""
    return [(p.passe, number) for p in progress for number in p.disputed]


def passe_results(
    event: Event, plans: Sequence[Plan], tables: Iterable[Table]
) -> tuple[list[dict[Hashable, int]], list[tuple[Hashable, ...]]]:
    """Each drawn Passe's results by player (its tables that are done) and who sat it out.
    A sit-out's Joker counts once the first table of the Passe is done: before, there is no
    field to take an average of."""
    results: list[dict[Hashable, int]] = [{} for _ in plans]
    for table in tables:
        if table.state in DONE and 1 <= table.passe <= len(plans):
            found = table_results(table.seats, table.games, event.scoring)
            results[table.passe - 1].update(found)
    sat_out = [plan.sit_out if results[k] else () for k, plan in enumerate(plans)]
    return results, sat_out


def event_standings(
    event: Event, players: Sequence[Player], plans: Sequence[Plan], tables: Iterable[Table]
) -> list[Row]:
    """The evening's standings, by player number, from the games of the tables done."""
    tables = list(tables)
    results, sat_out = passe_results(event, plans, tables)
    numbers = [p.number for p in players]
    return standings(
        numbers, event.passen, results, sat_out, event.scoring,
        takes_part=taking_part(players, plans, event.passen),
        figures=passe_figures(event, plans, tables),
    )  # fmt: skip


def passe_figures(
    event: Event, plans: Sequence[Plan], tables: Iterable[Table]
) -> list[dict[Hashable, tuple[int, int]]]:
    """Each drawn Passe's Matches and points by player (its tables that are done), for the
    ties."""
    figures: list[dict[Hashable, tuple[int, int]]] = [{} for _ in plans]
    for table in tables:
        if table.state in DONE and 1 <= table.passe <= len(plans):
            figures[table.passe - 1].update(table_figures(table.seats, table.games, event.scoring))
    return figures


def taking_part(players: Sequence[Player], plans: Sequence[Plan], passen: int) -> dict:
    """The Passen (from 1) each player plays or sits out: a drawn Passe's seat plan says it, a
    Passe not drawn yet the player's coming and going."""
    seated = [{p for table in plan.tables for p in table} | set(plan.sit_out) for plan in plans]
    return {
        player.number: {
            k
            for k in range(1, passen + 1)
            if (player.number in seated[k - 1] if k <= len(seated) else player.plays(k))
        }
        for player in players
    }


def progress(plans: Sequence[Plan], tables: Iterable[Table]) -> list[Progress]:
    """Each drawn Passe's tables done of all, and which are disputed."""
    by_passe: dict[int, list[Table]] = {}
    for table in tables:
        by_passe.setdefault(table.passe, []).append(table)
    out = []
    for passe in range(1, len(plans) + 1):
        found = by_passe.get(passe, [])
        out.append(
            Progress(
                passe,
                sum(t.state in DONE for t in found),
                len(found),
                tuple(t.number for t in found if t.state == "disputed"),
            )
        )
    return out
