"""Properties of Handjass deals and games (RULES.md 3, seed 001) over generated valid deals.

Each generated deal is one a table could enter: every player still in plays, drops out or (with
three or two left) takes the blind, at most one blind, card points never 1 or 156 and adding up to
at most 157 among those who play, Weis on one player at most, and a draw whenever a stroke is tied.
"""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import example, given, settings
from hypothesis import strategies as st

from scorer.codes import Code
from scorer.exchange import export, load, state_dict
from scorer.handjass.game import (
    BLIND,
    OUT,
    PLAY,
    Deal,
    Entry,
    HandjassGame,
    HandjassRules,
    award,
    deal_problems,
    enter_deal,
    replay,
)
from scorer.modes import mode_of

SETTINGS = settings(max_examples=150, deadline=None, database=None)
TRUMPS = ("rosen", "eicheln", "schilten", "schellen")
WEIS = (0, 20, 40, 50, 70, 100, 120, 150, 200)
PLAYERS = ("A", "B", "C", "D")
DEFAULT = HandjassRules()


@st.composite
def deals(draw, in_game: list[int], agreeing: bool = True) -> Deal:
    """A valid deal for the players still in (without the draw)."""
    choices = [PLAY, OUT] if len(in_game) == 4 else [PLAY, OUT, BLIND]
    statuses = {}
    for seat in in_game:
        status = draw(st.sampled_from(choices))
        if status == BLIND:
            choices = [PLAY, OUT]
        statuses[seat] = status
    active = [s for s in in_game if statuses[s] != OUT]
    if not active:
        seat = draw(st.sampled_from(in_game))
        statuses[seat] = PLAY
        active = [seat]
    # Split at most 157 card points among the active players.
    total = draw(st.integers(0, 157))
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=len(active) - 1, max_size=3)))
    cuts = cuts[: len(active) - 1]
    bounds = [0, *cuts, total]
    cards = {}
    for seat, low, high in zip(active, bounds[:-1], bounds[1:], strict=True):
        part = high - low
        cards[seat] = {1: 0, 156: 155}.get(part, part)
    weis_seat = draw(st.sampled_from([None, *active]))
    weis = draw(st.sampled_from(WEIS)) if weis_seat is not None else 0
    entries = tuple(
        Entry(seat, statuses[seat], cards.get(seat, 0), weis if seat == weis_seat else 0)
        for seat in in_game
    )
    agreed = agreeing and len(active) == 2 and len(in_game) >= 3 and draw(st.booleans())
    return Deal(draw(st.sampled_from(TRUMPS)), entries, agreed=agreed)


def settled(deal: Deal, rules: HandjassRules, in_game: int, pick: int) -> Deal:
    """The deal with the draw given to one of the tied players, if a stroke is tied."""
    result = award(deal, rules, in_game)
    tied = result.tied
    if not tied:
        return deal
    drawn = tuple(tied[(pick + i) % len(tied)] for i in range(result.needed))
    return Deal(deal.trump, deal.entries, deal.agreed, drawn)


def check_award(deal: Deal, rules: HandjassRules, in_game: int) -> None:
    result = award(deal, rules, in_game)
    active = [e for e in deal.entries if e.active]
    assert not result.tied
    # The ruling is codes, never sentences: the web words them.
    assert result.lines and all(isinstance(line, Code) for line in result.lines)
    # Never a stroke and a potato in one deal; nobody who dropped out gets either.
    assert not set(result.strokes) & set(result.potatoes)
    assert set(result.strokes) | set(result.potatoes) <= {e.seat for e in active}
    assert all(n >= 1 for n in result.strokes.values())
    assert all(n == 1 for n in result.potatoes.values())
    most = 1 if in_game == 2 else 2
    assert 0 <= sum(result.strokes.values()) <= most
    if len(active) == 1 or deal.agreed:
        assert result.potatoes == {}
        return
    # A potato is exactly fewer than 26 points.
    assert set(result.potatoes) == {e.seat for e in active if e.points < rules.threshold}
    good = [e for e in active if e.points >= rules.threshold]
    if good:
        assert sum(result.strokes.values()) == most
        best = max(e.points for e in good)
        if [e.points for e in good].count(best) == 1:
            top = next(e.seat for e in good if e.points == best)
            assert top in result.strokes
    else:
        assert result.strokes == {}


@SETTINGS
@given(st.data(), st.integers(0, 3))
def test_four_player_deal_properties(data, pick):
    game = HandjassGame(PLAYERS)
    deal = settled(data.draw(deals([0, 1, 2, 3])), game.rules, 4, pick)
    assert deal_problems(deal, game, replay(game)) == {}
    check_award(deal, game.rules, 4)
    after, errors = enter_deal(game, deal)
    assert errors == {}
    state = replay(after)
    assert state.net == tuple(s - p for s, p in zip(state.strokes, state.potatoes, strict=True))
    assert state.strokes == tuple(state.rows[0].award.strokes.get(s, 0) for s in range(4))


