"""Coiffeur on the web: set-up, cells, totals, refusals, undo and redo, edits, a rematch, export
and import, a stale token, and words for every code the engine can say."""

import ast
import io
import json
import re
from pathlib import Path

import pytest

from scorer import create_app
from scorer.codes import code
from scorer.coiffeur import CoiffeurGame
from scorer.storage.migrations import migrate
from scorer.web.coiffeur.views import say_names
from scorer.web.core.messages import say, words_of
from scorer.web.db import get_db
from tests.conftest import by_number, errors_in, link

TEAMS = {"team1": "Wir", "team2": "Ihr"}


@pytest.fixture
def game(client):
    """Wir against Ihr on the 8-round Swiss board: Rosen ×1 … Trumpf nach Wahl ×8, Match 257."""
    response = client.post("/coiffeur/new", data={**TEAMS, "deck": "swiss", "board": "8"})
    assert response.status_code == 303 and response.headers["Location"] == link(
        client, "/coiffeur/1"
    )
    return client


def cell(client, team, contract, points=None, game_id=1, htmx=False, **kinds):
    """Post one cell: points as typed, kinds like match="y" or crossed="y"."""
    data = {"cell": f"{team}:{contract}", **kinds}
    if points is not None:
        data["points"] = str(points)
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/coiffeur/{game_id}/entries", data=data, headers=headers)


def totals(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'id="total-\d">[^<]*<b>(-?\d+)</b>', html)]


