"""Export a game as JSON, import it back to the same state, replay it from the command line."""

import io
import json
import re

import pytest
from sqlite_utils import Database

from scorer import create_app, exchange
from scorer.schieber.game import Game, replay
from tests.conftest import errors_in, link, new_game_form, numbered, totals_in


def played(client) -> dict:
    """A game with a plain hand, a Match, and an open hand with Weis and Stöck; its export."""
    client.post("/games/new", data=new_game_form())
    for fields in (
        {"contract": "schellen", "points": "90"},
        {"contract": "obenabe", "match": "y", "points_team": "1"},
        {"contract": "rosen", "weis_a": "50", "stoeck_b": "y"},
    ):
        client.post("/games/1/hands", data={"points_team": "0", **fields})
    response = client.get("/games/1/export.json")
    assert response.headers["Content-Disposition"] == 'attachment; filename="jass-1.json"'
    return json.loads(response.get_data(as_text=True))


def upload(client, content: bytes):
    return client.post(
        "/games/import",
        data={"file": (io.BytesIO(content), "jass.json")},
        content_type="multipart/form-data",
    )


def test_export_holds_the_record_not_the_totals(client):
    data = played(client)
    assert data["format"] == "jass-scorer/schieber" and data["version"] == 1
    assert [h["contract"] for h in data["hands"]] == ["schellen", "obenabe", "rosen"]
    assert data["hands"][1]["match"] is True
    assert data["hands"][2]["weis"] == [50, 0] and data["hands"][2]["points"] is None
    assert "totals" not in data


def test_the_export_is_written_compactly_and_imports_as_written(client):
    """No indentation: a long game's indented export outgrew what an import takes."""
    played(client)
    body = client.get("/games/1/export.json").get_data()
    assert b"\n" not in body and b'":' in body and b'": ' not in body
    assert upload(client, body).status_code == 303


def test_import_gives_the_same_state(client):
    data = played(client)
    before = client.get("/games/1").get_data(as_text=True)
    response = upload(client, json.dumps(data).encode())
    assert response.status_code == 303 and response.headers["Location"] == link(client, "/games/2")
    after = client.get("/games/2").get_data(as_text=True)
    # 180 + 0 + 50 = 230 for Wir; 134 + 771 + 20 = 925 for Ihr; hand 3 still open in Rosen.
    assert totals_in(before) == totals_in(after) == (230, 925)
    assert "Läuft in Rosen ×1" in after


def test_import_refuses_what_is_not_an_export(client):
    response = upload(client, b"not json")
    assert response.status_code == 422
    assert "kein JSON" in errors_in(response.get_data(as_text=True))["file"]
    data = played(client)
    data["version"] = 7
    assert (
        "Version 7" in errors_in(upload(client, json.dumps(data).encode()).get_data(True))["file"]
    )
    data["version"] = 1
    data["hands"][0]["points"] = 156
    message = errors_in(upload(client, json.dumps(data).encode()).get_data(as_text=True))["file"]
    assert message.startswith("Hand 1:") and "156 gibt es nicht" in message
    # No game 2: the start page, its keys read as numbers (a key may begin with a 2).
    assert not re.search(r"/games/2\b", numbered(client, client.get("/").get_data(as_text=True)))


def test_replay_prints_the_computed_state(app, client, tmp_path):
    data = played(client)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    result = app.test_cli_runner().invoke(args=["replay", str(path)])
    assert result.exit_code == 0, result.output
    state = json.loads(result.output)
    assert state["totals"] == [230, 925]
    assert state["matches"] == [0, 1]
    assert state["open_hand"] is True
    assert [h["scores"] for h in state["hands"]] == [[180, 134], [0, 771], [50, 20]]
    assert state == exchange.state_dict(Game.from_dict(data), replay(Game.from_dict(data)))


def test_replay_says_what_is_wrong_with_a_bad_file(app, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "something else"}))
    result = app.test_cli_runner().invoke(args=["replay", str(path)])
    assert result.exit_code == 1
    assert "kein exportiertes Spiel" in result.output


def test_migrate_command_creates_the_tables(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "new.db"), "SECRET_KEY": "x"})
    result = app.test_cli_runner().invoke(args=["migrate"])
    assert result.exit_code == 0 and "Database ready" in result.output
    assert set(Database(str(tmp_path / "new.db")).table_names()) >= {"games", "entries", "changes"}


