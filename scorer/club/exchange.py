"""A club evening as a versioned document (`jass-scorer/event`, docs/export-format.md): its
set-up, players, every draw, every table with its games, and the record of changes. Nothing
computed is in it: the standings are computed again from the games (`replay`).

Reading is strict: whatever the data (any JSON value), the result is an evening the app could
have stored, or an ImportProblem that says what is wrong and where.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from scorer.cards import fields, items, text, whole
from scorer.club.event import GAMES_MOST, PASSEN_MOST, PLAYERS_MOST, Event, Player
from scorer.club.plan import Plan
from scorer.club.possible import check_at, check_keep_apart, check_seating, in_range
from scorer.club.results import DONE, event_standings, progress
from scorer.club.standings import TableGame, game_problems, passe_problems
from scorer.codes import Invalid, code
from scorer.exchange import NOT_JSON, TOO_DEEP, ImportProblem
from scorer.names import name_problem

FORMAT = "jass-scorer/event"
VERSION = 1
STATES = ("playing", *DONE)
# What stands before and after a change of each kind: a set-up, names, a name, a game, a state.
CHANGE_KINDS = {
    "create": "event", "import": "event", "draw": None, "redraw": None,
    "players_added": "names", "player_left": "name",
    "enter": "game", "edit": "game", "delete": "game",
    "hand_in": "state", "confirmed": "state", "disputed": "state", "reopen": "state",
}  # fmt: skip
# The numbers a change names, at most: its Passe (0: before the first), table, game.
CHANGE_NUMBERS = {"passe": PASSEN_MOST, "table": PLAYERS_MOST // 4, "number": GAMES_MOST}
# What a change of players names: the players who came, the player who left.
NAMED = {"players_added": "after", "player_left": "before"}
MOST = 100_000  # draws, tables, games or changes in one file
REASON_MOST = 200


@dataclass(frozen=True)
class Draw:
    """One draw of a Passe: the plan, why it was drawn again (None: the first), when and by
    which phone; as stored and as exported."""

    passe: int
    plan: Plan
    reason: str | None
    at: str
    phone: str


@dataclass(frozen=True)
class Table:
    """A table of a Passe as exported: the shape scorer.club.results reads."""

    passe: int
    number: int
    seats: tuple[int, ...]
    state: str
    reason: str | None
    games: tuple[TableGame, ...]


@dataclass(frozen=True)
class Evening:
    event: Event
    seed: str
    players: tuple[Player, ...]
    draws: tuple[Draw, ...]
    tables: tuple[Table, ...]
    changes: tuple[dict, ...]

    @property
    def plans(self) -> tuple[Plan, ...]:
        """The standing plan of each Passe drawn (its latest draw), in order."""
        latest = {d.passe: d.plan for d in self.draws}
        return tuple(latest[p] for p in sorted(latest))


def export(evening: Evening) -> dict:
    """The evening as a versioned document."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "event": evening.event.to_dict(),
        "seed": evening.seed,
        "players": [
            {"number": p.number, "name": p.name, "joined": p.joined, "left": p.left}
            for p in evening.players
        ],
        "draws": [
            {
                "passe": d.passe,
                "plan": d.plan.to_dict(),
                "reason": d.reason,
                "at": d.at,
                "phone": d.phone,
            }
            for d in evening.draws
        ],  # fmt: skip
        "tables": [
            {
                "passe": t.passe,
                "table": t.number,
                "seats": list(t.seats),
                "state": t.state,
                "reason": t.reason,
                "games": [g.to_dict() for g in t.games],
            }
            for t in evening.tables
        ],  # fmt: skip
        "changes": list(evening.changes),
    }


def parse(data: str | bytes) -> Evening:
    """The evening in a document given as JSON text or the bytes of a file."""
    if isinstance(data, str):
        data = data.removeprefix("\ufeff")
    try:
        return load(json.loads(data))
    except RecursionError:
        raise ImportProblem(TOO_DEEP) from None
    except ValueError as error:
        if isinstance(error, ImportProblem):
            raise
        raise ImportProblem(NOT_JSON) from error


def is_event(data: object) -> bool:
    """Whether a read JSON value says it is an evening (and not a game)."""
    return isinstance(data, dict) and data.get("format") == FORMAT