@SETTINGS
@given(st.data(), st.sampled_from([2, 3]), st.integers(0, 3))
def test_three_and_two_player_deal_properties(data, size, pick):
    game = HandjassGame(PLAYERS[:size])
    deal = settled(data.draw(deals(list(range(size)))), game.rules, size, pick)
    assert deal_problems(deal, game, replay(game)) == {}
    check_award(deal, game.rules, size)


@SETTINGS
@given(st.lists(st.integers(0, 39), min_size=2, max_size=4), st.integers(0, 3))
@example([45, 45, 45, 22], 0)
def test_two_strokes_only_when_all_other_players_get_potatoes(points, pick):
    # 001: "The two players with the highest scores each score a stroke ... if all but one of the
    # active players get a potato, the player with 26 or more points scores 2 strokes."
    # Small points (0 to 39, 45 in the example) make ties for the strokes frequent.
    game = HandjassGame(PLAYERS[: len(points)])
    entries = tuple(Entry(s, PLAY, 0 if p == 1 else p) for s, p in enumerate(points))
    deal = settled(Deal("rosen", entries), game.rules, len(points), pick)
    assert deal_problems(deal, game, replay(game)) == {}
    result = award(deal, game.rules, len(points))
    for seat, n in result.strokes.items():
        if n > 1:
            assert all(e.seat in result.potatoes for e in entries if e.seat != seat), result


@st.composite
def games(draw, rules: HandjassRules = DEFAULT) -> HandjassGame:
    """A game of 2 to 4 players with up to 40 entered deals (it may end with a loser)."""
    size = draw(st.integers(2, 4))
    game = HandjassGame(PLAYERS[:size], rules)
    for _ in range(draw(st.integers(0, 40))):
        state = replay(game)
        if state.finished:
            break
        in_game = state.in_game
        deal = draw(deals(in_game))
        deal = settled(deal, rules, len(in_game), draw(st.integers(0, 3)))
        game, errors = enter_deal(game, deal)
        assert errors == {}, (deal, errors)
    return game


@SETTINGS
@given(games(), st.data())
def test_playing_on_from_an_earlier_state_is_the_same_as_a_replay(game, data):
    """Playing on (scorer.modes) from the state after any first deals (the game before an
    entry) gives the replay's state, and enter_deal judges the next deal on a state given as
    on its own replay; from a game with other rules it replays."""
    cut = data.draw(st.integers(0, len(game.deals)))
    earlier = game.with_record(game.deals[:cut])
    assert mode_of(game).play_on(game, earlier, replay(earlier)) == replay(game)
    other = replace(earlier, rules=replace(game.rules, target=game.rules.target + 1))
    assert mode_of(game).play_on(game, other, replay(other)) == replay(game)
    if cut < len(game.deals):
        deal = game.deals[cut]
        assert enter_deal(earlier, deal, state=replay(earlier)) == enter_deal(earlier, deal)


@SETTINGS
@given(games())
def test_game_properties(game):
    state = replay(game)
    size = len(game.players)
    assert len(state.rows) == len(game.deals)
    assert state.net == tuple(s - p for s, p in zip(state.strokes, state.potatoes, strict=True))
    # The totals are the sums of what every deal gave.
    for seat in range(size):
        assert state.strokes[seat] == sum(r.award.strokes.get(seat, 0) for r in state.rows)
        assert state.potatoes[seat] == sum(r.award.potatoes.get(seat, 0) for r in state.rows)
        if state.rows:
            assert state.rows[-1].net[seat] == state.net[seat]
    # Only those who reached the target retired, with the deal that took them there; nobody
    # plays after retiring.
    for seat, number in state.retired.items():
        assert state.rows[number - 1].net[seat] >= game.rules.target
        assert number == 1 or state.rows[number - 2].net[seat] < game.rules.target
        for row in state.rows[number:]:
            assert seat not in {e.seat for e in row.deal.entries}
    for seat in state.in_game:
        assert state.net[seat] < game.rules.target
    # The loser is the last one left; the game is over exactly then.
    if state.finished:
        assert len(state.in_game) <= 1
        assert state.loser in state.in_game or not state.in_game
    else:
        assert len(state.in_game) >= 2
        assert state.vorhand in state.in_game and state.dealer in state.in_game
        assert state.vorhand != state.dealer
    for row in state.rows:
        assert row.vorhand != row.dealer
        assert not set(row.award.strokes) & set(row.award.potatoes)


@SETTINGS
@given(games())
def test_export_load_replay_round_trip(game):
    loaded = load(json.loads(json.dumps(export(game))))
    assert loaded == game
    assert replay(loaded) == replay(game)
    assert state_dict(loaded) == state_dict(game)


@SETTINGS
@given(
    games(
        HandjassRules(
            deck="swiss", target=27, berner=True, extra_per_potato=True, players_minus_one=True
        )
    )
)
def test_variant_round_trip_and_net(game):
    state = replay(game)
    assert state.net == tuple(s - p for s, p in zip(state.strokes, state.potatoes, strict=True))
    for row in state.rows:
        assert not set(row.award.strokes) & set(row.award.potatoes)
        assert all(n > 0 for n in row.award.strokes.values())
    assert replay(load(export(game))) == state
