"""What a finished Coiffeur game is worth per point: every team pays every team with a higher
total the points between their totals."""

from __future__ import annotations

from fractions import Fraction

from scorer.coiffeur.game import CoiffeurGame
from scorer.coiffeur.standing import CoiffeurState
from scorer.stakes import pairwise


def parties(game: CoiffeurGame) -> tuple[str, ...]:
    """Who settles: the teams."""
    return tuple(game.teams)


def balances(game: CoiffeurGame, state: CoiffeurState) -> tuple[Fraction, ...] | None:
    """Each team's won (+) or lost (-) points, or None while the game runs."""
    return pairwise(state.totals) if state.finished else None
