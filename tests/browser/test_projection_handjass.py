"""The phone's own play of the Handjass deals it keeps without network
(static/projection-handjass.js) is the server's: each deal read from the panel's fields as the
server reads them, written or refused as it is, and played as the engine plays it, deal after
deal (strokes, potatoes, who retired with which deal, held ties, the next Vorhand and dealer,
the loser); and where the server decides what the phone cannot (declared Weis, the draw it
makes for a tie), the phone stops there. The corners are drawn as corner_svg draws them, to
the byte. Run in real Chromium on the script itself, against the server's own code
(scorer/web/handjass/views.py take_deal, the engine's replay), over several tables' rules, two to
four players and a few thousand deals typed the way phones type them, mistakes included."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest
from playwright.sync_api import Page

from scorer.cards import DECKS
from scorer.handjass.game import (
    HandjassGame,
    HandjassRules,
    HandjassState,
    replay,
    scoring,
    standing,
)
from scorer.web.handjass.corners import corner_svg
from scorer.web.handjass.forms import DealForm
from scorer.web.handjass.views import handjass_projection, take_deal

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "projection-handjass.js"


@pytest.fixture
def parts(phone: Page):
    """The script's pure parts, loaded into an empty page: call(name, *args) runs one."""
    phone.set_content("<!DOCTYPE html><title>x</title>")
    phone.add_script_tag(path=str(SCRIPT))

    def call(name: str, *args):
        return phone.evaluate(
            "([name, args]) => args.map((a) => JassProjection.parts[name](...a))", [name, args]
        )

    return call


TABLES = {
    "plain": HandjassRules(),
    "berner": HandjassRules.chosen(berner=True, target=9),
    "minus-one-extra": HandjassRules.chosen(
        players_minus_one=True, extra_per_potato=True, target=4
    ),
    "hold-ties": HandjassRules.chosen(hold_ties=True, target=3, threshold=30),
    "no-drop-french": HandjassRules.chosen(no_drop=True, target=3, deck="french"),
    "short-large-weis": HandjassRules.chosen(
        target=2, threshold=21, weis_large=True, four_nines=True
    ),
}
PLAYERS = ("Anna", "Ben", "Clara", "Dani")


def _points(rng: Random, active: list[int]) -> dict[int, int]:
    """Card points for the players who play: 157 split among them, now and then two of them
    level (a tie) or points that add up to something else."""
    if rng.random() < 0.08:
        return {s: rng.randrange(0, 90) for s in active}
    cuts = sorted(rng.sample(range(158), len(active) - 1)) if len(active) > 1 else []
    bounds = [0, *cuts, 157]
    points = {s: bounds[i + 1] - bounds[i] for i, s in enumerate(active)}
    if len(active) >= 2 and rng.random() < 0.2:
        a, b = rng.sample(active, 2)
        level, left = divmod(points[a] + points[b], 2)
        points[a] = points[b] = level
        others = [s for s in active if s not in (a, b)]
        if others:
            points[rng.choice(others)] += left
    return points


def _typed(rng: Random, value: int) -> str:
    """A number as a thumb types it: mostly plainly."""
    r = rng.random()
    if r < 0.02:
        return f" {value}"
    if r < 0.04:
        return f"+{value}"
    if r < 0.05:
        return f"{value}'"
    if r < 0.06:
        return f"{value}x"
    return str(value)


def deal_fields(rng: Random, count: int, suits: list[str], retired=()) -> dict[str, str]:
    """A deal as the panel posts it (one value a field, as the phone keeps it), for every seat:
    the row of a player who retired is not shown, and posts nothing typed (now and then it
    does, as a panel that still showed them would)."""
    fields = {"trump": rng.choice(suits) if rng.random() > 0.03 else rng.choice(["", "x"])}
    seats = list(range(count))
    statuses = {s: "play" for s in seats}
    r = rng.random()
    if r < 0.08:  # all but one drop out
        alone = rng.choice(seats)
        statuses = {s: "play" if s == alone else "out" for s in seats}
    elif r < 0.2:
        for s in seats:
            statuses[s] = rng.choice(["play", "play", "out", "blind"])
    active = [s for s in seats if statuses[s] != "out"]
    points = _points(rng, active)
    for s in seats:
        if rng.random() > 0.02:
            fields[f"status{s}"] = statuses[s]
        if s in points:
            fields[f"cards{s}"] = _typed(rng, points[s])
        elif rng.random() < 0.03:
            fields[f"cards{s}"] = "10"  # points for one who is out
        fields[f"weis{s}"] = ""
    if active and rng.random() < 0.1:
        fields[f"cards{rng.choice(active)}"] = ""  # the rest of 157, where the server knows it
        if rng.random() < 0.2:
            fields[f"cards{rng.choice(active)}"] = ""
    if rng.random() < 0.08:
        fields[f"weis{rng.choice(seats)}"] = rng.choice(["20", "50", "100", "150", "20", "10"])
        if rng.random() < 0.2:
            fields[f"weis{rng.choice(seats)}"] = rng.choice(["20", "50"])
    if rng.random() < 0.06:
        fields[f"stoeck{rng.choice(seats)}"] = "y"
    if rng.random() < 0.04:
        fields["agreed"] = "y"
    if rng.random() < 0.15:
        fields["confirm"] = "sum"
    r = rng.random()
    if r < 0.08:
        fields["draw"] = str(rng.randrange(count))
    elif r < 0.1:
        fields["draw"] = "random"
    if rng.random() < 0.03:
        fields[f"d{rng.choice(seats)}"] = "four:U"  # declared Weis: the server's ruling
    for s in retired:
        if rng.random() > 0.1:
            fields.update({f"status{s}": "play", f"cards{s}": "", f"weis{s}": ""})
    return fields


