"""The one write transaction that turns a posted form into a stored change: one-time tokens
(a form sent twice lands once), a phone's view checked against what another phone wrote
meanwhile, and the changes every mode has alike (undo, redo, delete, play again)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field

from flask import abort, g, redirect, request

from scorer import modes
from scorer.codes import code
from scorer.storage import games as store
from scorer.web.core.filters import local_time
from scorer.web.core.i18n import N_, gettext, tr
from scorer.web.core.kept import keep_state, known, load, replayed
from scorer.web.core.links import remember
from scorer.web.core.phone import phone_said, recorded_phone
from scorer.web.core.registry import MODE_PAGES, entry_changed, entry_noun, game_url, worded
from scorer.web.db import get_db


def new_token() -> str:
    """A one-time token for a form that writes: sent twice, it is stored once."""
    return secrets.token_urlsafe(16)


@dataclass
class Written:
    """What came of a post that writes: the game as it stands now and what happened."""

    stored: store.Stored
    saved: bool = False
    repeated: bool = False  # the same form was sent before and is stored already
    conflict: bool = False  # based on an outdated view: nothing written
    errors: dict[str, str] = field(default_factory=dict)
    entries_before: int | None = None  # how many entries the game had before a saved change
    kind: str = ""

    @property
    def rows(self) -> tuple[str, int]:
        """Which rows of the history a saved change touched, so an answer sends only those:
        ("add", n) the new last row n, ("replace", n) the last row n, ("delete", n) row n
        gone from the end, or ("all", 0) when the whole history must be sent again."""
        after = len(modes.record(self.stored.game))
        before = self.entries_before
        if not self.saved or before is None:
            return ("all", 0)
        if after == before + 1 and before:
            return ("add", after)
        if after == before and after and self.kind == "enter":
            return ("replace", after)
        if after == before - 1 and after:
            return ("delete", before)
        return ("all", 0)


STALE = N_(
    "Inzwischen hat {who} um {time} {what}. Nichts gespeichert: bitte prüfen und nochmals tippen."
)


def write(
    game_id: int,
    kind: str,
    change: Callable[[store.Stored], tuple[object, dict[str, str]]],
    *,
    mode: str | None = None,
    index: int | None = None,
    at: int | None = None,
    with_save: Callable[[object], None] | None = None,
) -> Written:
    """Apply a change to a game in one write transaction and keep it, or say why not.

    The form's one-time token (`once`) makes a repeated post land once. Its `seen` field is
    the fingerprint of what the phone saw: of entry `index` for an edit, of the record's end
    otherwise; when another phone changed that since, nothing is written. `change` gets the
    stored game and returns the changed game or problems by field; `at` is the index the
    change begins at (an edit or a deletion), so that of two equal entries the right one changes.
    `with_save(db)` writes what goes with the change, in its transaction and only if it is saved.
    """
    db = get_db()
    stored = load(game_id, mode)
    # First on the game as read, outside the write lock, so that writers of other games and
    # other processes wait only for the rows to be written; if another phone wrote this game
    # meanwhile, everything again under the lock.
    done = _attempt(db, stored, kind, change, index, at, with_save, locked=False)
    if done is None:
        with store.writing(db):
            done = _attempt(
                db, load(game_id, mode), kind, change, index, at, with_save, locked=True
            )
    if done.saved:  # committed: its state is the one of the new version
        saved = known(done.stored).game
        if id(saved) in g.get("stored_keys", {}):
            key = g.stored_keys[id(saved)][1]
            keep_state(key, done.stored, replayed(saved), replaces=(*key[:3], key[3] - 1))
    return done


def _attempt(db, stored, kind, change, index, at, with_save, *, locked: bool) -> Written | None:
    """One try of write(): None when the game changed before its turn to write came."""
    token = request.form.get("once") or None
    used = store.token_game(db, token)
    if used == stored.id:
        return Written(stored, repeated=True)
    if used is not None:
        token = None  # a token of another game's form: no repeat here, nothing to mark
    seen = request.form.get("seen")
    if seen is not None and seen != _tag(stored, index):
        return Written(stored, conflict=True, errors={"game": stale(stored)})
    game, errors = change(stored)
    if errors:
        return Written(stored, errors=worded(errors, stored.game))
    before = len(modes.record(stored.game))
    state = replayed(game, after=stored.game)
    with store.writing(db) if not locked else nullcontext():
        if not locked and not store.still_as_read(db, stored.id, stored.version, token):
            return None
        try:
            stored = store.save(
                db,
                stored,
                game,
                kind,
                phone=recorded_phone(),
                token=token,
                state=state,
                at=index if at is None else at,
            )
        except store.TooLong as refused:
            return Written(stored, errors={"game": too_long(refused)})
        if with_save is not None:
            with_save(db)
    return Written(stored, saved=True, entries_before=before, kind=kind)


def too_long(refused: store.TooLong) -> str:
    """Why an entry beyond the longest game, or a change beyond the most a game keeps, is
    refused."""
    if refused.what == "changes":
        words = gettext(
            "Dieses Spiel hat schon {most} Änderungen festgehalten, mehr nimmt es nicht auf: "
            "bitte ein neues beginnen."
        )
        return words.format(most=store.MAX_CHANGES)
    return gettext("Ein Spiel hat höchstens {most} Einträge: bitte ein neues beginnen.").format(
        most=store.MAX_ENTRIES
    )


def created(game):
    """Store a new game once, however often its form is sent (a double tap), and open it."""
    game_id, _ = store.create(
        get_db(), game, phone=recorded_phone(), token=request.form.get("once") or None
    )
    remember(game_id)
    return redirect(game_url(game.KIND, game_id), 303)


def take_back(stored: store.Stored):
    """For write(): the game without its last entry (undo), or why not."""
    record = modes.record(stored.game)
    if not record:
        return None, {"game": MODE_PAGES[stored.game.KIND].nothing_yet}
    return stored.game.with_record(record[:-1]), {}


def take_out(index: int):
    """For write(): the game without its entry `index` (a deletion), or why not: it is gone
    already, or the entries after it do not stand without it (nothing is deleted then)."""

    def change(stored: store.Stored):
        record = modes.record(stored.game)
        if index >= len(record):
            gone = gettext("{entry} {number} gibt es nicht mehr.")
            return None, {"game": gone.format(entry=entry_noun(stored.game.KIND), number=index + 1)}
        game = stored.game.with_record((*record[:index], *record[index + 1 :]))
        problem = modes.mode_of(game).record_problem(game)
        return (None, {"game": code("not_deleted", problem=problem)}) if problem else (game, {})

    return change


def bring_back(stored: store.Stored):
    """For write(): the game with the entry undone last back (redo), as long as nothing but
    undos and redos came since, or why not."""
    undone = store.redoable(get_db(), stored.id)
    if undone is None or undone.before is None:
        return None, {
            "game": gettext("Nichts wiederherzustellen: seither wurde etwas Neues eingetragen.")
        }
    mode = modes.mode_of(stored.game)
    record = modes.record(stored.game)
    game = stored.game.with_record((*record, mode.entry.from_dict(undone.before)))
    problem = mode.record_problem(game)
    return (None, {"game": problem}) if problem else (game, {})


def undone(written: Written) -> str | None:
    """What an undo or a redo did, in words, when it did something: "Hand 7 zurückgenommen"."""
    if not written.saved:
        return None
    game = written.stored.game
    count = len(modes.record(game))
    number = count + 1 if written.kind == "undo" else count
    return entry_changed(game.KIND, number, written.kind) + "."


def record_routes(bp, kind: str, prefix: str, answer: Callable) -> None:
    """The routes every mode has alike: undo (the last entry), redo (the entry undone last, as
    long as nothing new came since) and again (a new game for the same table and rules).
    `answer(written, note)` is the mode's answer to a post that writes."""

    def undo(game_id: int):
        written = write(game_id, "undo", take_back, mode=kind)
        return answer(written, undone(written))

    def redo(game_id: int):
        written = write(game_id, "redo", bring_back, mode=kind)
        return answer(written, undone(written))

    def play_again(game_id: int):
        return created(load(game_id, kind).game.rematch())

    for name, view in (("undo", undo), ("redo", redo), ("again", play_again)):
        bp.add_url_rule(f"{prefix}/<game:game_id>/{name}", view.__name__, view, methods=["POST"])


