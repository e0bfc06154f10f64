"""An entry kept without network and refused back into the panel (static/queue.js, `back`):
corrected online it is stored once, dropped it leaves a fresh panel, and an answer that is not
the game's page loses nothing. Each was wrong in a first version (a review found them). Real
Chromium at 390x844, with the fixtures of tests/browser/test_phone_queue_links.py."""

from __future__ import annotations

import re

from playwright.sync_api import Error, Page, expect

from tests.browser import test_phone_queue_links as links
from tests.browser.panel import contract, points_for, points_team, tap_points
from tests.browser.test_phone_queue import controlled, kept, offline_hand, stored
from tests.browser.test_phone_queue_links import hands, refused_first

# The phone of test_phone_queue_links: its script errors, server errors and missing pages are
# problems, except the 404s of a link a test retired.
dead = links.dead
phone = links.phone

# What the table means once hand 1 is corrected to Wir 70: hand 1, then the two typed after it.
MEANT = [("rosen", 70, 0), ("eicheln", 40, 1), ("schellen", 100, 0)]
HANDS = re.compile(r".*/hands$")
LOGIN_PAGE = "<!doctype html><html><body><h1>WLAN-Anmeldung</h1><form>…</form></body></html>"


def corrected(phone: Page) -> None:
    """Hand 1 (Wir 170, refused back into the panel) corrected to Wir 70, not yet saved."""
    for _ in range(3):
        phone.locator('.keypad [data-digit="back"]').tap()
    points_for(phone, "Wir")
    tap_points(phone, "70")


def keep_both_if_asked(phone: Page) -> bool:
    """Wait until nothing waits on the phone or the table is asked "Was gilt?"; asked, the
    table taps the first button, "Beide behalten", and waits until it is sent. Whether it
    was asked."""
    for _ in range(60):
        if kept(phone) == 0 or phone.locator(".queue-ask").count():
            break
        phone.wait_for_timeout(100)
    if not phone.locator(".queue-ask").count():
        return False
    phone.locator("#queue-both").tap()
    for _ in range(60):
        phone.wait_for_timeout(100)
        if kept(phone) == 0:
            break
    phone.wait_for_timeout(500)
    return True


def test_a_wifi_login_page_answering_the_corrected_save_does_not_lose_the_refused_hand(
    phone: Page, new_game
):
    """Hand 1 is refused back into the panel and kept (`back`), hands 2 and 3 wait for it.
    The table corrects hand 1 and taps its contract; the pub's Wi-Fi answers that post with its
    login page (200, not the game's page). That is no save: hand 1 stays kept and hands 2 and 3
    are not sent as hands 1 and 2 (docs/offline.md, "No answer that is the game's page")."""
    url = refused_first(phone, new_game)
    corrected(phone)
    answered = []

    def wifi(route):
        if route.request.method == "POST" and not answered:
            answered.append(route.request.url)
            route.fulfill(status=200, content_type="text/html", body=LOGIN_PAGE)
        else:
            route.continue_()

    phone.route(HANDS, wifi)
    contract(phone, "rosen").tap()
    for _ in range(50):
        if answered:
            break
        phone.wait_for_timeout(100)
    assert answered
    phone.wait_for_timeout(6_500)  # the next try (every 5 s), the server answering again
    stored = hands(phone, url)
    assert stored == MEANT[: len(stored)], "a hand went over the refused one"
    assert kept(phone) + len(stored) == 3, "the refused hand left the phone unsaved"


def test_a_corrected_hand_whose_answer_never_came_is_not_asked_about_as_another_phones(
    phone: Page, new_game
):
    """The refused hand 1,
    corrected online, is kept with the corrected fields but still with its old one-time
    token and fingerprint (`once`, `seen`), while the panel posts it with the panel's token.
    The post lands, but its answer never reaches the page (the app is closed or reloaded
    meanwhile, or a proxy answers 502 after the app stored it): on the next load the kept
    hand 1 goes again with a token the server does not know and a stale fingerprint, and
    the table is asked "Inzwischen hat ein anderes Handy Hand 1 eingetragen. Was gilt?"
    about its own hand; "Beide behalten" (the first button) stores it twice.
    Now: the kept record takes the token and `seen` it was posted with, so the server
    answers "Schon gespeichert" and hands 2 and 3 follow without a question."""
    url = refused_first(phone, new_game)
    corrected(phone)
    landed, held = [], []

    def lands_unanswered(route):
        if route.request.method == "POST" and not landed:
            landed.append(route.fetch().status)  # stored on the server; no answer to the page
            held.append(route)
        else:
            route.continue_()

    phone.route(HANDS, lands_unanswered)
    contract(phone, "rosen").tap()
    for _ in range(50):
        if landed:
            break
        phone.wait_for_timeout(100)
    assert landed == [200]
    assert hands(phone, url) == MEANT[:1]
    phone.unroute(HANDS)
    phone.reload()  # the phone app opened again: what waits is sent
    try:
        held[0].abort()  # the answer that never came (the request went with the page)
    except Error:
        pass
    asked = keep_both_if_asked(phone)
    assert hands(phone, url) == MEANT
    assert not asked, "asked about its own hand"
    assert kept(phone) == 0


