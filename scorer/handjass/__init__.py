"""Handjass: every player for themselves, strokes and Härdöpfel, to find the loser (RULES.md 3)."""

from scorer.handjass.game import (
    PLAY,
    Deal,
    HandjassGame,
    HandjassRules,
    HandjassState,
    award,
    choices,
    enter_deal,
    record_problem,
    replay,
    summary,
)

__all__ = [
    "PLAY",
    "Deal",
    "HandjassGame",
    "HandjassRules",
    "HandjassState",
    "award",
    "choices",
    "enter_deal",
    "record_problem",
    "replay",
    "summary",
]