def page(client, game_id=1) -> str:
    response = client.get(f"/coiffeur/{game_id}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def board_cell(html: str, team: int, contract: str) -> str:
    """A cell of the board as text, its tags dropped: "95 95 ×1", "offen"."""
    found = re.search(rf'<td id="cell-{team}-{contract}"[^>]*>(.*?)</td>', html, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def test_a_new_game_shows_the_board_with_its_multipliers(game):
    html = page(game)
    rows = re.findall(r'<tr id="c-(\w+)">\s*<th scope="row">.*?×(\d+)</small>', html, re.S)
    assert rows == [
        ("rosen", "1"),
        ("eicheln", "2"),
        ("schilten", "3"),
        ("schellen", "4"),
        ("obenabe", "5"),
        ("undenufe", "6"),
        ("free1", "7"),
        ("free2", "8"),
    ]
    assert "Trumpf nach Wahl" in html and "Joker" in html
    assert totals(html) == [0, 0]
    assert len(re.findall(r'name="cell" value="\d:\w+" form="entry"', html)) == 16
    assert board_cell(html, 1, "obenabe") == "offen"
    assert re.search(r'id="need-0">\s*<small>gleichauf</small>', html)


def test_cells_count_points_times_the_multiplier(game):
    assert cell(game, 0, "rosen", 95).status_code == 303
    html = page(game)
    assert totals(html) == [95, 0]
    assert board_cell(html, 0, "rosen") == "95 95 ×1"
    assert 'value="0:rosen"' not in html  # filled: no longer offered
    assert cell(game, 1, "undenufe", match="y").status_code == 303  # Match: (157 + 100) × 6
    assert cell(game, 0, "schilten", 80).status_code == 303  # 80 × 3
    assert cell(game, 1, "free2", crossed="y").status_code == 303
    html = page(game)
    assert totals(html) == [95 + 240, 1542]
    assert board_cell(html, 1, "undenufe") == "1542 Match"
    assert board_cell(html, 0, "schilten") == "240 80 ×3"
    assert board_cell(html, 1, "free2") == "0 gestrichen"
    # Written as its points, a Match is a Match: 257 × 2.
    assert cell(game, 0, "eicheln", 257).status_code == 303
    assert totals(page(game)) == [95 + 240 + 514, 1542]


def test_what_each_team_still_needs(game):
    cell(game, 1, "undenufe", match="y")  # Ihr 1542
    cell(game, 0, "rosen", 95)  # Wir 95: 1448 behind
    html = page(game)
    need = re.search(r'id="need-0">(.*?)</td>', html, re.S).group(1)
    assert "braucht noch 1448" in need
    assert "vorne" in re.search(r'id="need-1">(.*?)</td>', html, re.S).group(1)
    # Trumpf nach Wahl ×8: 1448 / 8 = 181 > 157, but a Match (257 × 8 = 2056) does it.
    assert board_cell(html, 0, "free2") == "offen ≥ Match"
    assert board_cell(html, 0, "eicheln") == "offen"  # 314 or 514: not enough alone


def test_a_trailing_team_sees_the_points_one_contract_needs(game):
    cell(game, 1, "rosen", 100)  # Ihr 100, Wir needs 101
    html = page(game)
    assert board_cell(html, 0, "rosen") == "offen ≥ 101"
    assert board_cell(html, 0, "eicheln") == "offen ≥ 51"  # 51 × 2 = 102
    assert board_cell(html, 0, "free2") == "offen ≥ 13"  # 13 × 8 = 104
    assert board_cell(html, 1, "eicheln") == "offen"


def test_out_of_reach(client):
    client.post(
        "/coiffeur/new",
        data={**TEAMS, "board": "custom", "use-0": "y", "use-1": "y", "multiplier-1": "5"},
    )
    cell(client, 1, "eicheln", match="y")  # Ihr 1285
    cell(client, 0, "eicheln", 157)  # Wir 785, only Rosen ×1 left: 257 at most
    html = page(client)
    assert totals(html) == [785, 1285]
    assert "nicht mehr einholbar" in re.search(r'id="need-0">(.*?)</td>', html, re.S).group(1)


def test_the_saved_cell_is_said_in_words(game):
    response = cell(game, 1, "undenufe", htmx=True, match="y")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    note = re.search(r'<p class="note" id="note" role="status">([^<]*)</p>', html).group(1)
    assert note == "Undenufe ×6 für Ihr: Match → 1542 gespeichert."
    assert 'id="live"' in html and 'id="history"' in html  # the first entry: the whole history
    response = cell(game, 0, "rosen", 95, htmx=True)
    html = response.get_data(as_text=True)
    assert "Rosen ×1 für Wir: 95 → 95 gespeichert." in html
    # Only the new row goes to the history, out of band at its top.
    assert '<ol hx-swap-oob="afterbegin:#rows">' in html and 'id="row-2"' in html
    assert 'id="row-1"' not in html


REFUSED = [
    ({"cell": "0:rosen", "points": "158"}, "points", "Punkte von 0 bis 157; 257 zählt als Match."),
    ({"cell": "0:rosen", "points": "1"}, "points", "1 gibt es nicht: keine Karte zählt 1 Punkt."),
    (
        {"cell": "0:rosen", "points": "156"},
        "points",
        "156 gibt es nicht: keine Karte zählt 1 Punkt.",
    ),
    ({"cell": "0:rosen", "points": "viel"}, "points", "Punkte von 0 bis 157"),
    ({"cell": "0:rosen", "points": "-3"}, "points", "Punkte von 0 bis 157"),
    ({"cell": "0:rosen"}, "points", "Punkte eingeben (auch 0)"),
    ({"points": "90"}, "cell", "Zuerst ein offenes Feld auf der Tafel tippen."),
    ({"cell": "0:slalom", "points": "90"}, "contract", "Diesen Trumpf gibt es auf dieser Tafel"),
    ({"cell": "5:rosen", "points": "90"}, "team", "Dieses Team spielt hier nicht"),
    ({"cell": "x:rosen", "points": "90"}, "team", "Dieses Team spielt hier nicht"),
    (
        {"cell": "0:rosen", "points": "90", "crossed": "y"},
        "points",
        "Gestrichen zählt 0, nicht 90: Punkte leer lassen.",
    ),
    (
        {"cell": "0:rosen", "points": "95", "match": "y"},
        "points",
        "Ein Match hat alle 157 Punkte, nicht 95",
    ),
    ({"cell": "0:rosen", "match": "y", "crossed": "y"}, "kind", "Nur eines davon"),
    ({"cell": "0:rosen", "countered": "y"}, "countered", "Konter-Match spielt dieser Tisch nicht."),
]


@pytest.mark.parametrize(("data", "field", "message"), REFUSED)
def test_refused_cells_change_nothing(game, data, field, message):
    response = game.post("/coiffeur/1/entries", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in errors_in(html)[field]
    assert totals(page(game)) == [0, 0]
    assert "Noch kein Eintrag." in page(game)


def test_a_refusal_keeps_what_was_typed(game):
    response = cell(game, 0, "rosen", 158, htmx=True)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert re.search(r'value="0:rosen" form="entry"[^>]* checked', html)
    assert 'name="points" value="158"' in html


def test_a_filled_cell_is_refused_in_words(game):
    cell(game, 0, "rosen", 95)
    response = cell(game, 0, "rosen", 60)
    assert response.status_code == 422
    message = errors_in(response.get_data(as_text=True))["contract"]
    assert message == "Wir hat Rosen schon gespielt: dieses Feld ist voll."
    assert totals(page(game)) == [95, 0]


def test_beside_the_word_on_a_cell_stands_its_undo_and_beside_an_undo_its_redo(game):
    """As on the Schieber and Handjass pages: a second tap on the undo beside "Eintrag 2
    zurückgenommen." would take back a second cell; the redo stands there instead."""
    cell(game, 0, "rosen", 95)
    html = cell(game, 1, "undenufe", htmx=True, match="y").get_data(as_text=True)
    row = html.split('<div class="note-row">')[1].split("</div>")[0]
    assert "gespeichert." in row and "/undo" in row and "/redo" not in row
    assert html.count("/undo") == 2  # the form's action and hx-post, beside the word only
    html = game.post("/coiffeur/1/undo", headers={"HX-Request": "true"}).get_data(as_text=True)
    row = html.split('<div class="note-row">')[1].split("</div>")[0]
    assert "Eintrag 2 zurückgenommen." in row and "/redo" in row and "/undo" not in row
    assert (
        "Eintrag 1 zurücknehmen" in html.split('<div class="actions-row">')[1]
    )  # the undo further down


def test_undo_and_redo(game):
    cell(game, 0, "rosen", 95)
    cell(game, 1, "undenufe", match="y")
    assert totals(page(game)) == [95, 1542]
    response = game.post("/coiffeur/1/undo", headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert "Eintrag 2 zurückgenommen." in html
    assert '<li id="row-2" hx-swap-oob="delete"></li>' in html
    assert totals(page(game)) == [95, 0]
    assert 'value="1:undenufe"' in page(game)  # open again
    assert game.post("/coiffeur/1/redo").status_code == 303
    assert totals(page(game)) == [95, 1542]
    game.post("/coiffeur/1/undo")
    game.post("/coiffeur/1/undo")
    response = game.post("/coiffeur/1/undo")
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))["game"] == (
        "Noch kein Eintrag: nichts zurückzunehmen."
    )


def test_redo_is_gone_after_a_new_entry(game):
    cell(game, 0, "rosen", 95)
    game.post("/coiffeur/1/undo")
    cell(game, 1, "rosen", 62)
    response = game.post("/coiffeur/1/redo")
    assert response.status_code == 422
    assert "Nichts wiederherzustellen" in errors_in(response.get_data(as_text=True))["game"]
    assert totals(page(game)) == [0, 62]


def test_edit_an_entry(game):
    cell(game, 0, "rosen", 95)
    cell(game, 1, "schilten", 80)
    form = game.get("/coiffeur/1/entries/1").get_data(as_text=True)
    assert 'name="points" value="95"' in form
    assert 'name="team" value="0" checked' in form
    assert 'name="contract" value="rosen" checked' in form
    # 95 was a typo: 59, and in Eicheln ×2.
    response = game.post(
        "/coiffeur/1/entries/1", data={"team": "0", "contract": "eicheln", "points": "59"}
    )
    assert response.status_code == 303
    html = page(game)
    assert totals(html) == [118, 240]
    assert board_cell(html, 0, "rosen") == "offen ≥ 123"  # 240 - 118 + 1 more to lead
    assert board_cell(html, 0, "eicheln") == "118 59 ×2"
    assert 'id="changed-1"' in html  # the history marks the edited entry
    assert "Eicheln ×2 Wir: 59 = 118" in html


def test_an_edit_onto_a_filled_cell_is_refused(game):
    cell(game, 0, "rosen", 95)
    cell(game, 1, "schilten", 80)
    response = game.post(
        "/coiffeur/1/entries/2", data={"team": "0", "contract": "rosen", "points": "80"}
    )
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))["contract"] == (
        "Wir hat Rosen schon gespielt: dieses Feld ist voll."
    )
    response = game.post(
        "/coiffeur/1/entries/2", data={"team": "1", "contract": "schilten", "points": "158"}
    )
    assert response.status_code == 422
    assert "von 0 bis 157" in errors_in(response.get_data(as_text=True))["points"]
    assert totals(page(game)) == [95, 240]


