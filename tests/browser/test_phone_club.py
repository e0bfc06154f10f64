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
        "0 Partner wiederholt, 0 Paare wieder am selben Tisch"
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
