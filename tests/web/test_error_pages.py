"""The app's own error pages: for a page request a German page that extends base.html with a
way back (to the game when the URL names one, else to the start page); for htmx a fragment, and
for the framework's refusals the headers that put it in the flash area."""

from __future__ import annotations

import html as markup
import io
import re
import shutil
import sqlite3
from pathlib import Path

import pytest
from jinja2 import StrictUndefined

from scorer import create_app
from scorer.storage.migrations import migrate
from scorer.web.db import get_db
from tests.conftest import by_number, errors_in, link, new_game_form

SCHIEBER, HANDJASS, DIFFERENZLER, COIFFEUR = 1, 2, 3, 4
PLAYERS = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}
HAND = {"contract": "rosen", "points": "90", "points_team": "0"}
DEAL = {"trump": "rosen", "cards0": "60", "cards1": "50", "cards2": "25", "cards3": "22"}
ROUND = {
    "trump": "rosen",
    **{f"prediction-{s}": str(p) for s, p in enumerate((40, 30, 50, 37))},
    **{f"points-{s}": str(p) for s, p in enumerate((52, 20, 45, 40))},
    "action": "save",
}
CELL = {"cell": "0:rosen", "points": "95"}
HX = {"HX-Request": "true"}
NINE_MB = 9 * 1024 * 1024  # over any form's limit (256 KB) but an import's
OVER_IMPORT = 17 * 1024 * 1024  # over the import limit (16 MB) too

BAD_REQUEST = "Diese Anfrage war unvollständig oder unlesbar. Nichts gespeichert."
NOT_FOUND = "Diese Seite gibt es hier nicht (oder das Spiel nicht mehr)."
NOT_ALLOWED = "Diese Adresse nimmt das so nicht an: bitte die Knöpfe der Seite benutzen."
TOO_LARGE = "Das ist zu gross: höchstens 256 KB auf einmal. Nichts gespeichert."
IMPORT_TOO_LARGE = "Das ist zu gross: höchstens 16 MB auf einmal. Nichts gespeichert."
EXPIRED = "Die Seite war zu lange offen: nichts gespeichert. Bitte nochmals tippen."
FAULT = "Im Jass-Zähler ist ein Fehler passiert. Nichts gespeichert: bitte nochmals versuchen."


class Broken(RuntimeError):
    """What the test routes raise: a fault of the app."""


def make_app(database: Path, csrf: bool = False):
    """The app with two routes that fail, faults answered as 500 pages."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(database),
            "SECRET_KEY": "error-pages",
            "WTF_CSRF_ENABLED": csrf,
            "PROPAGATE_EXCEPTIONS": False,
        }
    )
    by_number(app)
    app.jinja_env.undefined = StrictUndefined

    def boom(game_id: int | None = None):
        raise Broken("secret detail of the fault")

    app.add_url_rule("/boom", "boom", boom)
    app.add_url_rule("/games/<game:game_id>/boom", "game_boom", boom)
    return app


@pytest.fixture(scope="module")
def template_db(tmp_path_factory) -> Path:
    """1 a Schieber game with one hand, 2 a Handjass game with one deal, 3 a Differenzler game
    with one round, 4 a Coiffeur game with one cell."""
    path = tmp_path_factory.mktemp("error-pages") / "template.db"
    app = make_app(path)
    with app.app_context():
        migrate(get_db())
    client = app.test_client()
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    assert client.post(f"/games/{SCHIEBER}/hands", data=HAND).status_code == 303
    assert client.post("/handjass/new", data=PLAYERS).status_code == 303
    assert client.post(f"/handjass/{HANDJASS}/deals", data=DEAL).status_code == 303
    setup = {**PLAYERS, "rounds": "12", "deck": "swiss", "exact_bonus": "0"}
    assert client.post("/differenzler/new", data=setup).status_code == 303
    assert client.post(f"/differenzler/{DIFFERENZLER}/round", data=ROUND).status_code == 303
    board = {"team1": "Wir", "team2": "Ihr", "deck": "swiss", "board": "8"}
    assert client.post("/coiffeur/new", data=board).status_code == 303
    assert client.post(f"/coiffeur/{COIFFEUR}/entries", data=CELL).status_code == 303
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return path


@pytest.fixture
def client(tmp_path, template_db):
    path = tmp_path / "errors.db"
    shutil.copyfile(template_db, path)
    return make_app(path).test_client()


@pytest.fixture
def strict_client(tmp_path, template_db):
    """A client of the app with CSRF on, as in production."""
    path = tmp_path / "strict.db"
    shutil.copyfile(template_db, path)
    client = make_app(path, csrf=True).test_client()
    client.get("/games/new")  # a session of its own
    return client


def request(client, method, url, fields=None, headers=None, multipart=False):
    """The answer, read whole; the request's input stream closed (a large body is a file)."""
    extra = {}
    if multipart:
        fields = {**(fields or {}), "file": (io.BytesIO(b" " * OVER_IMPORT), "gross.json")}
        extra["content_type"] = "multipart/form-data"
    response = client.open(url, method=method, data=fields, headers=headers, **extra)
    response.get_data()
    response.close()
    # The test client closes a large body's temporary file only when it follows redirects.
    response.request.input_stream.close()
    return response


