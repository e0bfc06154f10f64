"""A Schieber game's computed state as plain data (`flask replay`, other programs)."""

from __future__ import annotations

from scorer.schieber.game import Game, State


def _moment(moment) -> dict | None:
    if moment is None:
        return None
    return {"team": moment.team, "hand": moment.hand, "step": moment.step}


def state_dict(game: Game, state: State) -> dict:
    """The computed state of a game as plain data: totals, slates, rulings, every hand's scores."""
    return {
        "teams": [t.name for t in game.teams],
        "target": game.rules.target,
        "totals": list(state.totals),
        "slates": [
            {"hundreds": s.hundreds, "fifties": s.fifties, "twenties": s.twenties, "rest": s.rest}
            for s in state.slates
        ],
        "matches": list(state.matches),
        "bergpreis": _moment(state.bergpreis),
        "winner": _moment(state.winner),
        "schneider": state.schneider,
        "tie": state.tie,
        "open_hand": state.open_hand is not None,
        "hands": [
            {
                "number": row.number,
                "contract": row.hand.contract,
                "multiplier": row.multiplier,
                "caller": row.caller,
                "scores": list(row.scores),
                "totals": list(row.totals),
            }
            for row in state.rows
        ],
    }
