"""Handjass pages: a new game, the game with its corners of the slate and the deal panel."""

from __future__ import annotations

from random import SystemRandom

from flask import Blueprint, get_template_attribute, redirect, render_template, request, url_for
from flask_babel import lazy_gettext, lazy_pgettext

from scorer.cards import DECKS, RANKS
from scorer.codes import Code, code
from scorer.handjass.game import (
    OUT,
    PLAYERS_RANGE,
    Deal,
    HandjassGame,
    award,
    choices,
    drawn,
    enter_deal,
    points_question,
    record_problem,
    replay,
    rest_of,
    scoring,
    standing,
)
from scorer.storage import games as store
from scorer.web.core.changes import record_context
from scorer.web.core.errors import EXPIRED
from scorer.web.core.forms import (
    NOT_A_NUMBER,
    UNREADABLE_WEIS,
    parse_action,
    unreadable_weis,
    weis_code,
    weis_to_add,
)
from scorer.web.core.htmx import is_htmx, live, polled_board
from scorer.web.core.i18n import gettext, tr_plural
from scorer.web.core.kept import load, replayed
from scorer.web.core.messages.deck import FACES, deck_names, named, run_names
from scorer.web.core.registry import ModePages, register, worded
from scorer.web.core.writes import Written, created, entry_index, record_routes, take_out, write
from scorer.web.db import get_db
from scorer.web.handjass import words
from scorer.web.handjass.corners import corner_svg
from scorer.web.handjass.forms import DealForm, NewHandjassForm, declared_in, typed_cards, with_rest
from scorer.weis import Play

bp = Blueprint("handjass", __name__, url_prefix="/handjass")


def deal_words(game: HandjassGame, deal: Deal) -> str:
    """A deal the way the table says it: "Rosen: Anna 40, Beat aus"."""
    trump = named(deal.trump) if deal.trump else "?"
    out = gettext("aus")
    players = [
        f"{game.players[e.seat]} {out if e.status == OUT else e.points}" for e in deal.entries
    ]
    return f"{trump}: " + ", ".join(players)


def _expired(stored: store.Stored):
    """The panel back after a stale token, with what was typed and a fresh token."""
    return _show(stored, 422, form=DealForm(), errors={"game": EXPIRED})


register(
    ModePages(
        "handjass",
        lazy_gettext("Handjass"),
        "handjass.show",
        "handjass.new",
        lazy_pgettext("entry", "Spiel"),
        lazy_gettext("Noch kein Spiel: nichts zurückzunehmen."),
        names=lambda game: {"names": game.players, "faces": game.rules.deck},
        entry_words=lambda game, data: deal_words(game, Deal.from_dict(data)),
        outcome_words=lambda game, summary: gettext("{player} verliert").format(
            player=game.players[summary["loser"]]
        ),
        template="handjass/game.html",
        context=lambda stored: _context(stored),
        stylesheet="handjass.css",
        words=words.WORDS,
        panel="handjass.add_deal",
        unit=lazy_gettext("Strich"),
        stakes_hint=lazy_gettext(
            "Am Ende sagt der Zähler, wer wem wie viel zahlt: wer verliert, zahlt jedem anderen "
            "die Striche, die ihm zum Aussteigen fehlten."
        ),
        expired=lambda stored: _expired(stored),
    )
)

# Where each seat's corner sits on a phone lying on the table, and how it is turned to face
# them: seat 0 holds the phone (bottom), play goes counter-clockwise (right, top, left).
CORNERS = {
    2: {0: ("bottom-left", 0), 1: ("top-right", 180)},
    3: {0: ("bottom-left", 0), 1: ("bottom-right", -90), 2: ("top-right", 180)},
    4: {
        0: ("bottom-left", 0),
        1: ("bottom-right", -90),
        2: ("top-right", 180),
        3: ("top-left", 90),
    },
}


@bp.route("/new", methods=["GET", "POST"])
def new():
    """Set up a Handjass game: two to four players in seat order, and the settings."""
    form = NewHandjassForm(formdata=request.form if request.method == "POST" else None)
    errors: dict[str, str] = {}
    if request.method == "POST":
        game, problems = form.game()
        if not problems:
            return created(game)
        errors = worded(problems, game)
    return render_template(
        "handjass/new.html", form=form, errors=errors, deck_names=deck_names()
    ), (422 if errors else 200)


def typed_rest(game: HandjassGame, in_game: list[int], values) -> Code | str | None:
    """What the card points typed so far say of the deal's 157, as the engine works it out
    (rest_of), for the players still in; None when the deal has no known total."""
    points = typed_cards(values, in_game)
    if points is None:
        return str(NOT_A_NUMBER)  # words, not lazy: the rest box tests for a string
    agreed = (values.get("agreed") or "") not in ("", "false")
    return rest_of(game.rules, len(in_game), points, agreed)


