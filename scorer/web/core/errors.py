"""The app's own error pages: a message in the phone's language with a way back to the game
(or club table) the URL names, as a page or in place for htmx."""

from __future__ import annotations

from flask import Flask, current_app, render_template, request, url_for
from flask_babel import lazy_gettext
from flask_wtf.csrf import CSRFError
from jinja2_fragments.flask import render_block
from werkzeug.exceptions import HTTPException, InternalServerError

from scorer.storage import club_tables
from scorer.storage import games as store
from scorer.web.core.filters import local_time
from scorer.web.core.htmx import is_htmx
from scorer.web.core.i18n import N_, gettext, tr
from scorer.web.core.phone import phone_said
from scorer.web.core.registry import MODE_PAGES, game_url
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


MESSAGES = {
    400: N_("Diese Anfrage war unvollständig oder unlesbar. Nichts gespeichert."),
    403: N_("Das darf dieses Handy hier nicht. Nichts gespeichert."),
    404: N_("Diese Seite gibt es hier nicht (oder das Spiel nicht mehr)."),
    405: N_("Diese Adresse nimmt das so nicht an: bitte die Knöpfe der Seite benutzen."),
    413: N_("Das ist zu gross: höchstens {limit} auf einmal. Nichts gespeichert."),
    500: N_(
        "Im Jass-Zähler ist ein Fehler passiert. Nichts gespeichert: bitte nochmals versuchen."
    ),
}


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} KB"


def session_expired(_error: CSRFError):
    """A page open too long (or its cookie gone): nothing was saved; say so and let them retry.
    A mode's entry panel comes back with what was typed and a fresh token (its registry's
    `expired`), so one more tap saves it."""
    game_id = (request.view_args or {}).get("game_id")
    pages = next((p for p in MODE_PAGES.values() if p.panel == request.endpoint), None)
    if pages is not None and pages.expired is not None and is_htmx():
        stored = store.load(get_db(), game_id) if isinstance(game_id, int) else None
        if stored is not None and stored.game.KIND == pages.kind:
            return pages.expired(stored)
    return error_page(400, EXPIRED)


def http_error(error: HTTPException):
    """Every refusal of the framework (400, 404, 405, 413, …) as the app's own page."""
    if error.code is None or error.code < 400:
        return error
    limit = request.max_content_length or 0
    message = getattr(error, "words", None) or tr(MESSAGES.get(error.code, MESSAGES[400])).format(
        limit=_size(limit)
    )
    if error.code == 404:
        message = _deleted() or message
    methods = getattr(error, "valid_methods", None) or ()
    html, status, *headers = error_page(error.code, message, methods)
    extra = headers[0] if headers else {}
    if methods:
        extra = {**extra, "Allow": ", ".join(methods)}
    return html, status, extra


def _deleted() -> str | None:
    """Why the game the URL names is not here, when it was deleted: who did it, when, and
    until when it can be brought back."""
    game_id = (request.view_args or {}).get("game_id")
    if not isinstance(game_id, int):
        return None
    try:
        listed = store.listed_game(get_db(), game_id)
    except Exception:  # the page that says something is missing must not break itself
        return None
    if listed is None or listed.deleted is None:
        return None
    moment = local_time(listed.deleted)
    when = who = ""
    if moment:
        when = " " + gettext("am {date} um {time}").format(
            date=f"{moment:%d.%m.%Y}", time=f"{moment:%H:%M}"
        )
    if listed.deleted_by:
        who = " " + gettext("von {phone}").format(phone=phone_said(listed.deleted_by))
    if listed.deleted < store.keep_since():
        return gettext("Dieses Spiel wurde{when}{who} gelöscht.").format(when=when, who=who)
    return gettext(
        "Dieses Spiel wurde{when}{who} gelöscht. Unter «Gelöscht» auf der Startseite lässt es "
        "sich {days} Tage lang zurückholen."
    ).format(when=when, who=who, days=store.KEEP_DAYS)


def server_error(error: InternalServerError):
    """A fault of the app: logged, and said in the table's words; the transaction rolled back."""
    return error_page(500, tr(MESSAGES[500]))


def init_app(app: Flask) -> None:
    """The app's own page for every refusal and fault."""
    app.register_error_handler(CSRFError, session_expired)
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(InternalServerError, server_error)
