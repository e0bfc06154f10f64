"""Differenzler's round under way is kept on the server, not in the page: a reload (or back and
forward, or the writer's link opened again, on this phone or another) finds the Trumpf drawn
and the predictions made, still hidden; a reload never draws again; a tap on a page left behind
changes nothing; and the round is saved once, whichever phone saves it."""

from __future__ import annotations

import re

import pytest

from scorer.storage import under_way
from scorer.web.db import get_db
from tests.conftest import errors_in

SETUP = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani", "rounds": "12"}
SETUP |= {"deck": "swiss", "exact_bonus": "0"}
MOVED_ON = "Die Runde ging inzwischen weiter: so steht sie jetzt, nichts geändert."
POINTS = {"points-0": "52", "points-1": "20", "points-2": "45"}  # Dani the rest: 40


@pytest.fixture
def game(client):
    assert client.post("/differenzler/new", data=SETUP).status_code == 303
    return client


def tap(client, step: str | None = None, **fields):
    """One tap on the panel, from a page that shows `step` (None: a post without it)."""
    form = {**fields, **({"step": step} if step else {})}
    return client.post("/differenzler/1/round", data=form)


def shown(html: str) -> dict:
    """What the panel shows: its step, the Trumpf, who has said, whose turn it is."""
    step = re.search(r'name="step" value="([^"]*)"', html)
    trump = re.search(r'id="trump" data-trump="(\w+)"', html)
    asked = re.search(r"<b>(\w+)</b>: deine Ansage", html)
    return {
        "step": step.group(1) if step else None,
        "trump": trump.group(1) if trump else None,
        "said": re.findall(r'<li id="said-\d" class="done"><span class="name">(\w+)<', html),
        "asked": asked.group(1) if asked else None,
        "draw": 'id="draw"' in html,
    }


def kept(app) -> list[tuple]:
    with app.app_context():
        return get_db().execute("SELECT game_id, number FROM under_way").fetchall()


def diffs(html: str, number: int) -> list[int]:
    return [int(d) for d in re.findall(rf'id="diff-{number}-\d">(\d+)</b>', html)]


def test_a_reload_finds_the_trump_and_the_predictions_and_never_draws_again(game, app):
    html = tap(game, action="draw").get_data(as_text=True)
    trump = shown(html)["trump"]
    html = tap(game, shown(html)["step"], action="next", said="43").get_data(as_text=True)
    tap(game, shown(html)["step"], action="next", said="31")

    for _ in range(3):  # a reload, however often, is the same round
        html = game.get("/differenzler/1").get_data(as_text=True)
        assert shown(html) == {
            "step": f"1:{trump}/2",
            "trump": trump,
            "said": ["Anna", "Ben"],
            "asked": "Clara",
            "draw": False,
        }
        # Still hidden: the numbers said are nowhere in the page, not even in a hidden field.
        assert not re.search(r"\b(43|31)\b", html)
    assert kept(app) == [(1, 1)]

    # A draw from a page still showing the first step (an older tab) draws nothing.
    response = tap(game, "1:-/0", action="draw")
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert errors_in(html)["game"] == MOVED_ON
    assert shown(html)["trump"] == trump and shown(html)["asked"] == "Clara"
    # Without the page's step as well: the Trumpf the table has seen stays.
    assert errors_in(tap(game, pick="eicheln").get_data(as_text=True))["game"] == MOVED_ON
    assert shown(game.get("/differenzler/1").get_data(as_text=True))["trump"] == trump

    # The round goes on where it was and is saved with the predictions kept.
    html = tap(game, f"1:{trump}/2", action="next", said="52").get_data(as_text=True)
    html = tap(game, shown(html)["step"], action="next", said="27").get_data(as_text=True)
    assert "stage-points" in html
    html = game.get("/differenzler/1").get_data(as_text=True)  # a reload at the points
    assert "stage-points" in html and shown(html)["step"] == f"1:{trump}/4"
    saved = tap(game, f"1:{trump}/4", action="save", **POINTS)
    assert saved.status_code == 303
    html = game.get(saved.headers["Location"]).get_data(as_text=True)
    assert "Runde 1 gespeichert: Anna 9, Ben 11, Clara 7, Dani 13 daneben." in html
    assert diffs(html, 1) == [9, 11, 7, 13]
    assert f'data-trump="{trump}"' not in html  # round 2 asks for its own Trumpf
    assert shown(html)["draw"] and shown(html)["step"] == "2:-/0"
    assert kept(app) == []


