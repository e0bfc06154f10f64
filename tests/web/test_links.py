"""Private links: a game is found by its writer's key (144 random bits), never by counting; its
watch link shows the board live and refuses every change with 403; each phone lists its own
games; new links make the old ones useless; games stored before keep their numbered link."""

from __future__ import annotations

import html as markup
import re
import secrets
import sqlite3

import pytest
from sqlite_utils import Database

from scorer.schieber.contracts import Rules
from scorer.schieber.game import Game, Hand, Team
from scorer.storage import games as store
from scorer.storage import links
from scorer.storage.migrations import migrate, migrations
from scorer.web.db import connect, get_db
from scorer.web.games.share import qr_svg
from tests.conftest import new_game_form, totals_in

HAND = {"contract": "schellen", "points": "90", "points_team": "0"}
KEY = re.compile(r"[A-Za-z0-9_-]{24}")
WATCH_ONLY = (
    "Dieser Link ist zum Zuschauen: eintragen und ändern kann nur ein Handy mit dem Link zum "
    "Schreiben. Nichts gespeichert."
)


@pytest.fixture
def phone(app):
    """A phone (a test client that uses the links as a phone does, never game numbers)."""
    client = app.test_client()
    client.by_number = False
    return client


def start(phone, **form) -> str:
    """A new Schieber game started on this phone; its page (the writer's link)."""
    response = phone.post("/games/new", data=new_game_form(**form))
    assert response.status_code == 303
    return response.headers["Location"]


def keys_of(app, page: str) -> links.Keys:
    with app.app_context():
        found = links.find(get_db(), page.rsplit("/", 1)[1])
        return links.keys(get_db(), found.game_id)


def dump(app) -> list:
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return [
            conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
            for table in ("games", "entries", "changes", "tokens")
        ]
    finally:
        conn.close()


def text(response) -> str:
    return markup.unescape(response.get_data(as_text=True))


def test_every_game_gets_two_unguessable_keys(app, phone):
    pages = [start(phone) for _ in range(5)]
    assert links.KEY_BYTES * 8 >= 128
    found = [keys_of(app, page) for page in pages]
    for page, keys in zip(pages, found, strict=True):
        assert page == f"/games/{keys.write}"
        assert KEY.fullmatch(keys.write) and KEY.fullmatch(keys.watch)
    every = [key for keys in found for key in keys]
    assert len(set(every)) == 10  # no key twice, the writer's never the watchers'


def test_a_new_game_is_not_found_by_its_number_nor_by_a_guessed_key(phone):
    page = start(phone)
    phone.post(f"{page}/hands", data=HAND)
    for guess in ("/games/1", "/games/1/export.json", f"/games/{secrets.token_urlsafe(18)}"):
        response = phone.get(guess)
        assert response.status_code == 404
        assert "gibt es hier nicht" in text(response)
    guessed = f"/s/{secrets.token_urlsafe(18)}"
    assert phone.get(guessed).status_code == 404
    assert phone.post("/games/1/hands", data=HAND).status_code == 404
    assert totals_in(text(phone.get(page))) == (180, 134)  # the real link still works


def test_the_watch_link_shows_the_board_live_without_a_single_control(app, phone):
    page = start(phone)
    phone.post(f"{page}/hands", data=HAND)
    watch = f"/s/{keys_of(app, page).watch}"
    watcher = app.test_client()
    response = watcher.get(watch)
    assert response.status_code == 200
    html = text(response)
    assert totals_in(html) == (180, 134)
    assert "Zuschauen · Wir – Ihr · live" in html
    for control in ("<form", "<input", "<select", "<textarea", 'href="/games/'):
        assert control not in html, control
    # It polls the watch link itself, and a poll costs a 304 while nothing changed.
    assert f'hx-get="{watch}?teil=tafel"' in html
    polled = watcher.get(f"{watch}?teil=tafel", headers={"HX-Request": "true"})
    assert polled.status_code == 200 and f'hx-get="{watch}?teil=tafel"' in text(polled)
    tag = polled.headers["ETag"]
    again = watcher.get(f"{watch}?teil=tafel", headers={"If-None-Match": tag})
    assert again.status_code == 304
    phone.post(f"{page}/hands", data={**HAND, "contract": "rosen", "points": "100"})
    changed = watcher.get(f"{watch}?teil=tafel", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and totals_in(text(changed)) == (280, 191)


PLAYERS = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}
NEW_GAMES = {
    "schieber": ("/games/new", new_game_form()),
    "handjass": ("/handjass/new", {**PLAYERS, "deck": "swiss"}),
    "differenzler": ("/differenzler/new", {**PLAYERS, "rounds": "12", "deck": "swiss"}),
    "coiffeur": ("/coiffeur/new", {"team1": "Wir", "team2": "Ihr", "deck": "swiss", "board": "8"}),
}