def entry_index(stored: store.Stored, number: int, *, deleting: bool = False) -> int:
    """The index of entry `number` (counted from 1) of the game's record, or 404; unless a
    deletion's form was sent before and landed (its `once` is spent on this game): the last
    entry's deletion sent twice finds it gone, and write() answers it as the repeat it is."""
    if not 1 <= number <= len(modes.record(stored.game)):
        token = request.form.get("once") or None
        if not deleting or number < 1 or store.token_game(get_db(), token) != stored.id:
            abort(404)
    return number - 1


def _tag(stored: store.Stored, index: int | None) -> str:
    if index is None:
        return stored.end_tag
    return stored.tag(index) if 0 <= index < len(stored.entry_ids) else ""


def stale(stored: store.Stored) -> str:
    """Why a change based on an outdated view was refused: who changed what, and when."""
    last = store.last_change(get_db(), stored.id)
    if last is None:
        return tr(STALE).format(
            who=gettext("ein anderes Handy"), time=gettext("eben"), what=gettext("etwas geändert")
        )
    moment = local_time(last.at)
    what = gettext("etwas geändert")
    if last.number:
        what = entry_changed(stored.game.KIND, last.number, last.kind)
    time = f"{moment:%H:%M}" if moment else gettext("eben")  # an imported time may be none
    return tr(STALE).format(who=phone_said(last.phone), time=time, what=what)
