"""Schieber: scoring a hand, checking a hand, entering hands, and how a game ends."""

from dataclasses import replace

import pytest

from scorer.codes import code
from scorer.schieber.contracts import Rules
from scorer.schieber.game import (
    ONE_STOECK,
    Game,
    Hand,
    Moment,
    Step,
    Team,
    bergpreis_question,
    change_record,
    enter,
    hand_problems,
    previews,
    record_problem,
    replay,
    score,
    settle_bergpreis,
    settle_tie,
    steps,
)
from scorer.slate import Slate
from scorer.web.core.messages import say

MODERN = Rules.from_preset("modern")
CLASSIC = Rules.from_preset("classic")
SIMPLE = Rules.from_preset("simple")  # target 1000, half 500


def game(*hands, rules=SIMPLE, per_team=2, first_vorhand=0):
    a = Team("Ost", tuple(f"a{i}" for i in range(1, per_team + 1)))
    b = Team("West", tuple(f"b{i}" for i in range(1, per_team + 1)))
    return Game((a, b), rules, first_vorhand, tuple(hands))


MATCH_A = Hand("rosen", points_team=0, match=True)
MATCH_B = Hand("rosen", points_team=1, match=True)


# --- scoring one hand -------------------------------------------------------------------------


def test_bells_x2_example():
    hand = Hand("schellen", points_team=0, points=90)
    assert score(hand, MODERN) == (180, 134)
    assert steps(hand, MODERN) == [Step("stich", (180, 134))]


def test_points_for_team_b():
    assert score(Hand("schellen", points_team=1, points=90), MODERN) == (134, 180)


def test_trick_points_before_multiplier():
    assert Hand("schellen", points_team=0, points=90).trick_points == (90, 67)
    assert Hand("schellen", points_team=1, points=90).trick_points == (67, 90)
    assert Hand("schellen", points_team=1, match=True).trick_points == (0, 257)
    assert Hand("schellen", weis=(20, 0)).trick_points == (0, 0)


def test_obenabe_x3_weis_120():
    hand = Hand("obenabe", points_team=1, points=100, weis=(120, 0))
    assert steps(hand, CLASSIC) == [Step("weis", (360, 0)), Step("stich", (171, 300))]
    assert score(hand, CLASSIC) == (531, 300)


def test_undenufe_x4_four_unders():
    assert score(Hand("undenufe", points_team=0, points=0, weis=(200, 0)), CLASSIC) == (800, 628)


@pytest.mark.parametrize(
    "contract, rules, expected",
    [
        ("rosen", MODERN, 257),
        ("schellen", MODERN, 514),
        ("obenabe", MODERN, 771),
        ("undenufe", CLASSIC, 1028),
    ],
)
def test_match_scores_257_times_multiplier(contract, rules, expected):
    assert score(Hand(contract, points_team=0, match=True), rules) == (expected, 0)
    assert score(Hand(contract, points_team=1, match=True), rules) == (0, expected)


def test_match_counted():
    state = replay(game(MATCH_A, MATCH_B, MATCH_B, rules=MODERN))
    assert state.matches == (1, 2)
    assert state.totals == (257, 514)


def test_157_is_not_a_match():
    hand = Hand("schilten", points_team=0, points=157)
    assert score(hand, MODERN) == (314, 0)
    state = replay(game(hand, rules=MODERN))
    assert state.totals == (314, 0)
    assert state.matches == (0, 0)


def test_stoeck_scores_even_when_other_team_has_weis():
    hand = Hand("schilten", points_team=0, points=100, weis=(0, 50), stoeck=0)
    assert steps(hand, MODERN) == [
        Step("stoeck", (40, 0)),
        Step("weis", (0, 100)),
        Step("stich", (200, 114)),
    ]
    assert score(hand, MODERN) == (240, 214)


def test_stoeck_of_team_b():
    assert steps(Hand("rosen", stoeck=1), MODERN) == [Step("stoeck", (0, 20))]
    assert score(Hand("eicheln", points_team=0, points=0, stoeck=1), CLASSIC) == (0, 177)


