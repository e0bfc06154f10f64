"""A table's phone at a club evening (`/tisch/<key>`): it writes that table's games of that
Passe and nothing else. A game is two digits and the side that made them (the other side has
the rest of 157), or a Match (at an evening with multipliers: the points, their side, then the
contract called); the Passe is handed in when every game is in and the sums are
right; then the other side confirms with one tap, or objects with a reason (Einspruch), which
flags the table on the leader's page.

Every write carries the table's version the phone saw: a stale one is refused with the table
as it now stands, never written over what the phone has not seen. The key of a table whose
Passe was drawn anew opens a page that says so (410), and where its players sit now.
"""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import NotFound

from scorer.club.results import progress
from scorer.club.standings import GAME_POINTS, dealer_seat, side_scores, vorhand_seat
from scorer.storage import club as events
from scorer.storage import club_tables as store
from scorer.web.club.forms import ChoiceForm, DisputeForm, GameForm, TableArgs, TableForm
from scorer.web.core.errors import EXPIRED, error_page
from scorer.web.core.forms import field_errors
from scorer.web.core.htmx import is_htmx
from scorer.web.core.i18n import gettext
from scorer.web.core.messages import say
from scorer.web.core.messages.deck import named
from scorer.web.core.phone import phone_name
from scorer.web.db import get_db

bp = Blueprint("club_table", __name__, url_prefix="/tisch")
SEATS = ("A1", "B1", "A2", "B2", "A3", "B3")


class NoTable(NotFound):
    """A key that opens no table (mistyped, or its evening gone): opened, a plain 404; a post
    says too that nothing was stored, and where a table's link comes from."""

    @property
    def words(self) -> str | None:
        if request.method != "POST":
            return None  # the app's own words for a page that is not here
        return gettext(
            "Nichts gespeichert: dieser Link öffnet keinen Tisch (mehr). Den Link eures "
            "Tisches zeigt die Spielleitung als QR-Code."
        )


class Redrawn(Exception):
    """The key is that of a table whose Passe the leader drew anew since."""

    def __init__(self, table: store.RedrawnTable):
        super().__init__(table)
        self.table = table


def _table(key: str) -> tuple[store.StoredTable, events.StoredEvent]:
    """The table the key opens and its evening; Redrawn for the key of a table whose Passe was
    drawn anew (also when the redraw came between finding the table and reading it: the number
    is then another table's, under another key), 404 for any other."""
    db = get_db()
    found = store.find(db, key)
    table = store.load(db, *found) if found else None
    if table is None or table.key != key:
        gone = store.redrawn(db, key)
        if gone is None:
            raise NoTable()
        raise Redrawn(gone)
    return table, events.load(db, table.event_id)


@bp.errorhandler(Redrawn)
def redrawn(error: Redrawn):
    """A table phone still on a table of a Passe drawn anew (a reload, or a game sent as the
    leader drew): no bare "not found", but what happened, that nothing stored was lost, and
    where its players sit now; a post is refused in the same words and stores nothing. Gone
    (410). Posted with htmx from the table's panel, the answer takes the whole page's <main>,
    so the old table's name and seats do not stay above it."""
    gone = error.table
    db = get_db()
    stored = events.load(db, gone.event_id)
    names = {p.number: p.name for p in stored.players}
    plan = stored.plans[gone.passe - 1]  # the draw that stands
    now = {
        player: (number, SEATS[seat])
        for number, seated in enumerate(plan.tables, 1)
        for seat, player in enumerate(seated)
    }
    seats = [(names[p], *now[p]) for p in gone.seats if p in now]
    sit_out = ", ".join(names[p] for p in gone.seats if p in plan.sit_out)
    # Drawn anew from the field as it stands: who left since sits nowhere, nor out.
    left = ", ".join(names[p] for p in gone.seats if p not in now and p not in plan.sit_out)
    # The projector shows the seat plan of the latest Passe while it is played (its first
    # pages): read only, it is the room's, and it gives out no table's key.
    found = store.tables(db, stored.id)
    playing = gone.passe == len(stored.plans) and not progress(stored.plans, found)[-1].complete
    screen = url_for("club_standings.screen", key=stored.screen_key, seite=1) if playing else None
    html = render_template(
        "club/redrawn.html",
        stored=stored,
        gone=gone,
        seats=seats,
        sit_out=sit_out,
        left=left,
        screen=screen,
        posted=request.method == "POST",
    )
    headers = {"Cache-Control": "no-store"}
    if is_htmx():
        headers |= {"HX-Retarget": "main", "HX-Reselect": "main", "HX-Reswap": "outerHTML"}
    return html, 410, headers


