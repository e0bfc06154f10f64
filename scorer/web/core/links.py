"""Private links in URLs: a game's pages are found by its writer's key, never by a number that
anyone on the Wi-Fi could count up; its watch link (read only) by the watchers' key. Each phone
remembers the games it started or opened with their writer's link (a signed cookie), and its
lists show those.

A URL part `<game:game_id>` takes the writer's key and gives the view the game's id; url_for()
turns the id back into the key. `<watch:game_id>` does the same with the watchers' key.
"""

from __future__ import annotations

import ipaddress
import re

from flask import Flask, current_app, g, redirect, request, session, url_for
from flask_babel import lazy_gettext
from werkzeug.exceptions import Forbidden
from werkzeug.routing import BaseConverter, ValidationError

from scorer.storage import links
from scorer.web.core import network
from scorer.web.db import get_db

MINE = "mine"  # the session's list of this phone's games
MINE_MAX = 300  # the newest ones, as many as a cookie holds with room to spare
KEY_PATTERN = r"[A-Za-z0-9_-]{24}"


class WatchOnly(Forbidden):
    """A change asked through a watch link: refused, whatever the form carried."""

    words = lazy_gettext(
        "Dieser Link ist zum Zuschauen: eintragen und ändern kann nur ein Handy mit dem Link "
        "zum Schreiben. Nichts gespeichert."
    )


def _keys(game_id: int) -> links.Keys:
    """The game's keys, read once per request (with the game, when its link opened it)."""
    known = g.setdefault("game_keys", {})
    if game_id not in known:
        found = links.keys(get_db(), game_id)
        if found is None:
            raise ValueError(f"no game {game_id}")
        known[game_id] = found
    return known[game_id]


def keys_now(game_id: int, found: links.Keys) -> None:
    """The game's keys for the rest of this request: as read with the game when its link
    opened it (no second query for the page's links), or as just renewed."""
    g.setdefault("game_keys", {})[game_id] = found


class GameLink(BaseConverter):
    """The writer's key of a game in a URL (or the number of a game stored before keys)."""

    regex = f"{KEY_PATTERN}|[0-9]{{1,19}}"
    part_isolating = True

    def to_python(self, value: str) -> int:
        found = links.find(get_db(), value)
        if found is None:
            raise ValidationError()  # no game: 404
        if found.role == "watch":
            raise WatchOnly()
        g.writer_of = found.game_id
        g.numbered = found.numbered
        keys_now(found.game_id, found.keys)
        return found.game_id

    def to_url(self, value) -> str:
        return value if isinstance(value, str) else _keys(int(value)).write


class WatchLink(BaseConverter):
    """The watchers' key of a game in a URL."""

    regex = KEY_PATTERN
    part_isolating = True

    def to_python(self, value: str) -> int:
        found = links.find(get_db(), value)
        if found is None or found.role != "watch":
            raise ValidationError()
        keys_now(found.game_id, found.keys)
        return found.game_id

    def to_url(self, value) -> str:
        return value if isinstance(value, str) else _keys(int(value)).watch


def mine() -> list[int]:
    """The games this phone started or opened with their writer's link, newest first."""
    kept = session.get(MINE)
    if not isinstance(kept, list):
        return []
    return [i for i in kept if isinstance(i, int) and 0 < i < 2**63]


def remember(game_id: int) -> None:
    """Keep the game in this phone's lists (the newest MINE_MAX of them)."""
    kept = mine()
    if game_id in kept:
        return
    session[MINE] = sorted([game_id, *kept], reverse=True)[:MINE_MAX]
    session.permanent = True


# A path of this site: one slash, then no second one and no backslash (a browser reads a
# backslash as a slash: two make another site's address), and no space or control character
# (a browser drops tabs and line breaks from a URL, and a header cannot hold them).
_OWN_PATH = re.compile(r"/(?![/\\])[^\x00-\x20\x7f\\]*")


def own_path(path: str, fallback: str) -> str:
    """`path` (a form's `back`) if it is a path of this site, else `fallback`."""
    return path if _OWN_PATH.fullmatch(path) else fallback


def public_url(path: str) -> str:
    """The whole address of a path as another phone on the table's Wi-Fi can open it: the
    server's address in the network when this page was opened as localhost, if the server
    listens there (HOST 0.0.0.0, as `make run` serves); a server on 127.0.0.1 alone is reached
    from this machine only, and its links say so by staying as opened."""
    base = request.host_url.rstrip("/")
    host = request.host.rsplit(":", 1)[0].strip("[]")
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if loopback and current_app.config.get("HOST", "0.0.0.0") in ("0.0.0.0", "", "::"):
        found = network.lan_addresses()
        if found:
            port = request.host.rsplit(":", 1)[1] if ":" in request.host else ""
            base = f"{request.scheme}://{found[0]}" + (f":{port}" if port else "")
    return base + path


def _refuse_watchers() -> None:
    """Before anything else (the CSRF check too): a watch link in a writer's URL is refused
    with 403, whatever the request carried."""
    if isinstance(request.routing_exception, WatchOnly):
        raise request.routing_exception


def _numbered_to_key():
    """An old numbered link opened: the same page under the game's writer's link."""
    if g.get("numbered") and request.method in ("GET", "HEAD") and request.endpoint:
        args = request.args.to_dict(flat=False)
        return redirect(url_for(request.endpoint, **(request.view_args or {}), **args), 302)
    return None


def _remember_opened(response):
    """A game opened with its writer's link stays in this phone's lists. Not on htmx's own
    reads (previews, polls): they carry no form, and a session cookie they set could overtake
    the one a form's answer sets at the same moment, taking its CSRF token with it."""
    game_id = g.get("writer_of")
    quiet_read = request.method in ("GET", "HEAD") and request.headers.get("HX-Request")
    if game_id is not None and response.status_code < 400 and not quiet_read:
        remember(game_id)
    return response


def init_app(app: Flask) -> None:
    """The converters, before any route uses them; the watchers' refusal before the CSRF
    check; the redirect of old numbered links; and this phone's list of games."""
    app.url_map.converters["game"] = GameLink
    app.url_map.converters["watch"] = WatchLink
    app.before_request(_refuse_watchers)
    app.before_request(_numbered_to_key)
    app.after_request(_remember_opened)
