"""Schieber: two teams, contracts and their multipliers, Weis, Stöck and claims (RULES.md 2).

game.py holds the game, its hands and the replay; contracts.py the contracts and presets;
claims.py the claims ("bedanken"); standing.py what each team still needs.
"""

from scorer.schieber.game import (
    Game,
    Hand,
    State,
    Team,
    change_record,
    enter,
    record_problem,
    replay,
    replay_from,
    settle_tie,
    summary,
)

__all__ = [
    "Game",
    "Hand",
    "State",
    "Team",
    "change_record",
    "enter",
    "record_problem",
    "replay",
    "replay_from",
    "settle_tie",
    "summary",
]
