"""What every blueprint shares: htmx detection, the phone's name, one-time tokens, and the one
write transaction that turns a posted form into a stored change."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import (
    abort,
    current_app,
    g,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import lazy_gettext
from jinja2_fragments.flask import render_block

from scorer import modes
from scorer.codes import code
from scorer.names import clean
from scorer.storage import club_tables
from scorer.storage import games as store
from scorer.web.db import get_db
from scorer.web.i18n import DEFAULT as DEFAULT_LANGUAGE
from scorer.web.i18n import N_, gettext, language, tr
from scorer.web.links import remember
from scorer.web.messages import say

PHONE_COOKIE = "phone"
DEVICE_COOKIE = "device"
PHONE_NAME_MAX = 24


def is_htmx() -> bool:
    """An htmx request that wants a fragment (not a history restore, which wants the page)."""
    return bool(request.headers.get("HX-Request")) and not request.headers.get(
        "HX-History-Restore-Request"
    )


def new_token() -> str:
    """A one-time token for a form that writes: sent twice, it is stored once."""
    return secrets.token_urlsafe(16)


def clean_name(text: str | None, limit: int) -> str:
    """A name as typed, without control characters and surrounding space, cut at `limit`."""
    return clean(text)[:limit].strip()


def device_id() -> str:
    """This browser's random id (a cookie set on its first visit), or a fresh one."""
    value = request.cookies.get(DEVICE_COOKIE, "")
    return value if value.isalnum() and len(value) <= 32 else ""


def phone_name() -> str:
    """The name this phone gave itself ("Anna", "Tisch 3"), or one made from its id."""
    name = clean_name(request.cookies.get(PHONE_COOKIE), PHONE_NAME_MAX)
    if name:
        return name
    device = device_id()
    if device:
        return gettext("Handy {id}").format(id=device[:3].upper())
    return gettext("Handy")


def local_time(at: str | None) -> datetime | None:
    """A stored UTC time in the table's time zone (setting TIMEZONE, default Europe/Zurich)."""
    try:
        moment = datetime.fromisoformat(at or "")
    except ValueError:  # an imported change with a time of its own making
        return None
    try:
        return moment.astimezone(ZoneInfo(current_app.config.get("TIMEZONE", "Europe/Zurich")))
    except ZoneInfoNotFoundError:
        return moment
    except (OverflowError, ValueError):  # imported: a time at the calendar's edge has none
        return None


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


# The games served lately, as stored and with their states, kept for this process by game and
# version: the next request on a game (an entry, its page) reads only the game's row and
# starts from its state instead of reading the entries and replaying the whole record. A
# game's database file, id and start time name it for life, and every write moves its version.
# At most 64 games and 20,000 entries between them (a few MB); the oldest go first.
KEPT_STATES, KEPT_ENTRIES = 64, 20_000
Key = tuple[str, int, str, int]
_states: dict[Key, tuple[object, int, store.Stored]] = {}  # key -> (state, entries, stored)
_states_lock = threading.Lock()


def replayed(game, after=None):
    """The game's state: replayed at most once per request however often a view asks for it,
    and not at all when this process kept the state of this game as stored (see `known`).
    `after`: the game before the change that made this one, played on from if its state is
    known (a Schieber game replays only the new hand)."""
    memo = g.setdefault("replays", {})
    key = id(game)
    if key not in memo or memo[key][0] is not game:
        stored, stored_key = g.get("stored_keys", {}).get(key, (None, None))
        kept_game = stored.game if stored else None
        state = _states.get(stored_key, (None,))[0] if kept_game is game else None
        if state is None:
            mode = modes.mode_of(game)
            earlier = memo.get(id(after)) if after is not None else None
            if earlier is not None and earlier[0] is after:
                state = mode.play_on(game, after, earlier[1])
            else:
                state = mode.replay(game)
            if kept_game is game:
                _keep_state(stored_key, stored, state)
        memo[key] = (game, state)
    return memo[key][1]


def _key(game_id: int, created: str, version: int) -> Key | None:
    """What names a game as stored at a version; None for a database in memory, which keeps
    nothing (every app has its own under the same name)."""
    path = current_app.config["DATABASE"]
    return (path, game_id, created, version) if path and path != ":memory:" else None


def _kept(game_id: int, created: str, version: int) -> store.Stored | None:
    """For store.load: the game as stored at this version, if this process kept it."""
    kept = _states.get(_key(game_id, created, version))
    return kept[2] if kept else None


