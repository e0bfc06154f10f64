"""Two phones at one club table: a game refused because the other phone wrote first (409)
keeps what was typed, says what the other phone stored, and stores nothing until the table
chooses: both (mine as the next game, while the Passe has room), mine instead of theirs (an
edit the record keeps with who and why), or theirs (mine dropped)."""

from __future__ import annotations

import re

import pytest

from tests.web.test_club_pages import evening
from tests.web.test_club_tables import EIGHT, rows, stored_games, text


@pytest.fixture
def table(app):
    """Passe 1 of an evening of eight, two games a Passe, drawn by the leader; two phones at
    table 1 (named "Rot" and "Blau"): the table's path, both phones, the leader's path."""
    leader_phone = app.test_client()
    form = evening(players="\n".join(EIGHT), games="other", games_other="2")
    leader = leader_phone.post("/abend/neu", data=form).headers["Location"]
    seen = str(rows(app, "SELECT version FROM events")[0][0])
    assert (
        leader_phone.post(f"{leader}/auslosen", data={"passe": "1", "seen": seen}).status_code
        == 303
    )
    (key,) = rows(app, "SELECT key FROM event_tables WHERE table_no = 1")[0]
    red, blue = app.test_client(), app.test_client()
    red.set_cookie("phone", "Rot")
    blue.set_cookie("phone", "Blau")
    return f"/tisch/{key}", red, blue, leader_phone, leader


def panel(phone, page) -> dict[str, str]:
    """The hidden fields of the table's panel as this phone's page shows it now."""
    html = phone.get(page).get_data(as_text=True)
    form = re.search(r'<form id="panel".*?</form>', html, re.S).group(0)
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))


def send(phone, page, shown, points, side, **extra):
    data = {**shown, "points": str(points), "side": str(side), **extra}
    return phone.post(f"{page}/spiele", data=data)


def choices(response) -> dict[str, str]:
    """The hidden fields of the conflict's form, and the buttons it offers."""
    html = response.get_data(as_text=True)
    form = re.search(r'<form method="post" action="[^"]*/wahl".*?</form>', html, re.S).group(0)
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    buttons = re.findall(r'name="choice" value="(\w+)"', form)
    return {**fields, "buttons": " ".join(buttons)}


def conflict(table, typed=80):
    """Both phones show the panel of game 1; Blau saves 62 : 95 first, then Rot sends
    `typed` for side A on its page, which no longer stands."""
    page, red, blue, *_ = table
    shown_red, shown_blue = panel(red, page), panel(blue, page)
    assert send(blue, page, shown_blue, 95, 1).status_code == 303
    return send(red, page, shown_red, typed, 0)


def test_a_game_the_other_phone_wrote_first_is_kept_and_both_are_shown(table, app):
    page, *_ = table
    refused = conflict(table)
    assert refused.status_code == 409
    said = text(refused)
    assert "Inzwischen hat ein anderes Handy Spiel 1 eingetragen. Was gilt?" in said
    theirs = re.search(r'id="conflict-theirs">([^<]*)<', said).group(1)
    mine = re.search(r'id="conflict-mine">([^<]*)<', said).group(1)
    assert re.fullmatch(r"Spiel 1: .+ 62 : 95 .+", theirs)
    assert re.fullmatch(r"Spiel 1: .+ 80 : 77 .+", mine)
    assert "«Beide behalten» trägt meines als Spiel 2 ein" in said
    # Nothing of Rot's stored until it chooses; its game rides in the question's form.
    assert stored_games(app, page) == ['{"tricks": [62, 95], "match": null}']
    kept = choices(refused)
    assert kept["points"] == "80" and kept["side"] == "0" and kept["number"] == "1"
    assert kept["buttons"] == "both instead drop" and kept["new"] == "1"


def test_both_keeps_mine_as_the_next_game(table, app):
    page, red, *_ = table
    kept = choices(conflict(table))
    chosen = red.post(f"{page}/wahl", data={**kept, "choice": "both"})
    assert chosen.status_code == 303
    assert stored_games(app, page) == [
        '{"tricks": [62, 95], "match": null}',
        '{"tricks": [80, 77], "match": null}',
    ]
    # Sent twice (a double tap), it lands once.
    assert red.post(f"{page}/wahl", data={**kept, "choice": "both"}).status_code == 303
    assert len(stored_games(app, page)) == 2


