"""The tables of a club evening as kept: one row per table of each drawn Passe (its seats, its
phone's key, where it stands) and one row per game. Every write names the table's version the
phone saw: a stale write is refused (Stale), never last-write-wins; every change is kept in
the evening's record with what stood before and after.

Where a table stands: "playing" (games are entered and changed), "handed_in" (the writer
handed the Passe in: the games add up), "confirmed" (the other side agreed), "disputed" (the
other side objected, with a reason). Only the leader reopens a Passe handed in, with a reason.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlite_utils import Database

from scorer.club.plan import Plan
from scorer.club.standings import TableGame, passe_problems
from scorer.codes import Code, code
from scorer.storage.club_log import Stale, change
from scorer.storage.games import now, writing
from scorer.storage.links import KEY, new_key

STATES = ("playing", "handed_in", "confirmed", "disputed")
# The reason of an edit that put this phone's game in place of the one another phone wrote
# first ("Meine statt ihrer"): the record words it in the leader's language.
INSTEAD = "instead"


@dataclass(frozen=True)
class StoredTable:
    event_id: int
    passe: int
    number: int  # the table's number in its Passe, from 1
    seats: tuple[int, ...]  # player numbers: A1 B1 A2 B2 (A3 B3)
    key: str
    state: str
    reason: str | None
    version: int
    games: tuple[TableGame, ...]

    @property
    def done(self) -> bool:
        """Handed in (confirmed or disputed too): its games count in the standings."""
        return self.state != "playing"


class Refused(Exception):
    """A write the table's state does not allow (a game after the Passe was handed in), or a
    Passe handed in that does not add up; with the engine's codes."""

    def __init__(self, *problems: Code):
        super().__init__(problems)
        self.problems = problems


@dataclass(frozen=True)
class RedrawnTable:
    """A table of a Passe that was drawn anew since: its old key opens nothing any more."""

    event_id: int
    passe: int
    number: int  # the table's number in the draw it belonged to
    seats: tuple[int, ...]


def open_tables(db: Database, event_id: int, passe: int, plan: Plan) -> None:
    """The tables of a Passe just drawn (inside the draw's write transaction): those of an
    earlier attempt go, if no game was entered at them yet; Refused otherwise. Each that goes
    is kept by its key (`redrawn`): its phone is told the Passe was drawn anew."""
    entered = db.execute(
        "SELECT count(*) FROM event_games WHERE event_id = ? AND passe = ?", [event_id, passe]
    ).fetchone()[0]
    if entered:
        raise Refused()
    earlier = db.execute(
        "SELECT key, table_no, seats FROM event_tables WHERE event_id = ? AND passe = ?",
        [event_id, passe],
    ).fetchall()
    if earlier:
        at = now()
        db.conn.executemany(
            "INSERT INTO event_tables_redrawn (key, event_id, passe, table_no, seats, at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(key, event_id, passe, number, seats, at) for key, number, seats in earlier],
        )
    db.execute("DELETE FROM event_tables WHERE event_id = ? AND passe = ?", [event_id, passe])
    db.conn.executemany(
        "INSERT INTO event_tables (event_id, passe, table_no, seats, key) VALUES (?, ?, ?, ?, ?)",
        [
            (event_id, passe, number, json.dumps(list(seats)), new_key())
            for number, seats in enumerate(plan.tables, 1)
        ],
    )


def find(db: Database, key: str) -> tuple[int, int, int] | None:
    """The table a phone's key opens: (event, Passe, table number), or None."""
    if not KEY.fullmatch(key or ""):
        return None
    row = db.execute(
        "SELECT event_id, passe, table_no FROM event_tables WHERE key = ?", [key]
    ).fetchone()
    return (row[0], row[1], row[2]) if row else None


def redrawn(db: Database, key: str) -> RedrawnTable | None:
    """The table a key opened before its Passe was drawn anew, or None (a key never given
    out, or one redrawn before such keys were kept)."""
    if not KEY.fullmatch(key or ""):
        return None
    row = db.execute(
        "SELECT event_id, passe, table_no, seats FROM event_tables_redrawn WHERE key = ?", [key]
    ).fetchone()
    return RedrawnTable(row[0], row[1], row[2], tuple(json.loads(row[3]))) if row else None


def load(db: Database, event_id: int, passe: int, number: int) -> StoredTable | None:
    """A table of a Passe, or None (also for numbers no SQLite integer can hold)."""
    if not (0 < passe < 2**63 and 0 < number < 2**63):
        return None
    found = tables(db, event_id, passe=passe, number=number)
    return found[0] if found else None


