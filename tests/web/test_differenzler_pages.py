"""Differenzler on the web: set-up, a round in its three steps (Trumpf, secret predictions passed
round the table, points with the last filled in) kept on the server while it is under way,
refusals, undo and redo, edit, export and import, a stale token, GETs that never write, and
words for every code of the engine."""

from __future__ import annotations

import ast
import csv
import io
import json
import re
import sqlite3
from pathlib import Path

import pytest
from jinja2 import StrictUndefined

from scorer import create_app, exchange
from scorer.differenzler import contracts
from scorer.storage.migrations import migrate
from scorer.web.core.messages import words_of
from scorer.web.db import get_db
from tests.conftest import by_number, errors_in, link

PLAYERS = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}
SETUP = {**PLAYERS, "rounds": "12", "deck": "swiss", "exact_bonus": "0"}
ENGINE = Path(__file__).resolve().parents[2] / "scorer" / "differenzler"
EXPORTS = Path(__file__).resolve().parents[1] / "exports" / "v1"
TABLES = {
    "games": "id",
    "entries": "id",
    "changes": "id",
    "tokens": "token",
    "under_way": "game_id",
}


@pytest.fixture
def game(client):
    """A four-player Differenzler game, 12 rounds, no Weis, no bonus, Swiss cards."""
    response = client.post("/differenzler/new", data=SETUP)
    assert response.status_code == 303 and response.headers["Location"] == link(
        client, "/differenzler/1"
    )
    return client


def step(client, form: dict, game_id: int = 1, htmx: bool = False, **fields):
    """One post of the round panel: what the page carries (form) and what was tapped."""
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/differenzler/{game_id}/round", data={**form, **fields}, headers=headers)


def carried(html: str) -> dict[str, str]:
    """What the panel carries to the next step: only which step it shows ("rosen/2"); the
    Trumpf and the predictions stay on the server."""
    pairs = re.findall(
        r'<input type="hidden" name="(step|trump|prediction-\d)" value="([^"]*)">', html
    )
    return dict(pairs)


def trump_in(html: str) -> str | None:
    """The Trumpf the panel shows, or None while it asks for one."""
    found = re.search(r'id="trump" data-trump="(\w+)"', html)
    return found.group(1) if found else None


def predict(client, trump: str, predictions: list[int], game_id: int = 1) -> dict[str, str]:
    """Pick the Trumpf and pass the phone: each player's prediction in play order (Vorhand
    first). Returns what the panel carries for the points step."""
    html = step(client, {}, game_id, pick=trump).get_data(as_text=True)
    form = carried(html)
    for _ in predictions:
        seat = int(re.search(r'<li id="said-(\d)" class="now">', html).group(1))
        response = step(client, form, game_id, action="next", said=str(predictions[seat]))
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        form = carried(html)
    assert "stage-points" in html
    return form


def play_round(client, trump, predictions, points: dict[int, int], game_id=1, **extra):
    """A whole round: Trumpf, predictions, and the points given (a seat left out is blank)."""
    form = predict(client, trump, predictions, game_id)
    typed = {f"points-{seat}": str(p) for seat, p in points.items()}
    return step(client, form, game_id, action="save", **typed, **extra)


def diffs(html: str, number: int) -> list[int]:
    return [int(d) for d in re.findall(rf'id="diff-{number}-\d">(\d+)</b>', html)]


def totals(html: str) -> list[int]:
    return [int(t) for t in re.findall(r'id="total-\d">(-?\d+)</td>', html)]


def page(client, game_id=1) -> str:
    return client.get(f"/differenzler/{game_id}").get_data(as_text=True)


# --- set-up ---------------------------------------------------------------------------------


def test_the_new_game_page_offers_six_seats_and_the_usual_rounds(client):
    html = client.get("/differenzler/new").get_data(as_text=True)
    assert len(re.findall(r'name="seat\d"', html)) == 6
    assert re.findall(r'name="rounds" type="radio" value="(\w+)"', html) == [
        "8",
        "12",
        "32",
        "other",
    ]
    assert re.search(r'checked[^>]*value="12"|value="12"[^>]*checked', html)


def test_a_new_game_starts_at_round_one_with_vorhand_first(game):
    html = page(game)
    assert "Runde 1 von 12" in html
    assert "Runde 1: <b>Dani</b> gibt, Vorhand <b>Anna</b>" in html
    assert totals(html) == [0, 0, 0, 0]
    assert 'id="draw"' in html and "Trumpf ziehen" in html
    listing = game.get("/").get_data(as_text=True)
    assert "Differenzler: Anna, Ben, Clara, Dani" in listing
    assert "noch keine Runde" in listing


