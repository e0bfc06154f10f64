"""The path a table really takes: the app as `make run` serves it with TRUST_PROXY=1, behind
Caddy with deploy/Caddyfile on the host name jass.test (`tls internal`), in Chromium at
390x844 that resolves the name to 127.0.0.1 and trusts Caddy's authority as an installed one
(its NSS database, no certificate error ignored: a page with one gets no service worker).

A new game; the share page's QR code, decoded as a camera would, reads the public https
address; a second phone opens it and follows the board live; the service worker controls the
page; three hands typed without network, the page reloaded, the network back: stored once, in
order, each for the team that was meant."""

from __future__ import annotations

import base64
import json
import os
import re
from collections.abc import Iterator

import pytest
import zxingcpp
from playwright.sync_api import Browser, Page, Playwright, expect

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, TIMEOUT_MS
from tests.browser.panel import save, tap_points, totals
from tests.browser.test_phone_queue import WAIT, controlled, kept, offline_hand
from tests.conftest import SEATS
from tests.serving import HOST_NAME, Phone, Proxy, run_app, run_caddy, trusting_home


@pytest.fixture(scope="module")
def proxied(tmp_path_factory) -> Iterator[Proxy]:
    """make run's server with TRUST_PROXY=1, and Caddy in front of it on https://jass.test."""
    folder = tmp_path_factory.mktemp("https")
    app = run_app(folder / "app", make=True, TRUST_PROXY="1")
    try:
        proxy = run_caddy(folder / "proxy", app.port)
    except BaseException:
        app.stop()
        raise
    yield proxy
    proxy.stop()
    app.stop()


@pytest.fixture(scope="module")
def trusting(playwright: Playwright, proxied: Proxy, tmp_path_factory) -> Iterator[Browser]:
    """Chromium that finds jass.test on this machine and trusts Caddy's authority."""
    home = trusting_home(tmp_path_factory.mktemp("home"), proxied.authority)
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST_NAME} 127.0.0.1"],
        env={**os.environ, "HOME": str(home)},
    )
    yield browser
    browser.close()


def phone_in(browser: Browser) -> Page:
    context = browser.new_context(**PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.problems = problems
    return page


# The QR code as a camera sees it: the screenshot's pixels, read by the page itself (the
# browser decodes PNG), grey, handed to zxing-cpp.
PIXELS = """async (png) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + png;
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const drawn = canvas.getContext('2d');
    drawn.drawImage(image, 0, 0);
    const rgba = drawn.getImageData(0, 0, image.width, image.height).data;
    let grey = '';
    for (let i = 0; i < rgba.length; i += 4) grey += String.fromCharCode(rgba[i + 1]);
    return [image.width, image.height, btoa(grey)];
}"""


def scanned(page: Page, selector: str) -> str:
    png = base64.b64encode(page.locator(selector).screenshot()).decode()
    width, height, grey = page.evaluate(PIXELS, png)
    pixels = memoryview(base64.b64decode(grey)).cast("B", shape=[height, width])
    (code,) = zxingcpp.read_barcodes(pixels, formats=zxingcpp.BarcodeFormat.QRCode)
    return code.text


def stored(proxy: Proxy, game: str) -> list[tuple[str, int, int]]:
    """The hands the server stores (the game's export, fetched through Caddy)."""
    phone = Phone(proxy=proxy)
    try:
        response, text = phone.request("GET", f"{game}/export.json")
    finally:
        phone.close()
    assert response.status == 200
    return [(h["contract"], h["points"], h["points_team"]) for h in json.loads(text)["hands"]]


def test_a_table_on_https_behind_caddy_shares_by_qr_watches_live_and_keeps_hands_offline(
    trusting: Browser, proxied: Proxy
):
    origin = proxied.url  # https://jass.test:PORT
    phone = phone_in(trusting)
    phone.goto(f"{origin}/games/new")
    phone.fill("input[name=team_a]", "Wir")
    phone.fill("input[name=team_b]", "Ihr")
    for name, player in SEATS.items():
        phone.fill(f"input[name={name}]", player)
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(rf"^{re.escape(origin)}/games/[\w-]{{24}}$"))
    url = phone.url
    game = url.removeprefix(origin)
    # A secure origin by its certificate, not by being localhost: the worker and the wake lock.
    assert phone.evaluate("window.isSecureContext && 'wakeLock' in navigator")
    controlled(phone)

    phone.goto(f"{url}/teilen")
    watch = scanned(phone, "#watch-link .qr svg")
    assert re.fullmatch(rf"{re.escape(origin)}/s/[\w-]{{24}}", watch)
    phone.locator("#write-link summary").tap()
    assert scanned(phone, "#write-link .qr svg") == url

    watcher = phone_in(trusting)
    watcher.goto(watch)
    expect(watcher.locator("#total-0 b")).to_have_text("0")
    phone.goto(url)
    controlled(phone)
    tap_points(phone, "62")
    save(phone, "rosen")  # hand 1 online: 62 : 95
    expect(watcher.locator("#total-0 b")).to_have_text("62", timeout=8_000)  # live, no reload
    expect(watcher.locator("#total-1 b")).to_have_text("95")

    phone.context.set_offline(True)
    offline_hand(phone, "Wir", "100", "schellen")  # x2: 200 : 114
    offline_hand(phone, "Ihr", "40", "eicheln")  # x1: 117 : 40
    offline_hand(phone, "Wir", "157", "obenabe")  # x3: 471 : 0
    expect(phone.locator("#rows .pending")).to_have_count(3)
    phone.reload()  # from the worker's copy, the hands from IndexedDB
    expect(phone.locator("html")).to_have_attribute("data-offline-copy", re.compile(" GMT$"))
    expect(phone.locator("#rows .pending")).to_have_count(3)
    assert [re.sub(r"\s+", " ", t) for t in phone.locator("#rows .pending").all_inner_texts()] == [
        f"4 ⬇ Obenabe ×3 · Wir 157 {WAIT}",
        f"3 Eicheln ×1 · Ihr 40 {WAIT}",
        f"2 Schellen ×2 · Wir 100 {WAIT}",
    ]
    assert stored(proxied, game) == [("rosen", 62, 0)]

    phone.context.set_offline(False)
    expect(phone.locator("#rows .pending")).to_have_count(0, timeout=10_000)
    # The kept rows leave as they are sent; the page has all four once the last one is stored.
    expect(phone.locator("#rows li.row")).to_have_count(4, timeout=10_000)
    expect(phone.locator("#total-0 b")).to_have_text(str(62 + 200 + 117 + 471), timeout=8_000)
    assert totals(phone) == (850, 95 + 114 + 40 + 0)
    assert stored(proxied, game) == [
        ("rosen", 62, 0),
        ("schellen", 100, 0),
        ("eicheln", 40, 1),
        ("obenabe", 157, 0),
    ]
    assert kept(phone) == 0
    expect(watcher.locator("#total-0 b")).to_have_text("850", timeout=8_000)
    assert phone.problems == [] and watcher.problems == []
    phone.context.close()
    watcher.context.close()
