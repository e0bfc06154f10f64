"""Every page in French and in English, in Chromium at 390x844: after the switch on "Dieses
Handy", no page of any mode shows a German word of the app's own (the players' names and the
game's words that every language keeps, like Match or Stöck, aside)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.panel import save, tap_points
from tests.conftest import SEATS

# Words of the app's German that no French or English page may show ("Weis" is what English
# speaking Swiss tables say too: docs/RULES.md, the glossary).
GERMAN = re.compile(
    r"\b(Spiel|Spiele|Neues|Speichern|Zurück|zurück|Teilen|Einsatz|Laufende|Änderungen|Handy|"
    r"Eintrag|Runde|Hände|Tafel|Stich|gewinnt|löschen|Löschen|Archiv|Gelöscht|"
    r"Zuschauen|eintragen|Regeln|dieses|nicht|und|oder)\b"
)
PLAYERS = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}


def german_on(page: Page) -> list[str]:
    """The German words the page shows (its visible text and its buttons' labels)."""
    return sorted(set(GERMAN.findall(page.locator("body").inner_text())))


def switch(phone: Page, base: str, language: str) -> None:
    phone.goto(f"{base}/phone")
    phone.locator(f"#lang-{language}").tap()
    expect(phone.locator("html")).to_have_attribute("lang", language)


def start(phone: Page, base: str, path: str, fields: dict) -> str:
    """A new game of a mode through its set-up page; its URL."""
    phone.goto(f"{base}{path}")
    for name, value in fields.items():
        phone.fill(f"input[name={name}]", value)
    phone.locator("form button[type=submit].primary, form button.primary").last.tap()
    phone.wait_for_url(re.compile(r"/[\w-]{24}$"))
    return phone.url


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_page_speaks_the_chosen_language(phone: Page, live_server: str, language: str):
    switch(phone, live_server, language)
    seen: dict[str, list[str]] = {}

    def check(name: str) -> None:
        expect(phone.locator("html")).to_have_attribute("lang", language)
        seen[name] = german_on(phone)

    for path in ("/", "/games/new", "/handjass/new", "/differenzler/new", "/coiffeur/new",
                 "/games/import", "/archiv", "/phone", "/rueckblick"):  # fmt: skip
        phone.goto(live_server + path)
        check(path)

    game = start(phone, live_server, "/games/new", {"team_a": "Nous", "team_b": "Vous", **SEATS})
    tap_points(phone, "62")
    save(phone, "rosen")
    check("schieber game")
    for part in ("changes", "teilen", "einsatz", "weis", "claim", "hands/1", "verlauf"):
        phone.goto(f"{game}/{part}")
        check(f"schieber {part}")
    phone.goto(f"{game}/teilen")
    watch = "/s/" + phone.locator("#watch-url").inner_text().split("/s/")[1]
    phone.goto(live_server + watch)
    check("watch")
    for path in ("/handjass/new", "/differenzler/new"):
        start(phone, live_server, path, PLAYERS)
        check(f"{path} game")
    start(phone, live_server, "/coiffeur/new", {"team1": "Nous", "team2": "Vous"})
    check("coiffeur game")
    phone.goto(f"{live_server}/rueckblick")
    check("rueckblick with games")
    assert {name: words for name, words in seen.items() if words} == {}
