"""A Schieber form sent with a radio or select value its page never offers (a forged form) is
refused with 422 and a message beside that field, and nothing is stored: never written as the
default (issue 33: `weis=medium` started a game with large Weis, `first_trick=maybe` wrote a
claim and ended the game)."""

import sqlite3

import pytest

from tests.conftest import errors_in, new_game_form, totals_in


def games_stored(app) -> int:
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return conn.execute("SELECT count(*) FROM games").fetchone()[0]
    finally:
        conn.close()


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"weis": "medium"}, "weis", "Grossen oder kleinen Weis wählen."),
        ({"preset": "xyz"}, "preset", "Eine der Voreinstellungen wählen, oder Eigene."),
        ({"order": "weis,stich,stoeck,x"}, "order", "Die Reihenfolge nennt Stöck, Weis und"),
        ({"size": "5"}, "players", "4 oder 6 Spieler wählen."),
        ({"deck": "tarot"}, "deck", "Schweizer oder französische Karten wählen."),
    ],
)
def test_a_new_game_with_a_setting_not_offered(app, client, changes, field, message):
    response = client.post("/games/new", data=new_game_form(**changes))
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))[field].startswith(message)
    assert games_stored(app) == 0


def test_each_setting_offered_starts_a_game(app, client):
    for weis in ("large", "small"):
        assert client.post("/games/new", data=new_game_form(weis=weis)).status_code == 303
    assert client.post("/games/new", data=new_game_form(preset="custom")).status_code == 303
    assert games_stored(app) == 3


@pytest.fixture
def game(client):
    client.post("/games/new", data=new_game_form())
    client.post("/games/1/hands", data={"contract": "rosen", "points": "90", "points_team": "0"})
    return client


CLAIM = {"claim_team": "0", "contract": "rosen", "first_trick": "no", "claim_points": "50"}


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"first_trick": "maybe"}, "first_trick", "Erster Stich: bitte Ja oder Nein wählen."),
        ({"trick_team": "7"}, "trick_team", "Wer hat den ersten Stich gemacht?"),
        ({"claim_team": "2"}, "claim_team", "Welches Team bedankt sich?"),
        ({"stoeck": "x"}, "stoeck", "Stöck hat eines der beiden Teams, oder keines."),
    ],
)
def test_a_claim_with_a_choice_not_offered(game, changes, field, message):
    response = game.post("/games/1/claim", data={**CLAIM, **changes})
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))[field] == message
    html = game.get("/games/1").get_data(as_text=True)
    assert "gewinnt" not in html and totals_in(html) == (90, 67)


def test_a_hand_for_a_team_not_at_the_table(game):
    hand = {"contract": "rosen", "points": "90", "points_team": "2"}
    response = game.post("/games/1/hands", data=hand, headers={"HX-Request": "true"})
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True)) == {
        "points": "Die Stichpunkte gehören einem der beiden Teams."
    }
    assert totals_in(game.get("/games/1").get_data(as_text=True)) == (90, 67)
