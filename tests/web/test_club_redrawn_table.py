"""A table phone whose Passe the leader drew anew: its old key opens no table any more, but it is
no bare 404 either. The page says, in the table's words, that the leader drew the Passe anew,
that nothing stored was lost (a Passe is drawn anew only while no game is stored at any of its
tables), where each player of that table sits now, and where the whole seat plan is shown (the
projector's read-only page); it never gives out a table's key. A post from such a phone is
refused with the same words and stores nothing; a key nobody ever had stays a plain 404; a
database from before the old keys were kept is read as it was."""

from __future__ import annotations

import json
import re

import pytest

from scorer import create_app
from scorer.club.draw import draw
from scorer.storage import club as events
from scorer.storage.migrations import migrate, migrations
from scorer.web.club.tables import SEATS
from scorer.web.db import connect, get_db
from tests.web.test_club_pages import evening
from tests.web.test_club_tables import EIGHT, rows, text
from tests.web.test_page_ids import repeated_ids

NINE = [*EIGHT, "Ida"]
GONE = 410


def setup(client, app, players=EIGHT) -> dict:
    """An evening of two games a Passe with Passe 1 drawn: the leader's page, the projector's
    key and the tables as drawn (key, seats)."""
    form = evening(players="\n".join(players), games="other", games_other="2")
    leader = client.post("/abend/neu", data=form).headers["Location"]
    drawn_now = client.post(f"{leader}/auslosen", data={"passe": "1", "seen": seen(app)})
    assert drawn_now.status_code == 303
    return {
        "leader": leader,
        "screen": rows(app, "SELECT screen_key FROM events")[0][0],
        "tables": drawn(app),
    }


def seen(app) -> str:
    return str(rows(app, "SELECT version FROM events")[0][0])


def drawn(app) -> list[tuple[str, list[int]]]:
    return [
        (key, json.loads(seats))
        for key, seats in rows(app, "SELECT key, seats FROM event_tables ORDER BY table_no")
    ]


def redraw(client, app, leader: str, reason: str = "Anna kam zu spät") -> None:
    answer = client.post(f"{leader}/passe/1/neu", data={"reason": reason, "seen": seen(app)})
    assert answer.status_code == 303


@pytest.fixture
def night(client, app):
    """Passe 1 drawn, then drawn anew: the evening as `setup` gives it, with the old tables."""
    night = setup(client, app)
    night["old"] = night.pop("tables")
    redraw(client, app, night["leader"])
    night["new"] = drawn(app)
    assert {k for k, _ in night["old"]}.isdisjoint(k for k, _ in night["new"])
    return night


def names(players=EIGHT) -> dict[int, str]:
    return dict(enumerate(players))


def where_now(page: str, night: dict, old_seats: list[int], players=EIGHT) -> None:
    """Each player of the old table with the table and seat of the Passe as it is drawn now
    (or as sitting out), and no table's key anywhere on the page."""
    named = names(players)
    now = {
        player: (number, SEATS[seat])
        for number, (_, seats) in enumerate(night["new"], 1)
        for seat, player in enumerate(seats)
    }
    for player in old_seats:
        if player in now:
            table, seat = now[player]
            assert f"<td>{named[player]}</td><td>{table}</td><td>{seat}</td>" in page, named[player]
        else:
            assert re.search(rf"Setzt aus \(Joker\): [^<]*{named[player]}", page), named[player]
    for key, _ in night["new"]:
        assert key not in page
    assert night["leader"].rsplit("/", 1)[1] not in page


def test_a_redrawn_tables_key_says_the_passe_was_drawn_anew_and_where_the_table_sits_now(
    client, app, night
):
    for number, (key, seats) in enumerate(night["old"], 1):
        answer = client.get(f"/tisch/{key}")
        assert answer.status_code == GONE
        page = text(answer)
        assert "Die Spielleitung hat Passe 1 neu gelost." in page
        assert f"Dieser Link gehört zu Tisch {number} der früheren Auslosung" in page
        assert "Verloren ist nichts" in page
        where_now(page, night, seats)
        # The whole seat plan: the projector's read-only page, on its seat plan.
        assert f'href="/leinwand/{night["screen"]}?seite=1"' in page
        assert "QR-Code" in page  # the new table's link comes from the leader
        # No panel, no form that writes.
        assert 'id="panel"' not in page and "<form" not in page
        assert repeated_ids(page) == {}


