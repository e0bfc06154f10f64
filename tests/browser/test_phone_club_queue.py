"""A table phone at a club evening without network, in real Chromium at 390x844: games typed
are kept on the phone and shown as waiting, the panel moves on to the next game (and its
Vorhand's side), and they are sent by themselves in order, each once, when the network is back;
when another phone entered a game meanwhile, the table says which stands."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.test_phone_queue import SHOTS, WAIT, controlled, kept

EIGHT = ["Anna", "Beat", "Clara", "Dani", "Eva", "Fritz", "Greti", "Hans"]


def table_url(
    phone: Page, live_server: str, games: int, counting: str | None = None
) -> tuple[str, str]:
    """An evening of eight set up on the phone, Passe 1 drawn: table 1's address and the
    leader's."""
    phone.goto(live_server + "/abend/neu")
    phone.get_by_label("Name des Anlasses").fill("Freitagsjass")
    phone.locator("#players").fill("\n".join(EIGHT))
    phone.locator("label", has_text="andere").nth(1).tap()  # games per Passe: another count
    phone.get_by_label("Anzahl Spiele (1 bis 24)").fill(str(games))
    if counting:
        phone.locator(f"input[name=counting][value={counting}]").check()
    phone.get_by_role("button", name="Abend anlegen").tap()
    phone.locator("#draw").tap()
    leader = phone.url.split("/passe/")[0]
    phone.locator("#table-link-1").tap()
    # The link as another phone on the Wi-Fi opens it; this test server listens on loopback.
    key = phone.locator("#table-url").inner_text().split("/tisch/")[1]
    return f"{live_server}/tisch/{key}", leader


def stored(page: Page, leader: str) -> list[dict]:
    """Table 1's games as the server stores them (the evening's export, not this page)."""
    export = page.context.request.get(f"{leader}/export.json")
    assert export.status == 200
    return next(t["games"] for t in export.json()["tables"] if t["table"] == 1)


def tap_points(page: Page, points: str) -> None:
    for digit in points:
        page.locator(f'.keypad [data-digit="{digit}"]').tap()


def pending(page: Page) -> list[str]:
    return [re.sub(r"\s+", " ", t) for t in page.locator("#rows .pending").all_inner_texts()]


def test_games_typed_without_network_wait_move_the_panel_on_and_land_once_in_order(
    phone: Page, live_server: str
):
    url, leader = table_url(phone, live_server, games=4)
    phone.goto(url)
    controlled(phone)
    tap_points(phone, "95")
    phone.locator("#side-1").tap()  # game 1 online: 62 : 95
    expect(phone.locator("#total-1")).to_have_text("95")

    phone.context.set_offline(True)
    sides = [phone.locator(f"#side-{s}").inner_text() for s in (0, 1)]
    tap_points(phone, "100")
    phone.locator("#side-0").tap()
    expect(phone.locator("#points")).to_have_value("")  # free for the next game
    phone.locator(".match-key").tap()
    phone.locator("#side-1").tap()
    expect(phone.locator("#rows .pending")).to_have_count(2)
    assert pending(phone) == [
        f"3 {sides[1]} · Match (257) {WAIT}",
        f"2 100 · {sides[0]} {WAIT}",
    ]
    expect(phone.locator("#flash .note")).to_have_text(
        "Spiel 3 wartet auf diesem Handy: gesendet wird, sobald das Netz zurück ist."
    )
    # Game 4 next, dealt by B2, led by A1.
    expect(phone.locator(".who h2")).to_have_text("Spiel 4")
    expect(phone.locator(".who p")).to_contain_text("B2")
    # The sums with the kept games scored in, as the server will score them (Match bonus 100).
    expect(phone.locator("#total-0")).to_have_text(str(62 + 100))
    expect(phone.locator("#total-1")).to_have_text(str(95 + 57 + 157 + 100))
    expect(phone.locator("#progress")).to_have_text(
        "3 von 4 Spielen · zusammen 571 · 2 wartend mitgerechnet"
    )
    SHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=SHOTS / "club-table-waiting.png", full_page=True)
    assert len(stored(phone, leader)) == 1

    # Closed and opened again without network: the page from the worker's copy, the games
    # from IndexedDB.
    phone.reload()
    expect(phone.locator("#rows .pending")).to_have_count(2)

    phone.context.set_offline(False)
    # The server's sums, once it has all three: the copy loads itself again when the network is
    # back, and shows the same sums scored in until the queue has sent what it kept.
    expect(phone.locator("#progress")).to_have_text("3 von 4 Spielen · zusammen 571", timeout=8_000)
    expect(phone.locator("#rows .pending")).to_have_count(0)
    expect(phone.locator("#total-0:not(.projected)")).to_have_text(str(62 + 100))
    expect(phone.locator("#total-1")).to_have_text(str(95 + 57 + 157 + 100))  # Match bonus
    assert [(g["tricks"], g["match"]) for g in stored(phone, leader)] == [
        ([62, 95], None),
        ([100, 57], None),
        ([0, 157], 1),
    ]
    assert kept(phone) == 0
    expect(phone.locator("#progress")).to_contain_text("3 von 4 Spielen")


