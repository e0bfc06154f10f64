"""Differenzler on a phone passed round the table: three rounds for four players, each with the
Trumpf drawn or picked, the predictions typed one player after the other (and never shown), the
points with the last player's rest taken with one tap; then the standings read back. A reload,
back and forward, or the link opened again mid-round finds the round where it was; six players
fit a 390 px phone, every name whole."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

NAMES = ("Anna", "Ben", "Clara", "Dani")
TRUMP_NAMES = ("Rosen", "Eicheln", "Schilten", "Schellen", "Obenabe", "Undenufe")
SCREENSHOT = "/tmp/differenzler.png"
WIDTH = 390


def _tap(phone: Page, selector: str, path: str = "/round") -> int:
    """Tap a button of the panel and wait until htmx swapped #live; the answer's status."""
    phone.evaluate("document.getElementById('live').dataset.stale = '1'")
    with phone.expect_response(
        lambda r: r.request.method == "POST" and r.url.endswith(path)
    ) as answer:
        phone.locator(selector).tap()
    phone.wait_for_function("() => !document.querySelector('#live[data-stale]')")
    return answer.value.status


def _trump(phone: Page, pick: str | None) -> str:
    """Draw the Trumpf, or let the table pick one; the name the phone shows big."""
    if pick is None:
        assert _tap(phone, "#draw") == 200
    else:
        assert _tap(phone, f"button.trump-choice[value={pick}]") == 200
    shown = phone.locator("#trump-name")
    expect(shown).to_be_visible()
    name = shown.inner_text()
    assert name in TRUMP_NAMES
    # Big enough to read across the table.
    assert (
        phone.evaluate(
            "parseFloat(getComputedStyle(document.getElementById('trump-name')).fontSize)"
        )
        >= 30
    )
    return name


def _predict(phone: Page, order: list[int], predictions: list[int], names=NAMES) -> None:
    """Pass the phone: each player in turn types their prediction and taps "Weiter"."""
    for done, seat in enumerate(order):
        expect(phone.locator("#ask-label")).to_have_text(f"{names[seat]}: deine Ansage")
        phone.fill("#said-input", str(predictions[seat]))
        assert _tap(phone, "#next") == 200
        said = phone.locator(f"#said-{seat}")
        if done < len(order) - 1:
            expect(said).to_contain_text("✓ angesagt")
            expect(phone.locator("#said-input")).to_have_value("")
        # The number stays on the server: never on the screen, not even in a hidden field.
        expect(phone.locator(f"input[name=prediction-{seat}]")).to_have_count(0)
        expect(phone.locator("#round")).not_to_contain_text(str(predictions[seat]))
    expect(phone.locator("#all-said")).to_be_visible()


def _points(phone: Page, order: list[int], points: list[int], shot: str | None = None) -> str:
    """Type everyone's points but the last player's, take the rest with one tap, save."""
    for seat in order[:-1]:
        phone.fill(f"#points-{seat}", str(points[seat]))
    last = order[-1]
    fill = phone.locator("#rest-fill")
    expect(fill).to_have_text(f"{points[last]} für {NAMES[last]} eintragen")
    if shot:
        phone.screenshot(path=shot)
    fill.tap()
    expect(phone.locator(f"#points-{last}")).to_have_value(str(points[last]))
    expect(phone.locator("#rest-text")).to_have_text("Zusammen 157 ✓")
    assert _tap(phone, "#save") == 200
    return phone.locator("#note").inner_text()


def _round(phone, number, pick, order, predictions, points, diffs):
    expect(phone.locator("#counter")).to_have_text(f"Runde {number} von 12")
    _trump(phone, pick)
    if number == 1:
        phone.wait_for_timeout(700)  # the draw's flourish
        phone.screenshot(path="/tmp/differenzler-predict.png")
    _predict(phone, order, predictions)
    shot = "/tmp/differenzler-points.png" if number == 1 else None
    note = _points(phone, order, points, shot)
    words = ", ".join(f"{name} {d}" for name, d in zip(NAMES, diffs, strict=True))
    assert note.startswith(f"Runde {number} gespeichert: {words} daneben.")
    cells = phone.locator(f"#row-{number} .cell .d")
    expect(cells).to_have_text([str(d) for d in diffs])


