"""Handjass on the web: set-up, deals with strokes and potatoes, draws, undo, edit, export."""

import io
import json
import re

import pytest

from tests.conftest import errors_in, link, numbered

PLAYERS = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}


@pytest.fixture
def game(client):
    """A four-player Handjass game with the default rules (7 strokes, potato under 26)."""
    response = client.post("/handjass/new", data={**PLAYERS, "deck": "swiss"})
    assert response.status_code == 303 and response.headers["Location"] == link(
        client, "/handjass/1"
    )
    return client


def deal(client, trump="rosen", game_id=1, headers=None, **fields):
    """Post a deal; fields like cards0=60, status3="out", draw="2". Points not given are 0."""
    zeros = {f"cards{seat}": "0" for seat in range(4)}
    data = {"trump": trump, **zeros, **fields}
    return client.post(f"/handjass/{game_id}/deals", data=data, headers=headers or {})


def nets(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'id="net-\d">[^<]*<b>(-?\d+)</b>', html)]


def questions_in(html: str) -> dict[str, str]:
    """The questions a page asks the table (not refusals), by what they are about: "sum" for
    points that do not add up, "draw" for a tie."""
    found = re.findall(r'role="alertdialog" aria-labelledby="question-(\w+)(?:-text)?">', html)
    texts = dict(re.findall(r'<p id="question-(\w+)(?:-text)?">(.*?)</p>', html, re.S))
    return {key: re.sub(r"<[^>]+>", "", texts[key]).strip() for key in found}


def has_error(html: str) -> bool:
    """Whether the page shows anything as a refusal: an element of class "error"."""
    return re.search(r'class="(?:[^"]* )?error(?: [^"]*)?"', html) is not None


def test_new_game_lists_who_deals_and_who_is_vorhand(game):
    html = game.get("/handjass/1").get_data(as_text=True)
    assert "Spiel 1: <b>Dani</b> gibt, Vorhand <b>Anna</b>" in html
    assert re.findall(r'id="player-(\d)"', html) == ["0", "1", "2", "3"]
    assert 'value="blind"' not in html  # no blind with four players


def test_two_strokes_and_two_potatoes(game):
    response = deal(game, cards0="60", cards1="50", cards2="25", cards3="22")
    assert response.status_code == 303
    html = game.get("/handjass/1").get_data(as_text=True)
    assert nets(html) == [1, 1, -1, -1]
    assert "Härdöpfel (unter 26): Clara, Dani." in html
    assert "Spiel 2: <b>Anna</b> gibt, Vorhand <b>Ben</b>" in html


def test_a_tie_for_the_second_stroke_asks_for_the_draw(game):
    response = deal(game, cards0="60", cards1="40", cards2="40", cards3="17")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    # A question for the table, not a refusal: no red error, the buttons to answer it.
    assert questions_in(html) == {
        "draw": "Gleichstand um einen Strich: Ben und Clara ziehen eine Karte."
    }
    assert not has_error(html) and 'role="alert"' not in html
    assert '<button class="button" type="submit" name="draw" value="1">Ben</button>' in html
    assert 'id="draw-random">Das Handy zieht</button>' in html
    assert 'value="60"' in html  # what was typed stays
    deal(game, cards0="60", cards1="40", cards2="40", cards3="17", draw="2")
    assert nets(game.get("/handjass/1").get_data(as_text=True)) == [1, 0, 1, -1]


def test_the_phone_can_draw(game):
    deal(game, cards0="60", cards1="40", cards2="40", cards3="17", draw="random")
    net = nets(game.get("/handjass/1").get_data(as_text=True))
    assert net[0] == 1 and net[3] == -1 and sorted(net[1:3]) == [0, 1]


REFUSED = [
    ({"cards0": "158"}, "p0", "von 0 bis 157"),
    ({"cards0": "100", "cards1": "60"}, "players", "mehr als die 157"),
    ({"status1": "out", "cards1": "20"}, "p1", "ausgestiegen und hat keine Punkte"),
    ({"status1": "blind", "cards1": "20"}, "p1", "nur zu dritt und zu zweit"),
    ({"cards2": "x"}, "p2", "ganze Zahl"),
    ({"trump": ""}, "trump", "Trumpf"),
]


