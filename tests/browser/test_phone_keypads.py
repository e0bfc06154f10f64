"""The big keypad in every mode, on a 390 x 844 phone, a small 360 x 640 one and a phone lying
flat (844 x 390): a Handjass
deal, a Differenzler round (predictions and points) and Coiffeur cells typed only by tapping
the keypad's keys, then read back from what the server stored. The keypad and the save are on
the screen while a field is typed, every key is a 44 px target, and no field the writer taps
opens the phone's own keyboard. A Handjass deal that the save would refuse for a blank field
says so before the save."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Response, expect

from tests.browser.conftest import PHONE, TIMEOUT_MS

SIZES = [(390, 844), (360, 640), (844, 390)]  # and lying flat


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def sized(request, browser: Browser) -> Iterator[Page]:
    """A phone of the size given, with touch (a coarse pointer: the keypad types)."""
    width, height = request.param
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": height}})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def _keys(page: Page, digits: str) -> None:
    """Tap keys of the keypad: digits, "back" (⌫) or "next" (↓), a key a character."""
    names = {"<": "back", ">": "next"}
    for key in digits:
        page.locator(f'.keypad [data-digit="{names.get(key, key)}"]').tap()


def _swap(page: Page, action) -> Response:
    """Do something that posts the panel and wait until htmx swapped #live."""
    page.evaluate("document.getElementById('live').dataset.stale = '1'")
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        action()
    page.wait_for_function("() => !document.querySelector('#live[data-stale]')")
    return answer.value


def _on_screen(page: Page, selector: str) -> None:
    """The element whole inside the screen, without a scroll."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None, selector
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (selector, box)
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (selector, box)


# Every key and the save: [what, width, height]; the field the writer is typing into, and
# which element has the focus.
_KEYS = """(save) => Array.from(document.querySelectorAll('.keypad [data-digit]'))
    .concat([document.querySelector(save)])
    .map((e) => { const r = e.getBoundingClientRect();
                  return [e.dataset.digit || e.id, r.width, r.height]; })"""
_KEYBOARD = """() => {
    const e = document.activeElement;
    const typed = e && e.tagName === 'INPUT' && !/^(radio|checkbox|hidden)$/.test(e.type);
    return typed && e.getAttribute('inputmode') !== 'none' && !e.readOnly ? e.outerHTML : null;
}"""


def _keypad_in_reach(page: Page, save: str) -> None:
    """The keypad and the save on the screen, every key 44 x 44 px or more, every field the
    keypad types into shut to the phone's keyboard, and no focus that would open it."""
    _on_screen(page, ".keypad")
    _on_screen(page, save)
    for what, width, height in page.evaluate(_KEYS, save):
        assert width >= 44 and height >= 44, (what, width, height)
    modes = page.locator("input[data-key]").evaluate_all(
        "els => els.map(e => e.getAttribute('inputmode'))"
    )
    assert modes and set(modes) == {"none"}, modes
    assert page.evaluate(_KEYBOARD) is None
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def _shot(page: Page, name: str) -> None:
    size = page.viewport_size
    page.screenshot(path=f"/tmp/keypad-{name}-{size['width']}x{size['height']}.png")


def _new(page: Page, base: str, mode: str, names) -> None:
    page.goto(f"{base}/{mode}/new")
    for seat, name in enumerate(names, 1):
        page.fill(f"input[name=seat{seat}]", name)
    page.get_by_role("button", name="Spiel starten").tap()
    page.wait_for_url(re.compile(rf"/{mode}/[\w-]{{24}}$"))


HANDJASS = ("Anna-Barbara", "Hansruedi", "Clara", "Dani")


