"""What a finished Schieber game is worth per point: the losers pay the winners the points
between the two totals, twice when they are Schneider."""

from __future__ import annotations

from fractions import Fraction

from scorer.schieber.game import Game, State


def parties(game: Game) -> tuple[str, ...]:
    """Who settles: the two teams."""
    return tuple(team.name for team in game.teams)


def balances(game: Game, state: State) -> tuple[Fraction, ...] | None:
    """Each team's won (+) or lost (-) points, or None while the game runs. A team that won
    by claiming with fewer points still wins the difference."""
    if not state.finished or state.winner is None:
        return None
    won = state.winner.team
    margin = abs(state.totals[won] - state.totals[1 - won]) * (2 if state.schneider else 1)
    return tuple(Fraction(margin if team == won else -margin) for team in (0, 1))
