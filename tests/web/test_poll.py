"""Every open page of a game polls its board: the board alone while the game changed, a 304
(no game loaded) while it did not."""

from __future__ import annotations

import pytest

from tests.web.test_boards import GAMES

POLL = {"teil": "tafel"}


@pytest.mark.parametrize("kind", GAMES)
def test_the_board_is_polled_with_its_version_as_etag(client, kind):
    new, entry, page, figure = GAMES[kind]
    assert client.post(new[0], data=new[1]).status_code == 303
    first = client.get(page, query_string=POLL)
    assert first.status_code == 200
    tag = first.headers["ETag"]
    assert tag == f'W/"{kind}-1-0"'
    assert "no-cache" in first.headers["Cache-Control"]
    html = first.get_data(as_text=True)
    assert "<form" not in html and figure not in html
    # The board polls on: but Coiffeur's writer, whose board holds the entry's choices.
    assert ("data-poll" in html) is (kind != "coiffeur")
    # Unchanged: 304 and nothing else.
    same = client.get(page, query_string=POLL, headers={"If-None-Match": tag})
    assert same.status_code == 304 and same.get_data() == b""
    # Another phone writes: the next poll brings the new board and a new tag.
    assert client.post(entry[0], data=entry[1]).status_code == 303
    after = client.get(page, query_string=POLL, headers={"If-None-Match": tag})
    assert after.status_code == 200
    assert after.headers["ETag"] == f'W/"{kind}-1-1"'
    assert figure in after.get_data(as_text=True)


def test_a_poll_of_no_game_is_a_404(client):
    assert client.get("/games/7", query_string=POLL).status_code == 404
    assert client.get("/handjass/7", query_string=POLL).status_code == 404
