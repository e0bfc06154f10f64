"""Entries typed without network (static/queue.js), in real Chromium at 390x844: kept on the
phone, shown as waiting, sent by themselves in order when the network is back, stored once;
and the question when another phone wrote an entry in the same place meanwhile."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Error, Page, expect

from tests.browser.panel import contract, points_for, save, tap_points, totals

SHOTS = Path("/tmp/queue-shots")
WAIT = "wartet auf Netz"


def controlled(page: Page) -> None:
    # The worker installs by fetching the whole shell first: on a cold, busy machine that
    # takes longer than the default 5 s.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15_000)


def posts(page: Page) -> list[str]:
    """The paths of the POSTs the page sends from now on (a live list)."""
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    return sent


def stored(page: Page, url: str) -> list[dict]:
    """The entries the server stores, from the game's export (not from this page)."""
    origin, key = re.fullmatch(r"(https?://[^/]+)/.*/([\w-]{24})", url).groups()
    export = page.context.request.get(f"{origin}/games/{key}/export.json")
    assert export.status == 200
    data = export.json()
    return data[next(k for k in ("hands", "deals", "rounds", "entries") if k in data)]


def offline_hand(page: Page, team: str, points: str, key: str) -> None:
    """Type a hand and tap its contract without network: it waits, nothing is sent."""
    points_for(page, team)
    tap_points(page, points)
    contract(page, key).tap()
    expect(page.locator("#points")).to_have_value("")  # the panel is free for the next


def pending(page: Page) -> list[str]:
    return page.locator("#rows .pending").all_inner_texts()


def test_three_hands_without_network_wait_survive_a_reload_and_land_once_in_order(
    phone: Page, new_game
):
    url = new_game()
    controlled(phone)
    tap_points(phone, "62")
    save(phone, "rosen")  # hand 1 online: 62 : 95

    phone.context.set_offline(True)
    sent = posts(phone)
    offline_hand(phone, "Wir", "100", "schellen")  # x2: 200 : 114
    offline_hand(phone, "Ihr", "40", "eicheln")  # x1: 117 : 40
    offline_hand(phone, "Wir", "157", "obenabe")  # x3: 471 : 0
    expect(phone.locator("#rows .pending")).to_have_count(3)
    waiting = pending(phone)
    assert [re.sub(r"\s+", " ", w) for w in waiting] == [
        f"4 ⬇ Obenabe ×3 · Wir 157 {WAIT}",
        f"3 Eicheln ×1 · Ihr 40 {WAIT}",
        f"2 Schellen ×2 · Wir 100 {WAIT}",
    ]
    expect(phone.locator("#flash .note")).to_have_text(
        "Hand 4 wartet auf diesem Handy: gesendet wird, sobald das Netz zurück ist."
    )
    # Scored in on the phone, as the server will score them: hand 1 and the three that wait.
    assert totals(phone) == (850, 95 + 114 + 40 + 0)
    expect(phone.locator(".slate .target")).to_contain_text("3 wartend mitgerechnet")
    assert sent == []
    SHOTS.mkdir(exist_ok=True)
    phone.locator("#history").scroll_into_view_if_needed()
    phone.screenshot(path=SHOTS / "schieber-waiting.png")

    # Closed and opened again without network: the page from the worker's copy, the hands
    # from IndexedDB.
    phone.reload()
    expect(phone.locator("html")).to_have_attribute("data-offline-copy", re.compile(" GMT$"))
    expect(phone.locator("#rows .pending")).to_have_count(3)
    assert pending(phone) == waiting
    expect(phone.locator("#total-0 b")).to_have_text("850")
    assert totals(phone) == (850, 249)
    assert sent == []
    assert stored(phone, url) and len(stored(phone, url)) == 1

    phone.context.set_offline(False)
    expect(phone.locator("#rows .pending")).to_have_count(0, timeout=8_000)
    expect(phone.locator("#total-0 b:not(.projected)")).to_have_text(str(62 + 200 + 117 + 471))
    assert totals(phone) == (850, 95 + 114 + 40 + 0)
    hands = stored(phone, url)
    assert [(h["contract"], h["points"], h["points_team"]) for h in hands] == [
        ("rosen", 62, 0),
        ("schellen", 100, 0),
        ("eicheln", 40, 1),
        ("obenabe", 157, 0),
    ]
    assert phone.locator("li.row").evaluate_all("rs => rs.map(r => +r.id.slice(4))") == [
        4,
        3,
        2,
        1,
    ]
    assert kept(phone) == 0


