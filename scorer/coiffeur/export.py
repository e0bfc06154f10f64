"""A Coiffeur game's computed state as plain data (`flask replay`, other programs)."""

from __future__ import annotations

from scorer.coiffeur.game import CoiffeurGame
from scorer.coiffeur.standing import CoiffeurState


def state_dict(game: CoiffeurGame, state: CoiffeurState) -> dict:
    """The board (contracts down, teams across), the totals, and who won."""
    winner = state.winner
    return {
        "teams": list(game.teams),
        "totals": list(state.totals),
        "finished": state.finished,
        "winner": None if winner is None else game.teams[winner],
        "tie": state.tie,
        "board": [
            {
                "contract": contract.key,
                "multiplier": contract.multiplier,
                "cells": [cell.value if cell.filled else None for cell in row],
            }
            for contract, row in zip(state.contracts, state.rows, strict=True)
        ],
    }
