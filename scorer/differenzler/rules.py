"""The settings a Differenzler game is played with, the contracts a round may have, and the
random Trumpf draw (RULES.md 4, seed 003)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from scorer.cards import DECKS, HAND_TOTAL, fields, flag, text, whole
from scorer.codes import Code, code

PLAYERS_LEAST, PLAYERS_MOST = 3, 6  # four is usual
ROUNDS_DEFAULT = 12  # 8 and 32 are common too
ROUNDS_LEAST, ROUNDS_MOST = 1, 64
BONUS_MOST = HAND_TOTAL  # the exact-hit bonus: 0 to 157
NO_TRUMP = ("obenabe", "undenufe")  # the two contracts without a trump suit
# A lowest total shared after the set rounds: the tied players share first place ("shared"), or
# tie rounds are played until it stands alone ("round").
TIES = ("shared", "round")
# Seed 003 names "the player with the lowest number of difference points" the winner and knows
# no tie round: a new game shares first place unless the table chooses a tie round.
TIE_DEFAULT = "shared"
# Games stored or exported before the setting were all played with tie rounds: read without it,
# a game keeps them, so that it replays as it was played.
TIE_BEFORE = "round"


@dataclass(frozen=True)
class DifferenzlerRules:
    """How many rounds, whether Weis count, the bonus for an exact prediction, the deck,
    whether the phone's draw may give Obenabe and Undenufe, and how a shared lowest total ends.

    With Weis on, a round holds 157 points plus the Weis (and Stöck) declared in it. The bonus is
    taken off a player's total for each round they predicted exactly; 0 means no bonus. The deck
    ("swiss" or "french", as in scorer.cards) only names the Trumpf. The Trumpf is drawn from the
    four suits ("The trump suit is picked randomly", 003); a table may add Obenabe and Undenufe
    to the draw (`draw_no_trump`). A table that picks its Trumpf may pick any of the six.
    When the lowest total is shared after the set rounds, `tie` says what follows: "shared",
    the tied players share first place and the game ends; "round", tie rounds until one lowest
    total stands alone.
    """

    rounds: int = ROUNDS_DEFAULT
    weis: bool = False
    exact_bonus: int = 0
    deck: str = "swiss"
    draw_no_trump: bool = False
    tie: str = TIE_DEFAULT

    def problems(self) -> dict[str, Code]:
        """What is wrong with these settings, by field."""
        errors: dict[str, Code] = {}
        if not whole_in(self.rounds, ROUNDS_LEAST, ROUNDS_MOST):
            errors["rounds"] = code("rounds_range", least=ROUNDS_LEAST, most=ROUNDS_MOST)
        if not isinstance(self.weis, bool):
            errors["weis"] = code("yes_or_no")
        if not isinstance(self.draw_no_trump, bool):
            errors["draw_no_trump"] = code("yes_or_no")
        if not whole_in(self.exact_bonus, 0, BONUS_MOST):
            errors["exact_bonus"] = code("exact_bonus_range", most=BONUS_MOST)
        if not isinstance(self.deck, str) or self.deck not in DECKS:
            errors["deck"] = code("deck_unknown")
        if not isinstance(self.tie, str) or self.tie not in TIES:
            errors["tie"] = code("tie_unknown")
        return errors

    def to_dict(self) -> dict:
        """Plain data for storage and export."""
        return {
            "rounds": self.rounds,
            "weis": self.weis,
            "exact_bonus": self.exact_bonus,
            "deck": self.deck,
            "draw_no_trump": self.draw_no_trump,
            "tie": self.tie,
        }

    @classmethod
    def from_dict(cls, data: dict) -> DifferenzlerRules:
        """Read back from to_dict(); a setting that is missing keeps its default, but for `tie`:
        without it a game was played with tie rounds (TIE_BEFORE). Raises Invalid (a ValueError)
        for a value of the wrong kind; whether the values are allowed is for problems() to say."""
        data = fields(data, "rules")
        defaults = cls()
        return cls(
            rounds=whole(data.get("rounds", defaults.rounds), "rules.rounds"),
            weis=flag(data.get("weis", defaults.weis), "rules.weis"),
            exact_bonus=whole(data.get("exact_bonus", defaults.exact_bonus), "rules.exact_bonus"),
            deck=text(data.get("deck", defaults.deck), "rules.deck"),
            draw_no_trump=flag(
                data.get("draw_no_trump", defaults.draw_no_trump), "rules.draw_no_trump"
            ),
            tie=text(data.get("tie", TIE_BEFORE), "rules.tie"),
        )


def contracts(deck: str) -> tuple[str, ...]:
    """The six contracts a round may be played in: the deck's four suits as Trumpf, then Obenabe
    and Undenufe. An unknown deck has none."""
    suits = DECKS.get(deck) if isinstance(deck, str) else None
    if suits is None:
        return ()
    return (*(s.key for s in suits), *NO_TRUMP)


def draw_trump(rules: DifferenzlerRules, rng: random.Random) -> str:
    """The Trumpf of a round drawn at random: one of the deck's four suits with equal chance,
    or of the six contracts where the table draws Obenabe and Undenufe too.

    Pass a seeded random.Random for a repeatable draw, a random.SystemRandom at the table.
    """
    drawn = contracts(rules.deck)
    return rng.choice(drawn if rules.draw_no_trump else drawn[: -len(NO_TRUMP)])


def whole_in(value, low: int, high: int) -> bool:
    """A whole number (not a bool) from low to high."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
