"""Export and import of games as versioned JSON data, and the computed state as JSON data."""

from __future__ import annotations

from scorer import handjass
from scorer.schieber import Game, State, record_problem, replay

FORMAT = "jass-scorer/schieber"
FORMATS = {FORMAT: Game, "jass-scorer/handjass": handjass.HandjassGame}
VERSION = 1


class ImportProblem(ValueError):
    """The data is not a game this version can read; the message says why, for a person."""


def export(game) -> dict:
    """The game as a versioned document: set-up and record, nothing computed."""
    return {"format": f"jass-scorer/{game.KIND}", "version": VERSION, **game.to_dict()}


def load(data: object):
    """The game in an exported document, checked as strictly as a table entering it by hand."""
    if not isinstance(data, dict) or data.get("format") not in FORMATS:
        raise ImportProblem("Das ist kein exportiertes Spiel dieses Jass-Zählers.")
    if data.get("version") != VERSION:
        raise ImportProblem(
            f"Version {data.get('version')!r} kann diese Version nicht lesen (nur {VERSION})."
        )
    cls = FORMATS[data["format"]]
    try:
        game = cls.from_dict(data)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ImportProblem(f"Die Datei ist unvollständig oder beschädigt ({error}).") from error
    problems = game.problems()
    if problems:
        raise ImportProblem(" ".join(problems.values()))
    check = record_problem if cls is Game else handjass.record_problem
    problem = check(game)
    if problem:
        raise ImportProblem(problem)
    return game


def _moment(moment) -> dict | None:
    if moment is None:
        return None
    return {"team": moment.team, "hand": moment.hand, "step": moment.step}


def state_dict(game, state: State | None = None) -> dict:
    """The computed state of a game as plain data: totals, slates, rulings, every hand's scores."""
    if isinstance(game, handjass.HandjassGame):
        return handjass_state_dict(game)
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


def handjass_state_dict(game: handjass.HandjassGame) -> dict:
    """The computed state of a Handjass game: strokes, potatoes, who retired, the loser."""
    state = handjass.replay(game)
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
