"""Handjass pages: a new game, the game with its corners of the slate and the deal panel."""

from __future__ import annotations

import secrets
from dataclasses import replace

from flask import Blueprint, abort, redirect, render_template, request, url_for
from jinja2_fragments.flask import render_block

from scorer.cards import DECK_NAMES, DECKS, FACES, RANKS
from scorer.handjass import (
    HandjassGame,
    award,
    choices,
    enter_deal,
    record_problem,
    replay,
)
from scorer.storage import games
from scorer.web.db import get_db
from scorer.web.forms import DealForm, NewHandjassForm, declared_in, weis_code
from scorer.web.slate_svg import corner_svg
from scorer.web.views import is_htmx, weis_to_add
from scorer.weis import RUN_NAMES, Play

bp = Blueprint("handjass", __name__, url_prefix="/handjass")

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


def _load(game_id: int) -> HandjassGame:
    stored = games.load(get_db(), game_id)
    if stored is None or not isinstance(stored.game, HandjassGame):
        abort(404)
    return stored.game


@bp.route("/new", methods=["GET", "POST"])
def new():
    """Set up a Handjass game: two to four players in seat order, and the settings."""
    form = NewHandjassForm(formdata=request.form if request.method == "POST" else None)
    errors: dict[str, str] = {}
    if request.method == "POST":
        game, errors = form.game()
        if not errors:
            game_id = games.create(get_db(), game)
            return redirect(url_for("handjass.show", game_id=game_id), 303)
    return render_template("handjass_new.html", form=form, errors=errors, deck_names=DECK_NAMES), (
        422 if errors else 200
    )


def _context(game_id: int, game: HandjassGame, form: DealForm | None = None, errors=None, **extra):
    state = replay(game)
    order = _play_order(state)
    return {
        "game_id": game_id,
        "game": game,
        "rules": game.rules,
        "state": state,
        "form": form or DealForm(formdata=None),
        "errors": errors or {},
        "order": order,
        "choices": choices(game.rules, len(state.in_game)),
        "values": request.form if request.method == "POST" else {},
        "suits": DECKS[game.rules.deck],
        "corners": [
            (
                seat,
                *CORNERS[len(game.players)][seat],
                corner_svg(game, state, seat),
            )
            for seat in range(len(game.players))
        ],
        "deck_names": DECK_NAMES,
        "tie": None,
        "declared": declared_in(request.form, state.in_game) if request.method == "POST" else {},
        "faces": FACES[game.rules.deck],
        "ranks": RANKS,
        "run_names": RUN_NAMES,
        "weis_code": weis_code,
        **extra,
    }


def _play_order(state) -> list[int]:
    """The players still in, from Vorhand round to the dealer."""
    seats = state.in_game
    if not seats:
        return []
    start = seats.index(state.vorhand) if state.vorhand in seats else 0
    return seats[start:] + seats[:start]


def _show(game_id: int, game: HandjassGame, status: int = 200, **context):
    values = _context(game_id, game, **context)
    if is_htmx():
        return render_block("handjass.html", "live", **values), status
    return render_template("handjass.html", **values), status


@bp.get("/<int:game_id>")
def show(game_id: int):
    """The game: each player's corner, the deal panel, the history."""
    return _show(game_id, _load(game_id))


def _written(game_id: int, game: HandjassGame):
    games.save_record(get_db(), game_id, game)
    if is_htmx():
        return _show(game_id, game, values={})  # a fresh panel for the next deal
    return redirect(url_for("handjass.show", game_id=game_id), 303)


