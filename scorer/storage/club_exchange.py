"""A club evening out of the database as a document's content, and back in as a new evening
with new keys (the leader's, the projector's, every table's), its record, and a line that
says it was imported."""

from __future__ import annotations

import json

from sqlite_utils import Database

from scorer.club.exchange import Evening, Table
from scorer.storage import club as events
from scorer.storage import club_tables as tables
from scorer.storage.club_log import change
from scorer.storage.games import writing
from scorer.storage.links import new_key


def evening(db: Database, event_id: int) -> Evening:
    """The stored evening with its draws, tables, games and record."""
    stored = events.load(db, event_id)
    found = tuple(
        Table(t.passe, t.number, t.seats, t.state, t.reason, t.games)
        for t in tables.tables(db, event_id)
    )
    changes = tuple(
        {
            "at": c["at"],
            "phone": c["phone"],
            "kind": c["kind"],
            "passe": c["passe"],
            "table": c["table_no"],
            "number": c["number"],
            "before": None if c["before"] is None else json.loads(c["before"]),
            "after": None if c["after"] is None else json.loads(c["after"]),
            "reason": c["reason"],
        }
        for c in events.changes(db, event_id)
    )
    return Evening(stored.event, stored.seed, stored.players, stored.draws, found, changes)


def restore(db: Database, read: Evening, *, phone: str, token: str | None) -> tuple[int, str]:
    """Store an evening read from a file as a new one; its id and the leader's key. A token
    already used returns the evening it made: a file sent twice lands once."""
    with writing(db):
        made = events.made_by(db, token)
        if made:
            return made
        event_id, leader = events.insert_event(db, read.event, read.seed, token)
        db.conn.executemany(
            "INSERT INTO event_players (event_id, number, name, joined, left)"
            " VALUES (?, ?, ?, ?, ?)",
            [(event_id, p.number, p.name, p.joined, p.left) for p in read.players],
        )
        attempts: dict[int, int] = {}
        for d in read.draws:
            attempt = attempts[d.passe] = attempts.get(d.passe, -1) + 1
            db.execute(
                "INSERT INTO event_draws (event_id, passe, attempt, plan, reason, at, phone)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [event_id, d.passe, attempt, json.dumps(d.plan.to_dict()), d.reason, d.at,
                 d.phone],
            )  # fmt: skip
        for t in read.tables:
            db.execute(
                "INSERT INTO event_tables (event_id, passe, table_no, seats, key, state, reason)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [event_id, t.passe, t.number, json.dumps(list(t.seats)), new_key(), t.state,
                 t.reason],
            )  # fmt: skip
            db.conn.executemany(
                "INSERT INTO event_games (event_id, passe, table_no, number, data)"
                " VALUES (?, ?, ?, ?, ?)",
                [
                    (event_id, t.passe, t.number, n, json.dumps(g.to_dict()))
                    for n, g in enumerate(t.games, 1)
                ],
            )
        db.conn.executemany(
            "INSERT INTO event_changes"
            " (event_id, at, phone, kind, passe, table_no, number, before, after, reason)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (event_id, c["at"], c["phone"], c["kind"], c["passe"], c["table"], c["number"],
                 _json(c["before"]), _json(c["after"]), c["reason"])
                for c in read.changes
            ],
        )  # fmt: skip
        change(db, event_id, phone, "import", after=read.event.to_dict())
    return event_id, leader


def _json(value) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False)
