"""Handjass (RULES.md 3, seed 001): strokes, potatoes, variants, refusals, turns and a whole game.

Players are seated counter-clockwise, seat 0 is Vorhand in the first deal. Card points include the
last trick; Weis is the scored Weis and Stöck of a player; points = cards + weis.
"""

from __future__ import annotations

import json
import random

import pytest

from scorer.codes import Code, code
from scorer.exchange import ImportProblem, export, load, state_dict
from scorer.handjass.game import (
    BLIND,
    OUT,
    PLAY,
    Award,
    Deal,
    Entry,
    HandjassGame,
    HandjassRules,
    award,
    deal_problems,
    deal_total,
    drawn,
    enter_deal,
    listed,
    points_question,
    record_problem,
    replay,
    rest_of,
)
from scorer.weis import Weis

FOUR = ("A", "B", "C", "D")
THREE = ("A", "B", "C")
TWO = ("A", "B")
DEFAULT = HandjassRules()
SWISS = ("rosen", "eicheln", "schilten", "schellen")


def play(seat: int, cards: int, weis: int = 0) -> Entry:
    return Entry(seat, PLAY, cards, weis)


def out(seat: int) -> Entry:
    return Entry(seat, OUT)


def blind(seat: int, cards: int, weis: int = 0) -> Entry:
    return Entry(seat, BLIND, cards, weis)


def scores(*points: int, trump: str = "rosen", draw: int | tuple[int, ...] = ()) -> Deal:
    """A deal everyone plays, seat i taking points[i] card points."""
    drawn = (draw,) if isinstance(draw, int) else tuple(draw)
    return Deal(trump, tuple(play(seat, p) for seat, p in enumerate(points)), draw=drawn)


def given(deal: Deal, in_game: int, rules: HandjassRules = DEFAULT):
    """(strokes, potatoes) of one deal, as plain dicts."""
    result = award(deal, rules, in_game)
    assert not result.tied, result
    return result.strokes, result.potatoes


def ranked(seats, first: int, second: int | None = None, potatoes=(), trump="rosen") -> Deal:
    """A deal all of `seats` play: `first` best (50), `second` next (45), potatoes 20, others 28."""
    entries = []
    for seat in seats:
        if seat == first:
            points = 50
        elif seat == second:
            points = 45
        elif seat in potatoes:
            points = 20
        else:
            points = 28
        entries.append(play(seat, points))
    return Deal(trump, tuple(entries))


def enter_all(game: HandjassGame, deals) -> HandjassGame:
    """The game with every deal entered; each must be accepted."""
    for number, deal in enumerate(deals, start=len(game.deals) + 1):
        game, errors = enter_deal(game, deal)
        assert errors == {}, (number, deal, errors)
    return game


def refused(game: HandjassGame, deal: Deal) -> dict[str, Code]:
    """What enter_deal says against the deal, codes by field; the game must stay unchanged."""
    after, errors = enter_deal(game, deal)
    assert errors, deal
    assert after == game
    assert all(isinstance(v, Code) and v.key for v in errors.values())
    return errors


def players(key: str, *seats: int) -> dict:
    """The values a code gives a list of players: the first, and the others `listed`."""
    first, *others = seats
    return {"player": first, "more": listed(key, [{"player": s} for s in others])}


# --- The seed example: C 8 strokes and 1 potato = 7 retires; A 6, B -1, D 3 go on -------------

SEED_DEALS = (
    ranked(range(4), 0, 1, potatoes=(2,)),  # A, B a stroke; C a potato
    ranked(range(4), 0, 2, potatoes=(1,)),  # A, C a stroke; B a potato
    ranked(range(4), 0, 2, potatoes=(1,)),
    ranked(range(4), 0, 2),
    ranked(range(4), 2, 0),
    ranked(range(4), 0, 2),
    ranked(range(4), 2, 3),
    ranked(range(4), 3, 2),
    ranked(range(4), 2, 3),  # C reaches 8 strokes - 1 potato = 7
)


def seed_game() -> HandjassGame:
    return enter_all(HandjassGame(FOUR), SEED_DEALS)


def test_seed_example_c_retires_with_seven():
    state = replay(seed_game())
    assert state.strokes == (6, 1, 8, 3)
    assert state.potatoes == (0, 2, 1, 0)
    assert state.net == (6, -1, 7, 3)
    assert state.retired == {2: 9}
    assert state.rows[-1].retired == (2,)
    assert all(row.retired == () for row in state.rows[:-1])
    assert state.in_game == [0, 1, 3]
    assert not state.finished and state.loser is None


def test_seed_example_nobody_retires_before_the_last_deal():
    game = HandjassGame(FOUR)
    game = enter_all(game, SEED_DEALS[:-1])
    state = replay(game)
    assert state.net == (6, -1, 6, 2)
    assert state.retired == {}
    assert state.in_game == [0, 1, 2, 3]


def test_seed_example_goes_on_as_three_players():
    game = seed_game()
    # Four in the game: no blind. With C out it is a three-player game: the blind is allowed.
    before = enter_all(HandjassGame(FOUR), SEED_DEALS[:-1])
    errors = refused(before, Deal("rosen", (play(0, 50), blind(1, 45), play(2, 28), play(3, 28))))
    assert errors == {"p1": code("handjass_no_blind")}
    # C is retired: no deal for C
    assert refused(game, ranked(range(4), 0, 1)) == {
        "p2": code("handjass_player_retired", player=2)
    }

    three = Deal("schellen", (out(0), blind(1, 60), play(3, 20)))
    game = enter_all(game, [three])
    state = replay(game)
    row = state.rows[-1]
    # Two active, D a potato: B, the one good player, gets both strokes of a three-player deal.
    assert row.award.strokes == {1: 2}
    assert row.award.potatoes == {3: 1}
    assert state.net == (6, 1, 7, 2)
    assert state.in_game == [0, 1, 3]

    # An ordinary three-player deal: the two highest scores a stroke each.
    game = enter_all(game, [Deal("eicheln", (play(0, 30), play(1, 50), play(3, 45)))])
    state = replay(game)
    assert state.rows[-1].award.strokes == {1: 1, 3: 1}
    assert state.rows[-1].award.potatoes == {}
    assert state.net == (6, 2, 7, 3)


def test_seed_example_state_dict():
    data = state_dict(seed_game())
    assert data["net"] == [6, -1, 7, 3]
    assert data["retired"] == {"C": 9}
    assert data["loser"] is None
    assert data["deals"][0]["strokes"] == {"A": 1, "B": 1}
    assert data["deals"][0]["potatoes"] == {"C": 1}
    assert data["deals"][-1]["retired"] == ["C"]


