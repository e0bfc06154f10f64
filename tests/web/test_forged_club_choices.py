"""A choice a page does not offer (a forged form: a radio's, a select's, a checkbox's or a
button's value that is none of its own) is refused with 422 and words beside its field, and
nothing is stored; never taken as the default. One test per form of the club, game and
Rückblick pages that has such a choice (issue 33)."""

from __future__ import annotations

import html as markup

import pytest

from tests.conftest import errors_in, new_game_form
from tests.web.test_club_pages import evening
from tests.web.test_club_tables import EIGHT, play, rows, stored_games, version
from tests.web.test_hostile_sweep import everything


def errors(response) -> dict[str, str]:
    return {k: markup.unescape(v) for k, v in errors_in(response.get_data(as_text=True)).items()}


@pytest.mark.parametrize(
    ("field", "forged", "words"),
    [
        ("partners", "both", "Gelost oder feste Paare."),
        ("passen", "7", "Bitte eine ganze Zahl eingeben."),
        ("games", "", "Bitte eine ganze Zahl eingeben."),
        ("ranking", "matches", "Nach Punkten oder nach Strichen."),
        ("counting", "doppelt", "Diese Zählweise gibt es nicht: bitte eine der Liste wählen."),
        ("deck", "tarot", "Schweizer oder französische Karten wählen."),
        ("deck", "", "Schweizer oder französische Karten wählen."),
        ("tie1", "coin", "Bei Gleichstand: bitte einen Schritt der Liste wählen."),
        ("tie1", "", "Bei Gleichstand: bitte einen Schritt der Liste wählen."),
        ("tie3", "age", "Bei Gleichstand: bitte einen Schritt der Liste wählen."),
    ],
)
def test_a_new_evening_with_a_forged_choice_is_refused_beside_it(client, app, field, forged, words):
    response = client.post("/abend/neu", data=evening(**{field: forged}))
    assert response.status_code == 422
    assert errors(response) == {field: words}
    assert rows(app, "SELECT count(*) FROM events") == [(0,)]


@pytest.fixture
def modern(client, app) -> str:
    """An evening of four that plays Modern's multipliers, Passe 1 drawn: the table's page."""
    form = evening(players="\n".join(EIGHT[:4]), games="other", games_other="2", counting="modern")
    leader = client.post("/abend/neu", data=form).headers["Location"]
    client.post(f"{leader}/auslosen", data={"passe": "1", "seen": "0"})
    (key,) = rows(app, "SELECT key FROM event_tables")[0]
    return f"/tisch/{key}"


@pytest.mark.parametrize(
    ("forged", "field", "words"),
    [
        ({"side": "2"}, "points", "Für welche Seite sind die Punkte?"),
        ({"contract": "trumpf"}, "contract", "Welcher Trumpf? Sein Knopf speichert das Spiel."),
        ({"match": "maybe"}, "match", "Das Kästchen «Match» ist angekreuzt oder nicht."),
        ({"match": ""}, "match", "Das Kästchen «Match» ist angekreuzt oder nicht."),
    ],
)
def test_a_table_game_with_a_forged_choice_is_refused_beside_it(
    client, app, modern, forged, field, words
):
    before = everything(app.config["DATABASE"])
    game = {"points": "95", "side": "1", "number": "1", "contract": "rosen", **forged}
    response = client.post(f"{modern}/spiele", data={**game, "seen": version(app, modern)})
    assert response.status_code == 422
    assert errors(response) == {field: words}
    assert stored_games(app, modern) == []
    assert everything(app.config["DATABASE"]) == before
    # The same game with the page's own choices is stored.
    assert play(client, app, modern, 95, 1, 1, contract="rosen", match="y").status_code == 303


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"amount": "0.05", "step": "1.00"}, "step", "auf 5 Rappen oder auf den Franken"),
        ({"amount": "0.05", "step": ""}, "step", "auf 5 Rappen oder auf den Franken"),
        (
            {"amount": "0.05", "step": "1", "action": "double"},
            "action",
            "Einsatz speichern oder ohne Einsatz spielen: bitte einen der Knöpfe.",
        ),
        ({"action": "Clear"}, "action", "Einsatz speichern oder ohne Einsatz spielen"),
    ],
)
def test_stakes_with_a_forged_choice_are_refused_beside_it(client, app, fields, field, words):
    game = client.post("/games/new", data=new_game_form()).headers["Location"]
    assert client.post(f"{game}/einsatz", data={"amount": "0.05", "step": "1"}).status_code == 303
    before = everything(app.config["DATABASE"])
    response = client.post(f"{game}/einsatz", data=fields)
    assert response.status_code == 422
    said = errors(response)
    assert list(said) == [field] and words in said[field]
    assert everything(app.config["DATABASE"]) == before


@pytest.mark.parametrize("forged", ["2", "", "1 "])
def test_a_season_with_a_forged_choice_is_refused_beside_it(client, app, forged):
    """The season's choice is in its address; a forged one is said beside its field, and no
    table is computed from it (nothing is stored of a season)."""
    form = evening(players="\n".join(EIGHT[:4]), passen="other", passen_other="1")
    client.post("/abend/neu", data=form)
    response = client.get("/saison", query_string={"abend": "1", "f1": "1", "weitere": forged})
    assert response.status_code == 422
    assert errors(response) == {"weitere": "Ab dem 11. Platz: keine Punkte oder je 1 Punkt."}
    assert 'id="season"' not in response.get_data(as_text=True)
    assert client.get("/saison?abend=1&f1=1&weitere=1").status_code == 200
