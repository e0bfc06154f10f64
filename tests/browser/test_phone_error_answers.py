"""A table phone's tap answered with an error that is not the table's page, in real Chromium at
390x844. The app's own error page (a 404 for a table key that no longer exists, a 413) comes
as a card in the table's message area (#table-flash in #live), beside the panel, in the phone's
language, saying that nothing was stored; the points typed stay for one more tap, and the card
goes with the next answer. A refused CSRF token (400: the phone's cookie gone) answers with the
table's page, the points and a fresh token: one more tap saves. Before, the panel's form
selected #live from answers that have none: the phone showed nothing at all.

A proxy's 502 or 504 page is no answer of the app: nothing of it is swapped (it emptied the
table, #live, or took the Schieber game's board and panel), and it goes the way of no answer:
the game is kept on the phone by static/queue.js and sent by itself once the app answers,
with its one-time token (after a 504 the app may have stored it: it lands once); any other
form keeps what was typed and static/offline.js says nothing was saved. The queue's own posts
(with fetch) are left to the queue. A kept game refused by "Passe neu gelost" (410) leaves no
old table heading above it."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.conftest import PHONE, TIMEOUT_MS
from tests.browser.panel import contract, tap_points
from tests.browser.test_phone_club_queue import stored, table_url
from tests.browser.test_phone_queue import controlled, kept
from tests.conftest import SEATS

SHOTS = Path(tempfile.gettempdir()) / "jass-screens"  # to look at; nothing compares them
NO_TABLE = (
    "Nichts gespeichert: dieser Link öffnet keinen Tisch (mehr). Den Link eures Tisches zeigt"
    " die Spielleitung als QR-Code."
)
EXPIRED = "Die Seite war zu lange offen: nichts gespeichert. Bitte nochmals tippen."
TOO_LARGE = "Das ist zu gross: höchstens 256 KB auf einmal. Nichts gespeichert."
TOO_LARGE_FR = "C'est trop gros : au plus 256 KB à la fois. Rien n'est enregistré."
NOT_FOUND = "Diese Seite gibt es hier nicht (oder das Spiel nicht mehr)."
NO_ANSWER = "Keine Verbindung: nichts gespeichert. Nochmals tippen, sobald das Netz zurück ist."
KEPT_GAME = "Spiel 1 wartet auf diesem Handy: gesendet wird, sobald das Netz zurück ist."
KEPT_HAND = "Hand 1 wartet auf diesem Handy: gesendet wird, sobald das Netz zurück ist."


def proxy_page(status: int) -> str:
    """What nginx answers while the app behind it restarts (or is too slow)."""
    title = {502: "502 Bad Gateway", 504: "504 Gateway Time-out"}[status]
    return (
        f"<html><head><title>{title}</title></head><body><center><h1>{title}</h1></center>"
        "<hr><center>nginx</center></body></html>"
    )


@pytest.fixture
def table_phone(browser: Browser) -> Iterator[Page]:
    """A phone whose taps meet error answers on purpose: the browser's and htmx's console lines
    about them, and the answers themselves, are no problems; a script error is."""
    yield from _phone(browser, "de-CH")


@pytest.fixture
def french_phone(browser: Browser) -> Iterator[Page]:
    """The same, on a phone that speaks French."""
    yield from _phone(browser, "fr-CH")


def _phone(browser: Browser, locale: str) -> Iterator[Page]:
    context = browser.new_context(**{**PHONE, "locale": locale})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    yield page
    context.close()
    assert not problems, problems


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"clubErr-{name}.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def in_view_with_the_panel(page: Page, message) -> None:
    """The message is on the screen together with the panel's points, where the tap was."""
    expect(message).to_be_in_viewport()
    expect(page.locator("#points")).to_be_in_viewport()


def still_the_table(page: Page, points: str = "95") -> None:
    """Nothing swapped in that is not the table: its heading, seats, sums and panel are there,
    with the points typed."""
    expect(page.locator("h1")).to_have_text("Passe 1 · Tisch 1")
    expect(page.locator(".seat-line")).to_have_count(1)
    expect(page.locator("#live #sums")).to_have_count(1)
    expect(page.locator("#panel")).to_be_visible()
    expect(page.locator("#points")).to_have_value(points)
    assert page.title() == "Passe 1 · Tisch 1"


def open_table(phone: Page, table: Page, live_server: str) -> tuple[str, str]:
    url, leader = table_url(phone, live_server, games=2)
    table.goto(url)
    tap_points(table, "95")
    return url, leader


def test_a_table_key_gone_meanwhile_says_so_beside_the_panel_and_keeps_the_points(
    phone: Page, table_phone: Page, live_server: str
):
    url, leader = open_table(phone, table_phone, live_server)
    gone = f"{live_server}/tisch/{'z' * 24}/spiele"
    table_phone.route(f"{url}/spiele", lambda route: route.continue_(url=gone))
    table_phone.locator("#side-1").tap()
    message = table_phone.locator("#table-flash .error")
    expect(message).to_have_text(NO_TABLE)
    expect(table_phone.locator("#flash")).to_be_empty()
    still_the_table(table_phone)
    in_view_with_the_panel(table_phone, message)
    shot(table_phone, "404")
    assert stored(phone, leader) == []


