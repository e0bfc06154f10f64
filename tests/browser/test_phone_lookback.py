"""The Rückblick on a phone in Chromium at 390x844: from the start page, filtered by a player,
on to a game's chart; nothing wider than the screen at 360x740; a game page printed as a clean
score sheet. Screenshots go to screens/ for a human to look at."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.panel import handjass_with_a_deal, save, tap_points, totals

SCREENS = Path(__file__).resolve().parents[2] / "screens"


def handjass_game(phone: Page, base: str) -> None:
    """A Handjass game of four other players, with one deal."""
    handjass_with_a_deal(phone, base)
    expect(phone.locator("li.row")).to_have_count(1)


def no_sideways_scroll(phone: Page, width: int) -> None:
    assert phone.evaluate("document.documentElement.scrollWidth") <= width


def test_lookback_filter_by_player_and_open_a_chart(phone: Page, live_server: str, new_game):
    SCREENS.mkdir(exist_ok=True)
    schieber = new_game(team_a="Anna+Clara", team_b="Ben+Dani")
    for points, key in (("62", "rosen"), ("100", "rosen"), ("48", "obenabe")):
        tap_points(phone, points)
        save(phone, key)
    slate = totals(phone)
    handjass_game(phone, live_server)

    phone.goto(live_server)
    phone.locator("#lookback-link").tap()
    expect(phone.locator("h1")).to_have_text("Rückblick")
    expect(phone.locator("#looked > li")).to_have_count(2)
    expect(phone.locator("#standing-schieber")).to_be_visible()
    expect(phone.locator("#standing-handjass")).to_be_visible()
    no_sideways_scroll(phone, 390)
    phone.screenshot(path=str(SCREENS / "lookback-390x844.png"), full_page=True)

    phone.locator("#filter-player").select_option("Anna")
    phone.locator("#filter-show").tap()
    phone.wait_for_url(re.compile(r"/rueckblick\?.*spieler=Anna"))
    expect(phone.locator("#looked > li")).to_have_count(1)
    expect(phone.locator("#standing-handjass")).to_have_count(0)
    anna = phone.locator("#standing-schieber .tally", has_text="Anna").first
    expect(anna.locator(".figure-games dd")).to_have_text("1")
    phone.screenshot(path=str(SCREENS / "lookback-anna-390x844.png"), full_page=True)

    phone.locator("#looked a", has_text="Verlauf").tap()
    phone.wait_for_url(re.compile(r"/games/[\w-]{24}/verlauf$"))
    expect(phone.locator("svg.chart polyline")).to_have_count(2)
    expect(phone.locator("#legend .final")).to_have_text([str(t) for t in slate])
    box = phone.locator("svg.chart").bounding_box()
    assert box and box["width"] > 300 and box["height"] > 150  # the chart fills the phone's width
    no_sideways_scroll(phone, 390)
    phone.screenshot(path=str(SCREENS / "course-390x844.png"), full_page=True)

    phone.locator("#back-to-game").tap()
    expect(phone).to_have_url(schieber)
    phone.locator("#course-link").tap()
    expect(phone.locator("svg.chart")).to_be_visible()

    phone.set_viewport_size({"width": 360, "height": 740})
    for url in ("/rueckblick", "/rueckblick?spieler=Anna", phone.url):
        phone.goto(url if url.startswith("http") else live_server + url)
        expect(phone.locator("main")).to_be_visible()
        no_sideways_scroll(phone, 360)


def test_a_game_page_prints_as_a_clean_score_sheet(phone: Page, live_server: str, new_game):
    SCREENS.mkdir(exist_ok=True)
    new_game()
    for points, key in (("62", "rosen"), ("100", "schellen")):
        tap_points(phone, points)
        save(phone, key)
    phone.emulate_media(media="print")
    for hidden in (".bar", ".entry", "#record-links, .record-links", "button"):
        for element in phone.locator(hidden).all():
            expect(element).to_be_hidden()
    expect(phone.locator(".slate")).to_be_visible()
    expect(phone.locator("#history li.row")).to_have_count(2)
    colours = phone.evaluate(
        """() => [getComputedStyle(document.body).backgroundColor,
                  getComputedStyle(document.body).color,
                  getComputedStyle(document.querySelector('.slate')).backgroundColor]"""
    )
    assert colours == ["rgb(255, 255, 255)", "rgb(0, 0, 0)", "rgb(255, 255, 255)"]
    phone.screenshot(path=str(SCREENS / "print-390x844.png"), full_page=True)
