"""Properties of Coiffeur games (RULES.md 5, seed 003) over generated valid games.

Each generated game is one a table could play: 2 or 3 teams, a board picked from the deck's
contracts with multipliers 1 to 20, a Match bonus 0 to 500, the counter-Match with two teams
only, and entries for distinct cells in any order, each with card points (never 1 or 156), a
Match, gestrichen, or (where the table plays it) countered.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.codes import code
from scorer.coiffeur import (
    CoiffeurGame,
    CoiffeurRules,
    Contract,
    Entry,
    enter,
    known_contracts,
    record_problem,
    replay,
)

SETTINGS = settings(max_examples=150, deadline=None, database=None)
POINTS = st.integers(0, 157).filter(lambda p: p not in (1, 156))


@st.composite
def games(draw) -> CoiffeurGame:
    """A valid game: set-up without problems and a record that stands."""
    count = draw(st.sampled_from((2, 3)))
    deck = draw(st.sampled_from(("swiss", "french")))
    keys = draw(st.permutations(known_contracts(deck)))
    keys = keys[: draw(st.integers(1, len(keys)))]
    contracts = tuple(Contract(k, draw(st.integers(1, 20))) for k in keys)
    rules = CoiffeurRules(
        deck=deck,
        contracts=contracts,
        match_bonus=draw(st.integers(0, 500)),
        counter_match=count == 2 and draw(st.booleans()),
    )
    cells = [(t, k) for k in keys for t in range(count)]
    cells = draw(st.permutations(cells))
    cells = cells[: draw(st.integers(0, len(cells)))]
    kinds = ["points", "match", "crossed"] + (["countered"] if rules.counter_match else [])
    entries = []
    for team, key in cells:
        kind = draw(st.sampled_from(kinds))
        if kind == "points":
            entries.append(Entry(team, key, draw(POINTS)))
        elif kind == "match":
            entries.append(Entry(team, key, 157, match=True))
        else:
            entries.append(Entry(team, key, **{kind: True}))
    teams = tuple(f"Team {n}" for n in range(count))
    return CoiffeurGame(teams, rules, tuple(entries))


def expected_totals(game: CoiffeurGame) -> list[int]:
    """Every team's points worked out apart from the engine."""
    rules = game.rules
    multipliers = {c.key: c.multiplier for c in rules.contracts}
    totals = [0] * len(game.teams)
    for e in game.entries:
        m = multipliers[e.contract]
        if e.match:
            totals[e.team] += (157 + rules.match_bonus) * m
        elif e.countered:
            totals[1 - e.team] += (157 + rules.match_bonus) * m
        elif not e.crossed:
            totals[e.team] += e.points * m
    return totals


@SETTINGS
@given(games())
def test_generated_games_are_valid_and_enter_one_by_one(game):
    assert game.problems() == {}
    assert record_problem(game) is None
    built = game.rematch()
    for entry in game.entries:
        built, errors = enter(built, entry)
        assert errors == {}
    assert built == game


@SETTINGS
@given(games())
def test_a_total_is_its_cells_times_their_multipliers(game):
    state = replay(game)
    assert list(state.totals) == expected_totals(game)
    for team in range(len(game.teams)):
        own = sum(row[team].value for row in state.rows)
        assert state.totals[team] == own + state.counter[team]


@SETTINGS
@given(games())
def test_totals_only_grow(game):
    before = replay(game.with_record(())).totals
    assert before == (0,) * len(game.teams)
    for n in range(1, len(game.entries) + 1):
        after = replay(game.with_record(game.entries[:n])).totals
        assert all(a >= b for a, b in zip(after, before, strict=True))
        before = after


@SETTINGS
@given(games(), st.data())
def test_no_cell_is_filled_twice(game, data):
    cells = [(e.team, e.contract) for e in game.entries]
    assert len(cells) == len(set(cells))
    state = replay(game)
    assert sum(cell.filled for row in state.rows for cell in row) == len(cells)
    if not game.entries:
        return
    again = data.draw(st.sampled_from(game.entries))
    same, errors = enter(game, again)
    assert same is game
    if state.finished:
        assert errors == {"game": code("game_finished")}
    else:
        assert errors["contract"] == code("cell_filled", team=again.team, contract=again.contract)
    assert record_problem(game.with_record(game.entries + (again,))) is not None


@SETTINGS
@given(games())
def test_round_trip_through_plain_data(game):
    data = json.loads(json.dumps(game.to_dict()))
    assert CoiffeurGame.from_dict(data) == game
    assert replay(CoiffeurGame.from_dict(data)) == replay(game)


@SETTINGS
@given(games())
def test_the_outlook_adds_up(game):
    state = replay(game)
    rules = game.rules
    for o in state.outlook:
        assert not (o.can_still_win and o.out_of_reach)
        assert o.needed == max(0, o.leader - o.total + 1)
        assert o.best >= o.total
        assert [n.contract for n in o.contracts] == list(state.open_cells[o.team])
        for need in o.contracts:
            if o.needed == 0:
                assert need.points == 0
            elif need.points is not None:
                assert need.points * need.multiplier >= o.needed
                fewer = need.points - 1
                assert fewer * need.multiplier < o.needed or fewer in (1, 156)
            else:
                assert 157 * need.multiplier < o.needed
                assert need.match == ((157 + rules.match_bonus) * need.multiplier >= o.needed)
        if state.finished:
            assert o.can_still_win == (state.winner == o.team)
            assert o.out_of_reach == (o.total < max(state.totals))
