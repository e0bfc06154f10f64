"""Reading and writing games: the set-up once, the hands (or deals) as the record grows.

Both kinds share the tables: `games.kind` says which engine reads the set-up, and `hands` holds
the record of either, in order.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlite_utils import Database

from scorer.handjass import HandjassGame
from scorer.schieber import Game

KINDS = {cls.KIND: cls for cls in (Game, HandjassGame)}


@dataclass(frozen=True)
class Stored:
    """A game as kept: its id, when it was started, and the game itself."""

    id: int
    created: str
    game: Game | HandjassGame


def _record(game) -> tuple:
    return getattr(game, game.RECORD)


def _setup(game) -> str:
    data = game.to_dict()
    del data[game.RECORD]
    return json.dumps(data, ensure_ascii=False)


def create(db: Database, game) -> int:
    """Store a new game with the record it already has (an import); returns its id."""
    with db.atomic():
        game_id = (
            db["games"]
            .insert(
                {
                    "kind": game.KIND,
                    "created": datetime.now(UTC).isoformat(timespec="seconds"),
                    "setup": _setup(game),
                }
            )
            .last_pk
        )
        _write_record(db, game_id, _record(game))
    return game_id


def _write_record(db: Database, game_id: int, items) -> None:
    db["hands"].insert_all(
        {"game_id": game_id, "position": i, "data": json.dumps(item.to_dict())}
        for i, item in enumerate(items)
    )


def save_record(db: Database, game_id: int, game) -> None:
    """Replace the game's record (hands or deals) in one transaction: all of it or none."""
    with db.atomic():
        db.execute("DELETE FROM hands WHERE game_id = ?", [game_id])
        _write_record(db, game_id, _record(game))


def load(db: Database, game_id: int) -> Stored | None:
    """The stored game with this id, or None."""
    rows = list(db.query("SELECT * FROM games WHERE id = ?", [game_id]))
    if not rows:
        return None
    return _stored(db, rows[0])


def _stored(db: Database, row: dict) -> Stored:
    cls = KINDS[row["kind"]]
    data = json.loads(row["setup"])
    data[cls.RECORD] = [
        json.loads(h["data"])
        for h in db.query("SELECT data FROM hands WHERE game_id = ? ORDER BY position", [row["id"]])
    ]
    return Stored(row["id"], row["created"], cls.from_dict(data))


def all_games(db: Database) -> list[Stored]:
    """Every stored game, the newest first."""
    return [_stored(db, row) for row in db.query("SELECT * FROM games ORDER BY id DESC")]
