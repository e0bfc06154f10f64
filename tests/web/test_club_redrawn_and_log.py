"""With the Flask test client: the page of a table whose
Passe was drawn anew (410) for evenings that are not the plain case (imported, a table of
six, players who came and went), never a 500 nor a table's key; the game's mark on its page
(`data-game`, what static/queue.js adopts kept entries by); and the change log that now takes
the JSON texts as they are written (`save()`, `_log()`)."""

from __future__ import annotations

import io
import json
import re
import sqlite3

from scorer.storage import games as store
from scorer.web.db import get_db
from tests.conftest import link, new_game_form
from tests.web.test_club_pages import evening
from tests.web.test_club_redrawn_table import GONE, redraw, seen
from tests.web.test_club_tables import EIGHT, rows, text

KEY = re.compile(r"[A-Za-z0-9_-]{24}")


def drawn_evening(client, app, players=EIGHT) -> str:
    """An evening of two games a Passe, Passe 1 drawn: the leader's page."""
    form = evening(players="\n".join(players), games="other", games_other="2")
    leader = client.post("/abend/neu", data=form).headers["Location"]
    assert client.post(f"{leader}/auslosen", data={"passe": "1", "seen": seen(app)}).status_code
    return leader


def tables_of(app, event_id: int) -> list[tuple[str, list[int]]]:
    return [
        (key, json.loads(seats))
        for key, seats in rows(
            app,
            f"SELECT key, seats FROM event_tables WHERE event_id = {event_id} ORDER BY table_no",
        )
    ]


def version_of(app, event_id: int) -> str:
    return str(rows(app, f"SELECT version FROM events WHERE id = {event_id}")[0][0])


def keys_in(page: str, keys) -> list[str]:
    return [k for k in keys if k in page]


def every_key(app) -> list[str]:
    found = [k for (k,) in rows(app, "SELECT key FROM event_tables")]
    found += [k for (k,) in rows(app, "SELECT leader_key FROM events")]
    return found


def test_a_redraw_on_an_imported_evening_retires_its_tables_and_no_others(client, app):
    """The evening exported with Passe 1 drawn and imported (new keys everywhere); the
    imported evening's Passe 1 drawn anew: its old keys say so (410) and name the seats of the
    imported evening's draw; the original evening's tables open as ever."""
    leader = drawn_evening(client, app)
    originals = tables_of(app, 1)
    exported = client.get(f"{leader}/export.json").get_data()
    file = (io.BytesIO(exported), "abend.json")
    imported = client.post("/abend/importieren", data={"file": file, "once": "imp-1"})
    assert imported.status_code == 303
    new_leader = imported.headers["Location"]
    copies = tables_of(app, 2)
    answer = client.post(
        f"{new_leader}/passe/1/neu", data={"reason": "Eva fehlt", "seen": version_of(app, 2)}
    )
    assert answer.status_code == 303
    for key, _ in originals:
        assert client.get(f"/tisch/{key}").status_code == 200
    for number, (key, _) in enumerate(copies, 1):
        answer = client.get(f"/tisch/{key}")
        assert answer.status_code == GONE
        page = text(answer)
        assert f"Dieser Link gehört zu Tisch {number} der früheren Auslosung" in page
        assert keys_in(page, every_key(app)) == []


def test_a_redrawn_table_of_six_names_all_six(client, app):
    """Ten players: a table of four and one of six (seats A1 to B3)."""
    ten = [*EIGHT, "Ida", "Jost"]
    leader = drawn_evening(client, app, ten)
    old = tables_of(app, 1)
    assert sorted(len(s) for _, s in old) == [4, 6]
    redraw(client, app, leader)
    new = tables_of(app, 1)
    where = {p: (t, seat) for t, (_, s) in enumerate(new, 1) for seat, p in enumerate(s)}
    seats = ("A1", "B1", "A2", "B2", "A3", "B3")
    for key, players in old:
        answer = client.get(f"/tisch/{key}")
        assert answer.status_code == GONE
        page = text(answer)
        for player in players:
            table, seat = where[player]
            assert f"<td>{ten[player]}</td><td>{table}</td><td>{seats[seat]}</td>" in page
        assert keys_in(page, every_key(app)) == []


