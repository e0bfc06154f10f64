"""The games a Rückblick looks back at: every game a phone may see that is not deleted (on the
start page or in the archive), read in three queries however many there are; the records of
games the caller has looked at in this version already are not read again."""

from __future__ import annotations

import json
from collections.abc import Collection, Container
from dataclasses import dataclass, replace

from sqlite_utils import Database

from scorer import modes
from scorer.storage.games import _whose

_KEPT = "deleted IS NULL"


@dataclass(frozen=True)
class Kept:
    """A game as kept, for looking back: its id, kind, when it was started, its version (it
    moves with every write of its entries) and the game with its record; None when the caller
    knew this version already (`known`)."""

    id: int
    kind: str
    created: str
    version: int
    game: object | None

    @property
    def key(self) -> tuple[int, int, str]:
        """What tells this version of this game from any other: id, version, start."""
        return (self.id, self.version, self.created)


def kept_games(
    db: Database,
    mine: Collection[int] | None = None,
    kind: str | None = None,
    known: Container[tuple[int, int, str]] = (),
) -> list[Kept]:
    """Every game this phone may see (`mine` as for the start page: its games and the games
    stored before private links; None: every game), not deleted, of this kind if one is given;
    the newest first. A game whose key (Kept.key) is `known` comes without its record, unread.
    One read transaction: the games and their entries as one moment left them."""
    whose, params = _whose(mine)
    where = f"{_KEPT}{whose}" + (" AND kind = ?" if kind else "")
    params = [*params, *([kind] if kind else [])]
    if db.conn.in_transaction:
        return _read(db, where, params, known)
    db.execute("BEGIN")
    try:
        return _read(db, where, params, known)
    finally:
        db.execute("COMMIT")


def _read(db: Database, where: str, params: list, known) -> list[Kept]:
    heads = [
        Kept(*row, None)
        for row in db.execute(
            f"SELECT id, kind, created, version FROM games WHERE {where} ORDER BY id DESC", params
        )
        if row[1] in modes.MODES  # not a kind of a newer server's database
    ]
    games = _games(db, [k.id for k in heads if k.key not in known])
    return [replace(k, game=games[k.id]) if k.id in games else k for k in heads]


def _games(db: Database, ids: list[int]) -> dict[int, object]:
    """These games with their records, by id: two queries however many."""
    if not ids:
        return {}
    chosen = json.dumps(ids)
    entries: dict[int, list] = {}
    for game_id, data in db.execute(
        "SELECT game_id, data FROM entries WHERE game_id IN (SELECT value FROM json_each(?))"
        " ORDER BY game_id, position",
        [chosen],
    ):
        entries.setdefault(game_id, []).append(json.loads(data))
    games = {}
    for game_id, kind, setup in db.execute(
        "SELECT id, kind, setup FROM games WHERE id IN (SELECT value FROM json_each(?))", [chosen]
    ):
        cls = modes.MODES[kind].game
        data = json.loads(setup)
        data[cls.RECORD] = entries.get(game_id, [])
        games[game_id] = cls.from_dict(data)
    return games