@pytest.mark.parametrize("kind", NEW_GAMES)
def test_every_mode_has_a_watch_page_without_controls(app, phone, kind):
    url, form = NEW_GAMES[kind]
    page = phone.post(url, data=form).headers["Location"]
    assert f"/games/{keys_of(app, page).write}" in (page, page.replace(f"/{kind}/", "/games/"))
    watch = f"/s/{keys_of(app, page).watch}"
    html = text(app.test_client().get(watch))
    assert f'hx-get="{watch}?teil=tafel"' in html
    main = html.split("<main>")[1]  # the bar above may hold a view's toggle ("Tafel aufrecht")
    for control in ("<form", "<input", "<select", "<button", "<textarea", page):
        assert control not in main, control
    assert 'id="share-link"' in text(phone.get(page))


@pytest.mark.parametrize(
    "path",
    ["/games/{watch}/hands", "/games/{watch}/undo", "/games/{watch}/hands/1/delete",
     "/games/{watch}/delete", "/games/{watch}/neue-links", "/games/{watch}/archive",
     "/s/{watch}", "/s/{watch}/hands", "/s/{watch}/undo"],
)  # fmt: skip
def test_every_change_through_the_watch_link_is_refused_with_403(app, phone, path):
    page = start(phone)
    phone.post(f"{page}/hands", data=HAND)
    before = dump(app)
    watcher = app.test_client()
    url = path.format(watch=keys_of(app, page).watch)
    for headers in ({}, {"HX-Request": "true"}):
        response = watcher.post(url, data={**HAND, "once": "forged"}, headers=headers)
        assert response.status_code == 403
        assert WATCH_ONLY in text(response)
    assert dump(app) == before


def test_a_forged_post_with_a_stale_csrf_token_is_still_a_403(tmp_path):
    from scorer import create_app

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "csrf.db"), "SECRET_KEY": "c"})
    with app.app_context():
        migrate(get_db())
        game_id, _ = store.create(get_db(), store_game())
        watch = links.keys(get_db(), game_id).watch
    watcher = app.test_client()
    for url in (f"/games/{watch}/hands", f"/s/{watch}/hands"):
        response = watcher.post(url, data={**HAND, "csrf_token": "forged"})
        assert response.status_code == 403 and WATCH_ONLY in text(response)


def store_game(*hands: Hand) -> Game:
    teams = (Team("Wir", ("Anna", "Clara")), Team("Ihr", ("Ben", "Dani")))
    return Game(teams, Rules()).with_hands(hands)


def test_each_phone_lists_its_own_games_and_those_opened_with_their_writers_link(app, phone):
    mine = start(phone, team_a="Anna+Clara")
    other = app.test_client()
    other.by_number = False
    theirs = start(other, team_a="Ruedi+Vreni")
    assert mine in text(phone.get("/")) and theirs not in text(phone.get("/"))
    assert theirs in text(other.get("/")) and mine not in text(other.get("/"))
    # A watcher of my game does not get it in its list; a phone given the writer's link does.
    watcher = app.test_client()
    watcher.get(f"/s/{keys_of(app, mine).watch}")
    empty = text(watcher.get("/"))
    assert mine not in empty
    assert "Ein Spiel eines anderen Handys: dort unter «Teilen» den QR-Code scannen." in empty
    assert 'id="other-phones"' not in text(phone.get("/"))
    english = text(watcher.get("/", headers={"Accept-Language": "en"}))
    assert "A game of another phone: scan the QR code under “Share” there." in english
    assert other.get(mine).status_code == 200
    assert mine in text(other.get("/"))


def test_htmx_reads_set_no_session_cookie_that_could_overtake_a_forms_answer(app, phone):
    # A phone that lost its cookies types (a preview) and taps (a post) at once: only the
    # post's answer may set the session, or its CSRF token could be overwritten.
    game = start(phone, team_a="Anna+Clara")
    fresh = app.test_client()
    fresh.by_number = False
    htmx = {"HX-Request": "true"}
    preview = fresh.get(f"{game}/preview?points=40&points_team=0", headers=htmx)
    assert preview.status_code == 200
    assert not sessions_set(preview)
    assert not sessions_set(fresh.get(f"{game}?teil=tafel", headers=htmx))
    assert mine_listed(fresh, game.rsplit("/", 1)[1]) is False
    # Opening the page itself keeps the game in that phone's list, as before.
    assert sessions_set(fresh.get(game))
    assert mine_listed(fresh, game.rsplit("/", 1)[1])


def sessions_set(response) -> list[str]:
    return [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]


def test_the_share_page_shows_both_links_as_qr_codes(app, phone):
    page = start(phone)
    keys = keys_of(app, page)
    html = text(phone.get(f"{page}/teilen"))
    watch = re.search(r'id="watch-url">([^<]+)<', html)[1]
    write = re.search(r'id="write-url">([^<]+)<', html)[1]
    assert watch.endswith(f"/s/{keys.watch}") and write.endswith(f"/games/{keys.write}")
    assert watch.startswith("http") and write.startswith("http")
    # Each QR code is the one of the address shown under it.
    assert html.count('class="segno"') == 2
    assert str(qr_svg(watch)) in html and str(qr_svg(write)) in html
    assert "Wer diesen Link hat, kann eintragen, ändern und löschen." in html
    assert 'id="share-link"' in text(phone.get(page))  # the game page leads there


