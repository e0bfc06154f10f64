"""The undo says what it takes back ("Hand 9 zurücknehmen"), and nothing that leaves a page
says a bare "zurück": nobody leaving a page takes a hand back by mistake (issue 31)."""

from __future__ import annotations

import re

import pytest

from tests.web.test_boards import GAMES

UNDO = {
    "schieber": "Hand {n} zurücknehmen",
    "handjass": "Spiel {n} zurücknehmen",
    "differenzler": "Runde {n} zurücknehmen",
    "coiffeur": "Eintrag {n} zurücknehmen",
}
BARE = re.compile(r">\s*(?:←|↶)?\s*zurück\s*<", re.I)


@pytest.mark.parametrize("kind", GAMES)
def test_the_undo_names_the_entry_it_takes_back(client, kind):
    new, entry, page, _ = GAMES[kind]
    assert client.post(new[0], data=new[1]).status_code == 303
    assert client.post(entry[0], data=entry[1]).status_code == 303
    html = client.get(page).get_data(as_text=True)
    undo = re.search(r'id="undo">↶ ([^<]+)</button>', html)
    assert undo and undo.group(1) == UNDO[kind].format(n=1)
    # Said beside the word on the entry just saved too (an htmx answer), the same words.
    second = {**entry[1], "cell": "1:rosen"} if kind == "coiffeur" else entry[1]  # another cell
    saved = client.post(entry[0], data=second, headers={"HX-Request": "true"})
    words = re.findall(r'id="undo">↶ ([^<]+)</button>', saved.get_data(as_text=True))
    assert words == [UNDO[kind].format(n=2)]


@pytest.mark.parametrize("kind", GAMES)
def test_no_link_or_button_says_a_bare_zurueck(client, kind):
    new, entry, page, _ = GAMES[kind]
    client.post(new[0], data=new[1])
    client.post(entry[0], data=entry[1])
    edit = {"schieber": "hands", "handjass": "deals", "differenzler": "rounds"}.get(kind, "entries")
    for url in (page, f"{page}/{edit}/1", "/phone"):
        html = client.get(url).get_data(as_text=True)
        assert not BARE.search(html), url