def test_the_writers_link_on_another_phone_goes_on_with_the_same_round(game, app):
    tap(game, pick="schilten")
    tap(game, "1:schilten/0", action="next", said="40")
    other = app.test_client()  # the writer's link opened on another phone
    html = other.get("/differenzler/1").get_data(as_text=True)
    assert shown(html) == {
        "step": "1:schilten/1",
        "trump": "schilten",
        "said": ["Anna"],
        "asked": "Ben",
        "draw": False,
    }
    assert tap(other, "1:schilten/1", action="next", said="30").status_code == 200
    # The first phone, still showing Ben's turn, cannot give Ben's number to Clara.
    response = tap(game, "1:schilten/1", action="next", said="99")
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert errors_in(html)["game"] == MOVED_ON
    assert shown(html)["said"] == ["Anna", "Ben"] and shown(html)["asked"] == "Clara"
    assert not re.search(r"\b(40|30|99)\b", html)
    for said in ("50", "37"):
        step = shown(game.get("/differenzler/1").get_data(as_text=True))["step"]
        assert tap(game, step, action="next", said=said).status_code == 200
    saved = tap(other, "1:schilten/4", action="save", **POINTS)
    assert saved.status_code == 303
    html = game.get("/differenzler/1").get_data(as_text=True)
    assert diffs(html, 1) == [12, 10, 5, 3]  # said 40/30/50/37, made 52/20/45/40


def test_the_round_is_saved_once_whichever_phone_saves_it(game, app):
    tap(game, pick="rosen")
    for said in ("40", "30", "50", "37"):
        tap(game, action="next", said=said)
    page = game.get("/differenzler/1").get_data(as_text=True)
    seen = re.search(r'name="seen" value="([^"]*)"', page).group(1)
    other = app.test_client()
    other.get("/differenzler/1")
    assert tap(other, "1:rosen/4", action="save", seen=seen, **POINTS).status_code == 303
    # The first phone saves the same round a moment later: refused, not entered twice.
    response = tap(game, "1:rosen/4", action="save", seen=seen, **POINTS)
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert re.search(r"Inzwischen hat Handy \w+ um \d\d:\d\d Runde 1 eingetragen", html)
    assert shown(html)["draw"] and shown(html)["step"] == "2:-/0"  # round 2, from the start
    html = game.get("/differenzler/1").get_data(as_text=True)
    assert 'id="row-1"' in html and 'id="row-2"' not in html
    assert diffs(html, 1) == [12, 10, 5, 3]


def test_a_save_sent_twice_lands_once_though_nothing_is_kept_any_more(game, app):
    tap(game, pick="rosen")
    for said in ("40", "30", "50", "37"):
        tap(game, action="next", said=said)
    form = {"action": "save", "once": "round-1-once", **POINTS}
    assert tap(game, "1:rosen/4", **form).status_code == 303
    assert kept(app) == []
    again = tap(game, "1:rosen/4", **form)  # its answer was lost: sent again
    assert again.status_code == 303
    html = game.get("/differenzler/1").get_data(as_text=True)
    assert 'id="row-1"' in html and 'id="row-2"' not in html


def test_after_an_undo_the_round_under_way_waits_for_its_place(game, app):
    tap(game, pick="rosen")
    for said in ("40", "30", "50", "37"):
        tap(game, action="next", said=said)
    assert tap(game, "1:rosen/4", action="save", **POINTS).status_code == 303
    tap(game, pick="eicheln")
    tap(game, "2:eicheln/0", action="next", said="12")  # round 2 under way
    assert game.post("/differenzler/1/undo").status_code == 303
    html = game.get("/differenzler/1").get_data(as_text=True)
    assert shown(html)["draw"] and shown(html)["step"] == "1:-/0"  # round 1 again, afresh
    assert game.post("/differenzler/1/redo").status_code == 303
    html = game.get("/differenzler/1").get_data(as_text=True)
    assert shown(html)["trump"] == "eicheln" and shown(html)["step"] == "2:eicheln/1"


def _to_points(client) -> None:
    """Rosen picked and everyone's prediction said: the round waits for the points."""
    tap(client, pick="rosen")
    for said in ("40", "30", "50", "37"):
        tap(client, action="next", said=said)


def _seen(html: str) -> str:
    return re.search(r'name="seen" value="([^"]*)"', html).group(1)


