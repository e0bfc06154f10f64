"""The Schieber page with real long names on the screens phones have: a small Android held
upright (360x640), the usual phone (390x844) and a phone lying on the table (844x390). The
keypad and the six contracts are on the screen without a swipe, names are shown whole, and a
hand with Weis and Stöck takes six taps."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.panel import contract, preview, save, tap_points, totals
from tests.browser.test_phone_screens import _TOO_WIDE

TEAMS = ("Anna-Barbara & Hansruedi", "Chrigi & Dänu")
# Seats 1 and 3 play together; Anna-Barbara is the first Vorhand.
SEATS = {"seat1": "Anna-Barbara", "seat2": "Chrigi", "seat3": "Hansruedi", "seat4": "Dänu"}
SMALL, PHONE, FLAT = (360, 640), (390, 844), (844, 390)

# Where an element is on the screen, in whole pixels, and whether its text is cut: reaching
# past the element's sides, or hidden by it (an ellipsis).
_BOXES = """(selector) => [...document.querySelectorAll(selector)]
    .filter(e => e.offsetParent)
    .map(e => { const r = e.getBoundingClientRect();
                const hides = getComputedStyle(e).overflowX !== 'visible';
                let cut = hides && e.scrollWidth > e.clientWidth;
                const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
                for (let node = walk.nextNode(); node; node = walk.nextNode()) {
                    if (!node.data.trim()) continue;
                    const range = document.createRange();
                    range.selectNodeContents(node);
                    const t = range.getBoundingClientRect();
                    cut = cut || t.left < r.left - 0.5 || t.right > r.right + 0.5;
                }
                return {top: Math.round(r.top), bottom: Math.round(r.bottom),
                        left: Math.round(r.left), right: Math.round(r.right),
                        width: Math.round(r.width), height: Math.round(r.height),
                        cut: cut, text: e.textContent.trim()}; })"""

# The words of an element broken across lines: each run of letters between the joins a name may
# wrap after (space, &, +, /, -) should sit on one line.
_BROKEN_WORDS = """(element) => {
    const broken = [];
    const walk = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
        for (const m of node.data.matchAll(/[^\\s&+\\/-]+/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
            if (tops.size > 1) broken.push(m[0]);
        }
    }
    return broken;
}"""


def long_names_game(page: Page, base: str, size: tuple[int, int]) -> None:
    """A new Schieber game of the long names, on a screen of this size."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{base}/games/new")
    page.fill("input[name=team_a]", TEAMS[0])
    page.fill("input[name=team_b]", TEAMS[1])
    for name, player in SEATS.items():
        page.fill(f"input[name={name}]", player)
    page.get_by_role("button", name="Spiel starten").tap()
    page.wait_for_url(re.compile(r"/games/[\w-]{24}$"))
    expect(page.locator("#next")).to_contain_text("Vorhand Anna-Barbara")


def boxes(page: Page, selector: str) -> list[dict]:
    found = page.evaluate(_BOXES, selector)
    assert found, selector
    return found


def on_screen(page: Page, selector: str) -> None:
    """Every visible element of the selector wholly inside the screen as it is scrolled now."""
    height, width = page.evaluate("[innerHeight, innerWidth]")
    for box in boxes(page, selector):
        assert box["top"] >= 0 and box["bottom"] <= height, (selector, box, height)
        assert box["left"] >= 0 and box["right"] <= width, (selector, box, width)


def fits_unscrolled(page: Page) -> None:
    """The page as it opens: not scrolled, no wider than the phone, keypad and the six
    contracts on the screen, the team buttons a thumb's size with their names whole."""
    width = page.evaluate("innerWidth")
    assert page.evaluate("scrollY") == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate(_TOO_WIDE, width) == []
    on_screen(page, ".keypad button, .keypad .match-key")
    on_screen(page, "button.contract")
    assert len(boxes(page, "button.contract")) == 6
    # Every key's word and every contract's name whole ("Match", "Undenufe").
    for shown in boxes(page, ".keypad button, .keypad .match-key, .contract .c-name"):
        assert not shown["cut"], shown
    teams = boxes(page, ".points-team label")
    assert [t["text"] for t in teams] == list(TEAMS)
    for team in teams:
        assert team["width"] >= 44 and team["height"] >= 44, team
        assert not team["cut"], team
    for label in page.locator(".points-team label").all():
        assert label.evaluate(_BROKEN_WORDS) == [], label.inner_text()
    for name in boxes(page, ".figures .total, .figures .name"):
        assert not name["cut"], name


