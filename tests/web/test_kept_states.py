"""The game states each app process keeps (scorer.web.pages.replayed): a request on a game this
process served since its last write does not replay the record again, and a write by another
process (another worker, a new version of the game) is never answered from an older state."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorer import modes
from scorer.schieber.game import Hand, enter
from scorer.storage import games as store
from scorer.web import pages
from scorer.web.db import connect
from tests.conftest import new_game_form, totals_in

HAND = {"contract": "rosen", "points": "90", "points_team": "0"}  # Rosen ×1: 90 : 67


@pytest.fixture
def replays(monkeypatch) -> list[int]:
    """The number of hands of every Schieber record replayed from now on."""
    counted: list[int] = []
    mode = modes.MODES["schieber"]

    def counting(game):
        counted.append(len(game.hands))
        return mode.replay(game)

    monkeypatch.setitem(modes.MODES, "schieber", replace(mode, replay=counting))
    return counted


def test_the_page_after_an_entry_and_the_next_entry_replay_nothing(client, replays):
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    assert client.post("/games/1/hands", data=HAND).status_code == 303
    replays.clear()
    page = client.get("/games/1").get_data(as_text=True)
    assert totals_in(page) == (90, 67)
    assert replays == []  # kept by the entry's write
    assert client.post("/games/1/hands", data=HAND).status_code == 303
    assert replays == []  # played on from the kept state: only the new hand
    page = client.get("/games/1").get_data(as_text=True)
    assert totals_in(page) == (180, 134)
    assert replays == []


def test_a_hand_written_by_another_process_shows_at_once(app, client, replays):
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    assert client.post("/games/1/hands", data=HAND).status_code == 303
    assert totals_in(client.get("/games/1").get_data(as_text=True)) == (90, 67)

    other = connect(app.config["DATABASE"])  # another worker's connection
    stored = store.load(other, 1)
    game, errors = enter(stored.game, Hand("rosen", points_team=1, points=100))
    assert errors == {}
    with store.writing(other):
        store.save(other, stored, game, "enter", phone="Ben")
    other.close()

    replays.clear()
    page = client.get("/games/1").get_data(as_text=True)
    assert totals_in(page) == (90 + 57, 67 + 100)
    assert replays == [2]


def test_the_states_kept_are_few_and_the_oldest_go_first(client, replays, monkeypatch):
    monkeypatch.setattr(pages, "_states", {})
    monkeypatch.setattr(pages, "KEPT_STATES", 2)
    for game in (1, 2, 3):
        assert client.post("/games/new", data=new_game_form()).status_code == 303
        assert client.post(f"/games/{game}/hands", data=HAND).status_code == 303
    assert len(pages._states) == 2  # each game's state after its entry; the one before goes
    replays.clear()
    for game in (3, 2, 1):  # 2 and 3 kept; 1 replayed, and kept instead of 2, the oldest
        assert totals_in(client.get(f"/games/{game}").get_data(as_text=True)) == (90, 67)
    assert replays == [1]
    client.get("/games/3")
    assert replays == [1]
    client.get("/games/2")
    assert replays == [1, 1]
