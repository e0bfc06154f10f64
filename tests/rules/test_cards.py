"""Card points: the RULES.md table, column by column, and the 152 + 5 = 157 every contract holds."""

import pytest

from scorer.cards import (
    CARD_POINTS_TOTAL,
    DECKS,
    HAND_TOTAL,
    LAST_TRICK,
    MATCH_BONUS,
    MATCH_TOTAL,
    RANKS,
    card_points,
    suit,
)

# rank: side, trump, Obenabe, Undenufe (default), Undenufe (pagat variant: the Ace keeps 11)
TABLE = {
    "A": (11, 11, 11, 0, 11),
    "K": (4, 4, 4, 4, 4),
    "O": (3, 3, 3, 3, 3),
    "U": (2, 20, 2, 2, 2),
    "10": (10, 10, 10, 10, 10),
    "9": (0, 14, 0, 0, 0),
    "8": (0, 0, 8, 8, 8),
    "7": (0, 0, 0, 0, 0),
    "6": (0, 0, 0, 11, 0),
}


@pytest.mark.parametrize("rank", RANKS)
def test_side_suit_column(rank):
    assert card_points(rank, "side") == TABLE[rank][0]


@pytest.mark.parametrize("rank", RANKS)
def test_trump_suit_column(rank):
    assert card_points(rank, "trump") == TABLE[rank][1]


@pytest.mark.parametrize("rank", RANKS)
def test_obenabe_column(rank):
    assert card_points(rank, "obenabe") == TABLE[rank][2]


@pytest.mark.parametrize("rank", RANKS)
def test_undenufe_default_column(rank):
    assert card_points(rank, "undenufe") == TABLE[rank][3]
    assert card_points(rank, "undenufe", undenufe_six=True) == TABLE[rank][3]


@pytest.mark.parametrize("rank", RANKS)
def test_undenufe_pagat_variant_column(rank):
    assert card_points(rank, "undenufe", undenufe_six=False) == TABLE[rank][4]


def test_puur_and_naell():
    assert card_points("U", "trump") == 20
    assert card_points("9", "trump") == 14


def suit_sum(mode, **kw):
    return sum(card_points(r, mode, **kw) for r in RANKS)


def test_suit_sums():
    assert suit_sum("side") == 30
    assert suit_sum("trump") == 62
    assert suit_sum("obenabe") == 38
    assert suit_sum("undenufe") == 38
    assert suit_sum("undenufe", undenufe_six=False) == 38


def test_trump_contract_holds_152():
    assert suit_sum("trump") + 3 * suit_sum("side") == 152


def test_obenabe_holds_152():
    assert 4 * suit_sum("obenabe") == 152


@pytest.mark.parametrize("six", [True, False])
def test_undenufe_holds_152(six):
    assert 4 * suit_sum("undenufe", undenufe_six=six) == 152


def test_hand_totals():
    assert CARD_POINTS_TOTAL == 152
    assert LAST_TRICK == 5
    assert HAND_TOTAL == 157
    assert MATCH_BONUS == 100
    assert MATCH_TOTAL == 257
    assert 4 * suit_sum("obenabe") + LAST_TRICK == 157


def test_unknown_mode_is_an_error():
    with pytest.raises(ValueError):
        card_points("A", "slalom")


def test_decks_have_four_suits_each():
    assert [s.key for s in DECKS["swiss"]] == ["rosen", "eicheln", "schilten", "schellen"]
    assert [s.key for s in DECKS["french"]] == ["hearts", "diamonds", "clubs", "spades"]


def test_suit_lookup_across_decks():
    assert suit("schellen").name == "Schellen"
    assert suit("spades").name == "Schaufel"
    with pytest.raises(KeyError):
        suit("tarock")
