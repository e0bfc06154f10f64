"""Games in SQLite: the set-up once, each entry (a hand, a deal) a row of its own, and every
change to the entries kept beside them.

A write runs inside `writing(db)`: one short transaction that takes the write lock before it
reads (BEGIN IMMEDIATE), so two phones writing the same game at once are served one after the
other and neither overwrites the other. `save` then touches only the rows that changed: an
entry appends one row, an edit updates one, a deletion removes one. Every change is kept with
its time, the phone it came from, and the entry before and after; the game's figures always
come from the entries as they stand, never from the changes.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlite_utils import Database

from scorer import modes

# Per game, refused clearly beyond it: Schieber to the highest target (100,000) ends within about
# 1,200 hands, and a Handjass game to 100 strokes long before 2,000 deals.
MAX_ENTRIES = 2000
PAGE = 20  # games per page of the list


class TooLong(ValueError):
    """The record would hold more than MAX_ENTRIES entries."""


@dataclass(frozen=True)
class Stored:
    """A game as kept: its id, when it was started, the game, and its entries as stored."""

    id: int
    created: str
    game: object
    entry_ids: tuple[int, ...] = ()
    entry_data: tuple[str, ...] = ()  # each entry's stored JSON, for tags
    version: int = 0  # how many times its entries were written: a write checks it is unchanged

    def tag(self, index: int) -> str:
        """A short fingerprint of entry `index` as stored, its id and its data: an edit based
        on what a phone saw carries it, and is refused when the entry has changed since, or
        another entry (even an equal one) now stands in its place."""
        seen = f"{self.entry_ids[index]}:{self.entry_data[index]}"
        return hashlib.blake2s(seen.encode(), digest_size=6).hexdigest()

    @property
    def end_tag(self) -> str:
        """The fingerprint of the record's end: how many entries, and the last one. A new
        entry based on an outdated view (another phone wrote meanwhile) carries an old one."""
        count = len(self.entry_data)
        return f"{count}-{self.tag(count - 1)}" if count else "0"


@dataclass(frozen=True)
class Change:
    """One change to a game's entries, as kept."""

    id: int
    at: str  # UTC, ISO 8601 to the second
    phone: str
    kind: str  # create, import, enter, edit, delete, undo, redo
    entry_id: int | None
    number: int | None  # the entry's number (1-based) when it was changed
    before: dict | None
    after: dict | None
    outcome_before: dict | None  # the list summary before and after (who won, Schneider, …)
    outcome_after: dict | None