def test_with_multipliers_a_kept_game_moves_the_offered_side_to_the_next_vorhand(
    phone: Page, live_server: str
):
    url, leader = table_url(phone, live_server, games=3, counting="modern")
    phone.goto(url)
    controlled(phone)
    expect(phone.locator("#side-1")).to_be_checked()  # game 1: B1 leads
    phone.context.set_offline(True)
    for points in ("57", "80"):  # three taps each: two digits and the contract
        tap_points(phone, points)
        phone.locator("#contract-schilten").tap()
        expect(phone.locator("#points")).to_have_value("")
    expect(phone.locator("#side-1")).to_be_checked()  # game 3: B2 leads
    expect(phone.locator("#rows .pending")).to_have_count(2)
    phone.context.set_offline(False)
    expect(phone.locator("#rows .pending")).to_have_count(0, timeout=8_000)
    games = stored(phone, leader)
    assert [(g["tricks"], g["contract"], g["multiplier"]) for g in games] == [
        ([100, 57], "schilten", 2),  # side B (B1 led) made 57
        ([80, 77], "schilten", 2),  # side A (A2 led) made 80
    ]
    expect(phone.locator("#total-0")).to_have_text(str(2 * (100 + 80)))


def conflict(
    phone: Page, other_phone: Page, live_server: str, games: int = 3, meanwhile=None
) -> str:
    """This phone types game 1 without network (100 for side A); meanwhile another phone
    enters its game 1 (90 for side B), and does `meanwhile` if given; then the network is
    back and the table asks."""
    url, leader = table_url(phone, live_server, games=games)
    phone.goto(url)
    controlled(phone)
    phone.context.set_offline(True)
    tap_points(phone, "100")
    phone.locator("#side-0").tap()
    other_phone.goto(url)
    tap_points(other_phone, "90")
    other_phone.locator("#side-1").tap()
    expect(other_phone.locator("#total-1")).to_have_text("90")
    if meanwhile:
        meanwhile(other_phone)
    phone.context.set_offline(False)
    ask = phone.locator(".queue-ask")
    expect(ask).to_be_visible(timeout=8_000)
    expect(ask.locator("> b")).to_have_text(
        "Inzwischen hat ein anderes Handy Spiel 1 eingetragen. Was gilt?"
    )
    expect(ask).to_contain_text("67 : 90")
    return leader


def test_keep_both_makes_the_kept_game_the_next_one(
    phone: Page,
    other_phone: Page,
    live_server: str,
):
    leader = conflict(phone, other_phone, live_server)
    phone.locator("#queue-both").tap()
    expect(phone.locator("#rows .pending")).to_have_count(0, timeout=8_000)
    assert [g["tricks"] for g in stored(phone, leader)] == [[67, 90], [100, 57]]
    expect(phone.locator("#total-0")).to_have_text(str(67 + 100))


def test_mine_instead_of_theirs_changes_their_game_and_the_record_keeps_both(
    phone: Page,
    other_phone: Page,
    live_server: str,
):
    leader = conflict(phone, other_phone, live_server)
    phone.locator("#queue-replace").tap()
    expect(phone.locator("#rows .pending")).to_have_count(0, timeout=8_000)
    assert [g["tricks"] for g in stored(phone, leader)] == [[100, 57]]
    expect(phone.locator("#total-0")).to_have_text("100")
    changes = phone.context.request.get(f"{leader}/export.json").json()["changes"]
    kinds = [c["kind"] for c in changes]
    assert kinds[-2:] == ["enter", "edit"]


def test_a_game_whose_post_got_no_answer_waits_and_is_sent_again_by_itself(
    phone: Page, live_server: str
):
    """The Wi-Fi says connected but carries nothing: no "offline", no "online" event."""
    url, leader = table_url(phone, live_server, games=2)
    phone.goto(url)
    phone.route("**/spiele", lambda route: route.abort("internetdisconnected"))
    tap_points(phone, "95")
    phone.locator("#side-1").tap()
    expect(phone.locator("#rows .pending")).to_have_count(1)
    expect(phone.locator("#points")).to_have_value("")
    assert stored(phone, leader) == []
    phone.unroute("**/spiele")
    expect(phone.locator("#rows .pending")).to_have_count(0, timeout=12_000)
    expect(phone.locator("#total-1")).to_have_text("95")
    assert [g["tricks"] for g in stored(phone, leader)] == [[62, 95]]


def test_a_kept_game_the_handed_in_passe_has_no_room_for_stays_kept_and_said(
    phone: Page, other_phone: Page, live_server: str
):
    """Typed without network; meanwhile the other phone entered the Passe's one game and
    handed the Passe in. Kept both: there is no panel to put the kept game back in, so it
    stays on the phone, its row says why, and only a tap lets it go."""

    def hand_in(other: Page) -> None:
        other.get_by_role("button", name="Passe abgeben").tap()
        expect(other.locator("#panel")).to_have_count(0)

    leader = conflict(phone, other_phone, live_server, games=1, meanwhile=hand_in)
    phone.locator("#queue-both").tap()
    row = phone.locator("#rows .pending")
    expect(row.locator(".wait")).to_have_text(
        "Spiel 2 ist nicht gesendet und bleibt auf diesem Handy: "
        "Die Passe ist abgegeben: ändern kann sie jetzt nur die Spielleitung."
    )
    assert kept(phone) == 1
    assert [g["tricks"] for g in stored(phone, leader)] == [[67, 90]]
    # The page as it now stands: the other phone's game counted, no panel.
    expect(phone.locator("#total-1")).to_have_text("90")
    expect(phone.locator("#panel")).to_have_count(0)
    row.get_by_role("button", name="Meine verwerfen").tap()
    expect(row).to_have_count(0)
    assert kept(phone) == 0
