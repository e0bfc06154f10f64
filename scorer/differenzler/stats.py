"""What a Differenzler game gives each player, for looking back (scorer.lookback): the game
won or not, the total as the game itself counts it (the differences less the exact-hit bonus),
the exact predictions and the rounds played."""

from __future__ import annotations

from scorer.differenzler.game import DifferenzlerGame
from scorer.differenzler.standings import DifferenzlerState
from scorer.lookback import Look, Side, places

FIGURES = ("games", "wins", "difference", "hits", "rounds")


def look(game: DifferenzlerGame, state: DifferenzlerState) -> Look:
    """The game looked back at: every player, and their total after every round (the sum of
    their differences, less the bonus for exact hits)."""
    players = tuple(
        Side(
            name,
            (name,),
            {
                "games": 1,
                "wins": int(seat in state.winners),  # a shared first place is a win for each
                # The engine's total, the one the game's result names ("Anna gewinnt mit 2"),
                # never the bare differences: with a bonus the two differ.
                "difference": state.totals[seat],
                "hits": state.hits[seat],
                "rounds": state.played,
            },
        )
        for seat, name in enumerate(game.players)
    )
    course = tuple(
        (0, *(row.totals[seat] for row in state.rows)) for seat in range(len(game.players))
    )
    return Look(
        sides=players,
        players=(),
        result=state.totals,
        finished=state.finished,
        winner=state.winner,
        shared=state.winners if state.shared else (),
        course=course,
        figures=FIGURES,
        measure="difference",
        places=places(state.totals, lower_wins=True) if state.finished else (),
    )
