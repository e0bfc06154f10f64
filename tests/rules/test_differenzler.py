"""Differenzler (RULES.md 4, seed 003): differences and totals, the last player's points, every
refusal with its values, the exact-hit bonus, tie rounds, set-up checks, strict reading back, and
the random Trumpf.

Seats are in the order of play; seat 0 is Vorhand in the first round. A round's points include
the last trick (157 in all) and, where the table counts Weis, the Weis of the round.
"""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from scorer.codes import Invalid, code
from scorer.differenzler import (
    DifferenzlerGame,
    DifferenzlerRules,
    Round,
    contracts,
    draw_trump,
    enter,
    fill_last,
    record_problem,
    replay,
    rest_of,
    round_problems,
    summary,
)

FOUR = ("Anna", "Ben", "Clara", "Dani")
SWISS = ("rosen", "eicheln", "schilten", "schellen", "obenabe", "undenufe")
FRENCH = ("hearts", "diamonds", "clubs", "spades", "obenabe", "undenufe")
# The round of the product issue: predictions 40/30/50/37, points 52/20/45/40 (157 in all).
EXAMPLE = Round("rosen", (40, 30, 50, 37), (52, 20, 45, 40))


def game(*rounds: Round, players=FOUR, **rules) -> DifferenzlerGame:
    """A game with these rules and rounds, each round entered as the table would."""
    played = DifferenzlerGame(players, DifferenzlerRules(**rules))
    for entry in rounds:
        played, errors = enter(played, entry)
        assert errors == {}
    return played


def problems(entry: Round, players: int = 4, **rules) -> dict:
    return round_problems(entry, players, DifferenzlerRules(**rules))


# Differences, totals and the last player's points


def test_a_round_gives_each_player_the_difference_of_prediction_and_points():
    state = replay(game(EXAMPLE))
    assert [line.difference for line in state.rows[0].lines] == [12, 10, 5, 3]
    assert [line.exact for line in state.rows[0].lines] == [False] * 4
    assert state.totals == (12, 10, 5, 3)
    assert state.differences == (12, 10, 5, 3)
    assert state.order == (3, 2, 1, 0)
    assert state.ranks == (4, 3, 2, 1)
    assert not state.finished and state.winner is None


def test_totals_add_up_round_by_round():
    second = Round("obenabe", (0, 100, 20, 37), (0, 90, 30, 37))
    state = replay(game(EXAMPLE, second))
    assert state.rows[1].totals == (12, 20, 15, 3)
    assert state.totals == (12, 20, 15, 3)
    assert state.hits == (1, 0, 0, 1)
    assert state.played == 2


def test_the_last_players_points_are_the_rest_of_157():
    assert fill_last([52, 20, 45]) == (40, None)
    assert fill_last([157, 0, 0]) == (0, None)
    assert fill_last([]) == (157, None)


def test_with_weis_the_last_players_points_are_the_rest_of_157_and_the_weis():
    assert fill_last([52, 20, 45], weis=70) == (110, None)


def test_the_last_players_points_are_refused_when_the_others_have_more_than_the_total():
    assert fill_last([100, 50, 10]) == (None, code("points_over", points=160, total=157))
    assert fill_last([100, 50, 10], weis=20) == (17, None)
    assert fill_last([100, 50, 30], weis=20) == (None, code("points_over", points=180, total=177))
    assert fill_last([100, 50, 7], weis=0) == (0, None)


def test_vorhand_and_the_dealer_pass_on_each_round():
    state = replay(game(EXAMPLE, EXAMPLE))
    assert [(row.vorhand, row.dealer) for row in state.rows] == [(0, 3), (1, 0)]
    assert (state.vorhand, state.dealer) == (2, 1)
    three = Round(None, (50, 50, 57), (50, 50, 57))
    state = replay(game(three, three, three, players=("A", "B", "C")))
    assert [(row.vorhand, row.dealer) for row in state.rows] == [(0, 2), (1, 0), (2, 1)]
    assert (state.vorhand, state.dealer) == (0, 2)


