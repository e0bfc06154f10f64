"""A club evening exported as JSON imports again as a new evening with new links and the same
standings, and replays from the command line to the same standings; a bad file says what is
wrong next to the file field, stores nothing, and never answers 500."""

from __future__ import annotations

import io
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.club import exchange
from scorer.exchange import ImportProblem
from tests.web.test_club_standings_pages import night  # noqa: F401 (a fixture)
from tests.web.test_club_tables import hand_in, play, rows, text


@pytest.fixture
def played(client, app, night):  # noqa: F811
    """Passe 1 of the nine players handed in at both tables, the second one disputed."""
    first, second = night["tables"]
    play(client, app, first, 100, 0, 1)
    play(client, app, first, 57, 1, 2)
    play(client, app, second, 157, 0, 1, match="y")
    play(client, app, second, 30, 0, 2)
    hand_in(client, app, first)
    hand_in(client, app, second)
    seen = str(rows(app, "SELECT version FROM event_tables WHERE table_no = 2")[0][0])
    client.post(f"{second}/einspruch", data={"reason": "Spiel 2?", "seen": seen})
    return night


def upload(client, body: bytes, once: str = "file-1"):
    file = (io.BytesIO(body), "abend.json")
    return client.post("/abend/importieren", data={"file": file, "once": once})


def standings_table(page: str) -> str:
    return re.search(r'<table class="standings".*?</table>', page, re.S).group(0)


def test_an_evening_exports_and_imports_as_a_new_one_with_the_same_standings(client, app, played):
    exported = client.get(f"{played['leader']}/export.json")
    assert exported.headers["Content-Disposition"].startswith("attachment")
    document = json.loads(exported.get_data())
    assert document["format"] == "jass-scorer/event" and document["version"] == 1
    assert [t["state"] for t in document["tables"]] == ["handed_in", "disputed"]
    assert document["tables"][1]["games"][0] == {"tricks": [157, 0], "match": 0}
    imported = upload(client, exported.get_data())
    assert imported.status_code == 303
    new_leader = imported.headers["Location"]
    assert new_leader != played["leader"]
    before = text(client.get(f"{played['leader']}/rangliste"))
    after = text(client.get(f"{new_leader}/rangliste"))
    assert standings_table(after) == standings_table(before)
    # New keys everywhere: no old table link opens the new evening's tables.
    keys = rows(app, "SELECT key FROM event_tables")
    assert len({k for (k,) in keys}) == 4
    assert "aus einer Datei importiert" in text(client.get(new_leader))
    # The same file sent twice lands once; exported again, the evening is the same.
    assert upload(client, exported.get_data()).headers["Location"] == new_leader
    again = json.loads(client.get(f"{new_leader}/export.json").get_data())
    for part in ("event", "seed", "players", "draws", "tables"):
        assert again[part] == document[part]
    assert again["changes"][:-1] == document["changes"]
    assert again["changes"][-1]["kind"] == "import"


def test_replay_prints_the_same_standings(client, app, played, tmp_path):
    path = tmp_path / "abend.json"
    path.write_bytes(client.get(f"{played['leader']}/export.json").get_data())
    result = app.test_cli_runner().invoke(args=["replay", str(path)])
    assert result.exit_code == 0, result.output
    state = json.loads(result.output)
    assert state["progress"] == [{"passe": 1, "done": 2, "tables": 2, "disputed": [2]}]
    page = text(client.get(f"{played['leader']}/rangliste"))
    shown = re.findall(r'<td class="rank">(\d+)\.</td>\s*<td class="st-name">([^<]*)<', page)
    assert [(str(r["rank"]), r["name"]) for r in state["standings"]] == shown
    top = state["standings"][0]
    assert top["total"] == 200 and top["passen"][0] == {
        "value": 200,
        "joker": False,
        "dropped": False,
    }
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "jass-scorer/event", "version": 1, "event": 3}')
    result = app.test_cli_runner().invoke(args=["replay", str(bad)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "Die Datei ist beschädigt: event (Die Einstellungen des Abends sind unlesbar.)" in (
        result.output
    )


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: "no json", "Die Datei ist kein JSON"),
        (lambda d: {**d, "format": "jass-scorer/schieber"}, None),
        (lambda d: {**d, "format": "x"}, "kein exportierter Abend"),
        (lambda d: {**d, "version": 2}, "Version"),
        (lambda d: d["tables"][0]["games"][0].update(tricks=[100, 50]), "Ein Spiel geht nicht auf"),
        (lambda d: d["tables"][0].update(seats=[0, 1, 2, 3]), "Tische passen nicht"),
        (lambda d: d["tables"].pop() and None, "Tische passen nicht"),
        (
            lambda d: d["players"][1].update(
                name="Anna" if d["players"][0]["name"] == "Anna" else d["players"][0]["name"]
            ),
            "zweimal",
        ),
        (lambda d: d["tables"][0]["games"].pop() and None, "alle 2 Spiele"),
        (lambda d: d["draws"][0].update(passe=2), "der Reihe nach gelost"),
        (lambda d: d.pop("players") and None, "players"),
    ],
)
def test_a_bad_file_says_why_and_stores_nothing(client, app, played, change, message):
    document = json.loads(client.get(f"{played['leader']}/export.json").get_data())
    changed = change(document)
    body = json.dumps(document if changed is None else changed).encode()
    if changed == "no json":
        body = b"no json"
    answer = upload(client, body)
    assert answer.status_code == 422
    error = re.search(r'id="error-file"[^>]*>([^<]*)<', text(answer)).group(1)
    if message:
        assert message in error
    assert rows(app, "SELECT count(*) FROM events") == [(1,)]


