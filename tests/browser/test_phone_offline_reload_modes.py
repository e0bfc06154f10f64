"""A reload without network shows the last state with every kept entry applied, in Coiffeur,
Differenzler and at a club table (issue 31): one entry stored online, one kept offline, the
page reloaded from the worker's copy; the next entry typed there as the page offers it; the
network back, and everything stored once, in order, as typed and for the team shown. Real
Chromium at 390x844, as tests/browser/test_phone_queue.py."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.test_phone_club_queue import stored as table_games
from tests.browser.test_phone_club_queue import table_url
from tests.browser.test_phone_club_queue import tap_points as tap_digits
from tests.browser.test_phone_coiffeur import _fill
from tests.browser.test_phone_queue import back_online, controlled, kept, posts
from tests.browser.test_phone_queue_modes import (
    new_differenzler,
    round_kept_offline,
    step,
    trump_and_predictions,
    type_points,
)

COPY = re.compile(" GMT$")


def reload_offline(page: Page, waiting: int) -> None:
    """Opened again without network: the worker's copy of the page, the entries from
    IndexedDB."""
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-offline-copy", COPY)
    expect(page.locator("#rows .pending")).to_have_count(waiting)


def words(page: Page, selector: str) -> str:
    return re.sub(r"\s+", " ", page.locator(selector).inner_text()).strip()


# --- Coiffeur --------------------------------------------------------------------------------


def coiffeur_cell_offline(page: Page, team: int, contract: str, points: str) -> None:
    page.locator(f"#cell-{team}-{contract} label").tap()
    page.locator("#points").tap()
    page.fill("#points", points)
    page.locator("#save").tap()
    expect(page.locator("#points")).to_have_value("")  # kept: the panel is free again


def test_coiffeur_a_kept_cell_is_filled_on_the_board_after_a_reload_without_network(
    phone: Page, live_server: str
):
    phone.goto(f"{live_server}/coiffeur/new")
    phone.fill("input[name=team1]", "Anna+Ruedi")
    phone.fill("input[name=team2]", "Beat+Clara")
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/coiffeur/[\w-]{24}$"))
    url = phone.url
    controlled(phone)
    assert _fill(phone, 0, "rosen", "95").status == 200  # online: Rosen ×1, 95

    phone.context.set_offline(True)
    sent = posts(phone)
    coiffeur_cell_offline(phone, 1, "schilten", "80")  # Schilten ×3 for Beat+Clara: 240
    expect(phone.locator("#rows .pending")).to_have_count(1)

    reload_offline(phone, 1)
    # The kept cell is filled, no longer offered; the totals and what is missing count it.
    expect(phone.locator("#cell-1-schilten")).to_have_text(re.compile(r"^\s*240\s*80 ×3\s*$"))
    expect(phone.locator("#cell-1-schilten input")).to_have_count(0)
    expect(phone.locator("#cell-1-schilten")).to_have_class("projected")
    assert [words(phone, f"#total-{t}") for t in (0, 1)] == ["Anna+Ruedi 95", "Beat+Clara 240"]
    expect(phone.locator("#sum-1")).to_have_text("240")
    expect(phone.locator(".figures + p")).to_have_text("1 wartend mitgerechnet")
    expect(phone.locator("#need-0")).to_have_text("braucht noch 146")
    expect(phone.locator("#need-1")).to_have_text("vorne")
    expect(phone.locator("#cell-0-free2 label")).to_contain_text("≥ 19")  # 146 / 8, rounded up
    expect(phone.locator("#rows li.row")).to_have_count(1)  # the stored one, from the copy
    expect(phone.locator("#row-1")).to_contain_text("Rosen")

    # The next cell, typed on the reloaded page.
    coiffeur_cell_offline(phone, 0, "eicheln", "60")  # Eicheln ×2 for Anna+Ruedi: 120
    expect(phone.locator("#rows .pending")).to_have_count(2)
    expect(phone.locator("#cell-0-eicheln")).to_contain_text("120")
    expect(phone.locator("#total-0 b")).to_have_text("215")
    expect(phone.locator("#need-0")).to_have_text("braucht noch 26")
    expect(phone.locator(".figures + p")).to_have_text("2 wartend mitgerechnet")
    assert sent == []

    entries = back_online(phone, url, 3)
    assert [(e["team"], e["contract"], e["points"]) for e in entries] == [
        (0, "rosen", 95),
        (1, "schilten", 80),
        (0, "eicheln", 60),
    ]
    expect(phone.locator("#total-0 b:not(.projected)")).to_have_text("215")
    expect(phone.locator("#total-1 b")).to_have_text("240")
    expect(phone.locator("#cell-1-schilten")).not_to_have_class("projected")
    expect(phone.locator(".figures + p")).to_have_count(0)


# --- Differenzler ----------------------------------------------------------------------------


def test_differenzler_a_kept_round_is_said_to_count_once_sent_and_no_second_is_typed(
    phone: Page, live_server: str
):
    """The predictions stay on the server (they never travel to the phone): the standings
    cannot count a kept round, and say so; the panel takes no second round until the server
    gives the next Trumpf and predictions."""
    url = new_differenzler(phone, live_server)
    controlled(phone)
    trump_and_predictions(phone, "rosen", (43, 31, 52, 27))
    type_points(phone, (52, 20, 45, 40))
    assert step(phone, "#save") == 200  # round 1: 9, 11, 7, 13
    trump_and_predictions(phone, "eicheln", (10, 20, 30, 40))  # Ben, Clara, Dani, Anna
    round_kept_offline(phone, (10, 20, 30, 97))  # Anna, Ben, Clara, Dani

    sent = posts(phone)
    reload_offline(phone, 1)
    expect(phone.locator("#uncounted")).to_have_text(
        "Stand ohne Runde 2: sie zählt, sobald sie gesendet ist (die Ansagen kennt nur der "
        "Server). Die nächste Runde beginnt, wenn das Netz zurück ist."
    )
    expect(phone.locator(".standings .total td")).to_have_text(["9", "11", "7", "13"])
    expect(phone.locator("#counter")).to_have_text("Runde 2 von 12")
    expect(phone.locator("#row-1")).to_be_visible()  # the stored round, from the copy
    # The panel the round was typed in takes no second round: a tap on it reaches nothing.
    assert phone.evaluate("document.getElementById('round').inert")
    phone.locator("#points-0").tap(force=True)
    assert phone.evaluate("document.activeElement.id") != "points-0"
    phone.locator("#save").tap(force=True)
    phone.wait_for_timeout(300)
    assert sent == [] and kept(phone) == 1

    (first, second) = back_online(phone, url, 2)
    assert (second["trump"], second["predictions"], second["points"]) == (
        "eicheln",
        [40, 10, 20, 30],
        [10, 20, 30, 97],
    )
    expect(phone.locator(".standings .total td")).to_have_text(["39", "21", "17", "80"])
    expect(phone.locator("#uncounted")).to_have_count(0)
    expect(phone.locator("#counter")).to_have_text("Runde 3 von 12")
    expect(phone.locator(".who")).to_have_text("Runde 3: Ben gibt, Vorhand Clara")
    expect(phone.locator("#round")).to_have_js_property("inert", False)


# --- a club table ----------------------------------------------------------------------------


def test_club_table_sums_count_the_kept_games_after_a_reload_without_network(
    phone: Page, live_server: str
):
    """An evening with multipliers (Schilten ×2): the side offered is the next Vorhand's."""
    url, leader = table_url(phone, live_server, games=4, counting="modern")
    phone.goto(url)
    controlled(phone)
    expect(phone.locator("#side-1")).to_be_checked()  # game 1: B1 leads
    tap_digits(phone, "57")
    phone.locator("#contract-schilten").tap()  # online: side B 57, ×2: 200 : 114
    expect(phone.locator("#total-1")).to_have_text("114")

    phone.context.set_offline(True)
    sent = posts(phone)
    expect(phone.locator("#side-0")).to_be_checked()  # game 2: A2 leads
    tap_digits(phone, "80")
    phone.locator("#contract-schilten").tap()  # side A 80, ×2: 160 : 154
    expect(phone.locator("#rows .pending")).to_have_count(1)

    reload_offline(phone, 1)
    expect(phone.locator("#total-0")).to_have_text("360")
    expect(phone.locator("#total-1")).to_have_text("268")
    expect(phone.locator("#total-0")).to_have_class("projected")
    expect(phone.locator("#progress")).to_have_text(
        "2 von 4 Spielen · zusammen 628 · 1 wartend mitgerechnet"
    )
    expect(phone.locator("#rows > li:not(.pending)")).to_have_count(1)  # game 1, from the copy
    # The panel for game 3: its dealer and Vorhand, and the Vorhand's side offered.
    expect(phone.locator(".who h2")).to_have_text("Spiel 3")
    expect(phone.locator(".who p")).to_contain_text("Vorhand B2")
    expect(phone.locator("#side-1")).to_be_checked()

    tap_digits(phone, "90")
    phone.locator("#contract-schilten").tap()  # side B 90, ×2: 134 : 180
    expect(phone.locator("#rows .pending")).to_have_count(2)
    expect(phone.locator("#total-1")).to_have_text("448")
    expect(phone.locator("#progress")).to_have_text(
        "3 von 4 Spielen · zusammen 942 · 2 wartend mitgerechnet"
    )
    expect(phone.locator(".who h2")).to_have_text("Spiel 4")
    assert sent == []

    phone.context.set_offline(False)
    expect(phone.locator("#rows .pending")).to_have_count(0, timeout=8_000)
    expect(phone.locator("#progress")).to_have_text("3 von 4 Spielen · zusammen 942")
    expect(phone.locator("#total-0")).to_have_text("494")
    expect(phone.locator("#total-0")).not_to_have_class("projected")
    games = table_games(phone, leader)
    assert [(g["tricks"], g["contract"], g["multiplier"]) for g in games] == [
        ([100, 57], "schilten", 2),
        ([80, 77], "schilten", 2),
        ([67, 90], "schilten", 2),
    ]
    assert kept(phone) == 0
