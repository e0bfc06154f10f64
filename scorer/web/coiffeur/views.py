"""Coiffeur pages: a new game, the board with its entry panel, undo and redo, edits, a rematch.

The board is the game: contracts down, teams across. Its open cells are the entry panel's
choice of cell (radio buttons of the panel's form), so a tap on the board picks what the panel
writes; the panel takes the card points, or Match, gestrichen (or Konter-Match).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, redirect, render_template, url_for
from flask_babel import lazy_gettext, lazy_pgettext
from jinja2_fragments.flask import render_block

from scorer.cards import DECKS
from scorer.coiffeur import (
    GUSTI,
    OBENABE,
    SLALOM,
    UNDENUFE,
    CoiffeurGame,
    Entry,
    cell_value,
    counter_value,
    enter,
    entry_problems,
    normal,
    record_problem,
    scoring,
)
from scorer.storage import games as store
from scorer.web.coiffeur import words
from scorer.web.coiffeur.forms import BOARDS, EntryForm, NewCoiffeurForm, board_keys
from scorer.web.core.changes import record_context
from scorer.web.core.errors import EXPIRED
from scorer.web.core.forms import team_name, typed
from scorer.web.core.htmx import is_htmx, live, polled_board
from scorer.web.core.i18n import gettext
from scorer.web.core.kept import load, replayed
from scorer.web.core.messages.deck import FACES, deck_names
from scorer.web.core.messages.deck import contract_name as deck_contract_name
from scorer.web.core.registry import ModePages, register, worded
from scorer.web.core.writes import Written, created, entry_index, record_routes, take_out, write
from scorer.web.db import get_db

KIND = "coiffeur"
NOUN = lazy_pgettext("entry", "Eintrag")

PLAIN_SYMBOLS = {OBENABE: "⬇", UNDENUFE: "⬆", SLALOM: "⇅", GUSTI: "⇵"}


def contract_name(key: str, deck: str) -> str:
    """A contract of the board: "Rosen", "Obenabe", "Joker" (a deck that does not exist, as an
    imported file may name, is named like the Swiss one)."""
    return deck_contract_name(key, FACES[deck if deck in FACES else "swiss"])


def contract_symbol(key: str, deck: str) -> str:
    """Its sign: the suit's symbol, an arrow, or nothing for the free choices."""
    for s in DECKS.get(deck, ()):
        if s.key == key:
            return s.symbol
    return PLAIN_SYMBOLS.get(key, "")


def team_namer(teams):
    """The teams' names by index for `say`: "Team 2" for one without a name, "?" for an index no
    team has (an imported record may name one)."""
    teams = list(teams)

    def name(index) -> str:
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(teams):
            text = teams[index]
            return text if isinstance(text, str) and text.strip() else team_name(index + 1)
        return "?"

    return name


def say_names(game: CoiffeurGame) -> dict:
    """`say`'s names for this game: its teams, and faces that name its deck's contracts."""
    deck = game.rules.deck if isinstance(game.rules.deck, str) else "swiss"
    return {"teams": team_namer(game.teams), "faces": FACES[deck if deck in FACES else "swiss"]}


bp = Blueprint("coiffeur", __name__, url_prefix="/coiffeur")


# --- what the page shows --------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One entry of the history: number (from 1), the entry as stored, and what it gave."""

    number: int
    entry: Entry
    multiplier: int
    value: int  # what it gave its team
    counter: int  # what a counter-Match gave the other team


@dataclass(frozen=True)
class History:
    """The entries in the order played; pages.live() sends row n of `rows` after an entry."""

    rows: tuple[Row, ...]


def history(game: CoiffeurGame) -> History:
    rules = game.rules
    return History(
        tuple(
            Row(
                n,
                e,
                rules.multiplier(e.contract),
                cell_value(e, rules),
                counter_value(e, rules),
            )
            for n, e in enumerate(game.entries, start=1)
        )
    )