def test_step_order():
    assert MODERN.order == ("stoeck", "weis", "stich")
    hand = Hand("rosen", points_team=1, points=57, weis=(50, 0), stoeck=1)
    assert [s.kind for s in steps(hand, MODERN)] == ["stoeck", "weis", "stich"]
    # The house order applies where the game ends by itself (and to claims in the first trick).
    house = replace(MODERN, order=("stoeck", "stich", "weis"))
    assert [s.kind for s in steps(hand, house)] == ["stoeck", "weis", "stich"]
    house = replace(house, auto_end=True)
    assert [s.kind for s in steps(hand, house)] == ["stoeck", "stich", "weis"]


def test_empty_steps_left_out():
    assert steps(Hand("rosen", points_team=0, points=157), MODERN) == [Step("stich", (157, 0))]


# --- hand_problems ----------------------------------------------------------------------------


OUT_OF_RANGE = code("points_range", most=157, match=257)


@pytest.mark.parametrize(
    "points, problem",
    [
        (-1, OUT_OF_RANGE),
        (158, OUT_OF_RANGE),
        (1, code("points_impossible", points=1)),
        (156, code("points_impossible", points=156)),
        (257, OUT_OF_RANGE),
    ],
)
def test_impossible_points(points, problem):
    problems = hand_problems(Hand("rosen", points=points), MODERN)
    assert problems == {"points": problem}
    assert say(problems["points"], kind="schieber")


def test_impossible_points_words():
    problems = hand_problems(Hand("rosen", points=158), MODERN)
    assert say(problems["points"], kind="schieber") == (
        "Stichpunkte von 0 bis 157; 257 ist der Match-Knopf."
    )
    problems = hand_problems(Hand("rosen", points=156), MODERN)
    assert say(problems["points"], kind="schieber") == (
        "156 gibt es nicht: keine Karte zählt 1 Punkt."
    )


@pytest.mark.parametrize("points", [0, 2, 90, 155, 157])
def test_possible_points(points):
    assert hand_problems(Hand("rosen", points=points), MODERN) == {}


def test_match_with_points_refused():
    problems = hand_problems(Hand("rosen", match=True, points=90), MODERN)
    assert problems == {"points": code("match_points")}


def test_match_without_points_or_with_257():
    assert hand_problems(Hand("rosen", match=True), MODERN) == {}
    assert hand_problems(Hand("rosen", match=True, points=257), MODERN) == {}


@pytest.mark.parametrize("contract", ["obenabe", "undenufe"])
def test_no_stoeck_without_trump(contract):
    problems = hand_problems(Hand(contract, points=90, stoeck=0), MODERN)
    assert problems == {"stoeck": code("stoeck_no_trump", contract=contract)}
    assert say(problems["stoeck"], kind="schieber") == (
        f"Stöck gibt es nur mit Trumpf, nicht bei {contract.capitalize()}."
    )


def test_stoeck_with_trump():
    assert hand_problems(Hand("schellen", points=90, stoeck=1), MODERN) == {}


def test_stoeck_of_no_team():
    assert hand_problems(Hand("rosen", points=90, stoeck=2), MODERN) == {
        "stoeck": code("stoeck_team")
    }


def test_weis_for_both_teams_refused():
    problems = hand_problems(Hand("rosen", points=90, weis=(20, 50)), MODERN)
    assert problems == {"weis": code("weis_one_team")}


@pytest.mark.parametrize(
    "weis, problem",
    [
        (30, code("weis_points_impossible", points=30)),
        (10, code("weis_points_impossible", points=10)),
        (25, code("weis_points_impossible", points=25)),
        (-20, code("weis_negative")),
        (610, code("weis_too_much", most=600)),
        (750, code("weis_too_much", most=600)),
    ],
)
def test_impossible_weis(weis, problem):
    problems = hand_problems(Hand("rosen", points=90, weis=(weis, 0)), MODERN)
    assert problems == {"weis": problem}
    assert say(problems["weis"], kind="schieber")


