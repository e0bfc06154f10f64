"""Stakes in the engine: amounts as typed, balances per mode, payments rounded so that what is
paid is what is received."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.codes import Invalid
from scorer.differenzler import DifferenzlerGame, DifferenzlerRules, Round, replay
from scorer.differenzler.stakes import balances as differenzler_balances
from scorer.stakes import STEPS, Stakes, amount, pairwise, settle, step

D = Decimal


@pytest.mark.parametrize(
    ("typed", "value"),
    [("0.05", D("0.05")), ("0,1", D("0.1")), ("1", D("1")), (" 2.50 ", D("2.50")),
     ("Fr. 0.01", D("0.01")), ("0.0025", D("0.0025")), ("100", D("100")), ("10.00", D("10"))],
)  # fmt: skip
def test_amounts_as_a_table_types_them(typed, value):
    assert amount(typed) == value
    # Shown back and stored as typed, a whole amount without decimals: 10 is "10", not "1E+1".
    assert str(amount(typed)) == str(value)


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "0",
        "-1",
        "abc",
        "1e3",
        "1e2",
        "1E+1",
        "٣",
        "1٠",
        "+5",
        ".5",
        "5.",
        "NaN",
        "Infinity",
        "100.01",
        "0.00001",
        "1" * 13,
        None,
    ],
)
def test_impossible_amounts_are_refused(typed):
    with pytest.raises(Invalid) as refused:
        amount(typed)
    assert refused.value.code.key == "stakes_amount"


def test_only_two_roundings():
    assert step("0.05") == D("0.05") and step("1") == D("1") and step("1.00") == D("1")
    for typed in ("0.1", "x", "0"):
        with pytest.raises(Invalid):
            step(typed)


def test_stakes_read_back_strictly():
    stakes = Stakes(D("0.01"), D("1"))
    assert Stakes.from_dict(stakes.to_dict()) == stakes
    ten = Stakes(amount("10"), D("0.05"))
    assert ten.to_dict() == {"amount": "10", "step": "0.05"}
    # Earlier versions stored ten as "1E+1": such games and exports still read.
    assert Stakes.from_dict({"amount": "1E+1", "step": "0.05"}) == ten
    assert str(Stakes.from_dict({"amount": "1E+2", "step": "1"}).amount) == "100"
    for bad in (
        {"amount": "0.01"},
        {"amount": 1, "step": "1"},
        [],
        {"amount": "0", "step": "1"},
        {"amount": "1E+3", "step": "1"},
        {"amount": "٣", "step": "1"},
    ):
        with pytest.raises(Invalid):
            Stakes.from_dict(bad)


def test_two_teams_settle_the_difference():
    # 2520 : 1800 at one centime a point: 7.20.
    assert settle(Stakes(D("0.01")), pairwise((2520, 1800))) == ((1, 0, D("7.20")),)


def test_four_players_with_the_lowest_total_winning_round_to_five_centimes():
    # Totals 40, 55, 61, 30 at 1.3 centimes: 0.338, -0.442, -0.754, 0.858 francs, rounded to
    # 0.35, -0.45, -0.75, 0.85 (they sum to zero as they are).
    paid = settle(Stakes(D("0.013")), pairwise((40, 55, 61, 30), lower_wins=True))
    assert paid == ((2, 3, D("0.75")), (1, 0, D("0.35")), (1, 3, D("0.10")))


def test_rounding_to_the_franc_gives_back_the_step_it_made_up():
    # 2.6, -3.4, -5.8, 6.6 francs round to 3, -3, -6, 7: one franc too many is received; the
    # first of those the rounding favoured most (by 0.4) gives it back.
    paid = settle(Stakes(D("0.1"), D("1")), pairwise((40, 55, 61, 30), lower_wins=True))
    received = {payee: Decimal(0) for payee in range(4)}
    for payer, payee, value in paid:
        received[payee] += value
        received[payer] -= value
    assert received == {0: D("2"), 1: D("-3"), 2: D("-6"), 3: D("7")}


def test_differenzler_players_sharing_first_place_receive_alike():
    """Totals 12, 12, 8, 8 (Clara and Dani share first place) at 10 centimes a point: Anna and
    Ben each owe 4 points to each winner, 8 points or 0.80 francs each, and each winner gets
    0.80; the two winners owe each other nothing. Settled in two payments."""
    rounds = (
        Round("rosen", (40, 30, 50, 37), (52, 20, 45, 40)),  # 12, 10, 5, 3
        Round("eicheln", (40, 28, 43, 42), (40, 30, 40, 47)),  # 0, 2, 3, 5
    )
    game = DifferenzlerGame(("Anna", "Ben", "Clara", "Dani"), DifferenzlerRules(rounds=2), rounds)
    state = replay(game)
    assert state.winners == (2, 3)
    assert differenzler_balances(game, state) == (-8, -8, 8, 8)
    paid = settle(Stakes(D("0.1")), differenzler_balances(game, state))
    assert paid == ((0, 2, D("0.80")), (1, 3, D("0.80")))


def test_a_draw_costs_nothing():
    assert settle(Stakes(D("1")), pairwise((100, 100, 100))) == ()


balances = st.lists(st.integers(-5000, 5000), min_size=2, max_size=6).map(
    lambda values: pairwise(tuple(values))
)


@given(
    balances,
    st.sampled_from([D("0.001"), D("0.01"), D("0.05"), D("0.13"), D("1"), D("2.5")]),
    st.sampled_from(STEPS),
)
def test_what_is_paid_is_what_is_received_in_whole_steps(balance, per_unit, rounding):
    paid = settle(Stakes(per_unit, rounding), balance)
    net = [Decimal(0)] * len(balance)
    for payer, payee, value in paid:
        assert value > 0 and value % rounding == 0 and payer != payee
        net[payer] -= value
        net[payee] += value
    assert sum(net) == 0
    assert len(paid) <= len(balance) - 1
    for mine, exact in zip(net, balance, strict=True):
        # Each party's net is its exact balance, rounded, within one step of rounding and one
        # step given back or taken.
        assert abs(Fraction(mine) - Fraction(per_unit) * exact) <= Fraction(rounding) * 3 / 2
