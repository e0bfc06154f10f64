"""Reading and writing Schieber games: the set-up once, the hands as the record grows."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlite_utils import Database

from scorer.schieber import Game, Hand


@dataclass(frozen=True)
class Stored:
    """A game as kept: its id, when it was started, and the game itself."""

    id: int
    created: str
    game: Game


def _setup(game: Game) -> str:
    data = game.to_dict()
    del data["hands"]
    return json.dumps(data, ensure_ascii=False)


def create(db: Database, game: Game) -> int:
    """Store a new game with any hands it already has (an import); returns its id."""
    with db.atomic():
        game_id = (
            db["games"]
            .insert(
                {
                    "kind": "schieber",
                    "created": datetime.now(UTC).isoformat(timespec="seconds"),
                    "setup": _setup(game),
                }
            )
            .last_pk
        )
        _write_hands(db, game_id, game.hands)
    return game_id


def _write_hands(db: Database, game_id: int, hands: tuple[Hand, ...]) -> None:
    db["hands"].insert_all(
        {"game_id": game_id, "position": i, "data": json.dumps(h.to_dict())}
        for i, h in enumerate(hands)
    )


def save_hands(db: Database, game_id: int, hands: tuple[Hand, ...]) -> None:
    """Replace the game's record of hands in one transaction: all of it is written or none."""
    with db.atomic():
        db.execute("DELETE FROM hands WHERE game_id = ?", [game_id])
        _write_hands(db, game_id, hands)


def load(db: Database, game_id: int) -> Stored | None:
    """The stored game with this id, or None."""
    rows = list(db.query("SELECT * FROM games WHERE id = ?", [game_id]))
    if not rows:
        return None
    return _stored(db, rows[0])


def _stored(db: Database, row: dict) -> Stored:
    data = json.loads(row["setup"])
    data["hands"] = [
        json.loads(h["data"])
        for h in db.query("SELECT data FROM hands WHERE game_id = ? ORDER BY position", [row["id"]])
    ]
    return Stored(row["id"], row["created"], Game.from_dict(data))


def all_games(db: Database) -> list[Stored]:
    """Every stored game, the newest first."""
    return [_stored(db, row) for row in db.query("SELECT * FROM games ORDER BY id DESC")]
