"""The games a Rückblick looks back at: every game a phone may see that is not deleted (on the
start page or in the archive), read in two queries however many there are."""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass

from sqlite_utils import Database

from scorer import modes
from scorer.storage.games import _whose

_KEPT = "deleted IS NULL"


@dataclass(frozen=True)
class Kept:
    """A game as kept, for looking back: its id, kind, when it was started, its version (it
    moves with every write of its entries) and the game with its record."""

    id: int
    kind: str
    created: str
    version: int
    game: object


def kept_games(
    db: Database, mine: Collection[int] | None = None, kind: str | None = None
) -> list[Kept]:
    """Every game this phone may see (`mine` as for the start page: its games and the games
    stored before private links; None: every game), not deleted, of this kind if one is given;
    the newest first. One read transaction: the games and their entries as one moment left
    them."""
    whose, params = _whose(mine)
    where = f"{_KEPT}{whose}" + (" AND kind = ?" if kind else "")
    params = [*params, *([kind] if kind else [])]
    if db.conn.in_transaction:
        return _read(db, where, params)
    db.execute("BEGIN")
    try:
        return _read(db, where, params)
    finally:
        db.execute("COMMIT")


def _read(db: Database, where: str, params: list) -> list[Kept]:
    games = db.execute(
        f"SELECT id, kind, created, version, setup FROM games WHERE {where} ORDER BY id DESC",
        params,
    ).fetchall()
    entries: dict[int, list] = {}
    for game_id, data in db.execute(
        f"SELECT game_id, data FROM entries WHERE game_id IN (SELECT id FROM games WHERE {where})"
        " ORDER BY game_id, position",
        params,
    ):
        entries.setdefault(game_id, []).append(json.loads(data))
    found = []
    for game_id, kind, created, version, setup in games:
        mode = modes.MODES.get(kind)
        if mode is None:
            continue  # a kind this server does not know (a newer one's database)
        data = json.loads(setup)
        data[mode.game.RECORD] = entries.get(game_id, [])
        found.append(Kept(game_id, kind, created, version, mode.game.from_dict(data)))
    return found
