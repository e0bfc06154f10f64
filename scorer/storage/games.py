"""Games in SQLite: the set-up once, each entry (a hand, a deal) a row of its own, and every
change to the entries kept beside them.

A write runs inside `writing(db)`: one short transaction that takes the write lock before it
reads (BEGIN IMMEDIATE), so two phones writing the same game at once are served one after the
other and neither overwrites the other. `save` then touches only the rows that changed: an
entry appends one row, an edit updates one, a deletion removes one. Every change is kept with
its time, the phone it came from, and the entry before and after; the game's figures always
come from the entries as they stand, never from the changes.

A game leaves the start page in two ways, and neither loses it: a finished game is put in the
archive (it still opens and can be changed), and any game is deleted into the bin ("Gelöscht"):
its pages are gone, but its entries and changes stay, and for KEEP_DAYS days it can be brought
back as it was. Each of these moves is kept as a change of the game, like an entry.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import threading
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from weakref import WeakKeyDictionary

from sqlite_utils import Database

from scorer import modes
from scorer.exchange import CHANGE_KINDS, MAX_CHANGES
from scorer.stakes import Stakes
from scorer.storage import links

# Per game, refused clearly beyond it: Schieber to the highest target (100,000) ends within about
# 1,200 hands, and a Handjass game to 100 strokes long before 2,000 deals.
MAX_ENTRIES = 2000
PAGE = 20  # games per page of the list
KEEP_DAYS = 30  # a deleted game can be brought back this long
# Changes of the game itself, not of its entries: where it is listed.
GAME_KINDS = ("archive", "unarchive", "delete-game", "restore", "new-links", "stakes")


class TooLong(ValueError):
    """The record would hold more than MAX_ENTRIES entries (`what` "entries"), or its changes
    more than MAX_CHANGES (`what` "changes", scorer.exchange: what an export may carry)."""

    def __init__(self, count: int, what: str = "entries"):
        super().__init__(count, what)
        self.what = what


class Refused(ValueError):
    """A game cannot be moved so; `reason` says why: "missing" (no such game), "deleted" (it
    is in the bin: only a restore moves it), "running" (only a finished game is archived) or
    "expired" (deleted more than KEEP_DAYS days ago)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Stored:
    """A game as kept: its id, when it was started, the game, and its entries as stored."""

    id: int
    created: str
    game: object
    entry_ids: tuple[int, ...] = ()
    entry_data: tuple[str, ...] = ()  # each entry's stored JSON, for tags
    version: int = 0  # how many times its entries were written: a write checks it is unchanged
    stakes: Stakes | None = None  # what the table plays for, if anything

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

    @property
    def ident(self) -> str:
        """The game itself, whatever link opens it (new links keep it): a digest of its id and
        the time it was started, which it does not give away."""
        return hashlib.blake2s(f"{self.id}@{self.created}".encode(), digest_size=9).hexdigest()


@dataclass(frozen=True)
class Change:
    """One change to a game's entries, as kept."""

    id: int
    at: str  # UTC, ISO 8601 to the second
    phone: str
    kind: str  # create, import, enter, edit, delete, undo, redo; or one of GAME_KINDS
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
_PATHS: WeakKeyDictionary[Database, str] = WeakKeyDictionary()  # a connection's database file


@contextmanager
def _queue(db: Database) -> Iterator[None]:
    """Wait for this database's writer turn among every process and thread."""
    with _WRITERS:
        path = _PATHS.get(db)
        if path is None:
            path = next((r[2] for r in db.execute("PRAGMA database_list") if r[1] == "main"), "")
            _PATHS[db] = path
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


def _json_text(value: dict | str | None) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def _summary_json(game, state=None) -> str:
    return json.dumps(modes.summary(game, state))


def token_game(db: Database, token: str | None) -> int | None:
    """The game a one-time token was already used for, or None."""
    if not token:
        return None
    row = db.execute("SELECT game_id FROM tokens WHERE token = ?", [token]).fetchone()
    return row[0] if row else None


