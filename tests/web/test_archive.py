"""Tidying the start page: a finished game goes to the archive, any game is deleted after a
confirmation page into "Gelöscht", from where it comes back with its hands for 30 days. Every
move is a POST (with CSRF and a one-time token), kept as a change, and said in words."""

from __future__ import annotations

import html as markup
import io
import json
import re
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from scorer.schieber.contracts import Rules
from scorer.schieber.game import Game, Hand, Team
from scorer.storage import games as store
from scorer.web.db import get_db
from tests.conftest import link, new_game_form, numbered, own, totals_in

RUNNING, FINISHED, HANDJASS = 1, 2, 3
PLAYERS = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}
HX = {"HX-Request": "true"}
DELETED = re.compile(
    r"Dieses Spiel wurde am \d\d\.\d\d\.\d{4} um \d\d:\d\d von Anna gelöscht\. Unter «Gelöscht» "
    r"auf der Startseite lässt es sich 30 Tage lang zurückholen\."
)
RUNNING_REFUSED = (
    "Dieses Spiel läuft (wieder): ins Archiv kommen nur beendete Spiele. Nichts geändert."
)


@pytest.fixture
def tables(client):
    """1 a running Schieber game with two hands, 2 a finished one, 3 a Handjass game; this
    phone is called Anna."""
    client.set_cookie("phone", "Anna")
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    for contract, points in (("rosen", "62"), ("schellen", "90")):
        hand = {"contract": contract, "points": points, "points_team": "0"}
        assert client.post(f"/games/{RUNNING}/hands", data=hand).status_code == 303
    form = new_game_form(preset="custom", target="1000")
    assert client.post("/games/new", data=form).status_code == 303
    for _ in range(2):
        match = {"contract": "obenabe", "match": "y", "points_team": "0"}
        assert client.post(f"/games/{FINISHED}/hands", data=match).status_code == 303
    assert client.post("/handjass/new", data=PLAYERS).status_code == 303
    return client


def page(client, url: str, status: int = 200) -> str:
    response = client.get(url)
    assert response.status_code == status, url
    return numbered(client, markup.unescape(response.get_data(as_text=True)))


def listed(html: str) -> list[int]:
    """The ids of the games a list shows, in order."""
    return [int(n) for n in re.findall(r'<li id="game-(\d+)">', html)]


def asks(html: str, game_id: int) -> str:
    """Where the game's "Löschen…" leads: its question, with the list it was tapped on."""
    form = re.search(
        rf'<form method="get" action="(/games/{game_id}/delete)" id="delete-form-{game_id}">'
        r"(.*?)</form>",
        html,
        re.S,
    )
    assert f'form="delete-form-{game_id}" id="delete-{game_id}">Löschen…</button>' in html
    fields = re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', form.group(2))
    return form.group(1) + "?" + "&".join(f"{name}={value}" for name, value in fields)


def message(html: str) -> str:
    return re.search(r'<p class="error" id="error-page">([^<]*)</p>', html).group(1)


def changes_of(app, game_id: int) -> list[tuple[str, str]]:
    with app.app_context():
        return [(c.kind, c.phone) for c in store.changes(get_db(), game_id)]


def dump(app) -> list:
    """What the database holds of games, entries, changes and tokens."""
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return [
            conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
            for table in ("games", "entries", "changes", "tokens")
        ]
    finally:
        conn.close()


def test_the_start_page_shows_the_buttons_only_while_tidying(tables):
    html = page(tables, "/")
    assert listed(html) == [HANDJASS, RUNNING, FINISHED]
    assert 'href="/?aufraeumen=1" id="tidy-link">Aufräumen' in html
    assert 'id="archive-link">Archiv (0)</a>' in html and "bin-link" not in html
    assert "Löschen…" not in html and "Archivieren" not in html

    html = page(tables, "/?aufraeumen=1")
    assert listed(html) == [HANDJASS, RUNNING, FINISHED]
    assert 'id="tidy-done">Fertig</a>' in html and "tidy-link" not in html
    for game_id in (HANDJASS, RUNNING, FINISHED):
        assert asks(html, game_id) == f"/games/{game_id}/delete?liste=start&aufraeumen=1"
    # Only a finished game is archived; an abandoned running one is deleted.
    assert re.findall(r'action="/games/(\d+)/archive"', html) == [str(FINISHED)]


