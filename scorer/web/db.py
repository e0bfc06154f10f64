"""The per-request database handle, and the commands that migrate and replay."""

from __future__ import annotations

import json
import sqlite3
import sys

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database

from scorer import exchange
from scorer.storage.migrations import migrate


def get_db() -> Database:
    """The database for this request, opened on first use and closed in teardown."""
    if "db" not in g:
        conn = sqlite3.connect(current_app.config["DATABASE"])
        conn.execute("PRAGMA foreign_keys = ON")
        g.db = Database(conn)
    return g.db


def close_db(_error: BaseException | None = None) -> None:
    """Close the request's database, if it opened one."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


@click.command("migrate")
@with_appcontext
def migrate_command() -> None:
    """Create or update the database in instance/."""
    migrate(get_db())
    click.echo(f"Database ready: {current_app.config['DATABASE']}")


@click.command("replay")
@with_appcontext
@click.argument("file", type=click.File("r", encoding="utf-8"))
def replay_command(file) -> None:
    """Print the computed state of an exported game as JSON."""
    try:
        game = exchange.load(json.load(file))
    except (json.JSONDecodeError, exchange.ImportProblem) as error:
        raise click.ClickException(str(error)) from error
    json.dump(exchange.state_dict(game), sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def init_app(app: Flask) -> None:
    """Register teardown and the commands with the app."""
    app.teardown_appcontext(close_db)
    app.cli.add_command(migrate_command)
    app.cli.add_command(replay_command)
