"""A club evening's pages: set it up, draw each Passe just before it starts, show the seat plan.

The leader's link (`/abend/<key>`) may set up and draw; it is the only way in, so nobody finds
an evening by counting. Every draw is kept: a redraw is the next attempt, with its reason, and
the evening's record lists them all.
"""

from __future__ import annotations

import json

from flask import Blueprint, abort, redirect, render_template, request, session, url_for

from scorer.club.draw import draw
from scorer.club.event import Field, read_pairs, read_players, redraw_field
from scorer.club.pairs import draw_pairs
from scorer.club.quality import quality, so_far, units
from scorer.club.results import open_disputes, progress
from scorer.club.standings import TIE_BREAK_DEFAULT
from scorer.codes import Invalid
from scorer.storage import club as store
from scorer.storage import club_tables as tables
from scorer.web.club import words
from scorer.web.club.fairness import by_name, lines, named_plans
from scorer.web.club.forms import (
    DrawForm,
    NewEventForm,
    PlayersForm,
    RedrawForm,
    ReopenForm,
    SeenForm,
)
from scorer.web.club.tables import SEATS, sides
from scorer.web.core.filters import local_time
from scorer.web.core.forms import field_errors
from scorer.web.core.i18n import gettext, tr
from scorer.web.core.links import public_url
from scorer.web.core.messages import add_words, say
from scorer.web.core.phone import phone_name
from scorer.web.db import get_db
from scorer.web.games.share import qr_svg
from scorer.web.schieber.words import preset_name

add_words("club", words.WORDS)  # an evening is no mode, but its engine speaks codes too

bp = Blueprint("club", __name__, url_prefix="/abend")
MINE = "abende"  # the evenings this phone set up (their ids), newest first
MINE_MAX = 20


def mine() -> list[int]:
    kept = session.get(MINE)
    if not isinstance(kept, list):
        return []
    return [i for i in kept if isinstance(i, int) and 0 < i < 2**63]


def listed_events() -> list[dict]:
    """This phone's evenings for the start page: name, day and the leader's link."""
    db = get_db()
    found = []
    for event_id in mine():
        stored = store.load(db, event_id)
        if stored is not None:
            found.append({"event": stored.event, "key": stored.leader_key})
    return found


def opened(key: str, role: str = "leader") -> store.StoredEvent:
    """The evening a key opens in this role (the leader's, or the projector's "screen"); 404
    for any other key."""
    found = store.find(get_db(), key)
    if found is None or found[1] != role:
        abort(404)
    return store.load(get_db(), found[0])


@bp.route("/neu", methods=["GET", "POST"])
def new():
    """Set up an evening: name, day, players, Passen, games, scoring, couples kept apart."""
    form = NewEventForm(formdata=request.form if request.method == "POST" else None)
    errors: dict[str, str] = {}
    if request.method == "POST":
        event, names, errors = form.event()
        if not errors:
            event_id, key = store.create(
                get_db(), event, names, phone=phone_name(), token=form.once.data or None
            )
            session[MINE] = [event_id, *(i for i in mine() if i != event_id)][:MINE_MAX]
            session.permanent = True
            return redirect(url_for("club.show", key=key), 303)
    return render_template("club/new.html", form=form, errors=errors), (422 if errors else 200)


@bp.get("/<key>")
def show(key: str):
    """The leader's page: the set-up, the players, each Passe drawn, the next to draw."""
    return _event_page(opened(key), key, None, 200)


@bp.post("/<key>/auslosen")
def draw_next(key: str):
    """Draw the next Passe from the ones before it. A double tap finds it drawn and shows it."""
    stored = opened(key)
    form = DrawForm(request.form)
    passe = form.passe.data
    if passe is not None and passe <= len(stored.plans):
        return redirect(url_for("club.passe", key=key, number=passe), 303)
    return _draw(stored, key, passe, form.version, reason=None)


@bp.post("/<key>/spieler")
def add_players(key: str):
    """Players who come later: they are drawn from the next Passe on."""
    stored = opened(key)
    form = PlayersForm(request.form)
    joined = len(stored.plans) + 1
    read = read_pairs if stored.event.fixed_pairs else read_players
    names, problem = read(form.names.data, [p.name for p in stored.players])
    if joined > stored.event.passen:
        message = gettext("Alle Passen sind gelost: niemand kommt mehr dazu.")
    elif problem is not None:
        message = say(problem, kind="club")
    else:
        try:
            store.add_players(get_db(), stored.id, form.version, names, joined, phone=phone_name())
        except store.Stale:
            return _event_page(store.load(get_db(), stored.id), key, _stale(), 409)
        return redirect(url_for("club.show", key=key) + "#players", 303)
    return _event_page(stored, key, None, 422, {"names": message})