# The exact-hit bonus


def test_an_exact_hit_takes_the_bonus_off_the_total_which_may_go_below_zero():
    exact = Round("rosen", (52, 30, 50, 37), (52, 20, 45, 40))
    state = replay(game(exact, exact, exact_bonus=10))
    assert state.rows[0].lines[0].exact
    assert state.hits == (2, 0, 0, 0)
    assert state.differences == (0, 20, 10, 6)
    assert state.totals == (-20, 20, 10, 6)
    assert state.rows[0].totals == (-10, 10, 5, 3)


def test_without_a_bonus_an_exact_hit_only_counts_as_a_hit():
    exact = Round("rosen", (52, 30, 50, 37), (52, 20, 45, 40))
    state = replay(game(exact))
    assert state.hits == (1, 0, 0, 0)
    assert state.totals == (0, 10, 5, 3)


# The end of the game and tie rounds


def test_the_lowest_total_after_the_set_rounds_wins():
    state = replay(game(EXAMPLE, EXAMPLE, rounds=2))
    assert state.finished and state.winner == 3
    assert state.totals == (24, 20, 10, 6)
    assert state.rounds_due == 2 and not state.tie_round
    assert summary(game(EXAMPLE, EXAMPLE, rounds=2), state) == {
        "entries": 2,
        "finished": True,
        "totals": [24, 20, 10, 6],
        "winner": 3,
        "winners": [3],
    }


def test_with_tie_rounds_a_shared_lowest_total_adds_rounds_until_one_stands_alone():
    first = Round("rosen", (40, 40, 40, 37), (40, 40, 40, 37))  # all exact: 0, 0, 0, 0
    again = Round("schellen", (40, 40, 40, 37), (40, 40, 38, 39))  # 0, 0, 2, 2
    still = Round("obenabe", (40, 40, 42, 37), (40, 40, 40, 37))  # 0, 0, 4, 2
    decide = Round("undenufe", (40, 40, 40, 37), (42, 40, 38, 37))  # 2, 0, 6, 2

    state = replay(game(first, rounds=1, tie="round"))
    assert state.totals == (0, 0, 0, 0)
    assert not state.finished and state.winner is None
    assert state.tie_round and state.rounds_due == 2

    state = replay(game(first, again, rounds=1, tie="round"))  # seats 0 and 1 share the lowest
    assert state.totals == (0, 0, 2, 2)
    assert not state.finished and state.rounds_due == 3

    state = replay(game(first, again, still, rounds=1, tie="round"))
    assert state.totals == (0, 0, 4, 2)
    assert not state.finished and state.rounds_due == 4

    played = game(first, again, still, decide, rounds=1, tie="round")
    state = replay(played)
    assert state.totals == (2, 0, 6, 2)
    assert state.finished and state.winner == 1
    assert state.rounds_due == 4 and state.tie_round
    assert state.ranks == (2, 1, 4, 2)
    assert state.order == (1, 0, 3, 2)
    assert [row.tie_round for row in state.rows] == [False, True, True, True]
    assert summary(played, state)["winner"] == 1


# Round 2 after EXAMPLE (12, 10, 5, 3 off): points 40, 30, 40, 47 (157), predictions 40, 28, 43,
# 42: 0, 2, 3 and 5 off. Totals 12, 12, 8, 8: Clara and Dani share the lowest.
LEVEL = Round("eicheln", (40, 28, 43, 42), (40, 30, 40, 47))


