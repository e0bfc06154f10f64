"""Properties over many hands, slates and games."""

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.exchange import export, load, state_dict
from scorer.modes import mode_of
from scorer.schieber.contracts import Rules
from scorer.schieber.game import (
    Game,
    Hand,
    Team,
    enter,
    hand_problems,
    record_problem,
    replay,
    score,
    settle_tie,
    steps,
)
from scorer.slate import Slate

FEW = settings(max_examples=150, deadline=None, database=None)

rules_st = st.builds(
    Rules.from_preset,
    st.sampled_from(["classic", "modern", "simple"]),
    st.sampled_from(["swiss", "french"]),
    bergpreis=st.booleans(),
    undenufe_six=st.booleans(),
)
trick_points_st = st.integers(0, 157).filter(lambda p: p not in (1, 156))
weis_st = st.sampled_from([0, 0, 0, 20, 40, 50, 70, 100, 120, 150, 200, 250, 300])


@st.composite
def closed_hands(draw, rules):
    contract = draw(st.sampled_from([c.key for c in rules.contracts]))
    team = draw(st.integers(0, 1))
    if draw(st.booleans()):
        return Hand(contract, points_team=team, match=True)
    return Hand(contract, points_team=team, points=draw(trick_points_st))


@st.composite
def entries(draw, rules, contract=None):
    """What a table may type: complete hands, Weis or Stöck alone, now and then a mistake."""
    contract = contract or draw(st.sampled_from([c.key for c in rules.contracts]))
    weis = draw(weis_st)
    kind = draw(st.sampled_from(["points", "points", "match", "announce"]))
    return Hand(
        contract,
        shoved=draw(st.booleans()),
        points_team=draw(st.integers(0, 1)),
        points=draw(trick_points_st) if kind == "points" else None,
        match=kind == "match",
        weis=draw(st.sampled_from([(weis, 0), (0, weis)])),
        stoeck=draw(st.sampled_from([None, None, None, 0, 1])),
    )


@st.composite
def games(draw):
    """A game built the way a table builds it: entry by entry, refused entries left out."""
    rules = draw(rules_st)
    size = draw(st.sampled_from([2, 3]))
    teams = (
        Team("Ost", tuple(f"a{i}" for i in range(size))),
        Team("West", tuple(f"b{i}" for i in range(size))),
    )
    game = Game(teams, rules, draw(st.integers(0, 2 * size - 1)))
    for _ in range(draw(st.integers(0, 40))):
        state = replay(game)
        if state.finished:
            break
        if state.tie:
            game = settle_tie(game, draw(st.integers(0, 1)))
            continue
        contract = state.open_hand.contract if state.open_hand else None
        game, _ = enter(game, draw(entries(rules, contract)))
    return game


@FEW
@given(st.data())
def test_closed_hand_trick_points_sum(data):
    rules = data.draw(rules_st)
    hand = data.draw(closed_hands(rules))
    assert hand_problems(hand, rules) == {}
    assert not hand.is_open
    total = sum(hand.trick_points)
    assert total == (257 if hand.match else 157)
    assert min(hand.trick_points) >= 0
    assert sum(score(hand, rules)) == total * rules.multiplier(hand.contract)


@FEW
@given(st.lists(st.integers(0, 2000), max_size=30))
def test_slate_total_is_the_sum(amounts):
    slate = Slate()
    for amount in amounts:
        slate = slate.write(amount)
        assert 0 <= slate.rest <= 19
    assert slate.total == sum(amounts)


@FEW
@given(games())
def test_export_load_replays_the_same(game):
    assert record_problem(game) is None
    again = load(json.loads(json.dumps(export(game))))
    assert again == game
    assert state_dict(again) == state_dict(game)


@FEW
@given(games(), st.data())
def test_playing_on_from_an_earlier_state_is_the_same_as_a_replay(game, data):
    """Playing on (scorer.modes) from the state after any first hands (the game before an
    entry) gives the replay's state; from another table's game (other rules) it replays."""
    cut = data.draw(st.integers(0, len(game.hands)))
    earlier = game.with_hands(game.hands[:cut])
    assert mode_of(game).play_on(game, earlier, replay(earlier)) == replay(game)
    more = {key: times + 1 for key, times in game.rules.multipliers.items()}
    other = replace(earlier, rules=replace(game.rules, multipliers=more))
    assert mode_of(game).play_on(game, other, replay(other)) == replay(game)


@FEW
@given(games())
def test_totals_slates_and_rows_agree(game):
    state = replay(game)
    assert tuple(s.total for s in state.slates) == state.totals
    assert state.totals == (
        sum(r.scores[0] for r in state.rows),
        sum(r.scores[1] for r in state.rows),
    )


@FEW
@given(st.data())
def test_score_is_the_sum_of_the_steps(data):
    rules = data.draw(rules_st)
    hand = data.draw(entries(rules))
    m = rules.multiplier(hand.contract)
    parts = steps(hand, rules)
    assert score(hand, rules) == (
        sum(s.points[0] for s in parts),
        sum(s.points[1] for s in parts),
    )
    stoeck = [20 if hand.stoeck == t else 0 for t in (0, 1)]
    expected = tuple(m * (hand.trick_points[t] + hand.weis[t] + stoeck[t]) for t in (0, 1))
    assert score(hand, rules) == expected
    assert [s.kind for s in parts] == [
        k for k in ("stoeck", "weis", "stich") if k in {s.kind for s in parts}
    ]
