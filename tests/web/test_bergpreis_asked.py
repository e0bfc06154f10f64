"""Both teams to the Bergpreis in one hand's tricks: the table says who got there first (the
best apps ask), unless the table plays that both share it (issue 31)."""

from __future__ import annotations

import re

from tests.conftest import new_game_form, totals_in

HANDS = (  # 200 : 114, then 314 : 314, then Obenabe ×3 takes both over 500 together
    {"contract": "schellen", "points": "100", "points_team": "0"},
    {"contract": "schellen", "points": "100", "points_team": "1"},
    {"contract": "obenabe", "points": "80", "points_team": "0"},
)


def marked(html: str) -> list[str]:
    """The teams whose half of the slate is marked with the Bergpreis."""
    halves = re.findall(r'<svg class="slate-half[^"]*"([^>]*)>(.*?)</svg>', html, re.S)
    teams = [re.search(r'data-team="(\d)"', attributes).group(1) for attributes, _ in halves]
    return sorted(
        t for t, (_, inside) in zip(teams, halves, strict=True) if ">Bergpreis<" in inside
    )


def play(client, ask: bool) -> str:
    form = new_game_form(target="1000", preset="custom", bergpreis_ask="y" if ask else None)
    assert client.post("/games/new", data=form).status_code == 303
    for hand in HANDS:
        assert client.post("/games/1/hands", data=hand).status_code == 303
    return client.get("/games/1").get_data(as_text=True)


def test_the_table_is_asked_and_its_answer_gives_one_team_the_bergpreis(client):
    html = play(client, ask=True)
    assert totals_in(html) == (554, 545)
    asked = html.split('id="bergpreis-ask"')[1].split("</section>")[0]
    assert (
        "Hand 3 brachte beide Teams über 500." in asked and "Wer war zuerst am Bergpreis?" in asked
    )
    assert re.findall(r'name="team" value="(\d)">\s*<button[^>]*>(\w+)</button>', asked) == [
        ("0", "Wir"),
        ("1", "Ihr"),
    ]
    assert marked(html) == ["0", "1"]  # until the table says, both share it
    assert client.post("/games/1/bergpreis", data={"team": "1"}).status_code == 303
    html = client.get("/games/1").get_data(as_text=True)
    assert 'id="bergpreis-ask"' not in html
    assert marked(html) == ["1"]
    assert totals_in(html) == (554, 545)  # no point moves
    changes = client.get("/games/1/changes").get_data(as_text=True)
    assert "zuerst am Bergpreis: Ihr" in changes
    # Said once: a second answer changes nothing; a team that is not at the table is refused.
    assert client.post("/games/1/bergpreis", data={"team": "0"}).status_code == 303
    assert marked(client.get("/games/1").get_data(as_text=True)) == ["1"]
    assert client.post("/games/1/bergpreis", data={"team": "2"}).status_code == 400


def test_a_table_that_shares_the_bergpreis_is_not_asked(client):
    html = play(client, ask=False)
    assert 'id="bergpreis-ask"' not in html
    assert marked(html) == ["0", "1"]


def test_the_new_game_page_asks_by_default(client):
    html = client.get("/games/new").get_data(as_text=True)
    assert re.search(
        r'<input checked id="bergpreis_ask" name="bergpreis_ask" type="checkbox"', html
    )
