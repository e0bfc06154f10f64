"""The 36-card Jass deck: suits in both face styles, ranks, and card points."""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class Faces:
    """How a table calls the cards of its deck: suit names, rank letters, Weis words."""

    suits: dict[str, str]  # suit key -> name
    letters: dict[str, str]  # rank -> what the card shows ("O" or "D")
    to: dict[str, str]  # rank -> "zum König": the top card of a run
    fours: dict[str, str]  # rank -> "vier Könige"

    def suit(self, key: str | None) -> str:
        """The name of a suit, or the key itself if the deck has no such suit."""
        return self.suits.get(key, key or "")


_TO = {"A": "zum Ass", "K": "zum König", "9": "zur 9", "8": "zur 8", "7": "zur 7", "6": "zur 6"}
_FOURS = {
    "A": "vier Ass",
    "K": "vier Könige",
    "9": "vier Neuner",
    "8": "vier Achter",
    "7": "vier Siebner",
    "6": "vier Sechser",
}
FACES = {
    "swiss": Faces(
        {s.key: s.name for s in DECKS["swiss"]},
        {r: r for r in RANKS},
        {**_TO, "O": "zum Ober", "U": "zum Under", "10": "zum Banner"},
        {**_FOURS, "O": "vier Ober", "U": "vier Under", "10": "vier Banner"},
    ),
    "french": Faces(
        {s.key: s.name for s in DECKS["french"]},
        {**{r: r for r in RANKS}, "O": "D", "U": "B"},
        {**_TO, "O": "zur Dame", "U": "zum Bauer", "10": "zur 10"},
        {**_FOURS, "O": "vier Damen", "U": "vier Bauern", "10": "vier Zehner"},
    ),
}


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
    raise ValueError(f"unknown mode {mode!r}")


# Reading plain data back (storage and import): one set of checks for every engine module. Each
# raises ValueError naming the field, never showing the value (it may be huge or nested deep).


def whole(value, name: str, optional: bool = False) -> int | None:
    """A whole number (not a bool, not 90.5 or 90.0, not "90"), or None where that is allowed."""
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name}: keine ganze Zahl")
    return value


def flag(value, name: str) -> bool:
    """A yes or no: true or false, nothing else ("no", 0 and null are not)."""
    if not isinstance(value, bool):
        raise ValueError(f"{name}: nicht true oder false")
    return value


def text(value, name: str) -> str:
    """A string, never anything turned into one."""
    if not isinstance(value, str):
        raise ValueError(f"{name}: kein Text")
    return value


def items(value, name: str) -> list:
    """A list (a JSON array), not a string or an object."""
    if not isinstance(value, list):
        raise ValueError(f"{name}: keine Liste")
    return value


def fields(value, name: str) -> dict:
    """An object (a JSON object with its fields)."""
    if not isinstance(value, dict):
        raise ValueError(f"{name}: kein Objekt")
    return value
