"""Entries kept without network (static/queue.js) in the modes other than Schieber, where a
Differenzler round or a Handjass deal typed offline meets another phone's write: never saved
in another's place, never refused without a word. Real Chromium at 390x844, as
tests/browser/test_phone_queue.py."""

from __future__ import annotations

import re

from playwright.sync_api import Error, Page, expect

from tests.browser.test_phone_queue import controlled, kept, stored

NAMES = ("Anna", "Ben", "Clara", "Dani")


def settled(page: Page, url: str, seconds: float = 8) -> list[dict]:
    """Wait until nothing of this game waits on the phone (or the time is up); what is stored."""
    for _ in range(int(seconds * 10)):
        page.wait_for_timeout(100)
        try:
            if kept(page) == 0:
                break
        except Error:  # the page was loading itself again
            continue
    return stored(page, url)


# --- Differenzler ----------------------------------------------------------------------------


def new_differenzler(page: Page, base: str) -> str:
    page.goto(f"{base}/differenzler/new")
    for seat, name in enumerate(NAMES, 1):
        page.fill(f"input[name=seat{seat}]", name)
    page.get_by_role("button", name="Spiel starten").tap()
    page.wait_for_url(re.compile(r"/differenzler/[\w-]{24}$"))
    return page.url


def step(page: Page, selector: str) -> int:
    """Tap a button of the round panel and wait until htmx swapped #live; the status."""
    page.evaluate("document.getElementById('live').dataset.stale = '1'")
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        page.locator(selector).tap()
    page.wait_for_function("() => !document.querySelector('#live[data-stale]')")
    return answer.value.status


def trump_and_predictions(page: Page, trump: str, said) -> None:
    """Steps 1 and 2 of a round, with the network: kept on the server as the round under way."""
    assert step(page, f"button.trump-choice[value={trump}]") == 200
    for value in said:
        page.fill("#said-input", str(value))
        assert step(page, "#next") == 200
    expect(page.locator("#all-said")).to_be_visible()
    # The points panel focuses its first box (autofocus) when htmx settles it: typed before,
    # a box's digits went into that one (52 then 20 read "5220" under load).
    page.wait_for_function("() => ((document.activeElement || {}).id || '').startsWith('points-')")


def type_points(page: Page, points) -> None:
    for seat, value in enumerate(points):
        page.fill(f"#points-{seat}", str(value))


def round_kept_offline(page: Page, points) -> None:
    page.context.set_offline(True)
    type_points(page, points)
    page.locator("#save").tap()
    expect(page.locator("#rows .pending")).to_have_count(1)


def test_a_differenzler_round_kept_as_round_2_is_not_saved_as_round_1_after_an_undo(
    phone: Page, other_phone: Page, live_server: str
):
    """Round 2's Trumpf and predictions said online, its points typed offline; meanwhile
    another phone takes round 1 back. The kept round is never saved in round 1's place (it
    was: with round 2's Trumpf and predictions, said in round 2's order): the save checks the
    round it is for against the round the game is at, and says so."""
    url = new_differenzler(phone, live_server)
    controlled(phone)
    trump_and_predictions(phone, "rosen", (43, 31, 52, 27))
    type_points(phone, (52, 20, 45, 40))
    assert step(phone, "#save") == 200
    trump_and_predictions(phone, "eicheln", (10, 20, 30, 40))  # Ben, Clara, Dani, Anna
    round_kept_offline(phone, (10, 20, 30, 97))

    other_phone.goto(url)
    other_phone.locator("#undo").tap()
    expect(other_phone.locator("#rows li.row")).to_have_count(0)

    phone.context.set_offline(False)
    expect(phone.locator("#error-game")).to_have_text(
        "Inzwischen wurde eine Runde zurückgenommen: dies ist Runde 2, als Nächstes kommt "
        "Runde 1. Nichts gespeichert.",
        timeout=8_000,
    )
    assert stored(phone, url) == []


def test_differenzler_offers_no_mine_instead_of_theirs_for_a_kept_round(
    phone: Page, other_phone: Page, live_server: str
):
    """Round 1's points typed offline; another phone saves round 1 meanwhile. The edit of a
    round takes it whole (its Trumpf and every prediction), which a kept round's last step
    does not carry: "Meine statt ihrer" is not offered (it was, and was refused without a
    word each time it was tapped); keeping both or dropping mine is."""
    url = new_differenzler(phone, live_server)
    controlled(phone)
    trump_and_predictions(phone, "rosen", (43, 31, 52, 27))
    round_kept_offline(phone, (52, 20, 45, 40))

    other_phone.goto(url)
    type_points(other_phone, (50, 22, 45, 40))
    assert step(other_phone, "#save") == 200

    phone.context.set_offline(False)
    expect(phone.locator(".queue-ask")).to_be_visible(timeout=8_000)
    expect(phone.locator("#queue-replace")).to_have_count(0)
    phone.locator("#queue-drop").tap()
    expect(phone.locator("#rows .pending")).to_have_count(0)
    assert [r["points"] for r in stored(phone, url)] == [[50, 22, 45, 40]]


# --- Handjass --------------------------------------------------------------------------------


def new_handjass(page: Page, base: str) -> str:
    page.goto(f"{base}/handjass/new")
    for seat, name in enumerate(NAMES, 1):
        page.fill(f"input[name=seat{seat}]", name)
    page.get_by_role("button", name="Spiel starten").tap()
    page.wait_for_url(re.compile(r"/handjass/[\w-]{24}$"))
    return page.url


def type_deal(page: Page, trump: str, points) -> None:
    page.locator(f".trump-pick label:has(input[value={trump}])").tap()
    for seat, value in enumerate(points):
        page.fill(f"input[name=cards{seat}]", str(value))


def deal_online(page: Page, trump: str, points) -> None:
    type_deal(page, trump, points)
    with page.expect_response(lambda r: r.url.endswith("/deals")) as answer:
        page.locator("#save-deal").tap()
    assert answer.value.status == 200
    expect(page.locator("#rows li.row")).not_to_have_count(0)


def test_handjass_mine_instead_of_theirs_refused_for_its_points_is_kept_and_said(
    phone: Page, other_phone: Page, live_server: str
):
    """Deal 2 kept offline with points that do not add up (150: online the panel would ask
    "Die Punkte ergeben zusammen 150, nicht 157"); another phone saves its deal 2 meanwhile.
    "Meine statt ihrer" is refused by the edit route (422): mine stays kept and its row says
    why (the same question came back each time, without a word)."""
    url = new_handjass(phone, live_server)
    controlled(phone)
    deal_online(phone, "rosen", (60, 50, 25, 22))
    phone.context.set_offline(True)
    type_deal(phone, "eicheln", (70, 50, 20, 10))
    phone.locator("#save-deal").tap()
    expect(phone.locator("#rows .pending")).to_have_count(1)

    other_phone.goto(url)
    deal_online(other_phone, "schellen", (100, 20, 20, 17))

    phone.context.set_offline(False)
    expect(phone.locator(".queue-ask")).to_be_visible(timeout=8_000)
    with phone.expect_response(lambda r: r.request.method == "POST") as answer:
        phone.locator("#queue-replace").tap()
    assert (answer.value.url.endswith("/deals/2"), answer.value.status) == (True, 422)
    expect(phone.locator("#rows .pending .wait")).to_contain_text(
        "Spiel 2 ist nicht gesendet und bleibt auf diesem Handy: Die Punkte ergeben zusammen 150"
    )
    assert kept(phone) == 1
    assert [d["trump"] for d in stored(phone, url)] == ["rosen", "schellen"]
