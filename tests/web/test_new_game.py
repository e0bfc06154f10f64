"""Setting up a game: teams in seat order, deck faces, rules as settings."""

import re

from tests.conftest import errors_in, new_game_form


def test_new_game_page_shows_the_modern_preset(client):
    html = client.get("/games/new").get_data(as_text=True)
    assert 'name="mult_schellen" id="mult_schellen" value="2"' in html
    assert 'name="mult_undenufe" id="mult_undenufe" value="3"' in html
    assert 'value="2500"' in html


def test_creating_a_game_stores_teams_and_rules(client):
    response = client.post("/games/new", data=new_game_form())
    assert response.status_code == 303
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Vorhand <b>Anna</b>" in html and "Dani gibt" in html
    assert "Ziel 2500 · Bergpreis 1250" in html
    assert "Schellen ×2" in html and "Undenufe ×3" in html


def test_the_rules_fragment_fills_a_preset_for_the_chosen_deck(client):
    html = client.get(
        "/games/new/rules?deck=french&preset=classic&changed=deck", headers={"HX-Request": "1"}
    ).get_data(as_text=True)
    assert html.lstrip().startswith('<fieldset id="rules"')
    values = dict(re.findall(r'name="mult_(\w+)" id="\w+" value="(\d+)"', html))
    assert values == {
        "hearts": "2",
        "diamonds": "2",
        "clubs": "1",
        "spades": "1",
        "obenabe": "3",
        "undenufe": "4",
    }
    assert 'value="3000"' in html


def test_changing_a_multiplier_makes_the_rules_custom(client):
    query = "&".join(f"{k}={v}" for k, v in new_game_form(mult_obenabe="5").items())
    html = client.get(f"/games/new/rules?{query}&changed=mult_obenabe").get_data(as_text=True)
    assert re.search(
        r'<input checked id="preset-\d" name="preset" type="radio" value="custom">', html
    )
    assert 'name="mult_obenabe" id="mult_obenabe" value="5"' in html


def test_a_hidden_contract_is_not_offered(client):
    client.post("/games/new", data=new_game_form(mult_undenufe="0", preset="custom"))
    html = client.get("/games/1").get_data(as_text=True)
    assert 'value="undenufe"' not in html
    assert 'value="obenabe"' in html


def test_six_players_sit_alternately(client):
    client.post(
        "/games/new", data=new_game_form(size="6", seat5="Emil", seat6="Fritz", preset="simple")
    )
    html = client.get("/games/1").get_data(as_text=True)
    assert "Anna (Wir) → Ben (Ihr) → Clara (Wir) → Dani (Ihr) → Emil (Wir) → Fritz (Ihr)" in html


def test_a_finished_game_keeps_its_rules(client):
    client.post("/games/new", data=new_game_form(target="300", preset="custom"))
    client.post("/games/1/hands", data={"contract": "schellen", "points": "150"})
    html = client.get("/games/1").get_data(as_text=True)
    assert "Wir gewinnt" in html
    assert "Ziel</dt><dd>300" in html


def test_set_up_errors_stand_beside_their_fields(client):
    response = client.post(
        "/games/new",
        data=new_game_form(seat2="", team_b="wir", mult_rosen="x", target="50"),
    )
    assert response.status_code == 422
    errors = errors_in(response.get_data(as_text=True))
    assert errors["players"] == "Jeder Spieler braucht einen Namen."
    assert errors["teams"] == "Die Teams brauchen verschiedene Namen."
    assert errors["mult_rosen"] == "Bitte eine ganze Zahl eingeben."
    assert errors["target"] == "Zielpunkte: eine ganze Zahl von 100 bis 100000."
    assert client.get("/").get_data(as_text=True).count("/games/1") == 0


def test_all_contracts_hidden_is_refused(client):
    zeros = {f"mult_{k}": "0" for k in ("rosen", "eicheln", "schilten", "schellen")}
    response = client.post(
        "/games/new", data=new_game_form(mult_obenabe="0", mult_undenufe="0", **zeros)
    )
    assert response.status_code == 422
    assert "Mindestens ein Trumpf" in errors_in(response.get_data(as_text=True))["multipliers"]


def test_same_player_name_twice_is_refused(client):
    response = client.post("/games/new", data=new_game_form(seat3="anna"))
    assert errors_in(response.get_data(as_text=True))["players"].startswith("Zwei Spieler")


def test_the_presets_name_what_they_double_in_the_chosen_faces(client):
    swiss = client.get("/games/new").get_data(as_text=True)
    assert "Modern: 2500, Schilten/Schellen ×2, Obenabe/Undenufe ×3, sonst ×1" in swiss
    french = client.get("/games/new/rules?deck=french&changed=deck").get_data(as_text=True)
    assert "Modern: 2500, Herz/Ecken ×2, Obenabe/Undenufe ×3, sonst ×1" in french
    assert "Schilten" not in french


def test_a_preset_that_plays_like_one_above_it_is_not_offered_twice(client):
    """003 pairs the suits differently only with French faces: with Swiss faces it is Modern,
    and the set-up does not show the same line twice under two names."""
    swiss = client.get("/games/new").get_data(as_text=True)
    assert re.findall(r'name="preset" type="radio" value="(\w+)"', swiss) == [
        "classic",
        "modern",
        "simple",
        "custom",
    ]
    french = client.get("/games/new/rules?deck=french&changed=deck").get_data(as_text=True)
    assert "003: 2500, Kreuz/Schaufel ×2, Obenabe/Undenufe ×3, sonst ×1" in french
    # Chosen with French faces, then Swiss chosen: still there, and a game starts with it.
    back = client.get("/games/new/rules?deck=swiss&preset=pairing_003&changed=deck")
    assert 'value="pairing_003"' in back.get_data(as_text=True)
    response = client.post("/games/new", data=new_game_form(preset="pairing_003"))
    assert response.status_code == 303
