"""Stakes: what a table plays for (an amount per point or stroke, rounded to 5 centimes or to
the franc), set on a page of its own at any time, and who pays whom at the end of the game."""

from __future__ import annotations

from decimal import Decimal

from flask import Blueprint, redirect, render_template, request

from scorer import stakes
from scorer.modes import mode_of
from scorer.storage import games as store
from scorer.web.core.i18n import N_, gettext, tr
from scorer.web.core.kept import load, replayed
from scorer.web.core.phone import recorded_phone
from scorer.web.core.registry import MODE_PAGES, game_url
from scorer.web.db import get_db
from scorer.web.games.forms import StakesForm

bp = Blueprint("stakes", __name__)

STEP_WORDS = {
    Decimal("0.05"): N_("{amount} Fr. pro {unit}, auf 5 Rappen gerundet"),
    Decimal("1"): N_("{amount} Fr. pro {unit}, auf den Franken gerundet"),
}


def francs(value: Decimal) -> str:
    """An amount as a Swiss table writes it: 7.20, 12.–, 0.05."""
    if value == value.to_integral():
        return f"{value:.0f}.–"
    return f"{value:.2f}" if value == value.quantize(Decimal("0.01")) else f"{value.normalize()}"


def unit(kind: str) -> str:
    """What the stakes count in this kind of game: "Punkt" or "Strich"."""
    return str(MODE_PAGES[kind].unit)


def described(kind: str, set_: stakes.Stakes) -> str:
    """The stakes in words: "0.01 Fr. pro Punkt, auf 5 Rappen gerundet"."""
    return tr(STEP_WORDS[set_.step]).format(amount=francs(set_.amount), unit=unit(kind))


def payout(stored: store.Stored) -> list[str] | None:
    """Who pays whom, in words, once the game is decided and the table plays for something;
    "Niemand zahlt etwas" for a draw. None otherwise."""
    if stored.stakes is None:
        return None
    game = stored.game
    mode = mode_of(game)
    balances = mode.balances(game, replayed(game))
    if balances is None:
        return None
    names = mode.parties(game)
    paid = stakes.settle(stored.stakes, balances)
    if not paid:
        return [gettext("Niemand zahlt etwas.")]
    line = gettext("{payer} zahlt {payee} {amount} Fr.")
    return [
        line.format(payer=names[p.payer], payee=names[p.payee], amount=francs(p.amount))
        for p in paid
    ]


@bp.app_context_processor
def stakes_helpers() -> dict:
    return {"payout": payout, "stakes_words": described}


@bp.route("/games/<game:game_id>/einsatz", methods=["GET", "POST"])
def set_stakes(game_id: int):
    """What the table plays for: set, changed or taken away at any time, kept as a change of
    the game; the end of the game then says who pays whom."""
    stored = load(game_id)
    kind = stored.game.KIND
    now = stored.stakes
    shown = {"amount": francs_input(now), "step": str(now.step if now else "0.05")}
    form = StakesForm(request.form if request.method == "POST" else None, data=shown)
    errors: dict[str, str] = {}
    if request.method == "POST":  # the CSRF token was checked before the view
        chosen, errors = form.chosen()
        if not errors:
            token = form.once.data or None
            store.set_stakes(get_db(), game_id, chosen, phone=recorded_phone(), token=token)
            return redirect(game_url(kind, game_id), 303)
    return render_template(
        "games/stakes.html",
        game_id=game_id,
        game=stored.game,
        current=described(kind, now) if now else None,
        unit=unit(kind),
        hint=MODE_PAGES[kind].stakes_hint,
        typed={"amount": form.amount.data, "step": form.step.data},
        errors=errors,
        back=game_url(kind, game_id),
    ), (422 if errors else 200)


def francs_input(value: stakes.Stakes | None) -> str:
    """The stored amount as the form shows it back."""
    return str(value.amount) if value else ""
