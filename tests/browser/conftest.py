"""Browser fixtures: the app served by waitress on a free port, and a phone-sized Chromium page.

The browser is Debian's Chromium (/usr/bin/chromium), driven by Playwright's sync API; no
Playwright-managed browser is downloaded. CSRF stays on: the real forms carry their tokens.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator

import pytest
import waitress
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from scorer import create_app
from scorer.storage.migrations import migrate
from scorer.web.db import get_db
from tests.conftest import SEATS

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "has_touch": True,
    "is_mobile": True,
    "locale": "de-CH",
}
TIMEOUT_MS = 5_000


@pytest.fixture(scope="session")
def live_server(tmp_path_factory) -> Iterator[str]:
    """The app (CSRF on) on a migrated temporary database, served on 127.0.0.1; its base URL."""
    database = tmp_path_factory.mktemp("browser") / "browser.db"
    flask_app = create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "x"})
    with flask_app.app_context():
        migrate(get_db())
    server = waitress.create_server(flask_app, host="127.0.0.1", port=0, asyncore_use_poll=True)
    thread = threading.Thread(target=server.run, name="waitress", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        server.close()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright's sync driver, started once for the session."""
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, headless."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A fresh page in a phone-sized touch context (coarse pointer: the keypad types)."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.on("console", lambda msg: _console(msg, problems))
    page.on("response", lambda response: _response(response, problems))
    yield page
    context.close()
    assert not problems, problems


def _console(msg, problems: list[str]) -> None:
    """Script errors are problems; so are failed loads, except those the app means or lacks:
    a refused entry answers 422, one based on an outdated view 409 and a stale CSRF token 400
    on purpose; there is no favicon."""
    if msg.type != "error":
        return
    text, url = msg.text, msg.location.get("url", "")
    if text.startswith("Failed to load resource") and (
        any(f"status of {code}" in text for code in (400, 409, 422)) or url.endswith("/favicon.ico")
    ):
        return
    if "ERR_INTERNET_DISCONNECTED" in text or text.startswith(
        ("htmx:afterRequest", "htmx:sendError")
    ):
        return  # the phone without signal, on purpose; the app says so on the page
    if text.startswith("htmx:sendAbort"):
        return  # a poll or a preview given up for a newer one, or for the page being left
    if text.startswith("Response Status Error Code 400"):
        return  # htmx on a refused CSRF token; tests that expect a swap wait for it anyway
    problems.append(f"console error: {text} ({url})")


def _response(response, problems: list[str]) -> None:
    """Server errors and missing pages or files are problems; 400 and 422 are refusals."""
    if response.status >= 500 or response.status == 404:
        problems.append(f"{response.status} {response.request.method} {response.url}")


@pytest.fixture
def new_game(phone: Page, live_server: str):
    """Set up a game on the new-game page like a player would; returns the game page URL."""

    def start(team_a: str = "Wir", team_b: str = "Ihr") -> str:
        phone.goto(f"{live_server}/games/new")
        phone.fill("input[name=team_a]", team_a)
        phone.fill("input[name=team_b]", team_b)
        for name, player in SEATS.items():
            phone.fill(f"input[name={name}]", player)
        phone.get_by_role("button", name="Spiel starten").tap()
        phone.wait_for_url(re.compile(r"/games/[\w-]{24}$"))
        return phone.url

    return start


@pytest.fixture
def other_phone(browser: Browser) -> Iterator[Page]:
    """Another phone at the same table, with the network."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors
