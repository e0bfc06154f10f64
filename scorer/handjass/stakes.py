"""What a finished Handjass game is worth per stroke: the loser pays every other player the
strokes they still lacked to retire (at least one)."""

from __future__ import annotations

from fractions import Fraction

from scorer.handjass.game import HandjassGame, HandjassState


def parties(game: HandjassGame) -> tuple[str, ...]:
    """Who settles: the players."""
    return tuple(game.players)


def balances(game: HandjassGame, state: HandjassState) -> tuple[Fraction, ...] | None:
    """Each player's won (+) or lost (-) strokes, or None while the game runs."""
    if state.loser is None:
        return None
    lacking = max(1, game.rules.target - state.net[state.loser])
    others = len(game.players) - 1
    return tuple(
        Fraction(-lacking * others if seat == state.loser else lacking)
        for seat in range(len(game.players))
    )