def test_an_edit_based_on_an_outdated_view_is_refused(game):
    cell(game, 0, "rosen", 95)
    seen = re.search(r'name="seen" value="(\w+)"', game.get("/coiffeur/1/entries/1").text)
    game.post("/coiffeur/1/entries/1", data={"team": "0", "contract": "rosen", "points": "97"})
    response = game.post(
        "/coiffeur/1/entries/1",
        data={"team": "0", "contract": "rosen", "points": "20", "seen": seen.group(1)},
    )
    assert response.status_code == 409
    assert "Nichts gespeichert" in errors_in(response.get_data(as_text=True))["game"]
    assert totals(page(game)) == [97, 0]


def test_delete_an_entry(game):
    cell(game, 0, "rosen", 95)
    cell(game, 1, "rosen", 62)
    assert game.post("/coiffeur/1/entries/1/delete").status_code == 303
    html = page(game)
    assert totals(html) == [0, 62]
    assert board_cell(html, 0, "rosen") == "offen ≥ 63"
    assert game.get("/coiffeur/1/entries/2").status_code == 404


def test_a_finished_game_names_the_winner_and_plays_again(client):
    client.post(
        "/coiffeur/new",
        data={**TEAMS, "board": "custom", "use-4": "y", "multiplier-4": "3", "team3": "Die"},
    )
    cell(client, 0, "obenabe", 100)
    cell(client, 1, "obenabe", 57)
    cell(client, 2, "obenabe", crossed="y")
    html = page(client)
    assert totals(html) == [300, 171, 0]
    assert re.search(r"<h2>\s*Wir gewinnt\s*</h2>", html)
    assert 'id="entry"' not in html
    response = cell(client, 0, "obenabe", 100)
    assert errors_in(response.get_data(as_text=True))["game"] == (
        "Alle Felder sind ausgefüllt: das Spiel ist fertig."
    )
    listing = client.get("/").get_data(as_text=True)
    assert "Coiffeur: Wir, Ihr, Die" in listing and "Wir gewinnt" in listing
    response = client.post("/coiffeur/1/again")
    assert response.headers["Location"] == link(client, "/coiffeur/2")
    html = page(client, 2)
    assert totals(html) == [0, 0, 0]
    assert re.findall(r'<tr id="c-(\w+)">', html) == ["obenabe"]
    assert "×3" in html