def filled(game: HandjassGame, in_game: list[int], posted, agreed: bool):
    """The posted deal with the one blank points field filled with the rest of 157, where the
    deal's points make 157 (rest_of); and why it cannot be filled: the others made too much."""
    points = typed_cards(posted, in_game)
    rest = None if points is None else rest_of(game.rules, len(in_game), points, agreed)
    if rest is not None and rest.key == "handjass_rest_for":
        return with_rest(posted, rest.values["player"], rest.values["rest"]), None
    if rest is not None and rest.key == "handjass_points_over":
        return posted, rest
    return posted, None


# A points field still blank when the deal is saved (filled() wrote in the one it could): in
# words that say why it may not stay blank. A blank field is refused, never a potato.
ONE_BLANK = lazy_gettext("Punkte eingeben (auch 0): nur ein Feld darf leer bleiben.")
NO_REST = lazy_gettext(
    "Punkte eingeben (auch 0): nicht alle Karten sind im Spiel, darum bekommt kein leeres Feld"
    " den Rest auf 157."
)


def blank_said(game: HandjassGame, in_game: list[int], posted, agreed: bool):
    """What DealForm.deal says of a points field left blank: where the deal's points make
    157, only one field may stay blank (it gets the rest); where cards lie aside (someone is
    out, a blind, a stock), no field gets a rest at all (rest_of)."""
    points = typed_cards(posted, in_game)
    if points is not None and rest_of(game.rules, len(in_game), points, agreed) is None:
        return NO_REST
    return ONE_BLANK


def confirmed() -> bool:
    """The table said to write the deal though its points do not add up ("Trotzdem speichern")."""
    return request.form.get("confirm") == "sum"


@bp.get("/<game:game_id>/rest")
def rest(game_id: int):
    """The rest of 157 for the one player left blank, or whether the points add up, as they are
    typed (htmx, read only): swapped into the deal panel out of band."""
    game = load(game_id, "handjass").game
    box = get_template_attribute("handjass/_rest.html", "rest_box")
    return box(typed_rest(game, replayed(game).in_game, request.args), game, oob=True)


def _context(stored: store.Stored, form: DealForm | None = None, errors=None, state=None, **extra):
    game = stored.game
    state = state or replayed(game)
    order = _play_order(state)
    values = extra.pop("values", request.form if request.method == "POST" else {})
    return {
        "game_id": stored.id,
        "stored": stored,
        "game": game,
        "rules": game.rules,
        "state": state,
        "standing": standing(state),
        "form": form or DealForm(formdata=None),
        "errors": worded(errors or {}, game),
        "order": order,
        "choices": choices(game.rules, len(state.in_game)),
        "values": values,
        "rest": typed_rest(game, state.in_game, values),
        "suits": DECKS[game.rules.deck],
        "corners": [
            (
                seat,
                *CORNERS[len(game.players)][seat],
                corner_svg(game, state, seat),
            )
            for seat in range(len(game.players))
        ],
        "deck_names": deck_names(),
        "tie": None,
        "declared": declared_in(request.form, state.in_game) if request.method == "POST" else {},
        "faces": FACES[game.rules.deck],
        "ranks": RANKS,
        "run_names": run_names(),
        "weis_code": weis_code,
        "note": None,
        "record": record_context(game, stored, store.shown_changes(get_db(), stored.id)),
        "can_redo": store.redoable(get_db(), stored.id) is not None,
        "oob": False,
        **extra,
    }


@bp.app_template_global()
def handjass_projection(game: HandjassGame) -> dict:
    """What static/projection-handjass.js plays the deals kept on this phone with, besides the
    board: the rules as data (scoring), the players' names, and the words it writes in the
    page's language: a corner's as corner_svg has them, the panel's line for the next deal as
    game.html has it, and what it says while the server decides. Only on a whole page: the
    answers to the panel's forms leave it where it is."""
    return {
        "rules": scoring(game.rules),
        "players": list(game.players),
        "words": {
            "net": gettext("{player}: {net} Striche netto"),
            "loser": gettext("Verlierer"),
            "retired": gettext("draussen (Spiel {number})"),
            "vorhand": gettext("Vorhand"),
            "dealer": gettext("gibt"),
            "deal": gettext("Spiel %(number)s: <b>%(dealer)s</b> gibt, Vorhand <b>%(vorhand)s</b>"),
            "players": {
                n: tr_plural("%(count)s Spieler", "%(count)s Spieler", n) % {"count": n}
                for n in PLAYERS_RANGE
            },
            "lost": gettext("{player} verliert"),
            "unknown": gettext("Spiel {number}: Geber und Vorhand erst mit Netz"),
            "later": gettext("ab Spiel {number} rechnet erst der Server"),
        },
    }