KEPT = """() => new Promise(ok => { const r = indexedDB.open('jass-queue');
  r.onsuccess = () => { const q = r.result.transaction('entries').objectStore('entries').count();
    q.onsuccess = () => ok(q.result); }; })"""


def kept(page: Page) -> int:
    """How many entries wait in the phone's IndexedDB (every game). Asked again while the page
    loads itself anew (the queue does once all it kept is sent)."""
    for _ in range(50):
        try:
            return page.evaluate(KEPT)
        except Error:  # the execution context went with the page
            page.wait_for_timeout(100)
    return page.evaluate(KEPT)


def conflict(phone: Page, other_phone: Page, new_game) -> str:
    """This phone saves hand 1, types hand 2 offline (Wir 100 Schellen); meanwhile another phone
    saves its hand 2 (Ihr 100 Rosen); then the network is back and the question is asked."""
    url = new_game()
    controlled(phone)
    tap_points(phone, "62")
    save(phone, "rosen")  # hand 1: 62 : 95
    phone.context.set_offline(True)
    offline_hand(phone, "Wir", "100", "schellen")
    other_phone.goto(url)
    points_for(other_phone, "Ihr")
    tap_points(other_phone, "100")
    save(other_phone, "rosen")  # their hand 2: 57 : 100
    phone.context.set_offline(False)
    ask = phone.locator(".queue-ask")
    expect(ask).to_be_visible(timeout=8_000)
    expect(ask.locator("> b")).to_have_text(
        "Inzwischen hat ein anderes Handy Hand 2 eingetragen. Was gilt?"
    )
    expect(ask.locator("li.row .row-score")).to_contain_text("+57")
    expect(ask.locator(".pending")).to_contain_text("Schellen ×2 · Wir 100")
    # Theirs is in the history too, mine waits above it.
    expect(phone.locator("#rows > li").first).to_have_class("pending")
    expect(phone.locator("#rows li.row").first).to_have_attribute("id", "row-2")
    return url


def test_the_panel_moves_on_past_kept_hands_so_three_taps_credit_the_next_vorhands_team(
    phone: Page, new_game
):
    url = new_game()  # Vorhand: Anna (Wir) in hand 1, Ben (Ihr) in hand 2, Clara (Wir) in 3
    controlled(phone)
    phone.context.set_offline(True)
    for points in ("62", "40", "90"):  # three taps each: two digits and the contract
        tap_points(phone, points)
        contract(phone, "rosen").tap()
        expect(phone.locator("#points")).to_have_value("")
    expect(phone.locator("#rows .pending")).to_have_count(3)
    expect(phone.locator(".who > span")).to_have_text("Hand 4: Vorhand Dani")
    # Reopened without network: the panel still starts after the kept hands.
    phone.reload()
    expect(phone.locator(".who > span")).to_have_text("Hand 4: Vorhand Dani")
    entries = back_online(phone, url, 3)
    assert [(h["points"], h["points_team"]) for h in entries] == [(62, 0), (40, 1), (90, 0)]


def test_the_question_keep_both_adds_mine_after_theirs(phone: Page, other_phone: Page, new_game):
    url = conflict(phone, other_phone, new_game)
    SHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=SHOTS / "schieber-question.png")
    phone.locator("#queue-both").tap()
    expect(phone.locator("#rows .pending")).to_have_count(0, timeout=8_000)
    expect(phone.locator("#total-0 b")).to_have_text(str(62 + 57 + 200))
    hands = [(h["contract"], h["points"], h["points_team"]) for h in stored(phone, url)]
    assert hands == [("rosen", 62, 0), ("rosen", 100, 1), ("schellen", 100, 0)]


def test_the_question_drop_mine_keeps_theirs_alone(phone: Page, other_phone: Page, new_game):
    url = conflict(phone, other_phone, new_game)
    sent = posts(phone)
    phone.locator("#queue-drop").tap()
    expect(phone.locator("#rows .pending")).to_have_count(0, timeout=8_000)
    expect(phone.locator(".queue-ask")).to_have_count(0)
    expect(phone.locator("#total-1 b")).to_have_text(str(95 + 100))
    assert sent == []
    hands = [(h["contract"], h["points"], h["points_team"]) for h in stored(phone, url)]
    assert hands == [("rosen", 62, 0), ("rosen", 100, 1)]