@bp.after_request
def beside_the_panel(response):
    """The app's error card for an htmx post of the table's panel (a key that opens no table, a
    413, a fault) goes to the table's own message area in #live, not to the page's flash area
    (where `pages.error_page` sends it): next to what was tapped, and gone with the next
    answer's #live, so that no "Nichts gespeichert" stays above a game stored since."""
    if response.headers.get("HX-Retarget") == "#flash":
        response.headers["HX-Retarget"] = "#table-flash"
    return response


@bp.errorhandler(CSRFError)
def session_expired(_error: CSRFError):
    """A stale token (the page open too long, or the phone's cookie gone) on a table's post:
    nothing stored; the table's page comes back with the words, what was typed and a fresh
    token, so one more tap saves it. A key drawn anew answers as ever (410); one that opens no
    table gets the app's own page."""
    key = (request.view_args or {}).get("key")
    try:
        table, stored = _table(key) if isinstance(key, str) else (None, None)
    except Redrawn as gone:
        return redrawn(gone)
    except NotFound:
        table = None
    if table is None:
        return error_page(400, EXPIRED)
    form = GameForm(request.form)
    editing = form.editing(table) if request.endpoint == "club_table.enter" else None
    typed = form.typed() | DisputeForm(request.form).typed()
    return _page(table, stored, key, {"table": EXPIRED}, 422, editing=editing, typed=typed)


def sides(seats, names: dict[int, str]) -> list[str]:
    """Each side of a table as it is called: its players' names joined (partners sit at the
    seats of one parity: A1 A2 [A3] against B1 B2 [B3])."""
    return [" & ".join(names[p] for p in seats[side::2]) for side in (0, 1)]


@bp.get("/<key>")
def show(key: str):
    """The table's page: who sits where, the games so far with the sums, and the panel for the
    next game (or for game ?spiel=N to change it), or where the handed-in Passe stands."""
    table, stored = _table(key)
    number = TableArgs(request.args).spiel.data
    editing = number if number and number <= len(table.games) else None
    return _page(table, stored, key, {}, 200, editing=editing)


@bp.post("/<key>/spiele")
def enter(key: str):
    """One game: the points typed belong to the side whose button was tapped (the other side
    has the rest of 157), or that side made a Match. Another phone wrote first (409): the
    table is asked which stands (`_conflict`), nothing stored until it answers."""
    table, stored = _table(key)
    form = GameForm(request.form)
    if table.state != "playing":  # handed in from another phone: its page shows no panel
        return _refused(table, stored, key, form, _state_words(table.state))
    game, errors = form.game(stored.event, table)
    if errors:
        editing, typed = form.editing(table), form.typed()
        return _page(table, stored, key, errors, 422, editing=editing, typed=typed)
    number, phone = form.number.data, phone_name()
    new = form.seen_games is None or number > form.seen_games
    return _write(
        table, stored, key, form,
        lambda t, v: store.enter(get_db(), t, v, number, game, phone=phone, token=form.token),
        game=game, new=new,
    )  # fmt: skip


@bp.post("/<key>/wahl")
def choose(key: str):
    """The table's answer to a game another phone wrote first: "both" enters this phone's
    game as the next one, "instead" puts it in place of theirs (an edit the record keeps with
    its reason), "drop" stores nothing. Asked again if the table moved on meanwhile."""
    table, stored = _table(key)
    form = ChoiceForm(request.form)
    if not form.choice.validate(form):  # the game's fields are read as the panel's are
        return _page(table, stored, key, {"table": form.choice.errors[0]}, 422)
    if form.choice.data == "drop":
        return redirect(url_for("club_table.show", key=key), 303)
    if table.state != "playing":
        return _refused(table, stored, key, form, _state_words(table.state))
    game, errors = form.game(stored.event, table)
    if errors:
        return _page(table, stored, key, errors, 422, typed=form.typed())
    number, phone, reason = form.number.data, phone_name(), None
    if form.choice.data == "both":
        number = len(table.games) + 1
        # On a page that stands (a stale one: the store says whether it landed already).
        if number > stored.event.games and form.version == table.version:
            full = gettext("Alle {games} Spiele sind eingetragen.")
            return _refused(table, stored, key, form, full.format(games=stored.event.games))
    elif number <= len(table.games):
        reason = store.INSTEAD
    return _write(
        table, stored, key, form,
        lambda t, v: store.enter(
            get_db(), t, v, number, game, phone=phone, token=form.token, reason=reason
        ),
        game=game, new=form.new.data == "1",
    )  # fmt: skip