# Two players of a team with large Weis reach 600 at most: two runs of nine.
@pytest.mark.parametrize("weis", [20, 50, 70, 120, 40, 600])
def test_possible_weis(weis):
    assert hand_problems(Hand("rosen", points=90, weis=(0, weis)), MODERN) == {}


def test_small_weis_bound():
    # Small Weis, a card in one Weis only: one player four Unders and four 9s (350), the other
    # four Aces and four Kings (200): 550.
    rules = Rules.from_preset("modern", weis_large=False)
    assert hand_problems(Hand("rosen", points=90, weis=(550, 0)), rules) == {}
    assert hand_problems(Hand("rosen", points=90, weis=(560, 0)), rules) == {
        "weis": code("weis_too_much", most=550)
    }


def test_the_most_weis_depends_on_the_team_size():
    # Two players with nine cards: 600 at most (two runs of nine). Three with six cards each:
    # 220 a player at most, so 660; 510 is reachable (four Unders + K-O-U, four 9s + 10-9-8,
    # four Aces + A-K-O), so it must be accepted.
    assert hand_problems(Hand("rosen", points=90, weis=(610, 0)), MODERN) == {
        "weis": code("weis_too_much", most=600)
    }
    six = {"players_per_team": 3}
    assert hand_problems(Hand("rosen", points=90, weis=(510, 0)), MODERN, **six) == {}
    assert hand_problems(Hand("rosen", points=90, weis=(660, 0)), MODERN, **six) == {}
    assert hand_problems(Hand("rosen", points=90, weis=(670, 0)), MODERN, **six) == {
        "weis": code("weis_too_much", most=660)
    }


def test_hidden_contract_refused():
    rules = Rules(multipliers={**MODERN.multipliers, "undenufe": 0})
    problems = hand_problems(Hand("undenufe", points=90), rules)
    assert problems == {"contract": code("contract_not_played", contract="undenufe")}
    assert hand_problems(Hand("obenabe", points=90), rules) == {}


def test_unknown_contract_refused():
    assert hand_problems(Hand("hearts", points=90), MODERN) == {
        "contract": code("contract_not_played", contract="hearts")
    }


def test_points_team_and_first_claim_checked():
    assert hand_problems(Hand("rosen", points_team=2, points=90), MODERN) == {
        "points_team": code("points_team")
    }
    assert hand_problems(Hand("rosen", points=90, first_claim=2), MODERN) == {
        "first_claim": code("first_claim_team")
    }


# --- enter ------------------------------------------------------------------------------------


def test_open_hand_with_weis_then_tricks():
    g, errors = enter(game(rules=MODERN), Hand("rosen", weis=(50, 0)))
    assert errors == {}
    state = replay(g)
    assert state.open_hand == Hand("rosen", weis=(50, 0))
    assert state.totals == (50, 0)
    assert not state.finished

    g, errors = enter(g, Hand("rosen", points_team=0, points=100))
    assert errors == {}
    assert g.hands == (Hand("rosen", points_team=0, points=100, weis=(50, 0)),)
    state = replay(g)
    assert state.open_hand is None
    assert state.totals == (150, 57)


def test_open_hand_collects_weis_and_stoeck():
    g, _ = enter(game(rules=MODERN), Hand("schellen", weis=(0, 20)))
    g, errors = enter(g, Hand("schellen", weis=(0, 50), stoeck=0))
    assert errors == {}
    g, errors = enter(g, Hand("schellen", points_team=1, match=True))
    assert errors == {}
    assert g.hands == (Hand("schellen", points_team=1, match=True, weis=(0, 70), stoeck=0),)
    assert replay(g).totals == (40, 140 + 514)


