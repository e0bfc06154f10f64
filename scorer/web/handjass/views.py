"""Handjass pages: a new game, the game with its corners of the slate and the deal panel."""

from __future__ import annotations

from random import SystemRandom

from flask import Blueprint, get_template_attribute, redirect, render_template, url_for
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
    listed,
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
from scorer.web.core.forms import NOT_A_NUMBER, UNREADABLE_WEIS, parse_action, weis_code
from scorer.web.core.htmx import is_htmx, live, polled_board
from scorer.web.core.i18n import gettext, tr_plural
from scorer.web.core.kept import load, replayed
from scorer.web.core.messages.deck import FACES, deck_names, named, run_names
from scorer.web.core.registry import ModePages, register, worded
from scorer.web.core.writes import Written, created, entry_index, record_routes, take_out, write
from scorer.web.db import get_db
from scorer.web.handjass import words
from scorer.web.handjass.corners import corner_svg
from scorer.web.handjass.forms import (
    WEIS_ADDERS,
    DealForm,
    FreshDealForm,
    NewHandjassForm,
    RestForm,
)
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
    form = NewHandjassForm()
    errors: dict[str, str] = {}
    if form.is_submitted():
        game, problems = form.game()
        if not problems:
            return created(game)
        errors = worded(problems, game)
    return render_template(
        "handjass/new.html", form=form, errors=errors, deck_names=deck_names()
    ), (422 if errors else 200)


def typed_rest(game: HandjassGame, in_game: list[int], form, filled_in=None) -> Code | str | None:
    """What the card points typed so far say of the deal's 157, as the engine works it out
    (rest_of), for the players still in; None when the deal has no known total."""
    points = form.typed_cards(in_game, filled_in)
    if points is None:
        return str(NOT_A_NUMBER)  # words, not lazy: the rest box tests for a string
    return rest_of(game.rules, len(in_game), points, form.agreed.data)


def fill_rest(game: HandjassGame, in_game: list[int], form: DealForm) -> Code | None:
    """Fill the one blank points field with the rest of 157 (form.filled_in), where the deal's
    points make 157 (rest_of); or why it cannot be filled: the others made too much."""
    form.filled_in = {}
    points = form.typed_cards(in_game)
    rest = None if points is None else rest_of(game.rules, len(in_game), points, form.agreed.data)
    if rest is not None and rest.key == "handjass_rest_for":
        form.filled_in = {rest.values["player"]: rest.values["rest"]}
    elif rest is not None and rest.key == "handjass_points_over":
        return rest
    return None


# A points field still blank when the deal is saved (fill_rest wrote in the one it could): in
# words that say why it may not stay blank. A blank field is refused, never a potato.
ONE_BLANK = lazy_gettext("Punkte eingeben (auch 0): nur ein Feld darf leer bleiben.")
NO_REST = lazy_gettext(
    "Punkte eingeben (auch 0): nicht alle Karten sind im Spiel, darum bekommt kein leeres Feld"
    " den Rest auf 157."
)


def blank_said(game: HandjassGame, in_game: list[int], form: DealForm):
    """What DealForm.deal says of a points field left blank: where the deal's points make
    157, only one field may stay blank (it gets the rest); where cards lie aside (someone is
    out, a blind, a stock), no field gets a rest at all (rest_of)."""
    points = form.typed_cards(in_game, form.filled_in)
    if points is not None and rest_of(game.rules, len(in_game), points, form.agreed.data) is None:
        return NO_REST
    return ONE_BLANK


def blank_warning(game: HandjassGame, in_game: list[int], form, filled_in=None) -> Code | None:
    """The points fields still blank that a save now would refuse (DealForm.deal, in the words
    of blank_said), once any points are typed: where the deal's points make 157 only one may
    stay blank, where cards lie aside none may. None while the save would take them."""
    points = form.typed_cards(in_game, filled_in)
    if points is None or len(points) < 2 or form.agreed.data:
        return None  # unreadable points are said by the rest box; one player in needs none
    blank = [seat for seat, made in points.items() if made is None]
    if not blank or len(blank) == len(points):
        return None
    rest = rest_of(game.rules, len(in_game), points, form.agreed.data)
    if rest is not None and rest.key != "handjass_rest_open":
        return None
    first, *others = blank
    more = listed("handjass_blank_more", [{"player": seat} for seat in others])
    return code(
        "handjass_blank_no_rest" if rest is None else "handjass_blank_many", player=first, more=more
    )


