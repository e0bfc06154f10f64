"""Claiming ("bedanken") on its page, the end screen, and what each team still needs."""

import re

import pytest

from tests.conftest import errors_in, new_game_form, totals_in


@pytest.fixture
def game(client):
    """Simple rules to 1000 (all ×1): Wir and Ihr both at 471 after six hands of 150 : 7."""
    client.post("/games/new", data=new_game_form(preset="simple", **_simple()))
    for team in ("0", "0", "0", "1", "1", "1"):
        client.post(
            "/games/1/hands", data={"contract": "rosen", "points": "150", "points_team": team}
        )
    assert totals_in(client.get("/games/1").get_data(as_text=True)) == (471, 471)
    return client


def _simple() -> dict:
    keys = ("rosen", "eicheln", "schilten", "schellen", "obenabe", "undenufe")
    return {"target": "1000", **{f"mult_{k}": "1" for k in keys}}


def claim(client, **fields):
    return client.post("/games/1/claim", data=fields)


def ending(html: str) -> list[str]:
    return re.findall(r"<li>([^<]+)</li>", html.split('id="ending"')[1].split("</ol>")[0])


def test_the_claim_page_asks_only_what_the_ruling_needs(game):
    html = game.get("/games/1/claim").get_data(as_text=True)
    assert "Wir (471)" in html and "Ihr (471)" in html
    assert 'name="first_trick"' in html and 'name="trick_points"' in html
    assert "Im ersten Stich gilt Stöck – Weis – Stich" in html


def test_a_claim_short_of_the_target_loses(game):
    game.post("/games/1/hands", data={"contract": "rosen", "weis_a": "100", "points_team": "0"})
    response = claim(game, claim_team="0", contract="rosen", first_trick="no", claim_points="60")
    assert response.status_code == 303
    html = game.get("/games/1").get_data(as_text=True)
    # Wir: 471 + Weis 100 + 60 tricks = 631, short of 1000.
    assert totals_in(html) == (631, 471)
    assert "Ihr gewinnt" in html
    assert ending(html)[-1] == "631 &lt; 1000: zu früh bedankt, Ihr gewinnt."


def test_a_claim_that_loses_is_not_schneider(game):
    claim(game, claim_team="1", contract="obenabe", first_trick="no", claim_points="100")
    html = game.get("/games/1").get_data(as_text=True)
    assert "Wir gewinnt" in html and "ist Schneider" not in html


def test_a_claim_over_the_target_wins(client):
    client.post("/games/new", data=new_game_form(preset="custom", target="500"))
    client.post("/games/1/hands", data={"contract": "obenabe", "points": "150", "points_team": "0"})
    # Wir 450, Ihr 21. Wir claim in Schellen ×2 with 30 points: 450 + 30 ×2 = 510.
    response = client.post(
        "/games/1/claim",
        data={"claim_team": "0", "contract": "schellen", "first_trick": "no", "claim_points": "30"},
    )
    assert response.status_code == 303
    html = client.get("/games/1").get_data(as_text=True)
    assert totals_in(html) == (510, 21)
    assert "Wir gewinnt doppelt: Ihr ist Schneider" in html
    assert ending(html) == [
        "Wir bedankt sich; es zählen die eigenen Punkte.",
        "Stich: 450 + 30 ×2 = 510.",
        "510 ≥ 500: Wir gewinnt.",
    ]


def test_a_first_trick_claim_where_nobody_gets_there(game):
    game.post("/games/1/hands", data={"contract": "schellen", "weis_b": "20", "points_team": "0"})
    # Ihr wrote Weis 20. Wir claim in the first trick, Ihr announce Stöck: in the order Stöck,
    # Weis, Stich nobody gets to 1000, so Wir claimed too early and Ihr win.
    claim(
        game,
        claim_team="0",
        first_trick="yes",
        trick_team="0",
        trick_points="30",
        stoeck="1",
    )
    html = game.get("/games/1").get_data(as_text=True)
    assert "Ihr gewinnt" in html
    assert ending(html) == [
        "Wir bedankt sich im ersten Stich: es zählt Stöck – Weis – Stich, wer zuerst am Ziel ist.",
        "Stöck Ihr: 471 + 20 = 491.",
        "Weis Ihr: 491 + 20 = 511.",
        "Stich Wir: 471 + 30 = 501.",
        "Niemand erreicht 1000: Wir hat sich zu früh bedankt, Ihr gewinnt.",
    ]


def test_undo_takes_back_a_claim(game):
    claim(game, claim_team="1", contract="obenabe", first_trick="no", claim_points="100")
    assert "Wir gewinnt" in game.get("/games/1").get_data(as_text=True)
    game.post("/games/1/undo")
    html = game.get("/games/1").get_data(as_text=True)
    assert 'id="result"' not in html and 'id="panel"' in html
    assert "vorher Wir gewinnt, jetzt noch nicht entschieden" in html  # said, not silent
    assert totals_in(html) == (471, 471)


