"""Every mode's game page is a read-only board and an entry panel: the board renders alone,
with the game's figures and without a control that writes (the watch view will show it)."""

from __future__ import annotations

import re

import pytest
from flask import template_rendered
from jinja2_fragments.flask import render_block

from tests.conftest import new_game_form

PLAYERS = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}
ROUND = {
    "trump": "rosen",
    **{f"prediction-{s}": str(p) for s, p in enumerate((40, 30, 50, 37))},
    **{f"points-{s}": str(p) for s, p in enumerate((52, 20, 45, 40))},
    "action": "save",
}

# kind: (the new game's form post, an entry's post, the game page, a figure the board shows)
GAMES = {
    "schieber": (
        ("/games/new", new_game_form()),
        ("/games/1/hands", {"contract": "schellen", "points": "90", "points_team": "0"}),
        "/games/1",
        'id="total-0"><span class="name">Wir</span> <b>180</b>',
    ),
    "handjass": (
        ("/handjass/new", {**PLAYERS, "deck": "swiss"}),
        (
            "/handjass/1/deals",
            {"trump": "rosen", "cards0": "60", "cards1": "50", "cards2": "25", "cards3": "22"},
        ),
        "/handjass/1",
        'id="net-0">Anna <b>1</b>',
    ),
    "differenzler": (
        ("/differenzler/new", {**PLAYERS, "rounds": "12", "deck": "swiss", "exact_bonus": "0"}),
        ("/differenzler/1/round", ROUND),
        "/differenzler/1",
        'id="total-0">12<',
    ),
    "coiffeur": (
        ("/coiffeur/new", {"team1": "Wir", "team2": "Ihr", "deck": "swiss", "board": "8"}),
        ("/coiffeur/1/entries", {"cell": "0:rosen", "points": "95"}),
        "/coiffeur/1",
        'id="sum-0">95<',
    ),
}


@pytest.mark.parametrize("kind", GAMES)
def test_the_board_renders_alone_and_writes_nothing(app, client, kind):
    new, entry, page, figure = GAMES[kind]
    assert client.post(new[0], data=new[1]).status_code == 303
    assert client.post(entry[0], data=entry[1]).status_code == 303
    rendered = []

    def keep(sender, template, context, **extra):
        rendered.append((template.name, context))

    with template_rendered.connected_to(keep, app):
        assert client.get(page).status_code == 200
    name, context = rendered[0]
    assert name == f"{kind}/game.html"
    blocks = app.jinja_env.get_template(name).blocks
    assert {"live", "board", "panel", "history"} <= set(blocks)
    with app.test_request_context(page):
        board = render_block(name, "board", **{**context, "watching": True})
        panel = render_block(name, "panel", **context)
    assert figure in board
    assert not re.search(r"<form|<input|<button|hx-post", board), board
    assert "<form" in panel


def test_every_template_sees_every_global_of_the_app(app, client):
    """Each template sees the environment's globals (Jinja chains them to its own):
    every global the app adds must be there, in the templates loaded while the app was built
    too (its shared macros, `partial`, `kept`)."""
    for number, (new, entry, page, _) in enumerate(GAMES.values(), start=1):
        numbered = f"/{number}"
        assert client.post(new[0], data=new[1]).status_code == 303
        assert client.post(entry[0].replace("/1", numbered), data=entry[1]).status_code == 303
        for headers in ({}, {"HX-Request": "true"}):
            assert client.get(page.replace("/1", numbered), headers=headers).status_code == 200
    env = app.jinja_env
    loaded = list(env.cache.values())
    assert {"guard", "partial", "kept", "url_for", "_"} <= env.globals.keys()
    assert len(loaded) >= 10
    for template in loaded:
        missing = [k for k, v in env.globals.items() if template.globals.get(k) is not v]
        assert not missing, (template.name, missing)
