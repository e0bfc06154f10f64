"""A table phone at the pub types a game just as the leader draws the Passe anew: on a 390x844
phone the game is refused and the page says, in place of the table, that the Passe was drawn
anew, that nothing stored was lost, and where the table's players sit now; a reload shows the
same (410, not "not found"), and its link opens the projector's seat plan."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE, TIMEOUT_MS
from tests.browser.test_phone_club_queue import table_url, tap_points
from tests.browser.test_phone_queue import controlled, kept

EIGHT = ["Anna", "Beat", "Clara", "Dani", "Eva", "Fritz", "Greti", "Hans"]
SHOTS = Path(tempfile.gettempdir()) / "jass-screens"  # to look at; nothing compares them


@pytest.fixture
def table_phone(browser: Browser) -> Iterator[Page]:
    """The table's phone. Its page is gone on purpose (410): the browser's own line about a
    load answered 410, and htmx's about the refused post, are no problems; any other is."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))

    def console(msg) -> None:
        gone = "status of 410" in msg.text or msg.text.startswith("Response Status Error Code 410")
        offline = "ERR_INTERNET_DISCONNECTED" in msg.text or msg.text.startswith(
            ("htmx:afterRequest", "htmx:sendError")
        )  # without network on purpose, as tests/browser/conftest.py allows it
        if msg.type == "error" and not gone and not offline:
            problems.append(f"console error: {msg.text}")

    page.on("console", console)
    page.on(
        "response",
        lambda r: (
            problems.append(f"{r.status} {r.url}") if r.status >= 500 or r.status == 404 else None
        ),
    )
    yield page
    context.close()
    assert not problems, problems


def test_a_game_typed_as_the_passe_is_drawn_anew_meets_a_clear_page(
    phone: Page, table_phone: Page, live_server: str
):
    leader = phone
    leader.goto(live_server + "/abend/neu")
    leader.get_by_label("Name des Anlasses").fill("Freitagsjass")
    leader.locator("#players").fill("\n".join(EIGHT))
    leader.locator("label", has_text="andere").nth(1).tap()  # games per Passe: another count
    leader.get_by_label("Anzahl Spiele (1 bis 24)").fill("2")
    leader.get_by_role("button", name="Abend anlegen").tap()
    leader.locator("#draw").tap()
    expect(leader.locator("h1")).to_have_text("Passe 1")
    passe = leader.url
    leader.locator("#table-link-1").tap()
    table_url = (
        live_server + "/tisch/" + leader.locator("#table-url").inner_text().split("/tisch/")[1]
    )
    # The table's phone opens its link; A1 starts typing game 1.
    table_phone.goto(table_url)
    seated = table_phone.locator(".seat-line").inner_text()
    players = [name for name in EIGHT if name in seated]
    assert len(players) == 4
    for digit in "95":
        table_phone.locator(f'.keypad [data-digit="{digit}"]').tap()
    # Meanwhile the leader draws Passe 1 anew.
    leader.goto(passe)
    leader.get_by_label("Grund für eine neue Auslosung").fill("Greti kam später")
    leader.locator("#redraw").tap()
    expect(leader.locator("#redrawn")).to_contain_text("Greti kam später")
    # The table's game is refused; the page says why, in place of the table.
    table_phone.locator("#side-1").tap()
    expect(table_phone.locator("h1")).to_have_text("Passe 1 wurde neu gelost")
    expect(table_phone.locator("#redrawn-why")).to_have_text(
        "Nichts gespeichert: die Spielleitung hat Passe 1 neu gelost. Dieser Link gehört zu"
        " Tisch 1 der früheren Auslosung und schreibt nichts mehr."
    )
    expect(table_phone.locator("#redrawn-kept")).to_contain_text("Verloren ist nichts")
    expect(table_phone.locator("#panel")).to_have_count(0)
    expect(table_phone.locator(".seat-line")).to_have_count(0)  # the old seats are gone too
    listed = table_phone.locator("#seat-list tbody td:first-child").all_inner_texts()
    assert sorted(listed) == sorted(players)  # eight players: nobody sits out
    expect(table_phone).to_have_title("Freitagsjass: Passe 1 wurde neu gelost")
    SHOTS.mkdir(parents=True, exist_ok=True)
    table_phone.screenshot(path=SHOTS / "club-redrawn.png", full_page=True)
    assert table_phone.evaluate("document.documentElement.scrollWidth") <= 390
    # A reload: the same words (without "Nichts gespeichert"), answered 410, not 404.
    answer = table_phone.reload()
    assert answer is not None and answer.status == 410
    expect(table_phone.locator("#redrawn-why")).to_have_text(
        "Die Spielleitung hat Passe 1 neu gelost. Dieser Link gehört zu Tisch 1 der früheren"
        " Auslosung und schreibt nichts mehr."
    )
    table_phone.screenshot(path=SHOTS / "club-redrawn-reload.png", full_page=True)
    assert table_phone.evaluate("document.documentElement.scrollWidth") <= 390
    # Its link opens the projector's seat plan, read only: the whole room's new seats.
    table_phone.locator("#screen-link").tap()
    expect(table_phone.locator("#screen-plan")).to_contain_text(listed[0])
    expect(table_phone.locator("form")).to_have_count(0)
    table_phone.screenshot(path=SHOTS / "club-redrawn-screen.png", full_page=True)


