"""Pages for any game: the list, the archive and the bin ("Gelöscht"), import, export, the
record of changes, this phone's name, and the app's own error pages."""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime

from flask import (
    Blueprint,
    Response,
    abort,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_wtf.csrf import CSRFError
from markupsafe import Markup, escape
from werkzeug.exceptions import HTTPException, InternalServerError

from scorer import exchange
from scorer.codes import code
from scorer.modes import MODES
from scorer.stakes import Stakes
from scorer.storage import games as store
from scorer.web.club.evening import listed_events
from scorer.web.core import changes as change_words
from scorer.web.core.errors import EXPIRED, error_page
from scorer.web.core.filters import local_time
from scorer.web.core.i18n import N_, Form, gettext, tr
from scorer.web.core.kept import load
from scorer.web.core.links import mine, own_path
from scorer.web.core.messages import say
from scorer.web.core.messages.deck import named, weis_name
from scorer.web.core.phone import (
    DEVICE_COOKIE,
    PHONE_COOKIE,
    PHONE_NAME_MAX,
    clean_name,
    device_id,
    phone_name,
)
from scorer.web.core.registry import MODE_PAGES, game_url, say_for
from scorer.web.core.transfer import attachment
from scorer.web.db import get_db
from scorer.web.games.stakes import described

bp = Blueprint("games", __name__)
bp.add_app_template_global(game_url)
bp.add_app_template_global(weis_name)
bp.add_app_template_global(named)


@bp.app_template_filter("breakable")
def breakable(name: str) -> Markup:
    """A name that may wrap after its joins ("Anna+Ruedi", "Anna & Ruedi", "Ost/West"), never
    inside a word: a line break opportunity (<wbr>) after each +, &, / and -."""
    text = str(escape(name))
    for join in ("+", "&amp;", "/", "-"):
        text = text.replace(join, join + "<wbr>")
    return Markup(text)


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


def _number(text: str | None) -> int:
    """A page number from a URL or a form: 1 to a million, 1 for anything else."""
    try:
        return max(1, min(int(text or "1"), 10**6))
    except ValueError:
        return 1


# The lists of games, by the name a form or a link gives them (`liste`).
LISTS = {"start": ".index", "archiv": ".archived_games", "geloescht": ".deleted_games"}


def _here(name: str, page: int, tidy: bool = False) -> dict:
    """Where a list of games is: which list, which page, tidying or not; as a URL's arguments
    (a form sends them back, so that its answer leads back there)."""
    return (
        {"liste": name}
        | ({"seite": page} if page > 1 else {})
        | ({"aufraeumen": 1} if tidy else {})
    )


def _came_from() -> dict:
    """The list a form or a link came from, as _here() gives it: its page, tidying or not."""
    values = request.values
    name = values.get("liste", "start")
    name = name if name in LISTS else "start"
    tidy = values.get("aufraeumen") == "1" and name == "start"
    return _here(name, _number(values.get("seite")), tidy)


def _list_url(**note) -> str:
    """The list a form or a link came from, with a note on what was just done: `note` is one
    of the arguments _note() reads."""
    args = _came_from()
    return url_for(LISTS[args.pop("liste")], **args, **note)


# What a list says after a move, as long as the game is where it was moved to: the argument,
# the game's places then, and the words.
NOTES = {
    "archiviert": (("archived",), N_("Spiel ins Archiv gelegt.")),
    "geloescht": (
        ("deleted",),
        N_("Spiel gelöscht. Unter «Gelöscht» lässt es sich {days} Tage lang zurückholen."),
    ),
    "zurueck": (("start",), N_("Spiel wieder auf der Startseite.")),
    "zurueckgeholt": (("start", "archived"), N_("Spiel zurückgeholt, mit allen Einträgen.")),
}


def _place(listed: store.Listed) -> str:
    if listed.deleted is not None:
        return "deleted"
    return "archived" if listed.archived is not None else "start"


def _mine(listed: store.Listed) -> bool:
    """Whether this phone's lists show the game."""
    return listed.id in mine() or store.numbered(get_db(), listed.id)


def _note() -> dict | None:
    """The note a list shows after a move (?archiviert=7, ?geloescht=7, ?zurueck=7,
    ?zurueckgeholt=7), with what takes it back; none when the game has moved on since (another
    phone, a later tap)."""
    for name, (place, text) in NOTES.items():
        if name in request.args:
            try:
                game_id = int(request.args[name])
            except ValueError:
                return None
            listed = store.listed_game(get_db(), game_id)
            if listed is None or _place(listed) not in place or not _mine(listed):
                return None
            return {"kind": name, "text": tr(text).format(days=store.KEEP_DAYS), "game": listed}
    return None


def _lists(template: str, name: str, rows, **values):
    """A list of games, 20 at a time (?seite=), with the counts of the archive and the bin."""
    page = _number(request.args.get("seite"))
    listed, more = rows(get_db(), page, mine())
    archived, deleted = store.counts(get_db(), mine())
    tidy = values.get("tidy", False)

    def page_url(number: int, tidy: bool = tidy) -> str:
        """Another page of this list (or this one tidying, or not)."""
        args = _here(name, number, tidy)
        return url_for(LISTS[args.pop("liste")], **args)

    return render_template(
        template,
        listed=listed,
        page=page,
        more=more,
        archived=archived,
        deleted=deleted,
        note=_note(),
        here=_here(name, page, tidy),
        page_url=page_url,
        keep_days=store.KEEP_DAYS,
        **values,
    )


@bp.get("/")
def index():
    """The games kept on this server, running ones first, the newest first, 20 at a time;
    neither archived nor deleted ones. ?aufraeumen=1 shows each game's buttons to archive or
    delete it."""
    tidy = request.args.get("aufraeumen") == "1"
    modes = [MODE_PAGES[kind] for kind in MODES if kind in MODE_PAGES]  # Schieber first
    return _lists(
        "games/index.html", "start", store.listing, modes=modes, tidy=tidy, events=listed_events()
    )


@bp.get("/archiv")
def archived_games():
    """The archive: finished games off the start page, the newest first, 20 at a time."""
    return _lists("games/archive.html", "archiv", store.archive_listing)


@bp.get("/geloescht")
def deleted_games():
    """The bin: games deleted in the last 30 days, the last deleted first, each with who
    deleted it when, how long it can still be brought back, and the button that does it."""
    return _lists(
        "games/bin.html", "geloescht", store.bin_listing, left=_days_left, when=local_time
    )


def _days_left(deleted: str) -> int:
    """How many days a game deleted then can still be restored (at least 1 while it can)."""
    gone = datetime.now(UTC) - datetime.fromisoformat(deleted)
    return max(1, store.KEEP_DAYS - gone.days)


@bp.route("/games/<game:game_id>/delete", methods=["GET", "POST"])
def delete_game(game_id: int):
    """Ask before a game is deleted (a page, not a script's dialog: so it is the same on every
    phone); its button deletes the game into the bin and leads back to the list, which offers
    to bring it back."""
    if request.method == "POST":
        return _move(store.delete, game_id) or redirect(_list_url(geloescht=game_id), 303)
    listed = store.listed_game(get_db(), game_id)
    if listed is None or listed.deleted is not None:
        abort(404)  # the 404 page says when a game was deleted
    return render_template(
        "games/delete.html",
        g=listed,
        here=_came_from(),
        back=_list_url(),
        keep_days=store.KEEP_DAYS,
    )


@bp.post("/games/<game:game_id>/archive")
def archive_game(game_id: int):
    """Put a finished game in the archive; the list it came from says so, with an undo."""
    return _move(store.archive, game_id) or redirect(_list_url(archiviert=game_id), 303)


@bp.post("/games/<game:game_id>/unarchive")
def unarchive_game(game_id: int):
    """Bring an archived game back to the start page."""
    return _move(store.unarchive, game_id) or redirect(_list_url(zurueck=game_id), 303)


@bp.post("/games/<game:game_id>/restore")
def restore_game(game_id: int):
    """Bring a deleted game back with all its entries and changes; the list it came from says
    so, with a link to the game."""
    return _move(store.restore, game_id) or redirect(_list_url(zurueckgeholt=game_id), 303)


RUNNING = N_("Dieses Spiel läuft (wieder): ins Archiv kommen nur beendete Spiele. Nichts geändert.")
EXPIRED_BIN = N_(
    "Dieses Spiel wurde vor mehr als {days} Tagen gelöscht und lässt sich nicht "
    "mehr zurückholen. Nichts geändert."
)


def _move(move, game_id: int):
    """Move the game (archive, unarchive, delete, restore) in one write transaction, once
    however often the form is sent, and kept as a change of the game: None when it is where
    it was asked to be; else the app's page that says why not."""
    try:
        move(get_db(), game_id, phone=phone_name(), token=request.form.get("once") or None)
    except store.Refused as refused:
        if refused.reason == "running":
            return error_page(409, tr(RUNNING))
        if refused.reason == "expired":
            return error_page(410, tr(EXPIRED_BIN).format(days=store.KEEP_DAYS))
        abort(404)  # missing, or deleted: the 404 page says which
    return None


@bp.get("/games/<game:game_id>/export.json")
def export_game(game_id: int):
    """The game's record as a versioned JSON file (docs/export-format.md), with its changes."""
    stored = load(game_id)
    data = exchange.export(stored.game)
    if stored.stakes:
        data["stakes"] = stored.stakes.to_dict()
    changes = store.changes(get_db(), game_id)
    changes = [c for c in changes if c.kind not in store.GAME_KINDS]  # this server's lists
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
    # Compact: indented, a long game's export grew past what an import takes (13 MB for 7.8).
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return attachment(body, "application/json", f"jass-{game_id}.json")


@bp.route("/games/import", methods=["GET", "POST"])
def import_game():
    """Read an exported game back in as a new game in the same state, with its changes."""
    form = Form()  # only for its CSRF token
    error = None
    if request.method == "POST":
        upload = request.files.get("file")
        try:
            if upload is None or not upload.filename:
                raise exchange.ImportProblem(code("import_no_file"))
            game, changes, stakes = exchange.parse_document(upload.read())
            game_id, _ = store.create(
                get_db(),
                game,
                phone=phone_name(),
                token=request.form.get("once") or None,
                kind="import",
                changes=changes,
                stakes=stakes,
            )
        except exchange.ImportProblem as problem:
            error = import_words(problem)
        except store.TooLong:
            error = gettext("Zu lang: ein Spiel hat höchstens {most} Einträge.").format(
                most=store.MAX_ENTRIES
            )
        else:
            return redirect(game_url(game.KIND, game_id), 303)
    return render_template("games/import.html", form=form, error=error), (422 if error else 200)


def import_words(problem: exchange.ImportProblem) -> str:
    """Why a file cannot be imported, in words (with its game's names, when it has a game)."""
    if problem.game is None:
        return say(problem.code)
    return say_for(problem.code, problem.game)


@bp.get("/games/<game:game_id>/changes")
def changes(game_id: int):
    """Every change of a game, the newest first: who, when, what it was and what it became."""
    stored = load(game_id)
    kept = store.changes(get_db(), game_id)
    return render_template(
        "games/changes.html",
        stored=stored,
        game=stored.game,
        game_id=game_id,
        lines=[change_line(stored.game, c) for c in reversed(kept)],
        back=game_url(stored.game.KIND, game_id),
    )


# The changes of the game itself, not of an entry: where it was listed.
GAME_CHANGE_WORDS = {
    "archive": N_("Spiel ins Archiv gelegt"),
    "unarchive": N_("Spiel aus dem Archiv zurück auf die Startseite geholt"),
    "delete-game": N_("Spiel gelöscht"),
    "restore": N_("Spiel zurückgeholt"),
    "new-links": N_("Neue Links gemacht: die alten öffnen das Spiel nicht mehr"),
}


def change_line(game, change: store.Change) -> change_words.ChangeLine:
    """A kept change in words: a change of the game itself, or of one of its entries."""
    what = GAME_CHANGE_WORDS.get(change.kind)
    if change.kind == "stakes":
        after = change.after and Stakes.from_dict(change.after)
        what = (
            gettext("Einsatz: {stakes}").format(stakes=described(game.KIND, after))
            if after
            else gettext("Ohne Einsatz")
        )
    if what is None:
        return change_words.change_line(game, change)
    return change_words.ChangeLine(local_time(change.at), change.phone, tr(what), None, None, None)


@bp.route("/phone", methods=["GET", "POST"])
def name_phone():
    """This phone's name, as the record of changes shows it; kept in a cookie."""
    form = Form()
    back = request.values.get("back", "")
    back = own_path(back, url_for(".index"))
    error = None
    if request.method == "POST":
        name = clean_name(request.form.get("name"), PHONE_NAME_MAX)
        if not name:
            error = gettext("Bitte einen Namen eingeben, zum Beispiel «Anna» oder «Tisch 3».")
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
        who = " " + gettext("von {phone}").format(phone=listed.deleted_by)
    if listed.deleted < store.keep_since():
        return gettext("Dieses Spiel wurde{when}{who} gelöscht.").format(when=when, who=who)
    return gettext(
        "Dieses Spiel wurde{when}{who} gelöscht. Unter «Gelöscht» auf der Startseite lässt es "
        "sich {days} Tage lang zurückholen."
    ).format(when=when, who=who, days=store.KEEP_DAYS)


@bp.app_errorhandler(InternalServerError)
def server_error(error: InternalServerError):
    """A fault of the app: logged, and said in the table's words; the transaction rolled back."""
    return error_page(500, tr(MESSAGES[500]))
