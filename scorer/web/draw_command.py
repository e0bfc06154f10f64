"""The `draw` command: a club evening's seat plans for N players over K Passen, as JSON, so a
leader can try the draw before the evening and anyone can check what it repeats."""

from __future__ import annotations

import json
import re
import secrets
import sys

import click
from flask import Flask
from flask.cli import with_appcontext

from scorer.club.draw import draw
from scorer.club.quality import quality, so_far
from scorer.codes import Invalid

MOST_PLAYERS = 200  # more than any venue seats
MOST_PASSEN = 30
NUMBERS = re.compile(r"\[[\d\s,]*\]")


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
            from scorer.web.core.messages import say

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
    """Register the command with the app."""
    app.cli.add_command(draw_command)
