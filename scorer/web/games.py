"""Pages for any game: the list, import, export, the record of changes, this phone's name, and
the app's own error pages."""

from __future__ import annotations

import json
import secrets

from flask import (
    Blueprint,
    Response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_wtf import FlaskForm
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError

from scorer import exchange
from scorer.codes import code
from scorer.storage import games as store
from scorer.web import words
from scorer.web.db import get_db
from scorer.web.messages import say
from scorer.web.messages.deck import weis_name
from scorer.web.pages import (
    DEVICE_COOKIE,
    EXPIRED,
    MODE_PAGES,
    PHONE_COOKIE,
    PHONE_NAME_MAX,
    clean_name,
    device_id,
    error_page,
    game_url,
    load,
    phone_name,
    say_for,
)

bp = Blueprint("games", __name__)
bp.add_app_template_global(game_url)
bp.add_app_template_global(weis_name)


@bp.app_template_filter("say")
def say_filter(problem, game) -> str:
    """{{ line | say(game) }}: what the engine said, in the words of this game's table."""
    return say_for(problem, game)


YEAR = 365 * 24 * 3600


@bp.after_app_request
def device_cookie(response: Response) -> Response:
    """Every browser gets a random id once: its phone's default name is made from it."""
    if not device_id():
        response.set_cookie(
            DEVICE_COOKIE,
            secrets.token_hex(8),
            max_age=YEAR,
            httponly=True,
            samesite="Lax",
            secure=request.is_secure,
        )
    response.vary.add("HX-Request")  # pages and fragments share URLs
    return response


@bp.get("/")
def index():
    """The games kept on this server, running ones first, the newest first, 20 at a time."""
    try:
        page = max(1, min(int(request.args.get("seite", "1")), 10**6))
    except ValueError:
        page = 1
    listed, more = store.listing(get_db(), page)
    modes = MODE_PAGES.values()
    return render_template("games/index.html", listed=listed, page=page, more=more, modes=modes)


@bp.get("/games/<int:game_id>/export.json")
def export_game(game_id: int):
    """The game's record as a versioned JSON file (docs/export-format.md), with its changes."""
    stored = load(game_id)
    data = exchange.export(stored.game)
    changes = store.changes(get_db(), game_id)
    if changes:
        numbers = {entry_id: i + 1 for i, entry_id in enumerate(stored.entry_ids)}
        data["changes"] = [
            {
                "time": c.at,
                "phone": c.phone,
                "kind": c.kind,
                "hand": c.number,
                "now": numbers.get(c.entry_id),
                "before": c.before,
                "after": c.after,
            }
            for c in changes
            if c.kind not in ("create", "import")
        ]
    body = json.dumps(data, ensure_ascii=False, indent=2)
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="jass-{game_id}.json"'},
    )


@bp.route("/games/import", methods=["GET", "POST"])
def import_game():
    """Read an exported game back in as a new game in the same state, with its changes."""
    form = FlaskForm()  # only for its CSRF token
    error = None
    if request.method == "POST":
        upload = request.files.get("file")
        try:
            if upload is None or not upload.filename:
                raise exchange.ImportProblem(code("import_no_file"))
            game, changes = exchange.parse_with_changes(upload.read())
            game_id, _ = store.create(
                get_db(),
                game,
                phone=phone_name(),
                token=request.form.get("once") or None,
                kind="import",
                changes=changes,
            )
        except exchange.ImportProblem as problem:
            error = import_words(problem)
        except store.TooLong:
            error = f"Zu lang: ein Spiel hat höchstens {store.MAX_ENTRIES} Einträge."
        else:
            return redirect(game_url(game.KIND, game_id), 303)
    return render_template("games/import.html", form=form, error=error), (422 if error else 200)


def import_words(problem: exchange.ImportProblem) -> str:
    """Why a file cannot be imported, in words (with its game's names, when it has a game)."""
    if problem.game is None:
        return say(problem.code)
    return say_for(problem.code, problem.game)


@bp.get("/games/<int:game_id>/changes")
def changes(game_id: int):
    """Every change of a game, the newest first: who, when, what it was and what it became."""
    stored = load(game_id)
    kept = store.changes(get_db(), game_id)
    return render_template(
        "games/changes.html",
        stored=stored,
        game=stored.game,
        game_id=game_id,
        lines=[words.change_line(stored.game, c) for c in reversed(kept)],
        back=game_url(stored.game.KIND, game_id),
    )


@bp.route("/phone", methods=["GET", "POST"])
def name_phone():
    """This phone's name, as the record of changes shows it; kept in a cookie."""
    form = FlaskForm()
    back = request.values.get("back", "")
    back = back if back.startswith("/") and not back.startswith("//") else url_for(".index")
    error = None
    if request.method == "POST":
        name = clean_name(request.form.get("name"), PHONE_NAME_MAX)
        if not name:
            error = "Bitte einen Namen eingeben, zum Beispiel «Anna» oder «Tisch 3»."
        else:
            response = redirect(back, 303)
            response.set_cookie(
                PHONE_COOKIE,
                name,
                max_age=YEAR,
                samesite="Lax",
                httponly=True,
                secure=request.is_secure,
            )
            return response
    return render_template(
        "games/phone.html",
        form=form,
        name=phone_name(),
        back=back,
        error=error,
        limit=PHONE_NAME_MAX,
    ), (422 if error else 200)


# --- errors, in the app's own words ---------------------------------------------------------

MESSAGES = {
    400: "Diese Anfrage war unvollständig oder unlesbar. Nichts gespeichert.",
    403: "Das darf dieses Handy hier nicht. Nichts gespeichert.",
    404: "Diese Seite gibt es hier nicht (oder das Spiel nicht mehr).",
    405: "Diese Adresse nimmt das so nicht an: bitte die Knöpfe der Seite benutzen.",
    413: "Das ist zu gross: höchstens {limit} auf einmal. Nichts gespeichert.",
    500: "Im Jass-Zähler ist ein Fehler passiert. Nichts gespeichert: bitte nochmals versuchen.",
}


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} KB"


@bp.app_errorhandler(CSRFError)
def session_expired(_error: CSRFError):
    """A page open too long (or its cookie gone): nothing was saved; say so and let them retry.

    A mode's own panel answers this itself (its blueprint's handler comes first), with what was
    typed and a fresh token, so one more tap saves it.
    """
    return error_page(400, EXPIRED)


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException):
    """Every refusal of the framework (400, 404, 405, 413, …) as the app's own page."""
    if error.code is None or error.code < 400:
        return error
    limit = request.max_content_length or 0
    message = MESSAGES.get(error.code, MESSAGES[400]).format(limit=_size(limit))
    methods = getattr(error, "valid_methods", None) or ()
    html, status, *headers = error_page(error.code, message, methods)
    extra = headers[0] if headers else {}
    if methods:
        extra = {**extra, "Allow": ", ".join(methods)}
    return html, status, extra


@bp.app_errorhandler(InternalServerError)
def server_error(error: InternalServerError):
    """A fault of the app: logged, and said in the table's words; the transaction rolled back."""
    return error_page(500, MESSAGES[500])
