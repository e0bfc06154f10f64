"""A step that deletes or decides asks first, in the page and in the table's words: never the
browser's own dialog (issue 31). Cancelled, nothing changes; confirmed, the step is done."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.panel import history_numbers, points_for, save, tap_points, totals


def test_deleting_a_hand_asks_in_the_page(phone: Page, new_game):
    url = new_game()
    for points, key in (("62", "rosen"), ("90", "schellen")):
        points_for(phone, "Wir")
        tap_points(phone, points)
        save(phone, key)
    assert totals(phone) == (62 + 180, 95 + 134)
    dialogs: list[str] = []
    phone.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))

    phone.goto(f"{url}/hands/2")
    phone.get_by_role("button", name="Hand 2 löschen").tap()
    asked = phone.locator("#asked[role=alertdialog]")
    expect(asked.locator("p")).to_have_text("Hand 2 wirklich löschen?")
    yes, no = asked.get_by_role("button", name="Ja"), asked.get_by_role("button", name="Abbrechen")
    for button in (yes, no):
        box = button.bounding_box()
        assert box["height"] >= 44 and box["y"] + box["height"] <= 844, box
    no.tap()
    expect(asked).to_have_count(0)
    phone.goto(url)
    assert history_numbers(phone) == [2, 1]  # cancelled: hand 2 is still there

    phone.goto(f"{url}/hands/2")
    phone.get_by_role("button", name="Hand 2 löschen").tap()
    phone.locator("#asked").get_by_role("button", name="Ja").tap()
    phone.wait_for_url(url)
    assert history_numbers(phone) == [1]
    assert totals(phone) == (62, 95)
    assert dialogs == []
