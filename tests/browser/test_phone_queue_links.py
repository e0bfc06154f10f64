"""Entries kept on the phone (static/queue.js) that wait for something other than the network,
in real Chromium at 390x844: hands kept under a link that "Neue Links machen" retired (kept,
said, and sent under the game's new link, never to another game), and the hands typed after
one that the server refused back into the panel (they wait for it, and go once it is saved
or dropped, each with its own number)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE, TIMEOUT_MS, _console, _response
from tests.browser.panel import contract, points_for, save, tap_points
from tests.browser.test_phone_queue import WAIT, controlled, kept, offline_hand, stored
from tests.browser.test_phone_queue_modes import settled

GONE = (
    "Dieser Link öffnet das Spiel nicht mehr (neue Links gemacht oder Spiel gelöscht): "
    "gesendet wird, sobald das Spiel mit seinem neuen Link geöffnet oder zurückgeholt ist."
)


@pytest.fixture
def dead() -> list[str]:
    """The paths a test retires (new links): their 404s are meant."""
    return []


@pytest.fixture
def phone(browser: Browser, dead: list[str]) -> Iterator[Page]:
    """The phone of tests/browser/conftest.py: script errors, server errors and missing pages
    are problems, except the 404s of a link this test retired."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    problems: list[str] = []

    def retired(url: str) -> bool:
        path = urlparse(url).path
        return any(path == d or path.startswith(d + "/") for d in dead)

    def console(msg) -> None:
        if "404" in msg.text and (
            retired(msg.location.get("url", "")) or any(d in msg.text for d in dead)
        ):
            return
        _console(msg, problems)

    def response(answer) -> None:
        if answer.status == 404 and retired(answer.url):
            return
        _response(answer, problems)

    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.on("console", console)
    page.on("response", response)
    yield page
    context.close()
    assert not problems, problems


def hands(page: Page, url: str) -> list[tuple]:
    return [(h["contract"], h["points"], h["points_team"]) for h in stored(page, url)]


def waits(page: Page):
    """Why each waiting row waits, the newest first."""
    return page.locator("#rows .pending .wait")


# --- new links ------------------------------------------------------------------------------


def kept_then_retired(phone: Page, other_phone: Page, new_game, base: str, dead: list[str]):
    """Hand 1 saved online; hands 2 and 3 typed without network, kept under the game's link;
    meanwhile another phone makes new links. The network back, the old link answers 404 (the
    first try after it). The game's old and new address."""
    url = new_game()
    controlled(phone)
    tap_points(phone, "62")
    save(phone, "rosen")  # hand 1 online: 62 : 95
    phone.context.set_offline(True)
    offline_hand(phone, "Wir", "100", "schellen")  # hand 2
    offline_hand(phone, "Ihr", "40", "eicheln")  # hand 3
    assert kept(phone) == 2

    other_phone.goto(f"{url}/teilen")
    other_phone.get_by_role("button", name="Neue Links machen").tap()
    expect(other_phone.locator("#renewed")).to_be_visible()
    new_url = base + urlparse(other_phone.locator("#write-url").get_attribute("href")).path
    assert new_url != url
    dead.append(urlparse(url).path)

    with phone.expect_response(lambda r: r.url == url and r.status == 404, timeout=8_000):
        phone.context.set_offline(False)
    return url, new_url


def test_hands_kept_under_a_retired_link_stay_on_the_phone_and_say_why(
    phone: Page, other_phone: Page, new_game, live_server: str, dead: list[str]
):
    url, new_url = kept_then_retired(phone, other_phone, new_game, live_server, dead)
    # The hands stay on the phone, and their rows (and the flash) say why and what to do.
    expect(waits(phone)).to_have_text([GONE, GONE])
    expect(phone.locator("#flash .error")).to_have_text(GONE)
    phone.wait_for_timeout(5_500)  # the next try, every 5 s: still nothing sent
    assert kept(phone) == 2
    assert hands(phone, new_url) == [("rosen", 62, 0)]


def test_hands_kept_under_a_retired_link_are_sent_under_the_games_new_link_alone(
    phone: Page, other_phone: Page, new_game, live_server: str, dead: list[str]
):
    url, new_url = kept_then_retired(phone, other_phone, new_game, live_server, dead)
    # Another game on this phone: the hands are not its own, nothing is shown or sent there.
    other = new_game("Sie", "Er")
    phone.wait_for_timeout(1_000)
    expect(phone.locator("#rows .pending")).to_have_count(0)
    assert hands(phone, other) == []
    assert kept(phone) == 2

    # The phone opens the game with its new link: the hands show there as waiting, and go
    # there, in order, with the same checks as ever (sent after hand 1, as they were typed).
    held = []
    phone.route(re.compile(r".*/hands$"), lambda route: held.append(route))
    phone.goto(new_url)
    expect(waits(phone)).to_have_text([WAIT, WAIT])
    expect(phone.locator("#rows .pending .what")).to_have_text(
        ["Eicheln ×1 · Ihr 40", "Schellen ×2 · Wir 100"]
    )
    for _ in range(50):
        if held:
            break
        phone.wait_for_timeout(100)
    assert [urlparse(r.request.url).path for r in held] == [urlparse(new_url).path + "/hands"]
    held[0].continue_()
    phone.unroute(re.compile(r".*/hands$"))
    settled(phone, new_url)
    assert hands(phone, new_url) == [("rosen", 62, 0), ("schellen", 100, 0), ("eicheln", 40, 1)]
    assert kept(phone) == 0
    expect(phone.locator("#rows .pending")).to_have_count(0)
    assert hands(phone, other) == []
    # The game's mark on its page names the game, never a link's key.
    mark = phone.locator("#live").get_attribute("data-game")
    keys = (url.rsplit("/", 1)[1], new_url.rsplit("/", 1)[1])
    assert mark and not any(key in mark for key in keys)


