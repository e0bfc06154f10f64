"""Claims ("sich bedanken"): who has really won when a team claims, Schneider and Bergpreis then.

RULES.md, "Winning, Schneider, Bergpreis" and "Claims"; seeds 000 (Stöck-Weis-Stich) and 002
(claims in detail). Teams are "A" (team 0) and "B" (team 1); every number below is worked out
by hand in the comment beside it.
"""

import json
from dataclasses import replace

import pytest

from scorer.codes import code
from scorer.exchange import ImportProblem, export, load
from scorer.schieber.claims import HOUSE_ORDER, Claim
from scorer.schieber.contracts import Rules
from scorer.schieber.game import (
    ONE_STOECK,
    Game,
    Hand,
    Moment,
    Step,
    Team,
    enter,
    hand_problems,
    record_problem,
    replay,
    settle_tie,
    steps,
)
from scorer.web.core.messages import say

SIMPLE = Rules.from_preset("simple")  # everything x1, target 1000, half 500
T1010 = Rules.from_preset("simple", target=1010)  # half 505
MODERN = Rules.from_preset("modern")  # schellen x2, obenabe/undenufe x3, target 2500
TEAMS = (Team("A", ("a1", "a2")), Team("B", ("b1", "b2")))


def game(*hands, rules=SIMPLE):
    return Game(TEAMS, rules, 0, tuple(hands))


def told(state):
    """How the game was decided, as the table reads it."""
    return tuple(say(line, teams=("A", "B"), kind="schieber") for line in state.ending)


def ruled(g):
    """The state of a record a table could really have entered."""
    assert record_problem(g) is None
    return replay(g)


def with_order(rules, order):
    return replace(rules, order=tuple(order))


def with_auto_end(rules, auto_end=True):
    return replace(rules, auto_end=auto_end)


# Both at 987 after twelve hands. A hand brings 157 trick points, or 257 with a Match, plus its
# Weis (at most 600 a team) and Stöck, so every hand adds up to a number ending in 7, and
# 987 + 987 = 1974 takes a number of hands ending in 2. Two hands bring at most
# 2 x (257 + 600 + 20) = 1754, so twelve: 12 x 157 = 1884 in tricks and 90 in Weis.
# A pair of hands: A 100 + 57 = 157, B 57 + 100 = 157.
PAIR = (Hand("rosen", points_team=0, points=100), Hand("rosen", points_team=1, points=100))
NEAR = (
    *PAIR * 3,  # hands 1-6: A 3 x 157 = 471, B 471
    Hand("rosen", points_team=0, points=152, weis=(50, 0)),  # 7: A 471 + 50 + 152 = 673, B 476
    Hand("rosen", points_team=1, points=157, weis=(0, 40)),  # 8: A 673, B 476 + 40 + 157 = 673
    *PAIR * 2,  # hands 9-12: A 673 + 2 x 157 = 987, B 987; the next hand is hand 13
)
# A: Match 257 + Weis 600 = 857, then 100 tricks = 957; B: 157 - 100 = 57.
FAR = (
    Hand("rosen", points_team=0, match=True, weis=(600, 0)),
    Hand("rosen", points_team=0, points=100),
)
# A: Match 257 + Weis 600 = 857, then 130 tricks = 987; B: 157 - 130 = 27 tricks + Weis 460 =
# 487, just below half of 1000.
EDGE = (
    Hand("rosen", points_team=0, match=True, weis=(600, 0)),
    Hand("rosen", points_team=0, points=130, weis=(0, 460)),
)
# A: Match 257 + Weis 230 = 487; B the same: both just below half of 1000.
NEAR_HALF = (
    Hand("rosen", points_team=0, match=True, weis=(230, 0)),
    Hand("rosen", points_team=1, match=True, weis=(0, 230)),
)


@pytest.mark.parametrize(
    "prelude, totals",
    [(NEAR, (987, 987)), (FAR, (957, 57)), (EDGE, (987, 487)), (NEAR_HALF, (487, 487))],
)
@pytest.mark.parametrize("rules", [SIMPLE, T1010])
def test_preludes(prelude, totals, rules):
    state = ruled(game(*prelude, rules=rules))
    assert state.totals == totals
    assert state.winner is None
    assert state.tie is False
    assert state.open_hand is None


# --- the claim and its steps ------------------------------------------------------------------


def test_claim_tricks_after_the_first_trick_are_the_claimers():
    assert Claim(0, points=60).tricks == (60, 0)
    assert Claim(1, points=60).tricks == (0, 60)
    assert Claim(1).tricks == (0, 0)
    # The other team's tricks so far go to the other team (002: they count for Schneider).
    assert Claim(0, points=60, other_points=40).tricks == (60, 40)
    assert Claim(1, points=60, other_points=40).tricks == (40, 60)


@pytest.mark.parametrize(
    "claim, field",
    [
        (Claim(0, points=100, other_points=58), "other_points"),  # 158 together
        (Claim(0, points=100, other_points=1), "other_points"),
        (Claim(1, points=0, other_points=-2), "other_points"),
    ],
)
def test_other_teams_tricks_checked(claim, field):
    assert claim.problems(True) == {field: code("claim_other_points", most=157 - claim.points)}
    assert Claim(0, points=100, other_points=57).problems(True) == {}


