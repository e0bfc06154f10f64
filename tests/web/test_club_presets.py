"""A club evening played with multipliers (a Schieber preset instead of tournament Schieber):
the table's phone takes the points, their side (the Vorhand's side by default) and the
contract, whose button saves the game; each game counts times the contract's multiplier on the
phone, the Standblatt, the CSV, the standings and an export read back."""

from __future__ import annotations

import json
import re

import pytest

from scorer.club.event import Event
from scorer.club.standings import Scoring, TableGame, dealer_seat, side_scores, vorhand_seat
from tests.web.test_club_exchange import upload
from tests.web.test_club_pages import evening
from tests.web.test_club_tables import EIGHT, rows, stored_games, text, version


@pytest.fixture
def modern(client, app):
    """Eight players, two games a Passe, Modern multipliers, Passe 1 drawn."""
    form = evening(
        players="\n".join(EIGHT), games="other", games_other="2", counting="modern", deck="swiss"
    )
    leader = client.post("/abend/neu", data=form).headers["Location"]
    seen = str(rows(app, "SELECT version FROM events")[0][0])
    assert client.post(f"{leader}/auslosen", data={"passe": "1", "seen": seen}).status_code == 303
    keys = [k for (k,) in rows(app, "SELECT key FROM event_tables ORDER BY table_no")]
    return [f"/tisch/{k}" for k in keys], leader


def enter(client, app, page, points, side, number, contract, **extra):
    data = {"points": str(points), "side": str(side), "number": str(number)}
    if contract is not None:
        data["contract"] = contract
    return client.post(f"{page}/spiele", data={**data, "seen": version(app, page), **extra})


def test_the_deal_goes_round_from_a1_and_vorhand_sits_after_the_dealer():
    assert [dealer_seat(n, 4) for n in range(1, 6)] == [0, 1, 2, 3, 0]
    assert [vorhand_seat(n, 4) for n in range(1, 6)] == [1, 2, 3, 0, 1]
    assert [vorhand_seat(n, 6) for n in range(5, 8)] == [5, 0, 1]


def test_a_game_with_a_multiplier_scores_times_it_and_reads_back():
    game = TableGame.entered(57, 0, contract="schilten", multiplier=2)
    assert game.tricks == (57, 100)
    assert side_scores(game, Scoring()) == (114, 200)
    assert side_scores(game, Scoring(ranking="striche")) == (0, 1)
    match = TableGame.entered(0, 1, match=True, contract="obenabe", multiplier=3)
    assert side_scores(match, Scoring(match_bonus=100)) == (0, 771)
    for g in (game, match):
        assert TableGame.from_dict(json.loads(json.dumps(g.to_dict()))) == g
    assert game.to_dict() == {"tricks": [57, 100], "match": None, "multiplier": 2,
                              "contract": "schilten"}  # fmt: skip


def test_an_evening_without_a_preset_reads_as_tournament_schieber():
    old = Event("Abend", "2026-11-27").to_dict()
    del old["preset"], old["deck"]  # a file written before presets
    read = Event.from_dict(old)
    assert read.preset is None and read.deck == "swiss" and read.contracts() == ()
    modern = Event("Abend", "2026-11-27", preset="modern")
    assert modern.multiplier("schilten") == 2 and modern.multiplier("undenufe") == 3
    assert modern.multiplier("hearts") is None  # a French contract at a Swiss evening
    assert Event("Abend", "2026-11-27", preset="nonsense").problems()["preset"].key == (
        "club_preset_unknown"
    )


def test_the_set_up_offers_the_presets_with_their_figures_and_refuses_an_unknown_one(client):
    page = text(client.get("/abend/neu"))
    assert "jedes Spiel ×1 (Turnierschieber)" in page
    assert re.search(
        r'Modern<span class="deck-swiss">: Schilten/Schellen ×2, Obenabe/Undenufe ×3, sonst ×1<',
        page,
    )
    # 003 differs from Modern only with French cards: with Swiss ones it is left out (CSS).
    assert re.search(r'class="option not-swiss"><input[^>]*value="pairing_003"', page)
    assert '<span class="deck-french">: Kreuz/Schaufel ×2' in page
    refused = client.post("/abend/neu", data=evening(counting="doppelt"))
    assert refused.status_code == 422
    assert "Diese Zählweise gibt es nicht" in text(refused)


