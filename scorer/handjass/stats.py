"""What a Handjass game gives each player, for looking back (scorer.lookback): the game lost
or not, the strokes and the potatoes (Härdöpfel)."""

from __future__ import annotations

from scorer.handjass.game import HandjassGame, HandjassState
from scorer.lookback import Look, Side, places

FIGURES = ("games", "losses", "strokes", "potatoes")


def look(game: HandjassGame, state: HandjassState) -> Look:
    """The game looked back at: every player, and their net strokes after every deal."""
    players = tuple(
        Side(
            name,
            (name,),
            {
                "games": 1,
                "losses": int(state.loser == seat),
                "strokes": state.strokes[seat],
                "potatoes": state.potatoes[seat],
            },
        )
        for seat, name in enumerate(game.players)
    )
    course = tuple((0, *(row.net[seat] for row in state.rows)) for seat in range(len(game.players)))
    return Look(
        sides=players,
        players=(),
        result=state.net,
        finished=state.finished,
        loser=state.loser,
        course=course,
        goal=game.rules.target,
        figures=FIGURES,
        measure="strokes",
        places=_places(state) if state.finished else (),
    )


def _places(state: HandjassState) -> tuple[int, ...]:
    """Who got out of the game first did best: places by the deal each player retired with
    (players retiring with the same deal share a place), the loser last."""
    last = len(state.rows) + 1  # after every deal: the loser may have retired too
    out = [
        last if seat == state.loser else state.retired.get(seat, last)
        for seat in range(len(state.strokes))
    ]
    return places(out, lower_wins=True)
