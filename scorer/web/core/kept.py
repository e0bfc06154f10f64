"""The games served lately and their states, kept by this process: a request on a game starts
from the state of the version it has instead of replaying its whole record; and a game loaded
by its id."""

from __future__ import annotations

import threading

from flask import abort, current_app, g

from scorer import modes
from scorer.storage import games as store
from scorer.web.db import get_db

# The games served lately, as stored and with their states, kept for this process by game and
# version: the next request on a game (an entry, its page) reads only the game's row and
# starts from its state instead of reading the entries and replaying the whole record. A
# game's database file, id and start time name it for life, and every write moves its version.
# At most 64 games and 20,000 entries between them (a few MB); the oldest go first.
KEPT_STATES, KEPT_ENTRIES = 64, 20_000


Key = tuple[str, int, str, int]


_states: dict[Key, tuple[object, int, store.Stored]] = {}  # key -> (state, entries, stored)


_states_lock = threading.Lock()


def replayed(game, after=None):
    """The game's state: replayed at most once per request however often a view asks for it,
    and not at all when this process kept the state of this game as stored (see `known`).
    `after`: the game before the change that made this one, played on from if its state is
    known (a Schieber game replays only the new hand)."""
    memo = g.setdefault("replays", {})
    key = id(game)
    if key not in memo or memo[key][0] is not game:
        stored, stored_key = g.get("stored_keys", {}).get(key, (None, None))
        kept_game = stored.game if stored else None
        state = _states.get(stored_key, (None,))[0] if kept_game is game else None
        if state is None:
            mode = modes.mode_of(game)
            earlier = memo.get(id(after)) if after is not None else None
            if earlier is not None and earlier[0] is after:
                state = mode.play_on(game, after, earlier[1])
            else:
                state = mode.replay(game)
            if kept_game is game:
                keep_state(stored_key, stored, state)
        memo[key] = (game, state)
    return memo[key][1]


def _key(game_id: int, created: str, version: int) -> Key | None:
    """What names a game as stored at a version; None for a database in memory, which keeps
    nothing (every app has its own under the same name)."""
    path = current_app.config["DATABASE"]
    return (path, game_id, created, version) if path and path != ":memory:" else None


def _kept(game_id: int, created: str, version: int) -> store.Stored | None:
    """For store.load: the game as stored at this version, if this process kept it."""
    kept = _states.get(_key(game_id, created, version))
    return kept[2] if kept else None


def known(stored: store.Stored) -> store.Stored:
    """Tell replayed() which stored version this game object is (as loaded or as just saved)."""
    key = _key(stored.id, stored.created, stored.version)
    if key is not None:
        g.setdefault("stored_keys", {})[id(stored.game)] = (stored, key)
    return stored


def keep_state(key: Key, stored: store.Stored, state, replaces: Key | None = None) -> None:
    """Keep a game as stored and its state; `replaces`: the key of the version before a write,
    gone for good."""
    with _states_lock:
        _states.pop(replaces, None)
        _states[key] = (state, len(modes.record(stored.game)), stored)
        while len(_states) > KEPT_STATES or sum(v[1] for v in _states.values()) > KEPT_ENTRIES:
            del _states[next(iter(_states))]  # the oldest


def positive_id(game_id: int) -> int:
    """A game id from a URL, or 404 for numbers no game can have."""
    if not 0 < game_id < 2**63:
        abort(404)
    return game_id


def load(game_id: int, kind: str | None = None) -> store.Stored:
    """The stored game with this id (of this kind, unless None), or 404."""
    stored = store.load(get_db(), positive_id(game_id), kept=_kept)
    if stored is None or (kind is not None and stored.game.KIND != kind):
        abort(404)
    return known(stored)
