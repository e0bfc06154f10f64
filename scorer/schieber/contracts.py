"""Schieber contracts, their multipliers, and the rule presets a table picks from."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache

from scorer.cards import DECKS, Suit, fields, flag, items, text, whole
from scorer.codes import Code, Invalid, code
from scorer.schieber.claims import HOUSE_ORDER
from scorer.weis import Play, WeisTable

OBENABE = "obenabe"
UNDENUFE = "undenufe"


@dataclass(frozen=True)
class Contract:
    """A contract a team can call: a trump suit, Obenabe or Undenufe."""

    key: str
    name: str
    symbol: str
    suit: Suit | None = None

    @property
    def has_trump(self) -> bool:
        """Stöck (King and Ober of trumps) exists only where there is a trump suit."""
        return self.suit is not None


@cache
def contracts_for(deck: str) -> tuple[Contract, ...]:
    """All contracts of a deck, in the order the entry panel shows them (made once per deck:
    every hand of every replay asks)."""
    trumps = tuple(Contract(s.key, s.name, s.symbol, s) for s in DECKS[deck])
    return trumps + (
        Contract(OBENABE, "Obenabe", "⬇"),
        Contract(UNDENUFE, "Undenufe", "⬆"),
    )


def _multipliers(deck: str, by_name: dict[str, int]) -> dict[str, int]:
    return {c.key: by_name[c.key] for c in contracts_for(deck)}


@dataclass(frozen=True)
class Preset:
    """A named set of multipliers and a target, as RULES.md lists them."""

    key: str
    name: str  # as the table calls it; the web shows its figures beside it
    target: int
    multipliers: dict[str, dict[str, int]]  # deck -> contract -> multiplier


# 002 and 004 for Swiss faces: roses and acorns x1, shields and bells x2, Obenabe, Undenufe x3.
MODERN_SWISS = _multipliers(
    "swiss", dict(rosen=1, eicheln=1, schilten=2, schellen=2, obenabe=3, undenufe=3)
)

PRESETS: dict[str, Preset] = {
    p.key: p
    for p in (
        # pagat (000): acorns and flowers like the black suits x1, shields and bells x2.
        Preset(
            "classic",
            "Klassisch",
            3000,
            {
                "swiss": _multipliers(
                    "swiss",
                    dict(eicheln=1, rosen=1, schilten=2, schellen=2, obenabe=3, undenufe=4),
                ),
                "french": _multipliers(
                    "french",
                    dict(clubs=1, spades=1, hearts=2, diamonds=2, obenabe=3, undenufe=4),
                ),
            },
        ),
        # 002 and 004: roses and acorns x1, shields and bells x2; French (002): black x1, red x2.
        Preset(
            "modern",
            "Modern",
            2500,
            {
                "swiss": MODERN_SWISS,
                "french": _multipliers(
                    "french",
                    dict(clubs=1, spades=1, hearts=2, diamonds=2, obenabe=3, undenufe=3),
                ),
            },
        ),
        # 003 pairs roses with hearts and acorns with diamonds: hearts and diamonds x1.
        Preset(
            "pairing_003",
            "003",
            2500,
            {
                "swiss": MODERN_SWISS,
                "french": _multipliers(
                    "french",
                    dict(hearts=1, diamonds=1, spades=2, clubs=2, obenabe=3, undenufe=3),
                ),
            },
        ),
        Preset(
            "simple",
            "Einfach",
            1000,
            {deck: {c.key: 1 for c in contracts_for(deck)} for deck in DECKS},
        ),
    )
}
DEFAULT_PRESET = "modern"


@dataclass(frozen=True)
class Rules:
    """The settings a Schieber game is played with; stored with the game and never changed by it."""

    deck: str = "swiss"
    multipliers: dict[str, int] = field(
        default_factory=lambda: dict(PRESETS[DEFAULT_PRESET].multipliers["swiss"])
    )
    target: int = PRESETS[DEFAULT_PRESET].target
    undenufe_six: bool = True  # Undenufe: the 6 counts 11 and the Ace 0 (002); off: Ace keeps 11
    bergpreis: bool = True
    # Both teams to the Bergpreis in the same tricks: the table says who was first (the best
    # apps ask); off, they share it. Games stored before this setting share it.
    bergpreis_ask: bool = True
    weis_large: bool = True  # runs of 6-9 score 150-300, a card may sit in a four and a run (002)
    four_nines: bool = True  # four 9s are a Weis worth 150 (002, 004)
    four_sixes: bool = False  # four 6s count 100 in Undenufe (000)
    any_four: bool = False  # four of any rank count 100 (000)
    order: tuple[str, ...] = HOUSE_ORDER  # house rule for who got there first: Stöck-Weis-Stich
    auto_end: bool = False  # the game ends by itself when an entry takes a team to the target

    @classmethod
    def from_preset(cls, key: str, deck: str = "swiss", **changes) -> Rules:
        """The rules of a preset for a deck, with any setting changed."""
        preset = PRESETS[key]
        rules = cls(deck=deck, multipliers=dict(preset.multipliers[deck]), target=preset.target)
        return replace(rules, **changes)

    @property
    def contracts(self) -> tuple[Contract, ...]:
        """The contracts this table plays: a multiplier of 0 hides a contract."""
        return tuple(c for c in contracts_for(self.deck) if self.multipliers.get(c.key, 0) > 0)

    def contract(self, key: str) -> Contract | None:
        """The playable contract with this key, or None when the table does not play it."""
        if not isinstance(self.deck, str) or self.deck not in DECKS:
            return None
        if not isinstance(self.multipliers.get(key), int) or self.multipliers[key] <= 0:
            return None
        return next((c for c in contracts_for(self.deck) if c.key == key), None)

    def multiplier(self, key: str) -> int:
        """The multiplier of a contract; 0 when the table does not play it."""
        return self.multipliers.get(key, 0)

    @property
    def weis_table(self) -> WeisTable:
        """What Weis count at this table."""
        return WeisTable(self.weis_large, self.four_nines, self.four_sixes, self.any_four)

    def play(self, key: str) -> Play:
        """What a contract means for comparing Weis: its trump suit, or Undenufe's order."""
        contract = self.contract(key)
        return Play(
            trump=contract.suit.key if contract and contract.suit else None,
            undenufe=key == UNDENUFE,
            suits=self.suits,
        )

    @property
    def suits(self) -> tuple[str, ...]:
        """The suit keys of the table's deck."""
        return tuple(s.key for s in DECKS[self.deck])

    @property
    def half_target(self) -> int:
        """The least whole number of points at or over half the target: Bergpreis goes to the
        first team here; the losers below it are Schneider."""
        return -(-self.target // 2)

    def below_half(self, points: int) -> bool:
        """Under half the target: Schneider, and no Bergpreis yet (the one rule for both)."""
        return points < self.half_target

    @property
    def preset(self) -> str:
        """The key of the preset these rules equal, or "custom"."""
        for p in PRESETS.values():
            if p.target == self.target and p.multipliers[self.deck] == self.multipliers:
                return p.key
        return "custom"

    def problems(self) -> dict[str, Code]:
        """What is wrong with these settings, by setting name; empty when they can be played."""
        errors = {}
        if not isinstance(self.deck, str) or self.deck not in DECKS:
            errors["deck"] = code("rules_deck")
            return errors
        if not isinstance(self.multipliers, dict):
            errors["multipliers"] = code("rules_multipliers")
            return errors
        keys = {c.key for c in contracts_for(self.deck)}
        if set(self.multipliers) - keys:
            errors["multipliers"] = code("rules_multipliers_deck")
        for c in contracts_for(self.deck):
            value = self.multipliers.get(c.key)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 20:
                errors[f"mult_{c.key}"] = code("rules_multiplier", most=20)
        if not errors and not self.contracts:
            errors["multipliers"] = code("rules_no_contract")
        target = self.target
        if isinstance(target, bool) or not isinstance(target, int) or not 100 <= target <= 100_000:
            errors["target"] = code("rules_target", least=100, most=100_000)
        order = self.order
        if (
            not isinstance(order, tuple | list)
            or not all(isinstance(kind, str) for kind in order)
            or sorted(order) != sorted(HOUSE_ORDER)
        ):
            errors["order"] = code("rules_order")
        for name in FLAGS:
            if not isinstance(getattr(self, name), bool):
                errors[name] = code("rules_flag")
        return errors

    def to_dict(self) -> dict:
        """The settings as plain data, for storage and export."""
        return {
            "deck": self.deck,
            "multipliers": dict(self.multipliers),
            "target": self.target,
            "undenufe_six": self.undenufe_six,
            "bergpreis": self.bergpreis,
            "bergpreis_ask": self.bergpreis_ask,
            "weis_large": self.weis_large,
            "four_nines": self.four_nines,
            "four_sixes": self.four_sixes,
            "any_four": self.any_four,
            "order": list(self.order),
            "auto_end": self.auto_end,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Rules:
        """Settings read back from to_dict(); raises ValueError for values of the wrong kind (a
        setting that is missing keeps its default, except the deck, multipliers and target)."""
        data = fields(data, "rules")
        deck = text(data["deck"], "rules.deck")
        if deck not in DECKS:
            raise Invalid("unknown_deck", field="rules.deck")
        multipliers = fields(data["multipliers"], "rules.multipliers")
        keys = {c.key for c in contracts_for(deck)}
        if set(multipliers) - keys:
            raise Invalid("unknown_contract", field="rules.multipliers")
        order = items(data.get("order", list(HOUSE_ORDER)), "rules.order")
        defaults = replace(cls(), **BEFORE_SETTING)
        return cls(
            deck=deck,
            multipliers={k: whole(v, f"rules.multipliers.{k}") for k, v in multipliers.items()},
            target=whole(data["target"], "rules.target"),
            order=tuple(text(kind, "rules.order") for kind in order),
            **{
                name: flag(data.get(name, getattr(defaults, name)), f"rules.{name}")
                for name in FLAGS
            },
        )


# Settings a game stored before they came keeps as it was played: its Bergpreis shared.
BEFORE_SETTING = {"bergpreis_ask": False}

# The settings that are a yes or no.
FLAGS = (
    "undenufe_six",
    "bergpreis",
    "bergpreis_ask",
    "weis_large",
    "four_nines",
    "four_sixes",
    "any_four",
    "auto_end",
)