def test_a_refused_csrf_token_keeps_the_points_and_the_next_tap_saves(
    phone: Page, table_phone: Page, live_server: str
):
    url, leader = open_table(phone, table_phone, live_server)
    table_phone.context.clear_cookies()  # the phone's cookie is gone: its token with it
    table_phone.locator("#side-1").tap()
    message = table_phone.locator("#table-flash .error")
    expect(message).to_have_text(EXPIRED)
    still_the_table(table_phone)
    in_view_with_the_panel(table_phone, message)
    shot(table_phone, "400")
    assert stored(phone, leader) == []
    # One more tap, as the message says: stored, once, and the words go.
    table_phone.locator("#side-1").tap()
    expect(table_phone.locator("#total-1")).to_have_text("95")
    expect(table_phone.locator("#live .error")).to_have_count(0)
    assert len(stored(phone, leader)) == 1


def test_too_large_a_post_says_so_in_the_phones_language_and_keeps_the_points(
    phone: Page, french_phone: Page, live_server: str
):
    url, leader = open_table(phone, french_phone, live_server)
    french_phone.evaluate(
        """() => { const pad = document.createElement("input");
        pad.type = "hidden"; pad.name = "pad"; pad.id = "pad"; pad.value = "x".repeat(300000);
        document.getElementById("panel").append(pad); }"""
    )
    french_phone.locator("#side-1").tap()
    message = french_phone.locator("#table-flash .error")
    expect(message).to_have_text(TOO_LARGE_FR)
    expect(french_phone.locator("#points")).to_have_value("95")
    expect(french_phone.locator("#panel")).to_be_visible()
    in_view_with_the_panel(french_phone, message)
    shot(french_phone, "413")
    assert stored(phone, leader) == []
    # Tapped again (without the padding): stored, and the card is gone with the old #live.
    french_phone.evaluate("() => document.getElementById('pad').remove()")
    french_phone.locator("#side-1").tap()
    expect(french_phone.locator("#total-1")).to_have_text("95")
    expect(french_phone.locator("main .error")).to_have_count(0)
    assert len(stored(phone, leader)) == 1


def kept_by_the_queue(page: Page, note: str) -> None:
    """The entry went the way of no answer: kept on the phone and said so; the page is the
    game's still (nothing of the proxy's page)."""
    expect(page.locator("#rows .pending")).to_have_count(1)
    expect(page.locator("#flash")).to_have_text(note)
    expect(page.locator("main")).not_to_contain_text("nginx")
    assert kept(page) == 1


def proxy(page: Page, url: str, status: int, *, through: bool = False) -> None:
    """The proxy answers the posts to `url` with its own error page; `through`: the app got
    the post and stored it, the proxy gave up waiting (a 504)."""

    def answer(route: Route) -> None:
        if through:
            route.fetch()
        route.fulfill(status=status, content_type="text/html", body=proxy_page(status))

    page.route(url, answer)


def test_a_proxys_502_page_is_no_answer_the_game_is_kept_and_sent_by_itself(
    phone: Page, table_phone: Page, live_server: str
):
    url, leader = open_table(phone, table_phone, live_server)
    proxy(table_phone, f"{url}/spiele", 502)
    table_phone.locator("#side-1").tap()
    kept_by_the_queue(table_phone, KEPT_GAME)
    still_the_table(table_phone, points="")  # typed into the queue's row, the panel free
    expect(table_phone.locator("#rows .pending")).to_contain_text("95")
    shot(table_phone, "502")
    assert stored(phone, leader) == []
    # The app answers again: the kept game goes by itself (the queue asks every 5 s).
    table_phone.unroute(f"{url}/spiele")
    expect(table_phone.locator("#total-1")).to_have_text("95", timeout=15_000)
    expect(table_phone.locator("#rows .pending")).to_have_count(0)
    assert len(stored(phone, leader)) == 1
    assert kept(table_phone) == 0


def test_a_proxys_504_after_the_app_stored_the_game_lands_once(
    phone: Page, table_phone: Page, live_server: str
):
    url, leader = open_table(phone, table_phone, live_server)
    proxy(table_phone, f"{url}/spiele", 504, through=True)
    table_phone.locator("#side-1").tap()
    kept_by_the_queue(table_phone, KEPT_GAME)
    shot(table_phone, "504")
    assert len(stored(phone, leader)) == 1
    table_phone.unroute(f"{url}/spiele")
    expect(table_phone.locator("#rows .pending")).to_have_count(0, timeout=15_000)
    expect(table_phone.locator("#progress")).to_contain_text("1 von 2 Spielen")
    expect(table_phone.locator("#total-1")).to_have_text("95")
    assert len(stored(phone, leader)) == 1


