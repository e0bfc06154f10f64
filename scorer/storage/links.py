"""A game's two links: the writer's key (may enter and change) and the watchers' key (read
only), each 144 random bits, so that nobody on the pub's Wi-Fi finds a game by counting.

Games stored before the keys keep their numbered link (`numbered`) until their links are
renewed; a renewal makes both old links and the number useless at once.
"""

from __future__ import annotations

import re
import secrets
from typing import Literal, NamedTuple

from sqlite_utils import Database

KEY_BYTES = 18  # 144 bits: 24 characters of URL-safe base64
KEY = re.compile(r"[A-Za-z0-9_-]{24}")
NUMBER = re.compile(r"[0-9]{1,19}")


def new_key() -> str:
    """A fresh key for a link: 24 URL-safe characters, 144 random bits."""
    return secrets.token_urlsafe(KEY_BYTES)


class Keys(NamedTuple):
    """A game's writer key and watch key."""

    write: str
    watch: str


class Found(NamedTuple):
    """The game a link opens, what it may do there, and the game's keys (for its links)."""

    game_id: int
    role: Literal["write", "watch"]
    keys: Keys
    numbered: bool = False  # an old numbered link of a game stored before the keys


def find(db: Database, text: str) -> Found | None:
    """The game a link's key (or an old game's number) opens, also a deleted one; or None."""
    if KEY.fullmatch(text):
        row = db.execute(
            "SELECT id, 'write', write_key, watch_key FROM games WHERE write_key = ?"
            " UNION ALL SELECT id, 'watch', write_key, watch_key FROM games WHERE watch_key = ?",
            [text, text],
        ).fetchone()
        return Found(row[0], row[1], Keys(row[2], row[3])) if row else None
    if NUMBER.fullmatch(text) and 0 < int(text) < 2**63:
        row = db.execute(
            "SELECT id, write_key, watch_key FROM games WHERE id = ? AND numbered = 1",
            [int(text)],
        ).fetchone()
        return Found(row[0], "write", Keys(row[1], row[2]), numbered=True) if row else None
    return None


def keys(db: Database, game_id: int) -> Keys | None:
    """The game's two keys, or None for no such game."""
    row = db.execute("SELECT write_key, watch_key FROM games WHERE id = ?", [game_id]).fetchone()
    return Keys(*row) if row else None