@pytest.mark.parametrize(
    "players, has_trump, most", [(4, True, 56), (4, False, 44), (6, True, 78), (6, False, 64)]
)
def test_first_trick_points_by_players_at_the_table(players, has_trump, most):
    # Six players put six cards in a trick: with trumps Puur, Näll and four Aces (78); without,
    # four Aces and two 10s (64).
    def claim(points):
        return Claim(0, first_trick=True, trick_team=0, trick_points=points)

    assert claim(most).problems(has_trump, players) == {}
    assert claim(most + 1).problems(has_trump, players) == {
        "trick_points": code("claim_trick_points", most=most)
    }


def test_claim_tricks_in_the_first_trick_go_to_who_took_it():
    # The claimer is B, the first trick went to A: its 30 points are A's.
    assert Claim(1, first_trick=True, trick_team=0, trick_points=30).tricks == (30, 0)
    assert Claim(0, first_trick=True, trick_team=1, trick_points=30, points=99).tricks == (0, 30)
    assert Claim(0, first_trick=True, trick_points=30).tricks == (0, 0)  # trick_team missing


def test_claim_hand_steps_in_house_order_times_multiplier():
    # Schellen x2: B's Stöck 20 -> 40, A's Weis 50 -> 100, A's 60 trick points -> 120.
    hand = Hand("schellen", stoeck=1, weis=(50, 0), claim=Claim(0, points=60))
    assert hand.trick_points == (60, 0)
    assert steps(hand, MODERN) == [
        Step("stoeck", (0, 40)),
        Step("weis", (100, 0)),
        Step("stich", (120, 0)),
    ]
    # After the first trick the house order does not apply: Stöck and Weis were written when
    # announced, the tricks come last.
    reordered = with_order(MODERN, ("stich", "weis", "stoeck"))
    assert steps(hand, reordered) == steps(hand, MODERN)
    # In the first trick it decides (the first trick's 30 points to A: 60).
    first = replace(hand, claim=Claim(0, first_trick=True, trick_team=0, trick_points=30))
    assert steps(first, reordered) == [
        Step("stich", (60, 0)),
        Step("weis", (100, 0)),
        Step("stoeck", (0, 40)),
    ]


def test_first_trick_claim_step_has_no_last_trick_bonus():
    # Schellen x2: the first trick's 30 points to B -> 60, not (30 + 5) x 2.
    hand = Hand("schellen", claim=Claim(0, first_trick=True, trick_team=1, trick_points=30))
    assert steps(hand, MODERN) == [Step("stich", (0, 60))]


# --- after the first trick: the claimer's own total decides ------------------------------------


def test_claim_that_wins():
    # A 957 + 43 tricks = 1000 >= 1000: A wins with the Stich; B still at 57 < 500: Schneider.
    state = ruled(game(*FAR, Hand("rosen", claim=Claim(0, points=43))))
    assert state.winner == Moment(0, 3, "stich")
    assert state.totals == (1000, 57)
    assert state.rows[-1].scores == (43, 0)
    assert state.schneider is True
    assert state.tie is False
    assert told(state) == (
        "A bedankt sich; es zählen die eigenen Punkte.",
        "Stich: 957 + 43 = 1000.",
        "1000 ≥ 1000: A gewinnt.",
    )
    assert state.ending == (
        code("claim_own", claimer_team=0),
        code("claim_own_step", step="stich", before=957, raw=43, times=1, total=1000),
        code("claim_reached", total=1000, target=1000, claimer_team=0),
    )


def test_claim_that_wins_with_stoeck_alone():
    # Stöck may still be announced: A 987 + 20 = 1007 with no trick points yet.
    state = ruled(game(*NEAR, Hand("rosen", stoeck=0, claim=Claim(0, points=0))))
    assert state.winner == Moment(0, 13, "stoeck")
    assert state.totals == (1007, 987)
    assert state.schneider is False
    assert "Stöck: 987 + 20 = 1007." in told(state)
    assert "A gewinnt" in told(state)[-1]
    stoeck = code("claim_own_step", step="stoeck", before=987, raw=20, times=1, total=1007)
    assert stoeck in state.ending


def test_claim_that_wins_with_the_multiplier():
    # Modern, target 2500, half 1250. A: two Obenabe Matches 2 x 257 x 3 = 1542, then Obenabe
    # 157 x 3 = 471: A 2013, B 0. A claims in Obenabe x3 with 152 trick points:
    # 2013 + 456 = 2469 < 2500: A loses, B wins; A (2469) is not below 1250: no Schneider.
    prelude = (
        Hand("obenabe", points_team=0, match=True),
        Hand("obenabe", points_team=0, match=True),
        Hand("obenabe", points_team=0, points=157),
    )
    assert ruled(game(*prelude, rules=MODERN)).totals == (2013, 0)
    state = ruled(game(*prelude, Hand("obenabe", claim=Claim(0, points=152)), rules=MODERN))
    assert state.winner == Moment(1, 4, "claim")
    assert state.totals == (2469, 0)
    assert state.schneider is False  # the loser A is at 2469, over 1250
    assert told(state)[-1] == "2469 < 2500: zu früh bedankt, B gewinnt."
    assert state.ending[-1] == code("claim_short", total=2469, target=2500, other_team=1)
    # In Schellen x2 with A's Weis 100 and 150 trick points: 2013 + 100 x2 = 2213 after the
    # Weis, + 150 x2 = 2513 >= 2500 at the Stich: A wins; B at 0: Schneider. The ruling names the
    # multiplier: the points as counted, times the contract.
    won = ruled(
        game(*prelude, Hand("schellen", weis=(100, 0), claim=Claim(0, points=150)), rules=MODERN)
    )
    assert won.winner == Moment(0, 4, "stich")
    assert won.totals == (2513, 0)
    assert won.schneider is True  # B at 0
    assert "Weis: 2013 + 100 ×2 = 2213." in told(won)
    assert "Stich: 2213 + 150 ×2 = 2513." in told(won)