def test_other_rounds_weis_and_bonus_are_kept(client):
    data = {**SETUP, "seat5": "Eva", "rounds": "other", "rounds_other": "20"}
    response = client.post("/differenzler/new", data={**data, "weis": "y", "exact_bonus": "5"})
    assert response.status_code == 303
    html = page(client)
    assert "Runde 1 von 20" in html
    assert "5 ab für jede genaue Ansage" in html
    exported = json.loads(client.get("/games/1/export.json").get_data(as_text=True))
    assert exported["players"] == ["Anna", "Ben", "Clara", "Dani", "Eva"]
    assert exported["rules"] == {
        "rounds": 20,
        "weis": True,
        "exact_bonus": 5,
        "deck": "swiss",
        "draw_no_trump": False,
        "tie": "shared",
    }
    assert "gezogen aus den vier Farben</dd>" in html


def test_a_table_may_have_obenabe_and_undenufe_drawn_too(client):
    response = client.post("/differenzler/new", data={**SETUP, "draw_no_trump": "y"})
    assert response.status_code == 303
    assert "gezogen aus den vier Farben, Obenabe und Undenufe</dd>" in page(client)
    exported = json.loads(client.get("/games/1/export.json").get_data(as_text=True))
    assert exported["rules"]["draw_no_trump"] is True


SETUP_REFUSED = [
    ({"seat3": "", "seat4": ""}, "players", "Differenzler spielen 3 bis 6 Spieler"),
    ({"seat2": "anna"}, "players", "Zwei Spieler heissen gleich"),
    ({"rounds": "other", "rounds_other": "65"}, "rounds", "von 1 bis 64"),
    ({"rounds": "other", "rounds_other": "zwölf"}, "rounds", "ganze Zahl"),
    ({"rounds": "7"}, "rounds", "8, 12, 32 oder eine andere Anzahl"),
    ({"exact_bonus": "158"}, "exact_bonus", "von 0 bis 157"),
    ({"deck": "tarot"}, "deck", "Deutsche oder französische Karten"),
    ({"seat1": "A" * 41}, "players", "Namen bis 40 Zeichen"),
]


@pytest.mark.parametrize(("change", "field", "message"), SETUP_REFUSED)
def test_a_bad_setup_is_refused_beside_its_field_and_nothing_is_stored(
    client, change, field, message
):
    response = client.post("/differenzler/new", data={**SETUP, **change})
    assert response.status_code == 422
    assert message in errors_in(response.get_data(as_text=True))[field]
    assert "Differenzler:" not in client.get("/").get_data(as_text=True)


# --- a round, step by step -------------------------------------------------------------------


def test_the_phone_draws_a_trump_with_a_post_and_shows_it_big(game):
    response = step(game, {}, action="draw")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert carried(html) == {"step": f"1:{trump_in(html)}/0"}
    assert trump_in(html) in contracts("swiss")
    assert 'class="trump-big drawn"' in html
    assert re.search(r'id="trump-name">(Rosen|Eicheln|Schilten|Schellen|Obenabe|Undenufe)<', html)
    assert "<b>Anna</b>: deine Ansage" in html  # Vorhand predicts first
    assert game.get("/differenzler/1/round").status_code == 405  # a GET never draws


def test_predictions_are_hidden_until_the_round_is_saved(game):
    html = step(game, {}, pick="schellen").get_data(as_text=True)
    form = carried(html)
    html = step(game, form, action="next", said="43").get_data(as_text=True)
    assert (
        '<li id="said-0" class="done"><span class="name">Anna</span> <span class="mark">✓ angesagt'
        in html
    )
    assert "<b>Ben</b>: deine Ansage" in html
    # The number stays on the server: not on the page, not even in a hidden field.
    assert carried(html) == {"step": "1:schellen/1"}
    assert not re.search(r"\b43\b", html)  # as a number (the phone's random name may hold "43A")
    ask = re.search(r'<input id="said-input"[^>]*>', html).group(0)
    assert "value=" not in ask


def test_a_prediction_of_158_is_refused_and_the_same_player_asked_again(game):
    form = carried(step(game, {}, pick="rosen").get_data(as_text=True))
    response = step(game, form, action="next", said="158")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert errors_in(html)["said"] == "Eine Ansage ist eine ganze Zahl von 0 bis 157."
    assert "<b>Anna</b>: deine Ansage" in html
    response = step(game, form, action="next", said="vierzig")
    assert errors_in(response.get_data(as_text=True))["said"] == "Bitte eine ganze Zahl eingeben."
    response = step(game, form, action="next", said="")
    assert "Ansage fehlt" in errors_in(response.get_data(as_text=True))["said"]