@bp.post("/<key>/spieler/<int:number>/weg")
def remove_player(key: str, number: int):
    """A player who leaves: drawn no more from the next Passe on; every result stays."""
    stored = opened(key)
    if not any(p.number == number and p.left is None for p in stored.players):
        abort(404)
    leaving = [number, number ^ 1] if stored.event.fixed_pairs else [number]
    seen, drawn = SeenForm(request.form).version, len(stored.plans)
    try:
        store.remove_players(get_db(), stored.id, seen, leaving, drawn, phone=phone_name())
    except store.Stale:
        return _event_page(store.load(get_db(), stored.id), key, _stale(), 409)
    return redirect(url_for("club.show", key=key) + "#players", 303)


def _stale() -> str:
    return gettext("Ein anderes Handy hat den Abend eben geändert: hier der neue Stand.")


@bp.post("/<key>/passe/<int:number>/neu")
def redraw(key: str, number: int):
    """Draw the latest Passe again, with a reason the record keeps."""
    stored = opened(key)
    form = RedrawForm(request.form)
    if not 1 <= number <= len(stored.plans):
        abort(404)
    if number != len(stored.plans):
        message = gettext("Nur die zuletzt geloste Passe kann neu gelost werden.")
        return _passe_page(stored, key, number, {"passe": message}, 422)
    if not form.validate():
        return _passe_page(stored, key, number, field_errors(form), 422)
    return _draw(stored, key, number, form.version, reason=form.reason.data)


def _draw(stored: store.StoredEvent, key: str, passe, seen: int, *, reason: str | None):
    """Draw Passe `passe` (the next one; with a reason, the latest again) and keep the draw,
    or say why not."""
    if reason is None:
        refused = _not_next(stored, key, passe)
        if refused is not None:
            return refused
        history, attempt = stored.plans, 0
        field = Field(tuple(stored.playing(passe)), (), ())
    else:
        history = stored.plans[: passe - 1]
        attempt = max(d.plan.attempt for d in stored.draws if d.passe == passe) + 1
        field = redraw_field(stored.players, passe)
    try:
        plan = _plan(stored, field.playing, history, attempt)
        store.add_draw(
            get_db(), stored.id, seen, passe, plan, reason=reason, phone=phone_name(),
            came=field.came, gone=field.gone,
        )  # fmt: skip
    except (Invalid, tables.Refused, store.Stale, store.Disputed) as refused:
        return _draw_refused(stored, key, passe, refused)
    return redirect(url_for("club.passe", key=key, number=passe), 303)


def _not_next(stored: store.StoredEvent, key: str, passe):
    """Why Passe `passe` is not drawn now (a 409 page), or None: it is not the next one, or
    a table has an open objection."""
    expected = len(stored.plans) + 1
    if passe != expected or expected > stored.event.passen:
        return _event_page(stored, key, gettext("Diese Passe ist nicht die nächste."), 409)
    if open_disputes(progress(stored.plans, tables.tables(get_db(), stored.id))):
        return _event_page(stored, key, _disputes_first(expected), 409)
    return None


def _plan(stored: store.StoredEvent, playing, history, attempt: int):
    """The seat plan of a Passe: pairs set against pairs at fixed pairs, else players drawn."""
    event = stored.event
    if event.fixed_pairs:
        return draw_pairs(
            event.pairs(playing), history,
            keep_apart=event.keep_apart, seed=stored.seed, attempt=attempt,
        )  # fmt: skip
    return draw(
        playing, history,
        keep_apart=event.keep_apart, seed=stored.seed, attempt=attempt, passen=event.passen,
    )  # fmt: skip


def _draw_refused(stored: store.StoredEvent, key: str, passe: int, refused: Exception):
    """The page that says why a draw was not kept."""
    if isinstance(refused, Invalid):
        return _event_page(stored, key, say(refused.code, kind="club"), 422)
    if isinstance(refused, tables.Refused):
        message = gettext(
            "An einem Tisch dieser Passe ist schon ein Spiel eingetragen: "
            "sie bleibt, wie sie gelost ist."
        )
        return _passe_page(stored, key, passe, {"passe": message}, 409)
    fresh = store.load(get_db(), stored.id)
    if isinstance(refused, store.Stale):
        return _event_page(fresh, key, _stale(), 409)
    return _event_page(fresh, key, _disputes_first(passe), 409)  # an objection filed since


