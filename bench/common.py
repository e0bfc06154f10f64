"""What the benchmarks share: the app on a scratch database, games built straight into storage,
the hidden inputs of a form, percentiles, and a line on the machine the figures come from.

Benchmarks print figures; none of this is a test and `make test` never runs it.
"""

from __future__ import annotations

import html
import json
import os
import platform
import re
import sqlite3
import sys
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as `python bench/x.py` from anywhere
    sys.path.insert(0, str(ROOT))

from scorer import create_app, modes  # noqa: E402
from scorer.handjass.game import Deal, Entry, HandjassGame, HandjassRules  # noqa: E402
from scorer.schieber.contracts import Rules  # noqa: E402
from scorer.schieber.game import Game, Hand, Team, replay  # noqa: E402
from scorer.storage import games as store  # noqa: E402
from scorer.storage.migrations import migrate  # noqa: E402
from scorer.web.db import connect, get_db  # noqa: E402
from tests.conftest import new_game_form  # noqa: E402,F401 (the tests' own set-up form)

SECRET_KEY = "bench-secret-key"


def make_app(database: str | Path, *, csrf: bool = True):
    """The real app (create_app) on `database`, migrated; CSRF on unless told otherwise."""
    config = {"DATABASE": str(database), "SECRET_KEY": SECRET_KEY}
    if not csrf:
        config["WTF_CSRF_ENABLED"] = False
    app = create_app(config)
    with app.app_context():
        migrate(get_db())
    return app


# --- the hands a benchmark table plays ------------------------------------------------------

CONTRACTS = ("rosen", "eicheln", "schilten", "schellen", "obenabe", "undenufe")
FLAT = ("rosen", "eicheln")  # ×1 contracts: a Schieber game lasts as long as the rules let it


def hand_fields(i: int, contracts: tuple[str, ...] = CONTRACTS[:4]) -> dict[str, str]:
    """The panel's fields for hand i (0-based): the contracts in turn (by default the ×1 and ×2
    of the modern preset), varied trick points for the team of the hand, and written Weis
    every fourth hand."""
    fields = {
        "contract": contracts[i % len(contracts)],
        "points_team": str(i % 2),
        "points": str(60 + (i * 7) % 40),
    }
    if i % 4 == 3:
        fields["weis_a"] = "20"
    return fields


def hand_of(fields: dict[str, str]) -> Hand:
    """The engine's hand for a panel's fields (as HandForm.entry reads them)."""
    return Hand(
        contract=fields["contract"],
        points_team=int(fields["points_team"]),
        points=int(fields["points"]),
        weis=(int(fields.get("weis_a", 0)), int(fields.get("weis_b", 0))),
    )


def target_for(hands: int) -> int:
    """A custom target that the table of `hand_fields` reaches in exactly hand `hands`."""
    rules = Rules.from_preset("modern", target=100_000)
    teams = (Team("Wir", ("Anna", "Clara")), Team("Ihr", ("Ben", "Dani")))
    record = tuple(hand_of(hand_fields(i)) for i in range(hands))
    before = replay(Game(teams, rules, 0, record[:-1])).totals
    after = replay(Game(teams, rules, 0, record)).totals
    target = max(after)
    if max(before) >= target or min(after) >= target:
        raise SystemExit(f"no target ends the benchmark game in hand {hands} exactly")
    game = Game(teams, Rules.from_preset("modern", target=target), 0, record)
    state = replay(game)
    assert state.finished and len(state.rows) == hands, "the target does not end the game"
    return target


# --- games straight into storage ------------------------------------------------------------


def schieber_game(
    hands: int, target: int = 100_000, contracts: tuple[str, ...] = CONTRACTS[:4]
) -> Game:
    """A Schieber game of `hands` closed hands (see hand_fields) to this target."""
    teams = (Team("Wir", ("Anna", "Clara")), Team("Ihr", ("Ben", "Dani")))
    record = tuple(hand_of(hand_fields(i, contracts)) for i in range(hands))
    return Game(teams, Rules.from_preset("modern", target=target), 0, record)


HANDJASS_CARDS = (60, 57, 20, 20)  # 157 in all: two strokes, two potatoes (under 26)


def handjass_deal(i: int) -> Deal:
    """Deal i of a four-player game nobody leaves: the points go round the seats, so every
    four deals each player gets two strokes and two potatoes, and nobody's net strokes move
    far from zero. (bench/replay.py rotates the order of the entries but not who holds which
    points: in its game seat 0 gets a stroke every deal and has retired after 100 deals, so
    its record stops being one the app would accept.)"""
    return Deal(
        "rosen", tuple(Entry(seat, cards=HANDJASS_CARDS[(seat + i) % 4]) for seat in range(4))
    )


def handjass_game(deals: int) -> HandjassGame:
    """A four-player Handjass game of `deals` deals, to the highest target (100 strokes)."""
    record = tuple(handjass_deal(i) for i in range(deals))
    return HandjassGame(("A", "B", "C", "D"), HandjassRules(target=100), record)