# --- Strokes and potatoes of one deal -----------------------------------------------------------


def test_four_players_strokes_to_the_first_two_potatoes_to_the_last_two():
    strokes, potatoes = given(scores(60, 50, 25, 22), 4)
    assert strokes == {0: 1, 1: 1}
    assert potatoes == {2: 1, 3: 1}


def test_26_is_no_potato_25_is():
    strokes, potatoes = given(scores(60, 45, 26, 25), 4)
    assert strokes == {0: 1, 1: 1}
    assert potatoes == {3: 1}


def test_points_are_cards_and_weis():
    # B takes 10 card points but scores 50 Weis (60), C has 20 cards + 20 Stöck (40).
    deal = Deal("rosen", (play(0, 55), play(1, 10, 50), play(2, 20, 20), play(3, 72)))
    strokes, potatoes = given(deal, 4)
    assert strokes == {3: 1, 1: 1}
    assert potatoes == {}


@pytest.mark.parametrize(
    "entries",
    [
        (play(0, 100), play(1, 20), play(2, 17)),  # a three-player game
        (play(0, 100), play(1, 20), play(2, 17), out(3)),  # four in the game, one dropped out
        (play(0, 100), play(1, 20), play(2, 17), play(3, 10)),  # four playing, three potatoes
    ],
)
def test_all_but_one_potato_the_one_gets_two_strokes(entries):
    strokes, potatoes = given(Deal("rosen", entries), len(entries))
    assert strokes == {0: 2}
    assert potatoes == {e.seat: 1 for e in entries[1:] if e.status == PLAY}


def test_two_players_80_50_one_stroke():
    assert given(scores(80, 50), 2) == ({0: 1}, {})
    assert given(scores(50, 80), 2) == ({1: 1}, {})


def test_two_players_110_17_a_stroke_and_a_potato():
    assert given(scores(110, 17), 2) == ({0: 1}, {1: 1})


def test_two_players_both_under_26_two_potatoes_no_stroke():
    assert given(scores(25, 20), 2) == ({}, {0: 1, 1: 1})


@pytest.mark.parametrize("status", [PLAY, BLIND])
def test_two_players_one_drops_out_the_other_one_stroke(status):
    deal = Deal("rosen", (out(0), Entry(1, status, 0)))
    assert given(deal, 2) == ({1: 1}, {})
    game = enter_all(HandjassGame(TWO), [deal])
    assert replay(game).net == (0, 1)


@pytest.mark.parametrize("players", [FOUR, THREE])
def test_all_others_drop_out_two_strokes_without_play(players):
    for lone in range(len(players)):
        entries = tuple(play(s, 0) if s == lone else out(s) for s in range(len(players)))
        deal = Deal("eicheln", entries)
        assert given(deal, len(players)) == ({lone: 2}, {})
        game = enter_all(HandjassGame(players), [deal])
        assert replay(game).strokes[lone] == 2


def test_all_others_drop_out_in_a_four_seat_game_with_three_left():
    game = seed_game()
    game = enter_all(game, [Deal("rosen", (out(0), out(1), play(3, 0)))])
    assert replay(game).rows[-1].award.strokes == {3: 2}


@pytest.mark.parametrize(
    ("players", "entries"),
    [
        (FOUR, (out(0), play(1, 0), out(2), play(3, 0))),
        (THREE, (play(0, 0), out(1), play(2, 0))),
    ],
)
def test_two_left_in_play_agree_a_stroke_each(players, entries):
    deal = Deal("rosen", entries, agreed=True)
    active = [e.seat for e in entries if e.status == PLAY]
    assert given(deal, len(players)) == ({s: 1 for s in active}, {})
    game = enter_all(HandjassGame(players), [deal])
    assert [replay(game).strokes[s] for s in active] == [1, 1]


def test_agreeing_needs_exactly_two_in_play_and_others_dropped():
    three_play = Deal("rosen", (play(0, 50), play(1, 50), play(2, 50), out(3)), agreed=True)
    assert "agreed" in refused(HandjassGame(FOUR), three_play)
    two_player = Deal("rosen", (play(0, 50), play(1, 50)), agreed=True)
    assert "agreed" in refused(HandjassGame(TWO), two_player)


def test_nobody_active_reaches_26_all_potatoes_no_stroke():
    # Three players, A dropped out: the points are in A's hand, B and C make 25 and 20.
    deal = Deal("rosen", (out(0), play(1, 25), play(2, 20)))
    assert given(deal, 3) == ({}, {1: 1, 2: 1})
    four = Deal("rosen", (out(0), play(1, 25), play(2, 20), play(3, 0)))
    assert given(four, 4) == ({}, {1: 1, 2: 1, 3: 1})
    game = enter_all(HandjassGame(THREE), [deal])
    assert replay(game).net == (0, -1, -1)


def test_dropped_out_player_gets_neither_stroke_nor_potato():
    deal = Deal("rosen", (out(0), play(1, 60), play(2, 30), play(3, 10)))
    strokes, potatoes = given(deal, 4)
    assert strokes == {1: 1, 2: 1}
    assert potatoes == {3: 1}


# --- Ties ---------------------------------------------------------------------------------------


def test_tie_for_the_second_stroke_needs_the_draw():
    game = HandjassGame(FOUR)
    errors = refused(game, scores(60, 40, 40, 17))
    tie = code("handjass_tie_draw", needed=1, **players("handjass_players_and", 1, 2))
    assert errors == {"draw": tie}
    result = award(scores(60, 40, 40, 17), DEFAULT, 4)
    assert result.tied == (1, 2) and result.needed == 1


@pytest.mark.parametrize("drawn", [1, 2])
def test_tie_for_the_second_stroke_goes_to_the_drawn_player(drawn):
    game = enter_all(HandjassGame(FOUR), [scores(60, 40, 40, 17, draw=drawn)])
    state = replay(game)
    assert state.rows[-1].award.strokes == {0: 1, drawn: 1}
    assert state.rows[-1].award.potatoes == {3: 1}
    assert state.strokes == tuple(1 if s in (0, drawn) else 0 for s in range(4))


def test_draw_by_someone_not_tied_does_not_settle_the_tie():
    errors = refused(HandjassGame(FOUR), scores(60, 40, 40, 17, draw=0))
    assert errors["draw"].key == "handjass_tie_draw"


def test_draw_by_a_seat_not_in_the_deal_is_refused():
    errors = refused(HandjassGame(FOUR), scores(60, 40, 40, 17, draw=7))
    assert errors == {"draw": code("handjass_draw_unknown")}