def back_links(page: str) -> list[str]:
    """Where the error card's buttons lead."""
    return re.findall(r'<a class="button" href="([^"]*)"', page)


def page_message(page: str) -> str:
    found = re.search(r'<p class="error" id="error-page">([^<]*)</p>', page)
    assert found, page
    return markup.unescape(found.group(1))


def assert_full_page(page: str) -> None:
    """A whole page of the app: it extends base.html."""
    assert page.lstrip().lower().startswith("<!doctype html>")
    assert '<html lang="de">' in page
    assert 'class="bar"' in page
    assert 'id="flash"' in page


def assert_fragment(page: str) -> None:
    assert "<html" not in page and "<!doctype" not in page.lower()
    assert 'class="bar"' not in page


# Framework refusals and faults: (id, method, url, fields, multipart, status, message, back).
# fmt: off
FRAMEWORK = [
    ("400-first-claim-without-team", "POST", f"/games/{SCHIEBER}/first-claim", {}, False, 400,
     BAD_REQUEST, f"/games/{SCHIEBER}"),
    ("404-unknown-game", "GET", "/games/99", None, False, 404, NOT_FOUND, "/"),
    ("404-unknown-page", "GET", "/nirgends", None, False, 404, NOT_FOUND, "/"),
    ("404-game-beyond-64-bits", "GET", f"/games/{10**22}", None, False, 404, NOT_FOUND, "/"),
    ("404-hand-of-a-game", "GET", f"/games/{SCHIEBER}/hands/999", None, False, 404, NOT_FOUND,
     f"/games/{SCHIEBER}"),
    ("404-deal-of-a-game", "GET", f"/handjass/{HANDJASS}/deals/999", None, False, 404,
     NOT_FOUND, f"/handjass/{HANDJASS}"),
    ("405-undo-of-a-game", "GET", f"/games/{SCHIEBER}/undo", None, False, 405, NOT_ALLOWED,
     f"/games/{SCHIEBER}"),
    ("405-delete-a-handjass-game", "DELETE", f"/handjass/{HANDJASS}", None, False, 405,
     NOT_ALLOWED, f"/handjass/{HANDJASS}"),
    ("405-unknown-game", "DELETE", "/games/99", None, False, 405, NOT_ALLOWED, "/"),
    ("413-hand-of-a-game", "POST", f"/games/{SCHIEBER}/hands", {"points": "9" * NINE_MB},
     False, 413, TOO_LARGE, f"/games/{SCHIEBER}"),
    ("413-import", "POST", "/games/import", {}, True, 413, IMPORT_TOO_LARGE, "/"),
    ("500-in-a-game", "GET", f"/games/{SCHIEBER}/boom", None, False, 500, FAULT,
     f"/games/{SCHIEBER}"),
    ("500-elsewhere", "GET", "/boom", None, False, 500, FAULT, "/"),
]
# fmt: on
IDS = [case[0] for case in FRAMEWORK]


