"""Sharing a game: its watch link (read only, for the tablet in the middle and the players'
phones) and its writer's link (for the phone that takes over writing), each as a QR code; the
watch page itself; and new links when a link went where it should not."""

from __future__ import annotations

import segno
from flask import Blueprint, abort, redirect, render_template, request, url_for
from jinja2_fragments.flask import render_block
from markupsafe import Markup

from scorer.storage import games as store
from scorer.web.core.htmx import polled_board
from scorer.web.core.kept import load
from scorer.web.core.links import WatchOnly, keys_now, public_url
from scorer.web.core.phone import recorded_phone
from scorer.web.core.registry import MODE_PAGES, game_url
from scorer.web.db import get_db
from scorer.web.extensions import csrf
from scorer.web.games.forms import ShareArgs, TokenForm

bp = Blueprint("share", __name__)


def qr_svg(url: str) -> Markup:
    """The address as a QR code, an SVG drawn on the server (dark on white also in the dark
    theme, as cameras read it best), scaled by its box."""
    code = segno.make(url, error="m")
    return Markup(code.svg_inline(scale=1, border=2, dark="#000", light="#fff", omitsize=True))


def _names(stored: store.Stored) -> str:
    """The game as its title says it: the teams, or the players."""
    game = stored.game
    teams = getattr(game, "teams", None)
    if teams:  # Schieber's teams have names; Coiffeur's teams are their names
        return " – ".join(getattr(team, "name", team) for team in teams)
    return ", ".join(game.players)


@bp.get("/games/<game:game_id>/teilen")
def share(game_id: int):
    """The game's two links with their QR codes, and the button that makes new ones."""
    stored = load(game_id)
    watch = public_url(url_for(".watch", game_id=game_id))
    write = public_url(game_url(stored.game.KIND, game_id))
    return render_template(
        "games/share.html",
        game=stored.game,
        game_id=game_id,
        title=_names(stored),
        watch=watch,
        write=write,
        watch_qr=qr_svg(watch),
        write_qr=qr_svg(write),
        renewed=bool(ShareArgs(request.args).neu.raw_data),
    )


@bp.post("/games/<game:game_id>/neue-links")
def renew(game_id: int):
    """New keys for both links: the old ones (and an old game's number) open nothing any more.
    The phone that asked keeps writing, under the new link (this request's links use it)."""
    load(game_id)  # a deleted game: 404
    token = TokenForm(request.form).once.data or None
    keys_now(game_id, store.renew_links(get_db(), game_id, phone=recorded_phone(), token=token))
    return redirect(url_for(".share", game_id=game_id, neu=1), 303)


@bp.get("/s/<watch:game_id>")
def watch(game_id: int):
    """The watch link: the game's board, live (it polls like every page of the game), without
    a single control; and its own QR code, so the next watcher scans it from this screen."""
    stored = load(game_id)
    pages = MODE_PAGES[stored.game.KIND]
    here = url_for(".watch", game_id=game_id)

    def context(stored: store.Stored) -> dict:
        return {**pages.context(stored), "watching": True, "board_url": here}

    polled = polled_board(game_id, stored.game.KIND, pages.template, context)
    if polled is not None:
        return polled
    board = render_block(pages.template, "board", **context(stored))
    link = public_url(here)
    return render_template(
        "games/watch.html",
        game=stored.game,
        title=_names(stored),
        board=Markup(board),
        stylesheet=pages.stylesheet,
        views=pages.views,
        link=link,
        qr=qr_svg(link),
        course=url_for("lookback.watched_course", game_id=game_id),
    )


@bp.route("/s/<path:rest>", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
@csrf.exempt
def watch_only(rest: str):
    """Nothing under a watch link writes: every change is refused with 403, a forged form and
    a stale token alike; an address that is no watch link is not found."""
    if request.method == "GET":
        abort(404)
    raise WatchOnly()