def test_a_player_can_say_again_before_the_points(game):
    form = carried(step(game, {}, pick="rosen").get_data(as_text=True))
    html = step(game, form, action="next", said="40").get_data(as_text=True)
    assert carried(html) == {"step": "1:rosen/1"}
    html = step(game, carried(html), action="back").get_data(as_text=True)
    assert carried(html) == {"step": "1:rosen/0"}
    assert "<b>Anna</b>: deine Ansage" in html


def cell(html: str, number: int, seat: int) -> list[int]:
    """One player's cell of a round on the sheet: difference, prediction, points."""
    found = re.search(
        rf'<span class="cell[^"]*" id="cell-{number}-{seat}">(.*?)</small></span>', html
    )
    return [int(n) for n in re.findall(r"\d+", re.sub(r"<[^>]*>", " ", found.group(1)))]


def test_differences_totals_and_the_last_points_filled_in(game):
    # Predictions 40/30/50/37, points 52/20/45 and Dani's left blank: 157 − 117 = 40.
    response = play_round(game, "rosen", [40, 30, 50, 37], {0: 52, 1: 20, 2: 45})
    assert response.status_code == 303
    assert response.headers["Location"] == link(game, "/differenzler/1?runde=1")
    said = game.get("/differenzler/1?runde=1").get_data(as_text=True)
    assert "Runde 1 gespeichert: Anna 12, Ben 10, Clara 5, Dani 3 daneben." in said
    html = page(game)
    assert 'id="note"' not in html
    assert diffs(html, 1) == [12, 10, 5, 3]
    assert totals(html) == [12, 10, 5, 3]
    assert cell(html, 1, 3) == [3, 37, 40]  # Dani: 3 off, said 37, made the rest 40
    assert cell(html, 1, 0) == [12, 40, 52]
    assert "Runde 2 von 12" in html
    assert "Runde 2: <b>Anna</b> gibt, Vorhand <b>Ben</b>" in html
    assert re.findall(r'id="rank-\d">(\d)\.', html) == ["4", "3", "2", "1"]
    # An exact prediction: a difference of 0, counted as a hit.
    play_round(game, "obenabe", [60, 20, 40, 37], {0: 60, 1: 20, 2: 40, 3: 37})
    html = page(game)
    assert diffs(html, 2) == [0, 0, 0, 0]
    assert re.findall(r'id="hits-\d">(\d+)<', html) == ["1", "1", "1", "1"]
    assert 'class="cell exact"' in html


def test_the_htmx_answer_says_what_was_saved_and_sends_only_the_new_row(game):
    play_round(game, "rosen", [40, 30, 50, 37], {0: 52, 1: 20, 2: 45, 3: 40})
    form = predict(game, "eicheln", [10, 20, 30, 40])
    typed = {"points-0": "0", "points-1": "57", "points-2": "50"}
    response = step(game, form, htmx=True, action="save", **typed)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html
    assert (
        "Runde 2 gespeichert: Anna 10, Ben 37, Clara 20, Dani 10 daneben." in html
    )  # Dani: 157 − 107 = 50, predicted 40
    assert '<ol hx-swap-oob="afterbegin:#rows"><li class="row dz-row" id="row-2"' in html
    assert 'id="row-1"' not in html
    assert 'id="draw"' in html  # a fresh panel for round 3


def test_points_that_do_not_add_up_are_refused_with_their_sum(game):
    form = predict(game, "rosen", [40, 30, 50, 37])
    typed = {"points-0": "52", "points-1": "20", "points-2": "45", "points-3": "30"}
    response = step(game, form, action="save", **typed)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert errors_in(html)["points"] == "Die Punkte ergeben zusammen 147, nicht 157: bitte prüfen."
    assert 'name="points-3" id="points-3" value="30"' in html  # what was typed stays
    assert carried(html) == form == {"step": "1:rosen/4"}  # and the predictions, still kept
    assert totals(page(game)) == [0, 0, 0, 0]


REFUSED_POINTS = [
    ({"points-0": "100", "points-1": "60", "points-2": "0"}, "points", "schon 160 Punkte"),
    ({"points-0": "1", "points-1": "60", "points-2": "50"}, "points-0", "1 Punkt gibt es nicht"),
    ({"points-0": "x", "points-1": "60", "points-2": "50"}, "points-0", "ganze Zahl"),
    ({"points-0": "60"}, "points", "nur einer darf leer bleiben"),
    ({"points-0": "-5", "points-1": "60", "points-2": "50"}, "points-0", "nie negativ"),
]