def entry_text(game: CoiffeurGame, entry: Entry) -> str:
    """What a filled cell holds, in words: "95", "Match", "gestrichen", "Konter-Match"."""
    if entry.countered:
        return gettext("Konter-Match")
    if entry.crossed:
        return gettext("gestrichen")
    if entry.match:
        return gettext("Match")
    return str(entry.points)


def entry_words(game: CoiffeurGame, data: dict | None) -> str:
    """An entry (as stored data) the way the table says it: "Rosen ×1 Wir: 80 = 80", "Obenabe
    ×5 Ihr: Match = 1285"."""
    if data is None:
        return "–"
    try:
        entry = Entry.from_dict(data)
    except (KeyError, TypeError, ValueError):
        return "?"
    rules = game.rules
    name = contract_name(entry.contract, rules.deck)
    team = team_namer(game.teams)(entry.team)
    try:
        multiplier = rules.multiplier(entry.contract)
    except KeyError:
        return f"{name} {team}: {entry_text(game, entry)}"
    value = 0 if entry.crossed or entry.countered else cell_value(normal(entry, rules), rules)
    return f"{name} ×{multiplier} {team}: {entry_text(game, entry)} = {value}"


def outcome_words(game: CoiffeurGame, summary: dict) -> str:
    """A decided game's outcome: "Wir gewinnt" or "Unentschieden"."""
    winner = summary.get("winner")
    if winner is None:
        return gettext("Unentschieden")
    return gettext("{team} gewinnt").format(team=team_namer(game.teams)(winner))


register(
    ModePages(
        KIND,
        lazy_gettext("Coiffeur"),
        "coiffeur.show",
        "coiffeur.new",
        NOUN,
        lazy_gettext("Noch kein Eintrag: nichts zurückzunehmen."),
        names=say_names,
        entry_words=entry_words,
        outcome_words=outcome_words,
        template="coiffeur/game.html",
        context=lambda stored: _context(stored),
        stylesheet="coiffeur.css",
        words=words.WORDS,
        panel="coiffeur.add_entry",
        expired=lambda stored: _expired(stored),
    )
)


def need_text(outlook) -> str:
    """What a team still needs, in words."""
    if outlook.needed == 0:
        return gettext("vorne")
    if outlook.total == outlook.leader:
        return gettext("gleichauf")
    if outlook.out_of_reach:
        return gettext("nicht mehr einholbar")
    if not outlook.can_still_win:
        return gettext("braucht noch {points}: höchstens Gleichstand").format(points=outlook.needed)
    return gettext("braucht noch {points}").format(points=outlook.needed)


def cell_need(need) -> str:
    """What an open cell alone would need to pass the leader: "≥ 112" card points, "≥ Match";
    empty for a team that leads, and where even a Match alone is not enough."""
    if need is None or need.points == 0:
        return ""
    if need.points is not None:
        return f"≥ {need.points}"
    return gettext("≥ Match") if need.match else ""


def projection(game: CoiffeurGame) -> dict:
    """What static/projection-coiffeur.js fills the cells kept on the phone with: the rules as
    data, and the board's words in the page's language (need_text(), cell_need(), a cell)."""
    words = {
        "ahead": gettext("vorne"),
        "level": gettext("gleichauf"),
        "out": gettext("nicht mehr einholbar"),
        "tie": gettext("braucht noch {points}: höchstens Gleichstand"),
        "needs": gettext("braucht noch {points}"),
        "match_need": gettext("≥ Match"),
        "match": gettext("Match"),
        "crossed": gettext("gestrichen"),
        "countered": gettext("Konter-Match"),
    }
    return {**scoring(game.rules), "words": words}


