"""Error answers to a club table phone's posts (`/tisch/<key>/...`), as the server gives them.

The table's panel posts with htmx and takes only the answer's #live (hx-select). The app's own
error fragment therefore names what to take of it (HX-Reselect), besides where it goes: for a
table, its own message area in #live (#table-flash), beside the panel and gone with the next
answer. Without that, the phone showed nothing at all. A key that opens no table says so and
that nothing was stored; the way back leads to the table's page where there is a table (the
start page is a dead end for a table phone: only the leader's QR code leads to a table). A
refused CSRF token answers with the table's page: its words, what was typed, a fresh token, so
one more tap saves it. The table's heading and seats are inside #live, as the 410 page's are,
so that static/queue.js, putting the 410 page's #live in place of the table's, leaves no old
heading above it."""

from __future__ import annotations

import html as markup
import re

import pytest

from scorer.web.core.errors import EXPIRED
from tests.conftest import errors_in
from tests.web.test_club_redrawn_table import redraw, setup
from tests.web.test_club_tables import rows, stored_games, text, version

HX = {"HX-Request": "true"}
NO_TABLE = (
    "Nichts gespeichert: dieser Link öffnet keinen Tisch (mehr). Den Link eures Tisches zeigt"
    " die Spielleitung als QR-Code."
)
NOT_FOUND = "Diese Seite gibt es hier nicht (oder das Spiel nicht mehr)."
FAULT = "Im Jass-Zähler ist ein Fehler passiert. Nichts gespeichert: bitte nochmals versuchen."


def page_message(page: str) -> str:
    found = re.search(r'<p class="error" id="error-page">([^<]*)</p>', page)
    assert found, page
    return markup.unescape(found.group(1))


def back_links(page: str) -> list[str]:
    return re.findall(r'<a class="button" href="([^"]*)"', page)


@pytest.fixture
def night(client, app) -> dict:
    """An evening of eight, two games a Passe, Passe 1 drawn: table 1's page and key."""
    found = setup(client, app)
    key = found["tables"][0][0]
    return {**found, "key": key, "page": f"/tisch/{key}"}


def game(app, page: str, points: str = "95", side: str = "1") -> dict:
    return {"points": points, "side": side, "number": "1", "seen": version(app, page)}


def assert_flash_fragment(response) -> None:
    """The app's error card for the table's message area, whatever the form selects."""
    page = response.get_data(as_text=True)
    assert "<html" not in page and 'id="live"' not in page
    assert response.headers.get("HX-Retarget") == "#table-flash"
    assert response.headers.get("HX-Reswap") == "innerHTML"
    assert response.headers.get("HX-Reselect") == ".flash-message"
    assert re.search(r'<div class="card flash-message" role="alert">', page)


def test_a_key_that_opens_no_table_says_nothing_was_stored(client, app, night):
    answer = client.post(f"/tisch/{'z' * 24}/spiele", data=game(app, night["page"]), headers=HX)
    assert answer.status_code == 404
    assert_flash_fragment(answer)
    assert page_message(answer.get_data(as_text=True)) == NO_TABLE
    assert back_links(answer.get_data(as_text=True)) == ["/"]  # no table to go back to
    # Without htmx the app's page, in the same words; opened, the key stays a plain 404.
    whole = client.post(f"/tisch/{'z' * 24}/abgeben", data={"seen": "1"})
    assert whole.status_code == 404
    assert page_message(whole.get_data(as_text=True)) == NO_TABLE
    opened = client.get(f"/tisch/{'z' * 24}")
    assert opened.status_code == 404
    assert page_message(opened.get_data(as_text=True)) == NOT_FOUND


