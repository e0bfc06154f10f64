"""A form sent twice (a double tap, a resend after the connection dropped) is stored once; and
a copy of the database can be taken while the app runs."""

import io
import json
import sqlite3

from scorer.web.db import get_db
from tests.conftest import link, new_game_form, totals_in


def count(app, table: str) -> int:
    with app.app_context():
        return get_db().execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def test_a_double_tap_on_start_makes_one_game(app, client):
    form = new_game_form(once="tap-1")
    first = client.post("/games/new", data=form)
    second = client.post("/games/new", data=form)
    assert first.headers["Location"] == second.headers["Location"] == link(client, "/games/1")
    assert count(app, "games") == 1


def test_a_double_tap_on_nochmal_makes_one_new_game(app, client):
    client.post("/games/new", data=new_game_form(target="300", preset="custom"))
    for points in ("100", "110"):
        client.post("/games/1/hands", data={"contract": "schellen", "points": points})
    assert "Wir gewinnt" in client.get("/games/1").get_data(as_text=True)
    answers = [client.post("/games/1/again", data={"once": "again-1"}) for _ in range(2)]
    assert [a.headers["Location"] for a in answers] == [
        link(client, "/games/2"),
        link(client, "/games/2"),
    ]
    assert count(app, "games") == 2
    assert client.post("/games/1/again", data={"once": "again-2"}).headers["Location"] == link(
        client, "/games/3"
    )


def test_an_import_sent_twice_makes_one_game(app, client):
    client.post("/games/new", data=new_game_form())
    client.post("/games/1/hands", data={"contract": "rosen", "points": "62"})
    exported = client.get("/games/1/export.json").get_data()
    answers = [
        client.post(
            "/games/import",
            data={"file": (io.BytesIO(exported), "jass.json"), "once": "import-1"},
            content_type="multipart/form-data",
        )
        for _ in range(2)
    ]
    assert [a.headers["Location"] for a in answers] == [
        link(client, "/games/2"),
        link(client, "/games/2"),
    ]
    assert count(app, "games") == 2
    assert totals_in(client.get("/games/2").get_data(as_text=True)) == (62, 95)


def test_the_same_hand_sent_twice_counts_once(app, client):
    client.post("/games/new", data=new_game_form())
    hand = {"contract": "rosen", "points": "62", "points_team": "0", "once": "hand-1"}
    client.post("/games/1/hands", data=hand)
    again = client.post("/games/1/hands", data=hand, headers={"HX-Request": "true"})
    html = again.get_data(as_text=True)
    assert again.status_code == 200
    assert "Schon gespeichert" in html
    assert totals_in(html) == (62, 95)
    assert count(app, "entries") == 1


def test_backup_writes_a_consistent_copy(app, client, tmp_path):
    client.post("/games/new", data=new_game_form())
    client.post("/games/1/hands", data={"contract": "schellen", "points": "90"})
    result = app.test_cli_runner().invoke(args=["backup", str(tmp_path / "copies")])
    assert result.exit_code == 0, result.output
    (copy,) = (tmp_path / "copies").glob("scorer-*.db")
    with sqlite3.connect(copy) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        (data,) = db.execute("SELECT data FROM entries").fetchone()
    assert json.loads(data)["points"] == 90