def previews_inside(page: Page) -> None:
    """Each contract's preview inside its button, not cut."""
    for key in ("rosen", "eicheln", "schilten", "schellen", "obenabe", "undenufe"):
        button = contract(page, key).bounding_box()
        shown = preview(page, key)
        box = shown.bounding_box()
        assert box["x"] >= button["x"] and box["x"] + box["width"] <= button["x"] + button["width"]
        assert shown.evaluate("e => e.scrollWidth <= e.clientWidth"), shown.inner_text()


@pytest.mark.parametrize("size", [SMALL, PHONE, FLAT], ids=["360x640", "390x844", "844x390"])
def test_keypad_and_contracts_on_one_screen_with_long_names(phone: Page, live_server, size):
    long_names_game(phone, live_server, size)
    fits_unscrolled(phone)
    keypad = boxes(phone, ".keypad button, .keypad .match-key")
    contracts = boxes(phone, "button.contract")
    # The first digit brings the split under the points: nothing under the thumb moves.
    tap_points(phone, "6")
    expect(phone.locator("#split")).to_have_text(f"{TEAMS[0]} 6 · {TEAMS[1]} 151")
    expect(preview(phone, "obenabe")).to_have_text("18 : 453")
    fits_unscrolled(phone)
    assert boxes(phone, ".keypad button, .keypad .match-key") == keypad
    assert [{**c, "text": ""} for c in boxes(phone, "button.contract")] == [
        {**c, "text": ""} for c in contracts
    ]
    # The split on one line, its figures whole (a long name gives way).
    split = boxes(phone, ".under-entry")[0]
    assert split["height"] <= 24, split
    previews_inside(phone)
    tap_points(phone, "2")
    expect(preview(phone, "undenufe")).to_have_text("186 : 285")
    previews_inside(phone)
    fits_unscrolled(phone)
    # Saved: the word on the hand and its undo come in, and the next hand fits all the same.
    save(phone, "rosen")
    expect(phone.locator(".note-row #note")).to_contain_text("Hand 1 gespeichert")
    phone.evaluate("window.scrollTo(0, 0)")
    fits_unscrolled(phone)


def test_team_buttons_lying_flat_are_wide_enough_for_the_names(phone: Page, live_server):
    long_names_game(phone, live_server, FLAT)
    teams = boxes(phone, ".points-team label")
    # Were 34 px wide, "Anna|Barbara|Hansru" a line each.
    assert min(t["width"] for t in teams) >= 100, teams
    assert max(t["height"] for t in teams) <= 60, teams


@pytest.mark.parametrize("size", [SMALL, PHONE], ids=["360x640", "390x844"])
def test_a_hand_with_weis_and_stoeck_takes_six_taps_without_a_swipe(phone: Page, live_server, size):
    long_names_game(phone, live_server, size)
    taps = 0

    def tap(target: Locator) -> None:
        """A tap on what is on the screen: the writer does not swipe to find it."""
        nonlocal taps
        box = target.bounding_box()
        height = phone.evaluate("innerHeight")
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (str(target), box)
        target.tap()
        taps += 1

    # 62 for Anna-Barbara & Hansruedi (Vorhand's team), their Weis of 50 and Stöck, Rosen ×1.
    tap(phone.locator('.keypad [data-digit="6"]'))
    tap(phone.locator('.keypad [data-digit="2"]'))
    tap(phone.locator("details.extras summary"))
    expect(phone.locator("details.extras")).to_have_attribute("open", "")
    # Opened, "Weis · Stöck" leaves the six contracts on the screen below its rows.
    # (The page moves up once the details have opened: the toggle event comes a moment later.)
    phone.wait_for_function(
        "() => [...document.querySelectorAll('button.contract')]"
        ".every(b => b.getBoundingClientRect().bottom <= innerHeight)"
    )
    on_screen(phone, "button.contract")
    tap(phone.locator('button[data-weis="weis_a"][data-add="50"]'))
    expect(phone.locator("input[name=weis_a]")).to_have_value("50")
    tap(phone.locator("label.toggle:has(input[name=stoeck_a])"))
    expect(phone.locator("input[name=stoeck_a]")).to_be_checked()
    expect(preview(phone, "rosen")).to_have_text("132 : 95")
    with phone.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/hands")):
        tap(contract(phone, "rosen"))
    expect(phone.locator("#note")).to_have_text("Hand 1 gespeichert: Rosen ×1, 132 : 95.")
    assert taps == 6
    # What the server stored, read afresh: 62 + 50 + 20 against 95.
    phone.reload()
    assert totals(phone) == (132, 95)
    expect(phone.locator("#total-0")).to_have_text(f"{TEAMS[0]} 132")