def _context(stored: store.Stored, form: EntryForm | None = None, errors=None, **extra) -> dict:
    game = stored.game
    rules = game.rules
    board = replayed(game)
    deck = rules.deck
    form = form or EntryForm(formdata=None)
    needs = {}
    for outlook in board.outlook:
        if outlook.total >= outlook.leader:
            continue  # ahead or level: any points will do, nothing to say in each cell
        for need in outlook.contracts:
            needs[outlook.team, need.contract] = need
    return {
        "game_id": stored.id,
        "stored": stored,
        "game": game,
        "rules": rules,
        "board": board,
        "state": history(game),  # pages.live() takes the changed history row from here
        "form": form,
        "errors": errors or {},
        "values": typed(form),
        "names": {c.key: contract_name(c.key, deck) for c in rules.contracts},
        "symbols": {c.key: contract_symbol(c.key, deck) for c in rules.contracts},
        "cell_needs": {key: cell_need(need) for key, need in needs.items()},
        "need_text": need_text,
        "projection": projection(game),
        "entry_text": entry_text,
        "deck_names": deck_names(),
        "note": None,
        "record": record_context(game, stored, store.shown_changes(get_db(), stored.id)),
        "can_redo": store.redoable(get_db(), stored.id) is not None,
        "oob": False,
        **extra,
    }


def _show(stored: store.Stored, status: int = 200, rows=("all", 0), **context):
    """The game page, or for htmx its live part and what changed of the history."""
    values = _context(stored, **context)
    if is_htmx():
        return live("coiffeur/game.html", values, rows), status
    return render_template("coiffeur/game.html", **values), status


def _answer(written: Written, note: str | None = None, **context):
    """The fresh page (its live part for htmx) after a post that writes, with a word on what
    happened; a refusal keeps what was typed."""
    if written.errors:
        status = 409 if written.conflict else 422
        return _show(written.stored, status, errors=written.errors, **context)
    if written.repeated:
        note = gettext("Schon gespeichert: diese Eingabe kam zweimal an und zählt einmal.")
    if is_htmx():
        return _show(written.stored, note=note, values={}, rows=written.rows)
    return redirect(url_for("coiffeur.show", game_id=written.stored.id), 303)


def saved_words(game: CoiffeurGame, entry: Entry) -> str:
    """The entry as the note after saving says it: "Rosen ×1 für Wir: 95 → 95 gespeichert."."""
    rules = game.rules
    teams = team_namer(game.teams)
    name = contract_name(entry.contract, rules.deck)
    counter = ""
    if entry.countered:
        counter = f", {teams(1 - entry.team)} +{counter_value(entry, rules)}"
    return gettext(
        "{contract} ×{times} für {team}: {entry} → {value}{counter} gespeichert."
    ).format(
        contract=name,
        times=rules.multiplier(entry.contract),
        team=teams(entry.team),
        entry=entry_text(game, entry),
        value=cell_value(entry, rules),
        counter=counter,
    )


# --- the pages --------------------------------------------------------------------------------


def _expired(stored: store.Stored):
    """The board back after a stale token, with what was typed and a fresh token."""
    return _show(stored, 422, form=EntryForm(), errors={"game": EXPIRED})


def _new_context(form: NewCoiffeurForm, errors) -> dict:
    deck = form.chosen_deck()
    keys = board_keys(deck)
    board = form.chosen_board()
    shown = range(len(keys)) if board == "custom" else form.places()
    return {
        "form": form,
        "errors": errors,
        "deck_names": deck_names(),
        "boards": BOARDS,
        "custom": board == "custom",
        "picked": set(form.places()),
        "shown": [(place, keys[place]) for place in shown],
        "names": {key: contract_name(key, deck) for key in keys},
        "symbols": {key: contract_symbol(key, deck) for key in keys},
        "deck": deck,
    }


@bp.route("/new", methods=["GET", "POST"])
def new():
    """Set up a Coiffeur game: two or three teams, the deck, the board and its multipliers."""
    form = NewCoiffeurForm()
    errors: dict[str, str] = {}
    if form.is_submitted():
        game, problems = form.game()
        if not problems:
            return created(game)
        errors = worded(problems, game)
    return render_template("coiffeur/new.html", **_new_context(form, errors)), (
        422 if errors else 200
    )


