"""The scorer as an app on a phone, in real Chromium: installable (manifest, icons, service
worker), a game that still opens without network and loses no hand, a screen that stays on,
the dark and the light theme, and no page wider than the screen."""

from __future__ import annotations

import re
import struct
from pathlib import Path
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.conftest import PHONE
from tests.browser.panel import (
    handjass_with_a_deal,
    history_numbers,
    points_for,
    save,
    tap_points,
    totals,
)
from tests.browser.test_phone_queue import controlled

SHOTS = Path("/tmp/pwa-shots")
NO_NETWORK = "Kein Netz: Einträge werden erst gespeichert, wenn das Netz zurück ist."
COPY = re.compile(
    r"^Kein Netz: letzter bekannter Stand von \d\d:\d\d[\u00a0 ]Uhr\. "
    r"Gespeichert wird erst, wenn das Netz zurück ist\.$"
)
UNSENT = "Keine Verbindung: nichts gespeichert. Nochmals tippen, sobald das Netz zurück ist."
BACK = "Das Netz ist zurück. Noch nichts gespeichert: jetzt nochmals tippen."


def kept_pages(page: Page) -> list[str]:
    """What the worker keeps of pages and boards: method and path, oldest first."""
    return page.evaluate(
        """() => caches.open('jass-pages-v1').then(c => c.keys()).then(ks => ks.map(k =>
             k.method + ' ' + new URL(k.url).pathname + new URL(k.url).search))"""
    )


def wait_kept(page: Page, expected: list[str], boards: bool = True) -> None:
    """Wait until the worker keeps these pages (it writes after the page has its answer)."""
    for _ in range(40):
        kept = [k for k in kept_pages(page) if boards or "teil=tafel" not in k]
        if kept == expected:
            return
        page.wait_for_timeout(100)
    assert kept == expected


def posts(page: Page) -> list[str]:
    """The URLs of the POSTs the page sends from now on (a live list)."""
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    return sent


@pytest.fixture
def bare_phone(other_phone: Page) -> Page:
    """A phone whose pages may answer 404 or 503 (the phone fixture counts those as faults);
    script errors still count."""
    return other_phone


def start_schieber(page: Page, base: str) -> str:
    """A Schieber game set up through its form, as new_game() does; the game's URL."""
    page.goto(f"{base}/games/new")
    for name, player in {
        "seat1": "Anna",
        "seat2": "Ben",
        "seat3": "Clara",
        "seat4": "Dani",
    }.items():
        page.fill(f"input[name={name}]", player)
    page.get_by_role("button", name="Spiel starten").tap()
    page.wait_for_url(re.compile(r"/games/[\w-]{24}$"))
    return page.url


# --- installable ----------------------------------------------------------------------------


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_is_linked_parses_and_names_icons_that_exist(phone: Page, live_server: str):
    phone.goto(f"{live_server}/")
    href = phone.locator('link[rel="manifest"]').get_attribute("href")
    answer = phone.request.get(urljoin(phone.url, href))
    assert answer.status == 200
    assert answer.headers["content-type"] == "application/manifest+json"
    manifest = answer.json()
    assert (manifest["name"], manifest["short_name"]) == ("Jass-Zähler", "Jass")
    assert (manifest["start_url"], manifest["display"]) == ("/", "standalone")
    sizes = {}
    for icon in manifest["icons"]:
        image = phone.request.get(urljoin(phone.url, icon["src"]))
        assert image.status == 200, icon
        assert image.headers["content-type"].split(";")[0] == icon["type"], icon
        if icon["type"] == "image/png":
            sizes[icon["purpose"], icon["sizes"]] = png_size(image.body())
    assert sizes == {
        ("any", "192x192"): (192, 192),
        ("any", "512x512"): (512, 512),
        ("maskable", "512x512"): (512, 512),
    }
    touch = phone.locator('link[rel="apple-touch-icon"]').get_attribute("href")
    assert png_size(phone.request.get(urljoin(phone.url, touch)).body()) == (180, 180)

    # Chromium's own reading: the manifest has no errors, and nothing keeps the app from being
    # installed but this test's private window.
    controlled(phone)
    phone.reload()
    cdp = phone.context.new_cdp_session(phone)
    read = cdp.send("Page.getAppManifest")
    assert read["errors"] == []
    assert read["manifest"]["name"] == "Jass-Zähler"
    assert read["manifest"]["startUrl"] == f"{live_server}/"
    assert read["manifest"]["display"] == "kStandalone"
    errors = {
        e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    }
    assert errors <= {"in-incognito"}, errors