def schieber_game(page: Page, live_server: str) -> str:
    """A Schieber game set up on the phone; its page's URL."""
    page.goto(f"{live_server}/games/new")
    page.fill("input[name=team_a]", "Wir")
    page.fill("input[name=team_b]", "Ihr")
    for name, player in SEATS.items():
        page.fill(f"input[name={name}]", player)
    page.get_by_role("button", name="Spiel starten").tap()
    page.wait_for_url(re.compile(r"/games/[\w-]{24}$"))
    return page.url


def still_the_game(page: Page) -> None:
    expect(page.locator("#live .board")).to_have_count(1)
    expect(page.locator("#panel")).to_be_visible()
    expect(page.locator("main")).not_to_contain_text("nginx")
    assert page.title() == "Wir – Ihr"


@pytest.mark.parametrize("answer", ["404", "413"])
def test_the_schieber_panel_says_the_apps_error_answer_and_keeps_the_hand(
    table_phone: Page, live_server: str, answer: str
):
    """Its panel takes the whole answer (no hx-select): the app's card went to the flash area
    before, and still does."""
    page = table_phone
    url = schieber_game(page, live_server)
    tap_points(page, "62")
    if answer == "404":
        gone = f"{live_server}/games/{'z' * 24}/hands"  # a link that opens no game
        page.route(f"{url}/hands", lambda route: route.continue_(url=gone))
        said = NOT_FOUND
    else:
        page.evaluate(
            """() => { const pad = document.createElement("input");
            pad.type = "hidden"; pad.name = "pad"; pad.value = "x".repeat(300000);
            document.getElementById("panel").append(pad); }"""
        )
        said = TOO_LARGE
    contract(page, "rosen").tap()
    message = page.locator("#flash .error")
    expect(message).to_have_text(said)
    expect(message).to_be_in_viewport()
    expect(page.locator("#points")).to_have_value("62")
    still_the_game(page)
    shot(page, f"schieber-{answer}")


def test_a_proxys_502_to_the_schieber_panel_keeps_the_hand_on_the_phone(
    table_phone: Page, live_server: str
):
    page = table_phone
    url = schieber_game(page, live_server)
    tap_points(page, "62")
    proxy(page, f"{url}/hands", 502)
    contract(page, "rosen").tap()
    kept_by_the_queue(page, KEPT_HAND)
    still_the_game(page)
    shot(page, "schieber-502")
    page.unroute(f"{url}/hands")  # the board's next poll is answered: the hand goes
    expect(page.locator("#rows .pending")).to_have_count(0, timeout=15_000)
    expect(page.locator("#total-1 b")).to_have_text("95")
    assert kept(page) == 0


def test_a_proxys_502_to_an_undo_keeps_the_game_and_says_nothing_was_saved(
    table_phone: Page, live_server: str
):
    """A form that is not an entry panel's: nothing kept, the offline words, the game as it
    stands (one hand)."""
    page = table_phone
    url = schieber_game(page, live_server)
    tap_points(page, "62")
    contract(page, "rosen").tap()
    expect(page.locator("#total-1 b")).to_have_text("95")
    proxy(page, f"{url}/undo", 502)
    page.locator("form.undo button").first.tap()
    message = page.locator("#flash .error")
    expect(message).to_have_text(NO_ANSWER)
    expect(message).to_be_in_viewport()
    page.wait_for_timeout(500)  # htmx has long finished with the answer: the words stay
    expect(message).to_have_text(NO_ANSWER)
    still_the_game(page)
    expect(page.locator("#total-1 b")).to_have_text("95")
    shot(page, "schieber-undo-502")


def test_the_queues_own_posts_are_left_to_the_queue(
    phone: Page, table_phone: Page, live_server: str
):
    """A game kept without network is sent by static/queue.js with fetch, not htmx: a proxy's
    502 to it keeps it on the phone, as the queue decides, and app.js says nothing of it (no
    htmx event fires for it); sent again once the app answers."""
    url, leader = table_url(phone, live_server, games=2)
    table_phone.goto(url)
    controlled(table_phone)
    table_phone.context.set_offline(True)
    tap_points(table_phone, "95")
    table_phone.locator("#side-1").tap()
    expect(table_phone.locator("#rows .pending")).to_have_count(1)
    refused: list[int] = []

    def bad_gateway(route: Route) -> None:
        refused.append(1)
        route.fulfill(status=502, content_type="text/html", body=proxy_page(502))

    table_phone.route(f"{url}/spiele", bad_gateway)
    table_phone.context.set_offline(False)
    for _ in range(100):  # the queue sends as soon as the phone is online again
        if refused:
            break
        table_phone.wait_for_timeout(100)
    assert refused, "the queue did not send the kept game"
    table_phone.wait_for_timeout(300)
    expect(table_phone.locator("#flash")).to_have_text(
        "Spiel 1 wartet auf diesem Handy: gesendet wird, sobald das Netz zurück ist."
    )
    expect(table_phone.locator("#rows .pending")).to_have_count(1)
    assert kept(table_phone) == 1
    assert stored(phone, leader) == []
    table_phone.unroute(f"{url}/spiele")
    expect(table_phone.locator("#rows .pending")).to_have_count(0, timeout=15_000)
    expect(table_phone.locator("#total-1")).to_have_text("95")
    assert len(stored(phone, leader)) == 1