@pytest.mark.parametrize(("typed", "field", "message"), REFUSED_POINTS)
def test_refused_points_change_nothing(game, typed, field, message):
    form = predict(game, "rosen", [40, 30, 50, 37])
    response = step(game, form, action="save", **typed)
    assert response.status_code == 422
    assert message in errors_in(response.get_data(as_text=True))[field]
    assert 'id="row-1"' not in page(game)


def seen_in(html: str) -> str:
    return re.search(r'<form id="round".*?name="seen" value="([^"]*)"', html, re.DOTALL).group(1)


def test_a_round_saved_meanwhile_on_another_phone_is_not_overwritten(game, app):
    form = predict(game, "rosen", [40, 30, 50, 37])
    seen = seen_in(step(game, form).get_data(as_text=True))
    # Another phone writes another round 1 first, sent whole (as a page from before the round
    # under way was kept on the server sends it, its Trumpf and predictions in fields).
    other = app.test_client()
    other.get("/differenzler/1")  # the page names the phone
    whole = {"trump": "eicheln", "action": "save"}
    whole |= {f"prediction-{s}": str(p) for s, p in enumerate([10, 20, 30, 40])}
    whole |= {"points-0": "0", "points-1": "57", "points-2": "50"}
    assert step(other, whole).status_code == 303
    typed = {"points-0": "52", "points-1": "20", "points-2": "45", "seen": seen}
    response = step(game, form, action="save", **typed)
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert re.search(r"Inzwischen hat Handy \w* um \d\d:\d\d Runde 1 eingetragen", html)
    # This round goes on as round 2, its predictions still kept, what was typed still there.
    assert carried(html) == {"step": "2:rosen/4"}
    assert 'name="points-0" id="points-0" value="52"' in html
    # One more tap, on the fresh view, saves it as round 2.
    response = step(game, carried(html), action="save", **{**typed, "seen": seen_in(html)})
    assert response.status_code == 303
    html = page(game)
    assert diffs(html, 1) == [10, 37, 20, 10] and diffs(html, 2) == [12, 10, 5, 3]


def test_saving_before_everyone_has_said_writes_nothing(game):
    form = carried(step(game, {}, pick="rosen").get_data(as_text=True))
    response = step(game, form, action="save", **{"points-0": "157"})
    assert response.status_code == 422
    assert "Zuerst sagen alle an" in errors_in(response.get_data(as_text=True))["game"]
    assert 'id="row-1"' not in page(game)


def test_weis_raise_the_round_total(client):
    client.post("/differenzler/new", data={**SETUP, "weis": "y"})
    form = predict(client, "rosen", [40, 30, 50, 37])
    typed = {"weis": "50", "points-0": "100", "points-1": "20", "points-2": "45"}
    assert step(client, form, action="save", **typed).status_code == 303
    html = page(client)
    assert diffs(html, 1) == [60, 10, 5, 5]  # Dani: 207 − 165 = 42
    form = predict(client, "rosen", [0, 0, 0, 0])
    typed = {"points-0": "157", "points-1": "30", "points-2": "0", "points-3": "0"}
    response = step(client, form, action="save", weis="30", **typed)
    assert (
        "Weis zählen 20, 50, 100, 150 oder 200"
        in errors_in(response.get_data(as_text=True))["weis"]
    )


# --- undo, redo, edit, the end --------------------------------------------------------------


