"""Hands kept on the phone without network (static/queue.js) are never lost on the way: an
error page (the game deleted meanwhile, a server or proxy failing) leaves the hand kept and
says so; "Meine statt ihrer" never overwrites a hand another phone changed after the question.
Real Chromium against the app served over HTTP, with its database at hand."""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Iterator

import pytest
import waitress
from playwright.sync_api import Browser, Page, expect
from sqlite_utils import Database

from scorer import create_app
from scorer.storage import games as store
from scorer.storage.migrations import migrate
from scorer.web.db import get_db
from tests.browser.conftest import PHONE, TIMEOUT_MS
from tests.browser.panel import contract, points_for, save, tap_points
from tests.browser.test_phone_queue import kept
from tests.conftest import SEATS

# --- a served app whose database the test can reach -----------------------------------------


class Served:
    def __init__(self, url: str, path: str):
        self.url = url
        self.path = path

    def db(self) -> Database:
        return Database(sqlite3.connect(self.path, timeout=10, isolation_level=None))


@pytest.fixture
def served(tmp_path) -> Iterator[Served]:
    path = str(tmp_path / "review.db")
    app = create_app({"TESTING": True, "DATABASE": path, "SECRET_KEY": "x"})
    with app.app_context():
        migrate(get_db())
    server = waitress.create_server(app, host="127.0.0.1", port=0, asyncore_use_poll=True)
    thread = threading.Thread(target=server.run, name="waitress", daemon=True)
    thread.start()
    try:
        yield Served(f"http://127.0.0.1:{server.effective_port}", path)
    finally:
        server.close()
        thread.join(timeout=5)