def still_as_read(db: Database, game_id: int, version: int, token: str | None) -> bool:
    """Whether the game is still at `version` (and not deleted) and the one-time token still
    unused: what a write that read the game before taking the lock checks again once it holds
    it, in one statement."""
    row = db.execute(
        "SELECT version = ? AND NOT EXISTS (SELECT 1 FROM tokens WHERE token = ?)"
        " FROM games WHERE id = ? AND deleted IS NULL",
        [version, token, game_id],
    ).fetchone()
    return bool(row and row[0])


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
    stakes: Stakes | None = None,
) -> tuple[int, bool]:
    """Store a new game with the record it already has (an import); its id, and False.

    A token already used returns the game it created and True: a double tap on "start" or a
    form sent twice leads to one game. `changes` are an imported game's earlier changes.
    """
    entries = modes.record(game)
    if len(entries) > MAX_ENTRIES:
        raise TooLong(len(entries))
    if len(changes) > MAX_CHANGES:
        raise TooLong(len(changes), "changes")
    with writing(db):
        existing = token_game(db, token)
        if existing is not None:
            return existing, True
        summary = _summary_json(game)
        game_id = db.execute(
            "INSERT INTO games"
            " (kind, created, setup, finished, summary, write_key, watch_key, stakes)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                game.KIND,
                now(),
                _setup(game),
                int(json.loads(summary)["finished"]),
                summary,
                links.new_key(),
                links.new_key(),
                json.dumps(stakes.to_dict()) if stakes else None,
            ],
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


def _log(
    db: Database,
    game_id: int,
    *,
    phone: str,
    kind: str,
    at: str | None = None,
    decided: bool | None = None,
    **fields,
):
    """Keep a change. `before`, `after`, `outcome_before` and `outcome_after` are dicts, or
    their JSON text when the caller has it already; `decided`: the game was decided before the
    change (read from `outcome_before` when not given)."""
    values = {
        "entry_id": fields.get("entry_id"),
        "number": fields.get("number"),
        **{
            name: _json_text(fields.get(name))
            for name in ("before", "after", "outcome_before", "outcome_after")
        },
    }
    if decided is None:
        decided = bool((fields.get("outcome_before") or {}).get("finished"))
    db.execute(
        "INSERT INTO changes (game_id, at, phone, kind, entry_id, number, before, after,"
        " outcome_before, outcome_after, decided) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [game_id, at or now(), phone, kind, *values.values(), int(decided)],
    )


Kept = Callable[[int, str, int], Stored | None]


def load(
    db: Database, game_id: int, *, deleted: bool = False, kept: Kept | None = None
) -> Stored | None:
    """The stored game with this id, or None (also for ids no SQLite integer can hold, and
    for a deleted game unless `deleted`: its pages are gone until it is restored).

    Outside a write transaction it reads in one read transaction: the game, its version and
    its entries as one moment left them. `kept(id, created, version)`: the game as stored at
    that version if the caller still has it (every write moves the version), so that its
    entries need not be read again."""
    if not 0 < game_id < 2**63:
        return None
    if db.conn.in_transaction:
        return _load(db, game_id, deleted, kept)
    if kept is not None:  # the game's row alone is one statement: no transaction around it
        row = _row(db, game_id, deleted)
        known = kept(game_id, row[2], row[4]) if row else None
        if row is None or known is not None:
            return known
    db.execute("BEGIN")
    try:
        return _load(db, game_id, deleted, kept)
    finally:
        db.execute("COMMIT")


def version(db: Database, game_id: int) -> int | None:
    """How many times the game's entries were written, or None for no such game (or a deleted
    one: a write that read the game before it was deleted then reads it again, and finds none)."""
    row = db.execute(
        "SELECT version FROM games WHERE id = ? AND deleted IS NULL", [game_id]
    ).fetchone()
    return row[0] if row else None


def _row(db: Database, game_id: int, deleted: bool) -> tuple | None:
    return db.execute(
        "SELECT id, kind, created, setup, version, stakes FROM games WHERE id = ?"
        " AND (? OR deleted IS NULL)",
        [game_id, int(deleted)],
    ).fetchone()