@bp.post("/<key>/zuruecknehmen")
def take_back(key: str):
    """The last game typed by mistake goes."""
    table, stored = _table(key)
    return _write(
        table, stored, key, TableForm(request.form),
        lambda t, v: store.delete_last(get_db(), t, v, phone=phone_name()),
    )  # fmt: skip


@bp.post("/<key>/abgeben")
def hand_in(key: str):
    """Hand the Passe in: every game in and adding up."""
    table, stored = _table(key)
    return _write(
        table, stored, key, TableForm(request.form),
        lambda t, v: store.move(
            get_db(), t, v, "handed_in", phone=phone_name(), games_expected=stored.event.games
        ),
    )  # fmt: skip


@bp.post("/<key>/bestaetigen")
def confirm(key: str):
    """The other side agrees with the Passe as handed in."""
    table, stored = _table(key)
    return _write(
        table, stored, key, TableForm(request.form),
        lambda t, v: store.move(get_db(), t, v, "confirmed", phone=phone_name()),
    )  # fmt: skip


@bp.post("/<key>/einspruch")
def dispute(key: str):
    """The other side objects, with a reason the leader reads."""
    table, stored = _table(key)
    form = DisputeForm(request.form)
    if not form.validate():
        return _page(table, stored, key, field_errors(form), 422)
    reason = form.reason.data
    return _write(
        table, stored, key, form,
        lambda t, v: store.move(get_db(), t, v, "disputed", phone=phone_name(), reason=reason),
    )  # fmt: skip


def _write(table, stored, key, form: TableForm, write, *, game=None, new=True):
    """The write, based on the table's version the form says the phone saw; refused as stale
    (409) with the table as it stands, or by the store with its reasons. A game refused as
    stale is not lost: the table is asked which stands (`_conflict`)."""
    seen = form.version
    try:
        write(table, seen if seen is not None else -1)
    except events.Stale:
        fresh, _ = _table(key)
        if game is not None:
            return _conflict(fresh, stored, key, form, game, new)
        message = gettext("Ein anderes Handy hat an diesem Tisch eben geschrieben: hier der Stand.")
        return _page(fresh, stored, key, {"table": message}, 409)
    except store.Refused as refused:
        fresh, _ = _table(key)
        said = [say(p, kind="club") for p in refused.problems] or [_state_words(fresh.state)]
        if game is not None:
            return _refused(fresh, stored, key, form, " ".join(said))
        return _page(fresh, stored, key, {"table": " ".join(said)}, 409)
    return redirect(url_for("club_table.show", key=key), 303)


def _conflict(table, stored, key, form: GameForm, game, new: bool):
    """Another phone wrote first. Where a game now stands in this one's place, the table
    sees both and chooses (409): mine as the next game ("both", only for a new game while
    the Passe has room: two entries cannot both be game N), mine instead of theirs, or theirs.
    Where none does, the panel comes back with what was typed, for one more tap."""
    if table.state != "playing":
        return _refused(table, stored, key, form, _state_words(table.state))
    number, names = form.number.data, {p.number: p.name for p in stored.players}
    called = sides(table.seats, names)
    if number > len(table.games):
        message = gettext(
            "Ein anderes Handy hat an diesem Tisch eben geschrieben: hier der Stand. Was hier "
            "getippt war, steht noch im Feld: ein Tipp speichert es als Spiel %(number)s.",
            number=len(table.games) + 1,
        )
        return _page(table, stored, key, {"table": message}, 409, typed=form.typed())
    room = len(table.games) < stored.event.games
    if new:
        ask = gettext(
            "Inzwischen hat ein anderes Handy %(entry)s {number} eingetragen. Was gilt?",
            entry=gettext("Spiel"),
        ).replace("{number}", str(number))
        if room:
            note = gettext(
                "Zwei Einträge können nicht beide Spiel %(number)s sein: «Beide behalten» "
                "trägt meines als Spiel %(next)s ein.",
                number=number,
                next=len(table.games) + 1,
            )
        else:
            note = gettext(
                "Zwei Einträge können nicht beide Spiel %(number)s sein, und alle %(games)s "
                "Spiele sind eingetragen: es gilt eines.",
                number=number,
                games=stored.event.games,
            )
    else:
        ask = gettext(
            "Inzwischen hat ein anderes Handy an diesem Tisch geschrieben: Spiel %(number)s "
            "steht jetzt so. Was gilt?",
            number=number,
        )
        note = None
    kept = ("points", "side", "number", "match", "weis_a", "weis_b", "contract")
    conflict = {
        "number": number,
        "theirs": _told(table.games[number - 1], called),
        "mine": _told(game, called),
        "both": new and room,
        "new": new,
        "note": note,
        "fields": [(name, value) for name, value in form.typed().items() if name in kept],
    }
    return _page(table, stored, key, {"table": ask}, 409, conflict=conflict)


