"""A phone without a name is "Handy 7A3" in the record, whatever its language, and each reader
sees it in theirs: "Téléphone 7A3" in French, "Phone 7A3" in English (issue 31). A name the
phone was given stays as typed."""

from __future__ import annotations

import re
import sqlite3

from tests.conftest import new_game_form
from tests.web.test_catalogues import ENGLISH, FRENCH

HAND = {"contract": "rosen", "points": "90", "points_team": "0"}


def recorded(app) -> list[str]:
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return [phone for (phone,) in conn.execute("SELECT phone FROM changes ORDER BY id")]
    finally:
        conn.close()


def test_an_unnamed_phone_is_recorded_once_and_said_in_each_readers_language(app, client):
    client.get("/", headers=FRENCH)  # the phone's id: its cookie
    device = client.get_cookie("device").value[:3].upper()
    assert client.post("/games/new", data=new_game_form(), headers=FRENCH).status_code == 303
    assert client.post("/games/1/hands", data=HAND, headers=FRENCH).status_code == 303
    assert set(recorded(app)) == {f"Handy {device}"}  # kept in one form, not the writer's words
    said = {}
    for language, headers in (("de", {}), ("fr", FRENCH), ("en", ENGLISH)):
        html = client.get("/games/1/changes", headers=headers).get_data(as_text=True)
        said[language] = set(re.findall(r"<b>([^<]+)</b>", html.split('class="when"', 1)[1]))
    assert said == {
        "de": {f"Handy {device}"},
        "fr": {f"Téléphone {device}"},
        "en": {f"Phone {device}"},
    }


def test_a_name_given_stays_as_typed_and_old_french_records_read_in_german(app, client):
    client.post("/phone", data={"name": "Handy Anna", "back": "/"})
    client.post("/games/new", data=new_game_form())
    client.post("/games/1/hands", data=HAND)
    assert set(recorded(app)) == {"Handy Anna"}
    conn = sqlite3.connect(app.config["DATABASE"])
    with conn:  # a record written by a French phone before names were kept in German
        conn.execute("UPDATE changes SET phone = 'Téléphone 7A3' WHERE id = 1")
    conn.close()
    html = client.get("/games/1/changes").get_data(as_text=True)
    assert "<b>Handy 7A3</b>" in html and "<b>Handy Anna</b>" in html
    assert "Téléphone" not in html
