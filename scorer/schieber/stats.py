"""What a Schieber game gives each team and each player, for looking back (scorer.lookback):
wins, Schneider given and taken, Matches, Weis, the contracts called and shoved."""

from __future__ import annotations

from scorer.lookback import Look, Side, places
from scorer.schieber.game import Game, State

# The figures of a team, in the order they are shown; a player has the same (see look()).
FIGURES = (
    "games",
    "wins",
    "schneider_given",
    "schneider_taken",
    "matches",
    "weis",
    "called",
    "shoved",
)


OWN = ("called", "shoved")  # a player's own; the rest of a player's figures are their team's


def _team_figures(game: Game, state: State, team: int) -> dict[str, int]:
    """What the game gave one team: Weis as written on the slate (times the contract)."""
    winner = state.winner.team if state.winner is not None else None
    won, lost = winner == team, winner == 1 - team
    hands = [row for row in state.rows if game.vorhand(row.number - 1)[0] == team]
    return {
        "games": 1,
        "wins": int(won),
        "schneider_given": int(won and state.schneider),
        "schneider_taken": int(lost and state.schneider),
        "matches": state.matches[team],
        "weis": sum(row.weis[team] * row.multiplier for row in state.rows),
        "called": len(hands),
        "shoved": sum(row.hand.shoved for row in hands),
    }


def look(game: Game, state: State) -> Look:
    """The game looked back at: both teams, each player (their team's figures, but the
    contracts they called and shoved themselves), and the totals after every hand."""
    teams = tuple(
        Side(team.name, team.players, _team_figures(game, state, t))
        for t, team in enumerate(game.teams)
    )
    players = []
    for t, team in enumerate(game.teams):
        for name in team.players:
            own = {
                "called": sum(row.caller == name for row in state.rows),
                "shoved": sum(row.hand.shoved and row.vorhand == name for row in state.rows),
            }
            players.append(Side(name, (name,), {**teams[t].figures, **own}))
    winner = state.winner.team if state.winner is not None else None
    course = tuple((0, *(row.totals[t] for row in state.rows)) for t in (0, 1))
    return Look(
        sides=teams,
        players=tuple(players),
        result=state.totals,
        finished=state.finished,
        winner=winner,
        course=course,
        goal=game.rules.target,
        figures=FIGURES,
        own=OWN,
        places=places([winner == t for t in (0, 1)]) if winner is not None else (),
        # RULES.md: a Schneider win counts double, in the rating as at the stakes.
        worth=2 if winner is not None and state.schneider else 1,
    )