def known(stored: store.Stored) -> store.Stored:
    """Tell replayed() which stored version this game object is (as loaded or as just saved)."""
    key = _key(stored.id, stored.created, stored.version)
    if key is not None:
        g.setdefault("stored_keys", {})[id(stored.game)] = (stored, key)
    return stored


def _keep_state(key: Key, stored: store.Stored, state, replaces: Key | None = None) -> None:
    """Keep a game as stored and its state; `replaces`: the key of the version before a write,
    gone for good."""
    with _states_lock:
        _states.pop(replaces, None)
        _states[key] = (state, len(modes.record(stored.game)), stored)
        while len(_states) > KEPT_STATES or sum(v[1] for v in _states.values()) > KEPT_ENTRIES:
            del _states[next(iter(_states))]  # the oldest


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
    if request.if_none_match.contains_weak(tag):  # gzip marks the tag weak
        response = make_response("", 304)
    else:
        stored = load(game_id, kind)
        response = make_response(render_block(template, "board", **context(stored)))
    response.set_etag(tag)
    response.cache_control.no_cache = True  # the browser asks again each time, with the tag
    return response


def positive_id(game_id: int) -> int:
    """A game id from a URL, or 404 for numbers no game can have."""
    if not 0 < game_id < 2**63:
        abort(404)
    return game_id


def load(game_id: int, kind: str | None = None) -> store.Stored:
    """The stored game with this id (of this kind, unless None), or 404."""
    stored = store.load(get_db(), positive_id(game_id), kept=_kept)
    if stored is None or (kind is not None and stored.game.KIND != kind):
        abort(404)
    return known(stored)


@dataclass
class Written:
    """What came of a post that writes: the game as it stands now and what happened."""

    stored: store.Stored
    saved: bool = False
    repeated: bool = False  # the same form was sent before and is stored already
    conflict: bool = False  # based on an outdated view: nothing written
    errors: dict[str, str] = field(default_factory=dict)
    entries_before: int | None = None  # how many entries the game had before a saved change
    kind: str = ""

    @property
    def rows(self) -> tuple[str, int]:
        """Which rows of the history a saved change touched, so an answer sends only those:
        ("add", n) the new last row n, ("replace", n) the last row n, ("delete", n) row n
        gone from the end, or ("all", 0) when the whole history must be sent again."""
        after = len(modes.record(self.stored.game))
        before = self.entries_before
        if not self.saved or before is None:
            return ("all", 0)
        if after == before + 1 and before:
            return ("add", after)
        if after == before and after and self.kind == "enter":
            return ("replace", after)
        if after == before - 1 and after:
            return ("delete", before)
        return ("all", 0)


STALE = N_(
    "Inzwischen hat {who} um {time} {what}. Nichts gespeichert: bitte prüfen und nochmals tippen."
)


def write(
    game_id: int,
    kind: str,
    change: Callable[[store.Stored], tuple[object, dict[str, str]]],
    *,
    mode: str | None = None,
    index: int | None = None,
    at: int | None = None,
    with_save: Callable[[object], None] | None = None,
) -> Written:
    """Apply a change to a game in one write transaction and keep it, or say why not.

    The form's one-time token (`once`) makes a repeated post land once. Its `seen` field is
    the fingerprint of what the phone saw: of entry `index` for an edit, of the record's end
    otherwise; when another phone changed that since, nothing is written. `change` gets the
    stored game and returns the changed game or problems by field; `at` is the index the
    change begins at (an edit or a deletion), so that of two equal entries the right one changes.
    `with_save(db)` writes what goes with the change, in its transaction and only if it is saved.
    """
    db = get_db()
    stored = load(game_id, mode)
    # First on the game as read, outside the write lock, so that writers of other games and
    # other processes wait only for the rows to be written; if another phone wrote this game
    # meanwhile, everything again under the lock.
    done = _attempt(db, stored, kind, change, index, at, with_save, locked=False)
    if done is None:
        with store.writing(db):
            done = _attempt(
                db, load(game_id, mode), kind, change, index, at, with_save, locked=True
            )
    if done.saved:  # committed: its state is the one of the new version
        saved = known(done.stored).game
        if id(saved) in g.get("stored_keys", {}):
            key = g.stored_keys[id(saved)][1]
            _keep_state(key, done.stored, replayed(saved), replaces=(*key[:3], key[3] - 1))
    return done