@pytest.mark.parametrize(("fields", "field", "message"), REFUSED)
def test_refused_deals_change_nothing(game, fields, field, message):
    response = deal(game, **{"trump": "rosen", **fields})
    assert response.status_code == 422
    assert message in errors_in(response.get_data(as_text=True))[field]
    assert nets(game.get("/handjass/1").get_data(as_text=True)) == [0, 0, 0, 0]


def test_the_blind_is_taken_only_once_with_three_players(client):
    client.post("/handjass/new", data={"seat1": "A", "seat2": "B", "seat3": "C"})
    html = client.get("/handjass/1").get_data(as_text=True)
    assert 'name="status0" value="blind"' in html
    response = deal(client, status0="blind", status1="blind", cards0="60", cards1="50")
    assert errors_in(response.get_data(as_text=True))["blind"] == "Den Blinden nimmt nur einer."


def test_retiring_and_the_loser_with_two_players(client):
    client.post("/handjass/new", data={"seat1": "A", "seat2": "B", "target": "2"})
    deal(client, cards0="100", cards1="57")
    html = client.get("/handjass/1").get_data(as_text=True)
    assert nets(html) == [1, 0]
    deal(client, cards0="90", cards1="67")
    html = client.get("/handjass/1").get_data(as_text=True)
    assert "B verliert" in html
    assert "A hat 2 Striche und steigt aus." in html
    assert 'id="deal"' not in html
    response = deal(client, cards0="90", cards1="67")
    assert errors_in(response.get_data(as_text=True))["game"].startswith("Der Verlierer steht fest")


def test_undo_and_edit_recompute_everything(game):
    deal(game, cards0="60", cards1="50", cards2="25", cards3="22")
    deal(game, "schellen", cards0="40", cards1="80", cards2="37", cards3="0")
    assert nets(game.get("/handjass/1").get_data(as_text=True)) == [2, 2, -1, -2]
    game.post("/handjass/1/undo")
    assert nets(game.get("/handjass/1").get_data(as_text=True)) == [1, 1, -1, -1]
    page = game.get("/handjass/1/deals/1").get_data(as_text=True)
    assert 'name="cards0" value="60"' in page
    response = game.post(
        "/handjass/1/deals/1",
        data={"trump": "rosen", "cards0": "22", "cards1": "50", "cards2": "25", "cards3": "60"},
    )
    assert response.status_code == 303
    assert nets(game.get("/handjass/1").get_data(as_text=True)) == [-1, 1, -1, 1]
    game.post("/handjass/1/deals/1/delete")
    assert nets(game.get("/handjass/1").get_data(as_text=True)) == [0, 0, 0, 0]


def test_berner_handjass_multiplies_by_trump(client):
    client.post("/handjass/new", data={"seat1": "A", "seat2": "B", "seat3": "C", "berner": "y"})
    html = client.get("/handjass/1").get_data(as_text=True)
    assert "Aussteigen bei 27 Strichen (Berner)" in html
    deal(client, "schilten", cards0="100", cards1="40", cards2="17")
    assert nets(client.get("/handjass/1").get_data(as_text=True)) == [3, 3, -3]


def test_export_and_import_give_the_same_state(game):
    deal(game, cards0="60", cards1="50", cards2="25", cards3="22")
    data = json.loads(game.get("/games/1/export.json").get_data(as_text=True))
    assert data["format"] == "jass-scorer/handjass" and len(data["deals"]) == 1
    response = game.post(
        "/games/import",
        data={"file": (io.BytesIO(json.dumps(data).encode()), "h.json")},
        content_type="multipart/form-data",
    )
    assert response.headers["Location"] == link(game, "/handjass/2")
    assert game.get(link(game, "/games/2")).headers["Location"] == link(
        game, "/handjass/2"
    )  # the old link still leads
    assert nets(game.get("/handjass/2").get_data(as_text=True)) == [1, 1, -1, -1]
    listing = game.get("/").get_data(as_text=True)
    assert "Handjass: Anna, Ben, Clara, Dani" in listing


def test_setup_errors(client):
    response = client.post("/handjass/new", data={"seat1": "A"})
    assert errors_in(response.get_data(as_text=True))["players"].startswith("Handjass spielen 2")
    response = client.post("/handjass/new", data={"seat1": "A", "seat2": "a"})
    assert "gleichem Namen" in errors_in(response.get_data(as_text=True))["players"]