def _load(db: Database, game_id: int, deleted: bool, kept: Kept | None) -> Stored | None:
    row = _row(db, game_id, deleted)
    if row is None:
        return None
    _, kind, created, setup, written, stakes = row
    known = kept(game_id, created, written) if kept else None
    if known is not None:
        return known
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
        Stakes.from_dict(json.loads(stakes)) if stakes else None,
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
    # `is` first: an entry's new record holds the very entries of the old one, and comparing
    # two records field by field cost every entry a microsecond per entry before it.
    while start < limit and (old[start] is new[start] or old[start] == new[start]):
        start += 1
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
        end_old -= 1
        end_new -= 1
    adding = max(end_old, end_new) - start  # one change kept per entry added, changed, removed
    if adding and kept_changes(db, stored.id) + adding > MAX_CHANGES:
        raise TooLong(MAX_CHANGES, "changes")
    ids, texts = list(stored.entry_ids), list(stored.entry_data)
    row = db.execute("SELECT summary, finished FROM games WHERE id = ?", [stored.id]).fetchone()
    before_summary = row[0] if row and row[0] else _summary_json(stored.game)
    # As text, as it is stored and logged: decoded only for whether the game was finished.
    was_finished = bool(row[1]) if row and row[0] else json.loads(before_summary)["finished"]
    outcome = modes.summary(game, state)
    summary = json.dumps(outcome)
    common = min(end_old, end_new) - start  # entries changed in place
    log = []
    for position in range(start + common, end_old):  # removed
        db.execute("DELETE FROM entries WHERE id = ?", [ids[position]])
        log.append((ids[position], position, old[position].to_dict(), None))
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
            log.append((entry_id, position, old[position].to_dict(), text))
        else:  # added; a redone entry gets its old id back, so its history stays with it
            entry_id = db.execute(
                "INSERT INTO entries (id, game_id, position, data) VALUES (?, ?, ?, ?)",
                [redo_of(db, stored.id, kind), stored.id, position, text],
            ).lastrowid
            log.append((entry_id, position, None, text))
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
            before=was,
            after=becomes,
            outcome_before=before_summary,
            outcome_after=summary,
            decided=was_finished,
        )
    ids[start:end_old] = window_ids
    texts[start:end_old] = window_texts
    if row and bool(row[1]) == bool(outcome["finished"]):
        # Not set when it stays: the start page's index on it would be written again for
        # nothing, one more page for the commit to wait for.
        db.execute(
            "UPDATE games SET summary = ?, version = version + 1 WHERE id = ?",
            [summary, stored.id],
        )
    else:
        db.execute(
            "UPDATE games SET finished = ?, summary = ?, version = version + 1 WHERE id = ?",
            [int(outcome["finished"]), summary, stored.id],
        )
    _use_token(db, token, stored.id)
    return Stored(
        stored.id, stored.created, game, tuple(ids), tuple(texts), stored.version + 1, stored.stakes
    )


def kept_changes(db: Database, game_id: int) -> int:
    """How many changes of its entries the game keeps (those its export carries)."""
    marks = ", ".join("?" * len(CHANGE_KINDS))
    return db.execute(
        f"SELECT COUNT(*) FROM changes WHERE game_id = ? AND kind IN ({marks})",
        [game_id, *CHANGE_KINDS],
    ).fetchone()[0]


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
    # The kinds alone, newest first (every page asks): only the undo found is read whole.
    kinds = db.execute("SELECT id, kind FROM changes WHERE game_id = ? ORDER BY id DESC", [game_id])
    for change_id, kind in kinds:
        if kind in GAME_KINDS:  # archiving or deleting the game undoes nothing
            continue
        if kind == "redo":
            waiting += 1
        elif kind == "undo":
            if not waiting:
                cursor = db.execute(f"SELECT {_COLUMNS} FROM changes WHERE id = ?", [change_id])
                return next(_read(cursor))
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
    """The game's newest change of its entries (not an archiving or deleting), or None."""
    kept = _changes(db, game_id, newest_first=True)
    return next((c for c in kept if c.kind not in GAME_KINDS), None)


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
    archived: str | None = None  # when it was put in the archive (UTC), or None
    deleted: str | None = None  # when it was deleted (UTC), or None
    deleted_by: str | None = None  # the phone that deleted it (in the bin's list only)


_LISTED = "SELECT id, kind, created, setup, summary, archived, deleted"
_DELETED_BY = (
    ", (SELECT phone FROM changes WHERE changes.game_id = games.id AND kind = 'delete-game'"
    " ORDER BY changes.id DESC LIMIT 1)"
)
# Each list's condition is its partial index's (migration 0003), word for word.
_START = "archived IS NULL AND deleted IS NULL"
_ARCHIVE = "archived IS NOT NULL AND deleted IS NULL"
_BIN = "deleted IS NOT NULL AND deleted >= ?"


