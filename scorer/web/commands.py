"""The app's commands (`flask --app scorer ...`): migrate the database, back it up while the
server runs, replay an exported game or evening, and try a club evening's draw."""

from __future__ import annotations

import json
import re
import secrets
import sqlite3
import sys
from datetime import UTC, datetime
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from scorer import exchange
from scorer.club import exchange as club_exchange
from scorer.club.draw import draw
from scorer.club.quality import quality, so_far
from scorer.codes import Invalid
from scorer.storage.migrations import migrate
from scorer.web.core.messages import say
from scorer.web.db import get_db, private_file
from scorer.web.games.exchange import import_words

MOST_PLAYERS = 200  # more than any venue seats
MOST_PASSEN = 30
NUMBERS = re.compile(r"\[[\d\s,]*\]")


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


@click.command("draw")
@with_appcontext
@click.option(
    "--players",
    "-n",
    type=click.IntRange(4, MOST_PLAYERS),
    required=True,
    help="How many players: numbered 0 to N-1.",
)
@click.option(
    "--passen",
    "-k",
    type=click.IntRange(1, MOST_PASSEN),
    required=True,
    help="How many Passen to draw, each from the ones before.",
)
@click.option("--seed", "-s", help="The event's seed (default: a new one, printed).")
def draw_command(players: int, passen: int, seed: str | None) -> None:
    """Print the seat plans of K Passen for N players as JSON: per Passe its tables (partners
    at seats 0 and 2, 1 and 3; 0, 2, 4 and 1, 3, 5 at a table of six), who sits out, how
    many pairs meet again, and what the Passen so far repeat together beside the fewest
    possible."""
    seed = secrets.token_hex(4) if seed is None else seed
    history, printed, repeats, so_fars = [], [], {}, {}
    for number in range(1, passen + 1):
        try:
            plan = draw(range(players), history, seed=seed, passen=passen)
        except Invalid as refused:
            raise click.ClickException(say(refused.code)) from refused
        repeats[number] = quality(plan, history).to_dict()
        history.append(plan)
        printed.append({"passe": number, **plan.to_dict(), "repeats": number, "so_far": number})
        so_fars[number] = so_far(history).to_dict()
    # Indented, with each table (a list of numbers) and each Passe's repeats on one line.
    text = json.dumps(printed, indent=2)
    text = NUMBERS.sub(lambda found: json.dumps(json.loads(found[0])), text)
    for number, said in repeats.items():
        text = text.replace(f'"repeats": {number},\n', f'"repeats": {json.dumps(said)},\n', 1)
        together = json.dumps(so_fars[number])
        text = text.replace(f'"so_far": {number}\n', f'"so_far": {together}\n', 1)
    sys.stdout.write(text + "\n")


def init_app(app: Flask) -> None:
    """Register the commands with the app."""
    for command in (migrate_command, backup_command, replay_command, draw_command):
        app.cli.add_command(command)