def test_a_tie(client):
    client.post("/coiffeur/new", data={**TEAMS, "board": "custom", "use-0": "y"})
    cell(client, 0, "rosen", 80)
    cell(client, 1, "rosen", 80)
    assert re.search(r"<h2>\s*Unentschieden\s*</h2>", page(client))
    assert "Unentschieden" in client.get("/").get_data(as_text=True)


def test_the_counter_match_credits_the_other_team(client):
    client.post("/coiffeur/new", data={**TEAMS, "counter_match": "y"})
    assert 'name="countered"' in page(client)
    assert cell(client, 0, "schilten", countered="y").status_code == 303
    html = page(client)
    assert totals(html) == [0, 771]  # a Match in Schilten ×3 for Ihr
    assert board_cell(html, 0, "schilten") == "0 Konter-Match: Ihr +771"
    assert board_cell(html, 1, "schilten") == "offen"  # Ihr still plays its own Schilten


def test_double_tap_on_start_creates_one_game(client):
    data = {**TEAMS, "once": "tap-tap"}
    assert client.post("/coiffeur/new", data=data).headers["Location"] == link(
        client, "/coiffeur/1"
    )
    assert client.post("/coiffeur/new", data=data).headers["Location"] == link(
        client, "/coiffeur/1"
    )
    assert client.get("/coiffeur/2").status_code == 404


