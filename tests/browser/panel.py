"""What a player does on the entry panel of a game page, and what the page then shows.

Every action is a tap, as on a phone; reading the page returns plain numbers to compare with
scores worked out by hand in the tests.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, Response, expect

# The old #live is marked before a request; htmx swaps in a new one (outerHTML). The swap is
# done when no marked #live is left and app.js has set up the new panel (readonly points on a
# coarse pointer), or the game has no panel any more; and settled, when app.js has scrolled to
# the slate (htmx settles a moment after the swap: a tap aimed before that scroll would miss).
_MARK = """() => {
    document.getElementById('live').dataset.stale = '1';
    window.settledPost = false;
    document.addEventListener('htmx:afterSettle', function settled(event) {
        if (event.detail.requestConfig && event.detail.requestConfig.verb === 'post') {
            window.settledPost = true;
            document.removeEventListener('htmx:afterSettle', settled);
        }
    });
}"""
_SWAPPED = """() => !document.querySelector('#live[data-stale]')
    && (!document.querySelector('#points') || document.querySelector('#points').readOnly)
    && window.settledPost"""


def tap_points(page: Page, digits: str) -> None:
    """Type trick points on the keypad, one tap per digit."""
    for digit in digits:
        page.locator(f'.keypad [data-digit="{digit}"]').tap()


def points_for(page: Page, team_name: str) -> None:
    """Tap the team whose trick points are typed (the radios themselves are hidden)."""
    page.locator(".points-team label", has_text=team_name).tap()


def points_team(page: Page) -> str:
    """The value ("0" or "1") of the checked points-team radio."""
    return page.locator("input[name=points_team]:checked").get_attribute("value")


def open_extras(page: Page) -> None:
    """Open "Weis · Stöck" unless it is open."""
    extras = page.locator("details.extras")
    if extras.get_attribute("open") is None:
        extras.locator("summary").tap()
    expect(extras).to_have_attribute("open", "")


def tap_weis(page: Page, field: str, *chips: int) -> None:
    """Tap Weis chips (+20, +50, ...) of one team's row; field is weis_a or weis_b. Each tap
    is seen in the field before the next, as a hand at the table taps (two taps a few
    milliseconds apart on a busy machine are no tap a person makes)."""
    weis = page.locator(f'input[name="{field}"]')
    for value in chips:
        before = int(weis.input_value() or 0)
        page.locator(f'button[data-weis="{field}"][data-add="{value}"]').tap()
        expect(weis).to_have_value(str(before + value) if value else "")


def tap_stoeck(page: Page, field: str) -> None:
    """Tap the Stöck toggle of one team; field is stoeck_a or stoeck_b."""
    page.locator(f"label.toggle:has(input[name={field}])").tap()
    expect(page.locator(f"input[name={field}]")).to_be_checked()


def contract(page: Page, key: str):
    """The contract button that saves the entry in this contract."""
    return page.locator(f"button.contract[value={key}]")


def preview(page: Page, key: str):
    """The score the contract button shows it will write, e.g. "180 : 134"."""
    return contract(page, key).locator(".preview")


def _swap(page: Page, path: str, action) -> Response:
    page.evaluate(_MARK)
    with page.expect_response(
        lambda r: r.request.method == "POST" and r.url.endswith(path)
    ) as answer:
        action()
    page.wait_for_function(_SWAPPED)
    return answer.value


def save(page: Page, key: str) -> Response:
    """Tap a contract button (it submits the entry) and wait until htmx swapped #live."""
    return _swap(page, "/hands", lambda: contract(page, key).tap())


def undo(page: Page) -> Response:
    """Tap "Hand N zurücknehmen" and wait for the swap."""
    return _swap(page, "/undo", lambda: page.locator("#undo").tap())


def totals(page: Page) -> tuple[int, int]:
    """The totals in figures under the slate."""
    return (
        int(page.locator("#total-0 b").inner_text()),
        int(page.locator("#total-1 b").inner_text()),
    )


def slate(page: Page, team: int) -> dict[str, int]:
    """One team's half of the slate: what its data says and how many strokes are drawn."""
    svg = page.locator(f'svg.slate-half[data-team="{team}"]')
    read = {
        key: int(svg.get_attribute(f"data-{key}"))
        for key in ("total", "hundreds", "fifties", "twenties", "rest")
    }
    drawn = {f"{cls} strokes": _strokes(svg, cls) for cls in ("s100", "s50", "s20")}
    rest = svg.locator("text.rest")
    drawn["rest written"] = int(rest.text_content()) if rest.count() else 0
    return {**read, **drawn}


def _strokes(svg, cls: str) -> int:
    """The strokes drawn of one kind: the lines of its path (a move and a line each)."""
    path = svg.locator(f"path.{cls}")
    return path.get_attribute("d").count("l") if path.count() else 0


def chalk(total: int, hundreds: int, fifties: int, twenties: int, rest: int) -> dict[str, int]:
    """What slate() should read for a slate worked out by hand: one line per stroke."""
    assert total == 100 * hundreds + 50 * fifties + 20 * twenties + rest, "hand arithmetic"
    return {
        "total": total,
        "hundreds": hundreds,
        "fifties": fifties,
        "twenties": twenties,
        "rest": rest,
        "s100 strokes": hundreds,
        "s50 strokes": fifties,
        "s20 strokes": twenties,
        "rest written": rest,
    }


def history_numbers(page: Page) -> list[int]:
    """The hand numbers in the history, top to bottom (newest first)."""
    return [int(n) for n in page.locator("li.row").evaluate_all("rs => rs.map(r => r.id.slice(4))")]


def too_small(page: Page, selector: str) -> list:
    """The visible elements of a selector less than 44 px high or wide (a thumb's tap), as
    [width, height]; asserts there is at least one."""
    boxes = page.locator(selector).evaluate_all(
        "es => es.filter(e => e.offsetParent).map(e => e.getBoundingClientRect())"
        ".map(r => [Math.round(r.width), Math.round(r.height)])"
    )
    assert boxes, selector
    return [b for b in boxes if b[0] < 44 or b[1] < 44]


def handjass_with_a_deal(
    page: Page, base: str, names: tuple[str, ...] = ("Eva", "Fritz", "Gina", "Hans")
) -> None:
    """A new Handjass game of four players with one deal saved (Rosen, 60 50 25 22)."""
    page.goto(f"{base}/handjass/new")
    for seat, name in enumerate(names, 1):
        page.fill(f"input[name=seat{seat}]", name)
    page.get_by_role("button", name="Spiel starten").tap()
    page.wait_for_url(re.compile(r"/handjass/[\w-]{24}$"))
    page.locator(".trump-pick label:has(input[value=rosen])").tap()
    for seat, value in enumerate((60, 50, 25, 22)):
        page.fill(f"input[name=cards{seat}]", str(value))
    with page.expect_response(lambda r: r.url.endswith("/deals")):
        page.locator("#save-deal").tap()
