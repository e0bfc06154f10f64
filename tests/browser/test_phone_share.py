"""Sharing a game at the table, in Chromium at 390x844: the writer shows the watch link's QR
code, another phone opens the watch link, sees each hand within two seconds without a reload,
has no control to change anything, and a forged post from it is refused with 403."""

from __future__ import annotations

import secrets
import time

import pytest
from playwright.sync_api import Page, expect

from tests.browser.panel import save, tap_points, totals


@pytest.fixture
def watcher(other_phone: Page) -> Page:
    """Another phone at the table (the tablet in the middle): its own cookies."""
    return other_phone


def fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def test_a_watcher_follows_live_and_cannot_change_anything(
    phone: Page, watcher: Page, new_game, live_server: str
):
    url = new_game()
    phone.locator("#share-link").tap()
    phone.wait_for_url(f"{url}/teilen")
    expect(phone.locator("#watch-link .qr svg")).to_be_visible()
    box = phone.locator("#watch-link .qr svg").bounding_box()
    assert box["width"] >= 200 and abs(box["width"] - box["height"]) < 1  # big enough to scan
    expect(phone.locator("#write-link .qr svg")).to_be_hidden()  # behind its own tap
    fits(phone)
    watch = "/s/" + phone.locator("#watch-url").inner_text().split("/s/")[1]

    watcher.goto(live_server + watch)
    expect(watcher.locator("#watching")).to_have_text("Zuschauen · Wir – Ihr · live")
    assert totals(watcher) == (0, 0)
    assert watcher.locator("main form, main input, main select, main textarea").count() == 0
    assert watcher.locator("main button").count() == 0
    fits(watcher)

    phone.goto(url)
    tap_points(phone, "62")
    save(phone, "rosen")
    saved = time.monotonic()
    expect(watcher.locator("#total-0 b")).to_have_text("62", timeout=2_000)
    assert time.monotonic() - saved <= 2.0
    assert totals(watcher) == (62, 95)
    assert watcher.url == live_server + watch  # no reload, no other page

    # A forged post from the watching phone, to the watch link and with its key in a writer's
    # address: refused, nothing stored.
    for target in (f"{watch}/hands", watch.replace("/s/", "/games/") + "/hands"):
        status = watcher.evaluate(
            """target => fetch(target, {method: "POST",
                body: new URLSearchParams({contract: "rosen", points: "90"})})
                .then(answer => answer.status)""",
            target,
        )
        assert status == 403
    phone.reload()
    assert totals(phone) == (62, 95)

    # Neither the watcher's start page nor a guess leads to the game.
    watcher.goto(live_server + "/")
    assert url.removeprefix(live_server) not in watcher.content()
    assert watcher.locator("a[href^='/s/']").count() == 0
    guess = watcher.goto(f"{live_server}/games/{secrets.token_urlsafe(18)}")
    assert guess.status == 404
    expect(watcher.locator("#error-page")).to_contain_text("gibt es hier nicht")
    assert watcher.goto(f"{live_server}/games/1").status == 404