SETUP_REFUSED = [
    # A blank team 2 is "Team 2" (see below): a team typed so already is one too many.
    ({"team1": "Team 2", "team2": ""}, "teams", "verschiedene Namen: Team 2 gibt es schon"),
    ({"team1": "Wir", "team2": "wir"}, "teams", "verschiedene Namen: wir gibt es schon"),
    ({**TEAMS, "team3": "x" * 41}, "teams", "Namen bis 40 Zeichen."),
    ({**TEAMS, "multiplier-2": "0"}, "multiplier-2", "Faktor: eine ganze Zahl von 1 bis 20."),
    ({**TEAMS, "multiplier-7": "zwei"}, "multiplier-7", "Faktor: eine ganze Zahl von 1 bis 20."),
    ({**TEAMS, "match_bonus": "600"}, "match_bonus", "Match-Bonus: eine ganze Zahl von 0 bis 500."),
    ({**TEAMS, "board": "custom"}, "contracts", "Mindestens ein Trumpf muss auf die Tafel."),
    ({**TEAMS, "board": "12"}, "board", "8 oder 10 Runden wählen"),
    ({**TEAMS, "deck": "tarot"}, "deck", "Deutsche oder französische Karten wählen."),
    (
        {**TEAMS, "team3": "Die", "counter_match": "y"},
        "counter_match",
        "Konter-Match gibt es nur mit zwei Teams.",
    ),
]


@pytest.mark.parametrize(("data", "field", "message"), SETUP_REFUSED)
def test_setup_refusals_are_said_beside_their_field(client, data, field, message):
    response = client.post("/coiffeur/new", data=data)
    assert response.status_code == 422
    assert message in errors_in(response.get_data(as_text=True))[field]
    assert client.get("/coiffeur/1").status_code == 404


def test_teams_left_blank_take_the_names_their_fields_show(client):
    # The fields show "Team 1" and "Team 2" as placeholders: left blank, that is the name.
    html = client.get("/coiffeur/new").get_data(as_text=True)
    assert re.search(r'<input[^>]*name="team1"[^>]*placeholder="Team 1"', html)
    assert re.search(r'<input[^>]*name="team2"[^>]*placeholder="Team 2"', html)
    response = client.post("/coiffeur/new", data={"team1": "", "team2": "  ", "team3": ""})
    assert response.status_code == 303
    html = page(client)
    assert re.findall(r'<th scope="col" class="team-\d"><b>([^<]*)</b></th>', html) == [
        "Team 1",
        "Team 2",
    ]
    # Only the first two: a blank third team means two teams; a named third keeps its name.
    client.post("/coiffeur/new", data={"team1": "", "team2": "Ihr", "team3": "Die"})
    html = page(client, 2)
    assert re.findall(r'<th scope="col" class="team-\d"><b>([^<]*)</b></th>', html) == [
        "Team 1",
        "Ihr",
        "Die",
    ]


def test_a_blank_team_takes_its_name_in_the_phones_language(client):
    client.set_cookie("lang", "fr")
    client.post("/coiffeur/new", data={"team1": "Nous", "team2": ""})
    assert "<b>Équipe 2</b>" in page(client)


def test_a_custom_board_keeps_the_multipliers_typed(client):
    data = {**TEAMS, "board": "custom", "use-8": "y", "use-9": "y", "multiplier-8": "12"}
    data["multiplier-9"] = "20"
    client.post("/coiffeur/new", data=data)
    html = page(client)
    assert re.findall(r'<tr id="c-(\w+)">', html) == ["slalom", "gusti"]
    assert "Slalom<br><small>×12</small>" in html and "Gusti<br><small>×20</small>" in html
    assert cell(client, 0, "gusti", 100).status_code == 303
    assert totals(page(client)) == [2000, 0]


def test_ten_rounds_with_french_cards(client):
    client.post("/coiffeur/new", data={**TEAMS, "deck": "french", "board": "10"})
    html = page(client)
    keys = re.findall(r'<tr id="c-(\w+)">', html)
    assert keys[:4] == ["hearts", "diamonds", "clubs", "spades"] and keys[-2:] == [
        "slalom",
        "gusti",
    ]
    assert "Herz" in html and "×10" in html
    response = cell(client, 0, "rosen", 90)
    assert "Diesen Trumpf gibt es auf dieser Tafel nicht." in errors_in(response.text)["contract"]


def test_the_board_part_of_the_setup_follows_deck_and_board(client):
    html = client.get("/coiffeur/new/board?deck=french&board=10&multiplier-0=9").text
    assert "Herz ×" in html and "Gusti ×" in html
    assert 'name="multiplier-0" id="multiplier-0" value="9"' in html
    assert 'name="multiplier-9" id="multiplier-9" value="10"' in html
    html = client.get("/coiffeur/new/board?deck=swiss&board=custom&use-1=y").text
    assert 'name="use-1" value="y" class="reboard" checked' in html
    assert 'name="use-0" value="y" class="reboard" aria-label' in html


