"""A leader sets up a club evening of ten players on a 390x844 phone, draws Passe 1 and
reads the seat plan: a table of six and one of four, every name once; the page fits the phone."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

TEN = ["Anna", "Beat", "Clara", "Dani", "Eva", "Fritz", "Greti", "Hans", "Ida", "Jakob"]


def test_a_leader_sets_up_an_evening_and_draws_the_first_passe(phone: Page, live_server, tmp_path):
    phone.goto(live_server + "/")
    phone.locator("#new-event").tap()
    phone.get_by_label("Name des Anlasses").fill("Clubmeisterschaft")
    phone.locator("#players").fill("\n".join(TEN))
    phone.locator("label", has_text="Schlechteste Passe streichen").tap()
    phone.screenshot(path=tmp_path / "club-new.png", full_page=True)
    phone.get_by_role("button", name="Abend anlegen").tap()
    expect(phone.locator("h1")).to_have_text("Clubmeisterschaft")
    expect(phone.locator("#event-summary")).to_contain_text("4 Passen à 12 Spiele")
    expect(phone.locator("#event-summary")).to_contain_text("schlechteste Passe gestrichen")
    phone.locator("#draw").tap()
    expect(phone.locator("h1")).to_have_text("Passe 1")
    expect(phone.locator("#repeats")).to_have_text(
        "0 Partner wiederholt, 0 Paare wieder am selben Tisch, davon 0 zum dritten Mal oder öfter"
    )
    tables = phone.locator(".seat-table")
    expect(tables).to_have_count(2)
    sizes = sorted(tables.nth(i).locator("li").count() for i in range(2))
    assert sizes == [4, 6]
    names = phone.locator("#seat-list tbody td:first-child").all_inner_texts()
    assert names == TEN
    phone.screenshot(path=tmp_path / "club-passe.png", full_page=True)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    # Back on the evening: Passe 1 is drawn, Passe 2 is next, and the start page lists it.
    phone.get_by_role("link", name=re.compile("Clubmeisterschaft")).tap()
    expect(phone.locator("#draw")).to_have_text("Passe 2 auslosen")
    expect(phone.locator("#record")).to_contain_text("Passe 1 gelost")
    phone.goto(live_server + "/")
    expect(phone.locator("#events")).to_contain_text("Clubmeisterschaft")


def test_a_table_phone_enters_a_passe_in_three_taps_a_game_and_the_other_side_confirms(
    phone: Page, live_server, tmp_path
):
    phone.goto(live_server + "/abend/neu")
    phone.get_by_label("Name des Anlasses").fill("Freitagsjass")
    phone.locator("#players").fill("\n".join(TEN[:8]))
    phone.locator("label", has_text="andere").nth(1).tap()  # games per Passe: another count
    phone.get_by_label("Anzahl Spiele (1 bis 24)").fill("2")
    phone.get_by_role("button", name="Abend anlegen").tap()
    phone.locator("#draw").tap()
    phone.locator("#table-link-1").tap()
    # The link as another phone on the Wi-Fi opens it; this test server listens on loopback.
    table_url = (
        live_server + "/tisch/" + phone.locator("#table-url").inner_text().split("/tisch/")[1]
    )
    phone.screenshot(path=tmp_path / "club-table-link.png", full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    leader = phone.url
    # The table's phone: two digits and the side's button save a game.
    phone.goto(table_url)
    side_b = phone.locator("#side-1").inner_text()
    for digit in "95":
        phone.locator(f'.keypad [data-digit="{digit}"]').tap()
    phone.locator("#side-1").tap()
    expect(phone.locator("#progress")).to_contain_text("1 von 2 Spielen")
    expect(phone.locator("#total-0")).to_have_text("62")
    expect(phone.locator("#total-1")).to_have_text("95")
    phone.locator(".match-key").tap()
    phone.locator("#side-0").tap()
    expect(phone.locator("#total-0")).to_have_text("319")  # 62 and a Match, 157 + 100
    phone.screenshot(path=tmp_path / "club-table.png", full_page=True)
    phone.locator("#hand-in").tap()
    expect(phone.locator("#confirm")).to_contain_text(
        side_b.removeprefix("für ") + ": stimmt die Passe?"
    )
    phone.locator("#confirm-button").tap()
    expect(phone.locator("#state")).to_have_text("Bestätigt: die Passe zählt.")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # The leader's board shows it without a reload (it polls every 5 s).
    phone.goto(leader.split("/passe/")[0])
    expect(phone.locator("#board-1-1")).to_contain_text("bestätigt")
    expect(phone.locator("#passe-1")).to_contain_text("1 von 2 Tischen fertig")
