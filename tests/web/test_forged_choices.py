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


ADD = {"action": "add:1", "kind1": "run", "len1": "4", "suit1": "rosen", "top1": "K"}


@pytest.mark.parametrize(
    ("sent", "field", "message"),
    [
        ({**ADD, "kind1": "pair"}, "decl-1", "Ein Weis ist ein Blatt oder vier gleiche Karten."),
        ({**ADD, "suit1": "hearts"}, "decl-1", "Unbekannte Farbe: hearts."),
        ({**ADD, "top1": "Z"}, "decl-1", "Keine Karte: Z."),
        ({**ADD, "len1": "99"}, "decl-1", "Ein Blatt hat 3 bis 9 Karten."),
        ({"action": "refresh", "stoeck": "2"}, "stoeck", "Stöck hat eines der beiden Teams"),
        ({"action": "refresh", "contract": "slalom"}, "contract", "Zuerst den Trumpf wählen"),
        ({"action": "remove:0:0", "contract": "slalom"}, "contract", "Zuerst den Trumpf wählen"),
    ],
)
def test_the_weis_page_with_a_choice_not_offered(game, sent, field, message):
    response = game.post("/games/1/weis", data={"contract": "schellen", "d0": "four:U", **sent})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert errors_in(html)[field].startswith(message)
    # Nothing taken: Anna's four Unders stay as they were, nothing is added.
    assert html.count('name="d0" value="four:U"') == 1 and 'name="d1"' not in html
    assert totals_in(game.get("/games/1").get_data(as_text=True)) == (90, 67)


def test_a_weis_page_link_is_only_shown(game):
    """A GET writes nothing and refuses nothing: what its link names is shown as far as it is
    readable."""
    response = game.get("/games/1/weis?contract=slalom&stoeck=5&d0=four:U&d1=run:x")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert errors_in(html) == {} and 'name="d0" value="four:U"' in html