REFUSED = [
    ({"contract": "rosen", "first_trick": "no", "claim_points": "50"}, "claim_team", "Welches"),
    ({"claim_team": "0", "first_trick": "no", "claim_points": "50"}, "contract", "Trumpf"),
    ({"claim_team": "0", "contract": "rosen", "first_trick": "no"}, "claim_points", "auch 0"),
    (
        {"claim_team": "0", "contract": "rosen", "first_trick": "no", "claim_points": "x"},
        "claim_points",
        "ganze Zahl",
    ),
    (
        {"claim_team": "0", "contract": "rosen", "first_trick": "no", "claim_points": "158"},
        "claim_points",
        "0 bis 157",
    ),
    (
        {"claim_team": "0", "contract": "rosen", "first_trick": "yes", "trick_points": "20"},
        "trick_team",
        "ersten Stich gemacht",
    ),
    (
        {
            "claim_team": "0",
            "contract": "rosen",
            "first_trick": "yes",
            "trick_team": "1",
            "trick_points": "57",
        },
        "trick_points",
        "0 bis 56",
    ),
    (
        {
            "claim_team": "0",
            "contract": "obenabe",
            "first_trick": "yes",
            "trick_team": "1",
            "trick_points": "45",
        },
        "trick_points",
        "0 bis 44",
    ),
    (
        {
            "claim_team": "0",
            "contract": "obenabe",
            "first_trick": "no",
            "claim_points": "40",
            "stoeck": "0",
        },
        "stoeck",
        "nicht bei Obenabe",
    ),
]


@pytest.mark.parametrize(("fields", "field", "message"), REFUSED)
def test_refused_claims_change_nothing(game, fields, field, message):
    response = claim(game, **fields)
    assert response.status_code == 422
    assert message in errors_in(response.get_data(as_text=True))[field]
    html = game.get("/games/1").get_data(as_text=True)
    assert totals_in(html) == (471, 471) and "gewinnt" not in html


def test_what_each_team_still_needs(client):
    client.post("/games/new", data=new_game_form(target="1000", preset="custom"))
    client.post("/games/1/hands", data={"contract": "rosen", "points": "150", "points_team": "0"})
    html = client.get("/games/1").get_data(as_text=True).split('id="needs"')[1]
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.split("</details>")[0]))
    # Wir 150: 350 to half of 1000, 850 to the target; per multiplier, rounded up.
    assert "350 zum Bergpreis und aus dem Schneider · ×1 (Rosen, Eicheln): 350; " in text
    assert "×2 (Schilten, Schellen): 175; ×3 (Obenabe, Undenufe): 117" in text
    assert "850 zum Ziel · ×1 (Rosen, Eicheln): 850; ×2 (Schilten, Schellen): 425;" in text
    # Ihr 7: 493 to half, 993 to the target.
    assert "493 zum Bergpreis und aus dem Schneider" in text and "993 zum Ziel" in text


def _needs_text(client, number: int, **headers) -> str:
    html = client.get(f"/games/{number}", headers=headers).get_data(as_text=True)
    html = html.split('id="needs"')[1].split("</details>")[0]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_what_each_team_still_needs_is_said_per_game_and_language(client):
    """The multiplier groups' names are kept per language and per game's multipliers: a game
    that doubles other contracts, or a phone in French, never gets another's."""
    client.post("/games/new", data=new_game_form(target="1000", preset="custom"))
    client.post(
        "/games/new",
        data=new_game_form(
            target="1000", preset="custom", mult_schilten="1", mult_obenabe="2", mult_undenufe="4"
        ),
    )
    assert "×2 (Schilten, Schellen): 250" in _needs_text(client, 1)
    second = _needs_text(client, 2)
    assert (
        "500 zum Bergpreis und aus dem Schneider · ×1 (Rosen, Eicheln, Schilten): 500; " in second
    )
    assert "×2 (Schellen, Obenabe): 250; ×4 (Undenufe): 125" in second
    french = _needs_text(client, 1, **{"Accept-Language": "fr-CH"})
    assert "1000 pour le but · ×1 (Roses, " in french and "×2 (Écus, " in french
    assert "×2 (Schilten, Schellen): 250" in _needs_text(client, 1)


def test_house_order_and_auto_end_are_settings(client):
    client.post(
        "/games/new",
        data=new_game_form(order="stoeck,stich,weis", auto_end="y", target="300", preset="custom"),
    )
    html = client.get("/games/1").get_data(as_text=True)
    assert "im ersten Stich Stöck – Stich – Weis; das Spiel endet von selbst am Ziel" in html
    client.post("/games/1/hands", data={"contract": "rosen", "points": "150", "points_team": "0"})
    # Wir 150, Ihr 7. Weis 50 in Obenabe ×3 on a new hand: 150 + 150 = 300, the game is over.
    client.post("/games/1/hands", data={"contract": "obenabe", "weis_a": "50", "points_team": "0"})
    html = client.get("/games/1").get_data(as_text=True)
    assert "Wir gewinnt" in html
    assert ending(html) == ["Wir erreicht 300 in Hand 2 mit dem Weis."]


def test_the_other_teams_tricks_count_for_schneider(client):
    client.post("/games/new", data=new_game_form(preset="custom", target="500"))
    client.post("/games/1/hands", data={"contract": "obenabe", "points": "150", "points_team": "0"})
    # Wir 450, Ihr 21. Wir claim in Schellen ×2 with 30; Ihr had 115 tricks: 21 + 230 = 251,
    # over half of 500, so not Schneider (002: both sides count their tricks).
    client.post(
        "/games/1/claim",
        data={
            "claim_team": "0",
            "contract": "schellen",
            "first_trick": "no",
            "claim_points": "30",
            "other_points": "115",
        },
    )
    html = client.get("/games/1").get_data(as_text=True)
    assert totals_in(html) == (510, 251)
    assert "Wir gewinnt" in html and "ist Schneider" not in html
    response = client.post(
        "/games/1/undo",
    )
    response = client.post(
        "/games/1/claim",
        data={
            "claim_team": "0",
            "contract": "schellen",
            "first_trick": "no",
            "claim_points": "30",
            "other_points": "140",
        },
    )
    assert "höchstens 157" in errors_in(response.get_data(as_text=True))["other_points"]