def test_dropping_a_refused_hand_gives_the_panel_back_its_vorhands_team(phone: Page, new_game):
    """After "Meine verwerfen": hand 1, typed without
    network for Ihr (170: refused), comes back into the panel; the table drops it. The panel
    is reset to the refusal page's defaults, where Ihr is checked, and with nothing else
    waiting there is no <template data-turn> to set the team again: the next hand, typed in
    three taps (two digits and the contract), goes to Ihr, though its Vorhand (Anna) is of
    Wir and a fresh panel defaults to Wir.
    Now: "Meine verwerfen" lets the refused hand's values go (docs/offline.md: "the
    refusal's values, its fields' defaults, and its words go too"): the team goes back to
    the default of the hand the panel is for."""
    new_game()  # hand 1: Vorhand Anna (Wir)
    controlled(phone)
    assert points_team(phone) == "0"
    phone.context.set_offline(True)
    offline_hand(phone, "Ihr", "170", "rosen")
    phone.context.set_offline(False)
    expect(phone.locator("#error-points")).to_be_visible(timeout=8_000)
    phone.locator("#rows .pending .button", has_text="Meine verwerfen").tap()
    expect(phone.locator("#rows .pending")).to_have_count(0)
    assert kept(phone) == 0
    expect(phone.locator("#points")).to_have_value("")
    assert points_team(phone) == "0", "the dropped hand's team stays chosen"


def handjass_refused_back(phone: Page, live_server: str) -> str:
    """A Handjass game; deal 1 typed without network (Eicheln, 60 50 25 10: 145, not 157).
    The network back, the server asks whether 145 is right (422): the deal is back in the
    panel with the question, and kept (`back`)."""
    from tests.browser.test_phone_queue_modes import new_handjass, type_deal

    url = new_handjass(phone, live_server)
    controlled(phone)
    phone.context.set_offline(True)
    type_deal(phone, "eicheln", (60, 50, 25, 10))
    phone.locator("#save-deal").tap()
    expect(phone.locator("#rows .pending")).to_have_count(1)
    phone.context.set_offline(False)
    expect(phone.locator("#confirm-sum")).to_be_visible(timeout=8_000)
    expect(phone.locator("#rows .pending .wait")).to_have_text(
        "Spiel 1 abgelehnt: oben korrigieren und speichern, oder verwerfen."
    )
    assert kept(phone) == 1
    return url


def test_a_refused_deal_confirmed_online_is_stored_once_without_a_question(
    phone: Page, live_server: str
):
    """The Handjass deal refused back into the
    panel is confirmed there with "Trotzdem speichern", online, as docs/offline.md says
    ("the panel's save is answered ...: the refused one is that save and leaves the phone").
    The answer replaces #live, so the panel's form is no longer in the page when htmx fires
    htmx:afterRequest: htmx fires it again on the nearest element still in the page, and the
    handler, reading `event.detail.elt`, takes it for another form's answer (an undo). It
    sets `back = false` and sends the kept deal again, with its old token and fingerprint:
    refused as stale (409), the table is then asked "Inzwischen hat ein anderes Handy
    Spiel 1 eingetragen. Was gilt?" about the deal it has just confirmed, and "Beide
    behalten" (the first button) stores it twice. The same in every panel whose answer
    replaces the form: a club table's game, a Coiffeur cell, a Differenzler round.
    Now: the deal leaves the phone once its save is answered (read the form from
    `event.detail.requestConfig.elt`, or give the kept record the token the panel posted)."""
    url = handjass_refused_back(phone, live_server)
    with phone.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/deals")):
        phone.locator("#confirm-sum").tap()
    asked = keep_both_if_asked(phone)
    deals = [(d["trump"], [e["cards"] for e in d["entries"]]) for d in stored(phone, url)]
    assert deals == [("eicheln", [60, 50, 25, 10])]
    assert not asked, "asked about its own deal"
    assert kept(phone) == 0