def test_claim_that_loses():
    # A 957 + 42 = 999 < 1000: A claimed too early, B wins; A (999) is not below 500: no Schneider.
    state = ruled(game(*FAR, Hand("rosen", claim=Claim(0, points=42))))
    assert state.winner == Moment(1, 3, "claim")
    assert state.totals == (999, 57)
    assert state.schneider is False
    assert told(state) == (
        "A bedankt sich; es zählen die eigenen Punkte.",
        "Stich: 957 + 42 = 999.",
        "999 < 1000: zu früh bedankt, B gewinnt.",
    )
    assert state.ending[1:] == (
        code("claim_own_step", step="stich", before=957, raw=42, times=1, total=999),
        code("claim_short", total=999, target=1000, other_team=1),
    )


def test_failed_claim_is_never_schneider():
    # RULES.md: Schneider is judged "at the moment the winners reach" the target (000: "have not
    # by then reached"). B 57 + 100 = 157 < 1000: B loses by its claim, but A (957) never reached
    # the target, so there is no such moment: no Schneider, though B is far below 500.
    state = ruled(game(*FAR, Hand("rosen", claim=Claim(1, points=100))))
    assert state.winner == Moment(0, 3, "claim")
    assert state.totals == (957, 157)
    assert state.schneider is False
    assert told(state)[-1] == "157 < 1000: zu früh bedankt, A gewinnt."


@pytest.mark.parametrize("points", [0, 20])
def test_failed_claim_schneider_judged_when_the_winner_got_there(points):
    # EDGE: A 987, B 487. A's Weis 20 on the open hand: A 987 + 20 = 1007 >= 1000, B still 487.
    # B claims with its trick points: 487 + 0 = 487 or 487 + 20 = 507, < 1000: B loses, A wins.
    # RULES.md: "Schneider in a claim is judged at the moment in that order at which the winner
    # reached the target": A got there at the Weis with B at 487 < 500: Schneider both times,
    # also when B's own tricks (counted after A's Weis) take B to 507 by the end of the hand.
    g, errors = enter(game(*EDGE), Hand("rosen", weis=(20, 0)))
    assert errors == {}
    g, errors = enter(g, Hand("rosen", claim=Claim(1, points=points)))
    assert errors == {}
    state = ruled(g)
    assert state.winner == Moment(0, 3, "claim")
    assert state.totals == (1007, 487 + points)
    assert state.schneider is True


def test_other_teams_stoeck_does_not_count_for_the_claimer():
    # A 957 + 42 = 999 < 1000; B's Stöck goes to B (57 + 20 = 77): A still loses.
    state = ruled(game(*FAR, Hand("rosen", stoeck=1, claim=Claim(0, points=42))))
    assert state.winner == Moment(1, 3, "claim")
    assert state.totals == (999, 77)
    assert not any("Stöck" in line for line in told(state))
    assert [line.values.get("step") for line in state.ending] == [None, "stich", None]


@pytest.mark.parametrize("claimer", [0, 1])
def test_claim_after_second_trick_both_over_claimer_wins(claimer):
    # 002: the claiming team wins if it reached the target, even if the other team did too.
    # Both at 987. The other team's Stöck: 987 + 20 = 1007 (over, and first in house order);
    # the claimer's 13 trick points: 987 + 13 = 1000 (over): the claimer wins at the Stich.
    other = 1 - claimer
    state = ruled(game(*NEAR, Hand("rosen", stoeck=other, claim=Claim(claimer, points=13))))
    assert state.winner == Moment(claimer, 13, "stich")
    assert state.totals[claimer] == 1000
    assert state.totals[other] == 1007
    assert state.schneider is False
    name = "AB"[claimer]
    assert told(state) == (
        f"{name} bedankt sich; es zählen die eigenen Punkte.",
        "Stich: 987 + 13 = 1000.",
        f"1000 ≥ 1000: {name} gewinnt.",
    )


def test_claim_below_target_loses_to_the_other_team_over_it():
    # A: 987 + 12 = 999 < 1000; B: 987 + Stöck 20 = 1007: B wins by A's failed claim.
    state = ruled(game(*NEAR, Hand("rosen", stoeck=1, claim=Claim(0, points=12))))
    assert state.winner == Moment(1, 13, "claim")
    assert state.totals == (999, 1007)
    assert state.schneider is False


# --- in the first trick: who gets there first in the house order ------------------------------


