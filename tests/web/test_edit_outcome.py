"""An edit or a deletion says on the page what it did, and what it did to the outcome when it
changed who has the Bergpreis, or who won."""

from __future__ import annotations

import re

from tests.conftest import link, new_game_form


def note(html: str) -> str | None:
    found = re.search(r'<p class="note" id="note" role="status">([^<]*)</p>', html)
    return found.group(1) if found else None


def test_an_edit_that_moves_the_bergpreis_says_so(client):
    # Target 1000, Bergpreis at 500. Hand 1: Wir Match in Undenufe x3 = 771: Wir's Bergpreis.
    client.post("/games/new", data=new_game_form(preset="custom", target="1000"))
    match = {"contract": "undenufe", "match": "y", "points_team": "0"}
    assert client.post("/games/1/hands", data=match).status_code == 303
    hand = {"contract": "rosen", "points": "80", "points_team": "1"}
    assert client.post("/games/1/hands", data=hand).status_code == 303
    # The Match was Ihr's: the Bergpreis moves to Ihr, and the page says so after the edit.
    edited = {**match, "points_team": "1"}
    response = client.post("/games/1/hands/1", data=edited)
    assert response.status_code == 303
    assert response.headers["Location"] == link(client, "/games/1")
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert note(html) == "Hand 1 geändert: Bergpreis jetzt Ihr."
    assert note(client.get("/games/1").get_data(as_text=True)) is None  # said once


def test_an_edit_that_changes_nothing_of_the_outcome_says_what_it_changed(client):
    """Back from the edit page, the table sees that the edit was written (it said nothing when
    the outcome stayed, and a writer could not tell a saved edit from a lost one)."""
    client.post("/games/new", data=new_game_form(preset="custom", target="1000"))
    hand = {"contract": "rosen", "points": "80", "points_team": "1"}
    assert client.post("/games/1/hands", data=hand).status_code == 303
    assert client.post("/games/1/hands", data=hand).status_code == 303
    response = client.post("/games/1/hands/1", data={**hand, "points": "90"})
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert note(html) == "Hand 1 geändert."
    assert 'class="note-row"' not in html  # no undo beside: it would take back hand 2
    assert "Hand 2 zurücknehmen" in html
    response = client.post("/games/1/hands/2/delete")
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert note(html) == "Hand 2 gelöscht."


def test_a_deletion_that_undoes_the_win_says_who_won_before(client):
    # Simple rules to 450 (all x1): two Matches of Wir (257 + 257 = 514) win the game.
    client.post("/games/new", data=new_game_form(preset="simple", target="450"))
    match = {"contract": "rosen", "match": "y", "points_team": "0"}
    assert client.post("/games/1/hands", data=match).status_code == 303
    assert client.post("/games/1/hands", data=match).status_code == 303
    response = client.post("/games/1/hands/2/delete")
    assert response.status_code == 303
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert note(html) == (
        "Hand 2 gelöscht: vorher Wir gewinnt, Ihr ist Schneider, jetzt noch nicht entschieden."
    )