def load(data: object) -> Evening:
    """The evening in a read document, checked as strictly as the app stores one."""
    if not is_event(data):
        raise ImportProblem(code("club_import_not_event"))
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        raise ImportProblem(code("import_version_unreadable", known=VERSION))
    where = "event"
    try:
        event = Event.from_dict(data.get("event"))
        problems = event.problems()
        if problems:
            raise ImportProblem(code("import_setup", problems=tuple(problems.values())))
        seed = text(data.get("seed"), "seed")
        where = "players"
        players = _players(items(data.get("players"), "players"))
        where = "event"
        check_keep_apart(event, len(players))
        where = "draws"
        draws = _draws(items(data.get("draws"), "draws"), event, players)
        evening = Evening(event, seed, players, draws, (), ())
        where = "tables"
        tables = _tables(items(data.get("tables"), "tables"), evening)
        where = "changes"
        changes = _changes(items(data.get("changes", []), "changes"))
    except ImportProblem:
        raise
    except Invalid as invalid:
        raise ImportProblem(code("club_import_part", where=where, problem=invalid.code)) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        problem = str(error)[:100]
        raise ImportProblem(code("club_import_part", where=where, problem=problem)) from None
    return Evening(event, seed, players, draws, tables, changes)


def _most(listed: list, name: str) -> list:
    if len(listed) > MOST:
        raise Invalid("club_import_too_many", field=name, most=MOST)
    return listed


def _reason(value, name: str) -> str | None:
    if value is None:
        return None
    reason = text(value, name)
    if not reason.strip() or len(reason) > REASON_MOST:
        raise Invalid("club_import_reason", field=name, most=REASON_MOST)
    return reason


def _name(value, name: str) -> str:
    found = text(value, name)
    if (problem := name_problem(found)) is not None:
        raise Invalid("not_a_name", field=name, problem=problem)
    return found


def _players(listed: list) -> tuple[Player, ...]:
    players = []
    for number, item in enumerate(_most(listed, "players")):
        item = fields(item, "players")
        if whole(item.get("number"), "number") != number:
            raise Invalid("club_import_numbers", field="number")
        joined = in_range(whole(item.get("joined", 1), "joined"), 1, PASSEN_MOST)
        left = in_range(whole(item.get("left"), "left", optional=True), 0, PASSEN_MOST)
        if joined < 1 or (left is not None and left < joined - 1):
            raise Invalid("club_import_numbers", field="joined")
        players.append(Player(number, _name(item.get("name"), "name"), joined, left))
    folded = [p.name.casefold() for p in players]
    if len(set(folded)) != len(folded):
        raise Invalid("club_import_twice", field="name")
    return tuple(players)


def _plan(data: object, count: int) -> Plan:
    data = fields(data, "plan")
    tables = tuple(tuple(items(t, "tables")) for t in items(data.get("tables"), "tables"))
    sit_out = tuple(items(data.get("sit_out", []), "sit_out"))
    seated = [whole(p, "seat") for table in tables for p in table] + [
        whole(p, "sit_out") for p in sit_out
    ]
    if any(len(t) not in (4, 6) for t in tables) or not tables:
        raise Invalid("club_import_plan", field="tables")
    if len(set(seated)) != len(seated) or not all(0 <= p < count for p in seated):
        raise Invalid("club_import_plan", field="tables")
    seed, attempt = text(data.get("seed", ""), "seed"), whole(data.get("attempt", 0), "attempt")
    return Plan(tables, sit_out, seed=seed, attempt=attempt)


def _draws(listed: list, event: Event, players: tuple[Player, ...]) -> tuple[Draw, ...]:
    """Each draw in turn: a Passe drawn the first time, or again (a redraw) with a reason."""
    draws, drawn = [], 0
    for item in _most(listed, "draws"):
        item = fields(item, "draws")
        passe = whole(item.get("passe"), "passe")
        if not 1 <= passe <= min(drawn + 1, event.passen):
            raise Invalid("club_import_passe", field="passe")
        reason = _reason(item.get("reason"), "reason")
        if reason is None and any(d.passe == passe for d in draws):
            raise Invalid("club_import_redraw", passe=passe)
        drawn = max(drawn, passe)
        at = check_at(text(item.get("at"), "at")[:40])
        phone = _name(item.get("phone"), "phone")
        plan = _plan(item.get("plan"), len(players))
        draws.append(Draw(passe, plan, reason, at, phone))
    latest = {d.passe: number for number, d in enumerate(draws)}
    for number, d in enumerate(draws):
        check_seating(d.plan, d.passe, players, event, replaced=latest[d.passe] != number)
    return tuple(draws)