def test_first_trick_stoeck_decides_even_when_the_other_team_claimed():
    # B claims. Stöck A: 987 + 20 = 1007 >= 1000 first: A wins at the Stöck. B's Weis 20 and
    # B's first trick (30) come after: B ends at 987 + 20 + 30 = 1037 but too late.
    claim = Claim(1, first_trick=True, trick_team=1, trick_points=30)
    state = ruled(game(*NEAR, Hand("rosen", stoeck=0, weis=(0, 20), claim=claim)))
    assert state.winner == Moment(0, 13, "stoeck")
    assert state.totals == (1007, 1037)
    assert state.schneider is False
    assert told(state) == (
        "B bedankt sich im ersten Stich: es zählt Stöck – Weis – Stich, wer zuerst am Ziel ist.",
        "Stöck A: 987 + 20 = 1007, am Ziel: A gewinnt.",
        "B steht auf der Tafel auch über dem Ziel, doch zu spät: es zählt, wer in der "
        "Reihenfolge des Hauses (Stöck – Weis – Stich) zuerst am Ziel war, und das war A.",
    )
    assert state.ending == (
        code("claim_first_trick", claimer_team=1, order=HOUSE_ORDER),
        code("claim_step_wins", step="stoeck", team=0, before=987, raw=20, times=1, total=1007),
        code("too_late", team=1, winner_team=0, order=HOUSE_ORDER),
    )


def test_first_trick_weis_decides_against_the_stoeck_team():
    # Target 1010. A claims. Stöck A: 987 + 20 = 1007 < 1010; Weis B: 987 + 50 = 1037 >= 1010:
    # B wins at the Weis. A's first trick (30: 1037) would have come too late.
    claim = Claim(0, first_trick=True, trick_team=0, trick_points=30)
    state = ruled(game(*NEAR, Hand("rosen", stoeck=0, weis=(0, 50), claim=claim), rules=T1010))
    assert state.winner == Moment(1, 13, "weis")
    assert state.totals == (1037, 1037)
    assert state.schneider is False
    assert told(state) == (
        "A bedankt sich im ersten Stich: es zählt Stöck – Weis – Stich, wer zuerst am Ziel ist.",
        "Stöck A: 987 + 20 = 1007.",
        "Weis B: 987 + 50 = 1037, am Ziel: B gewinnt.",
        "A steht auf der Tafel auch über dem Ziel, doch zu spät: es zählt, wer in der "
        "Reihenfolge des Hauses (Stöck – Weis – Stich) zuerst am Ziel war, und das war B.",
    )
    assert state.ending[1:] == (
        code("claim_step", step="stoeck", team=0, before=987, raw=20, times=1, total=1007),
        code("claim_step_wins", step="weis", team=1, before=987, raw=50, times=1, total=1037),
        code("too_late", team=0, winner_team=1, order=HOUSE_ORDER),
    )


def test_first_trick_stich_decides():
    # Target 1010. B claims. Weis B: 987 + 20 = 1007 < 1010; the first trick to A with 23:
    # 987 + 23 = 1010 >= 1010, no last-trick bonus: A wins at the Stich though B claimed.
    claim = Claim(1, first_trick=True, trick_team=0, trick_points=23)
    state = ruled(game(*NEAR, Hand("rosen", weis=(0, 20), claim=claim), rules=T1010))
    assert state.winner == Moment(0, 13, "stich")
    assert state.totals == (1010, 1007)
    assert told(state)[-1] == "Stich A: 987 + 23 = 1010, am Ziel: A gewinnt."


def test_first_trick_has_no_last_trick_bonus():
    # As above with 22: A 987 + 22 = 1009 < 1010 (+5 would make 1014); B 1007: nobody there,
    # so the claimer B loses and A wins by B's claim.
    claim = Claim(1, first_trick=True, trick_team=0, trick_points=22)
    state = ruled(game(*NEAR, Hand("rosen", weis=(0, 20), claim=claim), rules=T1010))
    assert state.winner == Moment(0, 13, "claim")
    assert state.totals == (1009, 1007)


@pytest.mark.parametrize(
    "order, winner, words",
    [
        # Weis B: 987 + 50 = 1037 comes first: B wins though A claimed.
        (HOUSE_ORDER, Moment(1, 13, "weis"), ("Weis – Stich", "Weis B: 987 + 50 = 1037, am Ziel")),
        # Stich A: 987 + 30 = 1017 comes first: A wins.
        (
            ("stoeck", "stich", "weis"),
            Moment(0, 13, "stich"),
            ("Stich – Weis", "Stich A: 987 + 30 = 1017, am Ziel"),
        ),
    ],
)
def test_house_order_decides_the_first_trick(order, winner, words):
    # Target 1010. A claims in the first trick; B has Weis 50, A took the first trick with 30.
    # Both would get there: the house order says who was first.
    claim = Claim(0, first_trick=True, trick_team=0, trick_points=30)
    rules = with_order(T1010, order)
    state = ruled(game(*NEAR, Hand("rosen", weis=(0, 50), claim=claim), rules=rules))
    assert state.winner == winner
    assert state.totals == (1017, 1037)
    assert state.schneider is False
    assert words[0] in told(state)[0]
    assert told(state)[-2].startswith(words[1])
    assert told(state)[-2].endswith(f"{'AB'[winner.team]} gewinnt.")
    assert state.ending[0] == code("claim_first_trick", claimer_team=0, order=order)
    assert state.ending[-2].key == "claim_step_wins"
    assert state.ending[-2].values["team"] == winner.team
    # Both ended over the target: the other's points came too late in the house order.
    assert state.ending[-1] == code(
        "too_late", team=1 - winner.team, winner_team=winner.team, order=order
    )