def _listed(row) -> Listed:
    id, kind, created, setup, summary, archived, deleted, *by = row
    return Listed(
        id,
        kind,
        created,
        json.loads(setup),
        json.loads(summary or "{}"),
        archived,
        deleted,
        by[0] if by else None,
    )


def _page(db: Database, query: str, params: list, page: int) -> tuple[list[Listed], bool]:
    rows = db.execute(f"{query} LIMIT ? OFFSET ?", [*params, PAGE + 1, (page - 1) * PAGE])
    rows = rows.fetchall()
    return [_listed(row) for row in rows[:PAGE]], len(rows) > PAGE


def _whose(mine: Collection[int] | None) -> tuple[str, list]:
    """The condition that keeps a list to one phone's games (`mine`: the games it started or
    opened with their writer's link) and the games stored before private links, which every
    phone sees as before; None keeps every game (the server's view)."""
    if mine is None:
        return "", []
    ids = sorted({int(i) for i in mine})
    return " AND (numbered = 1 OR id IN (SELECT value FROM json_each(?)))", [json.dumps(ids)]


def listing(
    db: Database, page: int = 1, mine: Collection[int] | None = None
) -> tuple[list[Listed], bool]:
    """One page of the start page's list of games, running ones first, the newest first; and
    whether there are more. Archived and deleted games are not in it; `mine` as _whose()."""
    whose, params = _whose(mine)
    query = f"{_LISTED} FROM games WHERE {_START}{whose} ORDER BY finished, id DESC"
    return _page(db, query, params, page)


def archive_listing(
    db: Database, page: int = 1, mine: Collection[int] | None = None
) -> tuple[list[Listed], bool]:
    """One page of the archive, the newest game first; and whether there are more."""
    whose, params = _whose(mine)
    return _page(db, f"{_LISTED} FROM games WHERE {_ARCHIVE}{whose} ORDER BY id DESC", params, page)


def bin_listing(
    db: Database, page: int = 1, mine: Collection[int] | None = None
) -> tuple[list[Listed], bool]:
    """One page of the games deleted in the last KEEP_DAYS days, the last deleted first, each
    with the phone that deleted it; and whether there are more."""
    whose, params = _whose(mine)
    query = f"{_LISTED}{_DELETED_BY} FROM games WHERE {_BIN}{whose} ORDER BY deleted DESC, id DESC"
    return _page(db, query, [keep_since(), *params], page)


def counts(db: Database, mine: Collection[int] | None = None) -> tuple[int, int]:
    """How many games are in the archive, and how many in the bin (deleted in the last
    KEEP_DAYS days)."""
    whose, params = _whose(mine)
    row = db.execute(
        f"SELECT (SELECT COUNT(*) FROM games WHERE {_ARCHIVE}{whose}),"
        f" (SELECT COUNT(*) FROM games WHERE {_BIN}{whose})",
        [*params, keep_since(), *params],
    ).fetchone()
    return row[0], row[1]


def listed_game(db: Database, game_id: int) -> Listed | None:
    """One game as a list shows it, wherever it is (also archived or deleted), or None."""
    if not 0 < game_id < 2**63:
        return None
    row = db.execute(f"{_LISTED}{_DELETED_BY} FROM games WHERE id = ?", [game_id]).fetchone()
    return _listed(row) if row else None


def numbered(db: Database, game_id: int) -> bool:
    """Whether the game was stored before private links and keeps its numbered link."""
    row = db.execute("SELECT numbered FROM games WHERE id = ?", [game_id]).fetchone()
    return bool(row and row[0])


def keep_since(moment: datetime | None = None) -> str:
    """The oldest deletion time that can still be restored, as stored (UTC, ISO 8601)."""
    moment = moment or datetime.now(UTC)
    return (moment - timedelta(days=KEEP_DAYS)).isoformat(timespec="seconds")


# --- archive and bin --------------------------------------------------------------------------


def archive(db: Database, game_id: int, *, phone: str = "", token: str | None = None) -> bool:
    """Put a finished game in the archive: off the start page, still open to everyone.

    True when it moved now; False when it was there already (another phone was quicker) or
    this form was sent before. Refused for a running game, a deleted or missing one."""
    return _move(db, game_id, "archive", phone, token)


def unarchive(db: Database, game_id: int, *, phone: str = "", token: str | None = None) -> bool:
    """Bring an archived game back to the start page; as archive()."""
    return _move(db, game_id, "unarchive", phone, token)