def test_by_default_players_sharing_the_lowest_total_at_the_end_share_first_place():
    """Seed 003 names "the player with the lowest number of difference points" the winner and
    knows no tie round: after the set rounds the game ends, and Clara and Dani both win."""
    assert DifferenzlerRules().tie == "shared"
    played = game(EXAMPLE, LEVEL, rounds=2)
    state = replay(played)
    assert state.totals == (12, 12, 8, 8)
    assert state.finished and not state.tie_round and state.rounds_due == 2
    assert state.winners == (2, 3) and state.shared
    assert state.winner is None  # no one alone
    assert state.ranks == (3, 3, 1, 1)
    assert state.order == (2, 3, 0, 1)
    assert summary(played, state) == {
        "entries": 2,
        "finished": True,
        "totals": [12, 12, 8, 8],
        "winner": None,
        "winners": [2, 3],
    }
    after, errors = enter(played, EXAMPLE)
    assert after is played
    assert errors == {"game": code("game_over_shared", winners=(2, 3))}


def test_with_tie_rounds_the_same_game_goes_on_until_one_lowest_total_stands_alone():
    played = game(EXAMPLE, LEVEL, rounds=2, tie="round")
    state = replay(played)
    assert state.totals == (12, 12, 8, 8)
    assert not state.finished and state.winners == () and state.winner is None
    assert state.tie_round and state.rounds_due == 3
    # Round 3: Anna 2, Ben 3, Clara 0, Dani 3 off: Clara wins with 8, Dani second with 11.
    decide = Round("schellen", (42, 30, 40, 41), (40, 33, 40, 44))
    state = replay(game(EXAMPLE, LEVEL, decide, rounds=2, tie="round"))
    assert state.totals == (14, 15, 8, 11)
    assert state.finished and state.winners == (2,) and state.winner == 2
    assert [row.tie_round for row in state.rows] == [False, False, True]


def test_a_shared_lowest_total_before_the_last_round_ends_nothing_in_either_setting():
    for tie in ("shared", "round"):
        state = replay(game(EXAMPLE, LEVEL, rounds=3, tie=tie))
        assert state.totals == (12, 12, 8, 8)
        assert not state.finished and state.winners == () and state.rounds_due == 3


def test_the_tie_setting_is_one_of_two_choices():
    assert DifferenzlerRules(tie="round").problems() == {}
    assert DifferenzlerRules(tie="shared").problems() == {}
    for forged in ("draw", "", "Shared", None, 1):
        assert DifferenzlerRules(tie=forged).problems() == {"tie": code("tie_unknown")}


def test_a_game_stored_or_exported_before_the_setting_keeps_its_tie_rounds():
    """Every game played before the setting existed was played with tie rounds: read without
    the key, it replays as it was played, round for round."""
    played = game(EXAMPLE, LEVEL, rounds=2, tie="round")
    data = played.to_dict()
    del data["rules"]["tie"]
    read = DifferenzlerGame.from_dict(data)
    assert read.rules.tie == "round"
    assert replay(read) == replay(played)
    assert not replay(read).finished
    data["rules"]["tie"] = "shared"
    assert replay(DifferenzlerGame.from_dict(data)).winners == (2, 3)


def test_a_tie_for_a_higher_place_needs_no_tie_round():
    last = Round("rosen", (40, 30, 50, 37), (52, 20, 45, 40))  # 12, 10, 5, 3
    state = replay(game(last, Round("eicheln", (40, 40, 45, 32), (40, 40, 40, 37)), rounds=2))
    assert state.totals == (12, 10, 10, 8)
    assert state.finished and state.winner == 3 and not state.tie_round
    assert state.ranks == (4, 2, 2, 1)


def test_no_round_after_the_winner_is_known():
    played = game(EXAMPLE, rounds=1)
    after, errors = enter(played, EXAMPLE)
    assert after is played
    assert errors == {"game": code("game_over", winner=3)}


# Refusals of a round


def test_a_prediction_outside_0_to_157_is_refused():
    entry = Round("rosen", (40, 158, -1, 37), (52, 20, 45, 40))
    assert problems(entry) == {
        "prediction-1": code("prediction_range", most=157),
        "prediction-2": code("prediction_range", most=157),
    }
    assert problems(Round("rosen", (0, 157, 0, 0), (52, 20, 45, 40))) == {}