@pytest.mark.parametrize("claimer", [0, 1])
def test_first_trick_nobody_reaches_the_claimer_loses(claimer):
    # Target 1010. Stöck B: 987 + 20 = 1007; the first trick to A with 20: 987 + 20 = 1007.
    # Nobody reaches 1010: the claiming team loses.
    claim = Claim(claimer, first_trick=True, trick_team=0, trick_points=20)
    state = ruled(game(*NEAR, Hand("rosen", stoeck=1, claim=claim), rules=T1010))
    other = 1 - claimer
    assert state.winner == Moment(other, 13, "claim")
    assert state.totals == (1007, 1007)
    assert state.schneider is False
    assert told(state)[-1] == (
        f"Niemand erreicht 1010: {'AB'[claimer]} hat sich zu früh bedankt, {'AB'[other]} gewinnt."
    )
    assert state.ending[-1] == code(
        "claim_nobody", target=1010, claimer_team=claimer, other_team=other
    )


def test_first_trick_nobody_reaches_is_not_schneider():
    # B at 57 claims in the first trick: the trick to B with 40: 57 + 40 = 97; A 957 stays.
    # Nobody reaches 1000: B loses, A wins without reaching the target: no Schneider.
    claim = Claim(1, first_trick=True, trick_team=1, trick_points=40)
    state = ruled(game(*FAR, Hand("rosen", claim=claim)))
    assert state.winner == Moment(0, 3, "claim")
    assert state.totals == (957, 97)
    assert state.schneider is False


def test_first_trick_claim_with_schneider():
    # A claims: the first trick to A with 43: 957 + 43 = 1000; B at 57 < 500: Schneider.
    claim = Claim(0, first_trick=True, trick_team=0, trick_points=43)
    state = ruled(game(*FAR, Hand("rosen", claim=claim)))
    assert state.winner == Moment(0, 3, "stich")
    assert state.totals == (1000, 57)
    assert state.schneider is True


def test_first_trick_ending_names_the_house_order_when_nothing_counts():
    # Stich-Weis-Stöck table; the first trick held 0 points, nobody has Stöck or Weis: nobody
    # reaches 1010, A loses. The ruling must not tell this table it counts Stöck – Weis – Stich.
    rules = with_order(T1010, ("stich", "weis", "stoeck"))
    claim = Claim(0, first_trick=True, trick_team=1, trick_points=0)
    state = ruled(game(*NEAR, Hand("rosen", claim=claim), rules=rules))
    assert state.winner == Moment(1, 13, "claim")
    assert "Stich – Weis – Stöck" in told(state)[0]
    assert state.ending[0] == code(
        "claim_first_trick", claimer_team=0, order=("stich", "weis", "stoeck")
    )


# --- Schneider judged at the winner's step ----------------------------------------------------

SCHNEIDER_HANDS = {
    # A 987, B 487; A has Stöck (20), B Weis (20), then the tricks.
    "closed": Hand("rosen", points_team=0, points=100, stoeck=0, weis=(0, 20)),
    "claim": Hand("rosen", stoeck=0, weis=(0, 20), claim=Claim(0, points=50)),
    "first_trick": Hand(
        "rosen",
        stoeck=0,
        weis=(0, 20),
        claim=Claim(0, first_trick=True, trick_team=1, trick_points=10),
    ),
}
# Totals after the whole hand: closed A 987 + 20 + 100 = 1107, B 487 + 20 + 57 = 564;
# claim A 987 + 20 + 50 = 1057, B 487 + 20 = 507; first trick A 1007, B 487 + 20 + 10 = 517.
SCHNEIDER_TOTALS = {"closed": (1107, 564), "claim": (1057, 507), "first_trick": (1007, 517)}


@pytest.mark.parametrize("kind", list(SCHNEIDER_HANDS))
@pytest.mark.parametrize(
    "order, schneider",
    [
        # Stöck A first: A 1007 while B is at 487 < 500; B's Weis (507) comes after: Schneider.
        (HOUSE_ORDER, True),
        # Weis B first: B 507 >= 500, then Stöck A 1007: not Schneider.
        (("weis", "stoeck", "stich"), False),
    ],
)
def test_schneider_decided_by_the_order(kind, order, schneider):
    rules = with_order(SIMPLE, order)
    state = ruled(game(*EDGE, SCHNEIDER_HANDS[kind], rules=rules))
    assert state.winner == Moment(0, 3, "stoeck")
    # Only a claim in the first trick follows the house order; in the other hands Stöck and
    # Weis count as the slate has them (Stöck, Weis), before the tricks.
    assert state.schneider is (schneider if kind == "first_trick" else True)
    assert state.totals == SCHNEIDER_TOTALS[kind]


# --- both over at the end of a hand; the game ending by itself -------------------------------


def test_both_over_at_the_end_of_a_hand_is_a_tie_until_settled():
    # A 987 + 80 = 1067, B 987 + 77 = 1064: both over by the tricks, nobody claimed yet.
    g = game(*NEAR, Hand("rosen", points_team=0, points=80))
    state = ruled(g)
    assert state.totals == (1067, 1064)
    assert state.tie is True
    assert state.winner is None
    assert told(state) == ()
    after, errors = enter(g, Hand("rosen", claim=Claim(0, points=0)))
    assert after == g
    assert list(errors) == ["game"]
    settled = settle_tie(g, 1)
    state = ruled(settled)
    assert state.tie is False
    assert state.winner == Moment(1, 13, "stich")
    assert state.schneider is False
    assert "B erreicht 1000 in Hand 13" in told(state)[0]
    assert told(state)[-1] == "Beide über dem Ziel: B hat sich zuerst bedankt."
    assert state.ending == (
        code("reached", team=1, target=1000, number=13, step_with="stich"),
        code("both_over", team=1),
    )


