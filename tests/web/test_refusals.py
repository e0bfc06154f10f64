"""Impossible input is refused beside its field and changes nothing."""

import pytest

from tests.conftest import errors_in, new_game_form, totals_in


@pytest.fixture
def game(client):
    """A game with one hand written (Wir 180, Ihr 134)."""
    client.post("/games/new", data=new_game_form())
    client.post("/games/1/hands", data={"contract": "schellen", "points": "90", "points_team": "0"})
    return "/games/1"


REFUSED = [
    ({"contract": "rosen", "points": "158"}, "points", "Stichpunkte von 0 bis 157"),
    ({"contract": "rosen", "points": "-4"}, "points", "Stichpunkte von 0 bis 157"),
    ({"contract": "rosen", "points": "1"}, "points", "1 gibt es nicht"),
    ({"contract": "rosen", "points": "156"}, "points", "156 gibt es nicht"),
    ({"contract": "rosen", "points": "8x"}, "points", "Bitte eine ganze Zahl eingeben."),
    ({"contract": "rosen"}, "points", "Stichpunkte eingeben, oder Match."),
    ({"contract": "rosen", "points": "90", "match": "y"}, "points", "Beim Match hat die andere"),
    ({"contract": "obenabe", "points": "90", "stoeck_a": "y"}, "stoeck", "nicht bei Obenabe"),
    ({"contract": "undenufe", "points": "90", "stoeck_b": "y"}, "stoeck", "nicht bei Undenufe"),
    (
        {"contract": "rosen", "points": "90", "stoeck_a": "y", "stoeck_b": "y"},
        "stoeck",
        "Stöck gibt es nur einmal pro Hand.",
    ),
    (
        {"contract": "rosen", "points": "90", "weis_a": "50", "weis_b": "20"},
        "weis",
        "Nur ein Team schreibt Weis",
    ),
    ({"contract": "rosen", "points": "90", "weis_a": "30"}, "weis", "30 ergibt kein Weis"),
    ({"contract": "rosen", "points": "90", "weis_b": "abc"}, "weis", "Bitte eine ganze Zahl"),
    ({"points": "90"}, "contract", "Trumpf antippen"),
    ({"contract": "slalom", "points": "90"}, "contract", "nicht gespielt"),
]


@pytest.mark.parametrize(("fields", "field", "message"), REFUSED)
def test_refused_entries_change_nothing(client, game, fields, field, message):
    response = client.post(f"{game}/hands", data={"points_team": "0", **fields})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in errors_in(html)[field]
    assert totals_in(client.get(game).get_data(as_text=True)) == (180, 134)


def test_the_typed_entry_stays_in_the_panel_after_a_refusal(client, game):
    html = client.post(
        f"{game}/hands", data={"contract": "rosen", "points": "158", "points_team": "1"}
    ).get_data(as_text=True)
    assert 'value="158"' in html
    assert 'name="points_team" value="1" checked' in html


def test_a_multiplier_for_a_hidden_contract_is_refused(client):
    client.post("/games/new", data=new_game_form(mult_obenabe="0", preset="custom"))
    response = client.post(
        "/games/1/hands", data={"contract": "obenabe", "points": "90", "points_team": "0"}
    )
    assert response.status_code == 422
    assert "Faktor 0" in errors_in(response.get_data(as_text=True))["contract"]


def test_a_second_stoeck_on_an_open_hand_is_refused(client, game):
    client.post(f"{game}/hands", data={"contract": "rosen", "stoeck_a": "y", "points_team": "0"})
    response = client.post(
        f"{game}/hands", data={"contract": "rosen", "stoeck_b": "y", "points_team": "0"}
    )
    assert (
        errors_in(response.get_data(as_text=True))["stoeck"] == "Stöck gibt es nur einmal pro Hand."
    )
    assert totals_in(client.get(game).get_data(as_text=True)) == (200, 134)


def test_weis_for_the_other_team_on_an_open_hand_is_refused(client, game):
    client.post(f"{game}/hands", data={"contract": "rosen", "weis_a": "50", "points_team": "0"})
    response = client.post(
        f"{game}/hands", data={"contract": "rosen", "weis_b": "20", "points_team": "0"}
    )
    assert "Nur ein Team schreibt Weis" in errors_in(response.get_data(as_text=True))["weis"]


def test_another_contract_on_an_open_hand_is_refused(client, game):
    client.post(f"{game}/hands", data={"contract": "rosen", "weis_a": "50", "points_team": "0"})
    response = client.post(
        f"{game}/hands", data={"contract": "eicheln", "points": "80", "points_team": "0"}
    )
    assert (
        errors_in(response.get_data(as_text=True))["contract"] == "Diese Hand läuft schon in Rosen."
    )


def test_unknown_game_and_hand_are_not_found(client, game):
    assert client.get("/games/99").status_code == 404
    assert client.get(f"{game}/hands/7").status_code == 404
