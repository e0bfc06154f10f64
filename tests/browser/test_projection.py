"""The phone's own scoring of the hands it keeps without network (static/projection-schieber.js)
is the server's: each step's points as scorer.schieber.game.steps() gives them, the slate as
scorer.slate writes it, and its strokes as scorer.web.schieber.slate draws them, to the byte. Run
in real Chromium on the script itself, against the engine, over every contract of several
tables' rules and a grid of slates."""

from __future__ import annotations

from itertools import product
from pathlib import Path

import pytest
from playwright.sync_api import Page

from scorer.schieber.claims import HOUSE_ORDER
from scorer.schieber.contracts import Rules
from scorer.schieber.game import Hand, scoring, steps
from scorer.slate import Slate
from scorer.web.schieber.slate import _bottom, _middle, _rest, _top

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "projection-schieber.js"


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


def _fields(hand: Hand) -> dict[str, str]:
    """The hand as the panel's form posts it."""
    fields = {"contract": hand.contract, "points_team": str(hand.points_team)}
    fields["points"] = "" if hand.points is None else str(hand.points)
    if hand.match:
        fields["match"] = "y"
    for key, weis in zip(("weis_a", "weis_b"), hand.weis, strict=True):
        fields[key] = str(weis) if weis else ""
    if hand.stoeck is not None:
        fields[("stoeck_a", "stoeck_b")[hand.stoeck]] = "y"
    return fields


TABLES = [
    Rules.from_preset("modern"),
    Rules.from_preset("classic", deck="french"),
    # The game ends by itself: the house order decides the steps (Stich first here).
    Rules.from_preset("modern", auto_end=True, order=tuple(reversed(HOUSE_ORDER))),
]


@pytest.mark.parametrize("rules", TABLES, ids=["modern", "classic-french", "auto-end"])
def test_each_hand_scores_in_the_steps_the_engine_gives(parts, rules):
    hands = []
    for c, points, team, weis, stoeck in product(
        rules.contracts,
        (None, 0, 20, 62, 100, 157, "match"),
        (0, 1),
        ((0, 0), (50, 0), (0, 150)),
        (None, 0, 1),
    ):
        if stoeck is not None and not c.has_trump:
            continue
        match = points == "match"
        hands.append(
            Hand(
                c.key,
                points_team=team,
                points=None if match else points,
                match=match,
                weis=weis,
                stoeck=stoeck,
            )
        )
    data = scoring(rules)
    got = parts("steps", *[[_fields(h), data] for h in hands])
    want = [[list(s.points) for s in steps(h, rules)] for h in hands]
    assert len(hands) > 500
    assert got == want


def test_the_slate_is_written_as_chalk_writes_it(parts):
    starts = [Slate(), Slate(1, 1, 3, 19), Slate(4, 0, 0, -30)]
    points = list(range(0, 700, 7)) + [-20, -150]
    cases = [(s, p) for s in starts for p in points]
    got = parts("write", *[[vars(s), p] for s, p in cases])
    assert got == [vars(s.write(p)) for s, p in cases]


def test_the_strokes_are_drawn_as_the_server_draws_them_to_the_byte(parts):
    slates = [(h, f, (3 * h + f) % 70) for h in range(61) for f in range(41)]
    slates += [(0, 0, t) for t in range(300)] + [(h, f, 2) for h in (0, 3, 30) for f in range(140)]
    got = parts("drawn", *[[{"hundreds": h, "fifties": f, "twenties": t}] for h, f, t in slates])
    want = [_top(h)[0] + _middle(f, h) + _bottom(t) for h, f, t in slates]
    assert got[:50] == want[:50]  # a readable diff where it starts
    assert got == want
    rests = [1, 9, 19, -5, -150, -1234]
    assert parts("rest", *[[r] for r in rests]) == [_rest(r) for r in rests]