def test_two_player_tie_needs_the_draw():
    assert set(refused(HandjassGame(TWO), scores(70, 70))) == {"draw"}
    game = enter_all(HandjassGame(TWO), [scores(70, 70, draw=1)])
    assert replay(game).strokes == (0, 1)


def test_tie_for_the_first_stroke_among_two_is_no_tie():
    assert given(scores(60, 60, 20, 17), 4) == ({0: 1, 1: 1}, {2: 1, 3: 1})


def test_three_tied_for_two_strokes_nobody_gets_two():
    # 001: "The two players with the highest scores each score a stroke"; two strokes go to one
    # player only "if all but one of the active players get a potato". A, B and C all have 45.
    # One card drawn is not enough: two of the three tied need the higher cards.
    unsettled = award(scores(45, 45, 45, 22, draw=0), DEFAULT, 4)
    assert unsettled.tied == (0, 1, 2) and unsettled.needed == 2
    assert unsettled.strokes == {}
    result = award(scores(45, 45, 45, 22, draw=(0, 2)), DEFAULT, 4)
    assert result.strokes == {0: 1, 2: 1}
    assert result.potatoes == {3: 1}


# --- Berner Handjass ----------------------------------------------------------------------------

BERNER = HandjassRules(berner=True, target=27)


@pytest.mark.parametrize(
    ("trump", "times", "deck"),
    [
        ("schellen", 4, "swiss"),
        ("schilten", 3, "swiss"),
        ("rosen", 2, "swiss"),
        ("eicheln", 1, "swiss"),
        ("hearts", 4, "french"),
        ("diamonds", 3, "french"),
        ("clubs", 2, "french"),
        ("spades", 1, "french"),
    ],
)
def test_berner_multiplies_strokes_and_potatoes(trump, times, deck):
    rules = HandjassRules(deck=deck, berner=True, target=27)
    deal = scores(60, 50, 25, 22, trump=trump)
    assert given(deal, 4, rules) == ({0: times, 1: times}, {2: times, 3: times})
    assert given(scores(100, 20, 17, trump=trump), 3, rules) == (
        {0: 2 * times},
        {1: times, 2: times},
    )
    assert given(scores(80, 50, trump=trump), 2, rules) == ({0: times}, {})
    lone = Deal(trump, (play(0, 0), out(1), out(2)))
    assert given(lone, 3, rules) == ({0: 2 * times}, {})
    agreed = Deal(trump, (play(0, 0), out(1), play(2, 0)), agreed=True)
    assert given(agreed, 3, rules) == ({0: times, 2: times}, {})
    game = enter_all(HandjassGame(FOUR, rules), [deal])
    assert replay(game).net == (times, times, -times, -times)


def test_berner_off_counts_every_suit_once():
    for trump in SWISS:
        assert given(scores(60, 50, 25, 22, trump=trump), 4) == ({0: 1, 1: 1}, {2: 1, 3: 1})


def test_berner_target_27():
    game = HandjassGame(FOUR, BERNER)
    game = enter_all(game, [ranked(range(4), 0, 1, trump="schellen")] * 6)
    state = replay(game)
    assert state.net == (24, 24, 0, 0)
    assert state.retired == {}  # 24 is far past 7 but below 27
    game = enter_all(game, [ranked(range(4), 0, 2, trump="eicheln")] * 2)
    assert replay(game).net == (26, 24, 2, 0)
    assert replay(game).retired == {}
    game = enter_all(game, [ranked(range(4), 0, 2, trump="eicheln")])
    state = replay(game)
    assert state.net == (27, 24, 3, 0)
    assert state.retired == {0: 9}


# --- Variants -----------------------------------------------------------------------------------

EXTRA = HandjassRules(extra_per_potato=True)
MINUS_ONE = HandjassRules(players_minus_one=True)
HOLD = HandjassRules(hold_ties=True)


def test_extra_stroke_one_potato_top_scorer_gets_it():
    assert given(scores(60, 50, 30, 17), 4, EXTRA) == ({0: 2, 1: 1}, {3: 1})
    assert given(scores(50, 60, 30, 17), 4, EXTRA) == ({1: 2, 0: 1}, {3: 1})


def test_extra_stroke_two_potatoes_four_active_the_other_two_get_two_each():
    assert given(scores(80, 50, 20, 7), 4, EXTRA) == ({0: 2, 1: 2}, {2: 1, 3: 1})


def test_extra_stroke_one_good_player_gets_one_per_potato():
    # Two strokes for being the only one without a potato, plus one per potato.
    assert given(scores(100, 20, 17), 3, EXTRA) == ({0: 4}, {1: 1, 2: 1})
    assert given(scores(100, 20, 17, 10), 4, EXTRA) == ({0: 5}, {1: 1, 2: 1, 3: 1})


def test_extra_stroke_no_potato_no_extra():
    assert given(scores(50, 45, 32, 30), 4, EXTRA) == ({0: 1, 1: 1}, {})


def test_players_minus_one_three_strokes_with_four():
    assert given(scores(50, 45, 35, 27), 4, MINUS_ONE) == ({0: 1, 1: 1, 2: 1}, {})


def test_players_minus_one_two_good_players_the_better_gets_two():
    assert given(scores(60, 50, 20, 17), 4, MINUS_ONE) == ({0: 2, 1: 1}, {2: 1, 3: 1})
    assert given(scores(50, 60, 20, 17), 4, MINUS_ONE) == ({1: 2, 0: 1}, {2: 1, 3: 1})


def test_players_minus_one_changes_nothing_for_three_and_two():
    assert given(scores(50, 45, 35), 3, MINUS_ONE) == ({0: 1, 1: 1}, {})
    assert given(scores(80, 50), 2, MINUS_ONE) == ({0: 1}, {})


def test_hold_ties_the_stroke_waits_for_the_next_deal_both_play():
    game = enter_all(HandjassGame(FOUR, HOLD), [scores(60, 40, 40, 17)])
    state = replay(game)
    assert state.rows[-1].award.strokes == {0: 1}
    assert state.held == ((1, 2, 1),)  # B and C, one stroke
    # C drops out: B and C do not both play, the stroke keeps waiting.
    game = enter_all(game, [Deal("rosen", (play(0, 50), play(1, 45), out(2), play(3, 30)))])
    state = replay(game)
    assert state.held == ((1, 2, 1),)  # B and C, one stroke
    assert state.strokes == (2, 1, 0, 0)
    # Both play: C takes more points than B and gets the waiting stroke.
    game = enter_all(game, [scores(50, 27, 30, 45)])
    state = replay(game)
    assert state.held == ()
    assert state.rows[-1].award.strokes == {0: 1, 3: 1, 2: 1}
    assert state.strokes == (3, 1, 1, 1)