def test_export_and_import_give_the_same_board(game):
    cell(game, 0, "rosen", 95)
    cell(game, 1, "undenufe", match="y")
    game.post("/coiffeur/1/entries/1", data={"team": "0", "contract": "rosen", "points": "97"})
    data = json.loads(game.get("/games/1/export.json").get_data(as_text=True))
    assert data["format"] == "jass-scorer/coiffeur"
    assert data["entries"][1] == {
        "team": 1,
        "contract": "undenufe",
        "points": 157,
        "match": True,
        "crossed": False,
        "countered": False,
    }
    response = game.post(
        "/games/import",
        data={"file": (io.BytesIO(json.dumps(data).encode()), "c.json")},
        content_type="multipart/form-data",
    )
    assert response.headers["Location"] == link(game, "/coiffeur/2")
    assert game.get(link(game, "/games/2")).headers["Location"] == link(game, "/coiffeur/2")
    html = page(game, 2)
    assert totals(html) == [97, 1542]
    assert (
        "Rosen ×1 Wir: 95 = 95 → Rosen ×1 Wir: 97 = 97" in html
    )  # the edit came along with its changes
    assert game.get("/").get_data(as_text=True).count("Coiffeur: Wir, Ihr") == 2


def test_an_import_with_a_cell_twice_is_refused_in_words(game):
    cell(game, 0, "rosen", 95)
    data = json.loads(game.get("/games/1/export.json").get_data(as_text=True))
    data["entries"].append(dict(data["entries"][0], points=20))
    response = game.post(
        "/games/import",
        data={"file": (io.BytesIO(json.dumps(data).encode()), "c.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422
    assert "Wir hat Rosen schon gespielt" in response.get_data(as_text=True)


def test_other_modes_routes_do_not_take_a_coiffeur_game(game):
    assert (
        game.post("/games/1/hands", data={"contract": "rosen", "points": "90"}).status_code == 404
    )
    assert game.post("/handjass/1/deals", data={"trump": "rosen"}).status_code == 404
    assert game.get("/coiffeur/2").status_code == 404
    game.post("/handjass/new", data={"seat1": "A", "seat2": "B"})
    assert game.get("/coiffeur/2").status_code == 404
    assert cell(game, 0, "rosen", 90, game_id=2).status_code == 404


# --- a stale token ----------------------------------------------------------------------------


@pytest.fixture
def strict_client(tmp_path):
    """A client of an app with CSRF protection on, as in production."""
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "csrf.db"), "SECRET_KEY": "csrf-test"}
    )
    by_number(app)
    with app.app_context():
        migrate(get_db())
    return app.test_client()


def token(html: str) -> str:
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)