def test_schieber_routes_do_not_take_a_handjass_game(game):
    assert (
        game.post("/games/1/hands", data={"contract": "rosen", "points": "90"}).status_code == 404
    )
    assert game.get("/handjass/2").status_code == 404


def test_three_tied_for_two_strokes_draw_two_cards(game):
    response = deal(game, cards0="45", cards1="45", cards2="45", cards3="22")
    html = response.get_data(as_text=True)
    assert questions_in(html)["draw"] == (
        "Gleichstand um 2 Striche: Anna und Ben und Clara ziehen eine Karte."
    )
    assert not has_error(html)
    assert "Wer hat die 2 höheren Karten gezogen?" in html
    game.post(
        "/handjass/1/deals",
        data={
            "trump": "rosen",
            "cards0": "45",
            "cards1": "45",
            "cards2": "45",
            "cards3": "22",
            "draw": ["0", "2"],
        },
    )
    assert nets(game.get("/handjass/1").get_data(as_text=True)) == [1, 0, 1, -1]


def test_declared_weis_go_to_the_best_single_weis(game):
    # 001's example: A and C both announce 50; C's K-O-U-10 is in trumps and wins, and C also
    # scores 8-7-6 (20) and Stöck (20): 90 on top of C's 20 card points.
    response = deal(
        game,
        "schellen",
        action="add:0",
        kind0="run",
        len0="4",
        suit0="rosen",
        top0="K",
        cards0="40",
    )
    html = response.get_data(as_text=True)
    assert '<input type="hidden" name="d0" value="run:rosen:K:4">' in html
    assert 'name="cards0" value="40"' in html
    deal(
        game,
        "schellen",
        d0="run:rosen:K:4",
        d2=["run:schellen:K:4", "run:eicheln:8:3"],
        stoeck2="y",
        cards0="40",
        cards1="40",
        cards2="20",
        cards3="57",
    )
    html = game.get("/handjass/1").get_data(as_text=True)
    assert "Das Blatt in Schellen ist Trumpf: Vierblatt Schellen zum König (Clara)." in html
    assert "Anna 40 · Ben 40 · Clara 110 · Dani 57" in html
    # Clara 20 + 90 = 110 and Dani 57 take the strokes; Anna and Ben (40) are safe.
    assert nets(html) == [0, 0, 1, 1]


def test_a_declared_weis_that_is_not_one_is_refused(game):
    response = deal(game, action="add:1", kind1="four", rank1="9", cards1="40")
    assert errors_in(response.get_data(as_text=True))["p1"] == (
        "Vier Neuner zählen an diesem Tisch nicht."
    )
    response = deal(
        game, d0="run:rosen:K:4", d1="run:rosen:O:3", cards0="40", cards1="40", cards2="40"
    )
    assert "anderer Spieler" in errors_in(response.get_data(as_text=True))["p1"]


def test_editing_a_deal_keeps_its_declarations(game):
    fields = {"cards0": "40", "cards1": "40", "cards2": "20", "cards3": "57"}
    deal(game, "schellen", d2=["run:schellen:K:4"], stoeck2="y", **fields)
    page = game.get("/handjass/1/deals/1").get_data(as_text=True)
    assert '<input type="hidden" name="d2" value="run:schellen:K:4">' in page
    game.post(
        "/handjass/1/deals/1",
        data={
            "trump": "schellen",
            "d2": "run:schellen:K:4",
            "stoeck2": "y",
            **fields,
            "cards0": "41",
            "cards1": "39",
        },
    )
    html = game.get("/handjass/1").get_data(as_text=True)
    # Clara 20 + 50 + 20 = 90 and Dani 57 keep the strokes.
    assert "Anna 41 · Ben 39 · Clara 90 · Dani 57" in html