def test_a_game_kept_without_network_meets_the_same_words_when_it_is_sent(
    phone: Page, table_phone: Page, live_server: str
):
    """The game was typed without network and kept on the phone (static/queue.js); the leader
    drew anew meanwhile. When the network is back the queue sends it: refused, and the table
    reads why in place of its panel, the game said to stay on the phone."""
    url, leader = table_url(phone, live_server, games=2)
    table_phone.goto(url)
    controlled(table_phone)
    table_phone.context.set_offline(True)
    tap_points(table_phone, "95")
    table_phone.locator("#side-1").tap()
    expect(table_phone.locator("#rows .pending")).to_have_count(1)
    phone.goto(f"{leader}/passe/1")
    phone.get_by_label("Grund für eine neue Auslosung").fill("Greti kam später")
    phone.locator("#redraw").tap()
    expect(phone.locator("#redrawn")).to_contain_text("Greti kam später")
    table_phone.context.set_offline(False)
    expect(table_phone.locator("#redrawn-why")).to_have_text(
        "Nichts gespeichert: die Spielleitung hat Passe 1 neu gelost. Dieser Link gehört zu"
        " Tisch 1 der früheren Auslosung und schreibt nichts mehr.",
        timeout=15_000,
    )
    # The old table's heading and seats went with its #live: the new heading stands alone.
    expect(table_phone.locator("h1")).to_have_count(1)
    expect(table_phone.locator("h1")).to_have_text("Passe 1 wurde neu gelost")
    # Said once on the page (its own card) and once in the kept game's row, not a third time
    # in the flash above them.
    expect(table_phone.locator("#flash")).to_be_empty()
    expect(table_phone.locator("#rows .pending")).to_contain_text(
        "Spiel 1 ist nicht gesendet und bleibt auf diesem Handy: Nichts gespeichert: die"
        " Spielleitung hat Passe 1 neu gelost. Dieser Link gehört zu Tisch 1 der früheren"
        " Auslosung und schreibt nichts mehr."
    )
    expect(table_phone.locator("#panel")).to_have_count(0)
    expect(table_phone.locator("#seat-list tbody tr")).to_have_count(4)
    SHOTS.mkdir(parents=True, exist_ok=True)
    table_phone.screenshot(path=SHOTS / "club-redrawn-queue.png", full_page=True)
    assert table_phone.evaluate("document.documentElement.scrollWidth") <= 390
    # A reload: the game is still kept on the phone, tried once more and listed as not sent,
    # with a button to let it go; then it is gone from the phone too.
    assert table_phone.reload().status == 410
    expect(table_phone.locator("#rows .pending")).to_have_count(1)
    expect(table_phone.locator("#rows .pending")).to_contain_text("Spiel 1 ist nicht gesendet")
    assert kept(table_phone) == 1
    table_phone.screenshot(path=SHOTS / "club-redrawn-kept.png", full_page=True)
    assert table_phone.evaluate("document.documentElement.scrollWidth") <= 390
    table_phone.locator("#rows .pending button").tap()
    expect(table_phone.locator("#rows .pending")).to_have_count(0)
    assert kept(table_phone) == 0
    assert table_phone.reload().status == 410
    expect(table_phone.locator("#redrawn-why")).to_contain_text("Die Spielleitung hat Passe 1")
    expect(table_phone.locator("#flash")).to_be_empty()