def test_delete_asks_first_and_the_question_writes_nothing(app, tables):
    before = dump(app)
    html = page(tables, f"/games/{RUNNING}/delete?liste=start&aufraeumen=1")
    assert "<h1>Dieses Spiel löschen?</h1>" in html
    assert (
        "Es verschwindet von der Startseite; unter «Gelöscht» kann es 30 Tage lang "
        "zurückgeholt werden, mit allen Einträgen." in html
    )
    assert "Wir – Ihr" in html and "2 Hände" in html
    assert f'<form method="post" action="/games/{RUNNING}/delete" class="actions">' in html
    assert 'id="confirm-delete">Löschen</button>' in html
    assert '<a class="button" href="/?aufraeumen=1" id="cancel-delete">Abbrechen</a>' in html
    assert re.search(r'name="csrf_token" value="[^"]+"', html)
    assert re.search(r'name="once" value="[^"]+"', html)
    assert dump(app) == before
    assert RUNNING in listed(page(tables, "/"))


def test_deleting_takes_the_game_off_and_restoring_brings_it_back_with_its_hands(app, tables):
    totals = totals_in(page(tables, f"/games/{RUNNING}"))
    assert totals == (62 + 180, 95 + 134)

    form = {"liste": "start", "aufraeumen": "1", "once": "delete-1"}
    response = tables.post(f"/games/{RUNNING}/delete", data=form)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/?aufraeumen=1&geloescht={RUNNING}"
    html = page(tables, response.headers["Location"])
    assert listed(html) == [HANDJASS, FINISHED]
    assert "Spiel gelöscht. Unter «Gelöscht» lässt es sich 30 Tage lang zurückholen." in html
    assert f'action="/games/{RUNNING}/restore"' in html and "Zurückholen" in html
    assert 'href="/geloescht" id="bin-link">Gelöscht (1)</a>' in html

    # Its pages are gone, and say so; nothing can be written to it.
    for url in (f"/games/{RUNNING}", f"/games/{RUNNING}/changes", f"/games/{RUNNING}/export.json"):
        assert DELETED.fullmatch(message(page(tables, url, 404))), url
    before = dump(app)
    hand = {"contract": "rosen", "points": "40", "points_team": "0"}
    response = tables.post(f"/games/{RUNNING}/hands", data=hand, headers=HX)
    assert response.status_code == 404 and response.headers["HX-Retarget"] == "#flash"
    assert DELETED.search(markup.unescape(response.get_data(as_text=True)))
    assert dump(app) == before
    assert page(tables, f"/games/{RUNNING}/delete", 404)

    html = page(tables, "/geloescht")
    assert listed(html) == [RUNNING]
    assert re.search(r"Gelöscht am \d\d\.\d\d\.\d{4} um \d\d:\d\d von Anna · noch 30 Tage", html)
    response = tables.post(f"/games/{RUNNING}/restore", data={"liste": "geloescht"})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/geloescht?zurueckgeholt={RUNNING}"
    html = page(tables, response.headers["Location"])
    assert listed(html) == [] and "Spiel zurückgeholt, mit allen Einträgen." in html
    assert f'href="/games/{RUNNING}">Öffnen</a>' in html

    assert totals_in(page(tables, f"/games/{RUNNING}")) == totals
    assert listed(page(tables, "/")) == [HANDJASS, RUNNING, FINISHED]
    assert changes_of(app, RUNNING)[-2:] == [("delete-game", "Anna"), ("restore", "Anna")]
    words = re.findall(r'<p class="what">([^<]*)</p>', page(tables, f"/games/{RUNNING}/changes"))
    assert words[:3] == ["Spiel zurückgeholt", "Spiel gelöscht", "Hand 2 eingetragen"]


def test_the_note_after_a_delete_takes_it_back(app, tables):
    tables.post(f"/games/{FINISHED}/delete", data={"liste": "start"})
    html = page(tables, f"/?geloescht={FINISHED}")
    form = re.search(r'<form method="post" action="/games/2/restore">(.*?)</form>', html, re.S)
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(1)))
    assert fields["liste"] == "start" and fields["once"]
    response = tables.post(f"/games/{FINISHED}/restore", data=fields)
    assert response.headers["Location"] == f"/?zurueckgeholt={FINISHED}"
    assert listed(page(tables, "/")) == [HANDJASS, RUNNING, FINISHED]
    # The same form again, and an old note's link: nothing more happens, nothing is said.
    assert tables.post(f"/games/{FINISHED}/restore", data=fields).status_code == 303
    assert "Spiel gelöscht" not in page(tables, f"/?geloescht={FINISHED}")
    assert [k for k, _ in changes_of(app, FINISHED)][-2:] == ["delete-game", "restore"]


def test_a_delete_sent_twice_is_done_and_kept_once(app, tables):
    form = {"liste": "start", "once": "twice"}
    for _ in range(2):
        response = tables.post(f"/games/{HANDJASS}/delete", data=form)
        assert response.status_code == 303
        assert response.headers["Location"] == f"/?geloescht={HANDJASS}"
    # Another phone deleting it too, with a form of its own: it is deleted, so that is done.
    assert tables.post(f"/games/{HANDJASS}/delete", data={"once": "other"}).status_code == 303
    assert [k for k, _ in changes_of(app, HANDJASS)] == ["create", "delete-game"]
    assert page(tables, f"/handjass/{HANDJASS}", 404)


