"""The app's own error pages: a message in the phone's language with a way back to the game
(or club table) the URL names, as a page or in place for htmx."""

from __future__ import annotations

from flask import current_app, render_template, request, url_for
from flask_babel import lazy_gettext
from jinja2_fragments.flask import render_block

from scorer.storage import club_tables
from scorer.storage import games as store
from scorer.web.core.htmx import is_htmx
from scorer.web.core.registry import game_url
from scorer.web.db import get_db

EXPIRED = lazy_gettext("Die Seite war zu lange offen: nichts gespeichert. Bitte nochmals tippen.")


def _matched(methods=()) -> tuple[str, dict]:
    """The endpoint and arguments of the request's URL, also when the method was refused (no
    view ran)."""
    endpoint, args = request.endpoint or "", request.view_args
    if args is None and methods:
        try:
            endpoint, args = current_app.create_url_adapter(request).match(
                method=next(iter(methods))
            )
        except Exception:  # no rule matches: nothing to lead back to
            args = {}
    return endpoint, args or {}


def _back(methods=()) -> str | None:
    """The page the URL's game or club table is on, where there is one: for a game its page;
    for a table phone (`/tisch/<key>/...`) the table's page (the start page leads a table phone
    nowhere: only the leader's QR code opens a table)."""
    endpoint, args = _matched(methods)
    game_id, key = args.get("game_id"), args.get("key")
    try:
        if isinstance(game_id, int):
            stored = store.load(get_db(), game_id)
            return game_url(stored.game.KIND, game_id) if stored else None
        if endpoint.startswith("club_table.") and isinstance(key, str):
            found = club_tables.find(get_db(), key)
            return url_for("club_table.show", key=key) if found else None
    except Exception:  # the page that says something broke must not break itself
        return None
    return None


def error_page(status: int, message: str, methods=()):
    """The message as the app's own page, or in place for htmx, with a way back: to the game
    (or club table) the URL names when there is one, else to the start page.

    For htmx the card goes to the flash area, and the answer names the card as what to take of
    it (HX-Reselect): a form that selects a part of its answer (a club table's panel takes
    `#live`) would otherwise find nothing in it, and show nothing."""
    back = _back(methods) or url_for("games.index")
    if is_htmx():
        html = render_block(
            "games/error.html", "message", message=message, back=back, fragment=True
        )
        return (
            html,
            status,
            {
                "HX-Retarget": "#flash",
                "HX-Reswap": "innerHTML",
                "HX-Reselect": ".flash-message",
            },
        )
    return render_template("games/error.html", message=message, back=back, fragment=False), status