def test_open_hand_contract_mismatch():
    g, _ = enter(game(rules=MODERN), Hand("rosen", weis=(20, 0)))
    after, errors = enter(g, Hand("schellen", points=90))
    assert errors == {"contract": code("hand_running_in", contract="rosen")}
    assert say(errors["contract"], kind="schieber") == "Diese Hand läuft schon in Rosen."
    assert after == g


def test_second_stoeck_refused():
    g, errors = enter(game(rules=MODERN), Hand("rosen", stoeck=0))
    assert errors == {}
    after, errors = enter(g, Hand("rosen", stoeck=1))
    assert errors == {"stoeck": ONE_STOECK} == {"stoeck": code("stoeck_once")}
    assert after == g


def test_weis_added_for_the_other_team_refused():
    g, _ = enter(game(rules=MODERN), Hand("rosen", weis=(20, 0)))
    after, errors = enter(g, Hand("rosen", weis=(0, 50)))
    assert errors == {"weis": code("weis_one_team")}
    assert after == g


def test_empty_entry_refused():
    g = game(rules=MODERN)
    after, errors = enter(g, Hand("rosen"))
    assert errors == {"points": code("points_missing")}
    assert after == g


def test_empty_entry_on_open_hand_refused():
    g, _ = enter(game(rules=MODERN), Hand("rosen", weis=(20, 0)))
    after, errors = enter(g, Hand("rosen"))
    assert errors == {"points": code("points_missing")}
    assert after == g


def test_impossible_entry_refused():
    g = game(rules=MODERN)
    after, errors = enter(g, Hand("rosen", points=156))
    assert errors == {"points": code("points_impossible", points=156)}
    assert after == g


def test_entry_after_game_finished():
    g = game(MATCH_A, MATCH_A, MATCH_A, MATCH_A)
    assert replay(g).finished
    after, errors = enter(g, Hand("rosen", points=90))
    assert errors == {"game": code("game_over")}
    assert after == g


def test_complete_hands_append():
    g, _ = enter(game(rules=MODERN), Hand("rosen", points_team=0, points=90))
    g, _ = enter(g, Hand("obenabe", points_team=1, points=100))
    assert replay(g).totals == (90 + 171, 67 + 300)
    assert len(g.hands) == 2


# --- game end: target, winner, Schneider, Bergpreis, tie --------------------------------------


def test_target_reached_at_end_of_hand():
    assert not replay(game(MATCH_A, MATCH_A, MATCH_A)).finished
    state = replay(game(MATCH_A, MATCH_A, MATCH_A, MATCH_A))
    assert state.totals == (1028, 0)
    assert state.finished
    assert state.winner == Moment(0, 4, "stich")
    assert state.schneider is True
    assert state.matches == (4, 0)
    assert state.bergpreis == Moment(0, 2, "stich")


def test_open_hand_over_target_does_not_end_the_game():
    g = game(MATCH_A, MATCH_A, MATCH_A, Hand("rosen", weis=(240, 0)))
    state = replay(g)
    assert state.totals == (1011, 0)
    assert state.winner is None
    g, errors = enter(g, Hand("rosen", points_team=1, points=157))
    assert errors == {}
    state = replay(g)
    assert state.winner == Moment(0, 4, "weis")
    assert state.totals == (1011, 157)


# Both teams at 987 after twelve hands. Every hand adds up to a number ending in 7 (157 or 257
# with the Match, plus Weis of at most 600 a team and Stöck), so 987 + 987 = 1974 takes a number
# of hands ending in 2, and two hands bring at most 2 x (257 + 600 + 20) = 1754: twelve hands,
# 12 x 157 = 1884 in tricks and 90 in Weis.
# A pair of hands: A 100 + 57 = 157, B 57 + 100 = 157.
PAIR = (Hand("rosen", points_team=0, points=100), Hand("rosen", points_team=1, points=100))
NEAR_TARGET = (
    *PAIR * 3,  # hands 1-6: A 3 x 157 = 471, B 471
    Hand("rosen", points_team=0, points=152, weis=(50, 0)),  # 7: A 471 + 50 + 152 = 673, B 476
    Hand("rosen", points_team=1, points=157, weis=(0, 40)),  # 8: A 673, B 476 + 40 + 157 = 673
    *PAIR * 2,  # hands 9-12: A 673 + 2 x 157 = 987, B 987; the next hand is hand 13
)


