"""The web app: Flask views over the rules engine and the game store."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from importlib import import_module
from pathlib import Path

from flask import Flask, current_app, request
from flask import Request as FlaskRequest
from flask.sessions import SecureCookieSessionInterface
from jinja2.runtime import Macro
from werkzeug.exceptions import RequestEntityTooLarge

from scorer.modes import MODES
from scorer.web.extensions import csrf


def _secret_key(instance: Path) -> str:
    """The instance's own secret, made once and kept in instance/secret_key, readable only by
    the user the app runs as."""
    path = instance / "secret_key"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as file:
            file.write(secrets.token_hex(32))
    return path.read_text().strip()


def private_folder(path: Path) -> None:
    """instance/ (the database, the secret) open to the app's user alone, whatever the umask,
    also where an earlier version made it readable by all."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    path.chmod(0o700)


IMPORTS = ("games.import_game", "club_exchange.import_event")


class Request(FlaskRequest):
    """A request whose size limits fit what it carries: an import (a file of the largest game
    with its changes) may be IMPORT_MAX_SIZE, everything else MAX_CONTENT_LENGTH, and a form
    field MAX_FORM_MEMORY_SIZE (Werkzeug counts an uploaded file's lines as form memory too)."""

    @property
    def max_content_length(self) -> int | None:
        """The limit of this request's body."""
        if self.endpoint in IMPORTS:
            return self._config("IMPORT_MAX_SIZE")
        return super().max_content_length

    @property
    def max_form_memory_size(self) -> int | None:
        """The limit of one form field in memory."""
        if self.endpoint in IMPORTS:
            return self._config("IMPORT_MAX_SIZE")
        return super().max_form_memory_size

    @staticmethod
    def _config(name: str) -> int | None:

        return current_app.config[name]


class SessionCookies(SecureCookieSessionInterface):
    """The session cookie is Secure whenever the page came over HTTPS (behind a proxy too)."""

    def get_cookie_secure(self, app: Flask) -> bool:
        """Secure by setting, or because this request is HTTPS."""
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


# The rooms whose blueprints the app registers, in this order: the pages for any game, each
# mode's pages (its room scorer/web/<kind>/views.py, for every mode of scorer.modes), and the
# rest. The pages for any game are one blueprint that several modules add their routes to.
ROUTES = ("games.lists", "games.exchange", "games.changes", "games.phone")
ROOMS = (
    "games.blueprint",
    *(f"{kind}.views" for kind in MODES),
    "games.share",
    "games.stakes",
    "phone_app",
    "club.evening",
    "club.tables",
    "club.season",
    "club.standings",
    "club.paper",
    "club.exchange",
    "lookback.views",
)


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app; tests pass their own DATABASE and SECRET_KEY.

    Settings from the environment: SECRET_KEY (else instance/secret_key), and any Flask
    setting as FLASK_<NAME> (FLASK_DATABASE: the SQLite file, default instance/scorer.db).
    Behind a reverse proxy, waitress reads the forwarded headers (TRUST_PROXY, serve.py).
    """
    root = Path(__file__).resolve().parents[2]
    app = Flask(
        __name__,
        instance_path=str(root / "instance"),
        instance_relative_config=True,
        template_folder=str(root / "templates"),
        static_folder=str(root / "static"),
    )
    app.config.update(
        DATABASE=str(Path(app.instance_path) / "scorer.db"),
        # A phone left open all evening must still be able to save a hand.
        WTF_CSRF_TIME_LIMIT=None,
        # The largest export a game can reach (its entries and MAX_CHANGES changes) is 12.2 MB
        # (tests/web/test_largest_export.py); an import takes it with a third to spare. No
        # other form comes near 256 KB, nor one of its fields near 64 KB.
        IMPORT_MAX_SIZE=16 * 1024 * 1024,
        MAX_CONTENT_LENGTH=256 * 1024,
        MAX_FORM_MEMORY_SIZE=64 * 1024,
        MAX_FORM_PARTS=500,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        # The session keeps this phone's list of games: a year from its last change (a new
        # game, a link opened), like its name. Sent only when it changed, not with every answer.
        PERMANENT_SESSION_LIFETIME=timedelta(days=365),
        SESSION_REFRESH_EACH_REQUEST=False,
        TIMEZONE=os.environ.get("TZ_TABLE", "Europe/Zurich"),
        # Where the server listens (make run's HOST): a page opened as localhost shares links
        # with the machine's address in the network only when phones there can reach it.
        HOST=os.environ.get("HOST", "0.0.0.0"),
    )
    if test_config is None:
        private_folder(Path(app.instance_path))
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env()  # FLASK_DATABASE=... and any other setting
        app.config["SECRET_KEY"] = (
            os.environ.get("SECRET_KEY")
            or app.config.get("SECRET_KEY")
            or _secret_key(Path(app.instance_path))
        )
    else:
        app.config.update(test_config)
    app.session_interface = SessionCookies()
    app.request_class = Request

    from scorer.web import commands, db
    from scorer.web.core import errors, filters, hosts, i18n, links, phone, rendered, transfer

    hosts.init_app(app)  # a Host header it cannot use is refused before anything else
    links.init_app(app)  # its converters before the routes, its refusal before the CSRF check
    app.before_request(_form_limits)  # before the CSRF check reads the form
    csrf.init_app(app)
    i18n.init_app(app)  # Flask-Babel: the phone's language, for pages and for Flask-WTF

    db.init_app(app)
    commands.init_app(app)
    transfer.init_app(app)
    phone.init_app(app)
    errors.init_app(app)
    filters.init_app(app)
    for room in ROUTES:  # modules that add routes to another module's blueprint
        import_module(f"scorer.web.{room}")
    for room in ROOMS:
        app.register_blueprint(import_module(f"scorer.web.{room}").bp)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.jinja_env.add_extension("jinja2.ext.do")
    app.add_template_global(rendered.kept)  # parts rendered once per process
    _share_macros(app)
    return app


class FieldTooLarge(RequestEntityTooLarge):
    """A form field, or a number of fields, beyond what any form of the app sends."""

    @property
    def words(self) -> str:
        from scorer.web.core.i18n import gettext

        limit = request.max_form_memory_size or 0
        words = gettext("Das ist zu gross: höchstens {limit} auf einmal. Nichts gespeichert.")
        return words.format(limit=f"{limit // 1024} KB")


def _form_limits() -> None:
    """Werkzeug holds a multipart form to MAX_FORM_MEMORY_SIZE a field and MAX_FORM_PARTS
    fields, but reads a url-encoded one whole, without either: the same limits for it here."""
    if request.mimetype != "application/x-www-form-urlencoded":
        return
    fields = list(request.form.items(multi=True))
    most = request.max_form_memory_size
    if len(fields) > (request.max_form_parts or len(fields)) or (
        most and any(len(value.encode()) > most for _, value in fields)
    ):
        raise FieldTooLarge()


def _share_macros(app: Flask) -> None:
    """The macros every page uses (templates/_macros.html) as globals of every template, the
    last globals added: no template imports them, and a block that htmx asks for alone (a
    page's live part) does not import them again for each block inside it."""
    shared = app.jinja_env.get_template("_macros.html").module
    macros = {name: value for name, value in vars(shared).items() if isinstance(value, Macro)}
    app.jinja_env.globals.update(macros)
    from scorer.web.core.htmx import partial

    app.add_template_global(partial)