@pytest.mark.parametrize("auto_end", [True, False])
@pytest.mark.parametrize(
    "order, winner",
    [
        # Stöck A: 987 + 20 = 1007 first.
        (HOUSE_ORDER, Moment(0, 13, "stoeck")),
        # Weis B: 987 + 20 = 1007 first.
        (("weis", "stoeck", "stich"), Moment(1, 13, "weis")),
    ],
)
def test_one_entry_takes_both_over_the_order_decides(auto_end, order, winner):
    # One entry: A's Stöck, B's Weis 20, B 80 tricks:
    # A 987 + 20 + 77 = 1084, B 987 + 20 + 80 = 1087.
    rules = with_order(with_auto_end(SIMPLE, auto_end), order)
    g, errors = enter(
        game(*NEAR, rules=rules), Hand("rosen", points_team=1, points=80, stoeck=0, weis=(0, 20))
    )
    assert errors == {}
    state = ruled(g)
    assert state.totals == (1084, 1087)
    assert state.tie is False
    # Only where the game ends by itself does the house order decide within one entry;
    # otherwise Stöck and Weis count as the slate has them (Stöck first).
    winner = winner if auto_end else Moment(0, 13, "stoeck")
    assert state.winner == winner
    assert told(state) == (
        f"{'AB'[winner.team]} erreicht 1000 in Hand 13 mit dem "
        f"{'Stöck' if winner.step == 'stoeck' else 'Weis'}.",
    )
    assert state.ending == (
        code("reached", team=winner.team, target=1000, number=13, step_with=winner.step),
    )


def test_auto_end_tie_only_within_the_stich():
    # A 987 + 80 = 1067, B 987 + 77 = 1064 in the same step: the order cannot tell; a tie.
    rules = with_auto_end(SIMPLE)
    g, errors = enter(game(*NEAR, rules=rules), Hand("rosen", points_team=0, points=80))
    assert errors == {}
    state = ruled(g)
    assert state.tie is True
    assert state.winner is None
    assert ruled(settle_tie(g, 0)).winner == Moment(0, 13, "stich")


@pytest.mark.parametrize(
    "entry, step",
    [(Hand("rosen", weis=(20, 0)), "weis"), (Hand("rosen", stoeck=0), "stoeck")],
)
def test_auto_end_open_hand_over_the_target_ends_the_game(entry, step):
    # A 987 + 20 = 1007 >= 1000 on the open hand: the game ends at once.
    g, errors = enter(game(*NEAR, rules=with_auto_end(SIMPLE)), entry)
    assert errors == {}
    state = ruled(g)
    assert state.winner == Moment(0, 13, step)
    assert state.open_hand is None
    assert state.totals == (1007, 987)
    assert state.schneider is False
    assert told(state) == (
        f"A erreicht 1000 in Hand 13 mit dem {'Weis' if step == 'weis' else 'Stöck'}.",
    )
    assert state.ending == (code("reached", team=0, target=1000, number=13, step_with=step),)
    after, errors = enter(g, Hand("rosen", claim=Claim(1, points=13)))
    assert after == g
    assert list(errors) == ["game"]


def test_without_auto_end_the_open_hand_does_not_end_the_game():
    # A 987 + Weis 20 = 1007 on the open hand: the game goes on until someone claims.
    g, errors = enter(game(*NEAR), Hand("rosen", weis=(20, 0)))
    assert errors == {}
    state = ruled(g)
    assert state.winner is None
    assert state.open_hand == Hand("rosen", weis=(20, 0))
    assert state.totals == (1007, 987)
    # B claims first with 13 trick points: 987 + 13 = 1000: B wins, though A was over earlier.
    g, errors = enter(g, Hand("rosen", claim=Claim(1, points=13)))
    assert errors == {}
    state = ruled(g)
    assert state.winner == Moment(1, 13, "stich")
    assert state.totals == (1007, 1000)


# --- entering a claim into an open hand -------------------------------------------------------


def test_claim_merges_into_the_open_hand():
    # Stöck A written first (1007 with auto_end off: open), then B's Weis and A's claim.
    g, errors = enter(game(*NEAR), Hand("rosen", stoeck=0))
    assert errors == {}
    assert ruled(g).open_hand == Hand("rosen", stoeck=0)
    claim = Claim(1, first_trick=True, trick_team=1, trick_points=30)
    g, errors = enter(g, Hand("rosen", weis=(0, 20), claim=claim))
    assert errors == {}
    assert g.hands[-1] == Hand("rosen", stoeck=0, weis=(0, 20), claim=claim)
    assert ruled(g).winner == Moment(0, 13, "stoeck")


def test_claim_into_open_hand_keeps_its_contract_and_one_stoeck():
    g, _ = enter(game(*NEAR), Hand("rosen", stoeck=0))
    assert enter(g, Hand("eicheln", claim=Claim(0, points=20)))[1] == {
        "contract": code("hand_running_in", contract="rosen")
    }
    assert enter(g, Hand("rosen", stoeck=1, claim=Claim(0, points=20)))[1] == {"stoeck": ONE_STOECK}