def test_written_weis_beside_another_players_weis_is_refused(game):
    # 001: only the player with the best single Weis scores. A declares four Kings, B writes 50.
    response = deal(game, d0="four:K", cards0="60", cards1="20", weis1="50", cards2="40")
    assert "nur, wer den besten hat" in errors_in(response.get_data(as_text=True))["weis"]
    # Three players with 20 each: one may be Stöck, but two Weis of 20 cannot both count.
    response = deal(game, cards0="50", weis0="20", cards1="50", weis1="20", weis2="20")
    assert "nur, wer den besten hat" in errors_in(response.get_data(as_text=True))["weis"]
    # One Weis of 50 and one Stöck of 20 on two players is fine.
    one_weis = {"cards0": "50", "weis0": "50", "cards1": "50", "weis1": "20", "cards2": "57"}
    assert deal(game, **one_weis).status_code == 303


def test_a_blank_field_is_said_as_it_is_refused_not_as_a_potato(game):
    # Four in play: the deal's points make 157, so one blank field would get the rest; two
    # blank fields cannot both, and each is asked for, never written as a potato.
    data = {"trump": "rosen", "cards0": "60", "cards1": "50"}
    html = game.post("/handjass/1/deals", data=data).get_data(as_text=True)
    errors = errors_in(html)
    one_blank = "Punkte eingeben (auch 0): nur ein Feld darf leer bleiben."
    assert (errors["p2"], errors["p3"]) == (one_blank, one_blank)
    assert "p0" not in errors and "Härdöpfel" not in errors["p2"]
    # Dani out: Dani's cards lie aside, no total is known, and no blank field gets a rest.
    data = {"trump": "rosen", "cards0": "60", "cards1": "50", "status3": "out"}
    errors = errors_in(game.post("/handjass/1/deals", data=data).get_data(as_text=True))
    assert errors == {
        "p2": "Punkte eingeben (auch 0): nicht alle Karten sind im Spiel, darum bekommt kein"
        " leeres Feld den Rest auf 157."
    }
    assert "Noch kein Spiel eingetragen." in game.get("/handjass/1").get_data(as_text=True)


def test_the_undo_stands_beside_the_word_on_the_saved_deal(game):
    htmx = {"HX-Request": "true"}
    html = deal(game, headers=htmx, cards0="60", cards1="50", cards2="25", cards3="22").text
    row = re.search(r'<div class="note-row">(.*?)</div>', html, re.S)
    assert row is not None
    assert '<p class="note" id="note" role="status">Spiel 1 gespeichert.</p>' in row.group(1)
    assert re.search(r'action="[^"]*/undo"', row.group(1))
    assert (
        '<button class="button" type="submit" id="undo">↶ Spiel 1 zurücknehmen</button>'
        in row.group(1)
    )
    assert html.count('id="undo"') == 1  # not a second time under the panel
    # After the undo, the word on it has the redo beside it; the undo goes back under the panel
    # where there is still a deal to take back.
    deal(game, cards0="60", cards1="50", cards2="25", cards3="22")
    html = game.post("/handjass/1/undo", headers=htmx).text
    row = re.search(r'<div class="note-row">(.*?)</div>', html, re.S).group(1)
    assert "Spiel 2 zurückgenommen." in row and 'id="redo">↷ Wiederherstellen</button>' in row
    assert html.count('id="redo"') == 1
    assert '<button class="button" type="submit" id="undo">↶ Spiel 1 zurücknehmen</button>' in html
    # Without a word (the page opened anew), both stay under the panel.
    html = game.get("/handjass/1").text
    assert 'class="note-row"' not in html
    assert html.index('id="save-deal"') < html.index('id="undo"') < html.index('id="redo"')


def test_points_left_empty_are_asked_for(game):
    # One field left blank gets the rest of 157; two cannot.
    response = game.post(
        "/handjass/1/deals", data={"trump": "rosen", "cards0": "60", "cards1": "50"}
    )
    errors = errors_in(response.get_data(as_text=True))
    assert errors["p2"].startswith("Punkte eingeben (auch 0)")
    assert errors["p3"].startswith("Punkte eingeben (auch 0)")
    # Everyone else out: the one left wins without play and needs no points.
    response = game.post(
        "/handjass/1/deals",
        data={"trump": "rosen", "status1": "out", "status2": "out", "status3": "out"},
    )
    assert response.status_code == 303
    assert nets(game.get("/handjass/1").get_data(as_text=True)) == [2, 0, 0, 0]


