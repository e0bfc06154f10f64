"""Declaring Weis player by player or from their cards, with the ruling, on its own page."""

import re

import pytest

from tests.conftest import errors_in, link, new_game_form, totals_in

# Seats: 0 Anna (Wir), 1 Ben (Ihr), 2 Clara (Wir), 3 Dani (Ihr); Anna is Vorhand in hand 1.
URL = "/games/1/weis"


@pytest.fixture
def game(client):
    """A game to 2500 with the modern multipliers (Schellen ×2, Obenabe ×3) and large Weis."""
    client.post("/games/new", data=new_game_form())
    return client


def post(client, **fields):
    data = {"contract": "schellen"}
    for name, value in fields.items():
        data[name] = value
    return client.post(URL, data=data)


def chips(html: str) -> list[tuple[str, str]]:
    """The declared Weis on the page: (hidden field, code)."""
    return re.findall(r'<input type="hidden" name="(d\d)" value="([^"]+)">', html)


def test_players_are_listed_in_play_order_from_vorhand(game):
    html = game.get(URL).get_data(as_text=True)
    assert re.findall(r'<section class="declarer team-\d" id="seat-(\d)">', html) == [
        "0",
        "1",
        "2",
        "3",
    ]
    assert "Anna <small>Wir · Vorhand</small>" in html


def test_adding_a_run_keeps_it_on_the_page(game):
    html = post(game, action="add:0", kind0="run", suit0="rosen", top0="K", len0="4").get_data(
        as_text=True
    )
    assert chips(html) == [("d0", "run:rosen:K:4")]
    assert "Vierblatt Rosen zum König · 50" in html


def test_cards_picked_give_the_best_split_and_stoeck(game):
    cards = [
        "schellen:K",
        "schellen:O",
        "schellen:U",
        "schellen:10",
        "eicheln:8",
        "eicheln:7",
        "eicheln:6",
        "rosen:A",
        "schilten:9",
    ]
    html = post(game, action="find:2", cards2=cards).get_data(as_text=True)
    assert sorted(chips(html)) == [("d2", "run:eicheln:8:3"), ("d2", "run:schellen:K:4")]
    assert re.search(r'name="stoeck" value="0" checked', html)


def test_the_ruling_explains_each_test(game):
    html = post(
        game,
        action="refresh",
        d0="run:rosen:K:4",
        d3="run:schellen:K:4",
    ).get_data(as_text=True)
    lines = re.findall(r"<li>([^<]+)</li>", html.split('id="ruling"')[1])
    assert lines == [
        "Beide 50.",
        "Beide 4 Karten.",
        "Beide zum König.",
        "Das Blatt in Schellen ist Trumpf: Vierblatt Schellen zum König (Dani).",
        "Weis für Ihr: 50.",
    ]


def test_writing_puts_the_winning_teams_weis_on_the_slate(game):
    response = post(
        game,
        action="write",
        d0="run:rosen:K:4",
        d2="run:eicheln:8:3",
        d1="run:schilten:A:3",
        stoeck="1",
    )
    assert response.status_code == 303
    html = game.get("/games/1").get_data(as_text=True)
    # Anna's 50 is the best single Weis: Wir write 50 + Clara's 20; Ihr only Stöck. Schellen ×2.
    assert totals_in(html) == (140, 40)
    assert "Weis für Wir: 70." in html
    assert "Läuft in Schellen ×2" in html


def _open_hand(html: str) -> str:
    """The words about the hand that is on, as a reader sees them (tags gone, spaces one)."""
    paragraph = html.split('<p class="open-hand"')[1].split("</p>")[0].split(">", 1)[1]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", paragraph)).strip()


def test_the_hand_that_is_on_is_said_in_sentences_with_their_spaces(game):
    post(game, action="write", d0="run:rosen:K:4", stoeck="1")
    assert _open_hand(game.get("/games/1").get_data(as_text=True)) == (
        "Läuft in Schellen ×2. Geschrieben: Weis Wir 50, Stöck Ihr. Jetzt die Stiche."
    )
    assert _open_hand(game.get(URL).get_data(as_text=True)) == (
        "Hand läuft in Schellen ×2. Schon geschrieben: Vierblatt Rosen zum König (Anna). Stöck Ihr."
    )
    assert _open_hand(game.get("/games/1/claim").get_data(as_text=True)) == (
        "Hand läuft in Schellen ×2. Schon geschrieben: Weis Wir 50. Stöck Ihr."
    )


def test_weis_follow_on_the_open_hand_and_are_ruled_together(game):
    post(game, action="write", d1="run:schilten:A:3")
    post(game, action="write", d0="four:U")
    html = game.get("/games/1").get_data(as_text=True)
    assert totals_in(html) == (400, 0)
    assert "200 schlägt 20: vier Under (Anna) vor Dreiblatt Schilten zum Ass (Ben)." in html