def test_three_rounds_passed_round_the_table(phone: Page, live_server: str):
    phone.goto(f"{live_server}/")
    phone.get_by_role("link", name="Neues Spiel: Differenzler").tap()
    phone.wait_for_url("**/differenzler/new")
    for seat, name in enumerate(NAMES, 1):
        phone.fill(f"input[name=seat{seat}]", name)
    assert phone.evaluate("document.documentElement.scrollWidth") <= WIDTH
    phone.screenshot(path="/tmp/differenzler-new.png", full_page=True)
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/differenzler/[\w-]{24}$"))
    expect(phone.locator("#round .who")).to_have_text("Runde 1: Dani gibt, Vorhand Anna")
    assert phone.evaluate("document.documentElement.scrollWidth") <= WIDTH

    # 1: drawn; Anna is Vorhand. 43/31/52/27 said, 52/20/45 made, Dani the rest: 40.
    _round(phone, 1, None, [0, 1, 2, 3], [43, 31, 52, 27], [52, 20, 45, 40], [9, 11, 7, 13])
    expect(phone.locator("#round .who")).to_have_text("Runde 2: Anna gibt, Vorhand Ben")
    # 2: the table picks Schellen; Ben first, Anna last and gets the rest, 20: exact.
    _round(phone, 2, "schellen", [1, 2, 3, 0], [20, 60, 40, 37], [20, 57, 40, 40], [0, 3, 0, 3])
    expect(phone.locator("#row-2 .rt .sr")).to_have_text("Schellen")
    # 3: drawn again; Clara first, Ben the rest: 157 − 145 = 12.
    _round(phone, 3, None, [2, 3, 0, 1], [70, 10, 30, 47], [60, 12, 35, 50], [10, 2, 5, 3])

    expect(phone.locator("#counter")).to_have_text("Runde 4 von 12")
    expect(phone.locator(".standings .total td")).to_have_text(["19", "16", "12", "19"])
    expect(phone.locator("[id^=hits-]")).to_have_text(["1", "0", "1", "0"])
    expect(phone.locator("[id^=rank-]")).to_have_text(["3.", "2.", "1.", "3."])
    expect(phone.locator("li.dz-row")).to_have_count(3)
    # Now that the round is in, its predictions are on the sheet.
    expect(phone.locator("#cell-1-0 small")).to_contain_text("43")
    expect(phone.locator("#cell-1-0 small")).to_contain_text("52")

    assert phone.evaluate("document.documentElement.scrollWidth") <= WIDTH
    for selector in ("#draw", "button.trump-choice", "#undo", "li.dz-row .edit"):
        box = phone.locator(selector).first.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (selector, box)
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path=SCREENSHOT, full_page=True)


_WITHOUT_TOKENS = """() => {
    const live = document.getElementById('live').cloneNode(true);
    live.querySelectorAll('[name=csrf_token], [name=once]').forEach((e) => e.remove());
    return live.outerHTML;
}"""


def _mid_round(phone: Page, trump: str) -> None:
    """The round as it was left: the Trumpf drawn, Anna and Ben have said (still hidden), and
    the phone asks Clara; nothing offers a new draw."""
    expect(phone.locator("#trump-name")).to_have_text(trump)
    expect(phone.locator("#draw")).to_have_count(0)
    expect(phone.locator("#said-0")).to_contain_text("✓ angesagt")
    expect(phone.locator("#said-1")).to_contain_text("✓ angesagt")
    expect(phone.locator("#ask-label")).to_have_text("Clara: deine Ansage")
    for said in ("43", "31"):
        assert said not in phone.locator("#round").inner_text()
    # Not in the page at all, not even in a hidden field (the random tokens left out).
    html = phone.evaluate(_WITHOUT_TOKENS)
    assert 'name="step"' in html and not re.search(r"\b(43|31)\b", html)