def test_players_who_come_and_go_before_a_redraw_break_no_redrawn_page(client, app):
    """Passe 1 drawn; a player leaves and another comes (both from the next Passe on); Passe 1
    drawn anew: every old key says so, for a reload and for a post, never a 500."""
    leader = drawn_evening(client, app)
    old = tables_of(app, 1)
    added = client.post(f"{leader}/spieler", data={"names": "Ida", "seen": seen(app)})
    assert added.status_code == 303
    gone = client.post(f"{leader}/spieler/2/weg", data={"seen": seen(app)})
    assert gone.status_code == 303
    redraw(client, app, leader)
    for key, _ in old:
        assert client.get(f"/tisch/{key}").status_code == GONE
        post = client.post(f"/tisch/{key}/spiele", data={"points": "95", "side": "1"})
        assert post.status_code == GONE
        assert "Nichts gespeichert" in text(post)
    assert rows(app, "SELECT count(*) FROM event_games") == [(0,)]


def test_the_games_mark_names_the_game_under_any_link_and_never_a_key(client, app):
    """static/queue.js adopts entries kept under a retired link by the writer page's
    `data-game`: the same before and after "Neue Links", different for another game, no
    key in it; the watch page carries no queue and no mark."""
    client.by_number = False
    page = client.post("/games/new", data=new_game_form()).headers["Location"]
    other = client.post("/games/new", data=new_game_form(team_a="Sie")).headers["Location"]

    def mark(path: str) -> str:
        return re.search(r'<div id="live"[^>]* data-game="([0-9a-f]+)"', text(client.get(path)))[1]

    before = mark(page)
    renewed = client.post(f"{page}/neue-links", data={"once": "renew-1"})
    new_page = renewed.headers["Location"].split("/teilen")[0]
    assert new_page != page and client.get(page).status_code == 404
    assert mark(new_page) == before != mark(other)
    keys = [k for row in rows(app, "SELECT write_key, watch_key FROM games") for k in row]
    assert not any(k in before for k in keys)
    watch_key = rows(app, "SELECT watch_key FROM games WHERE id = 1")[0][0]
    watch = text(client.get(f"/s/{watch_key}"))
    assert 'id="queue"' not in watch and 'data-game="' not in watch


def test_a_change_after_the_end_is_kept_as_decided_with_outcomes_that_read_back(client, app):
    """The change log gets the summary texts as they are stored: each change's outcomes read
    back as the list summaries before and after, and a change to a decided game is marked
    `decided` (read from the games' `finished` column now), so the game's page says it."""
    client.post("/games/new", data=new_game_form(preset="simple", target="450", team_a="Zürich"))
    match = {"contract": "rosen", "match": "y", "points_team": "0"}
    assert client.post(link(client, "/games/1/hands"), data=match).status_code == 303
    assert client.post(link(client, "/games/1/hands"), data=match).status_code == 303  # won
    edited = {"contract": "rosen", "points": "100", "points_team": "0"}
    assert client.post(link(client, "/games/1/hands/2"), data=edited).status_code == 303
    with app.app_context():
        changes = store.changes(get_db(), 1)
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        decided = conn.execute("SELECT kind, decided FROM changes ORDER BY id").fetchall()
        summary = json.loads(conn.execute("SELECT summary FROM games").fetchone()[0])
    finally:
        conn.close()
    assert decided == [("create", 0), ("enter", 0), ("enter", 0), ("edit", 1)]
    edit = changes[-1]
    assert edit.outcome_before["finished"] and not edit.outcome_after["finished"]
    assert edit.outcome_after == summary
    assert changes[2].outcome_after == edit.outcome_before
    assert edit.before["match"] and edit.after["points"] == 100
    page = text(client.get(link(client, "/games/1")))
    assert "Zürich" in page
    assert "nach Spielende geändert" in page