def _attempt(db, stored, kind, change, index, at, with_save, *, locked: bool) -> Written | None:
    """One try of write(): None when the game changed before its turn to write came."""
    token = request.form.get("once") or None
    used = store.token_game(db, token)
    if used == stored.id:
        return Written(stored, repeated=True)
    if used is not None:
        token = None  # a token of another game's form: no repeat here, nothing to mark
    seen = request.form.get("seen")
    if seen is not None and seen != _tag(stored, index):
        return Written(stored, conflict=True, errors={"game": stale(stored)})
    game, errors = change(stored)
    if errors:
        return Written(stored, errors=worded(errors, stored.game))
    before = len(modes.record(stored.game))
    state = replayed(game, after=stored.game)
    with store.writing(db) if not locked else nullcontext():
        if not locked and not store.still_as_read(db, stored.id, stored.version, token):
            return None
        try:
            stored = store.save(
                db,
                stored,
                game,
                kind,
                phone=phone_name(),
                token=token,
                state=state,
                at=index if at is None else at,
            )
        except store.TooLong:
            return Written(stored, errors={"game": too_long()})
        if with_save is not None:
            with_save(db)
    return Written(stored, saved=True, entries_before=before, kind=kind)


def too_long() -> str:
    """Why an entry beyond the longest game is refused."""
    return gettext("Ein Spiel hat höchstens {most} Einträge: bitte ein neues beginnen.").format(
        most=store.MAX_ENTRIES
    )


def created(game):
    """Store a new game once, however often its form is sent (a double tap), and open it."""
    game_id, _ = store.create(
        get_db(), game, phone=phone_name(), token=request.form.get("once") or None
    )
    remember(game_id)
    return redirect(game_url(game.KIND, game_id), 303)


def take_back(stored: store.Stored):
    """For write(): the game without its last entry (undo), or why not."""
    record = modes.record(stored.game)
    if not record:
        return None, {"game": MODE_PAGES[stored.game.KIND].nothing_yet}
    return stored.game.with_record(record[:-1]), {}


def take_out(index: int):
    """For write(): the game without its entry `index` (a deletion), or why not: it is gone
    already, or the entries after it do not stand without it (nothing is deleted then)."""

    def change(stored: store.Stored):
        record = modes.record(stored.game)
        if index >= len(record):
            gone = gettext("{entry} {number} gibt es nicht mehr.")
            return None, {"game": gone.format(entry=entry_noun(stored.game.KIND), number=index + 1)}
        game = stored.game.with_record((*record[:index], *record[index + 1 :]))
        problem = modes.mode_of(game).record_problem(game)
        return (None, {"game": code("not_deleted", problem=problem)}) if problem else (game, {})

    return change


def bring_back(stored: store.Stored):
    """For write(): the game with the entry undone last back (redo), as long as nothing but
    undos and redos came since, or why not."""
    undone = store.redoable(get_db(), stored.id)
    if undone is None or undone.before is None:
        return None, {
            "game": gettext("Nichts wiederherzustellen: seither wurde etwas Neues eingetragen.")
        }
    mode = modes.mode_of(stored.game)
    record = modes.record(stored.game)
    game = stored.game.with_record((*record, mode.entry.from_dict(undone.before)))
    problem = mode.record_problem(game)
    return (None, {"game": problem}) if problem else (game, {})


def undone(written: Written) -> str | None:
    """What an undo or a redo did, in words, when it did something: "Hand 7 zurückgenommen"."""
    if not written.saved:
        return None
    game = written.stored.game
    count = len(modes.record(game))
    number = count + 1 if written.kind == "undo" else count
    return entry_changed(game.KIND, number, written.kind) + "."


def record_routes(bp, kind: str, prefix: str, answer: Callable) -> None:
    """The routes every mode has alike: undo (the last entry), redo (the entry undone last, as
    long as nothing new came since) and again (a new game for the same table and rules).
    `answer(written, note)` is the mode's answer to a post that writes."""

    def undo(game_id: int):
        written = write(game_id, "undo", take_back, mode=kind)
        return answer(written, undone(written))

    def redo(game_id: int):
        written = write(game_id, "redo", bring_back, mode=kind)
        return answer(written, undone(written))

    def play_again(game_id: int):
        return created(load(game_id, kind).game.rematch())

    for name, view in (("undo", undo), ("redo", redo), ("again", play_again)):
        bp.add_url_rule(f"{prefix}/<game:game_id>/{name}", view.__name__, view, methods=["POST"])