def test_points_that_do_not_add_up_to_157_are_refused_with_both_sums():
    entry = Round("rosen", (40, 30, 50, 37), (52, 20, 45, 50))
    assert problems(entry) == {"points": code("points_sum", points=167, total=157)}
    entry = Round("rosen", (40, 30, 50, 37), (52, 20, 45, 30))
    assert problems(entry) == {"points": code("points_sum", points=147, total=157)}


def test_with_weis_the_points_add_up_to_157_and_the_weis():
    entry = Round("rosen", (40, 30, 50, 37), (52, 20, 45, 40), weis=50)
    assert problems(entry, weis=True) == {"points": code("points_sum", points=157, total=207)}
    entry = Round("rosen", (40, 30, 50, 37), (102, 20, 45, 40), weis=50)
    assert problems(entry, weis=True) == {}
    assert problems(EXAMPLE, weis=True) == {}


def test_negative_points_are_refused():
    entry = Round("rosen", (40, 30, 50, 37), (62, 20, 45, -10))
    assert problems(entry) == {"points-3": code("points_negative")}


def test_a_player_cannot_make_one_point():
    entry = Round("rosen", (40, 30, 50, 37), (1, 20, 45, 91))
    assert problems(entry) == {"points-0": code("points_impossible", points=1)}


def test_points_that_are_no_whole_number_are_refused():
    entry = Round("rosen", (40, 30, 50, 37), (52.0, 20, 45, 40))
    assert problems(entry) == {"points-0": code("points_whole")}
    entry = Round("rosen", (40, 30, "50", 37), (52, 20, 45, True))
    assert problems(entry) == {
        "prediction-2": code("prediction_range", most=157),
        "points-3": code("points_whole"),
    }


def test_one_prediction_and_one_result_per_player():
    entry = Round("rosen", (40, 30, 50), (52, 20, 45, 40, 0))
    assert problems(entry) == {
        "predictions": code("predictions_count", players=4),
        "points": code("points_count", players=4),
    }
    assert problems(EXAMPLE, players=5) == {
        "predictions": code("predictions_count", players=5),
        "points": code("points_count", players=5),
    }


def test_weis_is_refused_when_the_table_does_not_count_it():
    entry = Round("rosen", (40, 30, 50, 37), (52, 20, 45, 40), weis=20)
    assert problems(entry) == {"weis": code("weis_off")}
    # The points are still checked against the 157 of a round without Weis.
    entry = Round("rosen", (40, 30, 50, 37), (72, 20, 45, 40), weis=20)
    assert problems(entry) == {
        "weis": code("weis_off"),
        "points": code("points_sum", points=177, total=157),
    }


@pytest.mark.parametrize("weis", [10, 30, 45, 55, 15])
def test_weis_no_sum_of_weis_values_makes_is_refused(weis):
    entry = Round("rosen", (40, 30, 50, 37), (52 + weis, 20, 45, 40), weis=weis)
    assert problems(entry, weis=True) == {"weis": code("weis_values")}


@pytest.mark.parametrize("weis", [20, 40, 50, 70, 90, 170, 350, 1000])
def test_weis_made_of_20_50_100_150_200_is_accepted(weis):
    entry = Round("rosen", (40, 30, 50, 37), (52 + weis, 20, 45, 40), weis=weis)
    assert problems(entry, weis=True) == {}


@pytest.mark.parametrize("weis", [-20, 1010, 2000])
def test_weis_below_0_or_over_1000_is_refused(weis):
    entry = Round("rosen", (40, 30, 50, 37), (52, 20, 45, 40), weis=weis)
    assert problems(entry, weis=True) == {"weis": code("weis_range", most=1000)}


def test_the_trump_is_a_contract_of_the_tables_deck_or_not_noted():
    for trump in (*SWISS, None):
        assert problems(Round(trump, EXAMPLE.predictions, EXAMPLE.points)) == {}
    assert problems(Round("hearts", EXAMPLE.predictions, EXAMPLE.points)) == {
        "trump": code("trump_unknown")
    }
    french = Round("hearts", EXAMPLE.predictions, EXAMPLE.points)
    assert problems(french, deck="french") == {}
    assert problems(EXAMPLE, deck="french") == {"trump": code("trump_unknown")}


