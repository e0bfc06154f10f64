"""The games and states each app process keeps (scorer.web.core.kept.replayed): a request on a game
this process served since its last write neither reads its entries nor replays the record
again, and a write by another process (another worker, a new version of the game) is never
answered from an older state."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorer import modes
from scorer.schieber.game import Game, Hand, enter
from scorer.storage import games as store
from scorer.web.core import kept
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


@pytest.fixture
def reads(monkeypatch) -> list[int]:
    """The number of hands of every Schieber record read from storage from now on."""
    counted: list[int] = []
    original = Game.from_dict.__func__

    def counting(cls, data):
        game = original(cls, data)
        counted.append(len(game.hands))
        return game

    monkeypatch.setattr(Game, "from_dict", classmethod(counting))
    return counted


def test_a_game_kept_is_not_read_again(client, reads):
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    assert client.post("/games/1/hands", data=HAND).status_code == 303
    reads.clear()
    assert totals_in(client.get("/games/1").get_data(as_text=True)) == (90, 67)
    assert client.post("/games/1/hands", data=HAND).status_code == 303
    assert totals_in(client.get("/games/1").get_data(as_text=True)) == (180, 134)
    assert reads == []  # only the game's row, to see its version is the one kept


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


def test_a_hand_written_by_another_process_shows_at_once(app, client, replays, reads):
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
    reads.clear()
    page = client.get("/games/1").get_data(as_text=True)
    assert totals_in(page) == (90 + 57, 67 + 100)
    assert replays == [2]
    assert reads == [2]  # a new version: its entries are read


def test_the_states_kept_are_few_and_the_oldest_go_first(client, replays, monkeypatch):
    monkeypatch.setattr(kept, "_states", {})
    monkeypatch.setattr(kept, "KEPT_STATES", 2)
    for game in (1, 2, 3):
        assert client.post("/games/new", data=new_game_form()).status_code == 303
        assert client.post(f"/games/{game}/hands", data=HAND).status_code == 303
    assert len(kept._states) == 2  # each game's state after its entry; the one before goes
    replays.clear()
    for game in (3, 2, 1):  # 2 and 3 kept; 1 replayed, and kept instead of 2, the oldest
        assert totals_in(client.get(f"/games/{game}").get_data(as_text=True)) == (90, 67)
    assert replays == [1]
    client.get("/games/3")
    assert replays == [1]
    client.get("/games/2")
    assert replays == [1, 1]
