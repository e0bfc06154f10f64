"""Two phones at one club table, in real Chromium at 390x844: a game the other phone wrote
first is not lost; the table sees both and chooses, "Beide behalten" (mine as the next game),
"Meine statt ihrer" or "Meine verwerfen". And the leader's "Wer mit wem" fits the phone."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.test_phone_club_queue import stored, table_url, tap_points

SHOTS = Path("/tmp/club-conflict-shots")


def conflict(phone: Page, other_phone: Page, live_server: str) -> str:
    """Both phones on game 1; the other saves 95 for side B first, then this one taps 80 for
    side A on its page, which no longer stands: the question. The leader's address."""
    url, leader = table_url(phone, live_server, games=4)
    phone.goto(url)
    other_phone.goto(url)
    tap_points(other_phone, "95")
    other_phone.locator("#side-1").tap()
    expect(other_phone.locator("#progress")).to_contain_text("1 von 4 Spielen")
    tap_points(phone, "80")
    phone.locator("#side-0").tap()
    expect(phone.locator("#conflict")).to_be_visible()
    expect(phone.locator("#error-table")).to_have_text(
        "Inzwischen hat ein anderes Handy Spiel 1 eingetragen. Was gilt?"
    )
    expect(phone.locator("#conflict-theirs")).to_contain_text(" 62 : 95 ")
    expect(phone.locator("#conflict-mine")).to_contain_text(" 80 : 77 ")
    expect(phone.locator("#conflict-note")).to_have_text(
        "Zwei Einträge können nicht beide Spiel 1 sein: «Beide behalten» trägt meines als "
        "Spiel 2 ein."
    )
    # Nothing of this phone's stored yet; theirs stands.
    assert [g["tricks"] for g in stored(phone, leader)] == [[62, 95]]
    return leader


def test_the_question_fits_the_phone_and_both_keeps_mine_as_the_next_game(
    phone: Page, other_phone: Page, live_server: str
):
    leader = conflict(phone, other_phone, live_server)
    buttons = phone.locator("#conflict button")
    expect(buttons).to_have_text(["Beide behalten", "Meine statt ihrer", "Meine verwerfen"])
    for button in buttons.all():  # every choice within the screen's width, a thumb high
        box = button.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 44
    SHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=SHOTS / "club-table-conflict.png", full_page=True)
    phone.locator("#conflict-both").tap()
    expect(phone.locator("#progress")).to_contain_text("2 von 4 Spielen")
    expect(phone.locator("#conflict")).to_have_count(0)
    assert [g["tricks"] for g in stored(phone, leader)] == [[62, 95], [80, 77]]


def test_mine_instead_of_theirs_replaces_it_and_the_record_says_so(
    phone: Page, other_phone: Page, live_server: str
):
    leader = conflict(phone, other_phone, live_server)
    phone.locator("#conflict-instead").tap()
    expect(phone.locator("#progress")).to_contain_text("1 von 4 Spielen")
    expect(phone.locator("#total-0")).to_have_text("80")
    assert [g["tricks"] for g in stored(phone, leader)] == [[80, 77]]
    phone.goto(leader)
    expect(phone.locator("#record")).to_contain_text(
        "Spiel 1 geändert, 62 : 95 → 80 : 77 («Meine statt ihrer»:"
    )


def test_drop_mine_leaves_theirs_and_the_panel_for_the_next_game(
    phone: Page, other_phone: Page, live_server: str
):
    leader = conflict(phone, other_phone, live_server)
    phone.locator("#conflict-drop").tap()
    expect(phone.locator(".who h2")).to_have_text("Spiel 2")
    expect(phone.locator("#points")).to_have_value("")
    assert [g["tricks"] for g in stored(phone, leader)] == [[62, 95]]


def test_who_with_whom_on_the_leaders_page_fits_the_phone(phone: Page, live_server: str):
    _url, leader = table_url(phone, live_server, games=1)
    phone.goto(leader)
    phone.locator("#draw").tap()  # Passe 2
    phone.wait_for_url("**/passe/2")
    phone.goto(leader)
    sheet = phone.locator("#fairness")
    expect(sheet.locator("h2")).to_have_text("Wer mit wem")
    expect(sheet.locator(".hint").first).to_have_text("Über die 2 gelosten Passen.")
    expect(sheet.locator(".fairness-list > li")).to_have_count(8)
    # Two Passen at tables of four: each player's line names two partners.
    first = sheet.locator(".fairness-list > li").first
    expect(first.locator(".fair-row").first).to_contain_text("mit")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    sheet.scroll_into_view_if_needed()
    SHOTS.mkdir(exist_ok=True)
    sheet.screenshot(path=SHOTS / "club-who-with-whom.png")
    download = phone.context.request.get(f"{leader}/wer-mit-wem.csv")
    assert download.status == 200
    assert download.text().lstrip("\ufeff").splitlines()[0] == (
        "Spieler,Mitspieler,Partner,Gegner,am selben Tisch"
    )
