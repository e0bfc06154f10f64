"""Export and import of games as versioned JSON data, and the computed state as JSON data."""

from __future__ import annotations

import json
import unicodedata
from typing import NamedTuple

from scorer.cards import fields, text, whole
from scorer.codes import Code, Invalid, code
from scorer.modes import MODES, mode_of
from scorer.names import name_problem
from scorer.stakes import Stakes

FORMATS = {f"jass-scorer/{kind}": mode for kind, mode in MODES.items()}
VERSION = 1


class ImportProblem(ValueError):
    """The data is not a game this version can read; `code` says why, about `game` when the
    data was read as far as a game (its names and deck word the code)."""

    def __init__(self, problem: Code, game=None):
        super().__init__(problem)
        self.code = problem
        self.game = game


NOT_JSON = code("import_not_json")
TOO_DEEP = code("import_too_deep")


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
    document = parse_document(text)
    return document.game, document.changes


class Document(NamedTuple):
    """What an exported document holds beside its game: its earlier changes and its stakes."""

    game: object
    changes: list[dict]
    stakes: Stakes | None


def parse_document(text: str | bytes) -> Document:
    """The game in an exported document, as parse() reads it; the earlier changes it lists
    (see load_changes); and its stakes ("stakes": {"amount", "step"}, none when it has none)."""
    data = _json(text)
    game = load(data)
    changes = load_changes(data, game)
    stakes = data.get("stakes")
    try:
        return Document(game, changes, None if stakes is None else Stakes.from_dict(stakes))
    except Invalid as invalid:
        raise ImportProblem(invalid.code, game) from None


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
# The most changes of its entries a game keeps (scorer.storage refuses one more) and so an export
# lists: the longest game's 2,000 entries and 3,000 corrections besides, or a long evening's
# game of 200 hands corrected 24 times a hand. With the 2,000 entries they bound the largest
# export, which the import's size limit is measured from (tests/web/test_largest_export.py).
MAX_CHANGES = 5000


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
        raise ImportProblem(code("import_changes", most=MAX_CHANGES))
    entries = len(getattr(game, game.RECORD))
    entry_of = mode_of(game).entry
    changes = []
    for number, change in enumerate(listed, start=1):
        try:
            changes.append(_change(change, entries, entry_of))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            problem = code("import_change", number=number, problem=_why(error))
            raise ImportProblem(problem) from error
    return changes


def _change(change: object, entries: int, entry_of) -> dict:
    change = fields(change, "changes")
    at = text(change.get("time"), "time")
    if not 0 < len(at) <= 40 or any(unicodedata.category(c).startswith("C") for c in at):
        raise Invalid("not_a_time", field="time")
    phone = text(change.get("phone"), "phone")
    if name_problem(phone):
        raise Invalid("not_a_name", field="phone", problem=name_problem(phone))
    kind = text(change.get("kind"), "kind")
    if kind not in CHANGE_KINDS:
        raise Invalid("unknown_value", field="kind")
    hand = whole(change.get("hand"), "hand", optional=True)
    if hand is not None and not 1 <= hand <= MAX_CHANGES:
        raise Invalid("not_a_number", field="hand")
    now = whole(change.get("now"), "now", optional=True)
    if now is not None and not 1 <= now <= entries:
        raise Invalid("no_such_entry", field="now")
    sides = {}
    for side in ("before", "after"):
        value = change.get(side)
        sides[side] = None if value is None else entry_of.from_dict(value).to_dict()
    return {"time": at, "phone": phone, "kind": kind, "hand": hand, "now": now, **sides}


def _why(error: Exception) -> Code | str:
    """What was wrong with a part of the data: the reader's code, or a short technical note."""
    if isinstance(error, Invalid):
        return error.code
    if isinstance(error, KeyError):
        return code("missing_key", key=str(error.args[0])[:30] if error.args else "?")
    return str(error)[:100]


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
        raise ImportProblem(code("import_not_an_export"))
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version != VERSION:
        shown = None  # only a short number or text is shown back
        if isinstance(version, int) and not isinstance(version, bool) and abs(version) < 10**9:
            shown = str(version)
        elif isinstance(version, str) and len(version) <= 20:
            shown = repr(version)
        if shown is None:
            raise ImportProblem(code("import_version_unreadable", known=VERSION))
        raise ImportProblem(code("import_version", version=shown, known=VERSION))
    try:
        game = FORMATS[kind].game.from_dict(data)
    except KeyError as error:
        key = error.args[0] if error.args else None
        if isinstance(key, str) and len(key) <= 30:
            raise ImportProblem(code("import_missing", key=key)) from error
        raise ImportProblem(code("import_incomplete")) from error
    except (TypeError, ValueError, AttributeError) as error:
        raise ImportProblem(code("import_damaged", problem=_why(error))) from error
    problems = game.problems()
    if problems:
        raise ImportProblem(code("import_setup", problems=tuple(problems.values())), game)
    problem = FORMATS[kind].record_problem(game)
    if problem:
        raise ImportProblem(problem, game)
    return game


def state_dict(game, state=None) -> dict:
    """The computed state of a game as plain data, as its mode gives it (`flask replay`)."""
    mode = mode_of(game)
    return mode.state_dict(game, state if state is not None else mode.replay(game))