def test_a_handjass_deal_on_the_keypad(sized: Page, live_server: str):
    page = sized
    _new(page, live_server, "handjass", HANDJASS)
    page.locator(".trump-pick label:has(input[value=rosen])").tap()
    # The keypad types into Vorhand's points, outlined and on the screen above the keypad.
    _keys(page, "50")
    expect(page.locator("#cards0")).to_have_value("50")
    expect(page.locator("#cards0")).to_have_class(re.compile(r"\btyping\b"))
    _on_screen(page, "#cards0")
    # Three fields still blank: the save would refuse the deal, and the panel says so first.
    warning = page.locator("#blank-warning")
    expect(warning).to_have_text(
        "Noch leer: Hansruedi, Clara, Dani. So wird nicht gespeichert: nur ein Feld darf leer"
        " bleiben."
    )
    _on_screen(page, "#blank-warning")
    _keypad_in_reach(page, "#save-deal")
    # ↓ goes on to the next player; a field tapped takes the digits, and no keyboard opens.
    _keys(page, ">4")
    page.locator("#cards2").tap()
    assert page.evaluate("document.activeElement.id") == "cards2"
    assert page.evaluate(_KEYBOARD) is None
    _keys(page, "45")
    page.locator("#cards1").tap()
    _keys(page, "0")  # Hansruedi's 4 becomes 40
    expect(page.locator("#cards1")).to_have_value("40")
    expect(page.locator("#rest-text")).to_have_text("Rest für Dani: 157 − 135 = 22")
    expect(warning).to_have_count(0)
    # ⌫ takes back a digit; Dani's field is the next after Clara's.
    page.locator("#cards2").tap()
    _keys(page, ">23<2")
    expect(page.locator("#cards3")).to_have_value("22")
    expect(page.locator("#rest-text")).to_have_text("Zusammen 157 ✓")
    _keypad_in_reach(page, "#save-deal")
    _shot(page, "handjass")

    assert _swap(page, lambda: page.locator("#save-deal").tap()).status == 200
    row = page.locator("#row-1")
    expect(row.locator(".row-detail")).to_have_text(
        "Anna-Barbara 50 · Hansruedi 40 · Clara 45 · Dani 22"
    )
    expect(page.locator(".figures .net b")).to_have_text(["1", "0", "1", "-1"])
    # The next deal's panel starts afresh at its Vorhand's points.
    expect(page.locator("#deal .who")).to_contain_text("Spiel 2: Anna-Barbara gibt")
    expect(page.locator("#cards1")).to_have_class(re.compile(r"\btyping\b"))

    # Dani drops out: no rest for a blank field now, and the panel says so before the save.
    page.locator(".trump-pick label:has(input[value=schellen])").tap()
    page.locator("#player-3 label:has(input[value=out])").tap()
    _keys(page, "80")
    expect(page.locator("#blank-warning")).to_have_text(
        "Noch leer: Anna-Barbara, Clara. So wird nicht gespeichert: nicht alle Karten sind im"
        " Spiel, jedes Feld braucht Punkte (auch 0)."
    )
    _on_screen(page, "#blank-warning")
    _keypad_in_reach(page, "#save-deal")
    _shot(page, "handjass-blank")
    # And the save refuses it, as the panel said: nothing stored.
    assert _swap(page, lambda: page.locator("#save-deal").tap()).status == 422
    expect(page.locator("#rows li.row")).to_have_count(1)


DIFFERENZLER = ("Anna", "Hansruedi", "Clara", "Dani")


def test_a_differenzler_round_on_the_keypad(sized: Page, live_server: str):
    page = sized
    _new(page, live_server, "differenzler", DIFFERENZLER)
    assert _swap(page, lambda: page.locator("button.trump-choice[value=rosen]").tap()).status == 200
    for seat, said in enumerate((43, 31, 52, 27)):
        expect(page.locator("#ask-label")).to_have_text(f"{DIFFERENZLER[seat]}: deine Ansage")
        _keys(page, f"{said}1<")  # a digit too many, taken back
        expect(page.locator("#said-input")).to_have_value(str(said))
        _keypad_in_reach(page, "#next")
        if seat == 0:
            _shot(page, "differenzler-predict")
        assert _swap(page, lambda: page.locator("#next").tap()).status == 200
    expect(page.locator("#all-said")).to_be_visible()
    # The points: each player's in turn, ↓ to the next.
    _keys(page, "52>20>45>40")
    for seat, made in enumerate((52, 20, 45, 40)):
        expect(page.locator(f"#points-{seat}")).to_have_value(str(made))
    expect(page.locator("#rest-text")).to_have_text("Zusammen 157 ✓")
    _on_screen(page, "#points-3")
    _keypad_in_reach(page, "#save")
    _shot(page, "differenzler-points")

    assert _swap(page, lambda: page.locator("#save").tap()).status == 200
    note = page.locator("#note").inner_text()
    assert note.startswith(
        "Runde 1 gespeichert: Anna 9, Hansruedi 11, Clara 7, Dani 13 daneben."
    ), note
    expect(page.locator(".standings .total td")).to_have_text(["9", "11", "7", "13"])
    expect(page.locator("#cell-1-0 small")).to_contain_text("43")
    expect(page.locator("#cell-1-0 small")).to_contain_text("52")