def test_a_refused_club_game_corrected_online_is_stored_once_without_a_question(
    phone: Page, live_server: str
):
    """At a club table: game 1 typed without
    network with 170 points is refused back into the panel ("Punkte von 0 bis 157."). The
    table corrects it to 95 and taps the side, online: the game is stored, but the answer
    replaces #live (the panel's form with it), the handler takes it for another form's
    answer and sends the kept game again with its old token and `seen`: 409, and the table
    is asked "Inzwischen hat ein anderes Handy Spiel 1 eingetragen. Was gilt?" about its own
    game; "Beide behalten" stores it a second time, as game 2.
    Now: stored once, nothing asked, nothing left on the phone."""
    from tests.browser.test_phone_club_queue import stored as table_games
    from tests.browser.test_phone_club_queue import table_url

    url, leader = table_url(phone, live_server, games=4)
    phone.goto(url)
    controlled(phone)
    phone.context.set_offline(True)
    tap_points(phone, "170")
    phone.locator("#side-1").tap()
    expect(phone.locator("#rows .pending")).to_have_count(1)
    phone.context.set_offline(False)
    expect(phone.locator("#error-points")).to_be_visible(timeout=8_000)
    assert kept(phone) == 1
    for _ in range(3):
        phone.locator('.keypad [data-digit="back"]').tap()
    tap_points(phone, "95")
    with phone.expect_response(lambda r: r.request.method == "GET" and r.url == url):
        phone.locator("#side-1").tap()  # stored: 303 to the table's page
    asked = keep_both_if_asked(phone)
    assert [g["tricks"] for g in table_games(phone, leader)] == [[62, 95]]
    assert not asked, "asked about its own game"
    assert kept(phone) == 0


def test_dropping_a_refused_handjass_deal_empties_the_panel(phone: Page, live_server: str):
    """In Handjass, after "Meine verwerfen": the deal
    refused back into the panel (Eicheln, 145 points: the server asks) is dropped by the
    table. Its points go, but the panel's reset brings back the refusal page's checked
    radio, Eicheln, for the next deal. Now: the panel as fresh, no trump chosen."""
    handjass_refused_back(phone, live_server)
    phone.locator("#rows .pending .button", has_text="Meine verwerfen").tap()
    expect(phone.locator("#rows .pending")).to_have_count(0)
    assert kept(phone) == 0
    expect(phone.locator("input[name=cards0]")).to_have_value("")
    expect(phone.locator("#question-sum")).to_have_count(0)
    assert phone.locator("input[name=trump]:checked").count() == 0, "the dropped deal's trump"


def test_a_weis_added_to_a_refused_deal_stays_in_the_panel(phone: Page, live_server: str):
    """Documented as "a step of the panel itself
    (a Weis added to a Handjass deal) leaves it there": the deal refused back into the panel
    (145 points) is corrected there (Dani 10 -> 22) and Anna's Weis is added with "+ Weis".
    That step's answer replaces #live with the panel as typed; the handler, seeing the event
    on <main> (the form is out of the page), takes it for another form's answer: it sends the
    kept deal again as it was refused (145, no Weis), it is refused again, and the refusal
    page is put in place of the panel: the correction and the Weis just added are gone, the
    old values and the question back, with no word why.
    Now: the step's answer stays; the kept deal waits until the panel saves it."""
    handjass_refused_back(phone, live_server)
    phone.fill("input[name=cards3]", "22")
    phone.locator("#player-0 details.declare-row summary").tap()
    with phone.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/deals")):
        phone.locator('#player-0 button[value="add:0"]').tap()
    expect(phone.locator("#player-0 .weis-chip")).to_have_count(1)
    phone.wait_for_timeout(2_500)  # the queue's next moves
    expect(phone.locator("#player-0 .weis-chip")).to_have_count(1)
    expect(phone.locator("input[name=cards3]")).to_have_value("22")
    assert kept(phone) == 1


def test_a_refused_coiffeur_cell_corrected_online_is_not_refused_again(
    phone: Page, live_server: str
):
    """In Coiffeur: a cell kept without network
    with 158 points is refused back into the panel; corrected to 95 and saved online, it is
    stored, but the handler (the event on <main>, the form swapped out) sends the kept cell
    again: 409, then (a cell names its own place: no question) on the fresh state, where the
    cell is now filled, so it is refused and put back into the panel as "Eintrag 1
    abgelehnt", kept on the phone, though it was saved. Now: saved, it leaves
    the phone."""
    phone.goto(live_server + "/coiffeur/new")
    phone.fill("input[name=team1]", "Anna+Ruedi")
    phone.fill("input[name=team2]", "Beat+Clara")
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/coiffeur/[\w-]{24}$"))
    url = phone.url
    controlled(phone)
    phone.context.set_offline(True)
    phone.locator("#cell-0-rosen label").tap()
    phone.fill("#points", "158")
    phone.locator("#save").tap()
    expect(phone.locator("#rows .pending")).to_have_count(1)
    phone.context.set_offline(False)
    expect(phone.locator("#error-points")).to_be_visible(timeout=8_000)
    assert kept(phone) == 1
    phone.fill("#points", "95")
    with phone.expect_response(lambda r: r.request.method == "POST" and r.status == 200):
        phone.locator("#save").tap()
    phone.wait_for_timeout(3_000)  # the queue's next moves
    assert len(stored(phone, url)) == 1
    assert phone.locator("#rows .pending").all_inner_texts() == []
    assert kept(phone) == 0