def test_a_reload_mid_round_keeps_the_trump_and_the_predictions(phone: Page, live_server: str):
    phone.goto(f"{live_server}/differenzler/new")
    for seat, name in enumerate(NAMES, 1):
        phone.fill(f"input[name=seat{seat}]", name)
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/differenzler/[\w-]{24}$"))
    url = phone.url
    trump = _trump(phone, None)
    for said in (43, 31):  # Anna, then Ben
        phone.fill("#said-input", str(said))
        assert _tap(phone, "#next") == 200
    _mid_round(phone, trump)

    phone.reload()  # a reload, or pull-to-refresh
    _mid_round(phone, trump)
    phone.screenshot(path="/tmp/differenzler-reloaded.png")
    phone.goto(f"{live_server}/")  # away and back again
    phone.go_back()
    phone.wait_for_url(url)
    _mid_round(phone, trump)
    phone.go_forward()
    phone.go_back()
    _mid_round(phone, trump)
    # The browser drops the tab; the link opened again, from the start page's list.
    again = phone.context.new_page()
    phone.close()
    again.goto(f"{live_server}/")
    again.locator(f"a[href='{url.removeprefix(live_server)}']").first.tap()
    again.wait_for_url(url)
    _mid_round(again, trump)

    # The round goes on where it was and ends with the predictions said before the reloads.
    for said in (52, 27):  # Clara, Dani
        again.fill("#said-input", str(said))
        assert _tap(again, "#next") == 200
    expect(again.locator("#all-said")).to_be_visible()
    again.reload()  # at the points too
    expect(again.locator("#all-said")).to_be_visible()
    expect(again.locator("#trump-name")).to_have_text(trump)
    note = _points(again, [0, 1, 2, 3], [52, 20, 45, 40])
    assert note.startswith("Runde 1 gespeichert: Anna 9, Ben 11, Clara 7, Dani 13 daneben.")
    expect(again.locator(".standings .total td")).to_have_text(["9", "11", "7", "13"])
    expect(again.locator("#row-1 .rt .sr")).to_have_text(trump)
    expect(again.locator("#cell-1-1 small")).to_contain_text("31")
    # Round 2 starts afresh, and a reload does not bring round 1's Trumpf back.
    again.reload()
    expect(again.locator("#counter")).to_have_text("Runde 2 von 12")
    expect(again.locator("#draw")).to_be_visible()
    expect(again.locator("#trump-name")).to_have_count(0)


# Everything on the page that could run past the phone's edge, and each name heading a column.
_TOO_WIDE = """() => Array.from(
    document.querySelectorAll('main *'),
    (e) => [e.className || e.tagName, Math.round(e.getBoundingClientRect().right)],
).filter(([, right]) => right > innerWidth)"""
_NAMES = """() => Array.from(
    document.querySelectorAll(
        '.standings thead th:not(:first-child), .sheet-head .name, .said-list .name'),
    (e) => [e.textContent, e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight],
)"""

