"""Export and import of games as versioned JSON data, and the computed state as JSON data."""

from __future__ import annotations

import json
import unicodedata

from scorer import handjass
from scorer.cards import fields, text, whole
from scorer.names import name_problem
from scorer.schieber.game import Game, Hand, State, record_problem, replay

FORMAT = "jass-scorer/schieber"
FORMATS = {FORMAT: Game, "jass-scorer/handjass": handjass.HandjassGame}
VERSION = 1


class ImportProblem(ValueError):
    """The data is not a game this version can read; the message says why, for a person."""


NOT_JSON = "Die Datei ist kein JSON: bitte die exportierte Datei wählen."
TOO_DEEP = "Die Datei ist zu tief verschachtelt: so sieht kein exportiertes Spiel aus."


def export(game) -> dict:
    """The game as a versioned document: set-up and record, nothing computed."""
    return {"format": f"jass-scorer/{game.KIND}", "version": VERSION, **game.to_dict()}


def parse(text: str | bytes):
    """The game in an exported document given as JSON text, checked like load(): text, or the
    bytes of a file (UTF-8, or UTF-16 or UTF-32 with a BOM). Anything that is not such a
    document is an ImportProblem: text that is not JSON, bytes that are not text, data nested
    too deep for the reader."""
    return load(_json(text))


def parse_with_changes(text: str | bytes) -> tuple[object, list[dict]]:
    """The game in an exported document, as parse() reads it, and the earlier changes the
    document lists (see load_changes)."""
    data = _json(text)
    game = load(data)
    return game, load_changes(data, game)


def _json(text: str | bytes) -> object:
    if isinstance(text, str):
        text = text.removeprefix("\ufeff")  # a BOM some editors write
    try:
        return json.loads(text)
    except RecursionError:
        raise ImportProblem(TOO_DEEP) from None
    except ValueError as error:  # not JSON, not text, or a number of more than 4300 digits
        raise ImportProblem(NOT_JSON) from error


CHANGE_KINDS = ("enter", "edit", "delete", "undo", "redo")
MAX_CHANGES = 100_000


def load_changes(data: object, game) -> list[dict]:
    """The changes an export lists beside its record ("changes", none when it has none), each
    checked and in plain data: {"time", "phone", "kind", "hand", "now", "before", "after"}.

    time: text (ISO time); phone: a name (see names); kind: one of CHANGE_KINDS; hand: the
    entry's number then (1 and up) or null; now: its number in the record as imported, or null;
    before and after: the entry as it was and became (as the record holds entries), or null.
    Anything else is an ImportProblem.
    """
    try:
        return _changes(data, game)
    except RecursionError:
        raise ImportProblem(TOO_DEEP) from None


def _changes(data: object, game) -> list[dict]:
    if not isinstance(data, dict) or data.get("changes") is None:
        return []
    listed = data["changes"]
    if not isinstance(listed, list) or len(listed) > MAX_CHANGES:
        raise ImportProblem(f"Die Änderungen: eine Liste von höchstens {MAX_CHANGES}.")
    entries = len(getattr(game, game.RECORD))
    entry_of = handjass.Deal if isinstance(game, handjass.HandjassGame) else Hand
    changes = []
    for number, change in enumerate(listed, start=1):
        try:
            changes.append(_change(change, entries, entry_of))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            why = str(error)[:100]
            raise ImportProblem(f"Änderung {number} ist beschädigt ({why}).") from error
    return changes


def _change(change: object, entries: int, entry_of) -> dict:
    change = fields(change, "changes")
    at = text(change.get("time"), "time")
    if not 0 < len(at) <= 40 or any(unicodedata.category(c).startswith("C") for c in at):
        raise ValueError("time: keine Zeit")
    phone = text(change.get("phone"), "phone")
    if name_problem(phone):
        raise ValueError(f"phone: {name_problem(phone)}")
    kind = text(change.get("kind"), "kind")
    if kind not in CHANGE_KINDS:
        raise ValueError("kind: unbekannte Art")
    hand = whole(change.get("hand"), "hand", optional=True)
    if hand is not None and not 1 <= hand <= MAX_CHANGES:
        raise ValueError("hand: keine Nummer")
    now = whole(change.get("now"), "now", optional=True)
    if now is not None and not 1 <= now <= entries:
        raise ValueError("now: kein Eintrag der Datei")
    sides = {}
    for side in ("before", "after"):
        value = change.get(side)
        sides[side] = None if value is None else entry_of.from_dict(value).to_dict()
    return {"time": at, "phone": phone, "kind": kind, "hand": hand, "now": now, **sides}


def load(data: object):
    """The game in an exported document, checked as strictly as a table entering it by hand.

    Whatever the data (any JSON value), the result is a game a table could have entered, or an
    ImportProblem that says why not.
    """
    try:
        return _load(data)
    except RecursionError:
        raise ImportProblem(TOO_DEEP) from None


def _load(data: object):
    kind = data.get("format") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in FORMATS:
        raise ImportProblem("Das ist kein exportiertes Spiel dieses Jass-Zählers.")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version != VERSION:
        shown = None  # only a short number or text is shown back
        if isinstance(version, int) and not isinstance(version, bool) and abs(version) < 10**9:
            shown = str(version)
        elif isinstance(version, str) and len(version) <= 20:
            shown = repr(version)
        if shown is None:
            raise ImportProblem(f"Die Version der Datei fehlt oder ist unlesbar (nur {VERSION}).")
        raise ImportProblem(f"Version {shown} kann diese Version nicht lesen (nur {VERSION}).")
    cls = FORMATS[kind]
    try:
        game = cls.from_dict(data)
    except KeyError as error:
        key = error.args[0] if error.args else None
        if isinstance(key, str) and len(key) <= 30:
            raise ImportProblem(f"Die Datei ist unvollständig: es fehlt {key!r}.") from error
        raise ImportProblem("Die Datei ist unvollständig.") from error
    except (TypeError, ValueError, AttributeError) as error:
        why = str(error)[:100]
        raise ImportProblem(f"Die Datei ist unvollständig oder beschädigt ({why}).") from error
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