def _play_order(state) -> list[int]:
    """The players still in, from Vorhand round to the dealer."""
    seats = state.in_game
    if not seats:
        return []
    start = seats.index(state.vorhand) if state.vorhand in seats else 0
    return seats[start:] + seats[:start]


def _show(stored: store.Stored, status: int = 200, rows=("all", 0), **context):
    """The game page, or for htmx its live part and what changed of the history."""
    values = _context(stored, **context)
    if is_htmx():
        return live("handjass/game.html", values, rows), status
    return render_template("handjass/game.html", **values), status


@bp.get("/<game:game_id>")
def show(game_id: int):
    """The game: each player's corner, the deal panel, the history."""
    polled = polled_board(game_id, "handjass", "handjass/game.html", _context)
    return polled if polled is not None else _show(load(game_id, "handjass"))


def _answer(written: Written, note: str | None = None, **context):
    """The fresh page (its live part for htmx) after a post that writes, with a word on what
    happened; a refusal keeps what was typed."""
    if written.errors:
        status = 409 if written.conflict else 422
        return _show(written.stored, status, errors=written.errors, **context)
    if written.repeated:
        note = gettext("Schon gespeichert: diese Eingabe kam zweimal an und zählt einmal.")
    if is_htmx():
        # A fresh panel for the next deal.
        return _show(written.stored, note=note, values={}, rows=written.rows)
    return redirect(url_for("handjass.show", game_id=written.stored.id), 303)


@bp.post("/<game:game_id>/deals")
def add_deal(game_id: int):
    """Write a deal; a tied stroke first asks for the draw (or draws on the phone)."""
    form = DealForm()
    verb, numbers = parse_action(request.form.get("action", ""))
    if verb in ("add", "remove"):  # a "+ Weis" or "✕" on the panel: never writes the deal
        stored = load(game_id, "handjass")
        declared = declared_in(request.form, replayed(stored.game).in_game)
        if numbers and numbers[0] in declared:
            return _declare(stored, form, declared, verb, numbers)
        return _show(stored, 422, form=form, errors={"weis": code("handjass_player_unknown")})
    if unreadable_weis(request.form):
        return _show(load(game_id, "handjass"), 422, form=form, errors={"weis": UNREADABLE_WEIS})
    found: dict = {}

    def deal_in(stored):
        game = stored.game
        written, found["tie"], found["values"] = take_deal(
            game, replayed(game), form, request.form, SystemRandom()
        )
        return written

    written = write(game_id, "enter", deal_in, mode="handjass")
    number = len(written.stored.game.deals)
    note = gettext("Spiel {number} gespeichert.").format(number=number) if written.saved else None
    values = found.get("values", request.form)
    return _answer(written, note, form=form, tie=found.get("tie"), values=values)


def take_deal(game: HandjassGame, state, form: DealForm, posted, rng):
    """The deal panel's fields (`posted`, read by `form`) as the next deal after `state`: the
    game with it written and no problems, or no game (or the game unchanged) and what is wrong
    by field; what the deal gives before any draw (None when it could not be read); and the
    fields as read, with a blank filled in. A tie is drawn with `rng` when the table leaves
    the draw to the phone. The phone plays a kept deal as this does
    (static/projection-handjass.js; tests/browser/test_projection_handjass.py)."""
    gone = [s for s in state.retired if typed_for(posted, s)]
    if gone and not state.finished:
        # Points typed for a player who retired since (a deal kept on the phone behind one the
        # server decided): refused, never written without them.
        return (None, {"players": code("handjass_player_retired", player=gone[0])}), None, posted
    declared = declared_in(posted, state.in_game)
    posted, over = filled(game, state.in_game, posted, form.agreed.data)
    if over:
        return (None, {"players": over}), None, posted
    blank = blank_said(game, state.in_game, posted, form.agreed.data)
    deal, errors = form.deal(state.in_game, posted, declared, blank)
    if deal is None:
        return (None, errors), None, posted
    tie = award(deal, game.rules, len(state.in_game), state.vorhand)
    if tie.tied and "random" in posted.getlist("draw"):
        deal = drawn(deal, tie, rng)
    # Points that do not add up to 157 ask first (errors["sum"]), then a tie the draw.
    ask_sum = posted.get("confirm") != "sum"
    return enter_deal(game, deal, ask_sum=ask_sum, state=state), tie, posted


