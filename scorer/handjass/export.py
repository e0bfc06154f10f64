"""A Handjass game's computed state as plain data (`flask replay`, other programs)."""

from __future__ import annotations

from scorer.handjass.game import HandjassGame, HandjassState


def state_dict(game: HandjassGame, state: HandjassState) -> dict:
    """The computed state of a Handjass game: strokes, potatoes, who retired, the loser."""
    return {
        "players": list(game.players),
        "target": game.rules.target,
        "strokes": list(state.strokes),
        "potatoes": list(state.potatoes),
        "net": list(state.net),
        "retired": {game.players[s]: n for s, n in sorted(state.retired.items())},
        "loser": None if state.loser is None else game.players[state.loser],
        "vorhand": game.players[state.vorhand],
        "dealer": game.players[state.dealer],
        "deals": [
            {
                "number": row.number,
                "trump": row.deal.trump,
                "strokes": {game.players[s]: n for s, n in row.award.strokes.items()},
                "potatoes": {game.players[s]: n for s, n in row.award.potatoes.items()},
                "retired": [game.players[s] for s in row.retired],
            }
            for row in state.rows
        ],
    }