def test_hold_ties_a_tie_again_keeps_it_waiting():
    # Deal 2: B and C both play but take 28 each (A and D have the strokes): still waiting.
    game = enter_all(HandjassGame(FOUR, HOLD), [scores(60, 40, 40, 17), scores(55, 28, 28, 45)])
    state = replay(game)
    assert state.held == ((1, 2, 1),)  # B and C, one stroke
    assert state.strokes == (2, 0, 0, 1)
    game = enter_all(game, [scores(27, 60, 28, 30)])
    state = replay(game)
    assert state.held == ()
    assert state.strokes == (2, 2, 0, 2)


def test_hold_ties_no_stroke_is_lost_when_a_second_tie_is_held():
    # B and C tie (deal 1); in deal 2 B drops out and C, D tie: that stroke waits too. When all
    # play again both waiting strokes are given: two strokes for every one of the three deals.
    deals = [
        scores(60, 40, 40, 17),
        Deal("rosen", (play(0, 45), out(1), play(2, 30), play(3, 30))),
        scores(30, 50, 40, 27),
    ]
    game = enter_all(HandjassGame(FOUR, HOLD), deals)
    state = replay(game)
    assert sum(state.strokes) == 6
    assert state.strokes == (2, 2, 2, 0)  # B wins B/C (50 > 40), C wins C/D (40 > 27)


def test_hold_ties_is_off_by_default():
    assert set(refused(HandjassGame(FOUR), scores(60, 40, 40, 17))) == {"draw"}


def test_no_drop_refuses_dropping_out():
    rules = HandjassRules(no_drop=True)
    game = HandjassGame(FOUR, rules)
    errors = refused(game, Deal("rosen", (out(0), play(1, 60), play(2, 50), play(3, 40))))
    assert errors == {"p0": code("handjass_no_drop")}
    assert enter_deal(game, scores(60, 50, 27, 20))[1] == {}
    errors = refused(HandjassGame(TWO, rules), Deal("rosen", (out(0), play(1, 0))))
    assert errors["p0"] == code("handjass_no_drop")


def test_no_drop_has_no_blind():
    # 001: "Some play a version in which every player must play in every hand ... In the
    # three-player and two-player forms of this game the players are dealt 12 cards each. There is
    # no blind hand and no Bessern."
    rules = HandjassRules(no_drop=True)
    errors = refused(
        HandjassGame(THREE, rules), Deal("rosen", (blind(0, 60), play(1, 50), play(2, 30)))
    )
    assert errors == {"p0": code("handjass_no_blind")}


def test_threshold_21():
    rules = HandjassRules(threshold=21)
    assert given(scores(60, 50, 25, 22), 4, rules) == ({0: 1, 1: 1}, {})
    assert given(scores(60, 50, 21, 20), 4, rules) == ({0: 1, 1: 1}, {3: 1})
    assert given(scores(110, 20), 2, rules) == ({0: 1}, {1: 1})


def test_target_5():
    rules = HandjassRules(target=5)
    game = enter_all(HandjassGame(FOUR, rules), [ranked(range(4), 0, 1)] * 5)
    assert replay(game).retired == {0: 5, 1: 5}


@pytest.mark.parametrize(
    ("changes", "problems"),
    [
        ({"deck": "tarot"}, {"deck": code("handjass_deck_unknown")}),
        ({"target": 0}, {"target": code("handjass_target_range", least=1, most=100)}),
        ({"target": 101}, {"target": code("handjass_target_range", least=1, most=100)}),
        ({"threshold": 0}, {"threshold": code("handjass_threshold_range", least=1, most=80)}),
        ({"threshold": 81}, {"threshold": code("handjass_threshold_range", least=1, most=80)}),
        ({"berner": "yes"}, {"berner": code("handjass_yes_or_no")}),
    ],
)
def test_rules_problems(changes, problems):
    assert HandjassRules(**changes).problems() == problems
    assert HandjassRules().problems() == {}


@pytest.mark.parametrize(
    ("names", "problem"),
    [
        (("A",), code("handjass_players_count")),
        (("A", "B", "C", "D", "E"), code("handjass_players_count")),
        (("A", " "), code("handjass_player_unnamed")),
        (("Anna", "anna "), code("handjass_names_same")),
        (("A", "B\x00"), code("name_control")),
    ],
)
def test_players_problems(names, problem):
    assert HandjassGame(names).problems() == {"players": problem}
    assert HandjassGame(FOUR).problems() == {}


def test_rules_round_trip():
    rules = HandjassRules("french", 27, 21, True, True, True, True, True)
    assert HandjassRules.from_dict(rules.to_dict()) == rules


# --- Refusals -----------------------------------------------------------------------------------


def test_cards_above_157_refused():
    game = HandjassGame(THREE)
    errors = refused(game, Deal("rosen", (play(0, 158), out(1), out(2))))
    assert errors == {
        "p0": code("handjass_cards_range", most=157),
        "players": code("handjass_cards_too_many", cards=158, most=157),
    }
    assert deal_problems(Deal("rosen", (play(0, 157), out(1), out(2))), game, replay(game)) == {}


def test_negative_cards_refused():
    assert refused(HandjassGame(TWO), scores(60, -5)) == {
        "p1": ("handjass_cards_range", {"most": 157})
    }


def test_active_cards_adding_up_to_more_than_157_refused():
    errors = refused(HandjassGame(FOUR), scores(60, 50, 30, 20))
    assert errors == {"players": code("handjass_cards_too_many", cards=160, most=157)}
    assert enter_deal(HandjassGame(FOUR), scores(60, 50, 30, 17))[1] == {}


def test_points_of_a_blind_count_against_157():
    errors = refused(HandjassGame(THREE), Deal("rosen", (play(0, 80), blind(1, 60), play(2, 20))))
    assert errors["players"] == code("handjass_cards_too_many", cards=160, most=157)


@pytest.mark.parametrize("entry", [Entry(1, OUT, 20, 0), Entry(1, OUT, 0, 20)])
def test_dropped_out_player_with_points_refused(entry):
    deal = Deal("rosen", (play(0, 60), entry, play(2, 50), play(3, 30)))
    assert refused(HandjassGame(FOUR), deal)["p1"] == code("handjass_out_no_points", player=1)