def test_archive_moves_a_finished_game_to_the_archive_and_back(app, tables):
    form = {"liste": "start", "aufraeumen": "1"}
    response = tables.post(f"/games/{FINISHED}/archive", data=form)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/?aufraeumen=1&archiviert={FINISHED}"
    html = page(tables, response.headers["Location"])
    assert listed(html) == [HANDJASS, RUNNING]
    assert "Spiel ins Archiv gelegt." in html and f'id="undo-archive-{FINISHED}"' in html
    assert 'id="archive-link">Archiv (1)</a>' in html

    html = page(tables, "/archiv")
    assert listed(html) == [FINISHED] and "<h1>Archiv</h1>" in html
    assert f'action="/games/{FINISHED}/unarchive"' in html
    assert asks(html, FINISHED) == f"/games/{FINISHED}/delete?liste=archiv"
    assert totals_in(page(tables, f"/games/{FINISHED}"))  # it still opens
    assert "aus dem Archiv" in page(tables, f"/games/{FINISHED}/delete?liste=archiv")

    response = tables.post(f"/games/{FINISHED}/unarchive", data={"liste": "archiv"})
    assert response.headers["Location"] == f"/archiv?zurueck={FINISHED}"
    html = page(tables, response.headers["Location"])
    assert listed(html) == [] and "Spiel wieder auf der Startseite." in html
    assert "Noch kein Spiel im Archiv." in html
    assert listed(page(tables, "/")) == [HANDJASS, RUNNING, FINISHED]
    assert [k for k, _ in changes_of(app, FINISHED)][-2:] == ["archive", "unarchive"]
    words = re.findall(r'<p class="what">([^<]*)</p>', page(tables, f"/games/{FINISHED}/changes"))
    assert words[:2] == [
        "Spiel aus dem Archiv zurück auf die Startseite geholt",
        "Spiel ins Archiv gelegt",
    ]


def test_a_game_deleted_from_the_archive_comes_back_to_the_archive(tables):
    tables.post(f"/games/{FINISHED}/archive")
    response = tables.post(f"/games/{FINISHED}/delete", data={"liste": "archiv"})
    assert response.headers["Location"] == f"/archiv?geloescht={FINISHED}"
    assert listed(page(tables, "/archiv")) == []
    tables.post(f"/games/{FINISHED}/restore")
    assert listed(page(tables, "/archiv")) == [FINISHED]


def test_a_running_game_is_not_archived(app, tables):
    before = dump(app)
    response = tables.post(f"/games/{RUNNING}/archive", data={"liste": "start"})
    assert response.status_code == 409
    html = numbered(tables, markup.unescape(response.get_data(as_text=True)))
    assert message(html) == RUNNING_REFUSED
    assert f'href="/games/{RUNNING}">Zurück zum Spiel</a>' in html
    assert dump(app) == before


def test_moves_of_a_missing_or_deleted_game_are_refused_in_words(app, tables):
    for move in ("archive", "unarchive", "delete", "restore"):
        response = tables.post(f"/games/99/{move}")
        assert response.status_code == 404
        assert message(markup.unescape(response.get_data(as_text=True))) == (
            "Diese Seite gibt es hier nicht (oder das Spiel nicht mehr)."
        )
    tables.post(f"/games/{FINISHED}/delete")
    before = dump(app)
    for move in ("archive", "unarchive"):
        response = tables.post(f"/games/{FINISHED}/{move}")
        assert response.status_code == 404
        assert DELETED.fullmatch(message(markup.unescape(response.get_data(as_text=True))))
    assert dump(app) == before


def test_a_game_deleted_more_than_30_days_ago_is_kept_but_not_restored(app, tables):
    tables.post(f"/games/{RUNNING}/delete")
    old = (datetime.now(UTC) - timedelta(days=31)).isoformat(timespec="seconds")
    conn = sqlite3.connect(app.config["DATABASE"])
    conn.execute("UPDATE games SET deleted = ? WHERE id = ?", [old, RUNNING])
    conn.commit()
    conn.close()
    html = page(tables, "/geloescht")
    assert listed(html) == [] and "Kein Spiel gelöscht in den letzten 30 Tagen." in html
    assert "bin-link" not in page(tables, "/")
    response = tables.post(f"/games/{RUNNING}/restore")
    assert response.status_code == 410
    assert message(markup.unescape(response.get_data(as_text=True))) == (
        "Dieses Spiel wurde vor mehr als 30 Tagen gelöscht und lässt sich nicht mehr "
        "zurückholen. Nichts geändert."
    )
    assert re.fullmatch(
        r"Dieses Spiel wurde am .* von Anna gelöscht\.", message(page(tables, "/games/1", 404))
    )
    with app.app_context():
        assert len(store.load(get_db(), RUNNING, deleted=True).game.hands) == 2