@bp.get("/<key>/passe/<int:number>")
def passe(key: str, number: int):
    """A Passe's seat plan: each table seat by seat, who sits out, every name alphabetically
    with table and seat, and honestly what repeats."""
    stored = opened(key)
    if not 1 <= number <= len(stored.plans):
        abort(404)
    return _passe_page(stored, key, number, {}, 200)


def _passe_page(stored, key, number, errors, status):
    plans = stored.plans
    plan = plans[number - 1]
    names = _names(stored)
    seats = sorted(
        (
            (names[player], table + 1, SEATS[seat])
            for table, seated in enumerate(plan.tables)
            for seat, player in enumerate(seated)
        ),
        key=lambda line: line[0].casefold(),
    )
    draws = [d for d in stored.draws if d.passe == number]
    latest = number == len(plans)
    field = redraw_field(stored.players, number) if latest else Field((), (), ())
    shown = [
        {
            "seats": [(SEATS[seat], names[player]) for seat, player in enumerate(seated)],
            "sides": sides(seated, names),
        }
        for seated in plan.tables
    ]
    return render_template(
        "club/passe.html",
        stored=stored,
        key=key,
        number=number,
        plan=plan,
        tables=shown,
        sit_out=", ".join(names[p] for p in plan.sit_out),
        seats=seats,
        **_repeats(plans[:number], stored.event.fixed_pairs),
        draws=draws,
        latest=latest,
        came=", ".join(names[p] for p in field.came),
        gone=", ".join(names[p] for p in field.gone),
        errors=errors,
    ), status


def _repeats(plans, fixed_pairs: bool) -> dict:
    """What the last of these Passen repeats of the ones before, and what all of them repeat
    together beside the fewest possible (from the second Passe on). At a Partnerschieber the
    partners are fixed: a pairing of two pairs is what repeats."""
    if fixed_pairs:
        plans = units(plans)
    return {
        "repeats": quality(plans[-1], plans[:-1]),
        "so_far": so_far(plans) if len(plans) > 1 else None,
    }


def _event_page(stored, key, notice, status, errors=None):
    found = tables.tables(get_db(), stored.id)
    passen = progress(stored.plans, found)
    return render_template(
        "club/event.html",
        stored=stored,
        key=key,
        names=_names(stored),
        changes=_record(stored),
        boards=_boards(stored, found),
        progress=passen,
        disputes=[
            {"passe": p, "number": n, "where": _where(p, n)} for p, n in open_disputes(passen)
        ],
        disputes_first=_disputes_first(len(stored.plans) + 1),
        fairness=_fairness(stored),
        preset_name=preset_name,
        tie_steps=_tie_steps(stored.event),
        notice=notice,
        errors=errors or {},
    ), status


def _fairness(stored: store.StoredEvent) -> list[dict]:
    """Whom each player partnered and faced over the Passen drawn so far."""
    names = _names(stored)
    return lines(by_name(named_plans(stored.plans, names), names.values()))


def _tie_steps(event) -> str | None:
    """The steps a tie goes to, in words, where the evening chose its own."""
    steps = event.scoring.tie_break
    if steps == TIE_BREAK_DEFAULT:
        return None
    return gettext(", dann ").join(tr(words.TIE_STEP_WORDS[step]) for step in steps)


def _disputes_first(passe: int) -> str:
    return gettext(
        "Passe %(number)s wird erst gelost, wenn jeder Einspruch geklärt ist: den Tisch "
        "wieder öffnen, dort korrigieren und neu abgeben lassen.",
        number=passe,
    )


def _where(passe: int, number: int) -> str:
    return gettext("Passe %(passe)s · Tisch %(number)s", passe=passe, number=number)


def _boards(stored: store.StoredEvent, found: list[tables.StoredTable]) -> list[list[dict]]:
    """Each drawn Passe's tables as the leader sees them: number, sides, games in, state."""
    names = _names(stored)
    by_passe: dict[int, list[dict]] = {}
    for table in found:
        by_passe.setdefault(table.passe, []).append(
            {
                "table": table,
                "sides": sides(table.seats, names),
            }
        )
    return [by_passe.get(p, []) for p in range(1, len(stored.plans) + 1)]