def test_the_import_page_asks_for_a_file(client):
    assert client.get("/abend/importieren").status_code == 200
    answer = client.post("/abend/importieren", data={})
    assert answer.status_code == 422 and "Bitte eine exportierte .json-Datei wählen." in text(
        answer
    )


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(path=st.lists(st.integers(0, 8), min_size=1, max_size=4), value=JSON)
def test_any_damage_is_an_import_problem_never_a_crash(exported_document, path, value):
    document = json.loads(json.dumps(exported_document))
    target = document
    for step in path[:-1]:
        keys = list(target) if isinstance(target, dict) else list(range(len(target)))
        if not keys:
            break
        child = target[keys[step % len(keys)]]
        if not isinstance(child, dict | list):
            break
        target = child
    keys = list(target) if isinstance(target, dict) else list(range(len(target)))
    if keys:
        target[keys[path[-1] % len(keys)]] = value
    try:
        read = exchange.load(document)
    except ImportProblem:
        return
    exchange.replay(read)  # whatever was read stands up to a replay


@pytest.fixture(scope="module")
def exported_document() -> dict:
    return hand_made_document()


def hand_made_document() -> dict:
    """A small evening's document, built by hand: eight players, one Passe, one table done."""
    return {
        "format": "jass-scorer/event",
        "version": 1,
        "event": {"name": "Test", "day": "2026-11-27", "passen": 2, "games": 1},
        "seed": "s",
        "players": [{"number": n, "name": f"P{n}", "joined": 1, "left": None} for n in range(8)],
        "draws": [
            {
                "passe": 1,
                "plan": {"tables": [[0, 1, 2, 3], [4, 5, 6, 7]], "sit_out": []},
                "reason": None,
                "at": "2026-11-27T19:00:00+00:00",
                "phone": "Leitung",
            }
        ],
        "tables": [
            {
                "passe": 1,
                "table": 1,
                "seats": [0, 1, 2, 3],
                "state": "confirmed",
                "reason": None,
                "games": [{"tricks": [100, 57], "match": None}],
            },
            {
                "passe": 1,
                "table": 2,
                "seats": [4, 5, 6, 7],
                "state": "playing",
                "reason": None,
                "games": [],
            },
        ],  # fmt: skip
        "changes": [
            {
                "at": "x",
                "phone": "Leitung",
                "kind": "draw",
                "passe": 1,
                "table": None,
                "number": None,
                "before": None,
                "after": None,
                "reason": None,
            },
        ],  # fmt: skip
    }


def test_the_hand_made_document_reads_and_replays(exported_document):
    state = exchange.replay(exchange.load(exported_document))
    assert [(r["name"], r["total"]) for r in state["standings"][:2]] == [("P0", 100), ("P2", 100)]


def test_players_who_came_and_went_and_weis_read_back(exported_document):
    document = json.loads(json.dumps(exported_document))
    document["event"]["weis"] = True
    document["players"].append({"number": 8, "name": "Neu", "joined": 2, "left": None})
    document["players"][7]["left"] = 1
    document["tables"][0]["games"] = [{"tricks": [100, 57], "match": None, "extras": [20, 0]}]
    document["changes"] += [
        {"at": "y", "phone": "Leitung", "kind": "players_added", "passe": 2, "table": None,
         "number": None, "before": None, "after": ["Neu"], "reason": None},
        {"at": "z", "phone": "Leitung", "kind": "player_left", "passe": 1, "table": None,
         "number": None, "before": "P7", "after": None, "reason": None},
    ]  # fmt: skip
    read = exchange.load(document)
    assert read.players[8].joined == 2 and read.players[7].left == 1
    assert exchange.export(read)["changes"] == document["changes"]
    totals = {r["name"]: r["total"] for r in exchange.replay(read)["standings"]}
    assert totals["P0"] == 120 and totals["Neu"] == 0
    document["changes"][-1]["before"] = {"tricks": [1, 2]}
    with pytest.raises(ImportProblem):
        exchange.load(document)
