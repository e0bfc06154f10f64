"""What a Coiffeur game gives each team, for looking back (scorer.lookback): the game won or
not, its points, its Matches and the contracts it struck out (gestrichen)."""

from __future__ import annotations

from scorer.coiffeur.game import CoiffeurGame
from scorer.coiffeur.standing import CoiffeurState
from scorer.lookback import Look, Side, places

FIGURES = ("games", "wins", "points", "matches", "crossed")


def _course(state: CoiffeurState) -> tuple[tuple[int, ...], ...]:
    """Every team's total after each cell filled, in the order they were filled."""
    count = len(state.totals)
    filled = sorted((c for row in state.rows for c in row if c.filled), key=lambda c: c.number)
    totals = [0] * count
    course = [[0] for _ in range(count)]
    for cell in filled:
        totals[cell.team] += cell.value
        if cell.counter:
            totals[1 - cell.team] += cell.counter  # a counter-Match needs two teams
        for team, total in enumerate(totals):
            course[team].append(total)
    return tuple(tuple(line) for line in course)


def look(game: CoiffeurGame, state: CoiffeurState) -> Look:
    """The game looked back at: every team, and the totals after every cell filled."""
    cells = [cell for row in state.rows for cell in row]
    teams = tuple(
        Side(
            name,
            (),
            {
                "games": 1,
                "wins": int(state.winner == team),
                "points": state.totals[team],
                "matches": sum(c.match for c in cells if c.team == team),
                "crossed": sum(c.crossed for c in cells if c.team == team),
            },
        )
        for team, name in enumerate(game.teams)
    )
    return Look(
        sides=teams,
        players=(),
        result=state.totals,
        finished=state.finished,
        winner=state.winner,
        course=_course(state),
        figures=FIGURES,
        places=places(state.totals) if state.finished else (),
    )
