"""The projector of an evening ranked by Striche, in Chromium at 1920x1080, in French and in
English: the room reads the progress, the seat plan and the standings in its language, the
Striche (a game won 1, a Match 2) in the right order with shared ranks, in letters readable
from the back of the room."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.test_club_evening import context_page, side_names, smallest_text, type_game

EIGHT = ["Anna", "Beat", "Clara", "Dani", "Eva", "Fritz", "Greti", "Hans"]
WORDS = {
    "fr-CH": {
        "plan": "Passe 1 : plan des tables",
        "progress": "Passe 1 : 2 tables sur 2 terminées",
        "title": "Classement",
        "total": "Total traits",
    },
    "en-GB": {
        "plan": "Passe 1: seat plan",
        "progress": "Passe 1: 2 of 2 tables done",
        "title": "Standings",
        "total": "Total strokes",
    },
}


@pytest.fixture
def striche_evening(phone: Page, live_server: str) -> tuple[str, list[str]]:
    """Eight players, three Passen of one game, ranked by Striche, Passe 1 drawn: the
    projector's address and the two tables' addresses."""
    phone.goto(live_server + "/abend/neu")
    phone.get_by_label("Name des Anlasses").fill("Chlausjass")
    phone.locator("#players").fill("\n".join(EIGHT))
    phone.locator("label", has_text="3").first.tap()
    phone.locator("label", has_text="andere").nth(1).tap()
    phone.get_by_label("Anzahl Spiele (1 bis 24)").fill("1")
    phone.get_by_text("Strichen", exact=True).tap()
    phone.get_by_role("button", name="Abend anlegen").tap()
    expect(phone.locator("#event-summary")).to_contain_text("3 Passen à 1 Spiel ·")
    expect(phone.locator("#event-summary")).to_contain_text("Rangliste nach Strichen")
    screen = phone.locator("#screen-link").get_attribute("href").split("/leinwand/")[1]
    leader = phone.url
    phone.locator("#draw").tap()
    expect(phone.locator("h1")).to_have_text("Passe 1")
    tables = []
    for number in (1, 2):
        phone.goto(f"{leader}/passe/1/tisch/{number}")
        key = phone.locator("#table-url").inner_text().split("/tisch/")[1]
        tables.append(f"{live_server}/tisch/{key}")
    return f"{live_server}/leinwand/{screen}", tables


@pytest.mark.parametrize("locale", ["fr-CH", "en-GB"])
def test_the_projector_speaks_the_rooms_language_and_ranks_by_striche(
    phone: Page, browser: Browser, striche_evening, locale: str, tmp_path
):
    screen_url, tables = striche_evening
    words = WORDS[locale]
    problems: list[str] = []
    screen = context_page(
        browser, {"viewport": {"width": 1920, "height": 1080}, "locale": locale}, problems
    )
    screen.goto(screen_url)
    expect(screen.locator("#screen h2")).to_have_text(words["plan"])
    expect(screen.locator(".screen-table")).to_have_count(2)
    screen.screenshot(path=tmp_path / f"plan-{locale}.png")

    # Table 1: side A makes 100 (a game won: 1 Strich); table 2: side B makes a Match (2).
    phone.goto(tables[0])
    won = side_names(phone, 0)
    lost = side_names(phone, 1)
    type_game(phone, "100", 0)
    phone.locator("#hand-in").tap()
    phone.locator("#confirm-button").tap()
    expect(phone.locator("#state")).to_be_visible()
    phone.goto(tables[1])
    matched = side_names(phone, 1)
    beaten = side_names(phone, 0)
    type_game(phone, "", 1, match=True)
    phone.locator("#hand-in").tap()
    phone.locator("#confirm-button").tap()
    expect(phone.locator("#state")).to_be_visible()

    # The projector turns to the standings by itself.
    expect(screen.locator("#screen-progress")).to_have_text(words["progress"], timeout=10_000)
    standings = screen.locator("#screen-standings")
    expect(standings).to_be_visible(timeout=15_000)
    expect(screen.locator("#screen h2")).to_have_text(words["title"])
    expect(standings.locator("thead th.total")).to_have_text(words["total"])
    shown = {
        line.locator(".st-name").inner_text(): (
            line.locator(".rank").inner_text(),
            line.locator(".total").inner_text(),
        )
        for line in standings.locator("tbody tr").all()
    }
    assert shown == {
        **{name: ("1.", "2") for name in matched},
        **{name: ("3.", "1") for name in won},
        **{name: ("5.", "0") for name in lost + beaten},
    }
    assert smallest_text(screen) >= 32
    assert screen.evaluate("document.documentElement.scrollHeight") <= 1080
    screen.screenshot(path=tmp_path / f"standings-{locale}.png")
    screen.context.close()
    assert not problems, problems
