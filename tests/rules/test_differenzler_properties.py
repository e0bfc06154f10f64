"""Properties of Differenzler games (RULES.md 4, seed 003) over generated valid games.

Each generated game is one a table could enter: 3 to 6 players, every round a Trumpf of the deck
(or none noted), predictions from 0 to 157, points of at least 0 (never 1) adding up to 157 and
the round's Weis, Weis only where the table counts it, and no round after the winner is known.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.differenzler import (
    TIES,
    DifferenzlerGame,
    DifferenzlerRules,
    Round,
    contracts,
    enter,
    record_problem,
    replay,
)

SETTINGS = settings(max_examples=150, deadline=None, database=None)
WEIS = (0, 20, 40, 50, 70, 100, 120, 150, 200, 270, 500)
NAMES = ("Anna", "Ben", "Clara", "Dani", "Emil", "Fritz")


@st.composite
def shares(draw, count: int, total: int) -> tuple[int, ...]:
    """`total` points split among `count` players, none with exactly 1 (no card counts 1)."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=count - 1, max_size=count - 1)))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    for i, part in enumerate(parts):
        if part == 1:  # give the point to the player with the most: they keep more than 1
            parts[i] = 0
            parts[parts.index(max(parts))] += 1
    return tuple(parts)


@st.composite
def rounds(draw, count: int, rules: DifferenzlerRules) -> Round:
    """A round a table could enter for `count` players under `rules`. Most predictions are
    close to the points made, many exact, so that exact hits and tied totals come up."""
    trump = draw(st.sampled_from((None, *contracts(rules.deck))))
    weis = draw(st.sampled_from(WEIS)) if rules.weis else 0
    points = draw(shares(count, 157 + weis))
    predictions = []
    for made in points:
        off = draw(st.one_of(st.just(0), st.integers(-3, 3), st.integers(-157, 157)))
        predictions.append(min(max(made + off, 0), 157))
    return Round(trump, tuple(predictions), points, weis)


@st.composite
def games(draw) -> DifferenzlerGame:
    """A game of a few rounds, entered one by one, stopped where the winner is known."""
    count = draw(st.integers(3, 6))
    rules = DifferenzlerRules(
        rounds=draw(st.integers(1, 6)),
        weis=draw(st.booleans()),
        exact_bonus=draw(st.sampled_from((0, 0, 5, 20, 157))),
        deck=draw(st.sampled_from(("swiss", "french"))),
        tie=draw(st.sampled_from(TIES)),
    )
    game = DifferenzlerGame(NAMES[:count], rules)
    for _ in range(draw(st.integers(0, rules.rounds + 3))):
        if replay(game).finished:
            break
        entry = draw(rounds(count, rules))
        game, errors = enter(game, entry)
        assert errors == {}
    return game


@SETTINGS
@given(games())
def test_differences_are_never_negative_and_match_the_round(game):
    for row in replay(game).rows:
        for line in row.lines:
            assert line.difference >= 0
            assert line.difference == abs(line.prediction - line.points)
            assert line.exact == (line.prediction == line.points)


@SETTINGS
@given(games())
def test_sums_of_differences_only_grow_and_totals_follow_from_them(game):
    state = replay(game)
    bonus = game.rules.exact_bonus
    sums = [0] * len(game.players)
    hits = [0] * len(game.players)
    for row in state.rows:
        before = list(sums)
        for line in row.lines:
            sums[line.seat] += line.difference
            hits[line.seat] += line.exact
        assert all(a <= b for a, b in zip(before, sums, strict=True))
        assert row.totals == tuple(s - bonus * h for s, h in zip(sums, hits, strict=True))
    assert state.differences == tuple(sums)
    assert state.hits == tuple(hits)
    assert state.totals == tuple(s - bonus * h for s, h in zip(sums, hits, strict=True))
    if bonus == 0:
        assert state.totals == tuple(sums)
        assert min(state.totals, default=0) >= 0


@SETTINGS
@given(games())
def test_the_game_ends_after_the_rounds_due_with_everyone_on_the_lowest_total_winning(game):
    state = replay(game)
    assert state.rounds_due >= game.rules.rounds
    assert state.played == len(game.rounds) <= state.rounds_due
    assert state.tie_round == (state.rounds_due > game.rules.rounds)
    if game.rules.tie == "shared":  # a shared first place ends the game: no tie round
        assert state.rounds_due == game.rules.rounds
    lowest = min(state.totals)
    if state.finished:
        assert state.played == state.rounds_due
        assert [s for s, t in enumerate(state.totals) if t == lowest] == list(state.winners)
        assert all(state.ranks[s] == 1 for s in state.winners)
        assert state.order[: len(state.winners)] == state.winners
        assert state.shared == (len(state.winners) > 1)
        assert state.winner == (None if state.shared else state.winners[0])
        if game.rules.tie == "round":
            assert not state.shared
    else:
        assert state.winners == () and state.winner is None
        if state.played == state.rounds_due - 1 and state.tie_round:
            assert state.totals.count(lowest) >= 2


@SETTINGS
@given(games())
def test_a_valid_game_survives_plain_data_and_its_record_stands(game):
    data = json.loads(json.dumps(game.to_dict()))
    assert DifferenzlerGame.from_dict(data) == game
    assert record_problem(game) is None
    assert game.problems() == {}