def test_a_stale_token_on_the_panel_says_so_and_keeps_the_entry(strict_client):
    fresh = token(strict_client.get("/coiffeur/new").get_data(as_text=True))
    response = strict_client.post("/coiffeur/new", data={**TEAMS, "csrf_token": fresh})
    assert response.status_code == 303
    data = {"cell": "0:rosen", "points": "95", "csrf_token": "stale"}
    response = strict_client.post("/coiffeur/1/entries", data=data, headers={"HX-Request": "true"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert errors_in(html)["game"] == (
        "Die Seite war zu lange offen: nichts gespeichert. Bitte nochmals tippen."
    )
    assert 'name="points" value="95"' in html
    assert totals(strict_client.get("/coiffeur/1").get_data(as_text=True)) == [0, 0]
    data["csrf_token"] = token(html)
    strict_client.post("/coiffeur/1/entries", data=data, headers={"HX-Request": "true"})
    assert totals(strict_client.get("/coiffeur/1").get_data(as_text=True)) == [95, 0]


def test_a_stale_token_elsewhere_answers_the_friendly_page(strict_client):
    fresh = token(strict_client.get("/coiffeur/new").get_data(as_text=True))
    strict_client.post("/coiffeur/new", data={**TEAMS, "csrf_token": fresh})
    for url in ("/coiffeur/1/undo", "/coiffeur/1/entries/1", "/coiffeur/new"):
        for headers in ({}, {"HX-Request": "true"}):
            response = strict_client.post(url, data={"csrf_token": "stale"}, headers=headers)
            assert 400 <= response.status_code < 500, (url, headers)
            assert "Die Seite war zu lange offen" in response.get_data(as_text=True)


# --- words for every code -----------------------------------------------------------------------

ENGINE = Path(__file__).resolve().parents[2] / "scorer" / "coiffeur"
# Codes the engine passes on from scorer.names, with the team added.
PASSED_ON = {"name_too_long", "name_control"}


def engine_codes() -> set[str]:
    """Every key in code("…") and Invalid("…") in the Coiffeur engine's source."""
    keys = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("code", "Invalid", "Code")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                keys.add(node.args[0].value)
    return keys


def test_the_scan_finds_the_engines_codes():
    found = engine_codes()
    assert {"cell_filled", "points_range", "multiplier_range", "teams_count"} <= found
    assert len(found) >= 20


@pytest.mark.parametrize("key", sorted(engine_codes() | PASSED_ON))
def test_every_engine_code_has_words(key):
    assert words_of(key, "coiffeur"), key


def test_the_words_name_teams_and_contracts():
    game = CoiffeurGame(("Wir", "Ihr"))
    names = say_names(game)
    assert say(code("cell_filled", team=1, contract="free1"), kind="coiffeur", **names) == (
        "Ihr hat Joker schon gespielt: dieses Feld ist voll."
    )
    # An index no team has (an imported record) is worded, never a crash.
    assert say(code("team_unknown", team=7), kind="coiffeur", **names).startswith("Dieses Team")
    assert say(code("contract_twice", contract="gusti"), kind="coiffeur", **names) == (
        "Gusti steht zweimal auf der Tafel."
    )


def test_an_import_naming_a_team_or_deck_that_does_not_exist_is_refused_in_words(game):
    cell(game, 0, "rosen", 95)
    data = json.loads(game.get("/games/1/export.json").get_data(as_text=True))
    for change, message in (
        ({"entries": [dict(data["entries"][0], team=7)]}, "Dieses Team spielt hier nicht"),
        ({"rules": dict(data["rules"], deck="tarot")}, "Deutsche oder französische Karten"),
    ):
        upload = json.dumps({**data, **change}).encode()
        response = game.post(
            "/games/import",
            data={"file": (io.BytesIO(upload), "c.json")},
            content_type="multipart/form-data",
        )
        assert response.status_code == 422
        assert message in response.get_data(as_text=True)
    assert game.get("/coiffeur/2").status_code == 404


# --- choices a form does not offer (a forged form): refused beside their field ----------------

NO_TEAM = "Dieses Team spielt hier nicht: bitte ein Feld auf der Tafel wählen."
NO_CONTRACT = "Diesen Trumpf gibt es auf dieser Tafel nicht."
FORGED_CELLS = [
    ("2:rosen", {"team": NO_TEAM}),  # two teams: 0 and 1
    ("0:tarot", {"contract": NO_CONTRACT}),
    ("01:rosen", {"team": NO_TEAM}),
    ("rosen", {"team": NO_TEAM, "contract": NO_CONTRACT}),
]


@pytest.mark.parametrize(("forged", "said"), FORGED_CELLS)
def test_a_cell_the_board_does_not_offer_is_refused_beside_it(game, forged, said):
    response = game.post("/coiffeur/1/entries", data={"cell": forged, "points": "90"})
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True)) == said
    assert totals(page(game)) == [0, 0]
    assert "Noch kein Eintrag." in page(game)


@pytest.mark.parametrize(
    ("forged", "said"),
    [
        ({"team": "2"}, {"team": NO_TEAM}),
        ({"team": "01"}, {"team": NO_TEAM}),
        ({"contract": "tarot"}, {"contract": NO_CONTRACT}),
    ],
)
def test_a_team_or_contract_the_edit_page_does_not_offer_is_refused_beside_it(game, forged, said):
    cell(game, 0, "rosen", 95)
    data = {"team": "0", "contract": "rosen", "points": "59", **forged}
    response = game.post("/coiffeur/1/entries/1", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert errors_in(html) == said
    assert 'name="points" value="59"' in html  # what was typed stays
    assert totals(page(game)) == [95, 0]


def test_a_deck_or_board_the_setup_does_not_offer_is_refused_beside_it(client):
    for change, field in (({"deck": ""}, "deck"), ({"board": ""}, "board")):
        response = client.post("/coiffeur/new", data={**TEAMS, **change})
        assert response.status_code == 422
        assert list(errors_in(response.get_data(as_text=True))) == [field]
    assert client.get("/coiffeur/1").status_code == 404