def _replayed(app, tmp_path, game) -> dict:
    path = tmp_path / f"{game.KIND}.json"
    path.write_text(json.dumps(exchange.export(game)))
    result = app.test_cli_runner().invoke(args=["replay", str(path)])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_replay_prints_every_kinds_state(app, tmp_path):
    from scorer.coiffeur import CoiffeurGame, CoiffeurRules, Entry
    from scorer.differenzler import DifferenzlerGame, Round
    from scorer.handjass import Deal, HandjassGame
    from scorer.handjass.game import Entry as Played

    rounds = (Round("rosen", (40, 30, 50, 37), (52, 20, 45, 40)),)
    differenzler = _replayed(app, tmp_path, DifferenzlerGame(("A", "B", "C", "D"), rounds=rounds))
    assert differenzler["totals"] == [12, 10, 5, 3]
    assert differenzler["rounds"][0]["differences"] == [12, 10, 5, 3]

    cells = (Entry(0, "rosen", 95), Entry(1, "undenufe", 157, match=True))
    coiffeur = _replayed(app, tmp_path, CoiffeurGame(("Wir", "Ihr"), CoiffeurRules(), cells))
    assert coiffeur["totals"] == [95, 1542]  # 95 x1; (157 + 100) x6
    assert coiffeur["board"][0] == {"contract": "rosen", "multiplier": 1, "cells": [95, None]}

    deal = Deal("rosen", tuple(Played(s, cards=c) for s, c in enumerate((60, 50, 25, 22))))
    handjass = _replayed(app, tmp_path, HandjassGame(("A", "B", "C", "D"), deals=(deal,)))
    # The two best take a stroke each; under 26 is a potato, which takes one away.
    assert handjass["strokes"] == [1, 1, 0, 0] and handjass["potatoes"] == [0, 0, 1, 1]
    assert handjass["net"] == [1, 1, -1, -1]


def _games() -> dict:
    """A short game of each mode."""
    from scorer.coiffeur import CoiffeurGame, CoiffeurRules, Entry
    from scorer.differenzler import DifferenzlerGame, Round
    from scorer.handjass import Deal, HandjassGame
    from scorer.handjass.game import Entry as Played
    from tests.rules.test_stats import schieber_game

    deal = Deal("rosen", tuple(Played(s, cards=c) for s, c in enumerate((60, 50, 25, 22))))
    return {
        "schieber": schieber_game(),
        "handjass": HandjassGame(("A", "B", "C", "D"), deals=(deal,)),
        "differenzler": DifferenzlerGame(
            ("A", "B", "C", "D"), rounds=(Round("rosen", (40, 30, 50, 37), (52, 20, 45, 40)),)
        ),
        "coiffeur": CoiffeurGame(("Wir", "Ihr"), CoiffeurRules(), (Entry(0, "rosen", 95),)),
    }


@pytest.mark.parametrize("kind", ["schieber", "handjass", "differenzler", "coiffeur"])
def test_a_file_naming_an_unknown_deck_is_refused_in_words(app, client, tmp_path, kind):
    """Import page and `flask replay` alike: the deck is named as the fault, never a 500 or a
    traceback, in every mode."""
    data = exchange.export(_games()[kind])
    data["rules"]["deck"] = "tarot"
    refused = upload(client, json.dumps(data).encode())
    assert refused.status_code == 422
    assert re.search(
        r"Kartenblatt|Karten wählen", errors_in(refused.get_data(as_text=True))["file"]
    )
    path = tmp_path / "tarot.json"
    path.write_text(json.dumps(data))
    result = app.test_cli_runner().invoke(args=["replay", str(path)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert re.search(r"Kartenblatt|Karten wählen", result.output)


@pytest.mark.parametrize(
    ("block", "words"),
    [({"changes": "viele"}, "Änderungen"), ({"stakes": {"amount": "-1", "step": "1"}}, "Betrag")],
)
def test_replay_refuses_what_the_import_page_refuses(app, client, tmp_path, block, words):
    data = {**played(client), **block}
    assert words in errors_in(upload(client, json.dumps(data).encode()).get_data(True))["file"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    result = app.test_cli_runner().invoke(args=["replay", str(path)])
    assert result.exit_code == 1 and words in result.output


def test_a_coiffeur_file_names_the_entry_it_refuses_and_every_key_it_does_not_know(client):
    data = exchange.export(_games()["coiffeur"])
    data["entries"].append({"team": 1, "contract": "rosen", "points": 156})
    message = errors_in(upload(client, json.dumps(data).encode()).get_data(as_text=True))["file"]
    assert message == "Eintrag 2: 156 gibt es nicht: keine Karte zählt 1 Punkt."
    data["entries"][1] = {"team": 1, "contract": "rosen", "points": 40, "weis": 50}
    refused = upload(client, json.dumps(data).encode())
    assert refused.status_code == 422
    message = errors_in(refused.get_data(as_text=True))["file"]
    assert message == (
        "Die Datei ist unvollständig oder beschädigt (entries: ein Feld «weis» gibt es hier nicht)."
    )