# --- Bergpreis in the same order --------------------------------------------------------------

BERG_CLAIMS = {
    "first_trick": Claim(1, first_trick=True, trick_team=1, trick_points=10),
    "claim": Claim(1, points=10),
}


@pytest.mark.parametrize("kind", list(BERG_CLAIMS))
@pytest.mark.parametrize(
    "order, bergpreis",
    [
        # Stöck A: 487 + 20 = 507 first.
        (HOUSE_ORDER, Moment(0, 3, "stoeck")),
        # Weis B: 487 + 20 = 507 first.
        (("weis", "stoeck", "stich"), Moment(1, 3, "weis")),
        # Stich B: 487 + 10 = 497, then Stöck A 507.
        (("stich", "stoeck", "weis"), Moment(0, 3, "stoeck")),
    ],
)
def test_bergpreis_in_a_claim_hand_follows_the_order(kind, order, bergpreis):
    # B claims at 487 + 20 + 10 = 517 < 1000 and loses; A wins by the claim, at 507.
    hand = Hand("rosen", stoeck=0, weis=(0, 20), claim=BERG_CLAIMS[kind])
    state = ruled(game(*NEAR_HALF, hand, rules=with_order(SIMPLE, order)))
    # After the first trick the house order does not apply: Stöck A first, as written.
    assert state.bergpreis == (bergpreis if kind == "first_trick" else Moment(0, 3, "stoeck"))
    assert state.winner == Moment(0, 3, "claim")
    assert state.totals == (507, 517)
    assert state.schneider is False


@pytest.mark.parametrize("order", [HOUSE_ORDER, ("stich", "stoeck", "weis")])
def test_bergpreis_and_game_in_one_claim(order):
    # After the first trick the house order does not apply, whatever it is: Stöck B 60 + 20 = 80,
    # Weis B 100 (half of 200, Bergpreis), then A's tricks 97 + 103 = 200.
    bergpreis, schneider = Moment(1, 2, "weis"), False
    # Target 200, half 100. Hand 1: A 97, B 157 - 97 = 60.
    rules = with_order(Rules.from_preset("simple", target=200), order)
    hand = Hand("rosen", stoeck=1, weis=(0, 20), claim=Claim(0, points=103))
    state = ruled(game(Hand("rosen", points_team=0, points=97), hand, rules=rules))
    assert state.bergpreis == bergpreis
    assert state.winner == Moment(0, 2, "stich")
    assert state.totals == (200, 100)
    assert state.schneider is schneider


# --- what cannot be entered -------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, field",
    [
        (Hand("rosen", points_team=0, points=90, claim=Claim(0, points=50)), "points"),
        (Hand("rosen", points_team=1, match=True, claim=Claim(1, points=50)), "points"),
        (Hand("rosen", claim=Claim(2, points=50)), "claim_team"),
        (Hand("rosen", claim=Claim(0, first_trick=True, trick_points=20)), "trick_team"),
        (Hand("rosen", claim=Claim(0, first_trick=True, trick_team=2)), "trick_team"),
        (
            Hand("rosen", claim=Claim(0, first_trick=True, trick_team=0, trick_points=57)),
            "trick_points",
        ),
        (
            Hand("schellen", claim=Claim(0, first_trick=True, trick_team=0, trick_points=-2)),
            "trick_points",
        ),
        (
            Hand("obenabe", claim=Claim(0, first_trick=True, trick_team=0, trick_points=45)),
            "trick_points",
        ),
        (
            Hand("undenufe", claim=Claim(1, first_trick=True, trick_team=1, trick_points=45)),
            "trick_points",
        ),
        (
            Hand("rosen", claim=Claim(0, first_trick=True, trick_team=0, trick_points=1)),
            "trick_points",
        ),
        (Hand("rosen", claim=Claim(0, points=1)), "claim_points"),
        (Hand("rosen", claim=Claim(0, points=158)), "claim_points"),
        (Hand("rosen", claim=Claim(0, points=-20)), "claim_points"),
        (Hand("obenabe", stoeck=0, claim=Claim(0, points=20)), "stoeck"),
    ],
)
def test_impossible_claims_refused(hand, field):
    problems = hand_problems(hand, MODERN)
    assert list(problems) == [field]
    g = game(*NEAR)
    assert enter(g, hand) == (g, problems)


@pytest.mark.parametrize(
    "hand",
    [
        Hand("rosen", claim=Claim(0, points=0)),
        Hand("rosen", claim=Claim(1, points=157)),
        Hand("rosen", claim=Claim(0, first_trick=True, trick_team=1, trick_points=56)),
        Hand("rosen", claim=Claim(0, first_trick=True, trick_team=1, trick_points=0)),
        Hand("obenabe", claim=Claim(0, first_trick=True, trick_team=0, trick_points=44)),
        Hand("undenufe", claim=Claim(0, first_trick=True, trick_team=0, trick_points=44)),
        Hand("rosen", stoeck=1, weis=(50, 0), claim=Claim(0, points=2)),
    ],
)
def test_possible_claims_accepted(hand):
    assert hand_problems(hand, MODERN) == {}


def test_enter_refuses_a_claim_with_whole_hand_points():
    g = game(*FAR)
    after, errors = enter(g, Hand("rosen", points_team=0, points=43, claim=Claim(0, points=43)))
    assert after == g
    assert errors["points"] == code("claim_with_points")


