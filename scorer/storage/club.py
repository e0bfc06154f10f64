"""Club evenings as kept: the set-up, the players by number, every draw of every Passe (a
redraw is the next attempt, with its reason; none is ever overwritten) and the record of
changes. Everything shown is computed from these rows; nothing is counted twice."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from scorer.club.event import Event, Player
from scorer.club.exchange import Draw
from scorer.club.plan import Plan
from scorer.storage.club_log import Stale, change
from scorer.storage.club_tables import open_tables
from scorer.storage.games import now, writing
from scorer.storage.links import KEY, new_key


@dataclass(frozen=True)
class StoredEvent:
    id: int
    created: str
    event: Event
    seed: str
    leader_key: str
    screen_key: str
    version: int
    players: tuple[Player, ...]
    draws: tuple[Draw, ...]  # every draw, in the order they were made

    @property
    def plans(self) -> tuple[Plan, ...]:
        """The standing plan of each Passe drawn so far (its latest attempt), in order."""
        latest: dict[int, Plan] = {}
        for d in self.draws:
            latest[d.passe] = d.plan
        return tuple(latest[p] for p in sorted(latest))

    def playing(self, passe: int) -> list[int]:
        """The numbers of the players who play that Passe."""
        return [p.number for p in self.players if p.plays(passe)]


class Disputed(Exception):
    """A new Passe drawn while a table has an objection the leader has not settled."""


def create(db: Database, event: Event, names: list[str], *, phone: str, token: str | None):
    """Store a new evening with its players; its id and leader's key. A token already used
    returns the evening it made: a form sent twice makes one evening."""
    with writing(db):
        made = made_by(db, token)
        if made:
            return made
        event_id, leader = insert_event(db, event, new_key(), token)
        db.conn.executemany(
            "INSERT INTO event_players (event_id, number, name) VALUES (?, ?, ?)",
            [(event_id, number, name) for number, name in enumerate(names)],
        )
        change(db, event_id, phone, "create", after=event.to_dict())
    return event_id, leader


def made_by(db: Database, token: str | None) -> tuple[int, str] | None:
    """The evening a one-time token already made (its id and leader's key), or None."""
    if not token:
        return None
    row = db.execute("SELECT id, leader_key FROM events WHERE token = ?", [token]).fetchone()
    return (row[0], row[1]) if row else None


def insert_event(db: Database, event: Event, seed: str, token: str | None) -> tuple[int, str]:
    """The evening's row, with fresh keys for the leader and the projector (inside a write
    transaction); its id and the leader's key."""
    leader = new_key()
    event_id = db.execute(
        "INSERT INTO events (created, setup, seed, leader_key, screen_key, token)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [now(), json.dumps(event.to_dict(), ensure_ascii=False), seed, leader, new_key(), token],
    ).lastrowid
    return event_id, leader


def find(db: Database, key: str) -> tuple[int, str] | None:
    """The evening a key opens and the role it gives ("leader" or "screen"), or None."""
    if not KEY.fullmatch(key or ""):
        return None
    row = db.execute(
        "SELECT id, 'leader' FROM events WHERE leader_key = ?"
        " UNION ALL SELECT id, 'screen' FROM events WHERE screen_key = ?",
        [key, key],
    ).fetchone()
    return (row[0], row[1]) if row else None


def load(db: Database, event_id: int) -> StoredEvent | None:
    row = db.execute(
        "SELECT id, created, setup, seed, leader_key, screen_key, version FROM events WHERE id = ?",
        [event_id],
    ).fetchone()
    if row is None:
        return None
    players = tuple(
        Player(number, name, joined, left)
        for number, name, joined, left in db.execute(
            "SELECT number, name, joined, left FROM event_players"
            " WHERE event_id = ? ORDER BY number",
            [event_id],
        )
    )
    draws = tuple(
        Draw(passe, _plan(json.loads(plan)), reason, at, phone)
        for passe, plan, reason, at, phone in db.execute(
            "SELECT passe, plan, reason, at, phone FROM event_draws WHERE event_id = ? ORDER BY id",
            [event_id],
        )
    )
    return StoredEvent(
        row[0], row[1], Event.from_dict(json.loads(row[2])), row[3], row[4], row[5], row[6],
        players, draws,
    )  # fmt: skip


def add_draw(
    db: Database, event_id: int, version: int, passe: int, plan: Plan, *, reason, phone: str,
    came: Sequence[int] = (), gone: Sequence[int] = (),
) -> None:  # fmt: skip
    """Keep a Passe's draw (a redraw with its reason), if the evening is still as the phone
    saw it (`version`); Stale otherwise, and nothing is written. A new Passe (no reason) is
    not drawn over an open objection (Disputed): a table's objection does not move the
    evening's version, so it is looked for here, under the write lock. A redraw from the field
    as it stands (`scorer.club.event.redraw_field`) plays those who `came` since the first draw
    from this Passe on and those `gone` no more from it; the record says so before the redraw."""
    with writing(db):
        _bump(db, event_id, version)
        _field_changed(db, event_id, passe, came, gone, phone)
        disputed = db.execute(
            "SELECT 1 FROM event_tables WHERE event_id = ? AND state = 'disputed' LIMIT 1",
            [event_id],
        ).fetchone()
        if reason is None and disputed:
            raise Disputed()
        open_tables(db, event_id, passe, plan)
        db.execute(
            "INSERT INTO event_draws (event_id, passe, attempt, plan, reason, at, phone)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [event_id, passe, plan.attempt, json.dumps(plan.to_dict()), reason, now(), phone],
        )
        change(db, event_id, phone, "redraw" if reason else "draw", passe=passe, reason=reason)


def _field_changed(db, event_id, passe, came, gone, phone) -> None:
    """Those who came since Passe `passe` was drawn play from it, those gone leave before it."""
    for numbers, column, value in ((came, "joined", passe), (gone, "left", passe - 1)):
        for number in numbers:
            db.execute(
                f"UPDATE event_players SET {column} = ? WHERE event_id = ? AND number = ?",
                [value, event_id, number],
            )
    if came:
        change(db, event_id, phone, "players_added", passe=passe, after=_names(db, event_id, came))
    for name in _names(db, event_id, gone):
        change(db, event_id, phone, "player_left", passe=passe - 1, before=name)


def _names(db, event_id, numbers) -> list[str]:
    return [
        db.execute(
            "SELECT name FROM event_players WHERE event_id = ? AND number = ?", [event_id, number]
        ).fetchone()[0]
        for number in numbers
    ]


def add_players(
    db: Database, event_id: int, version: int, names: list[str], joined: int, *, phone: str
) -> None:
    """New players, who play from Passe `joined` on (the next one to draw): nothing stored
    before changes."""
    with writing(db):
        _bump(db, event_id, version)
        first = db.execute(
            "SELECT coalesce(max(number) + 1, 0) FROM event_players WHERE event_id = ?",
            [event_id],
        ).fetchone()[0]
        db.conn.executemany(
            "INSERT INTO event_players (event_id, number, name, joined) VALUES (?, ?, ?, ?)",
            [(event_id, first + i, name, joined) for i, name in enumerate(names)],
        )
        change(db, event_id, phone, "players_added", passe=joined, after=names)


def remove_players(
    db: Database, event_id: int, version: int, numbers: list[int], last: int, *, phone: str
) -> None:
    """Players (one, or a fixed pair) leave after Passe `last` (0: before the first): drawn
    no more, their results kept."""
    with writing(db):
        _bump(db, event_id, version)
        for number in numbers:
            name = db.execute(
                "SELECT name FROM event_players WHERE event_id = ? AND number = ? AND left IS NULL",
                [event_id, number],
            ).fetchone()
            if name is None:
                raise Stale()
            db.execute(
                "UPDATE event_players SET left = ? WHERE event_id = ? AND number = ?",
                [last, event_id, number],
            )
            change(db, event_id, phone, "player_left", passe=last, before=name[0])


def changes(db: Database, event_id: int) -> list[dict]:
    """The evening's record of changes, oldest first."""
    return [
        dict(row)
        for row in db.query(
            "SELECT at, phone, kind, passe, table_no, number, before, after, reason"
            " FROM event_changes"
            " WHERE event_id = ? ORDER BY id",
            [event_id],
        )
    ]


def _bump(db: Database, event_id: int, version: int) -> None:
    moved = db.execute(
        "UPDATE events SET version = version + 1 WHERE id = ? AND version = ?",
        [event_id, version],
    ).rowcount
    if not moved:
        raise Stale()


def _plan(data: dict) -> Plan:
    return Plan(
        tuple(tuple(table) for table in data["tables"]),
        tuple(data["sit_out"]),
        seed=data.get("seed", ""),
        attempt=data.get("attempt", 0),
    )
