"""The record of an evening's changes (who did what, when, to which Passe, table or game),
kept by every write on an evening, and the refusal of a write based on an outdated view."""

from __future__ import annotations

import json

from scorer.storage.games import now


class Stale(Exception):
    """A write based on an outdated view of the evening (another phone changed it)."""


def change(
    db, event_id, phone, kind, *, passe=None, before=None, after=None, reason=None,
    table_no=None, number=None,
):  # fmt: skip
    db.execute(
        "INSERT INTO event_changes"
        " (event_id, at, phone, kind, passe, table_no, number, before, after, reason)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            event_id,
            now(),
            phone,
            kind,
            passe,
            table_no,
            number,
            None if before is None else json.dumps(before, ensure_ascii=False),
            None if after is None else json.dumps(after, ensure_ascii=False),
            reason,
        ],
    )
