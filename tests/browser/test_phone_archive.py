"""Tidying the start page on a phone (390 x 844): a game is deleted after a confirmation page
(no script dialog), is gone from the list, and comes back from "Gelöscht" with its hands."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.browser.panel import history_numbers, points_for, save, tap_points, totals
from tests.browser.test_phone_screens import fits_the_phone

THUMB = 44  # the smallest tap target, in CSS pixels


def big_enough(target: Locator) -> None:
    """A thumb hits it: at least 44 x 44 CSS pixels, and on the screen."""
    expect(target).to_be_visible()
    box = target.bounding_box()
    assert box["width"] >= THUMB and box["height"] >= THUMB, box


def two_hands(phone: Page, new_game) -> tuple[str, int]:
    """A game with hands 1 (62 for Wir in Rosen) and 2 (90 for Wir in Schellen); its URL
    (its writer's link) and its number, as the start page's list names it."""
    url = new_game()
    for points, key in (("62", "rosen"), ("90", "schellen")):
        points_for(phone, "Wir")
        tap_points(phone, points)
        save(phone, key)
    assert totals(phone) == (62 + 180, 95 + 134)
    path = "/" + url.split("/", 3)[3]
    phone.goto(url.removesuffix(path) + "/")
    listed = phone.locator(f'li:has(a[href="{path}"])').get_attribute("id")
    phone.goto(url)
    return url, int(listed.removeprefix("game-"))


def ask_to_delete(phone: Page, game_id: int, url: str) -> None:
    """On the tidying start page, tap the game's "Löschen…": the question opens."""
    delete = phone.locator(f"#game-{game_id} #delete-{game_id}")
    big_enough(delete)
    delete.tap()
    phone.wait_for_url(f"{url}/delete?liste=start&aufraeumen=1")
    expect(phone.locator("h1")).to_have_text("Dieses Spiel löschen?")
    expect(phone.locator("main")).to_contain_text(
        "Es verschwindet von der Startseite; unter «Gelöscht» kann es 30 Tage lang "
        "zurückgeholt werden"
    )
    expect(phone.locator("#doomed")).to_contain_text("Wir – Ihr")
    for target in ("#confirm-delete", "#cancel-delete"):
        big_enough(phone.locator(target))
    fits_the_phone(phone)


def test_a_game_is_deleted_after_asking_and_restored_with_its_hands(
    phone: Page, live_server: str, new_game
):
    url, game_id = two_hands(phone, new_game)
    dialogs = []
    phone.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))

    phone.goto(f"{live_server}/")
    expect(phone.locator(f"#game-{game_id} .button")).to_have_count(0)  # a calm list
    tidy = phone.locator("#tidy-link")
    big_enough(tidy)
    tidy.tap()
    phone.wait_for_url(re.compile(r"/\?aufraeumen=1$"))
    fits_the_phone(phone)
    for button in phone.locator(".game-tools .button").all():
        big_enough(button)

    # "Abbrechen" leads back, and the game is still there.
    ask_to_delete(phone, game_id, url)
    phone.locator("#cancel-delete").tap()
    phone.wait_for_url(re.compile(r"/\?aufraeumen=1$"))
    expect(phone.locator(f"#game-{game_id}")).to_have_count(1)

    ask_to_delete(phone, game_id, url)
    phone.locator("#confirm-delete").tap()
    phone.wait_for_url(re.compile(rf"/\?aufraeumen=1&geloescht={game_id}$"))
    expect(phone.locator(f"#game-{game_id}")).to_have_count(0)
    expect(phone.locator("#moved .note")).to_have_text(
        "Spiel gelöscht. Unter «Gelöscht» lässt es sich 30 Tage lang zurückholen."
    )
    big_enough(phone.locator(f"#undo-delete-{game_id}"))
    fits_the_phone(phone)

    bin_link = phone.locator("#bin-link")
    expect(bin_link).to_have_text(re.compile(r"Gelöscht \(\d+\)"))
    bin_link.tap()
    phone.wait_for_url(re.compile(r"/geloescht$"))
    line = phone.locator(f"#game-{game_id}")
    expect(line).to_contain_text("2 Hände")
    expect(line).to_contain_text(re.compile(r"Gelöscht am .* von Handy \w+ · noch 30 Tage"))
    fits_the_phone(phone)
    restore = phone.locator(f"#restore-{game_id}")
    big_enough(restore)
    restore.tap()
    phone.wait_for_url(re.compile(rf"/geloescht\?zurueckgeholt={game_id}$"))
    expect(phone.locator(f"#game-{game_id}")).to_have_count(0)
    phone.locator(f"#open-{game_id}").tap()
    phone.wait_for_url(url)
    assert totals(phone) == (62 + 180, 95 + 134)
    assert history_numbers(phone) == [2, 1]

    phone.goto(f"{live_server}/")
    expect(phone.locator(f"#game-{game_id}")).to_have_count(1)
    assert dialogs == []  # asked on a page, never in a script's dialog


def test_the_note_after_a_delete_takes_it_back_at_once(phone: Page, live_server: str, new_game):
    url, game_id = two_hands(phone, new_game)
    phone.goto(f"{live_server}/?aufraeumen=1")
    ask_to_delete(phone, game_id, url)
    phone.locator("#confirm-delete").tap()
    phone.wait_for_url(re.compile(rf"geloescht={game_id}$"))
    phone.locator(f"#undo-delete-{game_id}").tap()
    phone.wait_for_url(re.compile(rf"/\?aufraeumen=1&zurueckgeholt={game_id}$"))
    expect(phone.locator("#moved .note")).to_have_text("Spiel zurückgeholt, mit allen Einträgen.")
    expect(phone.locator(f"#game-{game_id}")).to_have_count(1)
    phone.locator("#tidy-done").tap()
    phone.wait_for_url(f"{live_server}/")
    phone.locator(f"#game-{game_id} a").tap()
    phone.wait_for_url(url)
    assert totals(phone) == (62 + 180, 95 + 134)
