"""What htmx asks of a page: whether a request wants a fragment, a template's blocks and
partials rendered alone, and the board a page polls (a 304 while the game did not change)."""

from __future__ import annotations

from collections.abc import Callable

from flask import abort, current_app, make_response, request
from jinja2_fragments.flask import render_block

from scorer.storage import games as store
from scorer.web.core.i18n import DEFAULT as DEFAULT_LANGUAGE
from scorer.web.core.i18n import language
from scorer.web.core.kept import load, positive_id
from scorer.web.db import get_db


def is_htmx() -> bool:
    """An htmx request that wants a fragment (not a history restore, which wants the page)."""
    return bool(request.headers.get("HX-Request")) and not request.headers.get(
        "HX-History-Restore-Request"
    )


def partial(name: str):
    """The macros of a partial template, `partial("schieber/_rows.html").row` (a template
    global too): what `{% from name import row %}` gives, without that statement's comparison
    of the page's hundred-odd globals with the partial's on every render (a tenth of an entry's
    answer). Blocks that htmx renders alone take their partials' macros this way."""
    return current_app.jinja_env.get_template(name).module


def live(template: str, values: dict, rows: tuple[str, int]) -> str:
    """The live part of a game's page for htmx, and of its history only what changed: the row
    an entry added or changed, or the row it removed; the whole history when more changed.
    A row is the macro `row` of the `_rows.html` beside the page's template."""
    html = render_block(template, "live", **values)
    kind, number = rows
    if kind == "delete":
        return html + f'<li id="row-{number}" hx-swap-oob="delete"></li>'
    if kind == "all":
        return html + render_block(template, "history", **{**values, "oob": True})
    macro = partial(f"{template.rpartition('/')[0]}/_rows.html").row
    state = values["state"]
    row = str(macro(state.rows[number - 1], values, oob=kind == "replace"))  # not Markup: it
    # would escape the text it is added to
    return html + (f'<ol hx-swap-oob="afterbegin:#rows">{row}</ol>' if kind == "add" else row)


POLL = "tafel"  # ?teil=tafel: the board alone, as every open page of a game polls it


def polled_board(game_id: int, kind: str, template: str, context: Callable[[store.Stored], dict]):
    """The board block alone for a page that polls it (?teil=tafel), or None for any other
    request. While the game's version is the one the page has (its ETag), the answer is a 304
    that costs one small query: no game is loaded, nothing replayed."""
    if request.args.get("teil") != POLL:
        return None
    version = store.version(get_db(), positive_id(game_id))
    if version is None:
        abort(404)
    tag = f"{kind}-{game_id}-{version}"
    if language() != DEFAULT_LANGUAGE:  # a board cached in another language is no match
        tag += f"-{language()}"
    if request.if_none_match.contains_weak(tag):
        response = make_response("", 304)
    else:
        stored = load(game_id, kind)
        response = make_response(render_block(template, "board", **context(stored)))
    # Weak: the same board, however it is compressed (Flask-Compress marks a strong tag with
    # its encoding, and the phone would ask with a tag no version has).
    response.set_etag(tag, weak=True)
    response.cache_control.no_cache = True  # the browser asks again each time, with the tag
    return response
