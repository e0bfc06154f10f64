"""The per-request database handle: one connection a server thread keeps, its transactions
ended with each request, and files only its user reads."""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

from flask import Flask, current_app, g
from sqlite_utils import Database

# Each server thread keeps its connection from request to request: opening one costs its
# PRAGMAs, and closing the last one of a WAL database checkpoints it, on every request.
_kept = threading.local()


def get_db() -> Database:
    """The database for this request: this thread's connection, opened on first use."""
    if "db" not in g:
        path = current_app.config["DATABASE"]
        kept = getattr(_kept, "db", None)
        if kept is None or kept[0] != path:
            if kept is not None:
                kept[1].close()
            _kept.db = (path, connect(path))
        g.db = _kept.db[1]
    return g.db


def private_file(path: str | Path) -> None:
    """The database (or a copy) readable by the app's user alone, whatever the umask: made
    0600 before SQLite makes it 0644, which gives its -wal and -shm the database's mode; one
    made readable by all (by an earlier version, a restore) made private, with them."""
    if str(path) in ("", ":memory:"):
        return
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        for name in (str(path), f"{path}-wal", f"{path}-shm"):
            try:
                if os.stat(name).st_mode & 0o077:
                    os.chmod(name, 0o600)
            except FileNotFoundError:
                pass


def connect(path: str) -> Database:
    """A connection as every request uses it: transactions only where storage opens them
    (BEGIN IMMEDIATE), a writer that waits up to 10 s for the lock instead of failing, and
    foreign keys enforced. The file private (private_file)."""
    private_file(path)
    conn = sqlite3.connect(path, timeout=10, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA foreign_keys = ON")
    return Database(conn)


def forget() -> None:
    """Close this thread's kept connection (before the server forks: a connection must not
    cross into another process)."""
    kept = getattr(_kept, "db", None)
    if kept is not None:
        kept[1].close()
        _kept.db = None


def close_db(_error: BaseException | None = None) -> None:
    """End the request's use of the database: nothing it began stays open for the next one."""
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


def init_app(app: Flask) -> None:
    """End each request's use of the database."""
    app.teardown_appcontext(close_db)
