"""Fixtures shared by the web and browser tests: an app on a temporary database."""

from __future__ import annotations

import re
import sqlite3
from importlib import import_module

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import BytecodeCache, StrictUndefined

from scorer import create_app
from scorer.storage.migrations import migrate
from scorer.web import ROOMS
from scorer.web.db import get_db

# Each room registers its words for `say` as it is imported (create_app imports them): the
# engine's words are tested without an app too, whatever runs first.
for _room in ROOMS:
    import_module(f"scorer.web.{_room}")

SEATS = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}


class CompiledOnce(BytecodeCache):
    """The templates as compiled, shared by every app of the test run. Each test has its own
    app, and each app compiled every template it rendered anew: a game page's first render
    took a tenth of a second of compiling. Every app here is built by create_app with the
    same Jinja settings, so what one compiled is what another would."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        code = self.compiled.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": CompiledOnce()}


def pytest_xdist_make_scheduler(config, log):
    """`make test` runs the suite on every core (pytest-xdist), the browser tests one after
    another on one worker: two Chromiums on a small machine slow each other past the tests'
    waits, and the other tests fill the other cores meanwhile. Tests that share a scope go to
    one worker; each other test is a scope of its own. (xdist's own `xdist_group` mark does
    not group under pytest 9.2: it renames node ids, which pytest 9 no longer lets it do.)"""
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "browser" if nodeid.startswith("tests/browser/") else nodeid

    return BrowserTogether(config, log)


def new_game_form(**changes) -> dict:
    """The set-up form of a four-player game with the modern preset (Swiss faces)."""
    data = {
        "team_a": "Wir",
        "team_b": "Ihr",
        "size": "4",
        **SEATS,
        "deck": "swiss",
        "preset": "modern",
        "mult_rosen": "1",
        "mult_eicheln": "1",
        "mult_schilten": "2",
        "mult_schellen": "2",
        "mult_obenabe": "3",
        "mult_undenufe": "3",
        "target": "2500",
        "bergpreis": "y",
        "undenufe_six": "y",
        "weis": "large",
        "four_nines": "y",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


NUMBERED = re.compile(r"/(games|handjass|coiffeur|differenzler)/([0-9]+)(?=[/?#]|$)")


class NumberedClient(FlaskClient):
    """A test client on which tests name games by the number they were stored under
    ("/games/1/hands"): it opens them under their writer's link, as a phone does. A number no
    game has stays as written (a test of a missing game). `by_number = False` turns it off."""

    by_number = True

    def open(self, *args, **kwargs):
        if self.by_number and args and isinstance(args[0], str):
            args = (linked(self.application, args[0]), *args[1:])
        return super().open(*args, **kwargs)


def linked(app: Flask, url: str) -> str:
    """The URL with each game number ("/games/1") replaced by the game's writer's key."""

    def key(found: re.Match) -> str:
        conn = sqlite3.connect(app.config["DATABASE"])
        try:
            row = (
                conn.execute("SELECT write_key FROM games WHERE id = ?", [int(found[2])]).fetchone()
                if int(found[2]) < 2**63
                else None
            )
        finally:
            conn.close()
        return f"/{found[1]}/{row[0]}" if row else found[0]

    return NUMBERED.sub(key, url)


def by_number(app: Flask) -> Flask:
    """The app, whose test clients name games by number (NumberedClient)."""
    app.test_client_class = NumberedClient
    return app


@pytest.fixture
def app(tmp_path):
    """The app on a fresh, migrated database; CSRF off unless a test turns it on."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "test.db"),
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    )
    app.jinja_env.undefined = StrictUndefined
    with app.app_context():
        migrate(get_db())
    return by_number(app)


@pytest.fixture
def client(app):
    """A test client of the app."""
    return app.test_client()


def errors_in(html: str) -> dict[str, str]:
    """The error messages on a page, by the field they stand beside."""
    return dict(re.findall(r'<p class="error" id="error-([\w-]+)" role="alert">([^<]*)</p>', html))


def totals_in(html: str) -> tuple[int, int]:
    """The two totals in figures under the slate."""
    found = re.findall(
        r'id="total-(\d)">(?:<span class="name">.*?</span>|[^<]*) *<b>(-?\d+)</b>', html
    )
    values = dict(found)
    return int(values["0"]), int(values["1"])


def link(client: FlaskClient, path: str) -> str:
    """A path as tests write it ("/games/1") under the game's writer's link."""
    return linked(client.application, path)


def numbered(client: FlaskClient, html: str) -> str:
    """A page as tests read it: each game's writer's key in it shown as the game's number, the
    inverse of linked()."""
    conn = sqlite3.connect(client.application.config["DATABASE"])
    try:
        keys = conn.execute("SELECT id, write_key FROM games").fetchall()
    finally:
        conn.close()
    for game_id, key in keys:
        html = html.replace(key, str(game_id))
    return html


def own(client: FlaskClient, *game_ids: int) -> None:
    """Make games stored directly (not through the client's forms) this phone's games, as if
    it had started them: its lists show them."""
    with client.session_transaction() as session:
        session["mine"] = sorted({*session.get("mine", []), *game_ids}, reverse=True)


def game_number(client: FlaskClient, location: str) -> int:
    """The number of the game a writer's link (a redirect's Location) opens."""
    key = location.split("?")[0].rstrip("/").rsplit("/", 1)[1]
    conn = sqlite3.connect(client.application.config["DATABASE"])
    try:
        return conn.execute("SELECT id FROM games WHERE write_key = ?", [key]).fetchone()[0]
    finally:
        conn.close()