@bp.get("/new/board")
def new_board():
    """The board part of the set-up, again for another deck or board (htmx)."""
    form = NewCoiffeurForm.board_query()
    return render_block("coiffeur/new.html", "board", **_new_context(form, {}))


@bp.get("/<game:game_id>")
def show(game_id: int):
    """The game: the board, the entry panel, the history."""
    polled = polled_board(game_id, KIND, "coiffeur/game.html", _context)
    return polled if polled is not None else _show(load(game_id, KIND))


@bp.post("/<game:game_id>/entries")
def add_entry(game_id: int):
    """Fill one cell of the board."""
    form = EntryForm()
    entry, errors = form.entry()
    if errors:
        return _show(load(game_id, KIND), 422, form=form, errors=errors)
    written = write(game_id, "enter", lambda stored: enter(stored.game, entry), mode=KIND)
    note = None
    if written.saved:
        game = written.stored.game
        note = saved_words(game, game.entries[-1])
    return _answer(written, note, form=form)


GONE = lazy_gettext("Diesen Eintrag gibt es nicht mehr.")


def replaced(game: CoiffeurGame, index: int, entry: Entry):
    """The game with entry `index` replaced, or its problems by field: the new entry against
    every other cell of the board, then the whole record."""
    entries = list(game.entries)
    filled = {(e.team, e.contract) for i, e in enumerate(entries) if i != index}
    problems = entry_problems(game.with_record(()), filled, entry)
    if problems:
        return None, problems
    entries[index] = normal(entry, game.rules)
    changed = game.with_record(entries)
    problem = record_problem(changed)
    return (None, {"game": problem}) if problem else (changed, {})


def edited(index: int, entry: Entry):
    """For write(): the game with entry `index` replaced by `entry`, or why not."""

    def change(stored: store.Stored):
        if index >= len(stored.game.entries):
            return None, {"game": GONE}
        return replaced(stored.game, index, entry)

    return change


@bp.route("/<game:game_id>/entries/<int:number>", methods=["GET", "POST"])
def edit_entry(game_id: int, number: int):
    """Change an earlier entry: its cell, its points or its kind; the board is replayed.

    When another phone changed this entry meanwhile, nothing is written and the page shows the
    entry as it now stands."""
    stored = load(game_id, KIND)
    index = entry_index(stored, number)
    form = EntryForm()
    if not form.is_submitted():
        return _edit_page(stored, index, None, {}, 200)
    entry, problems = form.entry()
    if problems:
        return _edit_page(stored, index, form, worded(problems, stored.game), 422)
    written = write(game_id, "edit", edited(index, entry), mode=KIND, index=index)
    if written.saved or written.repeated:
        return redirect(url_for("coiffeur.show", game_id=game_id), 303)
    if not written.conflict:
        return _edit_page(written.stored, index, form, written.errors, 422)
    if number > len(written.stored.game.entries):
        return redirect(url_for("coiffeur.show", game_id=game_id), 303)
    return _edit_page(written.stored, index, None, written.errors, 409)


def _edit_page(stored: store.Stored, index: int, form: EntryForm | None, errors, status: int):
    """The edit page of entry `index`, with what `form` holds, or (None) the entry as stored."""
    if form is None:
        form = EntryForm(formdata=None)
        form.fill(stored.game.entries[index])
    context = _context(stored, form=form, errors=errors)
    return render_template(
        "coiffeur/edit.html", **context, number=index + 1, entry=stored.game.entries[index]
    ), status


@bp.post("/<game:game_id>/entries/<int:number>/delete")
def delete_entry(game_id: int, number: int):
    """Delete an entry: its cell is open again."""
    stored = load(game_id, KIND)
    index = entry_index(stored, number, deleting=True)
    written = write(game_id, "delete", take_out(index), mode=KIND, index=index)
    if written.saved or written.repeated:
        return redirect(url_for("coiffeur.show", game_id=game_id), 303)
    return _show(written.stored, 409 if written.conflict else 422, errors=written.errors)


record_routes(bp, KIND, "", _answer)
