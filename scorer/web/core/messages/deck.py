"""The deck in the table's words: suit names, the top card of a run, fours, Weis, steps.

The engine knows cards by key ("schellen", "K"); these are the words a table uses for them, for
each deck's faces, in the phone's language (German, the msgids, else the catalogue's words).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from scorer.cards import DECKS, RANKS
from scorer.web.core.i18n import N_, gettext, language, pgettext, tr
from scorer.weis import FOUR, Weis


@dataclass(frozen=True)
class Faces:
    """How a table calls the cards of its deck: suit names, rank letters, Weis words."""

    suits: dict[str, str]  # suit key -> name
    letters: dict[str, str]  # rank -> what the card shows ("O" or "D")
    to: dict[str, str]  # rank -> "zum König": the top card of a run
    fours: dict[str, str]  # rank -> "vier Könige"
    ranks: dict[str, str]  # rank -> "König": one card of that rank
    many: dict[str, str]  # rank -> "Könige": four of a rank, without "vier"

    def suit(self, key: str | None) -> str:
        """The name of a suit, or the key itself if the deck has no such suit."""
        return self.suits.get(key, key or "")


# The names of the suits and of the contracts that are no suit, by key (Coiffeur adds the free
# choices, Slalom and Gusti). The engine's own names are these German words.
NAMES = {
    "rosen": N_("Rosen"),
    "eicheln": N_("Eicheln"),
    "schilten": N_("Schilten"),
    "schellen": N_("Schellen"),
    "hearts": N_("Herz"),
    "diamonds": N_("Ecken"),
    "clubs": N_("Kreuz"),
    "spades": N_("Schaufel"),
    "obenabe": N_("Obenabe"),
    "undenufe": N_("Undenufe"),
    "free1": N_("Joker"),
    "free2": N_("Trumpf nach Wahl"),
    "slalom": N_("Slalom"),
    "gusti": N_("Gusti"),
}
NOT_SUITS = ("obenabe", "undenufe", "free1", "free2", "slalom", "gusti")
# The decks as the set-up offers them ("Karten: Deutsch / Französisch").
DECK_WORDS = {"swiss": N_("Deutsch"), "french": N_("Französisch")}


def named(key: str | None) -> str:
    """A suit or a contract that is no suit by its key, in the table's words ("Rosen",
    "Obenabe"), or the key itself when it names none."""
    return tr(NAMES[key]) if key in NAMES else (key or "")


def deck_names() -> dict[str, str]:
    """The decks by key, as the set-up and the rules of a game name them."""
    return {key: tr(words) for key, words in DECK_WORDS.items()}


def _faces(deck: str) -> Faces:
    """A deck's faces in the phone's language."""
    french = deck == "french"
    letters = {r: r for r in RANKS}
    letters["K"] = pgettext("card", "K")
    if french:
        letters["O"] = pgettext("card", "D")
        letters["U"] = pgettext("card", "B")
    to = {
        "A": gettext("zum Ass"),
        "K": gettext("zum König"),
        "O": gettext("zur Dame") if french else gettext("zum Ober"),
        "U": gettext("zum Bauer") if french else gettext("zum Under"),
        "10": gettext("zur 10") if french else gettext("zum Banner"),
        "9": gettext("zur 9"),
        "8": gettext("zur 8"),
        "7": gettext("zur 7"),
        "6": gettext("zur 6"),
    }
    many = {
        "A": pgettext("ranks", "Ass"),
        "K": pgettext("ranks", "Könige"),
        "O": pgettext("ranks", "Damen") if french else pgettext("ranks", "Ober"),
        "U": pgettext("ranks", "Bauern") if french else pgettext("ranks", "Under"),
        "10": pgettext("ranks", "Zehner") if french else pgettext("ranks", "Banner"),
        "9": pgettext("ranks", "Neuner"),
        "8": pgettext("ranks", "Achter"),
        "7": pgettext("ranks", "Siebner"),
        "6": pgettext("ranks", "Sechser"),
    }
    fours = {
        "A": gettext("vier Ass"),
        "K": gettext("vier Könige"),
        "O": gettext("vier Damen") if french else gettext("vier Ober"),
        "U": gettext("vier Bauern") if french else gettext("vier Under"),
        "10": gettext("vier Zehner") if french else gettext("vier Banner"),
        "9": gettext("vier Neuner"),
        "8": gettext("vier Achter"),
        "7": gettext("vier Siebner"),
        "6": gettext("vier Sechser"),
    }
    ranks = {
        **{r: r for r in RANKS},
        "A": pgettext("rank", "Ass"),
        "K": pgettext("rank", "König"),
        "O": pgettext("rank", "Dame") if french else pgettext("rank", "Ober"),
        "U": pgettext("rank", "Bauer") if french else pgettext("rank", "Under"),
    }
    if not french:
        ranks["10"] = pgettext("rank", "Banner")
    suits = {s.key: named(s.key) for s in DECKS[deck]}
    return Faces(suits, letters, to, fours, ranks, many)


class _ByDeck(Mapping):
    """FACES["swiss"]: a deck's faces in the language of the moment it is asked; made once per
    language and deck (some forty words: the new-game page alone asks eight times), so they
    are shared and read only."""

    made: dict[tuple[str, str], Faces] = {}

    def __getitem__(self, deck: str) -> Faces:
        if deck not in DECKS:
            raise KeyError(deck)
        key = (language(), deck)
        if key not in self.made:
            self.made[key] = _faces(deck)
        return self.made[key]

    def __iter__(self) -> Iterator[str]:
        return iter(DECKS)

    def __len__(self) -> int:
        return len(DECKS)


FACES: Mapping[str, Faces] = _ByDeck()

RUN_NAMES = {
    3: N_("Dreiblatt"),
    4: N_("Vierblatt"),
    5: N_("Fünfblatt"),
    6: N_("Sechsblatt"),
    7: N_("Siebenblatt"),
    8: N_("Achtblatt"),
    9: N_("Neunblatt"),
}
STEP_NAMES = {"stoeck": N_("Stöck"), "weis": N_("Weis"), "stich": N_("Stich")}
STEP_WITH = {
    "stoeck": N_("mit dem Stöck"),
    "weis": N_("mit dem Weis"),
    "stich": N_("mit den Stichen"),
}


def run_names() -> dict[int, str]:
    """The runs by length, as the Weis pickers offer them."""
    return {length: tr(words) for length, words in RUN_NAMES.items()}


def run_name(length: int) -> str:
    """A run of this many cards: "Vierblatt"."""
    if length in RUN_NAMES:
        return tr(RUN_NAMES[length])
    return gettext("{length}-Blatt").format(length=length)


def step_name(step: str) -> str:
    """A step of the house order: "Stöck", "Weis", "Stich"."""
    return tr(STEP_NAMES[step])


def step_with(step: str) -> str:
    """A step of the house order as the way a team got there: "mit dem Weis"."""
    return tr(STEP_WITH[step])


def weis_name(weis: Weis, faces: Faces | None = None) -> str:
    """A Weis in the table's words: "Vierblatt Schellen zum König", "vier Under"."""
    faces = faces or FACES["swiss"]
    if weis.kind == FOUR:
        return faces.fours[weis.rank]
    return gettext("{run} {suit} {to}").format(
        run=run_name(weis.length), suit=faces.suit(weis.suit), to=faces.to[weis.rank]
    )


def order_name(order) -> str:
    """A house order as the table says it: "Stöck – Weis – Stich"."""
    return " – ".join(step_name(step) for step in order)


def contract_name(key: str, faces: Faces | None = None) -> str:
    """A contract: its trump suit's name, Obenabe or Undenufe."""
    if key in NOT_SUITS:
        return named(key)
    return (faces or FACES["swiss"]).suit(key)