def test_undo_redo_and_edit_replay_everything(game):
    play_round(game, "rosen", [40, 30, 50, 37], {0: 52, 1: 20, 2: 45, 3: 40})
    play_round(game, "eicheln", [10, 20, 30, 40], {0: 0, 1: 57, 2: 50, 3: 50})
    assert totals(page(game)) == [22, 47, 25, 13]
    response = game.post("/differenzler/1/undo", headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert "Runde 2 zurückgenommen." in html
    assert '<li id="row-2" hx-swap-oob="delete"></li>' in html
    assert totals(html) == [12, 10, 5, 3]
    assert game.post("/differenzler/1/redo").status_code == 303
    assert totals(page(game)) == [22, 47, 25, 13]

    edit = game.get("/differenzler/1/rounds/1").get_data(as_text=True)
    assert 'name="prediction-0" id="prediction-0" value="40"' in edit
    assert 'name="points-3" id="points-3" value="40"' in edit
    changed = {"trump": "rosen", "prediction-0": "52", "prediction-1": "30", "prediction-2": "50"}
    changed |= {"prediction-3": "37", "points-0": "52", "points-1": "20", "points-2": "45"}
    response = game.post("/differenzler/1/rounds/1", data=changed)  # Dani blank: the rest, 40
    assert response.status_code == 303
    html = page(game)
    assert diffs(html, 1) == [0, 10, 5, 3]
    assert totals(html) == [10, 47, 25, 13]
    assert 'id="changed-1"' in html  # the edited round is marked, its changes in words
    assert "Rosen: Anna 40/52, Ben 30/20, Clara 50/45, Dani 37/40 → Rosen: Anna 52/52" in html
    changes = game.get("/games/1/changes")
    assert changes.status_code == 200
    listed = changes.get_data(as_text=True)
    assert "Runde 1 geändert" in listed and "Runde 2 zurückgenommen" in listed
    assert (
        '<span class="now">Eicheln: Anna 10/0, Ben 20/57, Clara 30/50, Dani 40/50</span>' in listed
    )

    bad = {**changed, "prediction-2": "158"}
    response = game.post("/differenzler/1/rounds/1", data=bad)
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))["prediction-2"] == (
        "Eine Ansage ist eine ganze Zahl von 0 bis 157."
    )
    assert game.post("/differenzler/1/rounds/1/delete").status_code == 303
    assert totals(page(game)) == [10, 37, 20, 10]
    assert game.get("/differenzler/1/rounds/9").status_code == 404


def test_by_default_a_tie_after_the_set_rounds_is_a_shared_first_place(client):
    """Seed 003: the winner is "the player with the lowest number of difference points"; two
    with the lowest share first place, the game ends after its rounds, everything says so."""
    setup = {**SETUP, "rounds": "other", "rounds_other": "1"}
    assert client.post("/differenzler/new", data=setup).status_code == 303
    client.post("/games/1/einsatz", data={"amount": "0.10", "step": "0.05"})
    # Anna and Ben 10 off, Clara and Dani exact: 10, 10, 0, 0.
    play_round(client, "rosen", [50, 60, 40, 7], {0: 60, 1: 50, 2: 40, 3: 7})
    html = page(client)
    assert totals(html) == [10, 10, 0, 0]
    assert '<h2 id="winner">Clara und Dani gewinnen mit 0</h2>' in html
    assert '<p id="shared">Geteilter erster Platz: gleich wenig Differenz.</p>' in html
    assert "Stichrunde" not in html
    assert "Fertig nach 1 Runde" in html and 'id="round"' not in html
    assert "Rangliste: 1. Clara 0 · 1. Dani 0 · 3. Anna 10 · 3. Ben 10" in html
    assert "1; ein Gleichstand auf dem ersten Platz bleibt geteilt</dd>" in html
    # Each winner gets 10 points at 10 centimes from each loser: 2 francs a loser.
    assert re.findall(r"<li>(\w+ zahlt \w+ [\d.–]+ Fr\.)</li>", html) == [
        "Anna zahlt Clara 2.– Fr.",
        "Ben zahlt Dani 2.– Fr.",
    ]
    response = step(client, {}, pick="rosen")
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))["game"] == (
        "Das Spiel ist entschieden: Clara und Dani teilen sich den ersten Platz, keine Runde mehr."
    )
    assert "Clara und Dani gewinnen" in client.get("/").get_data(as_text=True)
    lookback = client.get("/rueckblick?art=differenzler").get_data(as_text=True)
    assert "Differenzler · Clara und Dani gewinnen ·" in lookback
    rows = list(csv.reader(io.StringIO(client.get("/rueckblick.csv").text.lstrip("\ufeff"))))
    assert rows[1][3:5] == ["10 : 10 : 0 : 0", "Clara und Dani"]
    exported = json.loads(client.get("/games/1/export.json").get_data(as_text=True))
    assert exported["rules"]["tie"] == "shared"
    assert exchange.state_dict(exchange.load(exported))["winners"] == ["Clara", "Dani"]
    # A change after the end says what it did to the winners.
    edit = {
        "trump": "rosen",
        **{f"prediction-{s}": str(p) for s, p in enumerate([50, 60, 40, 7])},
        **{f"points-{s}": str(p) for s, p in enumerate([60, 53, 37, 7])},
    }
    assert client.post("/differenzler/1/rounds/1", data=edit).status_code == 303
    changed = "nach Spielende geändert: vorher Clara und Dani gewinnen, jetzt Dani gewinnt"
    assert changed in page(client)


