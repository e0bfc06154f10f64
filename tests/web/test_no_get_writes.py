"""No GET or HEAD ever writes: every rule of the app, with every action the app knows (and some
it does not) in the query string, leaves the database's stored data byte for byte as it was,
and never answers 500."""

from __future__ import annotations

import shutil
import sqlite3
from itertools import product
from pathlib import Path
from urllib.parse import urlencode

import pytest
from jinja2 import StrictUndefined

from scorer import create_app
from scorer.storage.migrations import migrate
from scorer.web.db import get_db
from tests.conftest import by_number, new_game_form

PLAYERS = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}
TABLES = {"games": "id", "entries": "id", "changes": "id", "tokens": "token"}
TABLES |= {"events": "id", "event_players": "event_id, number", "event_draws": "id"}
TABLES |= {
    "event_changes": "id",
    "event_tables": "key",
    "event_games": "id",
    "event_tokens": "token",
}
ACTIONS = ["write", "add:0", "remove:0:0", "find:0", "refresh", "delete", "undo", "x"]
FIELDS = {
    "contract": "rosen",
    "stoeck": "0",
    "d0": "four:A",
    "d1": "run:rosen:K:4",
    "points": "90",
    "points_team": "0",
    "kind0": "four",
    "rank0": "U",
    "cards0": "rosen:O",
    "trump": "rosen",
    "team": "0",
    "claim_team": "0",
    "claim_points": "50",
    "once": "get-once",
    "seen": "0",
    "name": "Dieb",
    "seite": "2",
}
QUERIES = ["", *(urlencode({**FIELDS, "action": action}) for action in ACTIONS)]


def make_app(database: Path):
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(database),
            "SECRET_KEY": "no-get-writes",
            "WTF_CSRF_ENABLED": False,
            "PROPAGATE_EXCEPTIONS": False,
        }
    )
    by_number(app)
    app.jinja_env.undefined = StrictUndefined
    return app


def checkpoint(database: Path) -> None:
    conn = sqlite3.connect(database)
    try:
        busy, _, _ = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        assert busy == 0, "another connection kept the database busy"
    finally:
        conn.close()


def dump(database: Path) -> str:
    """Every row of every table, in a fixed order."""
    conn = sqlite3.connect(database)
    try:
        return "\n".join(
            f"{table}: {row!r}"
            for table, key in TABLES.items()
            for row in conn.execute(f"SELECT * FROM {table} ORDER BY {key}")
        )
    finally:
        conn.close()


