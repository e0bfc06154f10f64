"""A club table's game is written only to the table the phone saw: when the Passe was drawn
again between the phone's request reading its table and its write, the game is refused
(the new tables have new keys, and their versions start at 0 again)."""

from __future__ import annotations

import pytest

from scorer.club.draw import draw
from scorer.club.standings import TableGame
from scorer.storage import club as events
from scorer.storage import club_tables as tables
from scorer.web.db import get_db


@pytest.fixture
def evening(app):
    """An evening of 8 players with Passe 1 drawn: its id."""
    client = app.test_client()
    names = "\n".join(f"Spieler {n}" for n in range(8))
    form = {"name": "Abend", "day": "2026-11-27", "players": names, "passen": "3"}
    form |= {"games": "other", "games_other": "4", "ranking": "points", "match_bonus": "0"}
    answer = client.post("/abend/neu", data=form)
    assert answer.status_code == 303
    leader = answer.headers["Location"]
    assert client.post(f"{leader}/auslosen", data={"passe": "1", "seen": "0"}).status_code == 303
    with app.app_context():
        (event_id,) = get_db().execute("SELECT id FROM events").fetchone()
    return event_id


def test_a_game_entered_as_the_passe_is_redrawn_is_not_written_to_the_new_tables(app, evening):
    """club_tables.enter(): the request finds its table by the phone's key before the write
    lock (web/club_tables.py `_table(key)`); under the lock `_current()` checks only
    (event, Passe, table number, version). A redraw in between deletes the Passe's tables and
    inserts new ones, at version 0 again: the game passes the check and is stored at the
    new table 1, with other players, although the redraw was allowed because no game was
    entered. Interleaving: table phone's POST reads its table -> leader's redraw commits ->
    the POST takes the lock and writes."""
    with app.app_context():
        db = get_db()
        old = tables.load(db, evening, 1, 1)  # the table phone's request reads its table
        stored = events.load(db, evening)
        again = draw(stored.playing(1), (), seed=stored.seed, attempt=1, passen=3)
        events.add_draw(db, evening, stored.version, 1, again, reason="Anna fehlt", phone="Leitung")
        new = tables.load(db, evening, 1, 1)
        assert new.key != old.key and new.version == old.version == 0
        game = TableGame.entered(100, 0)
        with pytest.raises((events.Stale, tables.Refused)):
            tables.enter(db, old, 0, 1, game, phone="Tisch 1", token="t-1")
        assert tables.load(db, evening, 1, 1).games == ()