def test_the_service_worker_registers_keeps_the_shell_and_controls_the_page(
    phone: Page, live_server: str
):
    phone.goto(f"{live_server}/")
    scope = phone.evaluate("() => navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == f"{live_server}/"
    controlled(phone)
    worker = phone.evaluate("() => navigator.serviceWorker.controller.scriptURL")
    assert worker == f"{live_server}/sw.js"
    names = phone.evaluate("() => caches.keys()")
    assert len(names) == 1 and re.fullmatch(r"jass-shell-[0-9a-f]{10}", names[0]), names
    kept = phone.evaluate(
        "(name) => caches.open(name).then(c => c.keys()).then(ks => ks.map(k => k.url))", names[0]
    )
    for style in phone.locator('link[rel="stylesheet"]').all():  # the print style sheet too
        assert urljoin(phone.url, style.get_attribute("href")) in kept
    assert any("/static/htmx-2.0.11.min.js?v=" in url for url in kept)
    # A page opened from now on is kept: the start page, once loaded through the worker.
    phone.reload()
    wait_kept(phone, ["GET /"])
    assert sorted(phone.evaluate("() => caches.keys()")) == ["jass-pages-v1", names[0]]


def test_a_page_loaded_past_the_worker_is_taken_over_by_it(phone: Page, new_game):
    """The page of a game started while the worker still installed, or one reloaded past the
    worker, is not among the pages the worker takes when it starts: it asks, and is taken."""
    url = new_game()
    controlled(phone)
    cdp = phone.context.new_cdp_session(phone)
    cdp.send("Page.reload", {"ignoreCache": True})  # the browser's hard reload
    phone.wait_for_url(url)
    controlled(phone)
    worker = phone.evaluate("() => navigator.serviceWorker.controller.scriptURL")
    assert worker.endswith("/sw.js")


# --- without network ------------------------------------------------------------------------


def test_a_game_page_opens_offline_as_last_known_and_an_undo_tapped_there_is_not_sent(
    phone: Page, other_phone: Page, live_server: str, new_game
):
    url = new_game()
    controlled(phone)
    tap_points(phone, "62")
    save(phone, "rosen")  # hand 1: 62 : 95
    phone.reload()  # the network's page, kept as the latest copy
    assert totals(phone) == (62, 95)

    phone.context.set_offline(True)
    other_phone.goto(url)  # meanwhile another phone saves hand 2: Ihr 100, Wir 57
    points_for(other_phone, "Ihr")
    tap_points(other_phone, "100")
    save(other_phone, "rosen")
    assert totals(other_phone) == (119, 195)

    sent = posts(phone)
    phone.reload()
    html = phone.locator("html")
    expect(html).to_have_attribute("data-offline-copy", re.compile(r" GMT$"))
    expect(phone.locator("#net")).to_have_text(COPY)
    assert totals(phone) == (62, 95)  # as this phone saw it last
    assert history_numbers(phone) == [1]

    # An undo tapped here is not sent, and the page says it is not saved (a hand typed here
    # waits on the phone: tests/browser/test_phone_queue.py).
    phone.locator("#undo").tap()
    expect(phone.locator("#error-offline")).to_have_text(UNSENT)
    assert totals(phone) == (62, 95)
    assert history_numbers(phone) == [1]
    assert sent == []

    # The network is back: the page loads again and shows what is stored.
    phone.context.set_offline(False)
    expect(html).not_to_have_attribute("data-offline-copy", re.compile(".*"))
    expect(phone.locator("#total-1 b")).to_have_text("195")
    assert totals(phone) == (119, 195)
    assert history_numbers(phone) == [2, 1]
    expect(phone.locator("#net")).to_be_hidden()
    assert sent == []


def test_a_step_typed_without_network_stays_for_one_more_tap(phone: Page, live_server: str):
    # Differenzler's predictions are steps the server takes one by one: not kept, not lost.
    phone.goto(f"{live_server}/differenzler/new")
    for seat, name in enumerate(("Anna", "Ben", "Clara", "Dani"), 1):
        phone.fill(f"input[name=seat{seat}]", name)
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/differenzler/[\w-]{24}$"))
    controlled(phone)
    phone.locator("button.trump-choice[value=rosen]").tap()
    expect(phone.locator("#said-input")).to_be_visible()

    phone.context.set_offline(True)
    notice = phone.locator("#net")
    expect(notice).to_have_text(NO_NETWORK)
    box = notice.bounding_box()
    assert box["y"] < phone.locator("main").bounding_box()["y"]  # at the top, above the page
    sent = posts(phone)
    phone.fill("#said-input", "43")
    phone.locator("#next").tap()
    expect(phone.locator("#error-offline")).to_have_text(UNSENT)
    expect(phone.locator("#said-input")).to_have_value("43")
    phone.wait_for_timeout(2_000)  # a poll, answered from the worker's copy
    expect(notice).to_have_text(NO_NETWORK)
    assert sent == []

    # The network is back: the typed prediction waits for one more tap.
    phone.context.set_offline(False)
    expect(notice).to_be_hidden()
    expect(phone.locator("#error-offline")).to_have_text(BACK)
    expect(phone.locator("#said-input")).to_have_value("43")
    phone.locator("#next").tap()
    expect(phone.locator("#said-0")).to_contain_text("✓ angesagt")
    expect(phone.locator("#error-offline")).to_have_count(0)


def test_with_nothing_typed_the_page_loads_again_when_the_network_is_back(
    phone: Page, other_phone: Page, new_game
):
    url = new_game()
    controlled(phone)
    phone.context.set_offline(True)
    expect(phone.locator("#net")).to_have_text(NO_NETWORK)
    other_phone.goto(url)
    tap_points(other_phone, "62")
    save(other_phone, "rosen")
    phone.evaluate("() => { window.beforeTheNetwork = true; }")

    phone.context.set_offline(False)
    phone.wait_for_function("() => window.beforeTheNetwork === undefined")  # loaded again
    expect(phone.locator("#total-0 b")).to_have_text("62")
    assert totals(phone) == (62, 95)
    expect(phone.locator("#net")).to_be_hidden()


def test_an_answer_still_on_its_way_when_the_network_goes_loads_nothing_again(
    browser: Browser, new_game
):
    """A poll sent just before the Wi-Fi went answers a moment later: the phone is still
    offline, so the page stays (a reload would bring only the worker's older copy, and an entry
    typed there would count its place from that copy)."""
    url = new_game()
    context = browser.new_context(**PHONE, service_workers="block")  # every request routed here
    page = context.new_page()
    held: list[Route] = []
    page.route("**/*teil=tafel*", lambda route: held.append(route))
    page.goto(url)
    for _ in range(50):  # the board polls every 1.5 s
        if held:
            break
        page.wait_for_timeout(100)
    page.evaluate("() => { window.sameDocument = true; }")
    context.set_offline(True)
    expect(page.locator("#net")).to_have_text(NO_NETWORK)
    held[0].fulfill(status=304)  # the answer from before: the board as it is
    page.wait_for_timeout(500)
    assert page.evaluate("() => window.sameDocument") is True
    context.close()


def kept_board(page: Page, url: str) -> int | None:
    """The version of the game's board the worker keeps, or None."""
    return page.evaluate(
        """(url) => caches.match(url + '?teil=tafel', { ignoreVary: true })
             .then(r => r ? r.text() : '')
             .then(t => { const m = /data-version="(\\d+)"/.exec(t); return m ? +m[1] : null; })""",
        url,
    )


def wait_kept_board(page: Page, url: str, version: int) -> None:
    for _ in range(40):  # the next poll keeps the board
        if kept_board(page, url) == version:
            return
        page.wait_for_timeout(100)
    assert kept_board(page, url) == version


def test_a_board_kept_by_the_worker_is_shown_only_when_newer_than_the_page_s(
    phone: Page, other_phone: Page, new_game
):
    url = new_game()
    controlled(phone)
    tap_points(phone, "62")
    save(phone, "rosen")  # hand 1: 62 : 95; the page's copy is this state (version 1)
    expect(phone.locator("#tafel")).to_have_attribute("data-version", "1")

    # Another phone saves hand 2; this one's board follows (its poll), and the worker keeps it.
    other_phone.goto(url)
    points_for(other_phone, "Ihr")
    tap_points(other_phone, "100")
    save(other_phone, "schellen")  # hand 2: Schellen x2, 57 : 100
    expect(phone.locator("#tafel")).to_have_attribute("data-version", "2", timeout=4_000)
    wait_kept_board(phone, url, 2)

    # Opened again without network: the page's copy (version 1) takes the newer kept board.
    phone.context.set_offline(True)
    phone.reload()
    expect(phone.locator("#net")).to_have_text(COPY)
    expect(phone.locator("#tafel")).to_have_attribute("data-version", "2", timeout=4_000)
    assert totals(phone) == (176, 295)
    assert history_numbers(phone) == [1]  # the rest of the page is the kept one

    # Back online; then the polls get no answer, while the phone still has its Wi-Fi (the
    # server is out of reach): the worker answers them from its copy, and the page says so.
    phone.context.set_offline(False)
    expect(phone.locator("#net")).to_be_hidden()
    assert history_numbers(phone) == [2, 1]
    phone.context.route("**/*teil=tafel*", lambda route: route.abort())
    expect(phone.locator("#net")).to_have_text(NO_NETWORK)
    # A hand saved meanwhile shows; the older board kept by the worker does not replace it.
    tap_points(phone, "30")
    save(phone, "eicheln")  # hand 3: 30 : 127
    assert totals(phone) == (206, 422)
    phone.wait_for_timeout(2_200)
    assert totals(phone) == (206, 422)
    assert kept_board(phone, url) == 2

    # Opened again without network: the page as it was shown last (version 3), which the
    # older kept board does not replace.
    phone.context.set_offline(True)
    phone.reload()
    expect(phone.locator("#net")).to_have_text(COPY)
    phone.wait_for_timeout(2_000)  # a poll or two, answered from the copy
    expect(phone.locator("#tafel")).to_have_attribute("data-version", "3")
    assert totals(phone) == (206, 422)
    assert history_numbers(phone) == [3, 2, 1]

    # Network and server back: the stored state.
    phone.context.unroute("**/*teil=tafel*")
    phone.context.set_offline(False)
    expect(phone.locator("#net")).to_be_hidden()
    assert totals(phone) == (206, 422)
    assert history_numbers(phone) == [3, 2, 1]


def test_the_network_s_answer_wins_over_the_copy_and_a_page_never_opened_says_so(
    bare_phone: Page, live_server: str
):
    page = bare_phone
    url = start_schieber(page, live_server)
    controlled(page)
    page.reload()
    game = url.removeprefix(live_server)
    # The game's page, and the start page again, which now lists it (the installed app opens
    # there).
    wait_kept(page, [f"GET {game}", "GET /"], boards=False)
    # The game is deleted: online, the page answers 404, never the copy of the game.
    page.goto(f"{url}/delete")
    page.locator("form[method=post] button[type=submit]").tap()
    page.wait_for_url(re.compile(r"/\?geloescht=\d+$"))
    number = page.url.rsplit("=", 1)[1]  # the list names the game by its number
    answer = page.goto(url)
    assert answer.status == 404
    expect(page.locator("#total-0")).to_have_count(0)
    expect(page.locator("html")).not_to_have_attribute("data-offline-copy", re.compile(".*"))

    page.context.set_offline(True)
    with page.expect_response(f"{live_server}/games/424242") as answer:
        page.goto(f"{live_server}/games/424242")
    assert answer.value.status == 503
    assert page.locator("body").inner_text().strip() == (
        "Kein Netz, und diese Seite war auf diesem Handy noch nie offen. "
        "Sobald das Netz zurück ist, die Seite neu laden."
    )
    # Kept: the pages opened with GET, not the game that is gone, nor any form's answer.
    wait_kept(page, ["GET /", f"GET {game}/delete", f"GET /?geloescht={number}"], boards=False)


# --- the screen stays on --------------------------------------------------------------------

# Counts the page's requests for a wake lock and keeps the locks, so that a test can let go
# of one as the browser does when the page is hidden.
WAKE_SPY = """
window.wakeRequests = 0;
window.wakeLocks = [];
if (navigator.wakeLock) {
  const ask = navigator.wakeLock.request.bind(navigator.wakeLock);
  navigator.wakeLock.request = async function (type) {
    window.wakeRequests += 1;
    const lock = await ask(type);
    window.wakeLocks.push(lock);
    return lock;
  };
}
"""


def test_a_game_page_keeps_the_screen_on_as_the_switch_on_this_phone_says(
    phone: Page, live_server: str, new_game
):
    phone.context.add_init_script(WAKE_SPY)
    url = new_game()
    html = phone.locator("html")
    expect(html).to_have_attribute("data-awake", "")
    assert phone.evaluate("window.wakeRequests") == 1
    # The browser lets go when the page is hidden; visible again, the page asks again.
    phone.evaluate("() => window.wakeLocks[0].release()")
    expect(html).not_to_have_attribute("data-awake", "")
    phone.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    expect(html).to_have_attribute("data-awake", "")
    assert phone.evaluate("window.wakeRequests") == 2

    # The start page does not keep the screen on.
    phone.goto(f"{live_server}/")
    assert phone.evaluate("window.wakeRequests") == 0

    # Switched off on "Dieses Handy": remembered, and no game page asks any more.
    phone.goto(f"{live_server}/phone")
    switch = phone.locator("#wake-switch")
    expect(switch).to_be_checked()
    expect(switch).to_be_enabled()
    phone.locator("label.switch").tap()
    expect(switch).not_to_be_checked()
    phone.reload()
    expect(switch).not_to_be_checked()
    phone.goto(url)
    expect(phone.locator("#total-0")).to_be_visible()
    assert phone.evaluate("window.wakeRequests") == 0
    expect(html).not_to_have_attribute("data-awake", "")

    # And on again.
    phone.goto(f"{live_server}/phone")
    phone.locator("label.switch").tap()
    phone.reload()
    expect(switch).to_be_checked()
    phone.goto(url)
    expect(html).to_have_attribute("data-awake", "")
    assert phone.evaluate("window.wakeRequests") == 1


def test_without_the_wake_lock_api_the_switch_says_so(phone: Page, live_server: str, new_game):
    phone.context.add_init_script("delete Navigator.prototype.wakeLock;")
    phone.goto(f"{live_server}/phone")
    switch = phone.locator("#wake-switch")
    expect(switch).to_be_disabled()
    expect(switch).not_to_be_checked()
    expect(phone.locator("#wake-hint")).to_have_text(
        "Dieser Browser kann den Bildschirm nicht wach halten."
    )
    new_game()
    expect(phone.locator("#total-0")).to_be_visible()
    expect(phone.locator("html")).not_to_have_attribute("data-awake", "")


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
        controlled(phone)
        phone.context.set_offline(True)
        phone.reload()  # the copy, with its notice at the top
        expect(phone.locator("#net")).to_have_text(COPY)
        phone.screenshot(path=SHOTS / f"offline-{scheme}.png")
        phone.context.set_offline(False)
        expect(phone.locator("#net")).to_be_hidden()
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


# --- nothing wider than the screen ----------------------------------------------------------

SIZES = [(360, 740), (390, 844), (844, 390), (1024, 768)]


def test_no_page_scrolls_sideways(phone: Page, live_server: str, new_game):
    pages = {
        "start": "/",
        "new schieber": "/games/new",
        "new handjass": "/handjass/new",
        "new differenzler": "/differenzler/new",
        "new coiffeur": "/coiffeur/new",
        "phone": "/phone",
    }
    schieber = new_game(team_a="Anna+Ruedi", team_b="Beat+Clara")
    for points, contract in (("62", "rosen"), ("100", "schellen"), ("48", "obenabe")):
        tap_points(phone, points)
        save(phone, contract)
    pages["schieber"] = schieber
    pages["changes"] = f"{schieber}/changes"

    handjass_with_a_deal(phone, live_server, ("Annabelle", "Benedikt", "Clara", "Dani"))
    expect(phone.locator("li.row")).to_have_count(1)
    pages["handjass"] = phone.url

    phone.goto(f"{live_server}/differenzler/new")
    for seat, name in enumerate(("Annabelle", "Benedikt", "Clara", "Dani", "Eva", "Fritz"), 1):
        phone.fill(f"input[name=seat{seat}]", name)
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/differenzler/[\w-]{24}$"))
    pages["differenzler"] = phone.url

    phone.goto(f"{live_server}/coiffeur/new")
    phone.fill("input[name=team1]", "Anna+Ruedi")
    phone.fill("input[name=team2]", "Beat+Clara")
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/coiffeur/[\w-]{24}$"))
    phone.locator("#cell-0-rosen label").tap()
    phone.locator("#points").fill("95")
    with phone.expect_response(lambda r: r.request.method == "POST"):
        phone.locator("#save").tap()
    expect(phone.locator("#cell-0-rosen")).to_contain_text("95")
    pages["coiffeur"] = phone.url

    wide = []
    for width, height in SIZES:
        phone.set_viewport_size({"width": width, "height": height})
        for name, url in pages.items():
            phone.goto(urljoin(live_server, url))
            expect(phone.locator("main")).to_be_visible()
            scrolled = phone.evaluate("document.documentElement.scrollWidth")
            shown = phone.evaluate("document.documentElement.clientWidth")
            assert shown == width
            if scrolled > width:
                wide.append(f"{name} at {width}x{height}: {scrolled} px")
    assert wide == []