def test_two_phones_saving_the_same_round_enter_it_once_and_never_again_as_the_next(
    game, app, monkeypatch
):
    """The kept round is forgotten in the save's own transaction (forgotten after it, a phone
    refused in between found round 1's Trumpf and predictions ready to save as round 2): the
    phone refused as behind finds the next round fresh."""
    forgotten_in_the_save = []
    clear = under_way.clear

    def watched(db, game_id, number):
        forgotten_in_the_save.append(db.conn.in_transaction)
        clear(db, game_id, number)

    monkeypatch.setattr(under_way, "clear", watched)
    _to_points(game)
    seen = _seen(game.get("/differenzler/1").get_data(as_text=True))
    other = app.test_client()
    assert tap(other, "1:rosen/4", action="save", seen=seen, **POINTS).status_code == 303
    assert kept(app) == [] and forgotten_in_the_save == [True]
    response = tap(game, "1:rosen/4", action="save", seen=seen, **POINTS)
    assert response.status_code == 409
    assert shown(response.get_data(as_text=True))["step"] == "2:-/0"
    html = game.get("/differenzler/1").get_data(as_text=True)
    assert diffs(html, 1) == [12, 10, 5, 3] and 'id="row-2"' not in html


def test_a_round_taken_back_meanwhile_is_never_overwritten_by_the_next(game, app):
    """Another phone takes round 1 back while this one saves round 2: round 2 is refused and
    stays kept as round 2, for when round 1 is brought back; never saved as round 1."""
    _to_points(game)
    assert tap(game, "1:rosen/4", action="save", **POINTS).status_code == 303
    tap(game, pick="eicheln")
    for said in ("10", "20", "30", "40"):
        tap(game, action="next", said=said)
    seen = _seen(game.get("/differenzler/1").get_data(as_text=True))
    other = app.test_client()
    assert other.post("/differenzler/1/undo").status_code == 303
    response = tap(game, "2:eicheln/4", action="save", seen=seen, **POINTS)
    assert response.status_code == 409
    assert shown(response.get_data(as_text=True))["step"] == "1:-/0"  # round 1 afresh
    assert kept(app) == [(1, 2)]
    assert other.post("/differenzler/1/redo").status_code == 303
    html = game.get("/differenzler/1").get_data(as_text=True)
    assert diffs(html, 1) == [12, 10, 5, 3]  # round 1 as it was
    assert shown(html)["step"] == "2:eicheln/4"  # and round 2 where it stood


def test_a_save_from_a_page_behind_the_round_changes_nothing(game):
    """Another phone took a prediction back since this page was drawn: its save is refused
    with the round as it stands, not saved with what the page no longer shows."""
    _to_points(game)
    assert tap(game, "1:rosen/4", action="back").status_code == 200
    response = tap(game, "1:rosen/4", action="save", **POINTS)
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert errors_in(html)["game"] == MOVED_ON and shown(html)["step"] == "1:rosen/3"
    assert 'id="row-1"' not in game.get("/differenzler/1").get_data(as_text=True)


@pytest.mark.parametrize("step", ["²:rosen/4", "1" * 5000 + ":rosen/4", "0:rosen/4"])
def test_an_odd_step_is_refused_not_a_server_error(game, step):
    _to_points(game)
    response = tap(game, step, action="save", **POINTS)
    assert response.status_code == 409
    assert 'id="row-1"' not in game.get("/differenzler/1").get_data(as_text=True)


@pytest.mark.parametrize(
    "data",
    ['{"trump": "rosen", "said": [[0]]}', "[1, 2]", "not json", '{"trump": 3}'],
)
def test_a_kept_round_of_another_shape_starts_the_round_afresh(game, app, data):
    tap(game, pick="rosen")
    with app.app_context():
        get_db().execute("UPDATE under_way SET data = ?", [data])
    response = game.get("/differenzler/1")
    assert response.status_code == 200
    assert shown(response.get_data(as_text=True))["step"] == "1:-/0"


def test_a_round_kept_as_round_2_is_refused_as_round_1_though_its_page_is_up_to_date(game, app):
    """As above, but the save comes with the fingerprint of the game as it now stands (a phone's
    kept entry is sent on the state it finds): the round says which round it is for, and
    round 2's Trumpf and predictions are never saved as round 1."""
    _to_points(game)
    assert tap(game, "1:rosen/4", action="save", **POINTS).status_code == 303
    tap(game, pick="eicheln")
    for said in ("10", "20", "30", "40"):
        tap(game, action="next", said=said)
    other = app.test_client()
    assert other.post("/differenzler/1/undo").status_code == 303
    seen = _seen(game.get("/differenzler/1").get_data(as_text=True))  # after the undo
    response = tap(game, "2:eicheln/4", action="save", seen=seen, **POINTS)
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))["game"] == (
        "Inzwischen wurde eine Runde zurückgenommen: dies ist Runde 2, als Nächstes kommt "
        "Runde 1. Nichts gespeichert."
    )
    assert 'id="row-1"' not in game.get("/differenzler/1").get_data(as_text=True)
    assert kept(app) == [(1, 2)]
