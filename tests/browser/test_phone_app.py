"""The scorer as an app on a phone, in real Chromium: the dark and the light theme."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.panel import points_for, save, tap_points

SHOTS = Path("/tmp/pwa-shots")


# --- themes ---------------------------------------------------------------------------------

DARK_BG, LIGHT_BG = "rgb(17, 23, 20)", "rgb(243, 241, 234)"
# The theme on <html> at the moment the style sheet's link appears: set before the first paint.
THEME_AT_STYLE = """
new MutationObserver(function (changes, observer) {
  if (document.querySelector('link[rel="stylesheet"]')) {
    window.themeAtStyle = document.documentElement.dataset.theme || "none";
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true });
"""


def background(page: Page) -> str:
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


def theme_colours(page: Page) -> list[str]:
    return page.locator('meta[name="theme-color"]').evaluate_all("ms => ms.map(m => m.content)")


def choose(page: Page, value: str) -> None:
    page.locator(f'.seg label:has(input[name="farben"][value="{value}"])').tap()
    expect(page.locator(f'input[name="farben"][value="{value}"]')).to_be_checked()


def test_the_phone_s_scheme_by_default_and_a_choice_that_is_remembered(
    phone: Page, live_server: str, new_game
):
    phone.context.add_init_script(THEME_AT_STYLE)
    html = phone.locator("html")
    phone.emulate_media(color_scheme="dark")
    phone.goto(f"{live_server}/phone")
    expect(html).to_have_attribute("data-theme", "dark")
    assert phone.evaluate("window.themeAtStyle") == "dark"  # no light flash first
    assert background(phone) == DARK_BG
    expect(phone.locator('input[name="farben"][value="automatisch"]')).to_be_checked()
    assert theme_colours(phone) == ["#26332d", "#0b100d"]

    # "hell" overrides the phone's dark scheme, here and on every page, also after a reload.
    choose(phone, "hell")
    expect(html).to_have_attribute("data-theme", "light")
    assert background(phone) == LIGHT_BG
    assert theme_colours(phone) == ["#26332d", "#26332d"]
    phone.reload()
    expect(html).to_have_attribute("data-theme", "light")
    assert phone.evaluate("window.themeAtStyle") == "light"
    expect(phone.locator('input[name="farben"][value="hell"]')).to_be_checked()
    url = new_game()
    assert background(phone) == LIGHT_BG

    # "dunkel" on a light phone; "automatisch" follows the phone again, as it changes.
    phone.emulate_media(color_scheme="light")
    phone.goto(f"{live_server}/phone")
    assert background(phone) == LIGHT_BG
    choose(phone, "dunkel")
    assert background(phone) == DARK_BG
    assert theme_colours(phone) == ["#0b100d", "#0b100d"]
    phone.goto(url)
    expect(html).to_have_attribute("data-theme", "dark")
    phone.goto(f"{live_server}/phone")
    choose(phone, "automatisch")
    assert background(phone) == LIGHT_BG
    assert phone.evaluate("localStorage.getItem('jass-farben')") is None
    phone.emulate_media(color_scheme="dark")
    expect(html).to_have_attribute("data-theme", "dark")
    assert background(phone) == DARK_BG


def test_both_themes_on_screen(phone: Page, live_server: str, new_game):
    """Screenshots for a human to look at (in /tmp/pwa-shots), and colours that tell apart:
    in the dark theme the text is light on dark, errors and the chosen option stand out."""
    SHOTS.mkdir(exist_ok=True)
    url = new_game()
    tap_points(phone, "62")
    save(phone, "rosen")
    points_for(phone, "Ihr")
    tap_points(phone, "100")
    save(phone, "schellen")
    for scheme in ("light", "dark"):
        phone.emulate_media(color_scheme=scheme)
        phone.goto(url)
        tap_points(phone, "8")
        expect(phone.locator("html")).to_have_attribute("data-theme", scheme)
        key = phone.locator('.keypad [data-digit="1"]')
        edge = key.evaluate("b => getComputedStyle(b).borderTopColor")
        assert edge == {"light": "rgb(185, 192, 188)", "dark": "rgb(91, 109, 99)"}[scheme]
        phone.screenshot(path=SHOTS / f"game-{scheme}.png")
        phone.screenshot(path=SHOTS / f"game-{scheme}-full.png", full_page=True)
        phone.goto(f"{live_server}/phone")
        phone.screenshot(path=SHOTS / f"phone-{scheme}.png", full_page=True)
        phone.goto(f"{live_server}/games/new")
        phone.get_by_role("button", name="Spiel starten").tap()  # no players: refused
        expect(phone.locator("#error-players")).to_be_visible()
        phone.screenshot(path=SHOTS / f"refused-{scheme}.png")
        colours = phone.evaluate(
            """() => {
              const c = (sel, prop) => getComputedStyle(document.querySelector(sel))[prop];
              return { text: c('body', 'color'), page: c('body', 'backgroundColor'),
                       error: c('#error-players', 'color'),
                       picked: c('.seg label:has(input:checked)', 'backgroundColor'),
                       card: c('.card', 'backgroundColor') };
            }"""
        )
        if scheme == "dark":
            assert colours == {
                "text": "rgb(235, 231, 220)",
                "page": DARK_BG,
                "error": "rgb(255, 147, 137)",
                "picked": "rgb(227, 236, 230)",
                "card": "rgb(27, 35, 31)",
            }
        else:
            assert colours["text"] == "rgb(28, 28, 28)" and colours["page"] == LIGHT_BG
            assert colours["error"] == "rgb(179, 38, 30)"