def test_a_fault_on_a_tables_post_goes_to_the_flash_area_and_back_to_the_table(
    client, app, night, monkeypatch
):
    from scorer.storage import club_tables

    def broken(*args, **kwargs):
        raise RuntimeError("secret detail of the fault")

    monkeypatch.setattr(club_tables, "enter", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    answer = client.post(f"{night['page']}/spiele", data=game(app, night["page"]), headers=HX)
    assert answer.status_code == 500
    assert_flash_fragment(answer)
    page = answer.get_data(as_text=True)
    assert page_message(page) == FAULT
    assert back_links(page) == [night["page"]]  # "Seite neu laden": this table, not "/"
    assert "secret detail" not in page
    assert stored_games(app, night["page"]) == []


def test_too_large_a_post_goes_to_the_flash_area(client, app, night):
    data = {**game(app, night["page"]), "pad": "x" * (300 * 1024)}
    answer = client.post(f"{night['page']}/spiele", data=data, headers=HX)
    assert answer.status_code == 413
    assert_flash_fragment(answer)
    assert back_links(answer.get_data(as_text=True)) == [night["page"]]
    assert stored_games(app, night["page"]) == []


@pytest.mark.parametrize("hx", [True, False], ids=["htmx", "page"])
def test_a_refused_csrf_token_answers_with_the_table_and_what_was_typed(client, app, night, hx):
    app.config["WTF_CSRF_ENABLED"] = True
    page = night["page"]
    data = {**game(app, page), "csrf_token": "stale", "once": "tap-1"}
    answer = client.post(f"{page}/spiele", data=data, headers=HX if hx else {})
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert 'id="live"' in html and "HX-Retarget" not in answer.headers
    assert errors_in(html)["table"] == EXPIRED
    assert re.search(r'id="points" name="points" value="95"', html)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    assert token != "stale"
    assert stored_games(app, page) == []
    # One more tap with the fresh token: stored.
    again = client.post(f"{page}/spiele", data={**data, "csrf_token": token})
    assert again.status_code == 303
    assert len(stored_games(app, page)) == 1


def test_a_refused_csrf_token_keeps_an_objections_reason(client, app, night):
    page = night["page"]
    for number, side in ((1, "1"), (2, "0")):
        data = {**game(app, page, side=side), "number": str(number)}
        assert client.post(f"{page}/spiele", data=data).status_code == 303
    assert client.post(f"{page}/abgeben", data={"seen": version(app, page)}).status_code == 303
    app.config["WTF_CSRF_ENABLED"] = True
    data = {"seen": version(app, page), "reason": "Spiel 2 war 100", "csrf_token": "stale"}
    answer = client.post(f"{page}/einspruch", data=data)
    assert answer.status_code == 422
    html = text(answer)
    assert errors_in(answer.get_data(as_text=True))["table"] == EXPIRED
    assert 'name="reason" maxlength="200" autocomplete="off" value="Spiel 2 war 100"' in html
    assert rows(app, "SELECT state FROM event_tables WHERE key = ?", [night["key"]]) == [
        ("handed_in",)
    ]


def test_a_refused_csrf_token_of_a_table_drawn_anew_gets_the_410_page(client, app, night):
    redraw(client, app, night["leader"])
    app.config["WTF_CSRF_ENABLED"] = True
    data = {"points": "95", "side": "1", "number": "1", "seen": "1", "csrf_token": "stale"}
    answer = client.post(f"{night['page']}/spiele", data=data, headers=HX)
    assert answer.status_code == 410
    assert "neu gelost" in text(answer)


def test_the_tables_message_area_is_in_live_on_every_answer(client, app, night):
    page = night["page"]
    opened = text(client.get(page)).split('<div id="live"', 1)[1]
    assert opened.count('<div id="table-flash"></div>') == 1
    seen = version(app, page)
    assert client.post(f"{page}/spiele", data=game(app, page)).status_code == 303
    # Another phone wrote meanwhile: the refusal's words are there too.
    data = {**game(app, page), "number": "2", "seen": seen}
    stale = client.post(f"{page}/spiele", data=data, headers=HX)
    assert stale.status_code == 409
    found = re.search(r'<div id="table-flash"><p class="error" id="error-table"', text(stale))
    assert found


def test_an_error_card_elsewhere_still_goes_to_the_pages_flash_area(client):
    answer = client.post("/games/1/undo", headers=HX)
    assert answer.status_code == 404
    assert answer.headers.get("HX-Retarget") == "#flash"
    assert answer.headers.get("HX-Reselect") == ".flash-message"


def test_the_heading_and_seats_are_in_live_on_the_table_and_on_the_410_page(client, app, night):
    live = text(client.get(night["page"])).split('<div id="live"', 1)[1]
    assert "<h1>Passe 1 · Tisch 1</h1>" in live and 'class="hint seat-line"' in live
    redraw(client, app, night["leader"])
    gone = client.get(night["page"])
    assert gone.status_code == 410
    head, live = text(gone).split('<div id="live"', 1)
    assert "<h1>" not in head
    assert "<h1>Passe 1 wurde neu gelost</h1>" in live