def typed_for(posted, seat: int) -> bool:
    """Whether the panel's fields give a player points (cards or Weis), unless they are out."""
    if posted.get(f"status{seat}") == OUT:
        return False
    return any((posted.get(f"{name}{seat}") or "").strip() for name in ("cards", "weis"))


def _declare(stored: store.Stored, form, declared, verb: str, numbers: list[int]):
    """Add a Weis to a player's declaration, or strike one, and show the panel again."""
    game = stored.game
    seat = numbers[0]
    errors: dict[str, Code] = {}
    if verb == "remove" and len(numbers) == 2 and 0 <= numbers[1] < len(declared[seat]):
        del declared[seat][numbers[1]]
    elif verb == "add":
        weis = weis_to_add(request.form, seat)
        trump = request.form.get("trump") or None
        play = Play(trump=trump)
        suits = tuple(s.key for s in DECKS[game.rules.deck])
        problem = (
            game.rules.weis_table.problem(weis, play, suits)
            if weis
            else code("handjass_weis_missing")
        )
        if problem:
            errors[f"p{seat}"] = problem
        else:
            declared[seat].append(weis)
    return _show(stored, 422 if errors else 200, form=form, errors=errors, declared=declared)


@bp.route("/<game:game_id>/deals/<int:number>", methods=["GET", "POST"])
def edit_deal(game_id: int, number: int):
    """Change an earlier deal; everything after it is recomputed and checked again.

    When another phone changed this deal meanwhile, nothing is written and the page shows the
    deal as it now stands."""
    stored = load(game_id, "handjass")
    index = entry_index(stored, number)
    form = DealForm()
    errors: dict[str, str] = {}
    status = 200
    found: dict = {}
    if request.method == "POST":

        def changed(s):
            deals = list(s.game.deals)
            if index >= len(deals):
                return None, {"game": gettext("Dieses Spiel gibt es nicht mehr.")}
            before = replay(s.game.with_record(deals[:index]))
            declared = declared_in(request.form, before.in_game)
            posted, over = filled(s.game, before.in_game, request.form, form.agreed.data)
            found["values"] = posted
            if over:
                return None, {"players": over}
            blank = blank_said(s.game, before.in_game, posted, form.agreed.data)
            deal, problems = form.deal(before.in_game, posted, declared, blank)
            if deal is None:
                return None, problems
            deals[index] = deal
            game = s.game.with_record(deals)
            problem = record_problem(game)
            if problem:
                return None, {"game": problem}
            question = points_question(deal, game.rules, len(before.in_game))
            if question and not confirmed():
                return None, {"sum": question}
            return game, {}

        written = write(game_id, "edit", changed, mode="handjass", index=index)
        if written.saved or written.repeated:
            return redirect(url_for("handjass.show", game_id=game_id), 303)
        stored, errors = written.stored, written.errors
        status = 409 if written.conflict else 422
        if written.conflict:
            if number > len(stored.game.deals):
                return redirect(url_for("handjass.show", game_id=game_id), 303)
            return _edit_page(stored, index, form, errors, status, fresh=True)
    return _edit_page(stored, index, form, errors, status, values=found.get("values"))


def _edit_page(
    stored: store.Stored, index: int, form, errors, status: int, fresh: bool = False, values=None
):
    """The edit page of deal `index`; `fresh` shows the deal as stored, not as posted (`values`,
    with a rest written in, when given)."""
    game = stored.game
    before = replay(game.with_record(game.deals[:index]))
    deal = game.deals[index]
    context = _context(stored, form=form, errors=errors)
    if fresh:
        context["values"] = {}
    elif values is not None:
        context["values"] = values
    return render_template(
        "handjass/edit.html",
        **context,
        number=index + 1,
        before=before,
        edit_order=_play_order(before),
        edit_choices=choices(game.rules, len(before.in_game)),
        deal=deal,
        entry={e.seat: e for e in deal.entries},
    ), status


@bp.post("/<game:game_id>/deals/<int:number>/delete")
def delete_deal(game_id: int, number: int):
    """Delete a deal, if the deals after it still stand without it."""
    stored = load(game_id, "handjass")
    index = entry_index(stored, number, deleting=True)
    written = write(game_id, "delete", take_out(index), mode="handjass", index=index)
    if written.saved or written.repeated:
        return redirect(url_for("handjass.show", game_id=game_id), 303)
    return _show(written.stored, 409 if written.conflict else 422, errors=written.errors)


record_routes(bp, "handjass", "", _answer)