def now() -> str:
    """The time of a change, in UTC to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


# Writers queue here and are woken the moment the one before them commits: those of this
# process on a lock, those of other processes (the server's workers) on a lock file beside the
# database. SQLite's own busy handler would let them sleep in growing steps.
_WRITERS = threading.Lock()
_LOCK_FILES: dict[tuple[int, str], int] = {}  # (process, database) -> open lock file


@contextmanager
def _queue(db: Database) -> Iterator[None]:
    """Wait for this database's writer turn among every process and thread."""
    with _WRITERS:
        path = getattr(db, "scorer_path", None)
        if path is None:
            path = next((r[2] for r in db.execute("PRAGMA database_list") if r[1] == "main"), "")
            db.scorer_path = path
        if not path:  # a database in memory has no other process
            yield
            return
        key = (os.getpid(), path)  # a forked worker opens its own: flock is per open file
        if key not in _LOCK_FILES:
            _LOCK_FILES[key] = os.open(f"{path}-writer", os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(_LOCK_FILES[key], fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(_LOCK_FILES[key], fcntl.LOCK_UN)


@contextmanager
def writing(db: Database) -> Iterator[Database]:
    """One write transaction that holds the write lock from its first read to its commit.

    Another writer waits (in this process for its turn, from another process the connection's
    busy timeout) instead of failing; an exception inside rolls everything back, so an entry is
    stored whole or not at all.
    """
    with _queue(db):
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")


def _setup(game) -> str:
    data = game.to_dict()
    del data[game.RECORD]
    return json.dumps(data, ensure_ascii=False)


def _entry_json(entry) -> str:
    return json.dumps(entry.to_dict(), ensure_ascii=False)


def _summary_json(game, state=None) -> str:
    return json.dumps(modes.summary(game, state))


def token_game(db: Database, token: str | None) -> int | None:
    """The game a one-time token was already used for, or None."""
    if not token:
        return None
    row = db.execute("SELECT game_id FROM tokens WHERE token = ?", [token]).fetchone()
    return row[0] if row else None


def _use_token(db: Database, token: str | None, game_id: int) -> None:
    if token:
        db.execute(
            "INSERT INTO tokens (token, game_id, at) VALUES (?, ?, ?)", [token, game_id, now()]
        )


def create(
    db: Database,
    game,
    *,
    phone: str = "",
    token: str | None = None,
    kind: str = "create",
    changes: list[dict] = (),
) -> tuple[int, bool]:
    """Store a new game with the record it already has (an import); its id, and False.

    A token already used returns the game it created and True: a double tap on "start" or a
    form sent twice leads to one game. `changes` are an imported game's earlier changes.
    """
    entries = modes.record(game)
    if len(entries) > MAX_ENTRIES:
        raise TooLong(len(entries))
    with writing(db):
        existing = token_game(db, token)
        if existing is not None:
            return existing, True
        summary = _summary_json(game)
        game_id = db.execute(
            "INSERT INTO games (kind, created, setup, finished, summary) VALUES (?, ?, ?, ?, ?)",
            [game.KIND, now(), _setup(game), int(json.loads(summary)["finished"]), summary],
        ).lastrowid
        ids = [
            db.execute(
                "INSERT INTO entries (game_id, position, data) VALUES (?, ?, ?)",
                [game_id, i, _entry_json(entry)],
            ).lastrowid
            for i, entry in enumerate(entries)
        ]
        for change in changes:
            now_number = change.get("now")
            _log(
                db,
                game_id,
                phone=change["phone"],
                kind=change["kind"],
                entry_id=ids[now_number - 1] if now_number else None,
                number=change.get("hand"),
                before=change.get("before"),
                after=change.get("after"),
                at=change["time"],
            )
        _log(db, game_id, phone=phone, kind=kind, outcome_after=json.loads(summary))
        _use_token(db, token, game_id)
    return game_id, False


def _log(db: Database, game_id: int, *, phone: str, kind: str, at: str | None = None, **fields):
    values = {
        "entry_id": fields.get("entry_id"),
        "number": fields.get("number"),
        **{
            name: None if fields.get(name) is None else json.dumps(fields[name], ensure_ascii=False)
            for name in ("before", "after", "outcome_before", "outcome_after")
        },
    }
    decided = bool((fields.get("outcome_before") or {}).get("finished"))
    db.execute(
        "INSERT INTO changes (game_id, at, phone, kind, entry_id, number, before, after,"
        " outcome_before, outcome_after, decided) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [game_id, at or now(), phone, kind, *values.values(), int(decided)],
    )


def load(db: Database, game_id: int) -> Stored | None:
    """The stored game with this id, or None (also for ids no SQLite integer can hold).

    Outside a write transaction it reads in one read transaction: the game, its version and
    its entries as one moment left them."""
    if not 0 < game_id < 2**63:
        return None
    if db.conn.in_transaction:
        return _load(db, game_id)
    db.execute("BEGIN")
    try:
        return _load(db, game_id)
    finally:
        db.execute("COMMIT")


def version(db: Database, game_id: int) -> int | None:
    """How many times the game's entries were written, or None for no such game."""
    row = db.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()
    return row[0] if row else None


def _load(db: Database, game_id: int) -> Stored | None:
    row = db.execute(
        "SELECT id, kind, created, setup, version FROM games WHERE id = ?", [game_id]
    ).fetchone()
    if row is None:
        return None
    _, kind, created, setup, written = row
    entries = db.execute(
        "SELECT id, data FROM entries WHERE game_id = ? ORDER BY position", [game_id]
    ).fetchall()
    cls = modes.MODES[kind].game
    data = json.loads(setup)
    data[cls.RECORD] = [json.loads(text) for _, text in entries]
    return Stored(
        game_id,
        created,
        cls.from_dict(data),
        tuple(i for i, _ in entries),
        tuple(text for _, text in entries),
        written,
    )


def save(
    db: Database,
    stored: Stored,
    game,
    kind: str,
    *,
    phone: str = "",
    token: str | None = None,
    state=None,
    at: int | None = None,
) -> Stored:
    """Write the game's new record over the stored one, touching only the entries that differ,
    and keep the change. Call inside `writing`. Returns the game as now stored.

    The old and new records share a beginning and an end; what lies between is the change (one
    entry added, changed or removed, the way a table changes its record). `at` is the index the
    change begins at, when the caller knows it: deleting one of two equal hands in a row must
    remove the one the table meant. `state` is the new game's replay, when the caller has it.
    """
    old = modes.record(stored.game)
    new = modes.record(game)
    if len(new) > MAX_ENTRIES and len(new) > len(old):
        raise TooLong(len(new))
    start = 0
    limit = min(len(old), len(new)) if at is None else min(at, len(old), len(new))
    while start < limit and old[start] == new[start]:
        start += 1
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
        end_old -= 1
        end_new -= 1
    ids, texts = list(stored.entry_ids), list(stored.entry_data)
    row = db.execute("SELECT summary FROM games WHERE id = ?", [stored.id]).fetchone()
    before_summary = (
        json.loads(row[0]) if row and row[0] else json.loads(_summary_json(stored.game))
    )
    summary = _summary_json(game, state)
    outcome = json.loads(summary)
    common = min(end_old, end_new) - start  # entries changed in place
    log = []
    for position in range(start + common, end_old):  # removed
        db.execute("DELETE FROM entries WHERE id = ?", [ids[position]])
        log.append((ids[position], position, old[position], None))
    shift = end_new - end_old
    if shift and end_old < len(old):
        # Move the unchanged tail out of the way and back, so (game, position) stays unique.
        db.execute(
            "UPDATE entries SET position = -1 - position WHERE game_id = ? AND position >= ?",
            [stored.id, end_old],
        )
        db.execute(
            "UPDATE entries SET position = -1 - position + ? WHERE game_id = ? AND position < 0",
            [shift, stored.id],
        )
    window_ids, window_texts = [], []
    for position in range(start, end_new):
        text = _entry_json(new[position])
        if position < start + common:
            entry_id = ids[position]
            db.execute("UPDATE entries SET data = ? WHERE id = ?", [text, entry_id])
            log.append((entry_id, position, old[position], new[position]))
        else:  # added; a redone entry gets its old id back, so its history stays with it
            entry_id = db.execute(
                "INSERT INTO entries (id, game_id, position, data) VALUES (?, ?, ?, ?)",
                [redo_of(db, stored.id, kind), stored.id, position, text],
            ).lastrowid
            log.append((entry_id, position, None, new[position]))
        window_ids.append(entry_id)
        window_texts.append(text)
    for entry_id, position, was, becomes in sorted(log, key=lambda item: item[1]):
        _log(
            db,
            stored.id,
            phone=phone,
            kind=kind,
            entry_id=entry_id,
            number=position + 1,
            before=None if was is None else was.to_dict(),
            after=None if becomes is None else becomes.to_dict(),
            outcome_before=before_summary,
            outcome_after=outcome,
        )
    ids[start:end_old] = window_ids
    texts[start:end_old] = window_texts
    db.execute(
        "UPDATE games SET finished = ?, summary = ?, version = version + 1 WHERE id = ?",
        [int(outcome["finished"]), summary, stored.id],
    )
    _use_token(db, token, stored.id)
    return Stored(stored.id, stored.created, game, tuple(ids), tuple(texts), stored.version + 1)


def redo_of(db: Database, game_id: int, kind: str = "redo") -> int | None:
    """The entry a redo would bring back: the last one undone, as long as nothing but undos
    and redos came after it; None otherwise (or when `kind` is not a redo)."""
    if kind != "redo":
        return None
    change = redoable(db, game_id)
    return change.entry_id if change else None


def redoable(db: Database, game_id: int) -> Change | None:
    """The undo a redo would take back, or None: after a new entry or an edit there is none."""
    waiting = 0
    for change in _changes(db, game_id, newest_first=True):
        if change.kind == "redo":
            waiting += 1
        elif change.kind == "undo":
            if not waiting:
                return change
            waiting -= 1
        else:
            return None
    return None


_COLUMNS = "id, at, phone, kind, entry_id, number, before, after, outcome_before, outcome_after"


def _changes(db: Database, game_id: int, newest_first: bool = False) -> Iterator[Change]:
    order = "DESC" if newest_first else "ASC"
    cursor = db.execute(
        f"SELECT {_COLUMNS} FROM changes WHERE game_id = ? ORDER BY id {order}", [game_id]
    )
    yield from _read(cursor)


def _read(cursor) -> Iterator[Change]:
    for row in cursor:
        yield Change(*row[:6], *(None if v is None else json.loads(v) for v in row[6:]))


def last_change(db: Database, game_id: int) -> Change | None:
    """The game's newest change, or None."""
    return next(_changes(db, game_id, newest_first=True), None)


def changes(db: Database, game_id: int) -> list[Change]:
    """Every change of the game, oldest first."""
    return list(_changes(db, game_id))


def shown_changes(db: Database, game_id: int) -> list[Change]:
    """The changes a game's page shows, oldest first: every change of an entry that was edited
    after it was written, and every change made after the game was decided."""
    cursor = db.execute(
        f"SELECT {_COLUMNS} FROM changes WHERE game_id = ? AND (decided = 1 OR entry_id IN"
        " (SELECT entry_id FROM changes WHERE game_id = ? AND kind = 'edit')) ORDER BY id",
        [game_id, game_id],
    )
    return list(_read(cursor))


@dataclass(frozen=True)
class Listed:
    """A game in the list: what its set-up and summary say, without replaying it."""

    id: int
    kind: str
    created: str
    setup: dict
    summary: dict


def listing(db: Database, page: int = 1) -> tuple[list[Listed], bool]:
    """One page of the list of games, running ones first, the newest first; and whether
    there are more."""
    rows = db.execute(
        "SELECT id, kind, created, setup, summary FROM games ORDER BY finished, id DESC"
        " LIMIT ? OFFSET ?",
        [PAGE + 1, (page - 1) * PAGE],
    ).fetchall()
    listed = [
        Listed(id, kind, created, json.loads(setup), json.loads(summary or "{}"))
        for id, kind, created, setup, summary in rows[:PAGE]
    ]
    return listed, len(rows) > PAGE


def fill_summaries(db: Database) -> None:
    """Compute the list summary of games stored before games had one (a one-time upgrade)."""
    missing = [row[0] for row in db.execute("SELECT id FROM games WHERE summary IS NULL")]
    for game_id in missing:
        with writing(db):
            stored = load(db, game_id)
            summary = _summary_json(stored.game)
            db.execute(
                "UPDATE games SET finished = ?, summary = ? WHERE id = ?",
                [int(json.loads(summary)["finished"]), summary, game_id],
            )