def test_near_target_setup():
    assert record_problem(game(*NEAR_TARGET)) is None  # hands a table could have entered
    state = replay(game(*NEAR_TARGET))
    assert state.totals == (987, 987)
    assert state.winner is None
    # A's Weis in hand 7 takes A from 471 to 521, over half of 1000, with B at 471.
    assert state.bergpreis == Moment(0, 7, "weis")


def test_stoeck_before_weis_wins():
    state = replay(game(*NEAR_TARGET, Hand("rosen", points=80, weis=(0, 20), stoeck=0)))
    assert state.totals == (1087, 1084)
    assert state.winner == Moment(0, 13, "stoeck")
    assert state.tie is False
    assert state.schneider is False


def test_stoeck_before_weis_wins_for_team_b():
    state = replay(game(*NEAR_TARGET, Hand("rosen", points=80, weis=(20, 0), stoeck=1)))
    assert state.winner == Moment(1, 13, "stoeck")


def test_weis_before_stich_wins():
    state = replay(game(*NEAR_TARGET, Hand("rosen", points_team=1, points=80, weis=(20, 0))))
    assert state.totals == (1084, 1067)
    assert state.winner == Moment(0, 13, "weis")


def test_both_over_by_tricks_is_a_tie():
    g = game(*NEAR_TARGET, Hand("rosen", points_team=0, points=80))
    state = replay(g)
    assert state.totals == (1067, 1064)
    assert state.tie is True
    assert state.winner is None
    assert not state.finished
    after, errors = enter(g, Hand("rosen", points=90))
    assert errors == {"game": code("tie_first")}
    assert after == g


@pytest.mark.parametrize("team", [0, 1])
def test_settle_tie(team):
    g = settle_tie(game(*NEAR_TARGET, Hand("rosen", points_team=0, points=80)), team)
    assert g.hands[-1].first_claim == team
    state = replay(g)
    assert state.tie is False
    assert state.winner == Moment(team, 13, "stich")
    assert state.schneider is False


def test_first_claim_decides():
    state = replay(game(*NEAR_TARGET, Hand("rosen", points_team=0, points=80, first_claim=1)))
    assert state.winner == Moment(1, 13, "stich")


def test_settle_tie_without_tie_changes_nothing():
    g = game(MATCH_A)
    assert settle_tie(g, 0) == g
    tied = game(*NEAR_TARGET, Hand("rosen", points_team=0, points=80))
    assert settle_tie(tied, 2) == tied


def schneider_game(weis_b, rules=SIMPLE):
    # B: 100 tricks + Weis; A: 57, then four Matches reach the target in hand 5.
    first = Hand("rosen", points_team=1, points=100, weis=(0, weis_b))
    return game(first, MATCH_A, MATCH_A, MATCH_A, MATCH_A, rules=rules)


@pytest.mark.parametrize("weis_b, schneider", [(390, True), (400, False), (410, False)])
def test_schneider_below_half(weis_b, schneider):
    state = replay(schneider_game(weis_b))
    assert state.totals == (1085, 100 + weis_b)
    assert state.winner == Moment(0, 5, "stich")
    assert state.schneider is schneider


def test_schneider_judged_at_the_winning_step():
    # classic: undenufe x4, target 3000, half 1500
    g = game(
        Hand("undenufe", points_team=1, points=155),
        Hand("undenufe", points_team=1, points=155),
        Hand("undenufe", points_team=0, match=True, weis=(480, 0)),
        Hand("undenufe", points_team=1, points=155, weis=(20, 0)),
        rules=CLASSIC,
    )
    state = replay(g)
    assert state.totals == (3052, 1860)  # B over half by the end of the hand ...
    assert state.winner == Moment(0, 4, "weis")
    assert state.schneider is True  # ... but at 1240 when A reached 3000 with its Weis
    assert state.bergpreis == Moment(0, 3, "weis")


