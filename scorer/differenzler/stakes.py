"""What a finished Differenzler game is worth per point: every player pays every player with a
lower total the points between their totals."""

from __future__ import annotations

from fractions import Fraction

from scorer.differenzler.game import DifferenzlerGame
from scorer.differenzler.standings import DifferenzlerState
from scorer.stakes import pairwise


def parties(game: DifferenzlerGame) -> tuple[str, ...]:
    """Who settles: the players."""
    return tuple(game.players)


def balances(game: DifferenzlerGame, state: DifferenzlerState) -> tuple[Fraction, ...] | None:
    """Each player's won (+) or lost (-) points, or None while the game runs."""
    return pairwise(state.totals, lower_wins=True) if state.finished else None