def test_the_question_mine_instead_of_theirs_edits_their_hand(
    phone: Page, other_phone: Page, new_game
):
    url = conflict(phone, other_phone, new_game)
    phone.locator("#queue-replace").tap()
    expect(phone.locator("#rows .pending")).to_have_count(0, timeout=8_000)
    expect(phone.locator("#total-0 b")).to_have_text(str(62 + 200))
    hands = [(h["contract"], h["points"], h["points_team"]) for h in stored(phone, url)]
    assert hands == [("rosen", 62, 0), ("schellen", 100, 0)]
    expect(phone.locator("#changed-2")).to_be_visible()  # marked as changed, as any edit


def back_online(page: Page, url: str, count: int) -> list[dict]:
    """Switch the network on; once nothing waits, the entries the server stores."""
    page.context.set_offline(False)
    # A page from the copy loads itself again when the network is back (offline.js) while the
    # queue sends: its rows come and go; what counts is what the server stores and the phone
    # no longer keeps.
    for _ in range(80):
        page.wait_for_timeout(100)
        entries = stored(page, url)
        try:
            waiting = kept(page)
        except Error:  # the page was loading itself again
            continue
        if len(entries) >= count and waiting == 0:
            break
    expect(page.locator("#rows .pending")).to_have_count(0, timeout=8_000)
    assert len(entries) == count
    assert kept(page) == 0
    return entries


def test_a_handjass_deal_without_network_waits_and_lands_once(phone: Page, live_server: str):
    phone.goto(f"{live_server}/handjass/new")
    for seat, name in enumerate(("Anna", "Ben", "Clara", "Dani"), 1):
        phone.fill(f"input[name=seat{seat}]", name)
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/handjass/[\w-]{24}$"))
    url = phone.url
    controlled(phone)
    phone.context.set_offline(True)
    phone.locator(".trump-pick label:has(input[value=rosen])").tap()
    for seat, points in enumerate((60, 50, 25, 22)):
        phone.fill(f"input[name=cards{seat}]", str(points))
    phone.locator("#save-deal").tap()
    expect(phone.locator("#rows .pending")).to_have_text(
        re.compile(rf"^1\s*Rosen · Anna 60 · Ben 50 · Clara 25 · Dani 22\s*{WAIT}$")
    )
    expect(phone.locator("input[name=cards0]")).to_have_value("")
    SHOTS.mkdir(exist_ok=True)
    phone.locator("#history").scroll_into_view_if_needed()
    phone.screenshot(path=SHOTS / "handjass-waiting.png")
    (deal,) = back_online(phone, url, 1)
    assert (deal["trump"], [e["cards"] for e in deal["entries"]]) == ("rosen", [60, 50, 25, 22])
    expect(phone.locator(".figures .net b")).to_have_text(["1", "1", "-1", "-1"])


def test_a_differenzler_round_without_network_waits_and_lands_once(phone: Page, live_server: str):
    phone.goto(f"{live_server}/differenzler/new")
    for seat, name in enumerate(("Anna", "Ben", "Clara", "Dani"), 1):
        phone.fill(f"input[name=seat{seat}]", name)
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/differenzler/[\w-]{24}$"))
    url = phone.url
    controlled(phone)
    # Trumpf and predictions go to the server step by step, with the network.
    phone.locator("button.trump-choice[value=rosen]").tap()
    for said in (43, 31, 52, 27):
        phone.fill("#said-input", str(said))
        phone.locator("#next").tap()
        expect(phone.locator("#said-input, #all-said")).to_have_count(1)
        phone.wait_for_function("() => !document.querySelector('#live .htmx-request')")
    expect(phone.locator("#all-said")).to_be_visible()
    # The points, without network: the round waits, the panel takes no second one.
    phone.context.set_offline(True)
    for seat, points in enumerate((52, 20, 45, 40)):
        phone.fill(f"#points-{seat}", str(points))
    phone.locator("#save").tap()
    expect(phone.locator("#rows .pending")).to_have_text(
        re.compile(rf"^1\s*Rosen · Anna 52 · Ben 20 · Clara 45 · Dani 40\s*{WAIT}$")
    )
    assert phone.evaluate("document.getElementById('round').inert")
    SHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=SHOTS / "differenzler-waiting.png", full_page=True)
    (entry,) = back_online(phone, url, 1)
    assert (entry["trump"], entry["predictions"], entry["points"]) == (
        "rosen",
        [43, 31, 52, 27],
        [52, 20, 45, 40],
    )
    expect(phone.locator(".standings .total td")).to_have_text(["9", "11", "7", "13"])


