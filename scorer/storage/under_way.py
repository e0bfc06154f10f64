"""An entry under way: what a panel has taken of an entry not saved yet, kept on the server
per game (Differenzler: the Trumpf and the predictions said so far, while the phone goes round
the table).

It lives beside the entries, never among them: it is not part of the record (no change in the
list of changes, no new version for the watching phones, not exported), and it is only ever
shown to the writer's panel. It belongs to the entry with the number it was kept for: once
another entry took that place (saved, undone, deleted), it is no longer read and the next
`keep` replaces it.
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from scorer.storage.games import now


def read(db: Database, game_id: int, number: int) -> dict | None:
    """What was kept for the game's entry `number`, or None; None too for anything not of the
    shape `keep` writes (a Trumpf or None, pairs of whole numbers said), which a page must
    never fail on: the round then starts afresh."""
    row = db.execute(
        "SELECT data FROM under_way WHERE game_id = ? AND number = ?", [game_id, number]
    ).fetchone()
    try:
        data = json.loads(row[0]) if row else None
    except (TypeError, ValueError):
        return None
    return data if _well_formed(data) else None


def _well_formed(data) -> bool:
    if not isinstance(data, dict) or not isinstance(data.get("trump"), str | None):
        return False
    said = data.get("said", [])
    return isinstance(said, list) and all(
        isinstance(pair, list) and len(pair) == 2 and all(type(v) is int for v in pair)
        for pair in said
    )


def keep(db: Database, game_id: int, number: int, data: dict) -> None:
    """Keep `data` as the game's entry `number` under way, in place of anything kept before."""
    db.execute(
        "INSERT INTO under_way (game_id, number, data, at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (game_id) DO UPDATE"
        " SET number = excluded.number, data = excluded.data, at = excluded.at",
        [game_id, number, json.dumps(data, ensure_ascii=False), now()],
    )


def clear(db: Database, game_id: int, number: int) -> None:
    """Forget the entry under way once entry `number` is saved (not one kept for a later one)."""
    db.execute("DELETE FROM under_way WHERE game_id = ? AND number = ?", [game_id, number])