def tables(db: Database, event_id: int, *, passe=None, number=None) -> list[StoredTable]:
    """The evening's tables (of one Passe, or one table) with their games, in order."""
    where, args = "event_id = ?", [event_id]
    if passe is not None:
        where, args = where + " AND passe = ?", [*args, passe]
    if number is not None:
        where, args = where + " AND table_no = ?", [*args, number]
    games: dict[tuple[int, int], list[TableGame]] = {}
    for p, t, data in db.execute(
        f"SELECT passe, table_no, data FROM event_games WHERE {where} ORDER BY number", args
    ):
        games.setdefault((p, t), []).append(TableGame.from_dict(json.loads(data)))
    return [
        StoredTable(
            event_id,
            p,
            t,
            tuple(json.loads(seats)),
            key,
            state,
            reason,
            version,
            tuple(games.get((p, t), ())),
        )  # fmt: skip
        for p, t, seats, key, state, reason, version in db.execute(
            "SELECT passe, table_no, seats, key, state, reason, version FROM event_tables"
            f" WHERE {where} ORDER BY passe, table_no",
            args,
        )
    ]


def enter(
    db: Database,
    table: StoredTable,
    version: int,
    number: int,
    game: TableGame,
    *,
    phone: str,
    token: str | None = None,
    reason: str | None = None,
) -> StoredTable:
    """Enter game `number` (the next one) or change an earlier one, with the reason the
    record keeps (INSTEAD: this phone's game in place of another phone's). A token already
    used changes nothing: a form sent twice lands once."""
    with writing(db):
        if _used(db, table.event_id, token):
            return load(db, table.event_id, table.passe, table.number)
        current = _current(db, table, version)
        if current.state != "playing":
            raise Refused()
        if not 1 <= number <= len(current.games) + 1:  # no gap in a Passe's games
            raise Refused(code("club_game_number", number=number, entered=len(current.games)))
        before = current.games[number - 1].to_dict() if number <= len(current.games) else None
        db.execute(
            "INSERT INTO event_games (event_id, passe, table_no, number, data)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (event_id, passe, table_no, number)"
            " DO UPDATE SET data = excluded.data",
            [table.event_id, table.passe, table.number, number, json.dumps(game.to_dict())],
        )
        kind = "edit" if before else "enter"
        _log(db, table, phone, kind, number, before, game.to_dict(), reason=reason)
        return load(db, table.event_id, table.passe, table.number)


def delete_last(db: Database, table: StoredTable, version: int, *, phone: str) -> StoredTable:
    """Take the last game back (a game typed by mistake)."""
    with writing(db):
        current = _current(db, table, version)
        if current.state != "playing" or not current.games:
            raise Refused()
        number = len(current.games)
        db.execute(
            "DELETE FROM event_games WHERE event_id = ? AND passe = ? AND table_no = ?"
            " AND number = ?",
            [table.event_id, table.passe, table.number, number],
        )
        _log(db, table, phone, "delete", number, current.games[-1].to_dict(), None)
        return load(db, table.event_id, table.passe, table.number)


def move(
    db: Database,
    table: StoredTable,
    version: int,
    state: str,
    *,
    phone: str,
    reason: str | None = None,
    games_expected: int | None = None,
) -> StoredTable:
    """The table's Passe handed in (its games must add up: `games_expected`), confirmed,
    disputed with a reason, or reopened by the leader with a reason."""
    allowed = {
        "handed_in": ("playing",),
        "confirmed": ("handed_in",),
        "disputed": ("handed_in",),
        "playing": ("handed_in", "confirmed", "disputed"),
    }
    with writing(db):
        current = _current(db, table, version)
        if current.state not in allowed[state]:
            raise Refused()
        if state == "handed_in":
            problems = passe_problems(current.games, games_expected or 0)
            if problems:
                raise Refused(*problems)
        db.execute(
            "UPDATE event_tables SET state = ?, reason = ?"
            " WHERE event_id = ? AND passe = ? AND table_no = ?",
            [state, reason, table.event_id, table.passe, table.number],
        )
        kind = {"playing": "reopen", "handed_in": "hand_in"}.get(state, state)
        _log(db, table, phone, kind, None, current.state, state, reason=reason)
        return load(db, table.event_id, table.passe, table.number)


def _current(db: Database, table: StoredTable, version: int) -> StoredTable:
    """The table as it stands, its version moved on; Stale when it moved since the phone saw it,
    or when the Passe was drawn again meanwhile (its tables are new, under new keys, and their
    versions start at 0 again)."""
    moved = db.execute(
        "UPDATE event_tables SET version = version + 1"
        " WHERE event_id = ? AND passe = ? AND table_no = ? AND version = ? AND key = ?",
        [table.event_id, table.passe, table.number, version, table.key],
    ).rowcount
    if not moved:
        raise Stale()
    return load(db, table.event_id, table.passe, table.number)


def _used(db: Database, event_id: int, token: str | None) -> bool:
    if not token:
        return False
    if db.execute("SELECT 1 FROM event_tokens WHERE token = ?", [token]).fetchone():
        return True
    db.execute(
        "INSERT INTO event_tokens (token, event_id, at) VALUES (?, ?, ?)", [token, event_id, now()]
    )
    return False


def _log(db, table, phone, kind, number, before, after, *, reason=None) -> None:
    change(
        db, table.event_id, phone, kind, passe=table.passe, before=before, after=after,
        reason=reason, table_no=table.number, number=number,
    )  # fmt: skip
