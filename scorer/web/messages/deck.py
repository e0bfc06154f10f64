"""The deck in the table's words: suit names, the top card of a run, fours, Weis, steps.

The engine knows cards by key ("schellen", "K"); these are the words a German-speaking table
uses for them, for each deck's faces.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.cards import DECKS, RANKS
from scorer.weis import FOUR, Weis


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
SWISS = FACES["swiss"]

RUN_NAMES = {
    3: "Dreiblatt",
    4: "Vierblatt",
    5: "Fünfblatt",
    6: "Sechsblatt",
    7: "Siebenblatt",
    8: "Achtblatt",
    9: "Neunblatt",
}
STEP_NAMES = {"stoeck": "Stöck", "weis": "Weis", "stich": "Stich"}
STEP_WITH = {"stoeck": "mit dem Stöck", "weis": "mit dem Weis", "stich": "mit den Stichen"}


def run_name(length: int) -> str:
    """A run of this many cards: "Vierblatt"."""
    return RUN_NAMES.get(length, f"{length}-Blatt")


def step_name(step: str) -> str:
    """A step of the house order: "Stöck", "Weis", "Stich"."""
    return STEP_NAMES[step]


def weis_name(weis: Weis, faces: Faces = SWISS) -> str:
    """A Weis in the table's words: "Vierblatt Schellen zum König", "vier Under"."""
    if weis.kind == FOUR:
        return faces.fours[weis.rank]
    return f"{run_name(weis.length)} {faces.suit(weis.suit)} {faces.to[weis.rank]}"


def order_name(order) -> str:
    """A house order as the table says it: "Stöck – Weis – Stich"."""
    return " – ".join(step_name(step) for step in order)


# The contracts that are no suit, as the table calls them (Coiffeur adds the free choices, Slalom
# and Gusti).
CONTRACT_NAMES = {
    "obenabe": "Obenabe",
    "undenufe": "Undenufe",
    "free1": "Joker",
    "free2": "Trumpf nach Wahl",
    "slalom": "Slalom",
    "gusti": "Gusti",
}


def contract_name(key: str, faces: Faces = SWISS) -> str:
    """A contract: its trump suit's name, Obenabe or Undenufe."""
    return CONTRACT_NAMES.get(key) or faces.suit(key)
