"""The lists of games: the start page (running games first), the archive and the bin
("Gelöscht"), and moving a game between them."""

from __future__ import annotations

from datetime import UTC, datetime

from flask import (
    abort,
    redirect,
    render_template,
    request,
    url_for,
)

from scorer.modes import MODES
from scorer.storage import games as store
from scorer.web.club.evening import listed_events
from scorer.web.core.errors import error_page
from scorer.web.core.filters import local_time
from scorer.web.core.i18n import N_, tr
from scorer.web.core.links import mine
from scorer.web.core.phone import (
    recorded_phone,
)
from scorer.web.core.registry import MODE_PAGES
from scorer.web.db import get_db
from scorer.web.games.blueprint import bp
from scorer.web.games.forms import ListArgs, TokenForm

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
    form = ListArgs(request.values)
    name = form.liste.data if form.liste.data in LISTS else "start"
    return _here(name, form.page, form.tidy and name == "start")


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
    form = ListArgs(request.args)
    for name, (place, text) in NOTES.items():
        if form[name].raw_data:
            game_id = form[name].data
            if game_id is None:
                return None
            listed = store.listed_game(get_db(), game_id)
            if listed is None or _place(listed) not in place or not _mine(listed):
                return None
            return {"kind": name, "text": tr(text).format(days=store.KEEP_DAYS), "game": listed}
    return None


def _lists(template: str, name: str, rows, **values):
    """A list of games, 20 at a time (?seite=), with the counts of the archive and the bin."""
    page = ListArgs(request.args).page
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
    tidy = ListArgs(request.args).tidy
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
        token = TokenForm(request.form).once.data or None
        move(get_db(), game_id, phone=recorded_phone(), token=token)
    except store.Refused as refused:
        if refused.reason == "running":
            return error_page(409, tr(RUNNING))
        if refused.reason == "expired":
            return error_page(410, tr(EXPIRED_BIN).format(days=store.KEEP_DAYS))
        abort(404)  # missing, or deleted: the 404 page says which
    return None
