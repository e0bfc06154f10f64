"""What a new player met walking the app on a 390x844 phone: the Weis ruling's verdict on one
line (the whole ruling covered up to 30% of the screen), the compact slate's figures at 12 px at
least (they were 10 and 11), tap targets a thumb high, a checkbox in line with the radios, and the
word on a save level with its undo."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.panel import handjass_with_a_deal, open_extras, save, tap_points, too_small

WIDTH = 390


def _no_sideways_scroll(phone: Page) -> None:
    assert phone.evaluate("document.documentElement.scrollWidth") <= WIDTH


def _posted(page: Page, tap) -> None:
    """Tap something on the Weis page and wait until htmx has swapped the form."""
    with page.expect_response(lambda r: r.url.endswith("/weis")):
        tap()
    expect(page.locator("#declare")).to_be_visible()


def _add_weis(phone: Page, seat: int, suit: str) -> None:
    """A Vierblatt to the King in a suit for a player, from the add row."""
    row = phone.locator(f"#seat-{seat}")
    row.locator(f"select[name=len{seat}]").select_option("4")
    row.locator(f"select[name=suit{seat}]").select_option(suit)
    row.locator(f"select[name=top{seat}]").select_option("K")
    _posted(phone, lambda: row.get_by_role("button", name="+ Weis").tap())


def test_the_weis_ruling_is_a_one_line_verdict_that_opens_to_its_reasons(phone: Page, new_game):
    new_game()
    open_extras(phone)
    phone.locator("#declare-weis").tap()
    _posted(phone, lambda: phone.locator(".contract-pick label", has_text="Schellen").tap())
    _add_weis(phone, 0, "rosen")
    _add_weis(phone, 1, "schellen")
    # The verdict on one line, stuck to the bottom of the screen while cards are tapped.
    ben = phone.locator("#seat-1")
    ben.locator("summary").tap()
    ruling = phone.locator("#ruling")
    expect(phone.locator("#verdict")).to_have_text("Weis für Ihr: 50.")
    expect(ruling.locator("summary")).to_contain_text("Entscheid")
    expect(ruling).to_be_in_viewport()
    box = ruling.bounding_box()
    assert box["height"] <= 56, box  # one line (it was 175 px, five lines and a heading)
    assert box["y"] + box["height"] <= 844
    expect(ruling.locator("li").first).to_be_hidden()
    # The cards under it stay in reach: it covers less than a tenth of the screen.
    assert box["height"] / 844 < 0.1
    # A tap shows why, test by test; another closes it again.
    ruling.locator("summary").tap()
    expect(ruling).to_have_attribute("open", "")
    expect(ruling.locator("li")).to_have_text(
        [
            "Beide 50.",
            "Beide 4 Karten.",
            "Beide zum König.",
            "Das Blatt in Schellen ist Trumpf: Vierblatt Schellen zum König (Ben).",
            "Weis für Ihr: 50.",
        ]
    )
    expect(ruling.locator("li").last).to_be_in_viewport()
    ruling.locator("summary").tap()
    expect(ruling.locator("li").first).to_be_hidden()
    _no_sideways_scroll(phone)

    # The add row's choices and a Weis chip's ✕ are a thumb high.
    assert too_small(phone, "#seat-0 .add select, #seat-0 .add .button") == []
    assert too_small(phone, ".weis-chip button") == []


# The rendered size in px of a slate's words and figures: the font size in the drawing's units
# times the scale the slate is drawn at.
SLATE_TEXT = """() => [...document.querySelectorAll('svg.slate-half')].flatMap(svg => {
    const scale = svg.getBoundingClientRect().height / svg.viewBox.baseVal.height;
    return [...svg.querySelectorAll('text')].map(t => [
        t.getAttribute('class'), t.textContent,
        Math.round(parseFloat(getComputedStyle(t).fontSize) * scale * 10) / 10]);
})"""

# Whether a slate half's name and total, as drawn, overlap.
NAME_ON_TOTAL = """() => [...document.querySelectorAll('svg.slate-half')].some(svg => {
    const a = svg.querySelector('.team-name').getBoundingClientRect();
    const b = svg.querySelector('.team-total').getBoundingClientRect();
    return a.right > b.left && b.right > a.left && a.bottom > b.top && b.bottom > a.top;
})"""


def test_the_compact_slate_writes_its_figures_at_12_px_at_least(phone: Page, new_game):
    new_game("Annabelle+Ruediger", "Beatrice+Claudia")
    # Bergpreis (1250) for both, with a rest on each slate: every kind of text on the slate.
    for points, key in (("157", "undenufe"), ("157", "undenufe"), ("155", "schellen")):
        tap_points(phone, points)
        save(phone, key)
    phone.locator(".match-key").tap()
    save(phone, "undenufe")
    phone.locator(".match-key").tap()
    save(phone, "undenufe")
    phone.evaluate("window.scrollTo(0, 0)")
    sizes = phone.evaluate(SLATE_TEXT)
    kinds = {kind for kind, _, _ in sizes}
    assert kinds == {"team-name", "team-total", "marks", "rest"}, sizes
    for kind, text, px in sizes:
        least = {"team-total": 12, "rest": 12, "team-name": 10, "marks": 8}[kind]
        assert px >= least, (kind, text, px)
    assert not phone.evaluate(NAME_ON_TOTAL)
    _no_sideways_scroll(phone)
    # Whole, the slate keeps the sizes it was drawn with.
    phone.locator(".slate").tap()
    expect(phone.locator("html")).to_have_class("full-slate")
    whole = {kind: px for kind, _, px in phone.evaluate(SLATE_TEXT)}
    assert whole["team-total"] > 20 and whole["rest"] > 18, whole


def test_set_up_claim_and_bar_are_a_thumb_high(phone: Page, new_game, live_server: str):
    phone.goto(live_server + "/")
    assert too_small(phone, ".bar .home") == []
    phone.goto(f"{live_server}/games/new")
    assert too_small(phone, ".seg label") == []
    assert too_small(phone, ".mult input") == []
    assert too_small(phone, "label.check, label.option") == []
    # A checkbox stands in line with the radios, its words with theirs.
    left = phone.evaluate(
        """() => [...document.querySelectorAll('label.check input, .option input[type=radio]')]
            .map(e => Math.round(e.getBoundingClientRect().left))"""
    )
    assert len(set(left)) == 1, left
    _no_sideways_scroll(phone)
    new_game()
    phone.locator("#claim").tap()
    phone.wait_for_url("**/claim")
    assert too_small(phone, ".claim .seg label") == []
    assert too_small(phone, "form.claim input[inputmode]") == []
    _no_sideways_scroll(phone)


def test_a_one_line_note_on_a_save_is_level_with_its_undo(phone: Page, live_server: str):
    handjass_with_a_deal(phone, live_server, ("Anna", "Ben", "Clara", "Dani"))
    expect(phone.locator("#note")).to_have_text("Spiel 1 gespeichert.")
    middle = phone.evaluate(
        """() => {
            const note = document.getElementById('note');
            const range = document.createRange();
            range.selectNodeContents(note);
            const text = range.getBoundingClientRect(), box = note.getBoundingClientRect();
            return [text.top + text.height / 2, box.top + box.height / 2];
        }"""
    )
    assert abs(middle[0] - middle[1]) <= 2, middle
    _no_sideways_scroll(phone)


def test_long_team_names_wrap_on_the_weis_and_claim_pages(phone: Page, new_game):
    """A team called "Beatrice+Claudia" in a third of the width ("Stöck Beatrice+Claudia") made
    the page 421 px wide: the phone showed the whole of it zoomed out."""
    game = new_game("Annabelle+Ruediger", "Beatrice+Claudia")
    phone.goto(game + "/weis")
    _posted(phone, lambda: phone.locator(".contract-pick label", has_text="Schellen").tap())
    expect(phone.locator(".stoeck-pick label")).to_have_count(3)
    _no_sideways_scroll(phone)
    phone.goto(game + "/claim")
    expect(phone.locator(".claim label", has_text="Beatrice+Claudia (0)")).to_be_visible()
    _no_sideways_scroll(phone)