def _refused(table, stored, key, form: GameForm, words: str):
    """A game the table's state refuses (the Passe handed in meanwhile): said, with the game
    typed in words, so that nothing goes unseen."""
    game, _ = form.game(stored.event, table)
    names = {p.number: p.name for p in stored.players}
    unsaved = None
    if game is not None and form.number.data:
        unsaved = (
            gettext("Spiel %(number)s", number=form.number.data)
            + ": "
            + _told(game, sides(table.seats, names))
        )
    return _page(table, stored, key, {"table": words}, 409, unsaved=unsaved)


def _told(game, called: list[str]) -> str:
    """A game in words: each side's trick points, its Match, Weis and Stöck, its contract."""
    parts = [f"{called[0]} {game.tricks[0]} : {game.tricks[1]} {called[1]}"]
    if game.match is not None:
        parts.append(f"{gettext('Match')} {called[game.match]}")
    if game.extras != (0, 0):
        parts.append(f"{gettext('Weis · Stöck')} {game.extras[0]} : {game.extras[1]}")
    if game.contract:
        parts.append(f"{named(game.contract)} ×{game.multiplier}")
    return " · ".join(parts)


def _state_words(state: str) -> str:
    if state == "playing":
        return gettext("Die Passe ist noch nicht abgegeben.")
    return gettext("Die Passe ist abgegeben: ändern kann sie jetzt nur die Spielleitung.")


def _page(
    table, stored, key, errors, status, *, editing=None, typed=None, conflict=None, unsaved=None
):
    """The table's page: its seats, sums and games, and the panel for game `editing` (or the
    next); `errors` by field, `typed` what the phone sent, shown back; in place of the panel,
    the question of a `conflict` with another phone's game; a game refused, `unsaved`."""
    names = {p.number: p.name for p in stored.players}
    number = editing or len(table.games) + 1
    return render_template(
        "club/table.html",
        table=table,
        stored=stored,
        key=key,
        names=names,
        seats=[(SEATS[i], names[p]) for i, p in enumerate(table.seats)],
        sides=sides(table.seats, names),
        **_sums(table, stored.event),
        number=number,
        seen=f"{len(table.games)}-{table.version}",
        **_deals(table, names, number),
        contracts=stored.event.contracts(),
        match_points=GAME_POINTS + stored.event.scoring.match_bonus,  # the key says what it books
        editing=editing,
        editing_game=table.games[editing - 1] if editing else None,
        projection={**stored.event.table_scoring(), "words": _projected_words()},
        typed=typed or {},
        conflict=conflict,
        unsaved=unsaved,
        errors=errors,
    ), status


def _sums(table, event) -> dict:
    """What each game scores at this evening, each side's total, and how far the Passe is.
    Ranked by Striche, each side's trick points too: their sum is the table's control, 157
    for every game."""
    scores = [side_scores(g, event.scoring) for g in table.games]
    return {
        "scores": scores,
        "totals": [sum(s[side] for s in scores) for side in (0, 1)],
        "expected": event.games,
        "complete": len(table.games) == event.games,
        "striche": event.scoring.ranking == "striche",
        "tricks": [sum(g.tricks[side] for g in table.games) for side in (0, 1)],
    }


def _deals(table, names: dict[int, str], number: int) -> dict:
    """Who deals and who leads game `number` (Vorhand: its side is offered for the points
    first), and every game of a round of the table, for games kept without network."""
    count = len(table.seats)

    def seat(index: int) -> tuple[str, str, int]:
        return SEATS[index], names[table.seats[index]], index % 2

    vorhand = seat(vorhand_seat(number, count))
    return {
        "ahead": [
            (t, seat(dealer_seat(t + 1, count)), seat(vorhand_seat(t + 1, count)))
            for t in range(count)
        ],
        "dealer": seat(dealer_seat(number, count)),
        "vorhand": vorhand,
        "calling_side": vorhand[2],
    }


def _projected_words() -> dict[str, str]:
    """For static/projection-club.js: the sums with games kept on the phone added, in the
    page's words."""
    return {
        "progress": gettext(
            "%(entered)s von %(games)s Spielen", entered="{entered}", games="{games}"
        ),
        "sum": gettext("zusammen %(sum)s", sum="{sum}"),
        "tricks": gettext(
            "Stichpunkte %(a)s : %(b)s, zusammen %(sum)s (Kontrolle: %(games)s × %(points)s = "
            "%(control)s)",
            a="{a}",
            b="{b}",
            sum="{sum}",
            games="{games}",
            points="{points}",
            control="{control}",
        ),  # fmt: skip
    }
