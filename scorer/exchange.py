"""Export and import of games as versioned JSON data, and the computed state as JSON data."""

from __future__ import annotations

from scorer.schieber import Game, State, record_problem, replay

FORMAT = "jass-scorer/schieber"
VERSION = 1


class ImportProblem(ValueError):
    """The data is not a game this version can read; the message says why, for a person."""


def export(game: Game) -> dict:
    """The game as a versioned document: set-up and hands, nothing computed."""
    return {"format": FORMAT, "version": VERSION, **game.to_dict()}


def load(data: object) -> Game:
    """The game in an exported document, checked as strictly as a table entering it by hand."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportProblem("Das ist kein exportiertes Schieber-Spiel dieses Jass-Zählers.")
    if data.get("version") != VERSION:
        raise ImportProblem(
            f"Version {data.get('version')!r} kann diese Version nicht lesen (nur {VERSION})."
        )
    try:
        game = Game.from_dict(data)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ImportProblem(f"Die Datei ist unvollständig oder beschädigt ({error}).") from error
    problems = game.problems()
    if problems:
        raise ImportProblem(" ".join(problems.values()))
    problem = record_problem(game)
    if problem:
        raise ImportProblem(problem)
    return game


def _moment(moment) -> dict | None:
    if moment is None:
        return None
    return {"team": moment.team, "hand": moment.hand, "step": moment.step}


def state_dict(game: Game, state: State | None = None) -> dict:
    """The computed state of a game as plain data: totals, slates, rulings, every hand's scores."""
    state = state or replay(game)
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
