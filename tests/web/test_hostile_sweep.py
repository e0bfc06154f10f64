"""Hostile requests beside test_hostile's table: a rounding step of sNaN, a `back` that would
lead off the site, a change's time at the edge of the calendar. Each is a clear 4xx with a
message and nothing stored, or a page that renders.

The app runs with PROPAGATE_EXCEPTIONS off, as in test_hostile: a fault in a view shows up as
a 500 answer that the tests assert against.
"""

from __future__ import annotations

import html as markup
import io
import json
import re
import sqlite3
from pathlib import Path

import pytest

from scorer.storage.migrations import migrate
from scorer.web.db import get_db
from tests.conftest import new_game_form
from tests.web.test_hostile import make_app, messages

EXPORTS = Path(__file__).resolve().parents[1] / "exports" / "v1"
GOOD = json.loads((EXPORTS / "schieber_modern_finished.json").read_text(encoding="utf-8"))


def fresh_world(tmp_path: Path) -> tuple:
    """An app on a fresh database (faults answer 500), a client, and the database's path."""
    path = tmp_path / "sweep.db"
    app = make_app(path)
    with app.app_context():
        migrate(get_db())
    return app, app.test_client(), path


@pytest.fixture
def world(tmp_path):
    return fresh_world(tmp_path)


def rows(path: Path, sql: str, args=()) -> list:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def everything(path: Path) -> dict:
    """Every row of every table (but the migrations'), to compare before and after."""
    conn = sqlite3.connect(path)
    try:
        names = [
            n
            for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if not n.startswith(("sqlite", "_"))
        ]
        return {n: sorted(map(repr, conn.execute(f"SELECT * FROM {n}"))) for n in names}
    finally:
        conn.close()


def upload(client, url: str, document) -> object:
    body = document if isinstance(document, bytes) else json.dumps(document).encode()
    return client.post(
        url,
        data={"file": (io.BytesIO(body), "datei.json")},
        content_type="multipart/form-data",
    )


def file_error(response) -> str:
    found = re.search(r'id="error-file"[^>]*>([^<]*)<', response.get_data(as_text=True))
    return markup.unescape(found.group(1)) if found else ""


# --- stakes: a signalling NaN -----------------------------------------------------------------


def test_a_rounding_step_of_snan_is_refused_not_a_server_error(world):
    """POST /games/<id>/einsatz with step=sNaN: Decimal("sNaN") in STEPS raises
    InvalidOperation in scorer.stakes.step()."""
    _app, client, path = world
    game = client.post("/games/new", data=new_game_form()).headers["Location"]
    before = everything(path)
    response = client.post(f"{game}/einsatz", data={"amount": "1", "step": "sNaN"})
    assert response.status_code == 422, response.status_code
    assert any("runden" in m for m in messages(response.get_data(as_text=True)))
    assert everything(path) == before


def test_an_import_with_a_rounding_step_of_snan_is_refused_not_a_server_error(world):
    _app, client, path = world
    before = everything(path)
    response = upload(client, "/games/import", {**GOOD, "stakes": {"amount": "1", "step": "sNaN"}})
    assert response.status_code == 422, response.status_code
    assert "runden" in file_error(response)
    assert everything(path) == before


# --- "back" after naming the phone or choosing the language ------------------------------------

ESCAPES = ["/\t/evil.example", "/\n/evil.example", "/\r/evil.example"]


@pytest.mark.parametrize("back", ESCAPES, ids=["tab", "newline", "return"])
@pytest.mark.parametrize(
    ("url", "fields"), [("/phone", {"name": "Anna"}), ("/sprache", {"lang": "fr"})]
)
def test_back_never_leads_off_the_site_nor_fails(world, url, fields, back):
    """`back` is checked with startswith("/") and not startswith("//"): a tab between the two
    slashes passes, and the redirect's Location is //evil.example (browsers drop tabs and line
    breaks in URLs); a line break fails as a header value (500)."""
    _app, client, _path = world
    response = client.post(url, data={**fields, "back": back})
    assert response.status_code == 303, response.status_code
    location = re.sub(r"[\x00-\x20]", "", response.headers["Location"])
    assert location.startswith("/") and not location.startswith(("//", "/\\")), location


# --- a game's import: a change's time --------------------------------------------------------


@pytest.mark.parametrize(
    "time",
    ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00", "0001-01-01"],
)
def test_an_imported_change_at_the_edge_of_time_is_refused_or_shown(world, time):
    """A change's time is only checked for length and control characters; a time that cannot
    be turned into the table's time zone makes local_time() raise OverflowError on the game's
    page, its record of changes and the hand's edit page."""
    _app, client, path = world
    change = {
        "time": time, "phone": "Anna", "kind": "edit", "hand": 1, "now": 1,
        "before": None, "after": None,
    }  # fmt: skip
    response = upload(client, "/games/import", {**GOOD, "changes": [change]})
    if response.status_code == 422:
        assert file_error(response)
        assert rows(path, "SELECT count(*) FROM games") == [(0,)]
        return
    assert response.status_code == 303, response.status_code
    game = response.headers["Location"]
    for url in (game, f"{game}/changes", f"{game}/hands/1"):
        assert client.get(url).status_code == 200, url