def _tables(listed: list, evening: Evening) -> tuple[Table, ...]:
    plans = evening.plans
    tables = []
    for item in _most(listed, "tables"):
        item = fields(item, "tables")
        passe, number = whole(item.get("passe"), "passe"), whole(item.get("table"), "table")
        if not 1 <= passe <= len(plans) or not 1 <= number <= len(plans[passe - 1].tables):
            raise Invalid("club_import_table", field="table")
        seats = tuple(whole(p, "seats") for p in items(item.get("seats"), "seats"))
        if seats != plans[passe - 1].tables[number - 1]:
            raise Invalid("club_import_table", field="seats")
        state = text(item.get("state"), "state")
        if state not in STATES:
            raise Invalid("unknown_value", field="state")
        games = tuple(TableGame.from_dict(g) for g in items(item.get("games"), "games"))
        for game in games:
            fits = [evening.event.contract_problem(game), evening.event.weis_problem(game)]
            problems = game_problems(game) + [p for p in fits if p is not None]
            if problems:
                raise Invalid("club_import_game", field="games", problem=problems[0])
        if len(games) > evening.event.games:
            raise Invalid("club_import_games", field="games", most=evening.event.games)
        if state in DONE and passe_problems(games, evening.event.games):
            raise Invalid("club_import_games", field="games", most=evening.event.games)
        reason = _reason(item.get("reason"), "reason")
        if state == "disputed" and reason is None:
            raise Invalid("club_import_dispute", passe=passe, table=number)
        tables.append(Table(passe, number, seats, state, reason, games))
    found = sorted((t.passe, t.number) for t in tables)
    expected = [(p, n) for p, plan in enumerate(plans, 1) for n in range(1, len(plan.tables) + 1)]
    if found != expected:
        raise Invalid("club_import_table", field="tables")
    return tuple(sorted(tables, key=lambda t: (t.passe, t.number)))


def _changes(listed: list) -> tuple[dict, ...]:
    changes = []
    for item in _most(listed, "changes"):
        item = fields(item, "changes")
        kind = text(item.get("kind"), "kind")
        if kind not in CHANGE_KINDS:
            raise Invalid("unknown_value", field="kind")
        change = {
            "at": check_at(text(item.get("at"), "at")[:40]),
            "phone": _name(item.get("phone"), "phone"),
            "kind": kind,
            "reason": _reason(item.get("reason"), "reason"),
        }
        for key, most in CHANGE_NUMBERS.items():
            change[key] = in_range(whole(item.get(key), key, optional=True), 0, most)
        for key in ("before", "after"):
            change[key] = _side(item.get(key), key, CHANGE_KINDS[kind])
        named = NAMED.get(kind)
        if named is not None and change[named] is None:
            raise Invalid("club_import_unnamed")
        changes.append(change)
    return tuple(changes)


def _side(value, name: str, shape: str | None):
    """What stood before or after a change, as its kind has it; or nothing."""
    if value is None:
        return None
    if shape == "state":
        if value not in STATES:
            raise Invalid("unknown_value", field=name)
        return value
    if shape == "game":
        return TableGame.from_dict(value).to_dict()
    if shape == "event":
        return Event.from_dict(value).to_dict()
    if shape == "name":
        return _name(value, name)
    if shape == "names":
        return [_name(n, name) for n in _most(items(value, name), name)]
    raise Invalid("unknown_value", field=name)


def replay(evening: Evening) -> dict:
    """The standings and each Passe's progress computed from the games, as plain data."""
    names = {p.number: p.name for p in evening.players}
    rows = event_standings(evening.event, evening.players, evening.plans, evening.tables)
    return {
        "format": FORMAT,
        "name": evening.event.name,
        "progress": [
            {"passe": p.passe, "done": p.done, "tables": p.tables, "disputed": list(p.disputed)}
            for p in progress(evening.plans, evening.tables)
        ],
        "standings": [
            {
                "rank": row.rank,
                "name": names[row.player],
                "total": row.total,
                "provisional": row.provisional,
                "passen": [
                    None
                    if r is None
                    else {"value": r.value, "joker": r.joker, "dropped": r.dropped}
                    for r in row.passen
                ],
            }
            for row in rows
        ],
    }