def test_new_links_make_the_old_ones_useless_and_are_kept_in_the_record(app, phone):
    page = start(phone)
    phone.post(f"{page}/hands", data=HAND)
    old = keys_of(app, page)
    response = phone.post(f"{page}/neue-links", data={"once": "renew-1"})
    assert response.status_code == 303
    new = keys_of(app, response.headers["Location"].split("/teilen")[0])
    assert response.headers["Location"] == f"/games/{new.write}/teilen?neu=1"
    assert new.write != old.write and new.watch != old.watch
    assert "Neue Links gemacht: die alten öffnen das Spiel nicht mehr." in text(
        phone.get(response.headers["Location"])
    )
    # The same form sent again renews nothing more.
    assert phone.post(f"/games/{new.write}/neue-links", data={"once": "renew-1"}).status_code
    assert keys_of(app, f"/games/{new.write}") == new
    for gone in (f"/games/{old.write}", f"/s/{old.watch}"):
        assert phone.get(gone).status_code == 404
    assert totals_in(text(phone.get(f"/games/{new.write}"))) == (180, 134)
    assert totals_in(text(phone.get(f"/s/{new.watch}"))) == (180, 134)
    changes = text(phone.get(f"/games/{new.write}/changes"))
    assert "Neue Links gemacht: die alten öffnen das Spiel nicht mehr" in changes
    assert mine_listed(phone, new.write)


def mine_listed(phone, key: str) -> bool:
    return f'href="/games/{key}"' in text(phone.get("/"))


def test_the_export_carries_no_key(app, phone):
    page = start(phone)
    exported = phone.get(f"{page}/export.json").get_data(as_text=True)
    keys = keys_of(app, page)
    assert keys.write not in exported and keys.watch not in exported


# --- games stored before private links --------------------------------------------------------


@pytest.fixture
def upgraded(tmp_path):
    """A database of schema 0003 with a Schieber game with one hand, upgraded to private
    links; and an app on it."""
    from scorer import create_app
    from tests.conftest import by_number

    path = tmp_path / "old.db"
    db = connect(str(path))
    migrations.apply(db, stop_before="0004_private_links")
    game = store_game(Hand("rosen", points=62))
    with db.conn:  # as schema 0003 stored it
        game_id = db.execute(
            "INSERT INTO games (kind, created, setup, summary) VALUES (?, ?, ?, ?)",
            ["schieber", store.now(), store._setup(game), store._summary_json(game)],
        ).lastrowid
        db.execute(
            "INSERT INTO entries (game_id, position, data) VALUES (?, 0, ?)",
            [game_id, store._entry_json(game.hands[0])],
        )
    db.conn.close()
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "u",
                      "WTF_CSRF_ENABLED": False})  # fmt: skip
    with app.app_context():
        migrate(get_db())
    by_number(app)
    return app


def test_an_old_game_gets_keys_and_keeps_its_numbered_link(upgraded):
    db = Database(upgraded.config["DATABASE"])
    row = db.execute("SELECT write_key, watch_key, numbered FROM games WHERE id = 1").fetchone()
    write, watch, numbered = row
    assert KEY.fullmatch(write) and KEY.fullmatch(watch) and write != watch and numbered == 1
    phone = upgraded.test_client()
    phone.by_number = False
    response = phone.get("/games/1?x=1")
    assert response.status_code == 302 and response.headers["Location"] == f"/games/{write}?x=1"
    assert totals_in(text(phone.get(f"/games/{write}"))) == (62, 95)
    # An old page still open posts to the number: it lands.
    assert phone.post("/games/1/hands", data=HAND).status_code == 303
    assert totals_in(text(phone.get(f"/games/{write}"))) == (242, 229)
    # Every phone's start page lists it, as before.
    stranger = upgraded.test_client()
    assert f'href="/games/{write}"' in text(stranger.get("/"))
    # New links end the number too, and the list of a phone that did not open it.
    assert phone.post(f"/games/{write}/neue-links").status_code == 303
    assert phone.get("/games/1").status_code == 404
    assert "/games/" not in re.sub(r'href="/games/(new|import)[^"]*"', "", text(stranger.get("/")))
    migrate(db)  # a second run changes nothing
    assert db.execute("SELECT numbered FROM games WHERE id = 1").fetchone()[0] == 0


@pytest.mark.parametrize(
    ("listens", "shared"),
    [("0.0.0.0", "http://192.168.1.7:5000/s/"), ("127.0.0.1", "http://localhost:5000/s/")],
)
def test_a_page_opened_as_localhost_shares_the_network_address_only_if_the_server_listens_there(
    app, phone, monkeypatch, listens, shared
):
    """`make run` listens on every interface: the share page opened on the server's own
    machine gives the other phones its address in the Wi-Fi. A server on 127.0.0.1 alone
    cannot be reached from there: its link stays as the page was opened."""
    monkeypatch.setattr("scorer.web.core.network.lan_addresses", lambda: ["192.168.1.7"])
    app.config["HOST"] = listens
    page = start(phone)
    shown = text(phone.get(f"{page}/teilen", base_url="http://localhost:5000"))
    assert f"{shared}{keys_of(app, page).watch}" in shown
