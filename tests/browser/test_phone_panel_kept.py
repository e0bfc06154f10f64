"""A saved hand keeps the page's entry panel: the answer brings only what moves on (the next
Vorhand, the team its points go to, the dealer, the tokens) and the page empties what was
typed. The panel must then be exactly the one a freshly loaded page shows.

The game is "Wir" (Anna, Clara) against "Ihr" (Ben, Dani), modern preset (Schellen x2,
target 2500): Vorhand goes Anna, Ben, Clara, Dani; Dani deals the first hand.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.panel import (
    open_extras,
    points_for,
    save,
    tap_points,
    tap_stoeck,
    tap_weis,
    totals,
)

# Everything a writer sees or sends in the panel, except the tokens that are new every time.
_DESCRIBE = """() => {
    const panel = document.getElementById('panel');
    const text = (sel) => Array.from(panel.querySelectorAll(sel), (e) => e.textContent.trim());
    return {
        inputs: Array.from(panel.querySelectorAll('input'))
            .filter((i) => !['csrf_token', 'once'].includes(i.name))
            .map((i) => [i.name, i.type, i.value, i.checked, i.hasAttribute('aria-invalid')]),
        who: text('.who'),
        ahead: Array.from(panel.querySelectorAll('template[data-turn]'), (t) =>
            [t.dataset.turn, t.dataset.team, t.dataset.dealer, t.innerHTML.trim()]),
        number: panel.querySelector('[data-number]').dataset.number,
        dealer: text('#dealer'),
        outputs: text('output, .preview'),
        errors: text('.error'),
        extras_open: panel.querySelector('details.extras').open,
        match_on: panel.querySelector('.match-key').classList.contains('on'),
        disabled: Array.from(panel.querySelectorAll('button.contract:disabled'), (b) => b.value),
    };
}"""


def _once(page: Page) -> str:
    return page.locator('#panel input[name="once"]').input_value()


def test_a_saved_hand_leaves_the_panel_a_fresh_page_shows(phone: Page, new_game):
    new_game()
    phone.evaluate("() => { document.getElementById('panel').dataset.mine = '1'; }")
    before = _once(phone)

    # Hand 1 with everything typed: 90 for Wir, Weis 20 Wir, Stöck Ihr, geschoben; Schellen x2.
    tap_points(phone, "90")
    open_extras(phone)
    tap_weis(phone, "weis_a", 20)
    tap_stoeck(phone, "stoeck_b")
    phone.locator(".who label.toggle").tap()
    expect(phone.locator("#shoved")).to_be_checked()
    response = save(phone, "schellen")
    assert response.status == 200
    # Weis and Stöck count with the contract's multiplier: Wir (90 + 20) x 2 = 220,
    # Ihr (67 + 20) x 2 = 174.
    assert totals(phone) == (220, 174)

    # The page kept its panel (the same element) and moved it on to hand 2.
    assert phone.evaluate("() => document.getElementById('panel').dataset.mine") == "1"
    assert response.headers["hx-trigger-after-swap"] == "panel-kept"
    expect(phone.locator("#panel .who")).to_contain_text("Hand 2: Vorhand Ben")
    expect(phone.locator("#dealer")).to_have_text("Anna gibt")
    assert _once(phone) != before  # a new one-time token: the next hand is a new entry
    kept = phone.evaluate(_DESCRIBE)
    assert ["points_team", "radio", "1", True, False] in kept["inputs"]  # Ben's team: Ihr
    assert ["points", "text", "", False, False] in kept["inputs"]
    assert ["weis_a", "text", "", False, False] in kept["inputs"]
    assert not kept["extras_open"]

    phone.reload()
    assert phone.evaluate(_DESCRIBE) == kept


def test_a_save_after_a_refusal_leaves_no_message_behind(phone: Page, new_game):
    new_game()
    points_for(phone, "Ihr")
    tap_points(phone, "200")
    response = save(phone, "rosen")
    assert response.status == 422  # more than the 157 trick points a hand has
    expect(phone.locator("#error-points")).to_be_visible()
    expect(phone.locator("#points")).to_have_attribute("aria-invalid", "true")

    for _ in range(3):
        phone.locator('.keypad [data-digit="back"]').tap()
    tap_points(phone, "57")
    assert save(phone, "rosen").status == 200
    assert totals(phone) == (100, 57)  # Rosen x1: Wir 157 - 57 = 100, Ihr 57

    kept = phone.evaluate(_DESCRIBE)
    assert kept["errors"] == []
    expect(phone.locator("#panel .who")).to_contain_text("Hand 2: Vorhand Ben")
    # The refused 200 is no field's default any more: a reset (the offline queue resets the
    # panel after keeping an entry) leaves the panel as it is.
    phone.evaluate("() => document.getElementById('panel').reset()")
    assert phone.evaluate(_DESCRIBE) == kept
    phone.reload()
    assert phone.evaluate(_DESCRIBE) == kept


def test_a_preview_still_on_its_way_at_the_save_never_lands_on_the_next_hand(phone: Page, new_game):
    """A contract tapped right after the last digit: the previews of what was typed are still
    on their way (here held back until the save has its answer). They must not fill the
    emptied panel of hand 2 with hand 1's scores."""
    new_game()
    held = []
    phone.route("**/preview?*", lambda route: held.append(route))
    tap_points(phone, "57")
    phone.wait_for_timeout(200)  # the typing's short delay is over: a preview is on its way
    assert held
    assert save(phone, "rosen").status == 200
    expect(phone.locator("#panel .who")).to_contain_text("Hand 2: Vorhand Ben")
    phone.unroute("**/preview?*")
    for route in held:
        try:
            route.continue_()
        except Exception:  # noqa: BLE001 - the page gave up that request: nothing to answer
            pass
    phone.wait_for_timeout(300)
    outputs = phone.evaluate(_DESCRIBE)["outputs"]
    assert outputs and outputs == [""] * len(outputs)
    assert phone.locator("#points").input_value() == ""