def test_blind_taken_twice_refused():
    deal = Deal("rosen", (blind(0, 60), blind(1, 50), play(2, 30)))
    assert refused(HandjassGame(THREE), deal)["blind"] == code("handjass_blind_once")
    deal = Deal("rosen", (blind(0, 60), blind(1, 50)))
    assert "blind" in refused(HandjassGame(TWO), deal)


def test_one_blind_allowed_with_three_and_two():
    assert (
        enter_deal(HandjassGame(THREE), Deal("rosen", (blind(0, 60), play(1, 50), out(2))))[1] == {}
    )
    assert enter_deal(HandjassGame(TWO), Deal("rosen", (play(0, 60), blind(1, 50))))[1] == {}


def test_blind_in_a_four_player_deal_refused():
    deal = Deal("rosen", (play(0, 60), play(1, 50), blind(2, 30), play(3, 17)))
    assert refused(HandjassGame(FOUR), deal) == {"p2": code("handjass_no_blind")}


def test_deal_for_a_retired_player_refused():
    game = seed_game()
    errors = refused(game, ranked(range(4), 0, 1))
    assert errors["p2"] == code("handjass_player_retired", player=2)
    # Without C it is accepted.
    assert enter_deal(game, ranked((0, 1, 3), 1, 3))[1] == {}


ONCE = code("handjass_players_once")


@pytest.mark.parametrize(
    ("entries", "problem"),
    [
        ((play(0, 60), play(1, 50), play(2, 30)), ONCE),  # D missing
        ((play(0, 60), play(1, 50), play(2, 30), play(2, 10)), ONCE),  # C twice, D missing
        (
            (play(0, 60), play(1, 50), play(2, 30), play(3, 10), play(4, 0)),
            code("handjass_player_unknown"),  # a fifth player
        ),
        ((), ONCE),
    ],
)
def test_deal_missing_a_player_refused(entries, problem):
    assert refused(HandjassGame(FOUR), Deal("rosen", entries)) == {"players": problem}


def test_nobody_playing_refused():
    deal = Deal("rosen", tuple(out(s) for s in range(4)))
    assert refused(HandjassGame(FOUR), deal) == {"players": code("handjass_nobody_plays")}
    assert refused(HandjassGame(TWO), Deal("rosen", (out(0), out(1)))) == {
        "players": code("handjass_nobody_plays")
    }


@pytest.mark.parametrize("cards", [1, 156])
def test_1_and_156_card_points_refused(cards):
    deal = Deal("rosen", (play(0, cards), out(1), out(2)))
    assert refused(HandjassGame(THREE), deal) == {
        "p0": code("handjass_cards_impossible", cards=cards)
    }


@pytest.mark.parametrize("cards", [0, 2, 155, 157])
def test_0_2_155_157_card_points_allowed(cards):
    deal = Deal("rosen", (play(0, cards), out(1), out(2)))
    assert enter_deal(HandjassGame(THREE), deal)[1] == {}


def test_unknown_trump_refused():
    errors = refused(HandjassGame(FOUR), scores(60, 50, 27, 20, trump="hearts"))
    assert errors == {"trump": code("handjass_trump_missing")}
    game = HandjassGame(FOUR, HandjassRules(deck="french"))
    assert enter_deal(game, scores(60, 50, 27, 20, trump="hearts"))[1] == {}


def test_unknown_status_refused():
    deal = Deal("rosen", (play(0, 60), Entry(1, "maybe", 0), play(2, 50), play(3, 30)))
    assert refused(HandjassGame(FOUR), deal)["p1"] == code("handjass_status_unknown")


@pytest.mark.parametrize("weis", [10, 30, 25, -20])
def test_impossible_weis_refused(weis):
    errors = refused(HandjassGame(TWO), Deal("rosen", (play(0, 60, weis), play(1, 50))))
    assert errors == {"p0": code("handjass_weis_values")}


def test_only_the_best_weis_scores_but_stoeck_always():
    two_weis = Deal("rosen", (play(0, 60, 50), play(1, 50, 100)))
    assert refused(HandjassGame(TWO), two_weis) == {"weis": code("handjass_weis_one_holder")}
    stoeck = Deal("rosen", (play(0, 60, 20), play(1, 50, 100)))
    assert enter_deal(HandjassGame(TWO), stoeck)[1] == {}


def test_written_weis_beside_declared_weis_or_another_20():
    # Declared Weis count as one holder (the ruling picks one of them): A declares four Kings,
    # so B may not write 50 beside them; a written 20 may be B's Stöck, unless A declared it.
    kings = Entry(0, PLAY, 60, declared=(Weis.four("K"),))
    assert "weis" in refused(HandjassGame(TWO), Deal("rosen", (kings, play(1, 50, 50))))
    assert enter_deal(HandjassGame(TWO), Deal("rosen", (kings, play(1, 50, 20))))[1] == {}
    stoeck = Entry(0, PLAY, 60, declared=(Weis.four("K"),), stoeck=True)
    errors = refused(HandjassGame(TWO), Deal("rosen", (stoeck, play(1, 50, 20))))
    assert errors == {"weis": code("handjass_weis_one_holder")}
    # Written 20s: two are one player's Stöck and another's Weis; three would be Weis of two.
    two = Deal("rosen", (play(0, 50, 20), play(1, 50, 20), play(2, 57)))
    assert enter_deal(HandjassGame(THREE), two)[1] == {}
    three = Deal("rosen", (play(0, 50, 20), play(1, 50, 20), play(2, 57, 20)))
    assert "weis" in refused(HandjassGame(THREE), three)


def test_no_deal_after_the_loser_is_known():
    game = full_game()
    assert replay(game).finished
    errors = refused(game, Deal("rosen", (play(2, 60), play(3, 50))))
    assert errors == {"game": code("handjass_loser_known")}


def test_record_problem():
    assert record_problem(seed_game()) is None
    assert record_problem(HandjassGame(FOUR)) is None
    tie = HandjassGame(FOUR, deals=(ranked(range(4), 0, 1), scores(60, 40, 40, 17)))
    drawn = code("handjass_tie_draw", needed=1, **players("handjass_players_and", 1, 2))
    assert record_problem(tie) == code("handjass_deal_problem", number=2, problems=(drawn,))
    retired = seed_game().with_record(SEED_DEALS + (ranked(range(4), 0, 1),))
    assert record_problem(retired) == code(
        "handjass_deal_problem",
        number=10,
        problems=(code("handjass_player_retired", player=2),),
    )
    blind_four = HandjassGame(FOUR, deals=(Deal("rosen", (blind(0, 0), out(1), out(2), out(3))),))
    assert record_problem(blind_four) == code(
        "handjass_deal_problem", number=1, problems=(code("handjass_no_blind"),)
    )
    # Every problem of the deal, in the order deal_problems finds them.
    two = HandjassGame(TWO, deals=(Deal("hearts", (play(0, 158), play(1, 0))),))
    assert record_problem(two) == code(
        "handjass_deal_problem",
        number=1,
        problems=(
            code("handjass_trump_missing"),
            code("handjass_cards_range", most=157),
            code("handjass_cards_too_many", cards=158, most=157),
        ),
    )