def test_enter_refuses_a_bad_round_and_keeps_the_game():
    played = game(EXAMPLE)
    bad = Round("rosen", (40, 30, 50, 37), (52, 20, 45, 41))
    after, errors = enter(played, bad)
    assert after is played
    assert errors == {"points": code("points_sum", points=158, total=157)}


# A whole record


def test_record_problem_names_the_first_round_that_cannot_stand():
    bad = Round("rosen", (40, 30, 50, 200), (52, 20, 45, 40))
    played = game(EXAMPLE).with_record((EXAMPLE, bad, bad))
    assert record_problem(played) == code(
        "round_problem",
        round=2,
        field="prediction-3",
        problem=code("prediction_range", most=157),
    )
    assert record_problem(game(EXAMPLE, EXAMPLE)) is None


def test_record_problem_refuses_a_round_after_the_winner_is_known():
    played = game(EXAMPLE, rounds=1).with_record((EXAMPLE, EXAMPLE))
    assert record_problem(played) == code(
        "round_problem", round=2, field="game", problem=code("game_over", winner=3)
    )
    assert replay(played).played == 1  # the replay stops at the winner


# Set-up


def test_three_to_six_players():
    for count in (3, 4, 5, 6):
        assert DifferenzlerGame(tuple("ABCDEF"[:count])).problems() == {}
    for count in (0, 2, 7):
        assert DifferenzlerGame(tuple("ABCDEFG"[:count])).problems() == {
            "players": code("players_count", least=3, most=6)
        }


def test_every_player_has_a_name_of_their_own():
    assert DifferenzlerGame(("A", "  ", "C")).problems() == {
        "players": code("name_missing", seat=1)
    }
    assert DifferenzlerGame(("Anna", "Ben", " anna ")).problems() == {
        "players": code("names_alike", first=0, second=2)
    }
    assert DifferenzlerGame(("A", "B", "x" * 41)).problems() == {
        "players": code("name_too_long", most=40)
    }
    assert DifferenzlerGame(("A", "B", "C\u202e")).problems() == {"players": code("name_control")}


def test_the_rules_are_checked_with_the_set_up():
    rules = DifferenzlerRules(rounds=65, weis="yes", exact_bonus=158, deck="german")
    assert DifferenzlerGame(FOUR, rules).problems() == {
        "rounds": code("rounds_range", least=1, most=64),
        "weis": code("yes_or_no"),
        "exact_bonus": code("exact_bonus_range", most=157),
        "deck": code("deck_unknown"),
    }
    assert DifferenzlerRules(rounds=0, exact_bonus=-1).problems() == {
        "rounds": code("rounds_range", least=1, most=64),
        "exact_bonus": code("exact_bonus_range", most=157),
    }
    for rounds in (1, 8, 12, 32, 64):
        assert DifferenzlerRules(rounds=rounds, exact_bonus=157).problems() == {}
    assert DifferenzlerRules() == DifferenzlerRules(12, False, 0, "swiss")


def test_rematch_keeps_players_and_rules():
    played = game(EXAMPLE, rounds=8, weis=True)
    again = played.rematch()
    assert again.rounds == ()
    assert again.players == FOUR and again.rules == played.rules
    assert played.with_record([EXAMPLE]).rounds == (EXAMPLE,)


# Plain data and strict reading


