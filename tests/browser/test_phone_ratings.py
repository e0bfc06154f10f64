"""The ratings in the Rückblick on a phone in Chromium at 390x844: four Schieber games imported
as a phone would, Anna winning three of them with a different partner each time; she is ranked
first with her "mu ± sigma", a tap shows her partners, the chart of how the ratings moved fits
the screen. Screenshots go to screens/ for a human to look at."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

from playwright.sync_api import Page, expect

from scorer.exchange import export
from scorer.schieber.game import Team
from scorer.storage.migrations import migrate
from scorer.web import create_app
from scorer.web.db import get_db
from tests.rules.test_stats import schieber_game
from tests.web.test_club_season import play_evening

SCREENS = Path(__file__).resolve().parents[2] / "screens"
# (winners, losers): Ost wins every game (1011 : 174, Schneider).
GAMES = (
    (("Anna", "Clara"), ("Ben", "Dani")),
    (("Anna", "Ben"), ("Clara", "Dani")),
    (("Anna", "Dani"), ("Ben", "Clara")),
    (("Ben", "Clara"), ("Anna", "Dani")),
)


def import_game(phone: Page, base: str, winners, losers) -> None:
    game = schieber_game()
    teams = (Team("+".join(winners), winners), Team("+".join(losers), losers))
    data = export(type(game)(teams, game.rules, 0, game.hands))
    phone.goto(f"{base}/games/import")
    phone.set_input_files(
        "#file",
        files=[
            {
                "name": "spiel.json",
                "mimeType": "application/json",
                "buffer": json.dumps(data).encode(),
            }
        ],
    )
    phone.get_by_role("button", name="Importieren").tap()
    phone.wait_for_url(re.compile(r"/games/[\w-]{24}"))


def test_the_rueckblick_ranks_players_through_their_partners(phone: Page, live_server: str):
    SCREENS.mkdir(exist_ok=True)
    for winners, losers in GAMES:
        import_game(phone, live_server, winners, losers)
    phone.goto(f"{live_server}/rueckblick?art=schieber")
    block = phone.locator("#ratings-schieber")
    expect(block.locator(".rating")).to_have_count(4)
    first = block.locator("#rating-schieber-1")
    expect(first.locator(".rating-name")).to_have_text("Anna")
    expect(first.locator(".rating-value")).to_have_text(re.compile(r"^\d+\.\d ± \d\.\d$"))
    # Dani won once (beside Anna), lost three times: last.
    expect(block.locator("#rating-schieber-4 .rating-name")).to_have_text("Dani")
    expect(first.locator(".partners")).to_be_hidden()
    first.locator("summary").tap()
    expect(first.locator(".partner")).to_have_count(3)
    expect(first.locator(".rating-record")).to_contain_text("3 gewonnen")
    chart = block.locator("svg.chart")
    expect(chart.locator("polyline")).to_have_count(4)
    box = chart.bounding_box()
    assert box and box["width"] > 300 and box["height"] > 150
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    block.scroll_into_view_if_needed()
    phone.screenshot(path=str(SCREENS / "ratings-390x844.png"), full_page=True)
    block.screenshot(path=str(SCREENS / "ratings-block-390x844.png"))


def exported_evenings(tmp_path: Path) -> list[bytes]:
    """Two evenings of four, played on a scratch server as a club's leader would, each
    exported as the leader's JSON file."""
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "club.db"), "SECRET_KEY": "x"}
        | {"WTF_CSRF_ENABLED": False}
    )
    with app.app_context():
        migrate(get_db())
    client = app.test_client()
    play_evening(client, app, "Herbst 1", "2026-10-02", 100)
    play_evening(client, app, "Herbst 2", "2026-10-09", 40)
    conn = sqlite3.connect(app.config["DATABASE"])
    keys = [k for (k,) in conn.execute("SELECT leader_key FROM events ORDER BY id")]
    conn.close()
    return [client.get(f"/abend/{key}/export.json").get_data() for key in keys]


def test_the_season_shows_the_ratings_of_its_passen(phone: Page, live_server: str, tmp_path):
    SCREENS.mkdir(exist_ok=True)
    for data in exported_evenings(tmp_path):
        phone.goto(f"{live_server}/abend/importieren")
        phone.set_input_files(
            "#file", files=[{"name": "abend.json", "mimeType": "application/json", "buffer": data}]
        )
        phone.get_by_role("button", name="Importieren").tap()
        phone.wait_for_url(re.compile(r"/abend/(?!importieren)[\w-]+$"))
    phone.goto(f"{live_server}/saison")
    for box in phone.locator("input[name=abend]").all():
        box.check()
    phone.locator("#season-go").tap()
    block = phone.locator("#ratings-season")
    expect(block.locator(".rating")).to_have_count(4)
    expect(block.locator(".rating-record").first).to_be_hidden()
    block.locator("#rating-season-1 summary").tap()
    expect(block.locator("#rating-season-1 .rating-record")).to_contain_text("2 Passen")
    expect(block.locator("#rating-season-1 .partner")).not_to_have_count(0)
    expect(block.locator("svg.chart polyline")).to_have_count(4)
    expect(phone.locator("#season-csv-link")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(SCREENS / "season-ratings-390x844.png"), full_page=True)
    phone.set_viewport_size({"width": 360, "height": 740})
    for url in ("/rueckblick", phone.url):
        phone.goto(url if url.startswith("http") else live_server + url)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360, url
