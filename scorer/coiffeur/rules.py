"""The settings of a Coiffeur game: the deck, the board of contracts with their multipliers, the
Match bonus and the counter-Match (RULES.md 5, seeds 003 and 000).

The board is the list of contracts every team plays once, in the order the slate shows them. The
8-round board holds the four trump suits of the deck, Obenabe, Undenufe and two free choices
("Joker", "Trumpf nach Wahl"); the 10-round board adds Slalom and Gusti (003). A table may also
pick its own board from these contracts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorer.cards import DECKS, HAND_TOTAL, MATCH_BONUS, fields, flag, items, text, whole
from scorer.codes import Code, code

OBENABE, UNDENUFE = "obenabe", "undenufe"
FREE1, FREE2 = "free1", "free2"  # "Joker", "Trumpf nach Wahl": the team picks the contract
SLALOM, GUSTI = "slalom", "gusti"
# What every deck adds to its four trump suits, in board order.
PLAIN = (OBENABE, UNDENUFE, FREE1, FREE2, SLALOM, GUSTI)

LISTS = {"8": 8, "10": 10}  # the boards by name: how many contracts of the known ones
CUSTOM = "custom"  # a board the table picks itself
MULTIPLIER_MIN, MULTIPLIER_MAX = 1, 20
MATCH_BONUS_MAX = 500
DEFAULT_DECK = "swiss"


def known_contracts(deck: str) -> tuple[str, ...]:
    """Every contract a board may hold with this deck, in the order of the 10-round board: the
    deck's four trump suits, Obenabe, Undenufe, the two free choices, Slalom, Gusti. None for a
    deck that does not exist."""
    if deck not in DECKS:
        return ()
    return tuple(s.key for s in DECKS[deck]) + PLAIN


@dataclass(frozen=True)
class Contract:
    """One row of the board: a contract and what its points count times."""

    key: str
    multiplier: int

    def to_dict(self) -> dict:
        """Plain data for storage and export."""
        return {"key": self.key, "multiplier": self.multiplier}

    @classmethod
    def from_dict(cls, data: dict) -> Contract:
        """Read back from to_dict(); raises Invalid for values of the wrong kind."""
        data = fields(data, "rules.contracts")
        return cls(
            text(data["key"], "rules.contracts.key"),
            whole(data["multiplier"], "rules.contracts.multiplier"),
        )


def numbered(keys) -> tuple[Contract, ...]:
    """A board of these contracts with the default multipliers: 1, 2, 3 … in list order."""
    return tuple(Contract(key, n) for n, key in enumerate(keys, start=1))


def contract_list(name: str, deck: str = DEFAULT_DECK) -> tuple[Contract, ...]:
    """The 8- or 10-round board ("8", "10") of this deck with the default multipliers."""
    return numbered(known_contracts(deck)[: LISTS[name]])


def _whole_in(value, low: int, high: int) -> bool:
    """A whole number (not a bool) from low to high."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


@dataclass(frozen=True)
class CoiffeurRules:
    """The settings a Coiffeur game is played with.

    There is no target: every team plays every contract on the board, and most points after all
    rounds wins (003). A Match (all nine tricks) is 157 points and the bonus (000: 100, so 257).
    With the counter-Match on (two teams only), a declaring team that made no trick at all scores
    nothing and the other team is credited a Match in that contract (157 + bonus, times the
    contract's multiplier); no seed names it, so it is off by default.
    """

    deck: str = DEFAULT_DECK
    contracts: tuple[Contract, ...] = field(default_factory=lambda: contract_list("8"))
    match_bonus: int = MATCH_BONUS
    counter_match: bool = False

    @classmethod
    def with_list(cls, name: str, deck: str = DEFAULT_DECK, **changes) -> CoiffeurRules:
        """The rules with the 8- or 10-round board of this deck ("8", "10")."""
        return cls(deck=deck, contracts=contract_list(name, deck), **changes)

    @property
    def keys(self) -> tuple[str, ...]:
        """The contracts of the board, in board order."""
        return tuple(c.key for c in self.contracts)

    @property
    def contract_list(self) -> str:
        """Which board this is: "8", "10" (whatever the multipliers) or "custom"."""
        known = known_contracts(self.deck)
        for name, size in LISTS.items():
            if self.keys == known[:size] and len(known) >= size:
                return name
        return CUSTOM

    @property
    def match_value(self) -> int:
        """The points of a Match before the multiplier: 157 and the bonus."""
        return HAND_TOTAL + self.match_bonus

    def multiplier(self, key: str) -> int:
        """What this contract's points count times; KeyError for a contract not on the board."""
        for c in self.contracts:
            if c.key == key:
                return c.multiplier
        raise KeyError(key)

    def problems(self) -> dict[str, Code]:
        """What is wrong with these settings, by field ("multiplier-<i>" for the i-th contract of
        the board, counted from 0)."""
        errors: dict[str, Code] = {}
        if not isinstance(self.deck, str) or self.deck not in DECKS:
            errors["deck"] = code("deck_unknown")
        known = known_contracts(self.deck) if isinstance(self.deck, str) else ()
        seen: set[str] = set()
        if not self.contracts:
            errors["contracts"] = code("contracts_empty")
        for i, c in enumerate(self.contracts):
            key = getattr(c, "key", None)
            if not known:
                pass  # no deck, no contracts to know: the deck's problem says it
            elif key not in known:
                errors.setdefault("contracts", code("contract_unknown", contract=_plain(key)))
            elif key in seen:
                errors.setdefault("contracts", code("contract_twice", contract=key))
            else:
                seen.add(key)
            if not _whole_in(getattr(c, "multiplier", None), MULTIPLIER_MIN, MULTIPLIER_MAX):
                errors[f"multiplier-{i}"] = code(
                    "multiplier_range",
                    contract=_plain(key),
                    low=MULTIPLIER_MIN,
                    high=MULTIPLIER_MAX,
                )
        if not _whole_in(self.match_bonus, 0, MATCH_BONUS_MAX):
            errors["match_bonus"] = code("match_bonus_range", low=0, high=MATCH_BONUS_MAX)
        if not isinstance(self.counter_match, bool):
            errors["counter_match"] = code("not_flag", field="counter_match")
        return errors

    def to_dict(self) -> dict:
        """Plain data for storage and export."""
        return {
            "deck": self.deck,
            "contracts": [c.to_dict() for c in self.contracts],
            "match_bonus": self.match_bonus,
            "counter_match": self.counter_match,
        }

    @classmethod
    def from_dict(cls, data: dict) -> CoiffeurRules:
        """Read back from to_dict(); a setting that is missing keeps its default (the board: the
        8-round board of the deck). Raises Invalid for values of the wrong kind."""
        data = fields(data, "rules")
        deck = text(data.get("deck", DEFAULT_DECK), "rules.deck")
        if "contracts" in data:
            contracts = tuple(
                Contract.from_dict(c) for c in items(data["contracts"], "rules.contracts")
            )
        else:
            contracts = numbered(known_contracts(deck)[: LISTS["8"]])
        return cls(
            deck=deck,
            contracts=contracts,
            match_bonus=whole(data.get("match_bonus", MATCH_BONUS), "rules.match_bonus"),
            counter_match=flag(data.get("counter_match", False), "rules.counter_match"),
        )


def _plain(value):
    """A value fit for a code: a string as it is, anything else as None."""
    return value if isinstance(value, str) else None