def test_to_dict_and_from_dict_give_the_same_game():
    played = game(
        EXAMPLE,
        Round(None, (0, 157, 10, 20), (0, 187, 20, 20), weis=70),
        rounds=8,
        weis=True,
        exact_bonus=5,
        deck="swiss",
    )
    data = played.to_dict()
    assert data == {
        "players": list(FOUR),
        "rules": {
            "rounds": 8,
            "weis": True,
            "exact_bonus": 5,
            "deck": "swiss",
            "draw_no_trump": False,
            "tie": "shared",
        },
        "rounds": [
            {
                "trump": "rosen",
                "predictions": [40, 30, 50, 37],
                "points": [52, 20, 45, 40],
                "weis": 0,
            },
            {
                "trump": None,
                "predictions": [0, 157, 10, 20],
                "points": [0, 187, 20, 20],
                "weis": 70,
            },
        ],
    }
    assert DifferenzlerGame.from_dict(data) == played
    assert Round.from_dict(data["rounds"][1]) == played.rounds[1]


def test_from_dict_fills_in_missing_settings_and_optional_fields():
    read = DifferenzlerGame.from_dict({"players": ["A", "B", "C"]})
    # Without the setting a game was played before it existed: with tie rounds.
    assert read == DifferenzlerGame(("A", "B", "C"), DifferenzlerRules(tie="round"))
    assert Round.from_dict({"predictions": [1], "points": [2]}) == Round(None, (1,), (2,), 0)


@pytest.mark.parametrize(
    ("data", "refusal"),
    [
        ({"players": "ABCD"}, code("not_list", field="players")),
        ({"players": ["A", 2, "C"]}, code("not_text", field="players")),
        ({"players": list(FOUR), "rules": []}, code("not_object", field="rules")),
        (
            {"players": list(FOUR), "rules": {"rounds": True}},
            code("not_whole", field="rules.rounds"),
        ),
        (
            {"players": list(FOUR), "rules": {"rounds": "3"}},
            code("not_whole", field="rules.rounds"),
        ),
        (
            {"players": list(FOUR), "rules": {"rounds": 12.0}},
            code("not_whole", field="rules.rounds"),
        ),
        ({"players": list(FOUR), "rules": {"weis": 1}}, code("not_flag", field="rules.weis")),
        (
            {"players": list(FOUR), "rules": {"exact_bonus": "5"}},
            code("not_whole", field="rules.exact_bonus"),
        ),
        ({"players": list(FOUR), "rules": {"deck": 1}}, code("not_text", field="rules.deck")),
        ({"players": list(FOUR), "rules": {"tie": True}}, code("not_text", field="rules.tie")),
        ({"players": list(FOUR), "rounds": {}}, code("not_list", field="rounds")),
        ({"players": list(FOUR), "rounds": [[]]}, code("not_object", field="rounds")),
    ],
)
def test_from_dict_refuses_values_of_the_wrong_kind(data, refusal):
    with pytest.raises(Invalid) as raised:
        DifferenzlerGame.from_dict(data)
    assert raised.value.code == refusal
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize(
    ("changes", "refusal"),
    [
        ({"predictions": [True, 30, 50, 37]}, code("not_whole", field="rounds.predictions")),
        ({"predictions": ["3", 30, 50, 37]}, code("not_whole", field="rounds.predictions")),
        ({"predictions": "40,30,50,37"}, code("not_list", field="rounds.predictions")),
        ({"points": [52, 20, 45, 40.0]}, code("not_whole", field="rounds.points")),
        ({"points": {"0": 52}}, code("not_list", field="rounds.points")),
        ({"weis": False}, code("not_whole", field="rounds.weis")),
        ({"weis": "20"}, code("not_whole", field="rounds.weis")),
        ({"trump": 3}, code("not_text", field="rounds.trump")),
    ],
)
def test_a_round_is_read_strictly(changes, refusal):
    data = {**EXAMPLE.to_dict(), **changes}
    with pytest.raises(Invalid) as raised:
        Round.from_dict(data)
    assert raised.value.code == refusal


def test_a_round_without_predictions_or_points_cannot_be_read():
    with pytest.raises(KeyError):
        Round.from_dict({"trump": "rosen", "points": [157, 0, 0]})
    with pytest.raises(KeyError):
        Round.from_dict({"trump": "rosen", "predictions": [157, 0, 0]})
    with pytest.raises(KeyError):
        DifferenzlerGame.from_dict({"rules": {}})


