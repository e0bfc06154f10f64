"""How the game page feels at the table, on a phone at 390x844 and lying on the table at
844x390: slate and panel on one screen, a double tap that saves once, a save confirmed in words
with its undo beside it, and tap targets for a thumb."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE, TIMEOUT_MS
from tests.browser.panel import (
    contract,
    history_numbers,
    open_extras,
    save,
    tap_points,
    tap_weis,
    too_small,
    totals,
)
from tests.conftest import SEATS

FITS = """() => {
  const rect = s => document.querySelector(s).getBoundingClientRect();
  const last = [...document.querySelectorAll('button.contract')].pop().getBoundingClientRect();
  return {scrolled: scrollY, slateTop: rect('.slate').top, slateBottom: rect('.slate').bottom,
          contractsBottom: last.bottom, height: innerHeight};
}"""


def _fits(page: Page) -> dict:
    box = page.evaluate(FITS)
    assert box["scrolled"] == 0, box
    assert box["slateTop"] >= 0 and box["contractsBottom"] <= box["height"], box
    return box


def test_slate_and_panel_fit_one_phone_screen_before_and_after_a_save(phone: Page, new_game):
    new_game()
    _fits(phone)
    tap_points(phone, "62")
    expect(contract(phone, "rosen").locator(".preview")).to_have_text("62 : 95")
    answer = save(phone, "rosen")
    assert answer.status == 200
    box = _fits(phone)  # the page shows the chalk again, not only the figures
    note = phone.locator("#note")
    expect(note).to_have_text("Hand 1 gespeichert: Rosen ×1, 62 : 95.")
    undo = phone.locator(".note-row #undo")
    expect(undo).to_be_visible()
    assert undo.bounding_box()["y"] + undo.bounding_box()["height"] <= box["height"]
    # The full slate is one tap away, and another tap makes it compact again.
    compact = box["slateBottom"] - box["slateTop"]
    phone.locator(".slate").tap()
    expect(phone.locator("html")).to_have_class("full-slate")
    whole = phone.evaluate("document.querySelector('.slate').getBoundingClientRect().height")
    assert whole > compact * 1.3
    phone.locator(".slate").tap()
    expect(phone.locator("html")).not_to_have_class("full-slate")
    # Its undo takes the hand back in one tap.
    phone.locator(".note-row #undo").tap()
    expect(phone.locator("#note")).to_have_text("Hand 1 zurückgenommen.")
    assert totals(phone) == (0, 0)


def test_a_double_tap_on_a_contract_saves_once_and_refuses_nothing(phone: Page, new_game):
    new_game()
    tap_points(phone, "62")
    expect(contract(phone, "rosen").locator(".preview")).to_have_text("62 : 95")
    contract(phone, "rosen").tap()
    phone.wait_for_timeout(250)
    contract(phone, "rosen").tap()  # on the old panel in flight, or on the fresh one
    expect(phone.locator("#note")).to_have_text("Hand 1 gespeichert: Rosen ×1, 62 : 95.")
    phone.wait_for_timeout(600)
    assert history_numbers(phone) == [1]
    assert totals(phone) == (62, 95)
    expect(phone.locator("main .error")).to_have_count(0)


def test_a_double_tap_on_undo_takes_back_one_hand(phone: Page, new_game):
    new_game()
    for points in ("62", "90"):
        tap_points(phone, points)
        save(phone, "rosen")
    phone.wait_for_timeout(1000)  # a tap, not the second of a double tap
    phone.locator(".note-row #undo").tap()
    expect(phone.locator("#note")).to_have_text("Hand 2 zurückgenommen.")
    # The double tap's second lands on what the answer brought there: the redo.
    phone.locator(".note-row button").tap()
    phone.wait_for_timeout(600)
    expect(phone.locator("#note")).to_have_text("Hand 2 zurückgenommen.")
    assert history_numbers(phone) == [1]
    assert totals(phone) == (62, 95)
    # A while later, the redo beside the note brings the hand back.
    phone.wait_for_timeout(400)
    phone.locator(".note-row #redo").tap()
    expect(phone.locator("#note")).to_have_text("Hand 2 wiederhergestellt.")
    assert history_numbers(phone) == [2, 1]


def test_an_undo_tapped_right_after_a_save_takes_the_hand_back(phone: Page, new_game):
    """The pause against a double tap on "Zurück" follows an undo, not a save: a writer who
    sees the wrong hand saved and taps at once is heard."""
    new_game()
    tap_points(phone, "62")
    save(phone, "rosen")
    phone.locator(".note-row #undo").tap()
    expect(phone.locator("#note")).to_have_text("Hand 1 zurückgenommen.")
    assert totals(phone) == (0, 0)


def test_a_preview_of_what_is_typed_leaves_the_page_where_the_thumb_is(phone: Page, new_game):
    """The contract buttons' previews come back as the writer types; the page stays where it
    was scrolled to (it jumped to the slate with every answer, and a chip's second tap then
    hit whatever had moved under the thumb)."""
    new_game()
    tap_points(phone, "62")
    expect(contract(phone, "rosen").locator(".preview")).to_have_text("62 : 95")
    open_extras(phone)
    phone.evaluate("window.scrollTo(0, 300)")  # the Weis chips under the thumb
    scrolled = phone.evaluate("scrollY")
    assert scrolled > 0
    tap_weis(phone, "weis_a", 20)
    expect(contract(phone, "rosen").locator(".preview")).to_have_text("82 : 95")
    phone.wait_for_timeout(100)  # the swap settles 20 ms after it lands
    assert phone.evaluate("scrollY") == scrolled
    tap_weis(phone, "weis_a", 50)
    expect(contract(phone, "rosen").locator(".preview")).to_have_text("132 : 95")
    phone.wait_for_timeout(100)
    assert phone.evaluate("scrollY") == scrolled


def test_every_tap_target_is_big_enough_for_a_thumb(phone: Page, new_game):
    new_game()
    tap_points(phone, "62")
    save(phone, "rosen")
    phone.locator("details.extras summary").tap()
    targets = {
        "gschobe": "label.toggle:has(input[name=shoved])",
        "Stöck": "label.toggle:has(input[name=stoeck_a])",
        "Weis chip": ".chips button",
        "edit pencil": "li.row a.edit",
        "Weis · Stöck": "details.extras summary",
        "Was fehlt?": "#needs summary",
        "view switch": ".view-toggle",
        "contract": "button.contract",
        "undo": "#undo",
        "keypad": ".keypad button",
    }
    small = {}
    for name, selector in targets.items():
        for box in phone.locator(selector).evaluate_all(
            "es => es.map(e => e.getBoundingClientRect()).map(r => [r.width, r.height])"
        ):
            if box[0] < 44 or box[1] < 44:
                small[name] = box
    assert small == {}
    # The way back from the pages a hand opens (Weis, Bedanken, its edit, sharing).
    game = phone.url
    for page in ("/weis", "/claim", "/hands/1", "/teilen"):
        phone.goto(game + page)
        back = phone.locator("a", has_text="← zurück zum Spiel").bounding_box()
        assert back["height"] >= 44, (page, back)


# The keys and contract buttons of the panel not wholly on the screen, by their words.
ON_SCREEN = """() => [...document.querySelectorAll('#panel .keypad > *, #panel button.contract')]
    .filter(e => { const r = e.getBoundingClientRect();
                   return r.top < 0 || r.bottom > innerHeight || r.right > innerWidth; })
    .map(e => e.innerText.trim())"""


def test_lying_on_the_table_the_slate_is_beside_the_panel(browser: Browser, phone: Page, new_game):
    url = new_game()
    context = browser.new_context(**{**PHONE, "viewport": {"width": 844, "height": 390}})
    context.set_default_timeout(TIMEOUT_MS)
    try:
        flat = context.new_page()
        flat.goto(url)
        slate = flat.locator(".slate").bounding_box()
        panel = flat.locator("#panel").bounding_box()
        assert slate["x"] + slate["width"] <= panel["x"]  # side by side, not one above the other
        assert slate["y"] < 390 and panel["y"] < 390
        assert slate["y"] + slate["height"] <= 390  # the whole slate on the first screen
        # A hand's three taps on that one screen, before a save and after it (the word on the
        # save above the panel): every key and every contract inside the 390 px.
        for points in ("62", "90"):
            tap_points(flat, points)
            outside = flat.evaluate(ON_SCREEN)
            assert outside == [], outside
            save(flat, "rosen")
            assert flat.evaluate("scrollY") == 0
        expect(flat.locator("#note")).to_contain_text("Hand 2 gespeichert")
        assert flat.evaluate(ON_SCREEN) == []
    finally:
        context.close()


SPLIT_WORDS = """(selector) => {
  const split = [];
  for (const el of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent.matchAll(/[\\p{L}]+/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (lines.size > 1) split.push(match[0]);
      }
    }
  }
  return split;
}"""


def test_names_wrap_between_their_words_never_inside_one(phone: Page, new_game):
    new_game("Annabelle+Ruediger", "Beatrice+Claudia")
    for selector in (".points-team label", ".figures .total", ".team-label"):
        assert phone.evaluate(SPLIT_WORDS, selector) == [], selector
    # The long names do wrap (at their "+"), and stay inside their buttons.
    label = phone.locator(".points-team label").first
    box = label.bounding_box()
    assert box["height"] >= 44
    inside = """e => {
      const box = e.getBoundingClientRect();
      const texts = [...e.childNodes]
        .filter(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
      return texts.every(n => {
        const range = document.createRange();
        range.selectNodeContents(n);
        return [...range.getClientRects()].every(r => r.left >= box.left && r.right <= box.right);
      });
    }"""
    assert label.evaluate(inside)


def test_the_card_picker_and_handjass_choices_fit_a_thumb(phone: Page, new_game, live_server):
    url = new_game()
    phone.goto(f"{url}/weis")
    phone.locator("#seat-0 details.picker summary").tap()
    assert too_small(phone, "#seat-0 .card-pick span") == []
    phone.goto(f"{live_server}/handjass/new")
    for seat, name in enumerate(("Anna", "Ben", "Clara", "Dani"), start=1):
        phone.fill(f"input[name=seat{seat}]", name)
    phone.locator("form button[type=submit]").last.tap()
    phone.wait_for_url(re.compile(r"/handjass/[\w-]{24}$"))
    assert too_small(phone, ".player-row .seg label") == []


def test_every_set_up_checkbox_and_radio_keeps_its_size_beside_a_long_label(
    phone: Page, live_server: str
):
    """A check beside two lines of words was squeezed by its label (13 px wide, not 22)."""
    sizes = {}
    for mode in ("games", "handjass", "differenzler", "coiffeur"):
        phone.goto(f"{live_server}/{mode}/new")
        for name, width, height in phone.locator(
            "label.check input[type=checkbox], .option input[type=radio]"
        ).evaluate_all(
            "es => es.map(e => [e.name, e.getBoundingClientRect().width,"
            " e.getBoundingClientRect().height])"
        ):
            sizes[f"{mode} {name}"] = (round(width), round(height))
    assert sizes["handjass berner"] == (22, 22)  # "Berner Handjass: Striche und …", two lines
    assert sizes["games preset"] == (22, 22)
    assert {size for size in sizes.values()} == {(22, 22)}


def test_french_faces_name_what_each_preset_doubles(phone: Page, live_server: str):
    phone.goto(f"{live_server}/games/new")
    modern = phone.locator("label.option:has(input[name=preset][value=modern])")
    expect(modern).to_contain_text("Schilten/Schellen ×2")
    with phone.expect_response(lambda r: "/games/new/rules" in r.url):
        phone.locator("label:has(input[name=deck][value=french])").tap()
    expect(modern).to_contain_text("Modern: 2500, Herz/Ecken ×2, Obenabe/Undenufe ×3, sonst ×1")


def test_an_edit_that_moves_the_bergpreis_says_so(phone: Page, new_game):
    # Modern rules, Bergpreis at 1250: three Matches in Undenufe (771 each) for Wir, then one
    # for Ihr. Editing hand 2 to Ihr's Match moves the Bergpreis to Ihr.
    url = new_game()
    for team in ("Wir", "Wir", "Ihr"):
        phone.locator(".points-team label", has_text=team).tap()
        phone.locator(".match-key").tap()
        save(phone, "undenufe")
    assert totals(phone) == (1542, 771)
    phone.goto(f"{url}/hands/2")
    phone.locator(".points-team label", has_text="Ihr").tap()
    phone.locator("button.contract[value=undenufe]").tap()
    phone.wait_for_url(url)
    assert totals(phone) == (771, 1542)
    expect(phone.locator("#note")).to_have_text("Hand 2 geändert: Bergpreis jetzt Ihr.")


def test_both_over_the_target_a_tap_on_who_claimed_first_asks_once_more(
    phone: Page, live_server: str
):
    """Who thanked first decides the game, as a claim does: a stray tap decides nothing."""
    phone.goto(f"{live_server}/games/new")
    for name, player in {"team_a": "Wir", "team_b": "Ihr", **SEATS}.items():
        phone.fill(f"input[name={name}]", player)
    phone.fill("input[name=target]", "200")
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/games/[\w-]{24}$"))
    tap_points(phone, "80")
    save(phone, "obenabe")  # Wir 240, Ihr 77 x 3 = 231: both over 200
    expect(phone.locator("#tie h2")).to_have_text("Beide Teams über 200")
    dialogs: list[str] = []
    phone.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    phone.locator("#tie button", has_text="Ihr").tap()
    asked = phone.locator("#asked[role=alertdialog]")
    question = "Ihr hat sich zuerst bedankt und gewinnt: so eintragen?"
    expect(asked.locator("p")).to_have_text(question)
    asked.get_by_role("button", name="Abbrechen").tap()
    expect(asked).to_have_count(0)
    expect(phone.locator("#tie")).to_be_visible()
    phone.locator("#tie button", has_text="Ihr").tap()
    box = asked.bounding_box()
    assert box and box["y"] + box["height"] <= 844.5  # asked where the thumb is
    asked.get_by_role("button", name="Ja").tap()
    expect(phone.locator("#result h2")).to_have_text("Ihr gewinnt")
    assert dialogs == []  # asked in the page, never in the browser's dialog