def test_htmx_gets_the_form_back_and_a_redirect_after_writing(game):
    headers = {"HX-Request": "true"}
    response = game.post(URL, data={"contract": "obenabe", "action": "refresh"}, headers=headers)
    assert response.get_data(as_text=True).startswith('<form id="declare"')
    response = game.post(
        URL, data={"contract": "obenabe", "action": "write", "d0": "four:A"}, headers=headers
    )
    assert response.status_code == 204 and response.headers["HX-Redirect"] == link(game, "/games/1")
    assert totals_in(game.get("/games/1").get_data(as_text=True)) == (300, 0)


REFUSED = [
    (
        {"action": "add:0", "kind0": "run", "suit0": "rosen", "top0": "8", "len0": "4"},
        "decl-0",
        "unter die 6",
    ),
    (
        {"action": "add:1", "kind1": "run", "suit1": "rosen", "top1": "A", "len1": "10"},
        "decl-1",
        "3 bis 9 Karten",
    ),
    (
        {"action": "write", "d0": "run:rosen:K:4", "d2": "run:rosen:A:3"},
        "decl-2",
        "anderer Spieler",
    ),
    ({"action": "write", "d0": ["run:rosen:K:4", "run:rosen:O:3"]}, "decl-0", "zweimal"),
    ({"action": "write", "d0": ["run:rosen:A:5", "run:rosen:9:3"]}, "decl-0", "zählt ganz"),
    (
        {
            "action": "find:0",
            "cards0": [f"rosen:{r}" for r in "AKOU"]
            + [f"schilten:{r}" for r in ("A", "K", "O", "U", "10", "9")],
        },
        "decl-0",
        "9 Karten",
    ),
    ({"action": "write", "contract": "", "d0": "four:A"}, "contract", "Zuerst den Trumpf"),
    (
        {"action": "write", "contract": "obenabe", "d0": "four:A", "stoeck": "0"},
        "stoeck",
        "nicht bei Obenabe",
    ),
]


@pytest.mark.parametrize(("fields", "field", "message"), REFUSED)
def test_refused_declarations_change_nothing(game, fields, field, message):
    response = game.post(URL, data={"contract": "schellen", **fields})
    assert message in errors_in(response.get_data(as_text=True))[field]
    assert totals_in(game.get("/games/1").get_data(as_text=True)) == (0, 0)


def test_four_nines_only_where_the_table_allows_them(client):
    client.post("/games/new", data=new_game_form(four_nines=None))
    html = client.post(
        URL, data={"contract": "rosen", "action": "add:0", "kind0": "four", "rank0": "9"}
    ).get_data(as_text=True)
    assert errors_in(html)["decl-0"] == "Vier Neuner zählen an diesem Tisch nicht."
    assert chips(html) == []


def test_stoeck_twice_in_a_hand_is_refused(game):
    post(game, action="write", d0="four:A", stoeck="0")
    response = post(game, action="write", d1="run:rosen:A:3", stoeck="1")
    assert response.status_code == 422
    assert (
        errors_in(response.get_data(as_text=True))["stoeck"] == "Stöck gibt es nur einmal pro Hand."
    )
    assert totals_in(game.get("/games/1").get_data(as_text=True)) == (240, 0)


def test_editing_a_hand_keeps_its_declarations(game):
    post(game, action="write", d0="four:A", d1="run:rosen:K:3")
    game.post("/games/1/hands", data={"contract": "schellen", "points": "100", "points_team": "0"})
    page = game.get("/games/1/hands/1").get_data(as_text=True)
    assert "Angesagte Weis bleiben" in page
    assert 'name="declared" type="hidden" value="0=four:A,1=run:rosen:K:3"' in page
    game.post(
        "/games/1/hands/1",
        data={
            "contract": "schellen",
            "points": "90",
            "points_team": "0",
            "declared": "0=four:A,1=run:rosen:K:3",
        },
    )
    # (100 Weis + 90) x 2 = 380 for Wir; 67 x 2 = 134 for Ihr.
    assert totals_in(game.get("/games/1").get_data(as_text=True)) == (380, 134)


def test_a_french_table_declares_in_its_own_words(client):
    client.post(
        "/games/new",
        data=new_game_form(
            deck="french",
            preset="modern",
            mult_hearts="1",
            mult_diamonds="1",
            mult_spades="2",
            mult_clubs="2",
        ),
    )
    html = client.post(
        URL,
        data={
            "contract": "spades",
            "action": "add:0",
            "kind0": "run",
            "suit0": "hearts",
            "top0": "O",
            "len0": "4",
        },
    ).get_data(as_text=True)
    assert "Vierblatt Herz zur Dame · 50" in html
    assert '<option value="U">vier Bauern</option>' in html
    assert re.search(r'value="hearts:U"\s*><span>B</span>', html)


def test_six_players_tap_six_cards(client):
    client.post(
        "/games/new", data=new_game_form(size="6", seat5="Emil", seat6="Fritz", preset="simple")
    )
    cards = [f"rosen:{r}" for r in ("A", "K", "O", "U", "10", "9", "8")]
    html = client.post(
        URL, data={"contract": "schellen", "action": "find:0", "cards0": cards}
    ).get_data(as_text=True)
    assert errors_in(html)["decl-0"] == "Eine Hand hat 6 Karten, nicht 7."