@bp.post("/<int:game_id>/deals")
def add_deal(game_id: int):
    """Write a deal; a tied stroke first asks for the draw (or draws on the phone)."""
    game = _load(game_id)
    state = replay(game)
    form = DealForm()
    declared = declared_in(request.form, state.in_game)
    verb, *args = request.form.get("action", "").split(":")
    if verb in ("add", "remove") and args and args[0].isdigit() and int(args[0]) in declared:
        return _declare(game_id, game, form, declared, verb, [int(a) for a in args if a.isdigit()])
    deal, errors = form.deal(state.in_game, request.form, declared)
    tie = None
    if deal is not None:
        tie = award(deal, game.rules, len(state.in_game), game.players.__getitem__, state.vorhand)
        if tie.tied and "random" in request.form.getlist("draw"):
            deal = replace(deal, draw=tuple(secrets.SystemRandom().sample(tie.tied, tie.needed)))
        game, errors = enter_deal(game, deal)
    if errors:
        return _show(game_id, _load(game_id), 422, form=form, errors=errors, tie=tie)
    return _written(game_id, game)


def _declare(game_id: int, game: HandjassGame, form, declared, verb: str, numbers: list[int]):
    """Add a Weis to a player's declaration, or strike one, and show the panel again."""
    seat = numbers[0]
    errors: dict[str, str] = {}
    if verb == "remove" and len(numbers) == 2 and 0 <= numbers[1] < len(declared[seat]):
        del declared[seat][numbers[1]]
    elif verb == "add":
        weis = weis_to_add(request.form, seat)
        trump = request.form.get("trump") or None
        play = Play(trump=trump)
        suits = tuple(s.key for s in DECKS[game.rules.deck])
        problem = (
            game.rules.weis_table.problem(weis, play, suits, FACES[game.rules.deck])
            if weis
            else "Weis wählen."
        )
        if problem:
            errors[f"p{seat}"] = problem
        else:
            declared[seat].append(weis)
    return _show(game_id, game, 200, form=form, errors=errors, declared=declared)


@bp.post("/<int:game_id>/again")
def play_again(game_id: int):
    """Start the next game for the same players with the same rules."""
    new_id = games.create(get_db(), _load(game_id).rematch())
    return redirect(url_for("handjass.show", game_id=new_id), 303)


@bp.post("/<int:game_id>/undo")
def undo(game_id: int):
    """Take back the last deal."""
    game = _load(game_id)
    return _written(game_id, game.with_record(game.deals[:-1]))


def _number(game: HandjassGame, number: int) -> int:
    if not 1 <= number <= len(game.deals):
        abort(404)
    return number - 1


@bp.route("/<int:game_id>/deals/<int:number>", methods=["GET", "POST"])
def edit_deal(game_id: int, number: int):
    """Change an earlier deal; everything after it is recomputed and checked again."""
    game = _load(game_id)
    index = _number(game, number)
    before = replay(game.with_record(game.deals[:index]))
    form = DealForm()
    errors: dict[str, str] = {}
    if request.method == "POST":
        declared = declared_in(request.form, before.in_game)
        deal, errors = form.deal(before.in_game, request.form, declared)
        if deal is not None:
            deals = list(game.deals)
            deals[index] = deal
            changed = game.with_record(deals)
            problem = record_problem(changed)
            if problem:
                errors = {"game": problem}
            else:
                games.save_record(get_db(), game_id, changed)
                return redirect(url_for("handjass.show", game_id=game_id), 303)
    deal = game.deals[index]
    return render_template(
        "handjass_edit.html",
        **_context(game_id, game, form=form, errors=errors),
        number=number,
        before=before,
        edit_order=_play_order(before),
        edit_choices=choices(game.rules, len(before.in_game)),
        deal=deal,
        entry={e.seat: e for e in deal.entries},
    ), (422 if errors else 200)


@bp.post("/<int:game_id>/deals/<int:number>/delete")
def delete_deal(game_id: int, number: int):
    """Delete a deal, if the deals after it still stand without it."""
    game = _load(game_id)
    index = _number(game, number)
    changed = game.with_record(game.deals[:index] + game.deals[index + 1 :])
    problem = record_problem(changed)
    if problem:
        return _show(game_id, game, 422, errors={"game": f"Nicht gelöscht: {problem}"})
    games.save_record(get_db(), game_id, changed)
    return redirect(url_for("handjass.show", game_id=game_id), 303)