def test_a_forged_tie_setting_is_refused_beside_its_field(client):
    response = client.post("/differenzler/new", data={**SETUP, "tie": "draw"})
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))["tie"] == (
        "Bei Gleichstand: geteilter erster Platz oder Stichrunde wählen."
    )
    assert client.get("/differenzler/1").status_code == 404


def test_the_new_game_page_offers_a_shared_first_place_checked_or_a_tie_round(client):
    html = client.get("/differenzler/new").get_data(as_text=True)
    radio = r'<input( checked)? id="tie-\d" name="tie" type="radio" value="(\w+)"'
    offered = re.findall(radio, html)
    assert offered == [(" checked", "shared"), ("", "round")]


def test_a_tie_after_the_set_rounds_asks_for_another_round_then_the_winner(client):
    setup = {**SETUP, "rounds": "other", "rounds_other": "1", "tie": "round"}
    client.post("/differenzler/new", data=setup)
    # Clara and Dani both exact: with tie rounds, one more round.
    play_round(client, "rosen", [50, 60, 40, 7], {0: 60, 1: 50, 2: 40, 3: 7})
    html = page(client)
    assert "Stichrunde: Gleichstand bei 0 (Clara und Dani). Noch eine Runde." in html
    assert "Runde 2 · Stichrunde" in html
    # Anna 10 off, Ben exact, Clara 10 off, Dani exact: Dani alone lowest.
    play_round(client, "rosen", [50, 60, 40, 7], {0: 60, 1: 60, 2: 30, 3: 7})
    html = page(client)
    assert totals(html) == [20, 10, 10, 0]
    assert '<h2 id="winner">Dani gewinnt mit 0</h2>' in html
    assert 'id="round"' not in html
    response = step(client, {}, pick="rosen")
    assert (
        "Das Spiel ist entschieden: Dani hat gewonnen"
        in errors_in(response.get_data(as_text=True))["game"]
    )
    listing = client.get("/").get_data(as_text=True)
    assert "Dani gewinnt" in listing
    # A change after the end is shown with what it did to the outcome.
    edit = {
        "trump": "eicheln",
        "points-3": "",
        **{f"prediction-{s}": str(p) for s, p in enumerate([50, 60, 40, 7])},
        "points-0": "60",
        "points-1": "60",
        "points-2": "30",
    }
    assert client.post("/differenzler/1/rounds/2", data=edit).status_code == 303
    assert "nach Spielende geändert; es bleibt: Dani gewinnt" in page(client)
    again = client.post("/differenzler/1/again")
    assert again.status_code == 303 and again.headers["Location"] == link(client, "/differenzler/2")
    assert "Runde 1 von 1" in page(client, 2)


# --- export, import, the shared pages -------------------------------------------------------