def test_bergpreis_to_first_over_half():
    state = replay(schneider_game(400))
    assert state.bergpreis == Moment(1, 1, "stich")
    state = replay(schneider_game(390))
    assert state.bergpreis == Moment(0, 3, "stich")


# Both teams at 487 after two hands (Match + Weis 230 each).
NEAR_HALF = (
    Hand("rosen", points_team=0, match=True, weis=(230, 0)),
    Hand("rosen", points_team=1, match=True, weis=(0, 230)),
)


def test_near_half_setup():
    state = replay(game(*NEAR_HALF))
    assert state.totals == (487, 487)
    assert state.bergpreis is None


def test_bergpreis_stoeck_before_weis():
    state = replay(game(*NEAR_HALF, Hand("rosen", points_team=0, points=0, weis=(0, 20), stoeck=0)))
    assert state.bergpreis == Moment(0, 3, "stoeck")
    state = replay(game(*NEAR_HALF, Hand("rosen", points_team=0, points=0, weis=(20, 0), stoeck=1)))
    assert state.bergpreis == Moment(1, 3, "stoeck")


def test_bergpreis_weis_before_stich():
    state = replay(game(*NEAR_HALF, Hand("rosen", points_team=1, points=157, weis=(20, 0))))
    assert state.bergpreis == Moment(0, 3, "weis")


def test_bergpreis_shared_in_the_same_tricks():
    state = replay(game(*NEAR_HALF, Hand("rosen", points_team=0, points=80)))
    assert state.totals == (567, 564)
    assert state.bergpreis == Moment(None, 3, "stich")


def test_both_at_the_bergpreis_in_one_hand_the_table_says_who_was_first():
    """The tricks took both over 500 together: the table is asked (the setting, on for a new
    game); its answer goes on hand 3, and the Bergpreis is that team's alone."""
    both = game(*NEAR_HALF, Hand("rosen", points_team=0, points=80), MATCH_A)
    assert both.rules.bergpreis_ask is True
    assert bergpreis_question(both, replay(both)) == 3
    for team in (0, 1):
        settled = settle_bergpreis(both, team)
        assert settled.hands[2].first_bergpreis == team and settled.hands[3] == MATCH_A
        state = replay(settled)
        assert state.bergpreis == Moment(team, 3, "stich")
        assert state.totals == replay(both).totals  # it moves no points
        assert bergpreis_question(settled, state) is None
        assert settle_bergpreis(settled, 1 - team) == settled  # said once
    assert settle_bergpreis(both, 2) == both
    assert hand_problems(Hand("rosen", points=90, first_bergpreis=2), MODERN) == {
        "first_bergpreis": code("first_bergpreis_team")
    }


def test_a_table_that_shares_the_bergpreis_is_not_asked():
    shared = Rules.from_preset("simple", bergpreis_ask=False)
    both = game(*NEAR_HALF, Hand("rosen", points_team=0, points=80), rules=shared)
    assert replay(both).bergpreis == Moment(None, 3, "stich")
    assert bergpreis_question(both, replay(both)) is None
    one = game(*NEAR_HALF, Hand("rosen", points_team=1, points=157, weis=(20, 0)))
    assert bergpreis_question(one, replay(one)) is None  # one team first: nothing to ask


def test_rules_stored_before_the_setting_share_the_bergpreis():
    data = SIMPLE.to_dict()
    del data["bergpreis_ask"]
    assert Rules.from_dict(data).bergpreis_ask is False
    assert Rules.from_dict(SIMPLE.to_dict()).bergpreis_ask is True
    hand = Hand("rosen", points_team=0, points=80, first_bergpreis=1)
    assert Hand.from_dict(hand.to_dict()) == hand


