"""Checking a Handjass record takes one pass: each deal against the state before it.

Counted, not timed: how often a record of 200 deals has a deal's strokes worked out (award), and
for Schieber how often 200 hands have their points put in order (steps).
"""

from __future__ import annotations

import pytest

import scorer.handjass.game as handjass
import scorer.schieber.game as schieber
from scorer.handjass.game import PLAY, Deal, Entry, HandjassGame, HandjassRules, record_problem
from scorer.schieber.contracts import Rules
from scorer.schieber.game import Game, Hand, Team

DEALS = 200


def long_game() -> HandjassGame:
    """200 deals nobody retires from: seats 0 and 1 take the strokes and 2 and 3 the potatoes,
    then the other way round, so every net stays between 0 and 1."""
    deals = []
    for n in range(DEALS):
        good = (0, 1) if n % 2 == 0 else (2, 3)
        points = [60 if s == good[0] else 50 if s == good[1] else 20 for s in range(4)]
        deals.append(Deal("rosen", tuple(Entry(s, PLAY, points[s]) for s in range(4))))
    return HandjassGame(("A", "B", "C", "D"), HandjassRules(target=100), tuple(deals))


@pytest.fixture
def awards(monkeypatch):
    calls = []
    real = handjass.award

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(handjass, "award", counted)
    return calls


def test_the_long_game_stands():
    game = long_game()
    state = handjass.replay(game)
    assert len(state.rows) == DEALS and not state.retired
    assert max(abs(n) for n in state.net) <= 1


def test_record_problem_is_linear(awards):
    assert record_problem(long_game()) is None
    assert len(awards) <= 2 * DEALS


def test_record_problem_of_a_bad_last_deal_is_linear(awards):
    game = long_game()
    bad = Deal("rosen", tuple(Entry(s, PLAY, 60) for s in range(4)))  # 240 card points
    problem = record_problem(game.with_record(game.deals + (bad,)))
    assert problem.key == "handjass_deal_problem" and problem.values["number"] == DEALS + 1
    assert len(awards) <= 2 * DEALS


def test_replay_and_enter_deal_are_linear(awards):
    game = long_game()
    handjass.replay(game)
    assert len(awards) == DEALS
    awards.clear()
    handjass.enter_deal(game.with_record(game.deals[:-1]), game.deals[-1])
    assert len(awards) <= 2 * DEALS


# Schieber checks its record the same way: every hand once, then one replay.


def long_schieber() -> Game:
    hands = tuple(Hand("rosen", points_team=n % 2, points=80) for n in range(DEALS))
    rules = Rules.from_preset("simple", target=100_000)
    return Game((Team("Ost", ("a1", "a2")), Team("West", ("b1", "b2"))), rules, 0, hands)


@pytest.fixture
def steps(monkeypatch):
    calls = []
    real = schieber.steps

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(schieber, "steps", counted)
    return calls


def test_schieber_record_problem_and_enter_are_linear(steps):
    game = long_schieber()
    assert schieber.record_problem(game) is None
    assert len(steps) <= 3 * DEALS
    steps.clear()
    later, errors = schieber.enter(game, Hand("rosen", points_team=0, points=80))
    assert errors == {} and len(later.hands) == DEALS + 1
    assert len(steps) <= 3 * DEALS