def entry_index(stored: store.Stored, number: int, *, deleting: bool = False) -> int:
    """The index of entry `number` (counted from 1) of the game's record, or 404; unless a
    deletion's form was sent before and landed (its `once` is spent on this game): the last
    entry's deletion sent twice finds it gone, and write() answers it as the repeat it is."""
    if not 1 <= number <= len(modes.record(stored.game)):
        token = request.form.get("once") or None
        if not deleting or number < 1 or store.token_game(get_db(), token) != stored.id:
            abort(404)
    return number - 1


def _tag(stored: store.Stored, index: int | None) -> str:
    if index is None:
        return stored.end_tag
    return stored.tag(index) if 0 <= index < len(stored.entry_ids) else ""


def stale(stored: store.Stored) -> str:
    """Why a change based on an outdated view was refused: who changed what, and when."""
    last = store.last_change(get_db(), stored.id)
    if last is None:
        return tr(STALE).format(
            who=gettext("ein anderes Handy"), time=gettext("eben"), what=gettext("etwas geändert")
        )
    moment = local_time(last.at)
    what = gettext("etwas geändert")
    if last.number:
        what = entry_changed(stored.game.KIND, last.number, last.kind)
    time = f"{moment:%H:%M}" if moment else gettext("eben")  # an imported time may be none
    return tr(STALE).format(who=last.phone, time=time, what=what)


@dataclass(frozen=True)
class ModePages:
    """Where a mode's pages are and what its entries are called; each mode's blueprint
    registers one, and the pages for any game ask here instead of switching on the kind."""

    kind: str
    # Words are lazy strings (lazy_gettext): said in the language of the page that shows them.
    name: str  # as the start page offers it: "Schieber"
    show: str  # endpoint of a game's page (takes game_id)
    new: str  # endpoint of the new game's page
    entry: str  # one entry of the record: "Hand", "Spiel", "Runde"
    nothing_yet: str  # an undo with no entry
    names: Callable[[object], dict] = lambda game: {}  # say()'s names, teams and faces
    # An entry as stored data in the table's words ("Rosen ×1 62 : 95"), for the record of
    # changes; the outcome kept in a summary ("Wir gewinnt"); what else a change after the end
    # did (Schieber: the Bergpreis).
    entry_words: Callable[[object, dict], str] = lambda game, data: "–"
    outcome_words: Callable[[object, dict], str] = lambda game, summary: ""
    outcome_note: Callable[[object, dict, dict], str] = lambda game, before, after: ""
    # The game page's template and its values for a stored game: the watch link shows that
    # template's read-only `board` block.
    template: str = ""
    context: Callable[[store.Stored], dict] | None = None
    stylesheet: str = ""  # the mode's own styles, if any, beside app.css


MODE_PAGES: dict[str, ModePages] = {}


def register(pages: ModePages) -> None:
    """Make a mode's pages known to the pages for any game."""
    MODE_PAGES[pages.kind] = pages


def say_for(problem, game) -> str:
    """What the engine said (a code, or words already) about this game, in the table's words:
    its deck, its players' and its teams' names."""
    return say(problem, kind=game.KIND, **MODE_PAGES[game.KIND].names(game))


def worded(problems: dict, game) -> dict[str, str]:
    """A form's problems by field, in the table's words."""
    return {field: say_for(problem, game) for field, problem in problems.items()}


def entry_noun(kind: str) -> str:
    """What one entry of this kind of game is called."""
    return str(MODE_PAGES[kind].entry)


# What a change did to an entry (or to the game: begonnen, importiert), as "Hand 3 geändert"
# says it; French makes them agree with its entries' nouns, all feminine there.
CHANGE_WORDS = {
    "create": N_("begonnen"),
    "import": N_("importiert"),
    "enter": N_("eingetragen"),
    "edit": N_("geändert"),
    "delete": N_("gelöscht"),
    "undo": N_("zurückgenommen"),
    "redo": N_("wiederhergestellt"),
}


def change_word(kind: str) -> str:
    """What a change of this kind did: "geändert"."""
    return tr(CHANGE_WORDS.get(kind, CHANGE_WORDS["edit"]))


def entry_changed(kind: str, number: int, change: str) -> str:
    """An entry and what a change did to it: "Hand 3 geändert"."""
    return gettext("{entry} {number} {done}").format(
        entry=entry_noun(kind), number=number, done=change_word(change)
    )


EXPIRED = lazy_gettext("Die Seite war zu lange offen: nichts gespeichert. Bitte nochmals tippen.")


def game_url(kind: str, game_id: int) -> str:
    """The page of a game of this kind."""
    return url_for(MODE_PAGES[kind].show, game_id=game_id)


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