def test_no_bergpreis_when_off():
    rules = Rules.from_preset("simple", bergpreis=False)
    assert replay(game(MATCH_A, MATCH_A, MATCH_A, MATCH_A, rules=rules)).bergpreis is None


def test_schneider_odd_target():
    # Target 1001: half is 500.5, so B with 500 has fewer than half when A wins.
    state = replay(schneider_game(400, rules=Rules.from_preset("simple", target=1001)))
    assert state.totals == (1085, 500)
    assert state.winner == Moment(0, 5, "stich")
    assert state.schneider is True


def test_bergpreis_odd_target():
    # Target 1001: B's 500 in hand 1 is short of half (500.5); A's 571 in hand 3 is the first.
    state = replay(schneider_game(400, rules=Rules.from_preset("simple", target=1001)))
    assert state.bergpreis == Moment(0, 3, "stich")


def test_history_rows():
    g = game(Hand("schellen", points_team=0, points=90), MATCH_B, rules=MODERN)
    rows = replay(g).rows
    assert [r.number for r in rows] == [1, 2]
    assert [r.scores for r in rows] == [(180, 134), (0, 257)]
    assert [r.totals for r in rows] == [(180, 134), (180, 391)]
    assert [r.multiplier for r in rows] == [2, 1]


def test_slates_follow_the_totals():
    state = replay(game(Hand("schellen", points_team=0, points=90), rules=MODERN))
    assert state.slates == (Slate(1, 1, 1, 10), Slate(1, 0, 1, 14))
    assert [s.total for s in state.slates] == [180, 134]


# --- seats, Vorhand, dealer -------------------------------------------------------------------


def test_seats_interleaved():
    assert game().seats() == ((0, "a1"), (1, "b1"), (0, "a2"), (1, "b2"))
    assert game(per_team=3).seats() == (
        (0, "a1"),
        (1, "b1"),
        (0, "a2"),
        (1, "b2"),
        (0, "a3"),
        (1, "b3"),
    )


def test_vorhand_rotates():
    g = game()
    assert [g.vorhand(i) for i in range(5)] == [
        (0, "a1"),
        (1, "b1"),
        (0, "a2"),
        (1, "b2"),
        (0, "a1"),
    ]


def test_dealer_sits_before_vorhand():
    g = game()
    assert [g.dealer(i) for i in range(4)] == [(1, "b2"), (0, "a1"), (1, "b1"), (0, "a2")]


def test_first_vorhand_elsewhere():
    g = game(first_vorhand=2)
    assert g.vorhand(0) == (0, "a2")
    assert g.dealer(0) == (1, "b1")
    assert g.vorhand(3) == (1, "b1")


def test_six_players():
    g = game(per_team=3)
    assert g.players_per_team == 3
    assert [g.vorhand(i)[1] for i in range(7)] == ["a1", "b1", "a2", "b2", "a3", "b3", "a1"]
    assert g.dealer(0) == (1, "b3")
    assert g.dealer(6) == (1, "b3")
    assert g.problems() == {}


def test_partner_and_caller():
    g = game(
        Hand("rosen", shoved=True, points=90),
        Hand("rosen", points=90),
        Hand("rosen", shoved=True, points=90),
        rules=MODERN,
    )
    assert g.partner(0) == "a2"
    assert [r.vorhand for r in replay(g).rows] == ["a1", "b1", "a2"]
    assert [r.caller for r in replay(g).rows] == ["a2", "b1", "a1"]


def test_game_problems():
    assert game().problems() == {}
    dup = Game((Team("Ost", ("Anna", "Beat")), Team("West", ("anna", "Cla"))))
    assert dup.problems() == {"players": code("player_names_same")}
    same_team = Game((Team("Ost", ("a", "b")), Team("ost ", ("c", "d"))))
    assert same_team.problems() == {"teams": code("team_names_same")}
    uneven = Game((Team("Ost", ("a", "b")), Team("West", ("c", "d", "e"))))
    assert uneven.problems() == {"players": code("players_count")}
    assert game(first_vorhand=4).problems() == {"first_vorhand": code("first_vorhand")}
    assert game(per_team=3, first_vorhand=5).problems() == {}


