"""The per-request database handle, and the commands that migrate, back up and replay."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
from datetime import UTC, datetime
from pathlib import Path

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database

from scorer import exchange
from scorer.storage.migrations import migrate

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


@click.command("migrate")
@with_appcontext
def migrate_command() -> None:
    """Create or update the database in instance/."""
    migrate(get_db())
    click.echo(f"Database ready: {current_app.config['DATABASE']}")


@click.command("backup")
@with_appcontext
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
def backup_command(directory: Path) -> None:
    """Write a consistent copy of the database into DIRECTORY, also while the server runs."""
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = directory / f"scorer-{stamp}.db"
    private_file(target)  # a copy holds every key too
    copy = sqlite3.connect(target)
    try:
        # SQLite's online backup: pages copied under a read transaction, so writers go on.
        get_db().conn.backup(copy)
    finally:
        copy.close()
    click.echo(f"Gesichert: {target}")


@click.command("replay")
@with_appcontext
@click.argument("file", type=click.File("r", encoding="utf-8"))
def replay_command(file) -> None:
    """Print the computed state of an exported game, or an evening's standings, as JSON."""
    from scorer.club import exchange as club_exchange
    from scorer.web.core.messages import say
    from scorer.web.games.exchange import import_words

    data = file.read()
    try:
        if '"jass-scorer/event"' in data:  # an evening: its standings
            state = club_exchange.replay(club_exchange.parse(data))
        else:
            # Read as the import page reads it: its changes and stakes too.
            state = exchange.state_dict(exchange.parse_document(data).game)
    except exchange.ImportProblem as error:
        said = say(error.code, kind="club") if error.game is None else import_words(error)
        raise click.ClickException(said) from error
    json.dump(state, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def init_app(app: Flask) -> None:
    """Register teardown and the commands with the app."""
    app.teardown_appcontext(close_db)
    app.cli.add_command(migrate_command)
    app.cli.add_command(backup_command)
    app.cli.add_command(replay_command)