def won() -> Game:
    teams = (Team("Wir", ("Anna", "Clara")), Team("Ihr", ("Ben", "Dani")))
    return Game(teams, Rules(target=100)).with_hands((Hand("rosen", points=157),))


def test_the_archive_and_the_bin_page_20_at_a_time(app, client):
    with app.app_context():
        db = get_db()
        ids = [store.create(db, won())[0] for _ in range(42)]
        for game_id in ids[:21]:
            store.archive(db, game_id)
        for game_id in ids[21:]:
            store.delete(db, game_id)
    own(client, *ids)
    html = page(client, "/")
    assert listed(html) == []
    assert "Archiv (21)" in html and "Gelöscht (21)" in html and "tidy-link" not in html
    html = page(client, "/archiv")
    assert listed(html) == ids[20::-1][:20]
    assert 'href="/archiv?seite=2" rel="next" id="more">Ältere Spiele →' in html
    html = page(client, "/archiv?seite=2")
    assert listed(html) == [ids[0]] and 'href="/archiv" rel="prev"' in html
    assert 'name="seite" value="2"' in html
    assert "Auf dieser Seite steht kein Spiel mehr." in page(client, "/archiv?seite=3")
    html = page(client, "/geloescht")
    assert len(listed(html)) == 20 and 'href="/geloescht?seite=2" rel="next"' in html
    assert len(listed(page(client, "/geloescht?seite=2"))) == 1
    # A move on page 2 leads back to page 2.
    response = client.post(f"/games/{ids[0]}/unarchive", data={"liste": "archiv", "seite": "2"})
    assert response.headers["Location"] == f"/archiv?seite=2&zurueck={ids[0]}"


def test_tidying_goes_on_from_page_to_page(app, client):
    with app.app_context():
        own(client, *(store.create(get_db(), won())[0] for _ in range(21)))
    html = page(client, "/?aufraeumen=1")
    assert 'href="/?seite=2&aufraeumen=1" rel="next"' in html
    html = page(client, "/?seite=2&aufraeumen=1")
    assert 'href="/?aufraeumen=1" rel="prev"' in html
    assert 'href="/?seite=2" id="tidy-done">Fertig' in html
    assert asks(html, 1) == "/games/1/delete?liste=start&seite=2&aufraeumen=1"


def test_the_export_leaves_out_where_the_game_was_listed_and_imports_again(client, tables):
    tables.post(f"/games/{FINISHED}/archive")
    tables.post(f"/games/{FINISHED}/delete")
    assert page(tables, f"/games/{FINISHED}/export.json", 404)
    tables.post(f"/games/{FINISHED}/restore")
    data = json.loads(page(tables, f"/games/{FINISHED}/export.json"))
    assert [c["kind"] for c in data["changes"]] == ["enter", "enter"]
    response = tables.post(
        "/games/import",
        data={"file": (io.BytesIO(json.dumps(data).encode()), "jass.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303 and response.headers["Location"] == link(client, "/games/4")


def test_every_move_needs_the_csrf_token(app, tables):
    app.config["WTF_CSRF_ENABLED"] = True
    before = dump(app)
    for move in ("archive", "delete", "restore", "unarchive"):
        assert tables.post(f"/games/{FINISHED}/{move}").status_code == 400
    assert dump(app) == before
    html = page(tables, f"/games/{FINISHED}/delete")
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', html))
    assert set(fields) == {"csrf_token", "once", "liste"}
    assert tables.post(f"/games/{FINISHED}/delete", data=fields).status_code == 303
    assert FINISHED not in listed(page(tables, "/"))


def test_the_new_pages_only_read(app, tables):
    """GET and HEAD on the lists, with every note, and on the question change nothing."""
    tables.post(f"/games/{FINISHED}/archive")
    tables.post(f"/games/{HANDJASS}/delete")
    before = dump(app)
    for url in (
        "/?aufraeumen=1&geloescht=3",
        "/?archiviert=2&seite=0",
        "/?zurueck=1&geloescht=x",
        "/?zurueckgeholt=99999999999999999999",
        "/archiv?zurueck=2&seite=-1",
        "/geloescht?zurueckgeholt=3",
        "/games/1/delete?liste=nirgends&seite=abc",
    ):
        for method in ("GET", "HEAD"):
            assert tables.open(url, method=method).status_code == 200, url
    assert dump(app) == before
    for method in ("GET", "HEAD"):
        for move in ("archive", "unarchive", "restore"):
            assert tables.open(f"/games/1/{move}", method=method).status_code == 405
    assert dump(app) == before