def test_a_finished_game_offers_the_next_one(client):
    client.post("/handjass/new", data={"seat1": "A", "seat2": "B", "target": "1"})
    deal(client, cards0="100", cards1="57")
    assert "B verliert" in client.get("/handjass/1").get_data(as_text=True)
    response = client.post("/handjass/1/again")
    assert response.headers["Location"] == link(client, "/handjass/2")
    html = client.get("/handjass/2").get_data(as_text=True)
    assert nets(html) == [0, 0] and "Aussteigen bei 1 Strichen" in html
    listing = client.get("/").get_data(as_text=True)
    assert "noch kein Spiel" in listing and "B verliert" in listing


def test_a_deal_by_htmx_sends_its_row_in_words(game):
    deal(game, cards0="60", cards1="50", cards2="25", cards3="22")
    zeros = {f"cards{seat}": "0" for seat in range(4)}
    response = game.post(
        "/handjass/1/deals",
        data={
            **zeros,
            "trump": "rosen",
            "cards0": "22",
            "cards1": "60",
            "cards2": "50",
            "cards3": "25",
        },
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    # Only the new row, out of band, its ruling in words.
    row = html[html.index('<ol hx-swap-oob="afterbegin:#rows">') :]
    assert 'id="row-2"' in row and 'id="row-1"' not in row
    assert "<li>Härdöpfel (unter 26): Anna, Dani.</li>" in row
    assert "<li>Striche: Ben 1 Strich, Clara 1 Strich.</li>" in row


def test_a_deal_that_others_stand_on_is_not_deleted(client):
    # Target 1: Anna and Ben retire with deal 1, Clara and Dani play deal 2 alone. Without
    # deal 1, deal 2 (now the first) leaves out Anna and Ben.
    client.post("/handjass/new", data={**PLAYERS, "target": "1"})
    deal(client, cards0="60", cards1="50", cards2="25", cards3="22")
    client.post("/handjass/1/deals", data={"trump": "rosen", "cards2": "100", "cards3": "57"})
    assert nets(client.get("/handjass/1").get_data(as_text=True)) == [1, 1, 0, -1]
    response = client.post("/handjass/1/deals/1/delete")
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))["game"] == (
        "Nicht gelöscht: Spiel 1: Jeder Spieler, der noch dabei ist, genau einmal."
    )
    # An edit that leaves a later deal standing on nothing is refused in the same words.
    response = client.post(
        "/handjass/1/deals/1",
        data={"trump": "rosen", "cards0": "25", "cards1": "22", "cards2": "60", "cards3": "50"},
    )
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))["game"] == (
        "Spiel 2: Clara ist schon ausgestiegen: kein Spiel mehr. "
        "Dani ist schon ausgestiegen: kein Spiel mehr. "
        "Jeder Spieler, der noch dabei ist, genau einmal."
    )


def test_setup_numbers_out_of_range(client):
    response = client.post(
        "/handjass/new", data={"seat1": "A", "seat2": "B", "target": "0", "threshold": "81"}
    )
    errors = errors_in(response.get_data(as_text=True))
    assert errors["target"] == "Striche zum Aussteigen: 1 bis 100."
    assert errors["threshold"] == "Härdöpfel unter: 1 bis 80 Punkte."


def test_a_weis_for_an_unknown_player_or_none_chosen(game):
    response = deal(game, action="add:7")
    assert errors_in(response.get_data(as_text=True))["weis"] == "Unbekannter Spieler."
    response = deal(game, action="add:1", kind1="run", len1="x")
    assert errors_in(response.get_data(as_text=True))["p1"] == "Weis wählen."


# --- The 157 of a deal: the rest for the one left blank, the question when they do not add up --


def stored_cards(client, game_id=1) -> list[list[int]]:
    """Each stored deal's card points, seat by seat (from the export)."""
    data = json.loads(client.get(f"/games/{game_id}/export.json").get_data(as_text=True))
    return [[e["cards"] for e in d["entries"]] for d in data["deals"]]


def test_a_blank_last_field_is_saved_as_the_rest_of_157(game):
    response = game.post(
        "/handjass/1/deals",
        data={"trump": "rosen", "cards0": "50", "cards1": "40", "cards2": "45", "cards3": ""},
    )
    assert response.status_code == 303
    assert stored_cards(game) == [[50, 40, 45, 22]]
    html = game.get("/handjass/1").get_data(as_text=True)
    assert "Anna 50 · Ben 40 · Clara 45 · Dani 22" in html
    # Anna 50 and Clara 45 take the strokes; Dani's 22 is a potato.
    assert nets(html) == [1, 0, 1, -1]