@bp.post("/<key>/passe/<int:number>/tisch/<int:table_no>/oeffnen")
def reopen(key: str, number: int, table_no: int):
    """The leader opens a table's Passe again (a dispute settled, a game to correct), with a
    reason the record keeps."""
    stored = opened(key)
    table = tables.load(get_db(), stored.id, number, table_no)
    if table is None:
        abort(404)
    form = ReopenForm(request.form)
    if not form.validate():
        return _table_page(stored, key, table, field_errors(form), 422)
    try:
        tables.move(
            get_db(), table, form.version, "playing", phone=phone_name(), reason=form.reason.data
        )
    except (store.Stale, tables.Refused):
        message = gettext("Der Tisch hat eben geschrieben: hier der neue Stand.")
        fresh = tables.load(get_db(), stored.id, number, table_no)
        return _table_page(stored, key, fresh, {"reason": message}, 409)
    return redirect(url_for("club.show", key=key) + f"#passe-{number}", 303)


@bp.get("/<key>/passe/<int:number>/tisch/<int:table_no>")
def table_link(key: str, number: int, table_no: int):
    """A table's phone link as a QR code to scan at the table, and to share."""
    stored = opened(key)
    table = tables.load(get_db(), stored.id, number, table_no)
    if table is None:
        abort(404)
    return _table_page(stored, key, table, {}, 200)


def _table_page(stored, key, table, errors, status):
    url = public_url(url_for("club_table.show", key=table.key))
    return render_template(
        "club/table_link.html",
        stored=stored,
        key=key,
        table=table,
        url=url,
        qr=qr_svg(url),
        errors=errors,
    ), status


def _record(stored: store.StoredEvent) -> list[dict]:
    """The evening's record of changes in words, oldest first."""
    record, wrote = [], {}  # the phone that last wrote each game: whose a replaced game was
    for c in store.changes(get_db(), stored.id):
        game = (c["passe"], c["table_no"], c["number"])
        record.append(
            {"at": local_time(c["at"]), "phone": c["phone"], "what": _what(c, wrote.get(game))}
        )
        if c["kind"] in ("enter", "edit"):
            wrote[game] = c["phone"]
    return record


def _what(change: dict, before_by: str | None = None) -> str:
    kind, reason = change["kind"], change["reason"]
    if kind == "create":
        return gettext("angelegt")
    if kind == "import":
        return gettext("aus einer Datei importiert")
    if kind == "draw":
        return gettext("Passe %(number)s gelost", number=change["passe"])
    if kind == "players_added":
        names = ", ".join(json.loads(change["after"]))
        return gettext("ab Passe %(number)s dabei: %(names)s", number=change["passe"], names=names)
    if kind == "player_left":
        name = json.loads(change["before"])
        if not change["passe"]:
            return gettext("%(name)s spielt nicht mit", name=name)
        return gettext(
            "%(name)s spielt nach Passe %(number)s nicht mehr", name=name, number=change["passe"]
        )
    if kind == "redraw":
        return gettext(
            "Passe %(number)s neu gelost: %(reason)s", number=change["passe"], reason=reason
        )
    where = _where(change["passe"], change["table_no"])
    game = {"number": change["number"], "before": _points(change["before"])}
    said = {
        "enter": lambda: gettext(
            "Spiel %(number)s eingetragen, %(after)s", after=_points(change["after"]), **game
        ),
        "edit": lambda: (
            gettext(
                "Spiel %(number)s geändert, %(before)s → %(after)s",
                after=_points(change["after"]),
                **game,
            )
            + _instead(reason, before_by)
        ),
        "delete": lambda: gettext("Spiel %(number)s gelöscht (%(before)s)", **game),
        "hand_in": lambda: gettext("abgegeben"),
        "confirmed": lambda: gettext("bestätigt"),
        "disputed": lambda: gettext("Einspruch: %(reason)s", reason=reason),
        "reopen": lambda: gettext("wieder geöffnet: %(reason)s", reason=reason),
    }[kind]()
    return f"{where}: {said}"


def _instead(reason: str | None, before_by: str | None) -> str:
    """Why a game was changed, where a phone put its own in place of another phone's."""
    if reason != tables.INSTEAD:
        return ""
    if before_by:
        return " " + gettext(
            "(«Meine statt ihrer»: %(phone)s hatte es zuerst eingetragen)", phone=before_by
        )
    return " " + gettext("(«Meine statt ihrer»: ein anderes Handy hatte es zuerst eingetragen)")


def _points(data: str | None) -> str:
    """A game as the record shows it: both sides' trick points, and a Match."""
    if not data:
        return ""
    game = json.loads(data)
    if not isinstance(game, dict):
        return ""
    a, b = game["tricks"]
    return f"{a} : {b}" + (" " + gettext("Match") if game.get("match") is not None else "")


def _names(stored: store.StoredEvent) -> dict[int, str]:
    return {p.number: p.name for p in stored.players}