# Every word of every name on one line: "Hansruedi" whole, never "Hansru|edi" (a name may
# wrap between its words and after a hyphen, or stand upright in a narrow column).
_BROKEN_WORDS = """() => {
  const broken = [];
  const names = document.querySelectorAll(
    '.standings thead th:not(:first-child), .sheet-head .name, .said-list .name');
  for (const name of names) {
    const walk = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const word of node.data.matchAll(/[^\\s+&\\/-]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (range.getClientRects().length > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""


def test_six_players_fit_the_phone_with_every_name_whole(phone: Page, live_server: str):
    # The tables used to scroll inside (437 px rows: the ✎ needed a sideways swipe) and cut the
    # names to "Chr…": now nothing is wider than the phone, and every name is there whole.
    phone.goto(f"{live_server}/differenzler/new")
    names = ("Alexander", "Bernadette", "Christian", "Christine", "Dani", "Fritz")
    for seat, name in enumerate(names, 1):
        phone.fill(f"input[name=seat{seat}]", name)
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/differenzler/[\w-]{24}$"))
    _trump(phone, "obenabe")
    order = list(range(6))
    _predict(phone, order, [30, 20, 40, 10, 27, 30], names)
    for seat in order[:-1]:
        phone.fill(f"#points-{seat}", "25")
    phone.locator("#rest-fill").tap()
    expect(phone.locator("#points-5")).to_have_value("32")
    assert _tap(phone, "#save") == 200
    expect(phone.locator("#row-1 .cell .d")).to_have_text(["5", "5", "15", "15", "2", "2"])
    # Round 2 under way, Bernadette and Christian have said: the said list names them too.
    _trump(phone, "rosen")
    for said in (157, 157):
        phone.fill("#said-input", str(said))
        assert _tap(phone, "#next") == 200
    expect(phone.locator("#ask-label")).to_have_text("Christine: deine Ansage")
    assert phone.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert phone.evaluate(_TOO_WIDE) == []
    edit = phone.locator("#row-1 .edit").bounding_box()
    assert edit["x"] + edit["width"] <= WIDTH and edit["width"] >= 44 and edit["height"] >= 44
    said_order = names[1:] + names[:1]  # Vorhand first: Bernadette
    # In the order of the page: the standings, the said list, the sheet.
    assert phone.evaluate(_NAMES) == [[name, True] for name in names + said_order + names]
    assert phone.evaluate(_BROKEN_WORDS) == []
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path="/tmp/differenzler-6.png", full_page=True)
    # The round can be edited: the predictions are shown now, and the page fits the phone.
    phone.locator("#row-1 .edit").tap()
    phone.wait_for_url("**/rounds/1")
    expect(phone.locator("#prediction-4")).to_have_value("27")
    phone.fill("#prediction-4", "32")
    phone.fill("#points-5", "")
    expect(phone.locator("#rest-fill")).to_have_text("32 für Fritz eintragen")
    assert phone.evaluate("document.documentElement.scrollWidth") <= WIDTH
    phone.screenshot(path="/tmp/differenzler-edit.png", full_page=True)
    phone.locator("#save-edit").tap()
    phone.wait_for_url(re.compile(r"/differenzler/[\w-]{24}$"))
    expect(phone.locator("#row-1 .cell .d")).to_have_text(["5", "5", "15", "15", "7", "2"])


@pytest.mark.parametrize(
    ("width", "height", "names"),
    [
        (360, 640, ("Hansruedi", "Anna-Barbara", "Chrigi", "Dänu")),
        (360, 640, ("Hansruedi", "Anna-Barbara", "Chrigi", "Dänu", "Maximiliane", "Bea")),
        (844, 390, ("Hansruedi", "Anna-Barbara", "Chrigi", "Dänu", "Maximiliane", "Bea")),
    ],
)
def test_long_names_stay_whole_on_small_and_landscape_screens(
    phone: Page, live_server: str, width, height, names
):
    phone.set_viewport_size({"width": width, "height": height})
    phone.goto(f"{live_server}/differenzler/new")
    for seat, name in enumerate(names, 1):
        phone.fill(f"input[name=seat{seat}]", name)
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/differenzler/[\w-]{24}$"))
    expect(phone.locator(".standings thead th:not(:first-child)")).to_have_text(list(names))
    assert phone.evaluate(_BROKEN_WORDS) == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    assert phone.evaluate(_TOO_WIDE) == []
    phone.screenshot(path=f"/tmp/differenzler-names-{width}-{len(names)}.png")


def test_a_shared_first_place_names_both_winners(phone: Page, live_server: str):
    """One round, and two players exact: by default (seed 003) they share first place, the
    game ends, and the phone says so with both names, the ranks and who pays whom."""
    names = ("Alexandra", "Bernadette", "Christian", "Dani")
    phone.goto(f"{live_server}/differenzler/new")
    for seat, name in enumerate(names, 1):
        phone.fill(f"input[name=seat{seat}]", name)
    expect(phone.locator("input[name=tie][value=shared]")).to_be_checked()
    expect(phone.locator("label", has_text="Geteilter erster Platz")).to_be_visible()
    phone.locator("label", has_text="andere").tap()
    phone.fill("input[name=rounds_other]", "1")
    assert phone.evaluate("document.documentElement.scrollWidth") <= WIDTH
    phone.evaluate("document.getElementById('tie-label').scrollIntoView()")
    phone.screenshot(path="/tmp/differenzler-tie-setting.png")
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/differenzler/[\w-]{24}$"))
    game = phone.url
    phone.locator("#stakes-link").tap()
    phone.fill("#amount", "0.10")
    phone.get_by_role("button", name="Speichern").tap()
    phone.wait_for_url(game)

    _trump(phone, "rosen")
    _predict(phone, [0, 1, 2, 3], [40, 50, 40, 27], names)
    for seat, points in ((0, 50), (1, 40), (2, 40)):
        phone.fill(f"#points-{seat}", str(points))
    phone.locator("#rest-fill").tap()  # Dani: 157 − 130 = 27, exact like Christian
    assert _tap(phone, "#save") == 200

    expect(phone.locator("#winner")).to_have_text("Christian und Dani gewinnen mit 0")
    expect(phone.locator("#shared")).to_have_text("Geteilter erster Platz: gleich wenig Differenz.")
    expect(phone.locator("#counter")).to_have_text("Fertig nach 1 Runde")
    expect(phone.locator("[id^=rank-]")).to_have_text(["3.", "3.", "1.", "1."])
    expect(phone.locator("#payout li")).to_have_text(
        ["Alexandra zahlt Christian 2.– Fr.", "Bernadette zahlt Dani 2.– Fr."]
    )
    expect(phone.locator("#round")).to_have_count(0)
    expect(phone.locator("#tie")).to_have_count(0)
    assert phone.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert phone.evaluate(_TOO_WIDE) == []
    phone.locator("#result").scroll_into_view_if_needed()
    phone.screenshot(path="/tmp/differenzler-shared.png")
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path="/tmp/differenzler-shared-full.png", full_page=True)