def test_a_key_nobody_ever_had_stays_a_plain_404(client, app, night):
    for key in ("x" * 24, night["screen"], night["leader"].rsplit("/", 1)[1]):
        answer = client.get(f"/tisch/{key}")
        assert answer.status_code == 404
        assert "neu gelost" not in text(answer)
    # And the new tables are tables as ever.
    for key, _ in night["new"]:
        assert client.get(f"/tisch/{key}").status_code == 200


@pytest.mark.parametrize(
    "action, data",
    [
        ("spiele", {"points": "95", "side": "1", "number": "1", "once": "late-1"}),
        ("zuruecknehmen", {}),
        ("abgeben", {}),
        ("bestaetigen", {}),
        ("einspruch", {"reason": "Spiel 1 war 96"}),
    ],
)
def test_a_post_from_a_redrawn_table_is_refused_with_the_same_words(
    client, app, night, action, data
):
    key, seats = night["old"][0]
    before = rows(app, "SELECT count(*) FROM event_changes")
    answer = client.post(f"/tisch/{key}/{action}", data={**data, "seen": "0-0"})
    assert answer.status_code == GONE
    page = text(answer)
    assert "Nichts gespeichert: die Spielleitung hat Passe 1 neu gelost." in page
    assert "Verloren ist nichts" in page
    where_now(page, night, seats)
    assert rows(app, "SELECT count(*) FROM event_games") == [(0,)]
    assert rows(app, "SELECT count(*) FROM event_changes") == before
    assert rows(app, "SELECT count(*) FROM event_tokens") == [(0,)]


def test_a_game_sent_as_the_passe_is_drawn_anew_is_refused_in_those_words(client, app, monkeypatch):
    """The table phone's post reads its table, the leader's redraw commits, then the post
    writes: refused (nothing stored), and the answer is the page of the redrawn table, not
    the 404 of a key that has just gone."""
    night = setup(client, app)
    (key, seats), _ = night["tables"]
    from scorer.storage import club_tables

    enter = club_tables.enter

    def redrawn_meanwhile(db, table, version, *args, **kwargs):
        stored = events.load(db, table.event_id)
        again = draw(stored.playing(1), (), seed=stored.seed, attempt=1, passen=4)
        events.add_draw(db, stored.id, stored.version, 1, again, reason="Ida fehlt", phone="L")
        return enter(db, table, version, *args, **kwargs)

    monkeypatch.setattr(club_tables, "enter", redrawn_meanwhile)
    game = {"points": "95", "side": "1", "number": "1", "seen": "0-0", "once": "race"}
    answer = client.post(f"/tisch/{key}/spiele", data=game)
    night["old"], night["new"] = night["tables"], drawn(app)
    assert answer.status_code == GONE
    page = text(answer)
    assert "Nichts gespeichert: die Spielleitung hat Passe 1 neu gelost." in page
    where_now(page, night, seats)
    assert rows(app, "SELECT count(*) FROM event_games") == [(0,)]


def test_a_page_read_while_the_passe_is_drawn_anew_is_not_the_new_tables(
    client, app, night, monkeypatch
):
    """A request that found its table by its key just before the redraw, and reads the table
    just after: under that number there is now another table, with another key and players.
    It is the redrawn table's page, never the new table under the old key."""
    key, seats = night["old"][0]
    event_id = rows(app, "SELECT id FROM events")[0][0]
    monkeypatch.setattr("scorer.storage.club_tables.find", lambda db, k: (event_id, 1, 1))
    answer = client.get(f"/tisch/{key}")
    assert answer.status_code == GONE
    where_now(text(answer), night, seats)