def test_mine_replaces_theirs_and_the_record_says_who_and_why(table, app):
    page, red, _blue, leader_phone, leader = table
    kept = choices(conflict(table))
    assert red.post(f"{page}/wahl", data={**kept, "choice": "instead"}).status_code == 303
    assert stored_games(app, page) == ['{"tricks": [80, 77], "match": null}']
    changes = rows(app, "SELECT phone, kind, number, reason FROM event_changes WHERE table_no = 1")
    assert changes == [("Blau", "enter", 1, None), ("Rot", "edit", 1, "instead")]
    record = text(leader_phone.get(leader))
    assert (
        "Rot: Passe 1 · Tisch 1: Spiel 1 geändert, 62 : 95 → 80 : 77 («Meine statt ihrer»: "
        "Blau hatte es zuerst eingetragen)" in record
    )


def test_theirs_drops_mine_and_stores_nothing(table, app):
    page, red, *_ = table
    kept = choices(conflict(table))
    dropped = red.post(f"{page}/wahl", data={**kept, "choice": "drop"})
    assert dropped.status_code == 303 and dropped.headers["Location"] == page
    assert stored_games(app, page) == ['{"tricks": [62, 95], "match": null}']
    assert len(rows(app, "SELECT 1 FROM event_changes WHERE table_no = 1")) == 1


def test_at_the_last_game_both_cannot_stand_and_only_mine_or_theirs_is_offered(table, app):
    page, red, blue, *_ = table
    assert send(blue, page, panel(blue, page), 100, 0).status_code == 303  # game 1
    shown_red, shown_blue = panel(red, page), panel(blue, page)  # both on game 2, the last
    assert send(blue, page, shown_blue, 95, 1).status_code == 303
    refused = send(red, page, shown_red, 70, 0)
    assert refused.status_code == 409
    said = text(refused)
    assert (
        "Zwei Einträge können nicht beide Spiel 2 sein, und alle 2 Spiele sind eingetragen" in said
    )
    kept = choices(refused)
    assert kept["buttons"] == "instead drop"
    # A forged "both" is refused too, and stores nothing.
    forged = red.post(f"{page}/wahl", data={**kept, "choice": "both"})
    assert forged.status_code == 409 and "Alle 2 Spiele sind eingetragen." in text(forged)
    assert "70 : 87" in text(forged)  # Rot's game, still said
    assert len(stored_games(app, page)) == 2


def test_the_other_phone_moving_on_again_asks_again_on_what_stands(table, app):
    page, red, blue, *_ = table
    kept = choices(conflict(table))
    # Blau changes game 1 while Rot's question is on the screen.
    assert send(blue, page, panel(blue, page) | {"number": "1"}, 110, 0).status_code == 303
    again = red.post(f"{page}/wahl", data={**kept, "choice": "instead"})
    assert again.status_code == 409
    assert re.search(r'id="conflict-theirs">Spiel 1: .+ 110 : 47 ', text(again))
    assert choices(again)["buttons"] == "both instead drop"
    assert stored_games(app, page)[0] == '{"tricks": [110, 47], "match": null}'


def test_a_forged_choice_is_refused_and_stores_nothing(table, app):
    page, red, *_ = table
    kept = choices(conflict(table))
    forged = red.post(f"{page}/wahl", data={**kept, "choice": "all"})
    assert forged.status_code == 422 and "Was gilt? Einen der Knöpfe tippen." in text(forged)
    assert len(stored_games(app, page)) == 1


def test_where_no_game_holds_its_place_the_panel_comes_back_with_what_was_typed(table, app):
    page, red, blue, *_ = table
    assert send(blue, page, panel(blue, page), 100, 0).status_code == 303
    shown_red = panel(red, page)  # game 2
    taken = blue.post(f"{page}/zuruecknehmen", data={"seen": panel(blue, page)["seen"]})
    assert taken.status_code == 303
    refused = send(red, page, shown_red, 70, 0, weis_a="20")
    assert refused.status_code == 409
    said = text(refused)
    assert "ein Tipp speichert es als Spiel 1" in said
    assert re.search(r'id="points" name="points" value="70"', said)
    assert stored_games(app, page) == []


def test_a_game_sent_after_the_passe_was_handed_in_is_said_not_lost(table, app):
    page, red, blue, *_ = table
    shown_red = panel(red, page)
    for points in (100, 90):
        assert send(blue, page, panel(blue, page), points, 0).status_code == 303
    assert blue.post(f"{page}/abgeben", data={"seen": panel_seen(blue, page)}).status_code == 303
    refused = send(red, page, shown_red, 70, 1)
    assert refused.status_code == 409
    said = text(refused)
    assert "Die Passe ist abgegeben" in said
    assert re.search(
        r'id="unsaved"><b>Von diesem Handy, nicht gespeichert:</b> Spiel 1: .+ 87 : 70 ', said
    )


def panel_seen(phone, page) -> str:
    html = phone.get(page).get_data(as_text=True)
    return re.search(r'name="seen" value="([^"]*)"', html).group(1)
