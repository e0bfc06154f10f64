"""A club evening of 40 players on paper, as Chromium's print engine lays it out on A4: the
seat plan on two sheets (the ten tables on the first, the names to read out on the second),
one Standblatt per table, and the standings of all 40 on one sheet."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

FORTY = [f"Spieler {n}" for n in range(1, 41)]


def sheets(page: Page) -> int:
    """The A4 pages the page prints on (print media, the page's own @page size)."""
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


def test_forty_players_print_a_two_sheet_seat_plan_a_standblatt_per_table_and_the_standings(
    phone: Page, live_server: str
):
    phone.goto(live_server + "/abend/neu")
    phone.get_by_label("Name des Anlasses").fill("Jassturnier")
    phone.locator("#players").fill("\n".join(FORTY))
    phone.locator("label", has_text="andere").nth(1).tap()  # games per Passe: another count
    phone.get_by_label("Anzahl Spiele (1 bis 24)").fill("1")
    phone.get_by_role("button", name="Abend anlegen").tap()
    expect(phone.locator("h1")).to_have_text("Jassturnier")
    leader = phone.url
    phone.locator("#draw").tap()
    expect(phone.locator("h1")).to_have_text("Passe 1")
    expect(phone.locator(".seat-table")).to_have_count(10)
    assert sheets(phone) == 2
    phone.goto(leader + "/passe/1/standblatt")
    expect(phone.locator(".sheet")).to_have_count(10)
    assert sheets(phone) == 10
    # One table hands its Passe in (one game: 100 for side A): the standings list everybody.
    phone.goto(f"{leader}/passe/1/tisch/1")
    table = phone.locator("#table-url").inner_text().split("/tisch/")[1]
    phone.goto(f"{live_server}/tisch/{table}")
    for digit in "100":
        phone.locator(f'.keypad [data-digit="{digit}"]').tap()
    phone.locator("#side-0").tap()
    phone.locator("#hand-in").tap()
    phone.locator("#confirm-button").tap()
    expect(phone.locator("#state")).to_have_text("Bestätigt: die Passe zählt.")
    phone.goto(leader + "/rangliste")
    expect(phone.locator("#standings tbody tr")).to_have_count(40)
    assert sheets(phone) == 1
