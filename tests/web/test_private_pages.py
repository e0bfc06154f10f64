"""What holds a key stays private: every answer of the app is kept by no shared cache, and
the live poll still answers 304."""

from __future__ import annotations

import re
import sqlite3

import pytest

from tests.conftest import link, new_game_form
from tests.web.test_club_pages import evening
from tests.web.test_club_tables import EIGHT
from tests.web.test_headers import elsewhere  # noqa: F401 (a fixture)

PLAYERS = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}


def rows(app, sql: str) -> list:
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


@pytest.fixture
def world(client, app) -> dict[str, str]:
    """A game of each mode (Schieber 1 with a hand, Handjass 2, Differenzler 3, Coiffeur 4), a
    club evening of eight with Passe 1 drawn: a URL for every GET route of the app, by
    endpoint."""
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    hand = {"contract": "rosen", "points": "62", "points_team": "0"}
    assert client.post("/games/1/hands", data=hand).status_code == 303
    assert client.post("/handjass/new", data=PLAYERS).status_code == 303
    differenzler = {**PLAYERS, "rounds": "12", "deck": "swiss", "exact_bonus": "0"}
    assert client.post("/differenzler/new", data=differenzler).status_code == 303
    coiffeur = {"team1": "Wir", "team2": "Ihr", "deck": "swiss", "board": "8"}
    assert client.post("/coiffeur/new", data=coiffeur).status_code == 303
    night = evening(players="\n".join(EIGHT), games="other", games_other="2")
    leader = client.post("/abend/neu", data=night).headers["Location"]
    seen = str(rows(app, "SELECT version FROM events")[0][0])
    assert client.post(f"{leader}/auslosen", data={"passe": "1", "seen": seen}).status_code == 303
    (table,) = rows(app, "SELECT key FROM event_tables ORDER BY table_no LIMIT 1")[0]
    (screen,) = rows(app, "SELECT screen_key FROM events")[0]
    (watch,) = rows(app, "SELECT watch_key FROM games WHERE id = 1")[0]
    return {
        "games.index": "/",
        "games.archived_games": "/archiv",
        "games.deleted_games": "/geloescht",
        "games.import_game": "/games/import",
        "games.name_phone": "/phone",
        "games.changes": "/games/1/changes",
        "games.delete_game": "/games/1/delete",
        "games.export_game": "/games/1/export.json",
        "schieber.new_game": "/games/new",
        "schieber.new_game_rules": "/games/new/rules",
        "schieber.show_game": "/games/1",
        "schieber.claim": "/games/1/claim",
        "schieber.edit_hand": "/games/1/hands/1",
        "schieber.preview": "/games/1/preview?points=62&points_team=0",
        "schieber.declare_weis": "/games/1/weis",
        "stakes.set_stakes": "/games/1/einsatz",
        "share.share": "/games/1/teilen",
        "share.watch": f"/s/{watch}",
        "share.watch_only": f"/s/{watch}/x",
        "lookback.course": "/games/1/verlauf",
        "lookback.watched_course": f"/s/{watch}/verlauf",
        "lookback.index": "/rueckblick",
        "lookback.export": "/rueckblick.csv",
        "lookback.ratings_export": "/rueckblick/spielstaerke.csv",
        "handjass.new": "/handjass/new",
        "handjass.show": "/handjass/2",
        "handjass.rest": "/handjass/2/rest",
        "handjass.edit_deal": "/handjass/2/deals/1",
        "differenzler.new": "/differenzler/new",
        "differenzler.show": "/differenzler/3",
        "differenzler.rest": "/differenzler/3/rest",
        "differenzler.edit_round": "/differenzler/3/rounds/1",
        "coiffeur.new": "/coiffeur/new",
        "coiffeur.new_board": "/coiffeur/new/board",
        "coiffeur.show": "/coiffeur/4",
        "coiffeur.edit_entry": "/coiffeur/4/entries/1",
        "club.new": "/abend/neu",
        "club.show": leader,
        "club.passe": f"{leader}/passe/1",
        "club.table_link": f"{leader}/passe/1/tisch/1",
        "club_paper.sheets": f"{leader}/passe/1/standblatt",
        "club_paper.standings_csv": f"{leader}/rangliste.csv",
        "club_paper.games_csv": f"{leader}/spiele.csv",
        "club_paper.fairness_csv": f"{leader}/wer-mit-wem.csv",
        "club_standings.standings": f"{leader}/rangliste",
        "club_standings.screen": f"/leinwand/{screen}",
        "club_exchange.export": f"{leader}/export.json",
        "club_exchange.import_event": "/abend/importieren",
        "club_table.show": f"/tisch/{table}",
        "club_season.show": "/saison",
        "club_season.export": "/saison.csv?abend=1",
        "club_season.fairness_csv": "/saison/wer-mit-wem.csv?abend=1",
        "phone_app.manifest": "/manifest.webmanifest",
        "phone_app.service_worker": "/sw.js",
    }


# The pages the issue names: each holds a writer's, a watcher's, a table's or a leader's key.
KEYED = (
    "schieber.show_game",
    "handjass.show",
    "differenzler.show",
    "coiffeur.show",
    "share.share",
    "share.watch",
    "club.show",
    "club_table.show",
    "club_paper.sheets",
    "club_standings.screen",
    "games.export_game",
    "club_exchange.export",
    "club_paper.standings_csv",
    "club_paper.games_csv",
    "lookback.export",
    "lookback.ratings_export",
    "club_season.export",
    "games.index",
)


KEYLESS = ("phone_app.manifest", "phone_app.service_worker")


def private(header: str) -> bool:
    said = {part.strip() for part in header.split(",")}
    return "private" in said and bool(said & {"no-cache", "no-store"}) and "public" not in said


def test_every_answer_of_the_app_is_private_and_asked_for_again(app, client, world):
    routes = {r.endpoint for r in app.url_map.iter_rules() if "GET" in r.methods}
    assert routes - {"static"} == set(world), "a new page: give it a URL here"
    for endpoint, url in world.items():
        response = client.get(url)
        assert response.status_code < 500, url
        if endpoint in KEYED:
            assert response.status_code == 200, url
        control = response.headers.get("Cache-Control", "")
        if endpoint in KEYLESS:  # the same for every phone (test_phone_app_routes)
            assert control == "no-cache", url
        else:
            assert private(control), (url, response.headers)


def test_static_files_stay_public_and_immutable(client):
    page = client.get("/").get_data(as_text=True)
    style = re.search(r'href="(/static/app\.css\?v=\w+)"', page).group(1)
    response = client.get(style)
    response.close()
    control = response.headers["Cache-Control"]
    assert "public" in control and "immutable" in control and "private" not in control


def test_the_live_poll_is_private_and_still_answers_304(client, world):
    poll = link(client, "/games/1") + "?teil=tafel"
    first = client.get(poll, headers={"HX-Request": "true"})
    assert first.status_code == 200 and private(first.headers["Cache-Control"])
    assert "no-store" not in first.headers["Cache-Control"]  # the browser keeps it for its tag
    again = client.get(poll, headers={"HX-Request": "true", "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and private(again.headers["Cache-Control"])
    watched = f"{world['share.watch']}?teil=tafel"
    tag = client.get(watched, headers={"HX-Request": "true"}).headers["ETag"]
    assert client.get(watched, headers={"If-None-Match": tag}).status_code == 304