@pytest.mark.parametrize(
    ("name", "method", "url", "fields", "multipart", "status", "message", "back"),
    FRAMEWORK,
    ids=IDS,
)
def test_a_page_request_gets_the_apps_own_page(
    client, name, method, url, fields, multipart, status, message, back
):
    response = request(client, method, url, fields, multipart=multipart)
    page = response.get_data(as_text=True)
    assert response.status_code == status
    assert response.mimetype == "text/html"
    assert_full_page(page)
    assert page_message(page) == message
    assert back_links(page) == [link(client, back)]
    assert "Traceback" not in page and "secret detail" not in page


@pytest.mark.parametrize(
    ("name", "method", "url", "fields", "multipart", "status", "message", "back"),
    FRAMEWORK,
    ids=IDS,
)
def test_an_htmx_request_gets_a_fragment_for_the_flash_area(
    client, name, method, url, fields, multipart, status, message, back
):
    response = request(client, method, url, fields, headers=HX, multipart=multipart)
    page = response.get_data(as_text=True)
    assert response.status_code == status
    assert_fragment(page)
    assert page_message(page) == message
    assert response.headers.get("HX-Retarget") == "#flash"
    assert response.headers.get("HX-Reswap") == "innerHTML"
    assert "Traceback" not in page and "secret detail" not in page
    assert back_links(page) == [link(client, back)]


def test_a_refusal_of_the_method_says_which_methods_are_allowed(client):
    response = client.get(f"/games/{SCHIEBER}/undo")
    assert response.status_code == 405
    assert "POST" in response.headers["Allow"]


# --- a refused CSRF token -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "fields", "back"),
    [
        ("/games/new", new_game_form(), "/"),
        ("/phone", {"name": "Anna"}, "/"),
        (f"/games/{SCHIEBER}/undo", {}, f"/games/{SCHIEBER}"),
        (f"/games/{SCHIEBER}/hands/1", HAND, f"/games/{SCHIEBER}"),
        (f"/handjass/{HANDJASS}/deals", DEAL, f"/handjass/{HANDJASS}"),
        (f"/differenzler/{DIFFERENZLER}/round", ROUND, f"/differenzler/{DIFFERENZLER}"),
        (f"/differenzler/{DIFFERENZLER}/undo", {}, f"/differenzler/{DIFFERENZLER}"),
        (f"/coiffeur/{COIFFEUR}/entries", CELL, f"/coiffeur/{COIFFEUR}"),
        (f"/coiffeur/{COIFFEUR}/undo", {}, f"/coiffeur/{COIFFEUR}"),
    ],
)
def test_a_refused_csrf_token_gets_the_apps_own_page(strict_client, url, fields, back):
    response = strict_client.post(url, data={**fields, "csrf_token": "stale"})
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert_full_page(page)
    assert page_message(page) == EXPIRED
    assert back_links(page) == [link(strict_client, back)]


@pytest.mark.parametrize(
    "url",
    [
        "/games/new",
        "/phone",
        "/handjass/new",
        "/differenzler/new",
        "/coiffeur/new",
        "/games/import",
        f"/differenzler/{DIFFERENZLER}/undo",
        f"/coiffeur/{COIFFEUR}/redo",
    ],
)
def test_a_refused_csrf_token_in_htmx_goes_to_the_flash_area(strict_client, url):
    response = strict_client.post(url, data={"csrf_token": "stale"}, headers=HX)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert_fragment(page)
    assert page_message(page) == EXPIRED
    assert response.headers.get("HX-Retarget") == "#flash"
    assert response.headers.get("HX-Reswap") == "innerHTML"


@pytest.mark.parametrize(
    ("url", "fields"),
    [
        (f"/games/{SCHIEBER}/hands", HAND),
        (f"/handjass/{HANDJASS}/deals", DEAL),
        (f"/differenzler/{DIFFERENZLER}/round", ROUND),
        (f"/coiffeur/{COIFFEUR}/entries", CELL),
    ],
)
def test_a_refused_csrf_token_on_a_panel_answers_in_the_panel(strict_client, url, fields):
    response = strict_client.post(url, data={**fields, "csrf_token": "stale"}, headers=HX)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert_fragment(page)
    assert errors_in(page)["game"] == EXPIRED
    assert 'name="csrf_token"' in page  # a fresh token for the next tap


# --- 409 (outdated view) and 422: the page itself, with the message ---------------------------


