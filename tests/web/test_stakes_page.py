"""Stakes on the web: set on their own page, refused beside their field, shown at the end of
each mode as who pays whom, kept in the record and carried by the export."""

from __future__ import annotations

import html as markup
import io
import json
import re

import pytest

from tests.conftest import errors_in, new_game_form

PLAYERS = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}
MATCH = {"contract": "obenabe", "match": "y", "points_team": "0"}


def text(response) -> str:
    return markup.unescape(response.get_data(as_text=True))


def payout(html: str) -> list[str]:
    found = re.search(r'<div class="payout" id="payout">(.*?)</div>', html, re.S)
    return re.findall(r"<li>([^<]*)</li>", found.group(1)) if found else []


@pytest.fixture
def won(client):
    """Wir won a game to 1000 with two Matches in Obenabe (x3): 1542 : 0, Ihr Schneider."""
    client.post("/games/new", data=new_game_form(preset="custom", target="1000"))
    for _ in range(2):
        assert client.post("/games/1/hands", data=MATCH).status_code == 303
    return client


def test_a_schieber_win_pays_the_difference_twice_for_schneider(won):
    assert payout(text(won.get("/games/1"))) == []  # played for honour until stakes are set
    response = won.post("/games/1/einsatz", data={"amount": "0,01", "step": "0.05"})
    assert response.status_code == 303
    html = text(won.get("/games/1"))
    # 1542 points, doubled for Schneider: 3084 centimes, rounded to 5 centimes.
    assert payout(html) == ["Ihr zahlt Wir 30.85 Fr."]
    assert "Einsatz: 0.01 Fr. pro Punkt, auf 5 Rappen gerundet" in html
    french = text(won.get("/games/1", headers={"Accept-Language": "fr-CH"}))
    assert payout(french) == ["Ihr paie 30.85 fr. à Wir"]
    assert "Mise : 0.01 fr. par point, arrondi à 5 centimes" in french
    won.post("/games/1/einsatz", data={"amount": "0.01", "step": "1"})
    assert payout(text(won.get("/games/1"))) == ["Ihr zahlt Wir 31.– Fr."]
    changes = text(won.get("/games/1/changes"))
    assert "Einsatz: 0.01 Fr. pro Punkt, auf 5 Rappen gerundet" in changes
    assert "Einsatz: 0.01 Fr. pro Punkt, auf den Franken gerundet" in changes
    won.post("/games/1/einsatz", data={"action": "clear"})
    assert payout(text(won.get("/games/1"))) == []
    assert "Ohne Einsatz" in text(won.get("/games/1/changes"))


def test_a_running_game_shows_no_payment_yet(client):
    client.post("/games/new", data=new_game_form())
    client.post("/games/1/einsatz", data={"amount": "0.05", "step": "0.05"})
    html = text(client.get("/games/1"))
    assert payout(html) == [] and 'id="stakes-link"' in html


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"amount": "", "step": "0.05"}, "amount", "Bitte einen Betrag in Franken eingeben"),
        ({"amount": "abc", "step": "0.05"}, "amount", "Bitte einen Betrag in Franken eingeben"),
        ({"amount": "500", "step": "0.05"}, "amount", "(bis 100)"),
        ({"amount": "1e2", "step": "0.05"}, "amount", "Bitte einen Betrag in Franken eingeben"),
        ({"amount": "٣", "step": "0.05"}, "amount", "Bitte einen Betrag in Franken eingeben"),
        ({"amount": "0.05", "step": "0.1"}, "step", "auf 5 Rappen oder auf den Franken"),
    ],
)
def test_bad_stakes_are_refused_beside_their_field_and_change_nothing(won, fields, field, words):
    before = won.get("/games/1/export.json").get_data()
    response = won.post("/games/1/einsatz", data=fields)
    assert response.status_code == 422
    errors = errors_in(response.get_data(as_text=True))
    assert words in markup.unescape(errors[field])
    assert won.get("/games/1/export.json").get_data() == before
    assert payout(text(won.get("/games/1"))) == []


def test_the_export_carries_the_stakes_and_the_import_keeps_them(won):
    won.post("/games/1/einsatz", data={"amount": "0.02", "step": "1"})
    exported = json.loads(won.get("/games/1/export.json").get_data())
    assert exported["stakes"] == {"amount": "0.02", "step": "1"}
    upload = {"file": (io.BytesIO(json.dumps(exported).encode()), "spiel.json")}
    response = won.post("/games/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 303
    # 3084 × 0.02 = 61.68, to the franc.
    assert payout(text(won.get(response.headers["Location"]))) == ["Ihr zahlt Wir 62.– Fr."]
    broken = {**exported, "stakes": {"amount": "-1", "step": "1"}}
    upload = {"file": (io.BytesIO(json.dumps(broken).encode()), "spiel.json")}
    refused = won.post("/games/import", data=upload, content_type="multipart/form-data")
    assert refused.status_code == 422
    assert "Bitte einen Betrag in Franken eingeben" in text(refused)


def test_ten_francs_show_back_as_ten(won):
    """A whole amount is shown back in the form and exported as typed, not as "1E+1"."""
    assert won.post("/games/1/einsatz", data={"amount": "10", "step": "1"}).status_code == 303
    assert 'value="10"' in text(won.get("/games/1/einsatz"))
    assert json.loads(won.get("/games/1/export.json").get_data())["stakes"]["amount"] == "10"


def test_a_handjass_loser_pays_the_strokes_missing_to_retire(client):
    client.post("/handjass/new", data={"seat1": "A", "seat2": "B", "target": "2"})
    for cards in (("100", "57"), ("90", "67")):
        deal = {"trump": "rosen", "cards0": cards[0], "cards1": cards[1]}
        assert client.post("/handjass/1/deals", data=deal).status_code == 303
    client.post("/games/1/einsatz", data={"amount": "0.50", "step": "0.05"})
    html = text(client.get("/handjass/1"))
    assert "B verliert" in html
    # B has 0 strokes, 2 short of retiring: 2 × 0.50 to A.
    assert payout(html) == ["B zahlt A 1.– Fr."]
    assert "Einsatz: 0.50 Fr. pro Strich, auf 5 Rappen gerundet" in html
