"""Differenzler pages: a new game, the game with its standings and the round panel, edit, undo.

A round is entered on one phone passed round the table, in three steps: the Trumpf (drawn by
the phone or picked by the table), every player's secret prediction one after the other, and
after play everyone's points. The round becomes an entry only at the last step. What the
earlier steps gave is kept on the server as the game's round under way (storage.under_way),
not in the page: a reload, back and forward, or the phone's browser dropping the tab finds the
same Trumpf and the predictions made, still hidden, and a reload can never draw again. The
predictions never travel to the phone, not even in hidden fields.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from flask import Blueprint, get_template_attribute, redirect, render_template, url_for
from flask_babel import lazy_gettext, lazy_pgettext
from jinja2_fragments.flask import render_block

from scorer.cards import DECKS
from scorer.codes import Code
from scorer.differenzler import (
    DifferenzlerGame,
    Round,
    contracts,
    draw_trump,
    enter,
    game_over,
    record_problem,
    replay,
    rest_of,
)
from scorer.storage import games as store
from scorer.storage import under_way
from scorer.web.core.changes import record_context
from scorer.web.core.errors import EXPIRED
from scorer.web.core.forms import small_whole, typed
from scorer.web.core.htmx import is_htmx, live, polled_board
from scorer.web.core.i18n import Form, gettext
from scorer.web.core.kept import load, replayed
from scorer.web.core.messages import and_joined
from scorer.web.core.messages.deck import FACES, contract_name, deck_names
from scorer.web.core.registry import ModePages, register, say_for
from scorer.web.core.writes import Written, created, entry_index, record_routes, take_out, write
from scorer.web.db import get_db
from scorer.web.differenzler import words
from scorer.web.differenzler.forms import (
    SEATS,
    NewDifferenzlerForm,
    PanelForm,
    RestForm,
    RoundForm,
    ShownForm,
    accepted,
    prediction_problem,
)

bp = Blueprint("differenzler", __name__, url_prefix="/differenzler")
register(
    ModePages(
        "differenzler",
        lazy_gettext("Differenzler"),
        "differenzler.show",
        "differenzler.new",
        lazy_pgettext("entry", "Runde"),
        lazy_gettext("Noch keine Runde: nichts zurückzunehmen."),
        names=lambda game: {"names": list(game.players), "faces": game.rules.deck},
        entry_words=lambda game, data: round_words(game, data),
        outcome_words=lambda game, summary: outcome_words(game, summary),
        template="differenzler/game.html",
        context=lambda stored: _context(stored),
        stylesheet="differenzler.css",
        words=words.WORDS,
        panel="differenzler.play",
        expired=lambda stored: _expired(stored),
    )
)

KIND = "differenzler"
TEMPLATE = "differenzler/game.html"
NO_TRUMP_SYMBOLS = {"obenabe": "⬇", "undenufe": "⬆"}
NOT_YET = lazy_gettext("Zuerst sagen alle an; dann kommen die Punkte.")
GONE = lazy_gettext("Diese Runde gibt es nicht mehr.")
MOVED_ON = lazy_gettext("Die Runde ging inzwischen weiter: so steht sie jetzt, nichts geändert.")
WHOLE_NUMBERS = lazy_gettext("Nur ganze Zahlen eintragen.")
UNCOUNTED = lazy_gettext(
    "Stand ohne Runde {number}: sie zählt, sobald sie gesendet ist (die Ansagen kennt nur der "
    "Server). Die nächste Runde beginnt, wenn das Netz zurück ist."
)


@dataclass(frozen=True)
class Trump:
    """A contract as the page shows it: key, name and symbol."""

    key: str
    name: str
    symbol: str


def trumps(deck: str) -> list[Trump]:
    """The six contracts of a deck as the panel offers them."""
    faces = FACES.get(deck)
    symbols = {s.key: s.symbol for s in DECKS.get(deck, ())}
    return [
        Trump(
            key,
            contract_name(key, faces) if faces else key,
            symbols.get(key) or NO_TRUMP_SYMBOLS[key],
        )
        for key in contracts(deck)
    ]


def trump_of(game: DifferenzlerGame, key: str | None) -> Trump | None:
    """The contract with this key at this table, or None."""
    return next((t for t in trumps(game.rules.deck) if t.key == key), None)


@dataclass(frozen=True)
class Panel:
    """The round being entered: its Trumpf and the predictions made so far, by seat, as the
    server keeps them for the round under way."""

    order: tuple[int, ...]  # who predicts, Vorhand first, the dealer last
    number: int  # the round it is
    trump: str | None = None
    said: dict[int, int] = field(default_factory=dict)
    drawn: bool = False  # the phone just drew the Trumpf: show it with a flourish
    whole: bool = False  # sent whole in the form, not kept (a page from before it was kept)

    @property
    def mark(self) -> str:
        """Which step the page shows ("3:rosen/2": round 3, its Trumpf, two have said): a step
        tapped on a page left behind (another phone went on, or an older tab) changes nothing."""
        return f"{self.number}:{self.trump or '-'}/{len(self.said)}"

    def data(self) -> dict:
        """What the server keeps of it: the Trumpf and the predictions in the order said."""
        return {
            "trump": self.trump,
            "said": [[s, self.said[s]] for s in self.order if s in self.said],
        }

    @property
    def current(self) -> int | None:
        """Whose prediction the phone asks for now, or None."""
        if self.trump is None:
            return None
        return next((seat for seat in self.order if seat not in self.said), None)

    @property
    def stage(self) -> str:
        """Where the round is: "trump", "predict" (someone's prediction is due) or "points"."""
        if self.trump is None:
            return "trump"
        return "predict" if self.current is not None else "points"

    @property
    def last_said(self) -> int | None:
        """The seat that predicted last (to take back), or None."""
        done = [seat for seat in self.order if seat in self.said]
        return done[-1] if done else None


def play_order(state, players: int) -> tuple[int, ...]:
    """The seats from Vorhand round the table: the order of predicting and of the points."""
    return tuple((state.vorhand + i) % players for i in range(players))


def read_panel(
    form: PanelForm | None,
    game: DifferenzlerGame,
    state,
    kept: dict | None = None,
    number: int | None = None,
) -> Panel:
    """The round under way: as the server keeps it, or as a form carries it whole (the Trumpf
    and the predictions in fields, as a page from before the round was kept on the server still
    sends it): the Trumpf when it is one of the table's, the predictions in order as far as
    they can be read."""
    order = play_order(state, len(game.players))
    number = number or state.played + 1
    whole = form is not None and form.whole()
    if whole or kept is None:
        trump = form.trump.data if form is not None else None
        made = {seat: form.prediction(seat).data for seat in order} if form is not None else {}
    else:
        trump = kept.get("trump")
        made = dict(kept.get("said", []))
    if trump not in contracts(game.rules.deck):
        return Panel(order, number, whole=whole)
    said: dict[int, int] = {}
    for seat in order:
        value = accepted(made.get(seat))
        if value is None:
            break
        said[seat] = value
    return Panel(order, number, trump, said, whole=whole)


def kept_panel(
    stored: store.Stored, state, form: PanelForm | None = None, *, saving: bool = False
) -> Panel:
    """The round under way for the game's next round, as kept (or as the form carries it
    whole). A save takes the round the page showed, also when another phone saved a round
    meanwhile: the save is then refused as based on an outdated view, and this round goes on."""
    number = state.played + 1
    if saving and form is not None:
        number = form.shown_round() or number
    kept = under_way.read(get_db(), stored.id, number)
    return read_panel(form, stored.game, state, kept, number)


# --- pages ----------------------------------------------------------------------------------


def _expired(stored: store.Stored):
    """The round's panel back after a stale token, as it was, with a fresh token, so one more
    tap goes on."""
    form = PanelForm()
    panel = kept_panel(stored, replayed(stored.game), form)
    return _show(stored, 422, panel=panel, errors={"game": EXPIRED}, values=typed(form))


@bp.route("/new", methods=["GET", "POST"])
def new():
    """Set up a Differenzler game: three to six players in seat order, and the settings."""
    form = NewDifferenzlerForm()
    errors: dict[str, str] = {}
    if form.is_submitted():
        game, errors = form.game()
        if not errors:
            return created(game)
    return render_template(
        "differenzler/new.html", form=form, errors=errors, seats=SEATS, deck_names=deck_names()
    ), (422 if errors else 200)


def typed_rest(game: DifferenzlerGame, values) -> Code | str:
    """What the points typed so far say of the round's total, as the engine works it out."""
    points = []
    for seat in range(len(game.players)):
        text = (values.get(f"points-{seat}") or "").strip()
        number = small_whole(text, 10_000) if text else None
        if text and number is None:
            return str(WHOLE_NUMBERS)  # words, not lazy: the rest box tests for a string
        points.append(number)
    weis = (values.get("weis") or "").strip() if game.rules.weis else ""
    if weis and small_whole(weis, 10_000) is None:
        return str(WHOLE_NUMBERS)
    return rest_of(points, small_whole(weis, 10_000) or 0)


@bp.get("/<game:game_id>/rest")
def rest(game_id: int):
    """The rest of the round's points for the one player left blank, or whether the points add
    up, as they are typed (htmx, read only): swapped into the panel out of band."""
    game = load(game_id, KIND).game
    box = get_template_attribute("differenzler/_rest.html", "rest_box")
    return box(typed_rest(game, typed(RestForm())), game, oob=True)


def _context(
    stored: store.Stored,
    *,
    panel: Panel | None = None,
    errors=None,
    note: str | None = None,
    values=None,
    seen: str | None = None,
) -> dict:
    game = stored.game
    state = replayed(game)
    panel = panel or kept_panel(stored, state)
    values = {} if values is None else values
    lowest = min(state.totals) if state.totals else 0
    return {
        "game_id": stored.id,
        "stored": stored,
        "game": game,
        "rules": game.rules,
        "state": state,
        "panel": panel,
        "trumps": trumps(game.rules.deck),
        "trump": trump_of(game, panel.trump),
        "form": Form(),
        "errors": errors or {},
        "note": note,
        "values": values,
        "rest": typed_rest(game, values),
        "seen": seen or stored.end_tag,
        "leaders": [s for s, t in enumerate(state.totals) if t == lowest],
        "winners": [game.players[seat] for seat in state.winners],
        "lowest": lowest,
        "deck_names": deck_names(),
        # A round kept on the phone without network: static/projection-differenzler.js says
        # that the standings leave it out (its predictions are the server's alone).
        "projection": {"words": str(UNCOUNTED)},
        "record": record_context(game, stored, store.shown_changes(get_db(), stored.id)),
        "can_redo": store.redoable(get_db(), stored.id) is not None,
        "oob": False,
    }


def _show(stored: store.Stored, status: int = 200, rows=("all", 0), **context):
    """The game page, or for htmx its live part and what changed of the history."""
    values = _context(stored, **context)
    if is_htmx():
        return live(TEMPLATE, values, rows), status
    return render_template(TEMPLATE, **values), status


def _step(stored: store.Stored, status: int = 200, **context):
    """The page after a step that writes nothing: for htmx only its live part."""
    values = _context(stored, **context)
    if is_htmx():
        return render_block(TEMPLATE, "live", **values), status
    return render_template(TEMPLATE, **values), status


@bp.get("/<game:game_id>")
def show(game_id: int):
    """The game: the standings, the panel for the next round, the rounds so far; after a
    round saved without htmx (?runde=3), what was saved, in words."""
    polled = polled_board(game_id, KIND, TEMPLATE, _context)
    if polled is not None:
        return polled
    stored = load(game_id, KIND)
    last = len(stored.game.rounds)
    note = _round_note(stored.game, last) if ShownForm().runde.data == last else None
    return _show(stored, note=note)


@bp.post("/<game:game_id>/round")
def play(game_id: int):
    """One step of the round on the panel: draw or pick the Trumpf, take one player's
    prediction, take one back, or save the round with everyone's points. The steps change the
    round under way that the server keeps; only saving adds an entry."""
    stored = load(game_id, KIND)
    state = replayed(stored.game)
    form = PanelForm().offer(stored.game)
    seen = form.seen.data or None
    if state.finished:
        errors = {"game": say_for(_over(state), stored.game)}
        return _show(stored, 422, errors=errors, values=typed(form))
    if form.action.data == "save":
        panel = kept_panel(stored, state, form, saving=True)
        if panel.trump and not panel.whole and not form.shows(panel.mark):
            # The round is kept, but not as this page shows it: another phone went back, or
            # took another Trumpf. (A round no longer kept was saved: write() says by whom.)
            errors = {"game": MOVED_ON}
            return _step(stored, 409, panel=panel, errors=errors, seen=seen, values=typed(form))
        return _save(stored, panel, form)
    db = get_db()
    # Read and keep in one write transaction: two phones tapping at once take turns, and
    # neither step is lost or applied to a round the other already moved on.
    with store.writing(db):
        panel = kept_panel(stored, state, form)
        if not form.shows(panel.mark):
            after, errors, status = panel, {"game": MOVED_ON}, 409
        else:
            after, errors = _take_step(stored.game, panel, form)
            status = 422 if errors else 200
            if after != panel:
                under_way.keep(db, game_id, after.number, after.data())
    return _step(stored, status, panel=after, errors=errors, seen=seen, values={})


def _take_step(
    game: DifferenzlerGame, panel: Panel, form: PanelForm
) -> tuple[Panel, dict[str, str]]:
    """The round under way after the step tapped, or unchanged with why not. The Trumpf is
    drawn or picked only while the round has none: a Trumpf the table has seen is changed only
    by "Anderer Trumpf", before anyone has said."""
    action, pick = form.action.data or "", form.pick.data
    if (pick is not None or action == "draw") and panel.stage != "trump":
        return panel, {"game": MOVED_ON}
    if pick is not None:
        if not form.pick.validate(form):
            return panel, {"trump": say_for(form.pick.errors[0], game)}
        return replace(panel, trump=pick, said={}), {}
    if action == "draw":
        trump = draw_trump(game.rules, random.SystemRandom())
        return replace(panel, trump=trump, said={}, drawn=True), {}
    if action == "retrump" and not panel.said:
        return replace(panel, trump=None, said={}), {}
    if action == "next" and panel.stage == "predict":
        seat = panel.current
        problem = prediction_problem(game, seat, form.said)
        if problem:
            return panel, {"said": say_for(problem, game)}
        return replace(panel, said={**panel.said, seat: form.said.data}), {}
    if action == "back" and panel.last_said is not None:
        said = {seat: value for seat, value in panel.said.items() if seat != panel.last_said}
        return replace(panel, said=said), {}
    return panel, {}


def _over(state):
    return game_over(state.winners)


def entered(panel: Panel, form: PanelForm):
    """For write(): the game with the round the panel holds (the Trumpf and predictions kept,
    or posted whole, and the points typed), or why not. Asked only once write() has seen
    neither a repeat (a round sent twice finds nothing kept any more) nor a round saved
    meanwhile by another phone."""

    def change(stored: store.Stored):
        forged = form.forged()  # a Trumpf the game does not have, in a form posted whole
        if forged:
            return None, forged
        if panel.stage != "points":
            return None, {"game": NOT_YET}
        following = len(stored.game.rounds) + 1
        if not panel.whole and panel.number < following:  # saved meanwhile, kept still
            return None, {"game": MOVED_ON}
        if not panel.whole and panel.number > following:
            # Kept as its own round while another phone took back a round before it (a page
            # that went on without network): never saved in that round's place (_moved_on).
            behind = gettext(
                "Inzwischen wurde eine Runde zurückgenommen: dies ist Runde {number}, als "
                "Nächstes kommt Runde {next}. Nichts gespeichert."
            )
            return None, {"game": behind.format(number=panel.number, next=following)}
        entry, errors = form.read(stored.game, panel.trump, panel.said)
        if entry is None:
            return None, errors
        return enter(stored.game, entry)

    return change


def _save(stored: store.Stored, panel: Panel, form: PanelForm):
    """Write the round the panel holds, then forget the round under way."""
    game_id = stored.id
    # The round kept is forgotten in the transaction that saves it: a phone refused in
    # between would otherwise find it still kept and save it once more as the next round.
    forget = None if panel.whole else (lambda db: under_way.clear(db, game_id, panel.number))
    written = write(game_id, "enter", entered(panel, form), mode=KIND, with_save=forget)
    if written.conflict and not panel.whole:
        panel = _moved_on(written.stored, panel.number)
    if written.errors:
        status = 409 if written.conflict else 422
        # What was typed stays; a refusal because another phone wrote meanwhile takes the
        # fresh view, so one more tap saves.
        return _show(written.stored, status, panel=panel, errors=written.errors, values=typed(form))
    note = _saved_note(written)
    if is_htmx():
        return _show(written.stored, note=note, values={}, rows=written.rows)
    # Without htmx the page after the redirect says it, from the round's number in the URL.
    number = len(written.stored.game.rounds) if written.saved else None
    return redirect(url_for("differenzler.show", game_id=written.stored.id, runde=number), 303)


def _moved_on(stored: store.Stored, number: int) -> Panel:
    """The round under way after another phone wrote first. When it saved this very round
    (forgotten with that save), the fresh view's panel. When it saved an earlier round (a
    page posting the round whole), this round goes on as the next, so that one more tap
    saves it. When it took a round back, this one stays kept under its own number, for when
    the round taken back is there again: never saved in that round's place."""
    db = get_db()
    state = replayed(stored.game)
    with store.writing(db):
        kept = under_way.read(db, stored.id, number)
        if kept is None or state.played + 1 <= number:
            return kept_panel(stored, state)
        under_way.keep(db, stored.id, state.played + 1, kept)
    return read_panel(None, stored.game, state, kept)


def _saved_note(written: Written) -> str:
    """What the table hears after a round is saved: everyone's difference, and exact hits."""
    if written.repeated:
        return gettext("Schon gespeichert: diese Eingabe kam zweimal an und zählt einmal.")
    return _round_note(written.stored.game, len(written.stored.game.rounds)) or ""


def _round_note(game: DifferenzlerGame, number: int) -> str | None:
    """What was saved in round `number`, in words ("Runde 3 gespeichert: Anna 12, Ben 0, …"),
    or None when the sheet has no such round."""
    state = replayed(game)
    if not 1 <= number <= len(state.rows):
        return None
    row = state.rows[number - 1]
    parts = ", ".join(f"{game.players[line.seat]} {line.difference}" for line in row.lines)
    note = gettext("Runde {number} gespeichert: {parts} daneben.").format(
        number=row.number, parts=parts
    )
    exact = [game.players[line.seat] for line in row.lines if line.exact]
    if exact:
        note += " " + gettext("Genau getroffen: {players}.").format(players=", ".join(exact))
    return note


def _answer(written: Written, note: str | None = None):
    """The fresh page (its live part for htmx) after an undo or a redo."""
    if written.errors:
        return _show(written.stored, 409 if written.conflict else 422, errors=written.errors)
    if written.repeated:
        note = gettext("Schon gespeichert: diese Eingabe kam zweimal an und zählt einmal.")
    if is_htmx():
        return _show(written.stored, note=note, values={}, rows=written.rows)
    return redirect(url_for("differenzler.show", game_id=written.stored.id), 303)


# --- editing an earlier round ---------------------------------------------------------------


def _problems_of(game: DifferenzlerGame, number: int) -> dict:
    """Why the record cannot stand, by field: beside the field when round `number` itself is
    wrong, else for the whole game."""
    problem = record_problem(game)
    if problem is None:
        return {}
    values = problem.values
    if values.get("round") == number and values.get("field") != "game":
        return {values["field"]: values["problem"]}
    return {"game": problem}


def edited(number: int, form: RoundForm):
    """For write(): the game with round `number` as the edit page's fields give it (everything
    after it replayed and checked again), or why not."""

    def change(stored: store.Stored):
        rounds = list(stored.game.rounds)
        if number > len(rounds):
            return None, {"game": GONE}
        problems = form.offer(stored.game).forged()
        entry, problems = (
            (None, problems) if problems else form.read(stored.game, form.trump.data or None)
        )
        if entry is None:
            return None, problems
        rounds[number - 1] = entry
        game = stored.game.with_record(rounds)
        problems = _problems_of(game, number)
        return (None, problems) if problems else (game, {})

    return change


@bp.route("/<game:game_id>/rounds/<int:number>", methods=["GET", "POST"])
def edit_round(game_id: int, number: int):
    """Change an earlier round; everything after it is replayed and checked again.

    When another phone changed this round meanwhile, nothing is written and the page shows the
    round as it now stands."""
    stored = load(game_id, KIND)
    index = entry_index(stored, number)
    form = RoundForm()
    if not form.is_submitted():
        return _edit_page(stored, index, {}, 200)
    written = write(game_id, "edit", edited(number, form), mode=KIND, index=index)
    if written.saved or written.repeated:
        return redirect(url_for("differenzler.show", game_id=game_id), 303)
    if not written.conflict:
        return _edit_page(written.stored, index, written.errors, 422, typed(form))
    if number > len(written.stored.game.rounds):
        return redirect(url_for("differenzler.show", game_id=game_id), 303)
    return _edit_page(written.stored, index, written.errors, 409)  # the round as it stands


def _edit_page(stored: store.Stored, index: int, errors, status: int, values=None):
    """The edit page of round `index`: the fields as typed (`values`), else as stored."""
    game = stored.game
    entry = game.rounds[index]
    if values is None:
        values = {
            "trump": entry.trump or "",
            "weis": str(entry.weis) if entry.weis else "",
            **{f"prediction-{s}": str(p) for s, p in enumerate(entry.predictions)},
            **{f"points-{s}": str(p) for s, p in enumerate(entry.points)},
        }
    before = replay(game.with_record(game.rounds[:index]))
    return render_template(
        "differenzler/edit.html",
        **_context(stored, errors=errors, values=values),
        number=index + 1,
        entry=entry,
        edit_order=play_order(before, len(game.players)),
        edit_seen=stored.tag(index),
    ), status


@bp.post("/<game:game_id>/rounds/<int:number>/delete")
def delete_round(game_id: int, number: int):
    """Delete a round, if the rounds after it still stand without it."""
    stored = load(game_id, KIND)
    index = entry_index(stored, number, deleting=True)
    written = write(game_id, "delete", take_out(index), mode=KIND, index=index)
    if written.saved or written.repeated:
        return redirect(url_for("differenzler.show", game_id=game_id), 303)
    return _show(written.stored, 409 if written.conflict else 422, errors=written.errors)


# --- the record of changes, in Differenzler's words -----------------------------------------


def round_words(game: DifferenzlerGame, data: dict) -> str:
    """A round (as stored data) the way the table says it: "Rosen: Anna 40/52, Ben 30/20"."""
    try:
        entry = Round.from_dict(data)
    except (KeyError, ValueError, TypeError):
        return "?"
    trump = trump_of(game, entry.trump)
    players = [
        f"{name} {said}/{made}"
        for name, said, made in zip(game.players, entry.predictions, entry.points, strict=False)
    ]
    text = f"{trump.name if trump else gettext('Trumpf ?')}: " + ", ".join(players)
    return text + (", " + gettext("Weis {points}").format(points=entry.weis) if entry.weis else "")


def outcome_words(game: DifferenzlerGame, summary: dict) -> str:
    """The outcome kept in a decided game's summary: "Anna gewinnt", or "Anna und Ben
    gewinnen" where they share first place (a summary from before shared places names only
    `winner`)."""
    winner = summary.get("winner")
    winners = summary.get("winners") or ([winner] if winner is not None else [])
    seats = range(len(game.players))
    if not winners or not all(isinstance(w, int) and w in seats for w in winners):
        return gettext("entschieden")
    if len(winners) > 1:
        names = and_joined([game.players[seat] for seat in winners])
        return gettext("{names} gewinnen").format(names=names)
    return gettext("{team} gewinnt").format(team=game.players[winners[0]])


record_routes(bp, KIND, "", _answer)