def file_bytes(database: Path) -> bytes:
    """The database file after everything in the write-ahead log went into it."""
    checkpoint(database)
    wal = database.with_name(database.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    return database.read_bytes()


SCHIEBER, HANDJASS, OPEN_HAND, DIFFERENZLER, COIFFEUR = 1, 2, 3, 4, 5


@pytest.fixture(scope="module")
def template_db(tmp_path_factory) -> Path:
    """1 a Schieber game with three hands (one edited, one undone), 2 a Handjass game with two
    deals, 3 a Schieber game with an open hand (Weis and Stöck written, no trick points), 4 a
    Differenzler game with one round, 5 a Coiffeur game with one cell filled."""
    path = tmp_path_factory.mktemp("no-get-writes") / "template.db"
    app = make_app(path)
    with app.app_context():
        migrate(get_db())
    client = app.test_client()
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    for contract, points, team in [("schellen", 90, 0), ("rosen", 60, 1), ("obenabe", 100, 0)]:
        hand = {"contract": contract, "points": str(points), "points_team": str(team)}
        assert client.post(f"/games/{SCHIEBER}/hands", data=hand).status_code == 303
    hand = {"contract": "eicheln", "points": "70", "points_team": "1"}
    assert client.post(f"/games/{SCHIEBER}/hands", data=hand).status_code == 303
    edit = {"contract": "schellen", "points": "80", "points_team": "0"}
    assert client.post(f"/games/{SCHIEBER}/hands/1", data=edit).status_code == 303
    assert client.post(f"/games/{SCHIEBER}/undo").status_code == 303
    assert client.post("/handjass/new", data={**PLAYERS, "deck": "swiss"}).status_code == 303
    for cards in [(60, 50, 25, 22), (57, 48, 30, 22)]:
        deal = {"trump": "rosen", **{f"cards{s}": str(c) for s, c in enumerate(cards)}}
        assert client.post(f"/handjass/{HANDJASS}/deals", data=deal).status_code == 303
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    declared = {"contract": "rosen", "d0": "four:U", "stoeck": "1", "action": "write"}
    assert client.post(f"/games/{OPEN_HAND}/weis", data=declared).status_code == 303
    setup = {**PLAYERS, "rounds": "12", "deck": "swiss", "exact_bonus": "0"}
    assert client.post("/differenzler/new", data=setup).status_code == 303
    said = {f"prediction-{s}": str(p) for s, p in enumerate((40, 30, 50, 37))}
    points = {f"points-{s}": str(p) for s, p in enumerate((52, 20, 45, 40))}
    one = {"trump": "rosen", **said, **points, "action": "save"}
    assert client.post(f"/differenzler/{DIFFERENZLER}/round", data=one).status_code == 303
    board = {"team1": "Wir", "team2": "Ihr", "deck": "swiss", "board": "8"}
    assert client.post("/coiffeur/new", data=board).status_code == 303
    cell = {"cell": "0:rosen", "points": "95"}
    assert client.post(f"/coiffeur/{COIFFEUR}/entries", data=cell).status_code == 303
    evening = {"name": "Clubabend", "players": "\n".join("ABCDEFGHIJ"), "passen": "4"}
    made = client.post("/abend/neu", data={**evening, "games": "12", "ranking": "points"})
    assert made.status_code == 303
    drawn = client.post(f"{made.headers['Location']}/auslosen", data={"passe": "1", "seen": "0"})
    assert drawn.status_code == 303, drawn.get_data(as_text=True)
    checkpoint(path)
    return path


def rules() -> list:
    """Every rule of the app's URL map, found on an app that never opens its database."""
    app = create_app({"TESTING": True, "DATABASE": "/nonexistent/never-opened.db"})
    return sorted(app.url_map.iter_rules(), key=lambda rule: rule.rule)


RULES = rules()


def watch_keys(database: Path | None) -> dict[int, str]:
    """Each game's watch key, by its number."""
    if database is None:
        return {}
    conn = sqlite3.connect(database)
    try:
        return dict(conn.execute("SELECT id, watch_key FROM games"))
    finally:
        conn.close()


def event_keys(database: Path | None) -> list[str]:
    """The leader's and the projector's key of each evening, and each table phone's."""
    if database is None:
        return []
    conn = sqlite3.connect(database)
    try:
        keys = [k for row in conn.execute("SELECT leader_key, screen_key FROM events") for k in row]
        return keys + [k for (k,) in conn.execute("SELECT key FROM event_tables")]
    finally:
        conn.close()


def urls(rule, database: Path | None = None) -> list[str]:
    """The rule filled with real ids: each game of each kind (by number: the test client opens
    it under its writer's link; by its watch key for a watch link), entry number 1."""
    names = sorted(rule.arguments)
    watch = watch_keys(database)
    values = {
        "game_id": [SCHIEBER, HANDJASS, OPEN_HAND, DIFFERENZLER, COIFFEUR],
        "number": [1],
        "table_no": [1],
        "filename": ["app.css", "htmx-2.0.11.min.js"],
        "rest": [*watch.values(), "x/y"],
        "key": [*event_keys(database), "unknown-event-key-000000"],
    }
    unknown = set(names) - set(values)
    assert not unknown, f"{rule.rule}: no value for {unknown}"
    filled = []
    for combination in product(*(values[name] for name in names)):
        path = rule.rule
        for name, value in zip(names, combination, strict=True):
            path = path.replace(f"<int:{name}>", str(value)).replace(f"<path:{name}>", str(value))
            path = path.replace(f"<game:{name}>", str(value)).replace(f"<{name}>", str(value))
            path = path.replace(f"<watch:{name}>", watch.get(value, "unknown-watch-key-000000"))
        filled.append(path)
    return filled


def test_every_rule_is_walked():
    """The walk covers the whole URL map; a new rule with a new argument fails loudly here."""
    assert len(RULES) >= 25
    for rule in RULES:
        assert urls(rule)


@pytest.mark.parametrize("rule", RULES, ids=[rule.rule for rule in RULES])
def test_get_and_head_never_write(tmp_path, template_db, rule):
    path = tmp_path / "walk.db"
    shutil.copyfile(template_db, path)
    stored, raw = dump(path), file_bytes(path)
    client = make_app(path).test_client()
    answered = []
    for url, query, method in product(urls(rule, path), QUERIES, ("GET", "HEAD")):
        target = f"{url}?{query}" if query else url
        # htmx asks for fragments: the same views, another template block.
        for headers in ({}, {"HX-Request": "true"}) if query in QUERIES[:2] else ({},):
            with client.open(target, method=method, headers=headers) as response:
                assert response.status_code < 500, (method, target, headers)
                answered.append(response.status_code)
    if rule.methods & {"GET", "HEAD"}:
        assert any(code < 400 for code in answered), rule.rule
    else:
        assert set(answered) == {405}
    assert dump(path) == stored
    assert file_bytes(path) == raw