def test_hands_kept_under_a_retired_link_meet_the_question_under_the_new_one(
    phone: Page, other_phone: Page, new_game, live_server: str, dead: list[str]
):
    """Under its new link, another phone saved hand 2 meanwhile: the kept hand 2 carries the
    fingerprint of the game as it was typed, so the table is asked, as under the old link."""
    url, new_url = kept_then_retired(phone, other_phone, new_game, live_server, dead)
    other_phone.goto(new_url)
    points_for(other_phone, "Ihr")
    tap_points(other_phone, "100")
    save(other_phone, "rosen")  # their hand 2: 57 : 100

    phone.goto(new_url)
    ask = phone.locator(".queue-ask")
    expect(ask).to_be_visible(timeout=8_000)
    expect(ask.locator("> b")).to_have_text(
        "Inzwischen hat ein anderes Handy Hand 2 eingetragen. Was gilt?"
    )
    expect(ask.locator(".pending")).to_contain_text("Schellen ×2 · Wir 100")
    phone.locator("#queue-both").tap()
    settled(phone, new_url)
    assert hands(phone, new_url) == [
        ("rosen", 62, 0),
        ("rosen", 100, 1),
        ("schellen", 100, 0),
        ("eicheln", 40, 1),
    ]
    assert kept(phone) == 0


# --- a refusal back in the panel -------------------------------------------------------------


def refused_first(phone: Page, new_game) -> str:
    """Hands 1 to 3 typed without network, hand 1 with 170 points (more than a hand holds);
    the network back, hand 1 is refused back into the panel, with the server's words."""
    url = new_game()
    controlled(phone)
    phone.context.set_offline(True)
    offline_hand(phone, "Wir", "170", "rosen")  # hand 1: refused by the server
    offline_hand(phone, "Ihr", "40", "eicheln")  # hand 2
    offline_hand(phone, "Wir", "100", "schellen")  # hand 3
    phone.context.set_offline(False)
    back_in_the_panel(phone)
    return url


def back_in_the_panel(phone: Page) -> None:
    expect(phone.locator("#error-points")).to_be_visible(timeout=8_000)
    expect(phone.locator("#points")).to_have_value("170")
    expect(waits(phone)).to_have_text(
        [
            "wartet, bis Hand 1 korrigiert oder verworfen ist",
            "wartet, bis Hand 1 korrigiert oder verworfen ist",
            "Hand 1 abgelehnt: oben korrigieren und speichern, oder verwerfen.",
        ]
    )
    expect(phone.locator("#rows .pending .n")).to_have_text(["3", "2", "1"])


def test_hands_after_one_refused_back_into_the_panel_wait_for_it_and_go_once_it_is_saved(
    phone: Page, new_game
):
    url = refused_first(phone, new_game)
    # Nothing goes over the refused hand: not with the next try, not after a reload.
    phone.wait_for_timeout(5_500)
    assert hands(phone, url) == []
    assert kept(phone) == 3
    phone.reload()
    back_in_the_panel(phone)  # sent again, refused again, back in the panel
    assert hands(phone, url) == []
    assert kept(phone) == 3

    # Corrected in the panel and saved: hand 1, then the two that waited for it.
    for _ in range(3):
        phone.locator('.keypad [data-digit="back"]').tap()
    points_for(phone, "Wir")
    tap_points(phone, "70")
    with phone.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/hands")):
        contract(phone, "rosen").tap()
    settled(phone, url)
    assert hands(phone, url) == [("rosen", 70, 0), ("eicheln", 40, 1), ("schellen", 100, 0)]
    assert kept(phone) == 0
    expect(phone.locator("#rows .pending")).to_have_count(0)
    expect(phone.locator("#rows li.row")).to_have_count(3)


def test_hands_after_one_refused_go_once_it_is_dropped_and_the_panel_lets_it_go(
    phone: Page, new_game
):
    url = refused_first(phone, new_game)
    phone.locator("#rows .pending .button", has_text="Meine verwerfen").tap()
    settled(phone, url)
    assert hands(phone, url) == [("eicheln", 40, 1), ("schellen", 100, 0)]
    assert kept(phone) == 0
    expect(phone.locator("#rows .pending")).to_have_count(0)
    expect(phone.locator("#error-points")).to_have_count(0)
    expect(phone.locator("#points")).to_have_value("")


def test_a_correction_saved_without_an_answer_takes_the_refused_ones_place(phone: Page, new_game):
    """The panel's save of the corrected hand finds no network: it is kept in the refused
    one's place, before the hands typed after it, and they go in that order."""
    url = refused_first(phone, new_game)
    phone.context.set_offline(True)
    for _ in range(3):
        phone.locator('.keypad [data-digit="back"]').tap()
    points_for(phone, "Wir")
    tap_points(phone, "70")
    contract(phone, "rosen").tap()
    expect(waits(phone)).to_have_text([WAIT, WAIT, WAIT])
    expect(phone.locator("#rows .pending .what")).to_have_text(
        ["Schellen ×2 · Wir 100", "Eicheln ×1 · Ihr 40", "Rosen ×1 · Wir 70"]
    )
    expect(phone.locator("#error-points")).to_have_count(0)
    expect(phone.locator("#points")).to_have_value("")
    assert kept(phone) == 3
    phone.context.set_offline(False)
    settled(phone, url)
    assert hands(phone, url) == [("rosen", 70, 0), ("eicheln", 40, 1), ("schellen", 100, 0)]
    assert kept(phone) == 0
