"""What static/queue.js needs of the server for entries kept on a phone without network: a
queued entry sent again lands once (its token), a queued entry based on an outdated view is
refused with the current state, and every mode's page says what the phone saw and which form
is an entry panel."""

from __future__ import annotations

import re

import pytest

from scorer.storage import links
from scorer.web.db import get_db
from tests.conftest import new_game_form

PLAYERS = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}


def marks(html: str) -> dict[str, str]:
    """What #live says of the record: data-seen, data-entries, data-version."""
    tag = re.search(r'<div id="live"[^>]*>', html).group(0)
    return dict(re.findall(r'data-(seen|entries|version)="([^"]*)"', tag))


def hand(points: str, once: str, seen: str, contract: str = "rosen") -> dict[str, str]:
    return {"contract": contract, "points": points, "points_team": "0", "once": once, "seen": seen}


def page(client, path: str = "/games/1") -> str:
    return client.get(path).get_data(as_text=True)


def test_a_queued_hand_sent_again_lands_once_and_the_next_is_based_on_the_state_after_it(client):
    client.post("/games/new", data=new_game_form())
    start = marks(page(client))
    assert start == {"seen": "0", "entries": "0", "version": "0"}
    # The queue sends without htmx: a stored hand answers with the game's page.
    first = client.post("/games/1/hands", data=hand("62", "queued-1", "0"), follow_redirects=True)
    assert first.status_code == 200
    after = marks(first.get_data(as_text=True))
    assert after["entries"] == "1" and after["version"] == "1"
    assert after["seen"].startswith("1-")
    # Sent again (no answer came the first time): stored once, whatever it saw.
    again = client.post("/games/1/hands", data=hand("62", "queued-1", "0"), follow_redirects=True)
    assert again.status_code == 200
    assert marks(again.get_data(as_text=True)) == after
    # The next queued hand, based on the state after the first, lands after it.
    second = client.post("/games/1/hands", data=hand("100", "queued-2", after["seen"], "schellen"))
    assert second.status_code == 303
    html = page(client)
    assert marks(html)["entries"] == "2"
    export = client.get("/games/1/export.json").get_json()
    assert [(h["contract"], h["points"]) for h in export["hands"]] == [
        ("rosen", 62),
        ("schellen", 100),
    ]


def test_a_stale_queued_hand_is_refused_with_the_current_state(client):
    client.post("/games/new", data=new_game_form())
    client.post("/games/1/hands", data=hand("62", "phone-a-1", "0"))  # this phone, hand 1
    seen = marks(page(client))["seen"]
    client.post("/games/1/hands", data=hand("40", "phone-b-1", seen))  # another phone, hand 2
    now = marks(page(client))
    stale = client.post("/games/1/hands", data=hand("100", "queued-2", seen, "schellen"))
    assert stale.status_code == 409
    html = stale.get_data(as_text=True)
    assert marks(html) == now
    assert now["entries"] == "2" and now["seen"] != seen
    assert 'id="row-2"' in html  # theirs, which the question shows beside mine
    assert "Inzwischen hat" in html
    export = client.get("/games/1/export.json").get_json()
    assert [h["points"] for h in export["hands"]] == [62, 40]
    # Once the table says "keep both", it is sent on the current state: stored third.
    both = client.post("/games/1/hands", data=hand("100", "queued-2", now["seen"], "schellen"))
    assert both.status_code == 303
    assert marks(page(client))["entries"] == "3"


MODES = {
    "schieber": ("/games/new", new_game_form(), "/games/1", 'id="panel"'),
    "handjass": ("/handjass/new", PLAYERS, "/handjass/1", 'id="deal"'),
    "coiffeur": ("/coiffeur/new", {"team1": "Wir", "team2": "Ihr"}, "/coiffeur/1", 'id="entry"'),
}


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_s_page_carries_the_marks_the_queue_reads(client, mode):
    new, setup, path, panel = MODES[mode]
    assert client.post(new, data=setup).status_code == 303
    html = page(client, path)
    assert marks(html) == {"seen": "0", "entries": "0", "version": "0"}
    form = re.search(rf"<form {panel}[^>]*>", html, re.S).group(0)
    assert "data-queue=" in form
    assert 'id="queue"' in html and 'data-wait="wartet auf Netz"' in html
    assert re.search(r'<script src="/static/queue\.js\?v=\w+" defer></script>', html)


def test_schieber_s_panel_words_its_waiting_hand(client):
    client.post("/games/new", data=new_game_form())
    form = re.search(r'<form id="panel"[^>]*>', page(client), re.S).group(0)
    words = re.search(r'data-queue="([^"]*)"', form).group(1)
    assert words.startswith("{contract} · {points_team} {points} · {points_team} {match}")
    assert "Weis Wir {weis_a}" in words and "{stoeck_b} Ihr" in words


def test_differenzler_s_round_is_an_entry_only_at_its_points(client):
    client.post("/differenzler/new", data={**PLAYERS, "rounds": "12", "deck": "swiss"})
    html = page(client, "/differenzler/1")
    assert marks(html) == {"seen": "0", "entries": "0", "version": "0"}
    assert "data-queue" not in re.search(r'<form id="round"[^>]*>', html, re.S).group(0)
    form = {"pick": "rosen"}
    html = client.post("/differenzler/1/round", data=form).get_data(as_text=True)
    for said in ("43", "31", "52", "27"):
        carried = dict(
            re.findall(r'type="hidden" name="(trump|prediction-\d)" value="(\w*)"', html)
        )
        html = client.post(
            "/differenzler/1/round", data={**carried, "action": "next", "said": said}
        ).get_data(as_text=True)
    round_form = re.search(r'<form id="round"[^>]*>', html, re.S).group(0)
    assert "data-queue-one" in round_form
    words = re.search(r'data-queue="([^"]*)"', round_form).group(1)
    assert words == "Rosen · Anna {points-0} · Ben {points-1} · Clara {points-2} · Dani {points-3}"


def test_the_watch_page_has_no_queue(app, client):
    client.post("/games/new", data=new_game_form())
    with app.app_context():
        watch = links.keys(get_db(), 1).watch
    watched = client.get(f"/s/{watch}").get_data(as_text=True)
    assert 'id="tafel"' in watched
    assert 'id="queue"' not in watched and "queue.js" not in watched and "data-queue" not in watched