def test_any_one_blank_field_gets_the_rest(game):
    fields = {"trump": "rosen", "cards0": "", "cards1": "40", "cards2": "45", "cards3": "22"}
    assert game.post("/handjass/1/deals", data=fields).status_code == 303
    assert stored_cards(game) == [[50, 40, 45, 22]]


def test_the_others_made_too_much_already_is_refused(game):
    response = game.post(
        "/handjass/1/deals",
        data={"trump": "rosen", "cards0": "100", "cards1": "40", "cards2": "20", "cards3": ""},
    )
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))["players"] == (
        "Die anderen haben schon 160 Punkte, mehr als die 157 eines Spiels."
    )
    assert stored_cards(game) == []


def test_points_that_do_not_add_up_are_asked_about_and_store_nothing(game):
    for headers in ({}, {"HX-Request": "true"}):
        response = deal(game, cards0="50", cards1="40", cards2="40", cards3="20", headers=headers)
        assert response.status_code == 422
        html = response.get_data(as_text=True)
        assert questions_in(html) == {
            "sum": "Die Punkte ergeben zusammen 150, nicht 157. Stimmt das so?"
        }
        assert not has_error(html) and 'role="alert"' not in html
        assert (
            '<button class="button primary" type="submit" name="confirm" value="sum"'
            ' id="confirm-sum">Trotzdem speichern</button>'
        ) in html
        assert 'id="question-fix">Korrigieren</a>' in html
        assert 'name="cards3" value="20"' in html  # what was typed stays, to send again
        assert stored_cards(game) == []
    assert nets(game.get("/handjass/1").get_data(as_text=True)) == [0, 0, 0, 0]


def test_confirming_stores_points_that_do_not_add_up(game):
    response = deal(game, cards0="50", cards1="40", cards2="35", cards3="20", confirm="sum")
    assert response.status_code == 303
    assert stored_cards(game) == [[50, 40, 35, 20]]
    assert nets(game.get("/handjass/1").get_data(as_text=True)) == [1, 1, 0, -1]


def test_a_confirmed_tie_asks_for_the_draw_and_keeps_the_confirmation(game):
    # 50 + 40 + 40 + 20 = 150: first the question, then Ben and Clara's tie.
    odd = {"cards0": "50", "cards1": "40", "cards2": "40", "cards3": "20"}
    response = deal(game, confirm="sum", **odd)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert set(questions_in(html)) == {"draw"} and not has_error(html)
    assert '<input type="hidden" name="confirm" value="sum">' in html
    assert stored_cards(game) == []
    # Without the confirmation the question comes back; with it the draw writes the deal.
    assert "sum" in questions_in(deal(game, draw="2", **odd).get_data(as_text=True))
    assert deal(game, draw="2", confirm="sum", **odd).status_code == 303
    assert stored_cards(game) == [[50, 40, 40, 20]]
    assert nets(game.get("/handjass/1").get_data(as_text=True)) == [1, 0, 1, -1]


def test_a_deal_with_a_player_out_or_of_three_is_not_asked(game, client):
    # Dani dropped out: her nine cards count for no one, the others make what they make.
    assert deal(game, cards0="60", cards1="40", cards2="20", status3="out").status_code == 303
    client.post("/handjass/new", data={"seat1": "A", "seat2": "B", "seat3": "C"})
    # Three players: the blind lies aside.
    assert deal(client, game_id=2, cards0="60", cards1="40", cards2="30").status_code == 303


def test_an_edit_that_does_not_add_up_is_asked_about(game):
    deal(game, cards0="60", cards1="50", cards2="25", cards3="22")
    edit = {"trump": "rosen", "cards0": "60", "cards1": "50", "cards2": "25", "cards3": "12"}
    response = game.post("/handjass/1/deals/1", data=edit)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert questions_in(html) == {
        "sum": "Die Punkte ergeben zusammen 147, nicht 157. Stimmt das so?"
    }
    assert not has_error(html)
    assert stored_cards(game) == [[60, 50, 25, 22]]
    assert game.post("/handjass/1/deals/1", data={**edit, "confirm": "sum"}).status_code == 303
    assert stored_cards(game) == [[60, 50, 25, 12]]
    # A blank field on the edit page gets the rest too.
    blank = {**edit, "cards3": "", "cards0": "70"}
    assert game.post("/handjass/1/deals/1", data=blank).status_code == 303
    assert stored_cards(game) == [[70, 50, 25, 12]]