def delete(db: Database, game_id: int, *, phone: str = "", token: str | None = None) -> bool:
    """Delete a game into the bin: its pages are gone, its entries and changes stay, and for
    KEEP_DAYS days it can be restored; as archive(). Refused only for a missing game."""
    return _move(db, game_id, "delete-game", phone, token)


def restore(db: Database, game_id: int, *, phone: str = "", token: str | None = None) -> bool:
    """Bring a deleted game back as it was (in the archive, if it was there); as archive().
    Refused for a game deleted more than KEEP_DAYS days ago, or a missing one."""
    return _move(db, game_id, "restore", phone, token)


def _move(db: Database, game_id: int, kind: str, phone: str, token: str | None) -> bool:
    """Set the game's archived or deleted time and keep the change, in one write transaction."""
    if not 0 < game_id < 2**63:
        raise Refused("missing")
    with writing(db):
        used = token_game(db, token)
        if used == game_id:
            return False
        if used is not None:
            token = None  # a token of another game's form: nothing to mark
        row = db.execute(
            "SELECT finished, archived, deleted FROM games WHERE id = ?", [game_id]
        ).fetchone()
        if row is None:
            raise Refused("missing")
        finished, archived, deleted = row
        if kind == "restore":
            if deleted is None:
                return False
            if deleted < keep_since():
                raise Refused("expired")
            column, value = "deleted", None
        elif kind == "delete-game":
            if deleted is not None:
                return False
            column, value = "deleted", now()
        elif deleted is not None:
            raise Refused("deleted")
        elif kind == "archive":
            if archived is not None:
                return False
            if not finished:
                raise Refused("running")
            column, value = "archived", now()
        else:  # unarchive
            if archived is None:
                return False
            column, value = "archived", None
        db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", [value, game_id])
        _log(db, game_id, phone=phone, kind=kind)
        _use_token(db, token, game_id)
    return True


def set_stakes(
    db: Database, game_id: int, stakes: Stakes | None, *, phone: str = "", token: str | None = None
) -> bool:
    """Set what the table plays for (None: nothing), kept as a change of the game with the
    stakes before and after; the version moves, so every open board shows it. False when the
    stakes were so already, or this form was sent before."""
    after = stakes.to_dict() if stakes else None
    with writing(db):
        used = token_game(db, token)
        if used == game_id:
            return False
        if used is not None:
            token = None
        row = db.execute(
            "SELECT stakes FROM games WHERE id = ? AND deleted IS NULL", [game_id]
        ).fetchone()
        if row is None:
            raise Refused("missing")
        before = json.loads(row[0]) if row[0] else None
        if before == after:
            return False
        db.execute(
            "UPDATE games SET stakes = ?, version = version + 1 WHERE id = ?",
            [json.dumps(after) if after else None, game_id],
        )
        _log(db, game_id, phone=phone, kind="stakes", before=before, after=after)
        _use_token(db, token, game_id)
    return True


def fill_summaries(db: Database) -> None:
    """Compute the list summary of games stored before games had one (a one-time upgrade)."""
    missing = [row[0] for row in db.execute("SELECT id FROM games WHERE summary IS NULL")]
    for game_id in missing:
        with writing(db):
            stored = load(db, game_id, deleted=True)
            summary = _summary_json(stored.game)
            db.execute(
                "UPDATE games SET finished = ?, summary = ? WHERE id = ?",
                [int(json.loads(summary)["finished"]), summary, game_id],
            )


def renew_links(
    db: Database, game_id: int, *, phone: str = "", token: str | None = None
) -> links.Keys:
    """New keys for a game whose links went where they should not: the old links, and the old
    number, open nothing any more. Kept as a change of the game. A form sent twice renews
    once (the keys of the first time are returned)."""
    with writing(db):
        used = token_game(db, token)
        if used is not None and used != game_id:
            token = None
        if used != game_id:
            if links.keys(db, game_id) is None:
                raise Refused("missing")
            fresh = links.Keys(links.new_key(), links.new_key())
            db.execute(
                "UPDATE games SET write_key = ?, watch_key = ?, numbered = 0 WHERE id = ?",
                [*fresh, game_id],
            )
            _log(db, game_id, phone=phone, kind="new-links")
            _use_token(db, token, game_id)
        return links.keys(db, game_id)
