"""Schieber pages: a new game, a game with its slate and entry panel, Weis, claims, edits."""

from __future__ import annotations

from flask import (
    Blueprint,
    abort,
    flash,
    get_flashed_messages,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import lazy_gettext, lazy_pgettext
from jinja2_fragments.flask import render_block
from markupsafe import Markup, escape

from scorer.cards import HAND_TOTAL, MATCH_TOTAL, RANKS
from scorer.schieber.contracts import contracts_for
from scorer.schieber.declaring import Declaring, declare
from scorer.schieber.game import (
    Game,
    Hand,
    State,
    bergpreis_question,
    change_record,
    enter,
    hand_problems,
    previews,
    scoring,
    settle_bergpreis,
    settle_tie,
)
from scorer.schieber.standing import still_needed
from scorer.storage import games as store
from scorer.web.core.changes import consequence, record_context
from scorer.web.core.errors import EXPIRED
from scorer.web.core.forms import queried, weis_code
from scorer.web.core.htmx import is_htmx, live, polled_board
from scorer.web.core.i18n import gettext
from scorer.web.core.kept import load, replayed
from scorer.web.core.messages.deck import FACES, deck_names, named, run_names
from scorer.web.core.registry import ModePages, game_url, register, worded
from scorer.web.core.writes import Written, created, entry_index, record_routes, take_out, write
from scorer.web.db import get_db
from scorer.web.schieber import words
from scorer.web.schieber.forms import (
    ClaimForm,
    FirstTeamForm,
    HandForm,
    NewGameForm,
    PreviewForm,
    WeisForm,
)
from scorer.web.schieber.slate import slate_svg
from scorer.web.schieber.words import needs_said


def hand_words(game: Game, data: dict) -> str:
    """A hand (as stored data) the way the table says it: "Rosen ×1 62 : 95 · Stöck Wir"."""
    hand = Hand.from_dict(data)
    rules = game.rules
    contract = rules.contract(hand.contract)
    name = (
        f"{named(contract.key)} ×{rules.multiplier(hand.contract)}" if contract else hand.contract
    )
    teams = [t.name for t in game.teams]
    if hand.claim is not None:
        what = gettext("{team} bedankt sich").format(team=teams[hand.claim.team])
    elif hand.match:
        what = gettext("Match {team}").format(team=teams[hand.points_team])
    elif hand.points is None:
        what = gettext("Stiche offen")
    else:
        what = "{} : {}".format(*hand.trick_points)
    weis = gettext("Weis {team} {points}")
    extras = [weis.format(team=teams[t], points=hand.weis[t]) for t in (0, 1) if hand.weis[t]]
    if hand.declarations:
        extras.append(gettext("Weis angesagt"))
    if hand.stoeck is not None:
        extras.append(gettext("Stöck {team}").format(team=teams[hand.stoeck]))
    if hand.first_bergpreis is not None:
        extras.append(
            gettext("zuerst am Bergpreis: {team}").format(team=teams[hand.first_bergpreis])
        )
    if hand.shoved:
        extras.append(gettext("gschobe"))
    return " · ".join([f"{name} {what}", *extras])


def outcome_words(game: Game, summary: dict) -> str:
    """A decided game's outcome: "Wir gewinnt, Ihr ist Schneider"."""
    teams = [t.name for t in game.teams]
    winner = summary["winner"]
    if summary.get("schneider"):
        return gettext("{winner} gewinnt, {loser} ist Schneider").format(
            winner=teams[winner], loser=teams[1 - winner]
        )
    return gettext("{team} gewinnt").format(team=teams[winner])


def bergpreis_note(game: Game, before: dict, after: dict) -> str:
    """What a change after the end did to the Bergpreis, when it changed it."""
    if before.get("bergpreis") == after.get("bergpreis"):
        return ""
    berg = after.get("bergpreis")
    team = game.teams[berg].name if berg is not None else gettext("niemand")
    return "; " + gettext("Bergpreis jetzt {team}").format(team=team)


KIND = Game.KIND
bp = Blueprint(KIND, __name__)


def _expired(stored: store.Stored):
    """The panel back after a stale token, with what was typed and a fresh token."""
    return _show(stored, 422, form=HandForm(), errors={"game": EXPIRED})


register(
    ModePages(
        KIND,
        lazy_gettext("Schieber"),
        "schieber.show_game",
        "schieber.new_game",
        lazy_pgettext("entry", "Hand"),
        lazy_gettext("Noch keine Hand: nichts zurückzunehmen."),
        names=lambda game: {
            "names": [name for _, name in game.seats()],
            "teams": [t.name for t in game.teams],
            "faces": game.rules.deck,
        },
        entry_words=hand_words,
        outcome_words=outcome_words,
        outcome_note=bergpreis_note,
        template="schieber/game.html",
        context=lambda stored: _game_context(stored),
        words=words.WORDS,
        panel="schieber.add_hand",
        stakes_hint=lazy_gettext(
            "Am Ende sagt der Zähler, wer wem wie viel zahlt: pro Punkt Unterschied zwischen den "
            "Schlussständen, doppelt bei Schneider."
        ),
        views=(("upright", lazy_gettext("Tafel aufrecht")),),
        expired=lambda stored: _expired(stored),
    )
)


@bp.route("/games/new", methods=["GET", "POST"])
def new_game():
    """Set up a game: teams in seat order, deck faces, rules."""
    form = NewGameForm.sent()
    if not form.is_submitted():
        form.fill_preset("preset")
        return _render_new(form, {}, 200)
    game, errors = form.game()
    return _render_new(form, errors, 422) if errors else created(game)


@bp.get("/games/new/rules")
def new_game_rules():
    """The rules part of the set-up, refilled when the deck or the preset changes."""
    form = NewGameForm.refilled()
    return render_block("schieber/new.html", "rules", **_new_context(form, {}))


def _new_context(form: NewGameForm, errors: dict[str, str]) -> dict:
    return {
        "form": form,
        "errors": errors,
        "contracts": contracts_for(form.chosen_deck),
        "deck_names": deck_names(),
    }


def _render_new(form: NewGameForm, errors: dict[str, str], status: int):
    return render_template("schieber/new.html", **_new_context(form, errors)), status


def _game_context(
    stored: store.Stored, form: HandForm | None = None, errors=None, state=None, sent=None, **extra
):
    game = stored.game
    state = state or replayed(game)
    form = form or _fresh_form(game, state, sent)
    index = state.hand_index
    db = get_db()
    return {
        "game_id": stored.id,
        "stored": stored,
        "game": game,
        "rules": game.rules,
        "scoring": scoring(game.rules),
        "state": state,
        "form": form,
        "errors": errors or {},
        "next_index": index,
        "slates": [slate_svg(game, state, team) for team in (0, 1)],
        "needs": needs_said(still_needed(game, state)),
        "bergpreis_asked": bergpreis_question(game, state),
        # The contract buttons' previews, for a panel sent along (a panel kept has none).
        **(
            {}
            if extra.get("keep_panel")
            else _previews(game, form, extra["number"] - 1 if extra.get("editing") else None, state)
        ),
        "HAND_TOTAL": HAND_TOTAL,
        "deck_names": deck_names(),
        "editing": False,
        "note": None,
        "note_alone": False,  # a note without the undo (or redo) beside it
        "MATCH_TOTAL": MATCH_TOTAL,
        "record": record_context(game, stored, store.shown_changes(db, stored.id)),
        "can_redo": store.redoable(db, stored.id) is not None,
        "oob": False,
        "keep_panel": False,
        **extra,
    }


@bp.app_template_global()
def hand_who(game: Game, index: int, hand_line: Markup, shove_line: Markup) -> Markup:
    """Hand `index` (0-based) as the panel names it: its number and Vorhand, and the toggle
    "gschobe → partner"; from the panel's two lines (as translated, with "{number}", "{name}"
    and "{partner}" in them), as the hands ahead are."""
    _, line, toggle = _hand_lines(game, index, str(hand_line), str(shove_line))
    return Markup(
        f'<div class="who">\n    <span>{line.replace(NUMBER, str(index + 1))}</span>\n'
        f'    <label class="toggle">{toggle}</label>\n  </div>\n'
    )


@bp.app_template_global()
def hands_ahead(game: Game, hand_line: Markup, shove_line: Markup, dealer_line: Markup) -> Markup:
    """Every hand of one round of the table as the panel's <template>s, for entries kept on
    the phone without network (static/queue.js): hand n is the template of turn (n - 1) modulo
    the seats, whatever n, however many hands wait. Each has the team of its Vorhand, the
    dealer's line and the panel's two lines, the number left for the phone to fill in (NUMBER).
    Written here, not by a loop in the template: a loop's expressions cost more than the rest
    of the panel's part."""
    hand, shove, deal = str(hand_line), str(shove_line), str(dealer_line)
    parts = []
    for turn in range(len(game.seats())):
        team, line, toggle = _hand_lines(game, turn, hand, shove)
        dealer = deal.replace("{name}", str(escape(game.dealer(turn)[1])))
        parts.append(
            f'<template data-turn="{turn}" data-team="{team}" data-dealer="{escape(dealer)}">'
            f'<span>{line}</span>\n    <label class="toggle">{toggle}</label></template>\n'
        )
    return Markup("".join(parts))


NUMBER = "<span data-n></span>"  # where a hand's number goes: never in a name, which is escaped


def _hand_lines(game: Game, index: int, hand: str, shove: str) -> tuple[int, str, str]:
    """The team of hand `index`'s Vorhand, and the hand's two lines with Vorhand and partner
    filled in, the names escaped; the number's place is NUMBER."""
    team, name = game.vorhand(index)
    partner = game.partner(index)
    return (
        team,
        hand.replace("{number}", NUMBER).replace("{name}", str(escape(name))),
        shove.replace("{partner}", str(escape(partner))),
    )


def _fresh_form(game: Game, state, sent: HandForm | None = None) -> HandForm:
    """An empty panel (the form just sent, emptied, if there is one): the trick points default
    to the team of this hand's Vorhand."""
    form = sent.emptied() if sent else HandForm(formdata=None)
    index = state.hand_index
    form.points_team.data = str(game.vorhand(index)[0])
    return form


def _show(stored: store.Stored, status: int = 200, rows=("all", 0), **context):
    """The game page, or for htmx its live part and what changed of the history."""
    values = _game_context(stored, **context)
    if is_htmx():
        return live("schieber/game.html", values, rows), status
    return render_template("schieber/game.html", **values), status


def _answer(written: Written, note: str | None = None, form: HandForm | None = None):
    """What a post that writes answers: the fresh page (or its live part for htmx) with a
    word on what happened; a refusal keeps what was typed in the panel."""
    stored = written.stored
    if written.errors:
        status = 409 if written.conflict else 422
        return _show(stored, status, form=form, errors=written.errors)
    if written.repeated:
        note = gettext("Schon gespeichert: diese Eingabe kam zweimal an und zählt einmal.")
    if is_htmx():
        if not _keeps_panel(written):
            return _show(stored, note=note, rows=written.rows, sent=form)
        html, status = _show(stored, note=note, rows=written.rows, sent=form, keep_panel=True)
        return html, status, {"HX-Trigger-After-Swap": "panel-kept"}
    return redirect(url_for("schieber.show_game", game_id=stored.id), 303)


def _keeps_panel(written: Written) -> bool:
    """Whether the page keeps its entry panel after this save: an entry from a plain panel
    (the page says so: no hand open), and the next hand plain too (no hand open, the game not
    over). The answer then sends only what moves on, and static/app.js empties what was typed."""
    if not written.saved:
        return False
    state = replayed(written.stored.game)
    plain = not (state.finished or state.tie or state.open_hand)
    return plain and request.headers.get("Jass-Panel") == "plain"


def _saved_note(game: Game, number: int) -> str:
    """Hand 7 gespeichert: Rosen ×1, 62 : 95."""
    state = replayed(game)
    row = state.rows[number - 1] if number <= len(state.rows) else None
    if row is None:
        return gettext("Hand {number} gespeichert.").format(number=number)
    contract = game.rules.contract(row.hand.contract)
    name = named(contract.key) if contract else row.hand.contract
    return gettext("Hand {number} gespeichert: {contract} ×{times}, {score}.").format(
        number=number,
        contract=name,
        times=row.multiplier,
        score=f"{row.scores[0]} : {row.scores[1]}",
    )


def _previews(game: Game, form: HandForm, index: int | None, state) -> dict:
    """The panel as typed, scored by the engine in every contract: the contract buttons' previews
    and the trick points of each team under the keypad."""
    entry, errors = form.typed()
    shown = previews(game, entry, index, state) if entry is not None and not errors else {}
    split = entry.trick_points if shown and (entry.match or entry.points is not None) else None
    # More than a hand holds, said as it is typed (the save would refuse it, in more words).
    too_many = entry is not None and entry.points is not None and entry.points > HAND_TOTAL
    # Stöck ticked: a contract without trump shows why it has no preview.
    stoeck = entry is not None and not errors and entry.stoeck is not None
    unscored = {
        c.key: gettext("Stöck nur mit Trumpf")
        for c in game.rules.contracts
        if stoeck and not c.has_trump and c.key not in shown
    }
    return {"shown": shown, "split": split, "too_many": too_many, "unscored": unscored}


@bp.get("/games/<game:game_id>/preview")
def preview(game_id: int):
    """What each contract button would write for the panel as typed, sent by htmx as it is
    typed (read only): the engine's scores, swapped into the buttons out of band."""
    game = load(game_id, KIND).game
    form = queried(PreviewForm)
    values = _previews(game, form, form.hand_index(game), replayed(game))
    return render_template(
        "schieber/_previews.html", game=game, rules=game.rules, HAND_TOTAL=HAND_TOTAL, **values
    )


@bp.get("/games/<game:game_id>")
def show_game(game_id: int):
    """A game: the slate, the entry panel and the hand history."""
    polled = polled_board(game_id, KIND, "schieber/game.html", _game_context)
    if polled is not None:
        return polled
    stored = load(game_id)
    if stored.game.KIND != KIND:  # another mode's game under the numbered address of old
        return redirect(game_url(stored.game.KIND, game_id), 303)
    # After an edit or a deletion: what it did (flashed by it). Its note has no undo beside
    # it: the undo takes back the last hand, not the edit.
    note = " ".join(get_flashed_messages()) or None
    return _show(stored, note=note, note_alone=True)


@bp.post("/games/<game:game_id>/hands")
def add_hand(game_id: int):
    """Write an entry: a new hand, or Weis, Stöck or trick points of the open hand."""
    form = HandForm()
    entry, errors = form.entry()
    if errors:
        return _show(load(game_id, KIND), 422, form=form, errors=errors)
    written = write(
        game_id,
        "enter",
        lambda stored: enter(stored.game, entry, replayed(stored.game)),
        mode=KIND,
    )
    note = None
    if written.saved:
        number = len(written.stored.game.hands)
        note = _saved_note(written.stored.game, number)
    return _answer(written, note, form=form)


@bp.post("/games/<game:game_id>/first-claim")
def first_claim(game_id: int):
    """Both teams went over the target in one hand: record who claimed first."""
    team = FirstTeamForm().chosen()
    if team is None:
        abort(400)
    written = write(game_id, "enter", lambda s: (settle_tie(s.game, team), {}), mode=KIND)
    return _answer(written)


@bp.post("/games/<game:game_id>/bergpreis")
def first_bergpreis(game_id: int):
    """One hand took both teams to the Bergpreis: record who got there first."""
    team = FirstTeamForm().chosen()
    if team is None:
        abort(400)
    written = write(game_id, "enter", lambda s: (settle_bergpreis(s.game, team), {}), mode=KIND)
    return _answer(written)


@bp.route("/games/<game:game_id>/claim", methods=["GET", "POST"])
def claim(game_id: int):
    """A team claims it has won ("bedanken"): ask what the ruling needs, then rule."""
    stored = load(game_id, KIND)
    state = replayed(stored.game)
    if state.finished or state.tie:
        return _to_game(game_id)
    form = ClaimForm()
    if state.open_hand is not None:
        form.contract.data = state.open_hand.contract
    errors: dict[str, str] = {}
    if form.is_submitted():
        hand, errors = form.entry()
        if hand is not None:
            written = write(game_id, "enter", lambda s: enter(s.game, hand), mode=KIND)
            if written.saved or written.repeated:
                return _to_game(game_id)
            errors, stored = written.errors, written.stored
            state = replayed(stored.game)
    return _claim_page(stored, state, form, errors)


def _claim_page(stored: store.Stored, state: State, form: ClaimForm, errors: dict[str, str]):
    """The claim page: what the ruling needs, and what was refused of it."""
    current = state.open_hand
    return render_template(
        "schieber/claim.html",
        game_id=stored.id,
        stored=stored,
        game=stored.game,
        rules=stored.game.rules,
        state=state,
        form=form,
        errors=errors,
        current=current,
        written=state.rows[-1] if current else None,
        number=state.hand_index + 1,
    ), (422 if errors else 200)


def _to_game(game_id: int, *, in_place: bool = False):
    """Back to the game's page; `in_place` for htmx, which follows HX-Redirect."""
    target = url_for("schieber.show_game", game_id=game_id)
    if in_place and is_htmx():
        return "", 204, {"HX-Redirect": target}
    return redirect(target, 303)


@bp.route("/games/<game:game_id>/weis", methods=["GET", "POST"])
def declare_weis(game_id: int):
    """Declare Weis player by player (or from their cards) and see the ruling before writing.

    Everything on the page lives in the form: each button posts it back with an action (add,
    remove, find in cards, write), so the page works without JavaScript; htmx swaps it in place.
    The engine takes each step (scorer.schieber.declaring). A GET only shows the page: nothing
    is ever written but by a post with its token.
    """
    stored = load(game_id, KIND)
    state = replayed(stored.game)
    if state.finished or state.tie:
        return _to_game(game_id)
    form = WeisForm.sent()
    asked, errors = form.asked(stored.game, state)
    page = declare(stored.game, state, asked)
    errors = {**worded(page.problems, stored.game), **errors}
    entry = page.entry
    if entry is not None:
        written = write(game_id, "enter", lambda s: enter(s.game, entry), mode=KIND)
        if written.saved or written.repeated:
            return _to_game(game_id, in_place=True)
        errors = {**errors, **written.errors}
    status = 422 if errors and form.is_submitted() else 200
    return _weis_page(stored, state, form, page, errors, status)


def _weis_page(
    stored: store.Stored, state: State, form: WeisForm, page: Declaring, errors: dict, status: int
):
    """The Weis page after a step (for htmx its form alone): each player's Weis declared, their
    rows and cards, Stöck, the ruling (none beside a declaration refused, the write's too), and
    what was refused."""
    game, rules, play = stored.game, stored.game.rules, page.play
    refused = any(key.startswith("decl-") for key in errors)
    seats = game.seats()
    index = state.hand_index
    context = {
        "game_id": stored.id,
        "stored": stored,
        "game": game,
        "rules": rules,
        "form": HandForm(formdata=None),  # for the guard's tokens
        "current": state.open_hand,
        "contract": page.contract,
        "number": index + 1,
        "players": [(s, seats[s][0], seats[s][1]) for s in game.play_order(index)],
        "declared": page.declared,
        "codes": {s: [weis_code(w) for w in ws] for s, ws in page.declared.items()},
        "chosen_cards": form.tapped(len(seats)),
        "stoeck": page.stoeck,
        "errors": errors,
        "ruling": None if refused else page.ruling,
        "play": play,
        "ranks": RANKS,
        "run_names": run_names(),
        "weis_points": (lambda w: rules.weis_table.points(w, play)) if play else (lambda w: 0),
        "faces": FACES[rules.deck],
    }
    if is_htmx():
        return render_block("schieber/weis.html", "declare", **context), status
    return render_template("schieber/weis.html", **context), status


@bp.route("/games/<game:game_id>/hands/<int:number>", methods=["GET", "POST"])
def edit_hand(game_id: int, number: int):
    """Change an earlier hand; everything after it is recomputed from the record.

    The form carries the hand as the phone saw it: when another phone changed it meanwhile,
    nothing is written and the page shows the hand as it now stands.
    """
    stored = load(game_id, KIND)
    index = entry_index(stored, number)
    form = HandForm()
    errors: dict[str, str] = {}
    if not form.is_submitted():
        form.fill(stored.game.hands[index])
    else:
        hand, errors = form.entry()
        if hand is not None:
            change = lambda s: _replace_hand(s, index, hand)  # noqa: E731
            written = write(game_id, "edit", change, mode=KIND, index=index)
            if written.saved or written.repeated:
                return _changed(written)
            errors, stored = written.errors, written.stored
            if written.conflict:
                return _stale_edit(written, number)
    return _edit_page(stored, form, errors, number, 422 if errors else 200)


def _changed(written: Written):
    """Back to the game after an edit or a deletion, saying what it did (and to the outcome)."""
    stored = written.stored
    if written.saved:
        said = consequence(stored.game, store.last_change(get_db(), stored.id))
        if said:
            flash(said)
    return redirect(url_for("schieber.show_game", game_id=stored.id), 303)


def _stale_edit(written: Written, number: int):
    """Another phone changed this hand meanwhile: show it as it now stands, and why."""
    stored = written.stored
    if number > len(stored.game.hands):
        return redirect(url_for("schieber.show_game", game_id=stored.id), 303)
    form = HandForm(formdata=None)
    form.fill(stored.game.hands[number - 1])
    return _edit_page(stored, form, written.errors, number, 409)


def _edit_page(stored: store.Stored, form: HandForm, errors: dict[str, str], number: int, status):
    return render_template(
        "schieber/edit.html",
        **_game_context(stored, form=form, errors=errors, number=number, editing=True),
    ), status


def _replace_hand(stored: store.Stored, index: int, hand: Hand):
    """The game with hand `index` replaced, or why that record cannot stand."""
    hands = list(stored.game.hands)
    if index >= len(hands):
        return None, {"game": gettext("Diese Hand gibt es nicht mehr.")}
    if hand.is_open and (index < len(hands) - 1 or not hands[index].is_open):
        return None, {
            "points": gettext("Eine gespielte Hand braucht ihre Stichpunkte (oder Match).")
        }
    game = stored.game
    problems = hand_problems(hand, game.rules, game.players_per_team)
    if problems:  # beside the field it concerns, not as a line about the whole record
        return None, problems
    hands[index] = hand
    changed, problem = change_record(stored.game, hands)
    return (None, {"game": problem}) if problem else (changed, {})


@bp.post("/games/<game:game_id>/hands/<int:number>/delete")
def delete_hand(game_id: int, number: int):
    """Delete an earlier hand; the record closes up behind it."""
    stored = load(game_id, KIND)
    index = entry_index(stored, number, deleting=True)
    written = write(game_id, "delete", take_out(index), mode=KIND, index=index)
    if written.saved or written.repeated:
        return _changed(written)
    if written.conflict:
        return _stale_edit(written, number)
    form = HandForm(formdata=None)
    form.fill(written.stored.game.hands[index])
    return _edit_page(written.stored, form, written.errors, number, 422)


record_routes(bp, KIND, "/games", _answer)