def new_phone(browser: Browser) -> Page:
    context = browser.new_context(**PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


@pytest.fixture
def phone(served, browser: Browser) -> Iterator[Page]:
    page = new_phone(browser)
    yield page
    page.context.close()


@pytest.fixture
def other_phone(served, browser: Browser) -> Iterator[Page]:
    page = new_phone(browser)
    yield page
    page.context.close()


def start_game(phone: Page, served: Served) -> str:
    phone.goto(f"{served.url}/games/new")
    phone.fill("input[name=team_a]", "Wir")
    phone.fill("input[name=team_b]", "Ihr")
    for name, player in SEATS.items():
        phone.fill(f"input[name={name}]", player)
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/games/[\w-]{24}$"))
    return phone.url


def game_id(served: Served, url: str) -> int:
    key = url.rsplit("/", 1)[1]
    db = served.db()
    try:
        return db.execute("SELECT id FROM games WHERE write_key = ?", [key]).fetchone()[0]
    finally:
        db.conn.close()


def hands_stored(served: Served, url: str) -> list[tuple]:
    db = served.db()
    try:
        stored = store.load(db, game_id(served, url), deleted=True)
    finally:
        db.conn.close()
    return [(h.contract, h.points, h.points_team) for h in stored.game.hands]


def hand_kept_offline(phone: Page) -> None:
    """Hand 1 saved online; hand 2 (Wir 100, Schellen) typed without network: it waits."""
    tap_points(phone, "62")
    save(phone, "rosen")
    phone.context.set_offline(True)
    points_for(phone, "Wir")
    tap_points(phone, "100")
    contract(phone, "schellen").tap()
    expect(phone.locator("#rows .pending")).to_have_count(1)
    expect(phone.locator("#flash .note")).to_contain_text("Hand 2 wartet auf diesem Handy")
    assert kept(phone) == 1


def back_online_and_answered(phone: Page) -> None:
    """The network is back; wait until the kept hand's post was answered and handled."""
    with phone.expect_response(lambda r: r.request.method == "POST" and "/hands" in r.url):
        phone.context.set_offline(False)
    phone.wait_for_timeout(1_500)  # queue.js handles the answer (and would retry in 5 s)


# --- an error page for a kept hand's post ----------------------------------------------------


def test_kept_hand_is_not_dropped_when_another_phone_deletes_the_game_while_it_is_sent(
    phone: Page, served: Served
):
    """Another phone deletes the game just as the kept hand is sent: the answer is an error
    page, not the game's. The hand stays on the phone (it used to be forgotten before the
    answer was read, and the error page's missing #live went unnoticed), its row says why,
    and once the game is back from the bin its page sends it."""
    url = start_game(phone, served)
    hand_kept_offline(phone)
    number = game_id(served, url)

    def deleted_meanwhile(route):
        # Another phone deletes the game into the bin just as the kept hand is sent.
        db = served.db()
        try:
            store.delete(db, number, phone="Ben")
        finally:
            db.conn.close()
        route.continue_()

    phone.route("**/hands", deleted_meanwhile)
    back_online_and_answered(phone)
    phone.unroute("**/hands")
    db = served.db()
    try:
        store.restore(db, number, phone="Ben")  # brought back from the bin, as it was
    finally:
        db.conn.close()

    # Not stored, still kept, and the page says why.
    assert len(hands_stored(served, url)) == 1 and kept(phone) == 1
    phone.locator("#rows .pending").scroll_into_view_if_needed()
    expect(phone.locator("#rows .pending .wait")).to_have_text(
        re.compile(
            r"^Hand 2 ist nicht gesendet und bleibt auf diesem Handy: Dieses Spiel wurde am "
            r"[\d.]+ um [\d:]+ von Ben gelöscht\."
        )
    )
    # The game back from the bin, the page opened again: the kept hand goes, once.
    phone.reload()
    expect(phone.locator("#row-2")).to_be_visible(timeout=8_000)  # the server's row, sent
    expect(phone.locator("#rows .pending")).to_have_count(0)
    assert hands_stored(served, url) == [("rosen", 62, 0), ("schellen", 100, 0)]
    assert kept(phone) == 0


def test_kept_hand_is_not_dropped_when_its_post_meets_a_server_error(phone: Page, served: Served):
    """A 5xx (an exception in the app, 'database is locked' after the 10 s busy timeout, a
    proxy's 502 while the app restarts) keeps the hand for the next try, which stores it."""
    url = start_game(phone, served)
    hand_kept_offline(phone)
    phone.route(
        "**/hands",
        lambda route: route.fulfill(
            status=502, content_type="text/html", body="<html><body>Bad Gateway</body></html>"
        ),
    )
    back_online_and_answered(phone)
    phone.unroute("**/hands")
    phone.wait_for_timeout(6_000)  # the next try, if the hand were still kept

    # Kept through the failure, and sent with the next try (every 5 s while one waits).
    assert hands_stored(served, url) == [("rosen", 62, 0), ("schellen", 100, 0)]
    assert kept(phone) == 0


# --- "Meine statt ihrer" ---------------------------------------------------------------------


def edit_hand_2(other: Page, url: str, points: str) -> None:
    """Another phone changes hand 2 (Ihr, Rosen) to `points`, through the real edit form."""
    page = other.context.request.get(f"{url}/hands/2")
    html = page.text()
    fields = {
        name: re.search(rf'name="{name}" (?:type="hidden" )?value="([^"]*)"', html).group(1)
        for name in ("csrf_token", "once", "seen")
    }
    answer = other.context.request.post(
        f"{url}/hands/2",
        form={**fields, "contract": "rosen", "points_team": "1", "points": points},
        max_redirects=0,
    )
    assert answer.status == 303, answer.status


def test_mine_instead_of_theirs_does_not_overwrite_a_hand_changed_after_the_question(
    phone: Page, other_phone: Page, served: Served
):
    """The other phone corrects its hand 2 while the question is on the screen: "Meine statt
    ihrer" goes only if the game is still as the question showed it, so the correction is not
    overwritten by an edit based on a view this phone never had; the table is asked again."""
    url = start_game(phone, served)
    hand_kept_offline(phone)
    other_phone.goto(url)
    points_for(other_phone, "Ihr")
    tap_points(other_phone, "100")
    save(other_phone, "rosen")  # their hand 2: Ihr 100 Rosen
    phone.context.set_offline(False)
    ask = phone.locator(".queue-ask")
    expect(ask).to_be_visible(timeout=8_000)
    expect(ask.locator("li.row .row-score")).to_contain_text("+57")  # theirs: Ihr 100

    edit_hand_2(other_phone, url, "120")  # meanwhile the other phone corrects its hand 2
    assert hands_stored(served, url)[1] == ("rosen", 120, 1)

    phone.locator("#queue-replace").tap()
    phone.wait_for_timeout(2_000)
    hands = hands_stored(served, url)
    assert hands[1] == ("rosen", 120, 1), (
        f"the other phone's correction of hand 2 was overwritten unseen: {hands}"
    )