def writer_path(db, game_id: int) -> str:
    """A stored game's page: its writer's link."""
    kind, key = db.execute("SELECT kind, write_key FROM games WHERE id = ?", [game_id]).fetchone()
    return f"/games/{key}" if kind == "schieber" else f"/{kind}/{key}"


def store_game(db, game, *, with_log: bool = True) -> int:
    """Store a game through scorer.storage.games.create, then (with_log) give it the record of
    changes it would have had if every entry had been entered one by one at the table: one
    "enter" change per entry, with the list summary before and after, as `save` writes them.
    Returns its id."""
    game_id, _ = store.create(db, game, phone="Bench")
    if not with_log:
        return game_id
    entries = getattr(game, game.RECORD)
    ids = [row[0] for row in db.execute("SELECT id FROM entries WHERE game_id = ?", [game_id])]
    summary = json.dumps(modes.summary(game))
    at = store.now()
    with store.writing(db):
        db.conn.executemany(
            "INSERT INTO changes (game_id, at, phone, kind, entry_id, number, before, after,"
            " outcome_before, outcome_after) VALUES (?, ?, 'Bench', 'enter', ?, ?, NULL, ?, ?, ?)",
            [
                (game_id, at, ids[i], i + 1, json.dumps(e.to_dict()), summary, summary)
                for i, e in enumerate(entries)
            ],
        )
    return game_id


def open_db(path: str | Path):
    """A connection as the app opens one (sqlite-utils Database)."""
    return connect(str(path))


def count_entries(path: str | Path) -> dict[str, int]:
    """Entries stored per game, by the game's writer's key (as its link names it)."""
    with sqlite3.connect(path) as conn:
        rows = conn.execute(
            "SELECT write_key, COUNT(*) FROM entries JOIN games ON games.id = game_id"
            " GROUP BY game_id"
        ).fetchall()
    return dict(rows)


# --- reading pages --------------------------------------------------------------------------

_INPUT = re.compile(r"<input\b[^>]*>", re.S)
_ATTR = re.compile(r'([\w-]+)="([^"]*)"')


def hidden_inputs(page: str, form_id: str | None = None) -> dict[str, str]:
    """The hidden inputs (name → value) of the form with this id, or of the whole page."""
    if form_id is not None:
        match = re.search(rf'<form id="{re.escape(form_id)}".*?</form>', page, re.S)
        if match is None:
            return {}
        page = match.group(0)
    found = {}
    for tag in _INPUT.findall(page):
        attrs = dict(_ATTR.findall(tag))
        if attrs.get("type") == "hidden" and "name" in attrs:
            found[attrs["name"]] = html.unescape(attrs.get("value", ""))
    return found


PLAIN = {"Jass-Panel": "plain"}  # what htmx sends from a plain panel (hx-headers)


def panel_after(answer: str, before: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """A Schieber panel as the phone holds it after an answer: its hidden inputs, and the
    headers htmx sends with its next post. An answer that keeps the page's panel
    (hx-preserve) brings the new tokens out of band, in div#next."""
    if '<form id="panel" hx-preserve>' in answer:
        moved = answer.split('<div id="next"', 1)[1].split('<div class="who">', 1)[0]
        return {**before, **hidden_inputs(moved)}, PLAIN
    form = re.search(r'<form id="panel".*?>', answer, re.S)
    plain = form is not None and "Jass-Panel" in form.group(0)
    return hidden_inputs(answer, "panel"), PLAIN if plain else {}


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of the values; nan for none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def ms(seconds: float) -> str:
    """Seconds as milliseconds, for a table."""
    return f"{seconds * 1000:8.2f} ms"


def kb(n: int) -> str:
    """Bytes as KB (1000 bytes, as the goals count them)."""
    return f"{n / 1000:7.1f} KB"


def machine_cpu_seconds() -> float:
    """CPU seconds all processes on the machine have used since boot (/proc/stat)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:8]]
    busy = sum(values) - values[3] - values[4]  # less idle and iowait
    return busy / os.sysconf("SC_CLK_TCK")


def busy(seconds: float = 0.5) -> float:
    """How busy all CPUs were over the next `seconds` (0 to 1), from /proc/stat: other work on
    the machine (tests of another session, say) makes every figure worse."""
    import time

    def sample():
        values = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
        return sum(values), values[3] + values[4]  # all, idle + iowait

    try:
        total0, idle0 = sample()
        time.sleep(seconds)
        total1, idle1 = sample()
    except OSError:
        return float("nan")
    return 1 - (idle1 - idle0) / max(total1 - total0, 1)


def machine() -> str:
    """The machine the figures come from: cores, CPU model, Python, date."""
    model = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"{os.cpu_count()} cores (nproc {len(os.sched_getaffinity(0))}), {model}, "
        f"Python {platform.python_version()}, {when}, load average {load},"
        f" CPUs {busy():.0%} busy just before the start"
    )


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"