# --- export and import ------------------------------------------------------------------------

CLAIMED = game(*NEAR, Hand("rosen", stoeck=1, claim=Claim(0, points=13)))
CLAIMED_FIRST = game(
    *NEAR,
    Hand("rosen", weis=(0, 50), claim=Claim(0, first_trick=True, trick_team=0, trick_points=30)),
    rules=with_order(T1010, ("stoeck", "stich", "weis")),
)


@pytest.mark.parametrize("g", [CLAIMED, CLAIMED_FIRST])
def test_export_load_round_trip_of_a_claim(g):
    data = json.loads(json.dumps(export(g)))
    back = load(data)
    assert back == g
    assert replay(back) == replay(g)
    assert replay(back).finished


def test_exported_claim_fields():
    claim = export(CLAIMED)["hands"][-1]["claim"]
    assert claim == {
        "team": 0,
        "first_trick": False,
        "points": 13,
        "other_points": 0,
        "trick_team": None,
        "trick_points": 0,
    }


@pytest.mark.parametrize(
    "key, value",
    [
        ("points", 13.5),
        ("points", 13.0),
        ("points", "13"),
        ("points", True),
        ("team", 0.0),
        ("trick_team", 1.5),
        ("trick_points", 20.5),
        ("first_trick", "no"),
    ],
)
def test_load_refuses_a_claim_with_a_value_of_the_wrong_kind(key, value):
    data = json.loads(json.dumps(export(CLAIMED)))
    data["hands"][-1]["claim"][key] = value
    with pytest.raises(ImportProblem):
        load(data)


@pytest.mark.parametrize("claim", [[0, 13], "A", 13])
def test_load_refuses_a_claim_that_is_not_a_record(claim):
    data = json.loads(json.dumps(export(CLAIMED)))
    data["hands"][-1]["claim"] = claim
    with pytest.raises(ImportProblem):
        load(data)


def test_load_refuses_impossible_claims_and_hands_after_them():
    data = json.loads(json.dumps(export(CLAIMED)))
    data["hands"][-1]["claim"]["points"] = 158
    with pytest.raises(ImportProblem) as caught:
        load(data)
    assert caught.value.code == code(
        "hand_problems", number=13, problems=(code("claim_points", most=157),)
    )
    data = json.loads(json.dumps(export(CLAIMED)))
    data["hands"].append(Hand("rosen", points_team=0, points=90).to_dict())
    with pytest.raises(ImportProblem) as caught:
        load(data)
    assert caught.value.code == code("hands_after_end", number=13)
    assert "entschieden" in say(caught.value.code, kind="schieber")


# --- undo -------------------------------------------------------------------------------------


def test_undo_after_a_claim_runs_the_game_again():
    g = game(*FAR, Hand("rosen", claim=Claim(0, points=43)))
    assert ruled(g).finished
    undone = g.with_hands(g.hands[:-1])
    state = ruled(undone)
    assert not state.finished
    assert state.winner is None
    assert told(state) == ()
    assert state.schneider is False
    assert state.totals == (957, 57)
    # A wrong claim can be entered again, and the game still plays on after a closed hand.
    again, errors = enter(undone, Hand("rosen", claim=Claim(0, points=43)))
    assert errors == {}
    assert again == g
    # B takes all 157: A 957 + 0, B 57 + 157 = 214: nobody there, the game goes on.
    on, errors = enter(undone, Hand("rosen", points_team=1, points=157))
    assert errors == {}
    assert ruled(on).totals == (957, 214)
    assert not ruled(on).finished


def test_weis_written_in_the_first_trick_beats_tricks_counted_at_the_end():
    # 000: the target "may happen in the middle of a hand". A 2413, B 2370, Eicheln x1 (classic).
    # A's Weis 100 goes on at the first trick (2513); B's 140 tricks come at the end (2510).
    # Even with the house order Stöck-Stich-Weis, A got there first.
    rules = with_order(Rules.from_preset("classic", target=2500), ("stoeck", "stich", "weis"))
    start = (
        Hand("obenabe", points_team=0, points=155),  # A 465, B 6
        Hand("obenabe", points_team=0, points=155),  # A 930, B 12
        Hand("obenabe", points_team=0, points=155),  # A 1395, B 18
        Hand("undenufe", points_team=1, points=157),  # B 646
        Hand("undenufe", points_team=1, points=157),  # B 1274
        Hand("undenufe", points_team=1, points=157),  # B 1902
        Hand("undenufe", points_team=0, points=125),  # A 1895, B 2030
        Hand("schilten", points_team=0, points=130),  # A 2155, B 2084
        Hand("schellen", points_team=0, points=129),  # A 2413, B 2140
        Hand("schellen", points_team=1, points=115),  # A 2497, B 2370
    )
    g = game(*start, rules=rules)
    assert replay(g).totals == (2497, 2370)
    g, errors = enter(g, Hand("eicheln", weis=(100, 0)))
    assert errors == {} and replay(g).totals == (2597, 2370) and not replay(g).finished
    g, errors = enter(g, Hand("eicheln", points_team=1, points=140))
    assert errors == {}
    state = replay(g)
    assert state.totals == (2597 + 17, 2510)
    assert state.winner == Moment(0, 11, "weis")
