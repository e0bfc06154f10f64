"""Any Host header gets an answer of the app: one it cannot use (a label over 63 characters, a
character no host name has, a port past 65535) its 400 in the phone's language, never
waitress's English 500."""

from __future__ import annotations

import sqlite3

import pytest

from scorer.web.core.hosts import usable
from tests.conftest import new_game_form


@pytest.mark.parametrize(
    "host",
    ["jass.example.ch", "jass.test:8443", "127.0.0.1:5000", "[::1]:5000", "a" * 63 + ".ch", "x."],
)
def test_a_host_the_app_can_use(host):
    assert usable(host)


UNUSABLE = [
    "a" * 64 + ".test",
    "a" * 64,
    "jass..test",
    "-jass.test",
    "jass_zaehler.test",
    "jass.test:99999",
    "jass.test:0",
    "jass test",
    "[::1",
    "[zz::1]",
    "jÃ¤ss.ch",
    "",
    ".".join(["a" * 63] * 4) + ".ch",
]


@pytest.mark.parametrize("host", UNUSABLE)
def test_a_host_the_app_cannot_use_gets_its_400_in_the_phones_language(client, host):
    for language, words in (
        ("de-CH", "Der Name des Servers in dieser Adresse ist ungültig."),
        ("fr-CH", "Le nom du serveur dans cette adresse n'est pas valable."),
        ("en", "The server name in this address is not valid."),
    ):
        response = client.get("/", headers={"Host": host, "Accept-Language": language})
        assert response.status_code == 400, host
        assert words in response.get_data(as_text=True)


def test_a_bad_host_is_refused_before_a_watch_link_or_a_post(client, app):
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    conn = sqlite3.connect(app.config["DATABASE"])
    (watch,) = conn.execute("SELECT watch_key FROM games WHERE id = 1").fetchone()
    conn.close()
    bad = {"Host": "a" * 64 + ".test"}
    assert client.get(f"/s/{watch}", headers=bad).status_code == 400
    assert client.post("/games/1/hands", data={}, headers=bad).status_code == 400
    assert client.get("/games/1", headers={"Host": "jass.test"}).status_code == 200