def test_two_or_seven_players_read_back_are_refused_by_the_set_up():
    for names in (["A", "B"], list("ABCDEFG")):
        read = DifferenzlerGame.from_dict({"players": names})
        assert read.problems() == {"players": code("players_count", least=3, most=6)}


# The random Trumpf


def test_draw_trump_is_repeatable_with_a_seeded_random():
    rules = DifferenzlerRules()
    rng_a, rng_b = random.Random(7), random.Random(7)
    a = [draw_trump(rules, rng_a) for _ in range(50)]
    b = [draw_trump(rules, rng_b) for _ in range(50)]
    assert a == b
    assert len(set(a)) > 1  # a draw, not one contract over and over


def test_draw_trump_gives_each_of_the_four_suits():
    """ "The trump suit is picked randomly" (003): Obenabe and Undenufe are not suits."""
    rng = random.Random(1)
    drawn = Counter(draw_trump(DifferenzlerRules(), rng) for _ in range(4000))
    assert set(drawn) == set(SWISS[:4])
    assert all(850 < n < 1150 for n in drawn.values())  # about 1000 each
    french = {draw_trump(DifferenzlerRules(deck="french"), rng) for _ in range(300)}
    assert french == set(FRENCH[:4])
    assert contracts("swiss") == SWISS and contracts("french") == FRENCH
    assert contracts("german") == ()


def test_a_table_may_draw_obenabe_and_undenufe_too():
    rng = random.Random(1)
    rules = DifferenzlerRules(draw_no_trump=True)
    drawn = Counter(draw_trump(rules, rng) for _ in range(6000))
    assert set(drawn) == set(SWISS)
    assert all(800 < n < 1200 for n in drawn.values())  # about 1000 each
    assert DifferenzlerRules.from_dict(rules.to_dict()) == rules
    # Stored before the setting: the four suits.
    assert DifferenzlerRules.from_dict({"rounds": 12}).draw_no_trump is False
    assert DifferenzlerRules(draw_no_trump="yes").problems() == {"draw_no_trump": code("yes_or_no")}


def test_draw_trump_works_with_the_system_random():
    assert draw_trump(DifferenzlerRules(), random.SystemRandom()) in SWISS


# The engine stays an engine


def test_the_engine_imports_no_web_layer_storage_or_other_mode():
    package = Path(__file__).parents[2] / "scorer" / "differenzler"
    imported = set()
    for source in package.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.ImportFrom):
                imported.add(node.module)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
    allowed = {
        "scorer.cards",
        "scorer.codes",
        "scorer.names",
        "scorer.weis",
        "scorer.stakes",
        "scorer.lookback",
    }
    outside = {m for m in imported if m.startswith("scorer") and ".differenzler" not in m}
    assert outside <= allowed
    assert not any(m.split(".")[0] in {"flask", "sqlite3", "sqlite_utils"} for m in imported)
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, scorer.differenzler; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('flask', 'sqlite3', 'sqlite_utils') or m.startswith(('scorer.handjass', "
            "'scorer.schieber', 'scorer.web'))))",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parents[2],
    )
    assert loaded.stdout.strip() == "[]"


def test_the_rest_as_the_points_are_typed():
    assert rest_of([52, 20, 45, None]) == code("rest_for", player=3, rest=40, made=117, total=157)
    assert rest_of([52, None, 45, 40], weis=50) == code(
        "rest_for", player=1, rest=70, made=137, total=207
    )
    assert rest_of([100, 60, None, 0]) == code("points_over", points=160, total=157)
    assert rest_of([52, 20, 45, 40]) == code("points_add_up", points=157)
    assert rest_of([52, 20, 45, 30]) == code("points_sum", points=147, total=157)
    assert rest_of([52, None, None, 40]) == code("rest_open", total=157)