# --- record_problem / change_record -----------------------------------------------------------


def test_record_fine():
    assert record_problem(game(MATCH_A, MATCH_B, Hand("rosen", weis=(20, 0)))) is None


def test_hand_after_the_end_refused():
    g = game(MATCH_A, MATCH_A, MATCH_A, MATCH_A, MATCH_B)
    problem = record_problem(g)
    assert problem == code("hands_after_end", number=4)
    assert say(problem, kind="schieber") == (
        "Nach Hand 4 ist das Spiel schon entschieden; danach kann keine Hand mehr kommen."
    )
    done = game(MATCH_A, MATCH_A, MATCH_A, MATCH_A)
    assert record_problem(done) is None
    after, problem = change_record(done, list(g.hands))
    assert after == done
    assert problem == code("hands_after_end", number=4)


def test_hand_after_a_tie_refused():
    g = game(*NEAR_TARGET, Hand("rosen", points_team=0, points=80), MATCH_A)
    problem = record_problem(g)
    assert problem == code("hands_after_end", number=13)


def test_open_hand_not_last_refused():
    g = game(Hand("rosen", weis=(20, 0)), Hand("rosen", points=90))
    problem = record_problem(g)
    assert problem == code("hand_open_early", number=1)
    assert say(problem, kind="schieber").startswith("Hand 1")
    after, problem = change_record(game(), list(g.hands))
    assert after == game()
    assert problem == code("hand_open_early", number=1)


def test_impossible_hand_in_record_refused():
    problem = record_problem(game(MATCH_A, Hand("rosen", points=156)))
    assert problem == code(
        "hand_problems", number=2, problems=(code("points_impossible", points=156),)
    )
    assert say(problem, kind="schieber") == "Hand 2: 156 gibt es nicht: keine Karte zählt 1 Punkt."


def test_change_record_accepts_an_edit():
    g = game(MATCH_A, Hand("rosen", points_team=1, points=90))
    after, problem = change_record(g, [MATCH_A, Hand("rosen", points_team=1, points=100)])
    assert problem is None
    assert replay(after).totals == (314, 100)


def test_change_record_delete_reopens_a_finished_game():
    g = game(MATCH_A, MATCH_A, MATCH_A, MATCH_A)
    after, problem = change_record(g, list(g.hands[:3]))
    assert problem is None
    assert not replay(after).finished
    assert replay(after).totals == (771, 0)


def test_previews_are_the_scores_each_contract_would_write():
    table = game(rules=MODERN)
    shown = previews(table, Hand("?", points_team=0, points=62))
    assert shown["rosen"] == (62, 95)
    assert shown["schellen"] == (124, 190)
    assert shown["obenabe"] == (186, 285)
    match = previews(table, Hand("?", points_team=1, match=True))
    assert match["undenufe"] == (0, 771)
    stoeck = previews(table, Hand("?", points_team=0, points=90, stoeck=1))
    assert stoeck["rosen"] == (90, 87)
    assert "obenabe" not in stoeck  # no Stöck without a trump
    assert previews(table, Hand("?")) == {}  # nothing typed yet: nothing to show


def test_previews_of_an_open_hand_add_what_it_holds():
    table = game(rules=MODERN)
    table, _ = enter(table, Hand("schellen", weis=(50, 0)))
    shown = previews(table, Hand("?", points_team=0, points=80))
    assert shown == {"schellen": (260, 154)}  # (80 + 50) x2 : 77 x2


def test_previews_of_an_edit_replace_that_hand():
    table = game(Hand("rosen", points_team=0, points=90), rules=MODERN)
    shown = previews(table, Hand("?", points_team=1, points=100), index=0)
    assert shown["rosen"] == (57, 100)