REST = [
    ({"cards0": "50", "cards1": "40", "cards2": "45"}, "Rest für Dani: 157 − 135 = 22"),
    ({"cards0": "50", "cards1": "40", "cards2": "45", "cards3": "22"}, "Zusammen 157 ✓"),
    (
        {"cards0": "50", "cards1": "40", "cards2": "40", "cards3": "20"},
        "Die Punkte ergeben zusammen 150, nicht 157.",
    ),
    (
        {"cards0": "100", "cards1": "40", "cards2": "20"},
        "Die anderen haben schon 160 Punkte, mehr als die 157 eines Spiels.",
    ),
    # Nothing typed yet; once points are, fields left blank are a warning (below).
    ({}, "Ein Punktefeld leer lassen: es bekommt den Rest auf 157."),
    ({"cards0": "5x"}, "Bitte eine ganze Zahl eingeben."),
]


@pytest.mark.parametrize(("typed", "said"), REST)
def test_the_rest_box_says_what_the_typed_points_make(game, typed, said):
    query = {f"cards{seat}": "" for seat in range(4)} | {"status0": "play"} | typed
    response = game.get("/handjass/1/rest", query_string=query, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'id="rest" aria-live="polite" hx-swap-oob="true"' in html
    assert f'<p class="hint" id="rest-text">{said}</p>' in html
    assert ('id="rest-fill"' in html) == said.startswith("Rest für")


def test_the_rest_button_writes_the_rest_into_the_blank_field(game):
    query = {"cards0": "50", "cards1": "40", "cards2": "45", "cards3": ""}
    html = game.get("/handjass/1/rest", query_string=query).get_data(as_text=True)
    assert (
        '<button class="button rest-fill" type="button" id="rest-fill" data-rest="22"'
        ' data-target="cards3">22 für Dani eintragen</button>'
    ) in html
    page = game.get("/handjass/1").get_data(as_text=True)
    assert '<input id="cards3" name="cards3"' in page
    assert 'hx-get="/handjass/1/rest"' in numbered(game, page) and "static/handjass.js" in page


def test_no_rest_where_the_157_is_not_known(game):
    # Dani dropped out: no rest, the box stays empty.
    query = {"cards0": "50", "cards1": "40", "cards2": "", "status3": "out"}
    html = game.get("/handjass/1/rest", query_string=query).get_data(as_text=True)
    assert 'id="rest-text"' not in html


def test_points_typed_for_a_player_who_retired_are_refused_not_dropped(client):
    """A deal kept on a phone behind one the server decided may still give points to a player
    that deal retired: refused and said, never written without them."""
    client.post("/handjass/new", data={**PLAYERS, "deck": "swiss", "target": "1"})
    assert deal(client, cards0="60", cards1="50", cards2="25", cards3="22").status_code == 303
    response = deal(client, cards0="30", cards1="", cards2="60", cards3="67")
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True)) == {
        "players": "Anna ist schon ausgestiegen: kein Spiel mehr."
    }
    # The two still in, their row blank or gone: written.
    response = deal(client, cards0="", cards1="", cards2="60", cards3="97")
    assert response.status_code == 303
    stored = json.loads(client.get("/games/1/export.json").get_data(as_text=True))
    assert [e["seat"] for e in stored["deals"][1]["entries"]] == [2, 3]


# --- Choices a form does not offer (a forged form): refused beside their field, nothing stored --

PLAYED = {"cards0": "60", "cards1": "50", "cards2": "25", "cards3": "22"}
FORGED = [
    ({"trump": "slalom"}, "trump", "Welche Farbe ist Trumpf?"),
    ({"status1": "maybe"}, "p1", "Spielt, aus oder mit dem Blinden."),
    # No tie to draw for, yet a draw: neither a player nor the phone's.
    ({"draw": "someone"}, "draw", "Die Karte zieht einer der Spieler."),
    ({"draw": "01"}, "draw", "Die Karte zieht einer der Spieler."),
]