def test_export_and_import_give_the_same_standings(game):
    play_round(game, "rosen", [40, 30, 50, 37], {0: 52, 1: 20, 2: 45})
    play_round(game, "undenufe", [10, 20, 30, 40], {0: 0, 1: 57, 2: 50})
    data = json.loads(game.get("/games/1/export.json").get_data(as_text=True))
    assert data["format"] == "jass-scorer/differenzler"
    assert data["rounds"][0] == {
        "trump": "rosen",
        "predictions": [40, 30, 50, 37],
        "points": [52, 20, 45, 40],
        "weis": 0,
    }
    response = game.post(
        "/games/import",
        data={"file": (io.BytesIO(json.dumps(data).encode()), "d.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303 and response.headers["Location"] == link(
        game, "/differenzler/2"
    )
    assert totals(page(game, 2)) == totals(page(game, 1)) == [22, 47, 25, 13]
    assert diffs(page(game, 2), 2) == [10, 37, 20, 10]


def test_an_export_from_before_the_tie_setting_imports_with_its_tie_round(client):
    """A file written before the setting (tests/exports/v1) was played with a tie round: it
    imports as it was played, Clara winning the tie round, and plays again with tie rounds."""
    old = EXPORTS / "differenzler_tie_round.json"
    assert '"tie"' not in old.read_text(encoding="utf-8")
    response = client.post(
        "/games/import",
        data={"file": (io.BytesIO(old.read_bytes()), old.name)},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303
    html = page(client)
    assert totals(html) == [14, 15, 8, 11]
    assert '<h2 id="winner">Clara gewinnt mit 8</h2>' in html
    assert re.findall(r'<li class="row dz-row( tie-row)?" id="row-(\d)"', html) == [
        (" tie-row", "3"),
        ("", "2"),
        ("", "1"),
    ]
    assert "2; teilen sich danach zwei den ersten Platz, folgen Stichrunden</dd>" in html
    exported = json.loads(client.get("/games/1/export.json").get_data(as_text=True))
    assert exported["rules"]["tie"] == "round"
    assert exported["rounds"] == json.loads(old.read_text(encoding="utf-8"))["rounds"]


def test_other_modes_routes_do_not_take_a_differenzler_game(game):
    assert game.get("/handjass/1").status_code == 404
    assert game.post("/handjass/1/undo").status_code == 404
    game.post("/handjass/new", data=PLAYERS)
    assert game.get("/differenzler/2").status_code == 404
    assert game.post("/differenzler/2/round", data={"action": "draw"}).status_code == 404


# --- a stale token, GETs that never write ---------------------------------------------------


@pytest.fixture
def strict(tmp_path):
    """A client of an app with CSRF on, with a Differenzler game."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "strict.db"),
            "SECRET_KEY": "strict",
            "PROPAGATE_EXCEPTIONS": False,
        }
    )
    by_number(app)
    app.jinja_env.undefined = StrictUndefined
    with app.app_context():
        migrate(get_db())
    client = app.test_client()
    html = client.get("/differenzler/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
    assert client.post("/differenzler/new", data={**SETUP, "csrf_token": token}).status_code == 303
    return client, tmp_path / "strict.db"


def dump(database: Path) -> str:
    conn = sqlite3.connect(database)
    try:
        return "\n".join(
            f"{table}: {row!r}"
            for table, key in TABLES.items()
            for row in conn.execute(f"SELECT * FROM {table} ORDER BY {key}")
        )
    finally:
        conn.close()


def test_a_stale_token_on_the_panel_answers_in_place_and_keeps_the_round(strict):
    client, path = strict
    html = client.get("/differenzler/1").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
    for tapped in ({"pick": "schilten"}, {"action": "next", "said": "40"}, {"said": "30"}):
        tapped = {"action": "next", **tapped, "csrf_token": token}
        assert client.post("/differenzler/1/round", data=tapped).status_code == 200
    before = dump(path)
    assert "under_way: (1, 1, " in before
    form = {"step": "1:schilten/2"}
    response = client.post(
        "/differenzler/1/round",
        data={**form, "action": "next", "said": "50", "csrf_token": "stale"},
        headers={"HX-Request": "true"},
    )
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "<html" not in html
    assert errors_in(html)["game"] == (
        "Die Seite war zu lange offen: nichts gespeichert. Bitte nochmals tippen."
    )
    assert carried(html) == form  # the Trumpf and the predictions are still there
    assert trump_in(html) == "schilten"
    assert "<b>Clara</b>: deine Ansage" in html
    assert dump(path) == before
    for url in ("/differenzler/1/undo", "/differenzler/1/rounds/1"):
        response = client.post(url, data={"csrf_token": "stale"}, headers={"HX-Request": "true"})
        assert 400 <= response.status_code < 500
        assert "nichts gespeichert" in response.get_data(as_text=True)
    assert dump(path) == before


def test_gets_never_write(game, app):
    play_round(game, "rosen", [40, 30, 50, 37], {0: 52, 1: 20, 2: 45})
    play_round(game, "rosen", [40, 30, 50, 37], {0: 52, 1: 20, 2: 45})
    game.post("/differenzler/1/undo")
    step(game, {}, pick="eicheln")
    step(game, {}, action="next", said="40")  # a round under way, kept
    database = Path(app.config["DATABASE"])
    before = dump(database)
    urls = [
        "/",
        "/differenzler/new",
        "/differenzler/1",
        "/differenzler/1/rounds/1",
        "/games/1/export.json",
        "/differenzler/1/round?action=draw&pick=rosen",
        "/differenzler/1/undo",
        "/differenzler/1/again",
        "/differenzler/1/rounds/1/delete?once=x",
    ]
    for url in urls:
        for headers in ({}, {"HX-Request": "true"}):
            assert game.get(url, headers=headers).status_code < 500, url
    assert dump(database) == before
    assert "under_way: (1, 2, " in before


INLINE = re.compile(
    r"<[^>]*\sstyle\s*=|<style[\s>]|<[^>]*\son[a-z]+\s*=|<script(?![^>]*\ssrc=)[^>]*>", re.I
)


def test_no_page_of_the_round_has_inline_script_or_style(game):
    play_round(game, "rosen", [40, 30, 50, 37], {0: 52, 1: 20, 2: 45})
    answers = [
        game.get("/differenzler/new"),
        game.get("/differenzler/1"),
        game.get("/differenzler/1", headers={"HX-Request": "true"}),
        game.get("/differenzler/1/rounds/1"),
        step(game, {}, action="draw"),
        step(game, {}, htmx=True, action="next", said="12"),
        step(game, {}, action="next", said="20"),
        step(game, {}, action="next", said="30"),
        step(game, {}, action="next", said="40"),  # the points
    ]
    for response in answers:
        html = response.get_data(as_text=True)
        assert response.status_code == 200
        assert INLINE.search(html) is None, INLINE.search(html).group(0)
    assert "stage-points" in html


# --- words for every code -------------------------------------------------------------------


def engine_codes() -> set[str]:
    """Every code key written in the engine: code("...") and Invalid("...")."""
    keys = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("code", "Invalid")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                keys.add(node.args[0].value)
    return keys


def test_every_code_the_engine_can_give_has_words():
    keys = engine_codes()
    assert {"prediction_range", "points_sum", "points_over", "round_problem"} <= keys
    assert len(keys) >= 20
    missing = sorted(k for k in keys if words_of(k, "differenzler") is None)
    assert not missing, missing


def test_the_rest_is_worked_out_by_the_engine_as_the_points_are_typed(game):
    typed = {"points-0": "52", "points-1": "20", "points-2": "45"}
    html = game.get("/differenzler/1/rest", query_string=typed).get_data(as_text=True)
    assert 'hx-swap-oob="true"' in html
    assert "Rest für Dani: 157 − 117 = 40" in html
    assert 'data-rest="40" data-target="points-3"' in html
    html = game.get("/differenzler/1/rest", query_string={**typed, "points-3": "30"}).get_data(True)
    assert "Die Punkte ergeben zusammen 147, nicht 157" in html and "rest-fill" not in html
    html = game.get("/differenzler/1/rest", query_string={**typed, "points-3": "4x"}).get_data(True)
    assert "Nur ganze Zahlen eintragen." in html


# --- choices a form does not offer (a forged form): refused beside their field ---------------


def test_a_trump_the_panel_does_not_offer_is_refused_beside_it_and_nothing_kept(game, app):
    for pick in ("slalom", ""):
        response = step(game, {}, pick=pick)
        assert response.status_code == 422
        html = response.get_data(as_text=True)
        assert errors_in(html) == {
            "trump": "Diesen Trumpf gibt es nicht: eine Farbe, Obenabe oder Undenufe wählen."
        }
        assert trump_in(html) is None
    with app.app_context():
        assert get_db().execute("SELECT count(*) FROM under_way").fetchone() == (0,)


def test_a_round_posted_whole_with_a_trump_the_game_has_not_is_refused_beside_it(game):
    """A page from before the round was kept sends the round whole, its Trumpf included."""
    whole = {"trump": "slalom", "prediction-0": "40", "prediction-1": "30"}
    whole |= {"prediction-2": "50", "prediction-3": "37", "points-0": "52", "points-1": "20"}
    response = step(game, whole, action="save", **{"points-2": "45"})
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True)) == {
        "trump": "Diesen Trumpf gibt es nicht: eine Farbe, Obenabe oder Undenufe wählen."
    }
    assert 'id="row-1"' not in page(game)
    whole["trump"] = "rosen"
    assert step(game, whole, action="save", **{"points-2": "45"}).status_code == 303
    assert diffs(page(game), 1) == [12, 10, 5, 3]


def test_a_trump_the_edit_page_does_not_offer_is_refused_beside_it(game):
    play_round(game, "rosen", [40, 30, 50, 37], {0: 52, 1: 20, 2: 45, 3: 40})
    changed = {"trump": "slalom", "prediction-0": "52", "prediction-1": "30"}
    changed |= {"prediction-2": "50", "prediction-3": "37", "points-0": "52", "points-1": "20"}
    response = game.post("/differenzler/1/rounds/1", data={**changed, "points-2": "45"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert errors_in(html) == {
        "trump": "Diesen Trumpf gibt es nicht: eine Farbe, Obenabe oder Undenufe wählen."
    }
    assert 'name="prediction-0" id="prediction-0" value="52"' in html  # what was typed stays
    assert diffs(page(game), 1) == [12, 10, 5, 3]


def test_a_deck_or_rounds_the_setup_does_not_offer_is_refused_beside_it(client):
    for change, field in (({"deck": ""}, "deck"), ({"rounds": ""}, "rounds")):
        response = client.post("/differenzler/new", data={**SETUP, **change})
        assert response.status_code == 422
        assert list(errors_in(response.get_data(as_text=True))) == [field]
    assert "Differenzler:" not in client.get("/").get_data(as_text=True)
