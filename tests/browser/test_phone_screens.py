"""Screenshots at 390 px for a human to look at (in screens/, not kept in git), and a check
that nothing on the pages is wider than the phone."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.panel import (
    open_extras,
    points_for,
    preview,
    save,
    tap_points,
    tap_stoeck,
    tap_weis,
    totals,
)

SCREENS = Path(__file__).resolve().parents[2] / "screens"
WIDTH = 390

# Elements wider than the viewport, or reaching past its right edge, by a short description.
_TOO_WIDE = """(width) => [...document.querySelectorAll('body *')]
    .filter(e => { const r = e.getBoundingClientRect();
                   return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5); })
    .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
              + (e.className && typeof e.className === 'string' ? '.' + e.className : ''))"""


def fits_the_phone(page: Page) -> None:
    """No horizontal scrolling, and no element sticking out to the side."""
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert page.evaluate(_TOO_WIDE, WIDTH) == []


def test_screenshots(phone: Page, live_server: str, new_game):
    SCREENS.mkdir(exist_ok=True)

    phone.goto(f"{live_server}/games/new")
    expect(phone.get_by_role("button", name="Spiel starten")).to_be_visible()
    fits_the_phone(phone)
    phone.screenshot(path=SCREENS / "new-game.png", full_page=True)

    new_game()
    # Hand 1: 90 for Wir in Schellen x2 -> 180 : 134.
    tap_points(phone, "90")
    save(phone, "schellen")
    # Hand 2: Match for Ihr in Obenabe x3 -> 0 : 771.
    phone.locator("label.match-key").tap()
    save(phone, "obenabe")
    # Hand 3: 100 for Wir, Weis 150 Wir, Stöck Ihr in Schilten x2 -> 500 : 154.
    points_for(phone, "Wir")
    tap_points(phone, "100")
    open_extras(phone)
    tap_weis(phone, "weis_a", 100, 50)
    tap_stoeck(phone, "stoeck_b")
    save(phone, "schilten")
    assert totals(phone) == (680, 1059)
    fits_the_phone(phone)
    # The contract tapped last scrolled the page; a full-page shot from there would show the
    # sticky bar in the middle of the page.
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path=SCREENS / "game.png", full_page=True)
    phone.screenshot(path=SCREENS / "game-first-screen.png")
    phone.locator("section.slate").screenshot(path=SCREENS / "slate.png")

    # The panel half-filled (points, Weis open) as a player sees it before tapping a contract.
    points_for(phone, "Ihr")
    tap_points(phone, "62")
    open_extras(phone)
    tap_weis(phone, "weis_b", 50)
    expect(preview(phone, "rosen")).to_have_text("95 : 112")  # Wir 95; Ihr 62 + 50
    # Scrolled as a player would, so the panel's top is just below the sticky bar.
    phone.evaluate(
        """() => window.scrollTo(0, document.getElementById('panel').getBoundingClientRect().top
            + window.scrollY - document.querySelector('header.bar').offsetHeight - 4)"""
    )
    fits_the_phone(phone)
    phone.screenshot(path=SCREENS / "panel-filled.png")

    # Save it (Wir 680 + 95 = 775, Ihr 1059 + 112 = 1171), then take Ihr over the Bergpreis
    # (1250): 100 for Ihr in Obenabe x3 gives Ihr 300 and Wir 57 x 3 = 171.
    save(phone, "rosen")
    assert totals(phone) == (775, 1171)
    points_for(phone, "Ihr")
    tap_points(phone, "100")
    save(phone, "obenabe")
    assert totals(phone) == (946, 1471)
    expect(phone.locator('svg.slate-half[data-team="1"] text.marks')).to_have_text("Bergpreis")
    phone.evaluate("window.scrollTo(0, 0)")
    phone.locator("section.slate").screenshot(path=SCREENS / "slate-bergpreis.png")
    phone.locator('[data-toggle="upright"]').tap()
    expect(phone.locator('[data-toggle="upright"]')).to_have_attribute("aria-pressed", "true")
    fits_the_phone(phone)
    phone.locator("section.slate").screenshot(path=SCREENS / "slate-upright.png")