def test_the_table_offers_the_vorhands_side_and_the_contracts_and_scores_times_them(
    client, app, modern
):
    (first, _), leader = modern
    page = text(client.get(first))
    # Game 1: A1 deals, B1 leads; side B is offered first.
    assert re.search(r"A1 \w+ gibt · Vorhand B1 \w+", page)
    assert re.search(r'name="side" value="1" id="side-1" checked', page)
    assert re.search(r'Schilten</span><span class="factor">×2<', page)
    assert enter(client, app, first, 57, 0, 1, "schilten").status_code == 303
    assert json.loads(stored_games(app, first)[0]) == {
        "tricks": [57, 100], "match": None, "multiplier": 2, "contract": "schilten"
    }  # fmt: skip
    page = text(client.get(first))
    assert re.search(r'id="total-0">114<', page) and re.search(r'id="total-1">200<', page)
    assert "Schilten ×2" in page
    # Game 2: B1 deals, A2 leads; side A is offered.
    assert re.search(r"B1 \w+ gibt · Vorhand A2 \w+", page)
    assert re.search(r'name="side" value="0" id="side-0" checked', page)
    assert enter(client, app, first, 0, 0, 2, "undenufe", match="y").status_code == 303
    assert json.loads(stored_games(app, first)[1])["multiplier"] == 3
    page = text(client.get(first))
    assert re.search(r'id="total-0">585<', page) and "Passe abgeben" in page
    sheet = text(client.get(f"{leader}/passe/1/standblatt"))
    assert "Trumpf" in sheet and "Schilten ×2" in sheet and "Undenufe ×3" in sheet
    csv = client.get(f"{leader}/spiele.csv").get_data(as_text=True).splitlines()
    assert csv[0].endswith(",Trumpf") and csv[1].endswith(",114,200,Schilten ×2")


def test_a_game_without_a_known_contract_is_refused_beside_the_contracts(client, app, modern):
    (first, _), _ = modern
    for contract in (None, "hearts", "<b>"):
        refused = enter(client, app, first, 57, 0, 1, contract)
        assert refused.status_code == 422
        page = text(refused)
        assert 'id="error-contract"' in page and "Welcher Trumpf?" in page
        assert 'value="57"' in page  # what was typed stays
    assert stored_games(app, first) == []


def test_an_evening_with_multipliers_exports_and_imports_with_its_contracts(client, app, modern):
    (first, second), leader = modern
    enter(client, app, first, 57, 0, 1, "schilten")
    document = json.loads(client.get(f"{leader}/export.json").get_data())
    assert document["event"]["preset"] == "modern" and document["event"]["deck"] == "swiss"
    game = document["tables"][0]["games"][0]
    assert game["contract"] == "schilten" and game["multiplier"] == 2
    answer = upload(client, json.dumps(document).encode())
    assert answer.status_code == 303
    again = json.loads(client.get(f"{answer.headers['Location']}/export.json").get_data())
    assert again["event"] == document["event"] and again["tables"] == document["tables"]


@pytest.mark.parametrize(
    "game",
    [
        {"tricks": [57, 100], "match": None, "multiplier": 3, "contract": "schilten"},
        {"tricks": [57, 100], "match": None, "multiplier": 2, "contract": "hearts"},
        {"tricks": [57, 100], "match": None},
    ],
    ids=["wrong multiplier", "contract of another deck", "no contract"],
)
def test_an_import_whose_contract_does_not_fit_the_evening_says_why(client, app, modern, game):
    (first, _), leader = modern
    enter(client, app, first, 57, 0, 1, "schilten")
    document = json.loads(client.get(f"{leader}/export.json").get_data())
    document["tables"][0]["games"][0] = game
    answer = upload(client, json.dumps(document).encode(), once="bad-contract")
    assert answer.status_code == 422
    assert "Der Trumpf passt nicht zur Zählweise des Abends" in text(answer)
    assert len(rows(app, "SELECT id FROM events")) == 1
