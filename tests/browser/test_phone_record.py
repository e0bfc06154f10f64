"""Two phones on one game: every change kept and shown, and nothing written over a change the
phone has not seen."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.panel import points_for, save, tap_points, totals


def name_phone(page: Page, base: str, name: str) -> None:
    """Give the phone its name on the page the game links to."""
    back = page.url
    page.goto(f"{base}/phone?back={back.removeprefix(base)}")
    page.fill("input[name=name]", name)
    page.get_by_role("button", name="Speichern").tap()
    page.wait_for_url(back)


def three_hands(phone: Page, new_game) -> str:
    """A game with hands 1-3 entered on this phone; its URL."""
    url = new_game()
    for points, key in (("62", "rosen"), ("90", "schellen"), ("40", "eicheln")):
        points_for(phone, "Wir")
        tap_points(phone, points)
        save(phone, key)
    assert totals(phone) == (62 + 180 + 40, 95 + 134 + 117)
    return url


def edit_hand(page: Page, url: str, number: int, points: str, key: str) -> None:
    """Open hand `number`'s edit page, type new points for Wir, save in contract `key`."""
    page.goto(f"{url}/hands/{number}")
    page.locator(".points-team label", has_text="Wir").tap()
    tap_points(page, points)
    page.locator(f"button.contract[value={key}]").tap()


def test_an_edit_on_one_phone_is_marked_and_explained_on_the_other(
    phone: Page, other_phone: Page, live_server: str, new_game
):
    url = three_hands(phone, new_game)
    name_phone(phone, live_server, "Anna")
    other_phone.goto(url)
    assert totals(other_phone) == (282, 346)

    edit_hand(phone, url, 3, "62", "schellen")
    phone.wait_for_url(url)
    # Hand 3 now Schellen x2 62 : 95 -> Wir 124, Ihr 190.
    assert totals(phone) == (62 + 180 + 124, 95 + 134 + 190)

    other_phone.reload()
    assert totals(other_phone) == (366, 419)
    mark = other_phone.locator("#changed-3")
    expect(mark.locator("summary")).to_have_text("geändert")
    expect(other_phone.locator("#changed-1")).to_have_count(0)
    mark.locator("summary").tap()
    expect(mark.locator("li").last).to_have_text(
        re.compile(
            r"\d\d\.\d\d\. \d\d:\d\d Anna: Hand 3 geändert: "
            r"Eicheln ×1 40 : 117 → Schellen ×2 62 : 95"
        )
    )
    other_phone.locator("#changes-link").tap()
    other_phone.wait_for_url(f"{url}/changes")
    first = other_phone.locator(".changes li").first
    expect(first).to_contain_text("Anna")
    expect(first.locator(".was")).to_have_text("Eicheln ×1 40 : 117")
    expect(first.locator(".now")).to_have_text("Schellen ×2 62 : 95")


def test_an_edit_from_a_stale_page_is_refused_with_the_hand_as_it_stands(
    phone: Page, other_phone: Page, live_server: str, new_game
):
    url = three_hands(phone, new_game)
    name_phone(phone, live_server, "Anna")
    other_phone.goto(f"{url}/hands/3")  # the second phone opens hand 3 ...
    edit_hand(phone, url, 3, "62", "schellen")  # ... while Anna changes it
    phone.wait_for_url(url)

    other_phone.locator(".points-team label", has_text="Wir").tap()
    tap_points(other_phone, "100")
    with other_phone.expect_response(lambda r: r.request.method == "POST") as answer:
        other_phone.locator("button.contract[value=rosen]").tap()
    assert answer.value.status == 409
    expect(other_phone.locator("#error-game")).to_contain_text(
        re.compile(r"Inzwischen hat Anna um \d\d:\d\d Hand 3 geändert\. Nichts gespeichert")
    )
    # The page now shows hand 3 as Anna left it: Schellen, 62 for Wir.
    expect(other_phone.locator("input[name=points]")).to_have_value("62")
    expect(other_phone.locator("button.contract.current")).to_have_attribute("value", "schellen")
    phone.reload()
    assert totals(phone) == (366, 419)  # nothing of the stale edit was written


def test_a_new_hand_from_a_stale_panel_is_refused_and_one_more_tap_saves_it(
    phone: Page, other_phone: Page, live_server: str, new_game
):
    url = three_hands(phone, new_game)
    other_phone.goto(url)
    points_for(phone, "Wir")
    tap_points(phone, "80")
    save(phone, "rosen")  # hand 4 from the first phone: Wir 80, Ihr 77
    assert totals(phone) == (362, 423)

    points_for(other_phone, "Wir")
    tap_points(other_phone, "100")
    response = save(other_phone, "rosen")  # the second phone has not seen hand 4
    assert response.status == 409
    expect(other_phone.locator("#error-game")).to_contain_text("Hand 4 eingetragen")
    assert totals(other_phone) == (362, 423)  # the fresh state, hand 4 included
    expect(other_phone.locator("input[name=points]")).to_have_value("100")  # typed, kept
    response = save(other_phone, "rosen")
    assert response.status == 200
    assert totals(other_phone) == (462, 480)
    expect(other_phone.locator("#note")).to_have_text("Hand 5 gespeichert: Rosen ×1, 100 : 57.")


def test_without_signal_the_phone_keeps_the_entry_and_sends_it_when_the_signal_is_back(
    phone: Page, new_game
):
    new_game()
    points_for(phone, "Wir")
    tap_points(phone, "62")
    phone.context.set_offline(True)
    phone.locator("button.contract[value=rosen]").tap()
    expect(phone.locator("#rows .pending")).to_contain_text("Rosen ×1 · Wir 62")
    expect(phone.locator("#flash .note")).to_have_text(
        "Hand 1 wartet auf diesem Handy: gesendet wird, sobald das Netz zurück ist."
    )
    assert totals(phone) == (62, 95)  # scored in on the phone, until the server has it
    expect(phone.locator("#total-0 b")).to_have_class("projected")
    phone.context.set_offline(False)
    expect(phone.locator("#total-0 b:not(.projected)")).to_have_text("62", timeout=8_000)
    assert totals(phone) == (62, 95)
    expect(phone.locator("#rows .pending")).to_have_count(0)
    expect(phone.locator("#error-offline")).to_have_count(0)


def test_the_other_phone_sees_a_new_hand_without_a_reload(phone: Page, other_phone: Page, new_game):
    url = new_game()
    other_phone.goto(url)
    assert totals(other_phone) == (0, 0)
    polls = []
    other_phone.on("response", lambda r: polls.append(r.status) if "teil=tafel" in r.url else None)
    tap_points(phone, "62")
    save(phone, "rosen")
    # Within two seconds and a little: the slate and the totals of the other phone follow.
    expect(other_phone.locator("#total-0 b")).to_have_text("62", timeout=4_000)
    expect(other_phone.locator("#total-1 b")).to_have_text("95")
    assert other_phone.locator('svg.slate-half[data-team="1"]').get_attribute("data-total") == (
        "95"
    )
    # The other phone's own panel was left alone: what it types stays.
    tap_points(other_phone, "4")
    other_phone.wait_for_timeout(2_500)
    assert other_phone.locator("#points").input_value() == "4"
    assert polls and set(polls) <= {200, 304}