def test_load_refuses_a_bad_record():
    data = export(HandjassGame(FOUR, deals=(scores(60, 50, 30, 20),)))
    with pytest.raises(ImportProblem) as error:
        load(data)
    too_many = code("handjass_cards_too_many", cards=160, most=157)
    assert error.value.code == code("handjass_deal_problem", number=1, problems=(too_many,))


# --- What a deal says: its ruling, a code a line ------------------------------------------------


def strokes_line(*given: tuple[int, int]) -> Code:
    """The line of the strokes: (seat, strokes) in the order given."""
    (first, won), *others = given
    more = listed("handjass_strokes_more", [{"player": s, "strokes": n} for s, n in others])
    return code("handjass_strokes", player=first, strokes=won, more=more)


def lines(deal: Deal, in_game: int, rules: HandjassRules = DEFAULT) -> tuple[Code, ...]:
    return award(deal, rules, in_game).lines


def test_the_lines_of_potatoes_and_strokes():
    assert lines(scores(60, 50, 25, 22), 4) == (
        code("handjass_potatoes", threshold=26, **players("handjass_potatoes_more", 2, 3)),
        strokes_line((0, 1), (1, 1)),
    )
    # One potato: a list of one; the one good player takes both strokes of a three-player deal.
    assert lines(Deal("rosen", (play(0, 100), play(1, 40), play(2, 17))), 3) == (
        code("handjass_potatoes", threshold=26, player=2, more=None),
        strokes_line((0, 1), (1, 1)),
    )
    assert lines(scores(120, 37), 2) == (strokes_line((0, 1)),)


def test_the_line_when_nobody_reaches_the_threshold():
    deal = Deal("rosen", (out(0), play(1, 20), play(2, 15)))
    assert lines(deal, 3, HandjassRules(threshold=21)) == (
        code("handjass_potatoes", threshold=21, **players("handjass_potatoes_more", 1, 2)),
        code("handjass_no_strokes", threshold=21),
    )


def test_the_lines_of_a_draw():
    assert lines(scores(45, 45, 45, 22, draw=(0, 2)), 4) == (
        code("handjass_potatoes", threshold=26, player=3, more=None),
        code("handjass_drawn", points=45, needed=2, **players("handjass_players_and", 0, 2)),
        strokes_line((0, 1), (2, 1)),
    )
    assert lines(scores(60, 40, 40, 17, draw=2), 4)[1] == code(
        "handjass_drawn", points=40, needed=1, player=2, more=None
    )


def test_the_lines_of_a_held_tie_and_its_stroke():
    game = enter_all(HandjassGame(FOUR, HOLD), [scores(60, 40, 40, 17), scores(50, 27, 30, 45)])
    first, second = replay(game).rows
    assert first.award.lines == (
        code("handjass_potatoes", threshold=26, player=3, more=None),
        code("handjass_tie_held", points=40),
        strokes_line((0, 1)),
    )
    # C takes more than B: the waiting stroke goes to C, said after the deal's own strokes.
    assert second.award.lines == (
        strokes_line((0, 1), (3, 1)),
        code("handjass_held_stroke", player=2),
    )


@pytest.mark.parametrize(
    ("seated", "rules", "trump", "strokes"),
    [
        (FOUR, DEFAULT, "rosen", 2),
        (TWO, DEFAULT, "rosen", 1),
        (THREE, BERNER, "schilten", 6),  # two strokes times 3
    ],
)
def test_the_line_when_all_others_drop_out(seated, rules, trump, strokes):
    deal = Deal(trump, tuple(play(s, 0) if s == 1 else out(s) for s in range(len(seated))))
    assert lines(deal, len(seated), rules) == (
        code("handjass_all_others_out", player=1, strokes=strokes),
    )


@pytest.mark.parametrize(
    ("rules", "trump", "strokes"), [(DEFAULT, "rosen", 1), (BERNER, "schellen", 4)]
)
def test_the_line_when_two_agree(rules, trump, strokes):
    deal = Deal(trump, (play(0, 0), out(1), play(2, 0)), agreed=True)
    assert lines(deal, 3, rules) == (code("handjass_agreed", strokes=strokes),)
    assert award(deal, rules, 3).strokes == {0: strokes, 2: strokes}


def test_the_weis_ruling_comes_first():
    # 001's example: A and C both announce 50; C's K-O-U-10 is in trumps and wins.
    c_runs = (Weis.run("schellen", "K", 4), Weis.run("eicheln", "8", 3))
    deal = Deal(
        "schellen",
        (
            Entry(0, PLAY, 40, declared=(Weis.run("rosen", "K", 4),)),
            play(1, 40),
            Entry(2, PLAY, 20, declared=c_runs, stoeck=True),
            play(3, 57),
        ),
    )
    assert lines(deal, 4) == (
        code("weis_points_same", points=50),
        code("weis_cards_same", cards=4),
        code("weis_top_same", top_to="K"),
        code("weis_trump", suit="schellen", weis=c_runs[0], who=2),
        strokes_line((2, 1), (3, 1)),
    )


# --- Vorhand and dealer -------------------------------------------------------------------------


def turns(game: HandjassGame) -> list[tuple[int, int]]:
    """(Vorhand, dealer) of every deal played, then of the next deal."""
    state = replay(game)
    return [(row.vorhand, row.dealer) for row in state.rows] + [(state.vorhand, state.dealer)]


def test_rotation_seat_0_first_dealer_the_seat_before():
    assert turns(HandjassGame(FOUR)) == [(0, 3)]
    game = enter_all(HandjassGame(FOUR), [ranked(range(4), 0, 1), ranked(range(4), 2, 3)] * 3)
    assert turns(game) == [(0, 3), (1, 0), (2, 1), (3, 2), (0, 3), (1, 0), (2, 1)]
    assert turns(HandjassGame(THREE)) == [(0, 2)]
    assert turns(HandjassGame(TWO)) == [(0, 1)]
    game = enter_all(HandjassGame(TWO), [scores(80, 50), scores(50, 80), scores(80, 50)])
    assert turns(game) == [(0, 1), (1, 0), (0, 1), (1, 0)]