def _take(app, game: HandjassGame, state: HandjassState, fields: dict[str, str]):
    """The server's answer to the deal: the game with it written, or None where it does not
    write it as typed or decides it itself (declared Weis, a tie drawn by the server)."""
    with app.test_request_context("/", method="POST", data=fields):
        (written, errors), tie = take_deal(game, state, DealForm(), Random(1))
    declared = any(k[:1] == "d" and k[1:].isdigit() for k in fields)
    drawn = fields.get("draw") == "random" and tie is not None and bool(tie.tied)
    return None if errors or declared or drawn else written


def _start(state: HandjassState) -> dict:
    """The board as the page gives it: its data-state, and each corner's strokes and potatoes."""
    board = json.loads(json.dumps(standing(state)))
    return {**board, "strokes": list(state.strokes), "potatoes": list(state.potatoes)}


def _seen(state: HandjassState, played: int) -> dict:
    return {
        "played": played,
        "deals": len(state.rows),
        "strokes": list(state.strokes),
        "potatoes": list(state.potatoes),
        "retired": {str(s): n for s, n in state.retired.items()},
        "held": [list(h) for h in state.held],
        "vorhand": state.vorhand,
        "dealer": state.dealer,
        "loser": state.loser,
    }


KEYS = ("played", "deals", "strokes", "potatoes", "retired", "held", "vorhand", "dealer", "loser")


@pytest.mark.parametrize("table", list(TABLES), ids=list(TABLES))
def test_kept_deals_play_as_the_server_plays_them(parts, app, table):
    rules = TABLES[table]
    suits = [s.key for s in DECKS[rules.deck]]
    rng = Random(f"handjass-{table}")
    cases, want = [], []
    for count in (2, 3, 4):
        for _ in range(30):
            game = HandjassGame(PLAYERS[:count], rules)
            state = replay(game)
            for _ in range(rng.randrange(7)):  # the stored deals: what the page shows
                taken = _take(app, game, state, deal_fields(rng, count, suits, state.retired))
                if taken is not None:
                    game, state = taken, replay(taken)
            waiting, start, played, going = [], _start(state), 0, True
            for _ in range(rng.randrange(1, 10)):
                fields = deal_fields(rng, count, suits, state.retired)
                waiting.append(fields)
                # Sent one after the other: written up to the first the server does not write.
                taken = _take(app, game, state, fields) if going else None
                going = taken is not None
                if going:
                    game, state, played = taken, replay(taken), played + 1
            cases.append([start, waiting, scoring(rules)])
            want.append(_seen(state, played))
    got = [{k: at[k] for k in KEYS} for at in parts("play", *cases)]
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        assert g == w, (i, cases[i][:2])
    # What the deals covered: the test holds the play to the server only where it was played.
    assert sum(w["played"] for w in want) > 60
    assert sum(1 for w, c in zip(want, cases, strict=True) if w["played"] < len(c[1])) > 20
    assert any(w["retired"] for w in want)
    if rules.target <= 4:  # a game to few strokes ends within the deals typed
        assert any(w["loser"] is not None for w in want)
    if rules.hold_ties:
        assert any(w["held"] for w in want)


def _words(app, language: str, game: HandjassGame) -> dict:
    with app.test_request_context("/", headers={"Accept-Language": language}):
        return handjass_projection(game)["words"]


def _drawn(app, language: str, game: HandjassGame, states) -> list[str]:
    with app.test_request_context("/", headers={"Accept-Language": language}):
        return [str(corner_svg(game, s, seat)) for s in states for seat in range(len(s.strokes))]


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_corners_are_drawn_as_the_server_draws_them_to_the_byte(parts, app, language):
    game = HandjassGame(("Änni & Co", "B'ob", '"Cé"', "<Dani>"))
    states = []
    marks = [  # Vorhand, dealer, who retired with which deal, the loser
        (0, 3, {}, None),
        (2, 1, {3: 12}, None),
        (1, 1, {0: 4, 2: 9}, None),
        (1, 1, {0: 4, 2: 9, 3: 11}, 1),
    ]
    for strokes in range(32):  # tallies in rows of four groups: up to two rows and a bit
        for potatoes in (0, 5, 6, 27):
            p = (strokes, potatoes, strokes // 3, potatoes // 2)
            q = (potatoes, strokes % 7, strokes, 0)
            vorhand, dealer, retired, loser = marks[(strokes + potatoes) % len(marks)]
            states.append(HandjassState(p, q, retired, (), vorhand, dealer, loser))
    words = _words(app, language, game)
    cases = [
        [
            {
                "strokes": list(s.strokes),
                "potatoes": list(s.potatoes),
                "retired": {str(k): v for k, v in s.retired.items()},
                "vorhand": s.vorhand,
                "dealer": s.dealer,
                "loser": s.loser,
            },
            seat,
            list(game.players),
            words,
        ]
        for s in states
        for seat in range(4)
    ]
    got = parts("corner", *cases)
    want = _drawn(app, language, game, states)
    assert len(want) == 512
    assert got[:20] == want[:20]  # a readable diff where it starts
    assert got == want