def test_an_outdated_view_gets_the_page_with_the_message(client):
    stale = {**HAND, "seen": "deadbeef"}
    response = client.post(f"/games/{SCHIEBER}/hands/1", data=stale)
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert_full_page(page)
    assert "Nichts gespeichert: bitte prüfen und nochmals tippen." in errors_in(page)["game"]
    assert f'href="{link(client, f"/games/{SCHIEBER}")}"' in page


def test_an_outdated_view_in_htmx_gets_the_live_part(client):
    stale = {**HAND, "seen": "deadbeef"}
    response = client.post(f"/games/{SCHIEBER}/hands", data=stale, headers=HX)
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert_fragment(page)
    assert "Inzwischen hat" in errors_in(page)["game"]


# fmt: off
@pytest.mark.parametrize(
    ("url", "fields", "field", "message", "back"),
    [
        (f"/games/{SCHIEBER}/hands/1", {**HAND, "points": "158"}, None, "0 bis 157",
         f"/games/{SCHIEBER}"),
        (f"/games/{SCHIEBER}/claim", {"claim_team": "7", "contract": "rosen"}, "claim_team",
         "Welches Team bedankt sich?", f"/games/{SCHIEBER}"),
        (f"/handjass/{HANDJASS}/deals/1", {**DEAL, "cards0": "abc"}, "p0",
         "Bitte eine ganze Zahl eingeben.", f"/handjass/{HANDJASS}"),
        ("/handjass/new", {**PLAYERS, "target": "0"}, "target", "1 bis 100", "/"),
        ("/games/new", new_game_form(seat1="A" * 41), "players", "Namen bis 40 Zeichen.", "/"),
        ("/phone", {"name": ""}, "name", "Bitte einen Namen eingeben", "/"),
    ],
)
# fmt: on
def test_a_refused_form_gets_its_page_with_the_message(client, url, fields, field, message, back):
    response = client.post(url, data=fields)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert_full_page(page)
    shown = errors_in(page)
    assert any(message in text for key, text in shown.items() if field in (None, key)), shown
    assert f'href="{link(client, back)}"' in page


def test_a_refused_import_gets_its_page_with_the_message(client):
    response = client.post(
        "/games/import",
        data={"file": (io.BytesIO(b"kein JSON"), "spiel.json")},
        content_type="multipart/form-data",
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert_full_page(page)
    assert "Die Datei ist kein JSON" in errors_in(page)["file"]
    assert 'href="/"' in page


def test_a_refused_hand_in_htmx_gets_the_live_part(client):
    response = client.post(f"/games/{SCHIEBER}/hands", data={**HAND, "points": "158"}, headers=HX)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert_fragment(page)
    assert "0 bis 157" in errors_in(page)["points"]


def test_a_fault_is_logged_and_rolled_back(client, caplog):
    """The 500 page says nothing of the fault; the log has it."""
    response = client.get(f"/games/{SCHIEBER}/boom")
    assert response.status_code == 500
    assert any("secret detail" in str(r.exc_info[1]) for r in caplog.records if r.exc_info)
    assert client.get(f"/games/{SCHIEBER}").status_code == 200


@pytest.mark.parametrize(
    "fields",
    [{"points": "9" * (64 * 1024 + 1)}, {f"f{i}": "1" for i in range(501)}],
    ids=["a field over 64 KB", "501 fields"],
)
def test_a_url_encoded_form_is_held_to_the_limits_of_a_multipart_one(client, fields):
    """Werkzeug reads a url-encoded form whole: the app holds it to the same 64 KB a field and
    500 fields as a multipart one, with its own page, before the form is looked at."""
    before = client.get(f"/games/{SCHIEBER}/export.json").get_data()
    response = request(client, "POST", f"/games/{SCHIEBER}/hands", fields, multipart=False)
    assert response.status_code == 413
    assert page_message(response.get_data(as_text=True)) == (
        "Das ist zu gross: höchstens 64 KB auf einmal. Nichts gespeichert."
    )
    assert client.get(f"/games/{SCHIEBER}/export.json").get_data() == before
    multipart = request(client, "POST", f"/games/{SCHIEBER}/hands", fields, multipart=True)
    assert multipart.status_code == 413