@pytest.mark.parametrize(("forged", "field", "message"), FORGED)
def test_a_choice_the_deal_panel_does_not_offer_is_refused_beside_it(game, forged, field, message):
    response = deal(game, **{**PLAYED, **forged})
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))[field] == message
    assert stored_cards(game) == []


@pytest.mark.parametrize(("forged", "field", "message"), FORGED)
def test_a_choice_the_edit_page_does_not_offer_is_refused_beside_it(game, forged, field, message):
    assert deal(game, **PLAYED).status_code == 303
    edit = {"trump": "rosen", **PLAYED, "cards0": "61", "cards1": "49", **forged}
    response = game.post("/handjass/1/deals/1", data=edit)
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))[field] == message
    assert stored_cards(game) == [[60, 50, 25, 22]]


def test_a_weis_the_adder_does_not_offer_is_refused_beside_its_player(game):
    run = {"len0": "3", "suit0": "rosen", "top0": "K"}
    response = deal(game, action="add:0", kind0="five", **run)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert errors_in(html)["p0"] == "Weis wählen."
    assert 'name="d0"' not in html  # nothing declared
    response = deal(game, "slalom", action="add:0", kind0="run", **run)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert errors_in(html) == {"trump": "Welche Farbe ist Trumpf?"}
    assert 'name="d0"' not in html


def test_a_deck_the_setup_does_not_offer_is_refused_beside_it(client):
    for deck in ("tarot", ""):
        response = client.post("/handjass/new", data={**PLAYERS, "deck": deck})
        assert response.status_code == 422
        html = response.get_data(as_text=True)
        assert errors_in(html) == {"deck": "Schweizer oder französische Karten wählen."}
    assert client.get("/handjass/1").status_code == 404


def blank_warning(client, **fields) -> str | None:
    """What the rest box says of blank fields as these points are typed (its GET), if anything."""
    html = client.get("/handjass/1/rest", query_string=fields).get_data(as_text=True)
    found = re.search(r'<p class="blank-warning" id="blank-warning">(.*?)</p>', html, re.S)
    return found and found.group(1).strip()


@pytest.mark.parametrize(
    "fields, warning",
    [
        (
            {"cards0": "60"},
            "Noch leer: Ben, Clara, Dani. So wird nicht gespeichert: nur ein Feld darf leer"
            " bleiben.",
        ),
        (
            {"cards1": "50", "cards3": "0"},
            "Noch leer: Anna, Clara. So wird nicht gespeichert: nur ein Feld darf leer bleiben.",
        ),
        (
            {"cards0": "60", "cards1": "50", "status3": "out"},
            "Noch leer: Clara. So wird nicht gespeichert: nicht alle Karten sind im Spiel, jedes"
            " Feld braucht Punkte (auch 0).",
        ),
    ],
)
def test_blank_fields_a_save_would_refuse_are_said_before_the_save(game, fields, warning):
    assert blank_warning(game, **fields) == warning
    # As said: the save refuses the deal for those fields, and stores nothing.
    response = game.post("/handjass/1/deals", data={"trump": "rosen", **fields})
    assert response.status_code == 422
    blank = {key for key, text in errors_in(response.get_data(as_text=True)).items()}
    named = [name for name in PLAYERS.values() if f" {name}" in warning.split(".")[0]]
    assert blank == {f"p{list(PLAYERS.values()).index(name)}" for name in named}
    assert stored_cards(game) == []


def test_no_blank_warning_where_the_save_takes_the_deal(game):
    # Nothing typed yet: the box says how a blank field is filled, not a warning.
    assert blank_warning(game) is None
    assert blank_warning(game, cards0="60", cards1="50", cards2="25") is None  # Dani gets 22
    assert blank_warning(game, cards0="60", cards1="50", cards2="47", status3="out") is None
    assert game.post(
        "/handjass/1/deals", data={"trump": "rosen", "cards0": "60", "cards1": "50", "cards2": "25"}
    ).status_code in (200, 303)
    assert stored_cards(game) == [[60, 50, 25, 22]]
