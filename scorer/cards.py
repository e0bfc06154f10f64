"""The 36-card Jass deck: suits in both face styles, ranks, and card points."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.codes import Invalid

# Ranks from high to low, as sides suits and Obenabe order them and as Weis compare them.
RANKS = ("A", "K", "O", "U", "10", "9", "8", "7", "6")
DECK_SIZE = 36  # 4 suits of 9: each player holds DECK_SIZE // players cards

# Every contract holds 152 card points; the last trick adds 5.
CARD_POINTS_TOTAL = 152
LAST_TRICK = 5
HAND_TOTAL = CARD_POINTS_TOTAL + LAST_TRICK  # 157
MATCH_BONUS = 100
MATCH_TOTAL = HAND_TOTAL + MATCH_BONUS  # 257


@dataclass(frozen=True)
class Suit:
    """One suit of a deck, in the faces the table plays with."""

    key: str
    name: str
    symbol: str
    color: str  # for display only: "red" or "black"


DECKS: dict[str, tuple[Suit, ...]] = {
    "swiss": (
        Suit("rosen", "Rosen", "🌹", "red"),
        Suit("eicheln", "Eicheln", "🌰", "black"),
        Suit("schilten", "Schilten", "🛡", "black"),
        Suit("schellen", "Schellen", "🔔", "red"),
    ),
    "french": (
        Suit("hearts", "Herz", "♥", "red"),
        Suit("diamonds", "Ecken", "♦", "red"),
        Suit("clubs", "Kreuz", "♣", "black"),
        Suit("spades", "Schaufel", "♠", "black"),
    ),
}
DECK_NAMES = {"swiss": "Deutsch", "french": "Französisch"}


def suit(key: str) -> Suit:
    """The suit with this key, from either deck."""
    for suits in DECKS.values():
        for s in suits:
            if s.key == key:
                return s
    raise KeyError(key)


_SIDE = {"A": 11, "K": 4, "O": 3, "U": 2, "10": 10, "9": 0, "8": 0, "7": 0, "6": 0}
_TRUMP = {**_SIDE, "U": 20, "9": 14}
_OBENABE = {**_SIDE, "8": 8}
_UNDENUFE = {**_SIDE, "A": 0, "8": 8, "6": 11}
_UNDENUFE_ACE = {**_SIDE, "8": 8}


def card_points(rank: str, mode: str, *, undenufe_six: bool = True) -> int:
    """Points of a card of this rank.

    mode is "side" or "trump" (for a trump contract), "obenabe" or "undenufe". In Undenufe the 6
    is worth 11 and the Ace nothing, unless the table plays the variant where the Ace keeps 11.
    """
    if mode == "side":
        return _SIDE[rank]
    if mode == "trump":
        return _TRUMP[rank]
    if mode == "obenabe":
        return _OBENABE[rank]
    if mode == "undenufe":
        return (_UNDENUFE if undenufe_six else _UNDENUFE_ACE)[rank]
    raise ValueError(mode)  # a programming error: no such mode of counting


# Reading plain data back (storage and import): one set of checks for every engine module. Each
# raises Invalid (a ValueError) naming the field, never showing the value (it may be huge or
# nested deep).


def whole(value, name: str, optional: bool = False) -> int | None:
    """A whole number (not a bool, not 90.5 or 90.0, not "90"), or None where that is allowed."""
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise Invalid("not_whole", field=name)
    return value


def flag(value, name: str) -> bool:
    """A yes or no: true or false, nothing else ("no", 0 and null are not)."""
    if not isinstance(value, bool):
        raise Invalid("not_flag", field=name)
    return value


def text(value, name: str) -> str:
    """A string, never anything turned into one."""
    if not isinstance(value, str):
        raise Invalid("not_text", field=name)
    return value


def items(value, name: str) -> list:
    """A list (a JSON array), not a string or an object."""
    if not isinstance(value, list):
        raise Invalid("not_list", field=name)
    return value


def fields(value, name: str) -> dict:
    """An object (a JSON object with its fields)."""
    if not isinstance(value, dict):
        raise Invalid("not_object", field=name)
    return value