def test_retiring_player_not_vorhand_the_turn_passes_on():
    # D is the best every deal and retires with deal 7, where C is Vorhand and B deals. D would
    # be the next Vorhand: the turn passes to A, and C, the previous Vorhand, deals.
    deals = [ranked(range(4), 3, 0), ranked(range(4), 3, 1)] * 3 + [ranked(range(4), 3, 2)]
    game = enter_all(HandjassGame(FOUR), deals)
    state = replay(game)
    assert state.retired == {3: 7}
    assert (state.rows[-1].vorhand, state.rows[-1].dealer) == (2, 1)
    assert (state.vorhand, state.dealer) == (0, 2)


def test_vorhand_retires_the_same_dealer_deals_again():
    # C is the best every deal and retires with deal 7, where C is Vorhand and B deals.
    deals = [ranked(range(4), 2, 0), ranked(range(4), 2, 1), ranked(range(4), 2, 3)] * 2
    game = enter_all(HandjassGame(FOUR), deals + [ranked(range(4), 2, 0)])
    state = replay(game)
    assert state.retired == {2: 7}
    assert (state.rows[-1].vorhand, state.rows[-1].dealer) == (2, 1)
    assert (state.vorhand, state.dealer) == (3, 1)
    # Then the rotation goes on among A, B and D.
    game = enter_all(game, [ranked((0, 1, 3), 0, 1, potatoes=(3,))] * 2)
    assert turns(game)[-3:] == [(3, 1), (0, 3), (1, 0)]


def test_dealer_retires_the_rotation_goes_on():
    # B is the best every deal and retires with deal 7, where B deals (C is Vorhand).
    deals = [ranked(range(4), 1, 0), ranked(range(4), 1, 2), ranked(range(4), 1, 3)] * 2
    game = enter_all(HandjassGame(FOUR), deals + [ranked(range(4), 1, 0)])
    state = replay(game)
    assert state.retired == {1: 7}
    assert (state.rows[-1].vorhand, state.rows[-1].dealer) == (2, 1)
    assert (state.vorhand, state.dealer) == (3, 2)


@pytest.mark.parametrize(
    ("retiring", "vorhand", "dealer"),
    [
        # Deal 7 of three players: A is Vorhand, C deals. The next Vorhand is the one whose turn
        # would have come first (B, then C, then A); the other player deals.
        (0, 1, 2),  # Vorhand A retires: B's turn
        (1, 2, 0),  # B, whose turn was next, retires: C's turn
        (2, 1, 0),  # the dealer C retires: B's turn
    ],
)
def test_three_player_game_next_vorhand_whose_turn_comes_first(retiring, vorhand, dealer):
    others = [s for s in range(3) if s != retiring]
    deals = [ranked(range(3), retiring, others[i % 2]) for i in range(7)]
    game = enter_all(HandjassGame(THREE), deals)
    state = replay(game)
    assert state.retired == {retiring: 7}
    assert (state.rows[-1].vorhand, state.rows[-1].dealer) == (0, 2)
    assert (state.vorhand, state.dealer) == (vorhand, dealer)
    assert not state.finished


# --- A whole game, four players down to the loser -----------------------------------------------


def full_game() -> HandjassGame:
    """A retires with deal 7, B with deal 11 (three players), C with deal 12 (two): D loses."""
    seconds = [1, 2, 3, 1, 2, 3, 1]
    deals = [ranked(range(4), 0, s, trump=SWISS[i % 4]) for i, s in enumerate(seconds)]
    deals += [ranked((1, 2, 3), 1, 2, trump="schilten")] * 3
    deals += [Deal("eicheln", (blind(1, 60), play(2, 50), play(3, 30)))]
    deals += [Deal("schellen", (play(2, 60), blind(3, 40)))]
    return enter_all(HandjassGame(FOUR), deals)


def test_full_game_to_the_loser():
    game = full_game()
    state = replay(game)
    assert len(state.rows) == 12
    assert state.retired == {0: 7, 1: 11, 2: 12}
    assert sorted(state.retired, key=state.retired.get) == [0, 1, 2]
    assert state.loser == 3
    assert state.finished
    assert state.in_game == [3]
    assert state.net == (7, 7, 7, 2)
    assert [row.retired for row in state.rows if row.retired] == [(0,), (1,), (2,)]
    assert turns(game)[:-1] == [
        (0, 3),
        (1, 0),
        (2, 1),
        (3, 2),
        (0, 3),
        (1, 0),
        (2, 1),  # A retires
        (3, 2),
        (1, 3),
        (2, 1),
        (3, 2),  # B retires
        (2, 3),  # C retires
    ]


def test_full_game_two_players_in_the_end_one_stroke_a_deal():
    state = replay(full_game())
    assert state.rows[-1].award.strokes == {2: 1}
    assert state.rows[-1].award.potatoes == {}


def test_full_game_export_load_replay_same_state():
    game = full_game()
    data = export(game)
    assert data["format"] == "jass-scorer/handjass"
    assert data["version"] == 1
    loaded = load(json.loads(json.dumps(data)))
    assert loaded == game
    assert replay(loaded) == replay(game)
    assert state_dict(loaded) == state_dict(game)
    summary = state_dict(game)
    assert summary["loser"] == "D"
    assert summary["retired"] == {"A": 7, "B": 11, "C": 12}
    assert summary["net"] == [7, 7, 7, 2]
    assert len(summary["deals"]) == 12


@pytest.mark.parametrize(
    "game",
    [
        HandjassGame(FOUR),
        HandjassGame(TWO, HandjassRules(deck="french", berner=True, target=27)),
        HandjassGame(THREE, HOLD, (scores(60, 40, 40),)),
        HandjassGame(FOUR, EXTRA, (Deal("rosen", (out(0), play(1, 0), out(2), play(3, 0)), True),)),
    ],
)
def test_export_load_round_trip(game):
    loaded = load(json.loads(json.dumps(export(game))))
    assert loaded == game
    assert replay(loaded) == replay(game)
    assert state_dict(loaded) == state_dict(game)


@pytest.mark.parametrize("players", [["A"], ["A", "B", "C", "D", "E"], ["A", "a"], ["A", " "]])
def test_load_refuses_bad_players(players):
    data = {**export(HandjassGame(TWO)), "players": players}
    with pytest.raises(ImportProblem):
        load(data)


def test_rules_left_open_take_the_variants_defaults():
    assert HandjassRules.chosen().target == 7
    assert HandjassRules.chosen(berner=True).target == 27
    assert HandjassRules.chosen(berner=True, target=20).target == 20
    assert HandjassRules.chosen().threshold == 26
    assert HandjassRules.chosen(threshold=21).threshold == 21
    assert HandjassRules.chosen(deck="french", no_drop=True) == HandjassRules(
        deck="french", no_drop=True
    )