def test_an_htmx_post_replaces_the_whole_page_with_those_words(client, app, night):
    """The panel posts with htmx into its #live: the answer takes the page's <main> instead,
    so the old table's name and seats do not stay above the words."""
    key, _ = night["old"][1]
    game = {"points": "95", "side": "1", "number": "1", "seen": "0-0"}
    answer = client.post(f"/tisch/{key}/spiele", data=game, headers={"HX-Request": "true"})
    assert answer.status_code == GONE
    assert answer.headers["HX-Retarget"] == "main"
    assert answer.headers["HX-Reselect"] == "main"
    assert answer.headers["HX-Reswap"] == "outerHTML"
    page = text(answer)
    assert "<main>" in page and "Nichts gespeichert: die Spielleitung" in page
    # static/queue.js, sending a game kept without network, reads the answer's #live and its
    # first .error: the refusal in these words, not a game page.
    live = re.search(r'<div id="live">(.*)</div>', page, re.S).group(1)
    first_error = re.search(r'class="error"[^>]*>([^<]*)<', live).group(1)
    assert first_error.startswith("Nichts gespeichert: die Spielleitung hat Passe 1 neu gelost.")


def test_every_draw_before_the_standing_one_is_recognised(client, app, night):
    """Drawn anew twice: the keys of both earlier draws say so, and point to the seats of
    the draw that stands."""
    redraw(client, app, night["leader"], "Beat muss früher gehen")
    first_keys = night["old"]
    night["old"], night["new"] = first_keys + night["new"], drawn(app)
    for key, seats in night["old"]:
        answer = client.get(f"/tisch/{key}")
        assert answer.status_code == GONE
        where_now(text(answer), night, seats)


def test_a_player_of_the_old_table_who_sits_out_now_is_told_so(client, app):
    """Nine players: one sits out (Joker). Whoever of an old table sits out in the draw that
    stands is named as sitting out; the others with their table and seat."""
    night = setup(client, app, NINE)
    night["old"] = night.pop("tables")
    for attempt in range(1, 8):
        redraw(client, app, night["leader"], f"Anlauf {attempt}")
        night["new"] = drawn(app)
        seated = {p for _, seats in night["new"] for p in seats}
        moved = [s for _, s in night["old"] if not set(s) <= seated]
        if moved:
            break
    else:
        pytest.skip("no player of an old table sits out in seven redraws")
    key = next(k for k, s in night["old"] if s is moved[0])
    page = text(client.get(f"/tisch/{key}"))
    where_now(page, night, moved[0], NINE)


@pytest.mark.parametrize(
    "language, words",
    [("fr-CH,fr;q=0.9", ["Nom", "Place", 'lang="fr"']), ("en-GB,en;q=0.9", ['lang="en"'])],
)
def test_the_page_speaks_the_phones_language(client, app, night, language, words):
    key, _ = night["old"][0]
    answer = client.get(f"/tisch/{key}", headers={"Accept-Language": language})
    assert answer.status_code == GONE
    page = text(answer)
    for word in words:
        assert word in page


def test_a_database_from_before_the_old_keys_were_kept_is_read_as_it_was(tmp_path):
    """An evening stored before the keys of redrawn tables were kept: its tables work as
    ever after the migration; a key redrawn back then is not known (a plain 404, as then);
    a redraw after the migration is."""
    path = tmp_path / "old.db"
    db = connect(str(path))
    migrations.apply(db, stop_before="0010_club_tables_redrawn")
    app = create_app(
        {"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False}
    )
    client = app.test_client()
    leader = client.post("/abend/neu", data=evening(players="\n".join(EIGHT))).headers["Location"]
    assert client.post(f"{leader}/auslosen", data={"passe": "1", "seen": "0"}).status_code == 303
    old_key = db.execute("SELECT key FROM event_tables WHERE table_no = 1").fetchone()[0]
    # A redraw as the code before did it: the old key gone without a trace.
    db.execute("UPDATE event_tables SET key = ? WHERE table_no = 1", ["k" * 24])
    assert "event_tables_redrawn" not in db.table_names()
    migrate(db)
    assert "event_tables_redrawn" in db.table_names()
    assert client.get(f"/tisch/{old_key}").status_code == 404
    assert client.get(f"/tisch/{'k' * 24}").status_code == 200
    assert client.get(leader).status_code == 200
    keys = [k for (k,) in db.execute("SELECT key FROM event_tables").fetchall()]
    with app.app_context():
        version = events.load(get_db(), 1).version
    data = {"reason": "nochmal", "seen": str(version)}
    assert client.post(f"{leader}/passe/1/neu", data=data).status_code == 303
    for key in keys:
        assert client.get(f"/tisch/{key}").status_code == GONE
    migrate(db)  # a second run changes nothing
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