def read_deal(game: HandjassGame, in_game: list[int], form: DealForm):
    """The deal the panel's fields give for the players in `in_game`, its one blank points
    field filled with the rest of 157 where the deal's points make 157; or what is wrong with
    the fields, by field (the engine judges the deal itself)."""
    declared = form.weis_declared(in_game)
    over = fill_rest(game, in_game, form)
    if over:
        return None, {"players": over}
    return form.deal(in_game, declared, blank_said(game, in_game, form))


@bp.get("/<game:game_id>/rest")
def rest(game_id: int):
    """The rest of 157 for the one player left blank, or whether the points add up, as they are
    typed (htmx, read only): swapped into the deal panel out of band."""
    game = load(game_id, "handjass").game
    box = get_template_attribute("handjass/_rest.html", "rest_box")
    in_game, form = replayed(game).in_game, RestForm()
    return box(
        typed_rest(game, in_game, form), game, oob=True, warning=blank_warning(game, in_game, form)
    )


def _context(stored: store.Stored, form=None, errors=None, state=None, **extra):
    game = stored.game
    state = state or replayed(game)
    order = _play_order(state)
    form = form or FreshDealForm(formdata=None)
    return {
        "game_id": stored.id,
        "stored": stored,
        "game": game,
        "rules": game.rules,
        "state": state,
        "standing": standing(state),
        "form": form,
        "errors": worded(errors or {}, game),
        "order": order,
        "choices": choices(game.rules, len(state.in_game)),
        "values": form.values(),
        "rest": typed_rest(game, state.in_game, form, form.filled_in),
        "blank_warning": blank_warning(game, state.in_game, form, form.filled_in),
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
        "declared": form.weis_declared(state.in_game),
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
        return _show(written.stored, note=note, rows=written.rows)
    return redirect(url_for("handjass.show", game_id=written.stored.id), 303)


@bp.post("/<game:game_id>/deals")
def add_deal(game_id: int):
    """Write a deal; a tied stroke first asks for the draw (or draws on the phone)."""
    form = DealForm()
    verb, numbers = parse_action(form.action.data or "")
    if verb in ("add", "remove"):  # a "+ Weis" or "✕" on the panel: never writes the deal
        return _declare(load(game_id, "handjass"), form, verb, numbers)
    if form.unreadable_weis():
        return _show(load(game_id, "handjass"), 422, form=form, errors={"weis": UNREADABLE_WEIS})
    found: dict = {}

    def deal_in(stored):
        written, found["tie"] = take_deal(stored.game, replayed(stored.game), form, SystemRandom())
        return written

    written = write(game_id, "enter", deal_in, mode="handjass")
    number = len(written.stored.game.deals)
    note = gettext("Spiel {number} gespeichert.").format(number=number) if written.saved else None
    return _answer(written, note, form=form, tie=found.get("tie"))


def take_deal(game: HandjassGame, state, form: DealForm, rng):
    """The deal panel's fields (read by `form`) as the next deal after `state`: the game with
    it written and no problems, or no game (or the game unchanged) and what is wrong by field;
    and what the deal gives before any draw (None when it could not be read). The form keeps
    the rest written into a blank field (form.filled_in). A tie is drawn with `rng` when the
    table leaves the draw to the phone. The phone plays a kept deal as this does
    (static/projection-handjass.js; tests/browser/test_projection_handjass.py)."""
    problems = form.offer(game).forged(state.in_game)
    gone = [s for s in state.retired if form.typed_for(s)]
    if not problems and gone and not state.finished:
        # Points typed for a player who retired since (a deal kept on the phone behind one the
        # server decided): refused, never written without them.
        problems = {"players": code("handjass_player_retired", player=gone[0])}
    deal, problems = (None, problems) if problems else read_deal(game, state.in_game, form)
    if deal is None:
        return (None, problems), None
    tie = award(deal, game.rules, len(state.in_game), state.vorhand)
    if tie.tied and form.drawn_by_phone():
        deal = drawn(deal, tie, rng)
    # Points that do not add up to 157 ask first (errors["sum"]), then a tie the draw.
    written, problems = enter_deal(game, deal, ask_sum=not form.confirmed(), state=state)
    return (written, problems or form.forged_draw()), tie


def _declare(stored: store.Stored, form: DealForm, verb: str, numbers: list[int]):
    """Add a Weis to a player's declaration, or strike one, and show the panel again."""
    game = stored.game
    in_game = replayed(game).in_game
    declared = form.weis_declared(in_game)
    if not numbers or numbers[0] not in declared:
        return _show(stored, 422, form=form, errors={"weis": code("handjass_player_unknown")})
    seat, errors = numbers[0], form.offer(game).forged(in_game)
    if not errors and verb == "remove" and len(numbers) == 2:
        if 0 <= numbers[1] < len(declared[seat]):
            del declared[seat][numbers[1]]
    elif not errors and verb == "add":
        weis, problem = WEIS_ADDERS[seat]().weis()
        suits = tuple(s.key for s in DECKS[game.rules.deck])
        play = Play(trump=form.trump.data or None)
        problem = problem or game.rules.weis_table.problem(weis, play, suits)
        if problem:
            errors[f"p{seat}"] = problem
        else:
            declared[seat].append(weis)
    return _show(stored, 422 if errors else 200, form=form, errors=errors, declared=declared)


def edited(index: int, form: DealForm):
    """For write(): the game with deal `index` as the edit page's fields give it (everything
    after it checked again), or why not; a sum that does not make 157 asks first."""

    def change(stored: store.Stored):
        deals = list(stored.game.deals)
        if index >= len(deals):
            return None, {"game": gettext("Dieses Spiel gibt es nicht mehr.")}
        before = replay(stored.game.with_record(deals[:index]))
        problems = form.offer(stored.game).forged(before.in_game)
        if not problems and form.unreadable_weis():
            problems = {"weis": UNREADABLE_WEIS}
        deal, problems = (
            (None, problems) if problems else read_deal(stored.game, before.in_game, form)
        )
        if deal is None:
            return None, problems
        deals[index] = deal
        game = stored.game.with_record(deals)
        problem = record_problem(game)
        if problem:
            return None, {"game": problem}
        question = points_question(deal, game.rules, len(before.in_game))
        if question and not form.confirmed():
            return None, {"sum": question}
        problems = form.forged_draw()
        return (None, problems) if problems else (game, {})

    return change


@bp.route("/<game:game_id>/deals/<int:number>", methods=["GET", "POST"])
def edit_deal(game_id: int, number: int):
    """Change an earlier deal; everything after it is recomputed and checked again.

    When another phone changed this deal meanwhile, nothing is written and the page shows the
    deal as it now stands."""
    stored = load(game_id, "handjass")
    index = entry_index(stored, number)
    form = DealForm()
    if not form.is_submitted():
        return _edit_page(stored, index, form, {}, 200)
    written = write(game_id, "edit", edited(index, form), mode="handjass", index=index)
    if written.saved or written.repeated:
        return redirect(url_for("handjass.show", game_id=game_id), 303)
    if not written.conflict:
        return _edit_page(written.stored, index, form, written.errors, 422)
    if number > len(written.stored.game.deals):
        return redirect(url_for("handjass.show", game_id=game_id), 303)
    # The deal as it now stands, not as posted.
    return _edit_page(written.stored, index, FreshDealForm(formdata=None), written.errors, 409)


def _edit_page(stored: store.Stored, index: int, form, errors, status: int):
    """The edit page of deal `index`, with what `form` holds (nothing typed: the deal as
    stored)."""
    game = stored.game
    before = replay(game.with_record(game.deals[:index]))
    deal = game.deals[index]
    return render_template(
        "handjass/edit.html",
        **_context(stored, form=form, errors=errors),
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
