"""The scorer as an app on the phone: the web app manifest (name, colours, icons: what "Zum
Startbildschirm hinzufügen" installs) and the service worker, both served from the site root,
since a worker only controls the pages below the folder it comes from."""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, request, url_for
from flask_babel import force_locale

from scorer.web.core.htmx import POLL
from scorer.web.core.i18n import LANGUAGES, gettext
from scorer.web.core.transfer import static_url

bp = Blueprint("phone_app", __name__)

NAME = "Jass-Zähler"
# The chalkboard: the bar at the top of every page, and the splash screen while the app opens.
BAR = "#26332d"
# The app shell, kept by the worker for a page without network: every style sheet, script and
# SVG of static/. The PNG icons are the launcher's business, not a page's.
SHELL_SUFFIXES = (".css", ".js", ".svg")
ICONS = [
    ("favicon.svg", "any", "image/svg+xml", "any"),
    ("icon-192.png", "192x192", "image/png", "any"),
    ("icon-512.png", "512x512", "image/png", "any"),
    ("icon-maskable-512.png", "512x512", "image/png", "maskable"),
]


def shell() -> list[str]:
    """The fingerprinted URLs of the app shell, in a stable order."""
    folder = Path(current_app.static_folder)
    names = sorted(p.name for p in folder.iterdir() if p.suffix in SHELL_SUFFIXES)
    return [static_url(name) for name in names]


def offline_words() -> dict[str, str]:
    """What the worker says, in each of the app's languages, when a page was never kept on the
    phone and the network is gone (it picks the phone's first language it has)."""
    words = {}
    for language in LANGUAGES:
        with force_locale(language):
            words[language] = gettext(
                "Kein Netz, und diese Seite war auf diesem Handy noch nie offen. Sobald das Netz "
                "zurück ist, die Seite neu laden."
            )
    return words


@bp.route("/sw.js")
def service_worker() -> Response:
    """The service worker. Its cache of the shell is named after the shell's fingerprints, so a
    changed file makes a new worker, which drops the old cache when it takes over. Asked for
    again on every visit (no-cache), answered 304 while unchanged."""
    urls = shell()
    version = hashlib.blake2s("\n".join(urls).encode(), digest_size=5).hexdigest()
    script = render_template(
        "phone_app/sw.js",
        shell=urls,
        version=version,
        static=url_for("static", filename=""),
        poll=POLL,
        start=url_for("games.index"),
        nothing=offline_words(),
    )
    response = Response(script, mimetype="text/javascript")
    response.cache_control.no_cache = True
    response.add_etag()
    return response.make_conditional(request)


@bp.route("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: the installed app opens on the list of games, without the
    browser's address bar."""
    data = {
        "name": NAME,
        "short_name": "Jass",
        "description": "Die Jasstafel auf dem Handy: Schieber, Handjass, Differenzler, Coiffeur.",
        "lang": "de-CH",
        "id": "/",
        "start_url": url_for("games.index"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": BAR,
        "background_color": BAR,
        "icons": [
            {"src": static_url(name), "sizes": sizes, "type": kind, "purpose": purpose}
            for name, sizes, kind, purpose in ICONS
        ],
    }
    response = current_app.json.response(data)
    response.mimetype = "application/manifest+json"
    response.cache_control.no_cache = True
    response.add_etag()
    return response.make_conditional(request)