def test_a_coiffeur_cell_without_network_waits_and_lands_once(phone: Page, live_server: str):
    phone.goto(f"{live_server}/coiffeur/new")
    phone.fill("input[name=team1]", "Anna+Ruedi")
    phone.fill("input[name=team2]", "Beat+Clara")
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/coiffeur/[\w-]{24}$"))
    url = phone.url
    controlled(phone)
    phone.context.set_offline(True)
    phone.locator("#cell-0-rosen label").tap()
    phone.locator("#points").tap()
    phone.fill("#points", "95")
    phone.locator("#save").tap()
    expect(phone.locator("#rows .pending")).to_have_text(
        re.compile(rf"^1\s*Rosen ×1 für Anna\+Ruedi · 95\s*{WAIT}$")
    )
    # The cell kept is filled on the board, scored in: no longer a choice.
    expect(phone.locator("#cell-0-rosen")).to_have_text(re.compile(r"^\s*95\s*95 ×1\s*$"))
    expect(phone.locator("#cell-0-rosen input")).to_have_count(0)
    (entry,) = back_online(phone, url, 1)
    assert (entry["team"], entry["contract"], entry["points"]) == (0, "rosen", 95)
    expect(phone.locator("#total-0 b")).to_have_text("95")


def test_a_coiffeur_cell_kept_offline_is_no_question_when_another_phone_filled_another_cell(
    phone: Page, other_phone: Page, live_server: str
):
    phone.goto(f"{live_server}/coiffeur/new")
    phone.fill("input[name=team1]", "Anna+Ruedi")
    phone.fill("input[name=team2]", "Beat+Clara")
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/coiffeur/[\w-]{24}$"))
    url = phone.url
    controlled(phone)
    phone.context.set_offline(True)
    phone.locator("#cell-0-rosen label").tap()
    phone.locator("#points").tap()
    phone.fill("#points", "95")
    phone.locator("#save").tap()
    expect(phone.locator("#rows .pending")).to_have_count(1)
    # Meanwhile the other phone fills another cell: entry 1 there, but no clash.
    other_phone.goto(url)
    other_phone.locator("#cell-1-eicheln label").tap()
    other_phone.locator("#points").tap()
    other_phone.fill("#points", "80")
    other_phone.locator("#save").tap()
    expect(other_phone.locator("#total-1 b")).to_have_text("160")  # Eicheln ×2
    entries = back_online(phone, url, 2)
    assert [(e["team"], e["contract"], e["points"]) for e in entries] == [
        (1, "eicheln", 80),
        (0, "rosen", 95),
    ]
    expect(phone.locator(".queue-ask")).to_have_count(0)


def test_the_app_opens_offline_on_its_start_page_listing_the_game_with_its_waiting_hand(
    phone: Page, live_server: str, new_game
):
    phone.goto(f"{live_server}/")  # the app opens here: kept before the game existed
    controlled(phone)
    url = new_game()
    tap_points(phone, "62")
    save(phone, "rosen")  # hand 1: 62 : 95
    phone.reload()  # the game's page kept as it stands, and the start page with it
    phone.context.set_offline(True)
    offline_hand(phone, "Wir", "100", "schellen")

    context = phone.context
    phone.goto(f"{live_server}/")  # opened again from the home screen, without network
    expect(phone.locator("html")).to_have_attribute("data-offline-copy", re.compile(" GMT$"))
    game = url.removeprefix(live_server)
    expect(phone.locator(f'.games a[href="{game}"]')).to_have_count(1)  # listed: opened there
    # The game opened again without network, in a page of its own: from the page showing the
    # list's copy, about one navigation in three under Playwright's offline emulation is
    # followed by a browser-initiated load of the list again (cause not found; see the note).
    phone.close()
    page = context.new_page()
    page.goto(url)
    expect(page.locator("#net")).to_contain_text("letzter bekannter Stand")
    expect(page.locator("#total-0 b.projected")).to_have_text("262")  # hand 2 scored in
    assert totals(page) == (262, 209)
    expect(page.locator("#rows .pending")).to_have_text(
        re.compile(rf"^2\s*Schellen ×2 · Wir 100\s*{WAIT}$")
    )
    (first, second) = back_online(page, url, 2)
    assert (second["contract"], second["points"]) == ("schellen", 100)
    assert totals(page) == (262, 209)
