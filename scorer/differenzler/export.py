"""A Differenzler game's computed state as plain data (`flask replay`, other programs)."""

from __future__ import annotations

from scorer.differenzler.game import DifferenzlerGame
from scorer.differenzler.standings import DifferenzlerState


def state_dict(game: DifferenzlerGame, state: DifferenzlerState) -> dict:
    """Totals, exact hits, ranks, who won (`winner` alone, or everyone sharing first place in
    `winners`), and every round's predictions, points and differences."""
    players = list(game.players)
    return {
        "players": players,
        "rounds_due": state.rounds_due,
        "totals": list(state.totals),
        "differences": list(state.differences),
        "hits": list(state.hits),
        "ranks": list(state.ranks),
        "tie_round": state.tie_round,
        "finished": state.finished,
        "winner": None if state.winner is None else players[state.winner],
        "winners": [players[seat] for seat in state.winners],
        "rounds": [
            {
                "number": row.number,
                "trump": row.entry.trump,
                "predictions": [line.prediction for line in row.lines],
                "points": [line.points for line in row.lines],
                "differences": [line.difference for line in row.lines],
                "totals": list(row.totals),
            }
            for row in state.rows
        ],
    }
