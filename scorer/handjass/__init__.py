"""Handjass: every player for themselves, strokes and Härdöpfel, to find the loser (RULES.md 3)."""

from scorer.handjass.game import (
    PLAY,
    Deal,
    HandjassGame,
    HandjassRules,
    HandjassState,
    award,
    choices,
    deal_total,
    enter_deal,
    points_question,
    record_problem,
    replay,
    replay_from,
    rest_of,
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
    "deal_total",
    "enter_deal",
    "points_question",
    "record_problem",
    "replay",
    "replay_from",
    "rest_of",
    "summary",
]