def test_the_lots_are_drawn_among_the_tied():
    tie = Award({}, {}, tied=(0, 2, 3), needed=2)
    deal = Deal("rosen", ())
    first = drawn(deal, tie, random.Random(7)).draw
    assert len(first) == 2 and set(first) <= {0, 2, 3}
    assert drawn(deal, tie, random.Random(7)).draw == first  # the same lots from the same seed
    seen = {drawn(deal, tie, random.Random(seed)).draw for seed in range(200)}
    assert {frozenset(d) for d in seen} == {frozenset(p) for p in ((0, 2), (0, 3), (2, 3))}


# --- The 157 of a deal: the rest for the one left blank, and a question when they do not add up --


def test_the_rest_of_157_for_the_one_left_blank():
    assert rest_of(DEFAULT, 4, {0: 50, 1: 40, 2: 45, 3: None}) == code(
        "handjass_rest_for", player=3, rest=22, made=135, total=157
    )
    # Any one player may be the one left blank.
    assert rest_of(DEFAULT, 4, {0: None, 1: 40, 2: 45, 3: 22}) == code(
        "handjass_rest_for", player=0, rest=50, made=107, total=157
    )
    assert rest_of(DEFAULT, 4, {0: 157, 1: 0, 2: 0, 3: None}).values["rest"] == 0


def test_the_others_made_too_much_already():
    assert rest_of(DEFAULT, 4, {0: 100, 1: 40, 2: 20, 3: None}) == code(
        "handjass_points_over", points=160, total=157
    )


def test_the_points_add_up_or_make_something_else():
    assert rest_of(DEFAULT, 4, {0: 50, 1: 40, 2: 45, 3: 22}) == code(
        "handjass_points_add_up", points=157
    )
    assert rest_of(DEFAULT, 4, {0: 50, 1: 40, 2: 40, 3: 20}) == code(
        "handjass_points_sum", points=150, total=157
    )
    assert rest_of(DEFAULT, 4, {0: 50, 1: None, 2: None, 3: 20}) == code(
        "handjass_rest_open", total=157
    )


def test_weis_and_stoeck_are_not_in_the_157():
    # Weis and Stöck are written beside the card points: 50 + 40 + 45 + 22 card points add up
    # whatever Weis a player scored.
    deal = Deal("rosen", (play(0, 50, weis=50), play(1, 40), play(2, 45), play(3, 22, weis=20)))
    assert points_question(deal, DEFAULT, 4) is None


@pytest.mark.parametrize(
    ("rules", "in_game", "active", "agreed", "total"),
    [
        (DEFAULT, 4, 4, False, 157),  # four players, nine cards each: the whole deck
        (DEFAULT, 4, 3, False, None),  # one dropped out: their nine cards count for no one
        (
            DEFAULT,
            3,
            3,
            False,
            None,
        ),  # three: the blind (or the hand its taker put down) lies aside
        (DEFAULT, 2, 2, False, None),  # two: the blind and the stock lie aside
        (HandjassRules(no_drop=True), 3, 3, False, 157),  # nobody drops out: twelve cards each
        (HandjassRules(no_drop=True), 2, 2, False, None),  # twelve each, twelve aside
        (DEFAULT, 4, 1, False, None),  # all others out: no play
        (DEFAULT, 3, 2, True, None),  # two agree: no play
    ],
)
def test_the_157_is_known_only_when_every_card_is_played(rules, in_game, active, agreed, total):
    assert deal_total(rules, in_game, active, agreed) == total
    points = {seat: 20 for seat in range(active)}
    assert (rest_of(rules, in_game, points, agreed) is None) == (total is None)


def test_a_three_player_deal_has_no_rest_and_no_question():
    assert rest_of(DEFAULT, 3, {0: 60, 1: None, 2: 30}) is None
    game = HandjassGame(THREE)
    after, errors = enter_deal(
        game, Deal("rosen", (play(0, 60), play(1, 40), play(2, 30))), ask_sum=True
    )
    assert errors == {} and len(after.deals) == 1


def test_a_deal_that_does_not_add_up_asks_first_and_is_written_when_the_table_says_so():
    game = HandjassGame(FOUR)
    odd = scores(50, 40, 40, 20)
    assert points_question(odd, DEFAULT, 4) == code("handjass_points_sum", points=150, total=157)
    after, errors = enter_deal(game, odd, ask_sum=True)
    assert after == game
    assert errors == {"sum": code("handjass_points_sum", points=150, total=157)}
    # The table confirms: Ben and Clara tie with 40, so the draw comes next; then it is written
    # as it was counted.
    assert set(enter_deal(game, odd)[1]) == {"draw"}
    drawn_odd = scores(50, 40, 40, 20, draw=1)
    assert set(enter_deal(game, drawn_odd, ask_sum=True)[1]) == {"sum"}
    after, errors = enter_deal(game, drawn_odd)
    assert errors == {} and after.deals == (drawn_odd,)
    assert replay(after).net == (1, 1, 0, -1)
    # Points that add up are written at once.
    after, errors = enter_deal(game, scores(50, 40, 45, 22), ask_sum=True)
    assert errors == {} and len(after.deals) == 1


def test_the_question_comes_after_refusals_and_before_the_draw():
    game = HandjassGame(FOUR)
    # More than 157 is refused, not asked.
    errors = refused(game, scores(100, 40, 20, 0))
    assert errors["players"] == code("handjass_cards_too_many", cards=160, most=157)
    _, errors = enter_deal(game, scores(100, 40, 20, 0), ask_sum=True)
    assert "sum" not in errors
    # A refusal comes before the question.
    _, errors = enter_deal(game, scores(50, 40, 40, 20, trump=""), ask_sum=True)
    assert set(errors) == {"trump"}
    # A tie that does not add up: first the question, then the draw.
    tied = scores(60, 40, 40, 10)
    _, errors = enter_deal(game, tied, ask_sum=True)
    assert set(errors) == {"sum"}
    _, errors = enter_deal(game, tied)
    assert set(errors) == {"draw"}
    after, errors = enter_deal(game, scores(60, 40, 40, 10, draw=2))
    assert errors == {} and replay(after).net == (1, 0, 1, -1)


def test_an_import_is_not_asked():
    # A record keeps what the table confirmed: points that do not add up stand.
    game = HandjassGame(FOUR, deals=(scores(50, 40, 40, 20, draw=1), scores(60, 50, 25, 10)))
    assert record_problem(game) is None