def test_coiffeur_cells_on_the_keypad(sized: Page, live_server: str):
    page = sized
    page.goto(f"{live_server}/coiffeur/new")
    page.fill("input[name=team1]", "Anna-Barbara & Hansruedi")
    page.fill("input[name=team2]", "Chrigi & Dänu")
    page.get_by_role("button", name="Spiel starten").tap()
    page.wait_for_url("**/coiffeur/*")
    chosen = page.locator("#chosen")
    expect(chosen).to_have_text("Ein offenes Feld der Tafel tippen, dann die Punkte.")

    # A cell tapped on the board: the panel names it and comes into sight with its save.
    page.locator("#cell-0-rosen label").tap()
    expect(chosen).to_have_text("Rosen ×1 für Anna-Barbara & Hansruedi")
    _on_screen(page, "#chosen")
    _keys(page, "95")
    expect(page.locator("#points")).to_have_value("95")
    _keypad_in_reach(page, "#save")
    _shot(page, "coiffeur")
    assert _swap(page, lambda: page.locator("#save").tap()).status == 200
    expect(page.locator("#note")).to_have_text(
        "Rosen ×1 für Anna-Barbara & Hansruedi: 95 → 95 gespeichert."
    )
    expect(page.locator("#cell-0-rosen")).to_contain_text("95")
    expect(chosen).to_have_text("Ein offenes Feld der Tafel tippen, dann die Punkte.")

    # Another cell, further down the board; a Match ticked first gives way to the points.
    page.locator("#cell-1-schilten label").tap()
    expect(chosen).to_have_text("Schilten ×3 für Chrigi & Dänu")
    page.locator("#entry .seg label:has(input[name=match])").tap()
    expect(page.locator("#entry input[name=match]")).to_be_checked()
    _keys(page, "805<")
    expect(page.locator("#points")).to_have_value("80")
    expect(page.locator("#entry input[name=match]")).not_to_be_checked()
    _keypad_in_reach(page, "#save")
    assert _swap(page, lambda: page.locator("#save").tap()).status == 200
    expect(page.locator("#note")).to_have_text(
        "Schilten ×3 für Chrigi & Dänu: 80 → 240 gespeichert."
    )
    expect(page.locator("#total-0 b")).to_have_text("95")
    expect(page.locator("#total-1 b")).to_have_text("240")
    expect(page.locator("#cell-1-schilten")).to_contain_text("240")


def test_the_edit_pages_type_on_the_keypad_too(phone: Page, live_server: str):
    """Changing a Handjass deal or a Coiffeur cell: the same keypad, no phone keyboard."""
    _new(phone, live_server, "handjass", HANDJASS)
    game = phone.url
    phone.locator(".trump-pick label:has(input[value=rosen])").tap()
    for seat, points in enumerate(("50", "40", "45", "22")):
        phone.fill(f"#cards{seat}", points)
    assert _swap(phone, lambda: phone.locator("#save-deal").tap()).status == 200
    phone.goto(f"{game}/deals/1")
    phone.locator("#cards0").tap()
    assert phone.evaluate(_KEYBOARD) is None
    _keys(phone, "<<60")
    phone.locator("#cards3").tap()
    _keys(phone, "<<12")
    expect(phone.locator("#cards0")).to_have_value("60")
    _keypad_in_reach(phone, "[data-save]")
    phone.locator("[data-save]").tap()
    phone.wait_for_url(game)
    expect(phone.locator("#row-1 .row-detail")).to_have_text(
        "Anna-Barbara 60 · Hansruedi 40 · Clara 45 · Dani 12"
    )

    phone.goto(f"{live_server}/coiffeur/new")
    phone.fill("input[name=team1]", "Anna+Ruedi")
    phone.fill("input[name=team2]", "Beat+Clara")
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/coiffeur/[\w-]{24}$"))
    board = phone.url
    phone.locator("#cell-0-rosen label").tap()
    _keys(phone, "95")
    assert _swap(phone, lambda: phone.locator("#save").tap()).status == 200
    phone.goto(f"{board}/entries/1")
    phone.locator("#points").tap()
    assert phone.evaluate(_KEYBOARD) is None
    _keys(phone, "<<80")
    expect(phone.locator("#points")).to_have_value("80")
    _keypad_in_reach(phone, "#save-edit")
    phone.locator("#save-edit").tap()
    phone.wait_for_url(board)
    expect(phone.locator("#cell-0-rosen")).to_contain_text("80")
