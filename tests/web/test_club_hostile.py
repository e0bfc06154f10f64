"""Hostile club evenings: an imported evening the app could not have stored is refused with
the file's fault named (nothing stored), one it takes shows its leader's page; a table's phone
cannot enter trick points no game can have.

The app runs with PROPAGATE_EXCEPTIONS off, as in test_hostile: a fault in a view shows up as
a 500 answer that the tests assert against.
"""

from __future__ import annotations

import copy
import json

import pytest

from tests.web.test_club_exchange import hand_made_document
from tests.web.test_hostile import messages
from tests.web.test_hostile_sweep import everything, file_error, fresh_world, rows, upload


@pytest.fixture
def world(tmp_path):
    return fresh_world(tmp_path)


# --- a club evening's import ------------------------------------------------------------------


def evening() -> dict:
    """test_club_exchange's hand-made evening, its change at a time that reads as one."""
    document = hand_made_document()
    document["changes"][0]["at"] = "2026-11-27T19:00:00+00:00"
    return document


def test_the_evening_as_written_here_imports_and_shows(world):
    """The document the tests below change: it imports, and its pages show."""
    _app, client, _path = world
    response = upload(client, "/abend/importieren", evening())
    assert response.status_code == 303
    assert client.get(response.headers["Location"]).status_code == 200


def with_change(**fields):
    def change(document):
        document["changes"].append({**document["changes"][0], **fields})

    return change


SHOWN_OR_REFUSED = [
    # club.html writes c.at.strftime(): local_time() gives None for a time it cannot read
    pytest.param(with_change(at="x"), id="change-at-not-a-time"),
    # local_time(): OverflowError in astimezone()
    pytest.param(with_change(at="0001-01-01T00:00:00+14:00"), id="change-at-year-1"),
    pytest.param(with_change(at="9999-12-31T23:59:59-14:00"), id="change-at-year-9999"),
    # club._what(): json.loads(None)
    pytest.param(with_change(kind="players_added", after=None), id="players-added-without-names"),
    pytest.param(with_change(kind="player_left", before=None), id="player-left-without-name"),
]


@pytest.mark.parametrize("damage", SHOWN_OR_REFUSED)
def test_an_imported_evening_is_refused_or_its_leaders_page_shows(world, damage):
    _app, client, path = world
    document = evening()
    damage(document)
    response = upload(client, "/abend/importieren", document)
    if response.status_code == 422:
        assert file_error(response)
        assert rows(path, "SELECT count(*) FROM events") == [(0,)]
        return
    assert response.status_code == 303, response.status_code
    leader = response.headers["Location"]
    assert client.get(leader).status_code == 200


def players(**fields):
    def change(document):
        document["players"][7].update(fields)

    return change


REFUSED = [
    # Numbers no SQLite integer can hold: OverflowError on insert (500).
    pytest.param(with_change(passe=10**30), id="change-passe-10e30"),
    pytest.param(with_change(table=10**30), id="change-table-10e30"),
    pytest.param(with_change(number=10**30), id="change-number-10e30"),
    pytest.param(players(left=10**30), id="player-left-10e30"),
    pytest.param(players(joined=10**30), id="player-joined-10e30"),
    # Kept apart: player numbers the evening does not have; the leader's page then fails
    # (names[...] of a number no player has).
    pytest.param(
        lambda d: d["event"].update(keep_apart=[[0, 10**30]]), id="keep-apart-unknown-player"
    ),
    pytest.param(lambda d: d["event"].update(keep_apart=[[0, 99]]), id="keep-apart-player-99"),
    # What the app never stores: Weis and Stöck at an evening that does not count them, or
    # more than a table may type (1000); a player seated before joining or after leaving; a
    # fixed pair set against each other; an objection or a redraw without a reason.
    pytest.param(
        lambda d: d["tables"][0]["games"][0].update(extras=[20, 0]), id="weis-at-evening-without"
    ),
    pytest.param(
        lambda d: (
            d["event"].update(weis=True) or d["tables"][0]["games"][0].update(extras=[10**30, 0])
        ),
        id="weis-10e30",
    ),
    pytest.param(players(joined=2), id="seated-before-joining"),
    pytest.param(players(left=0), id="seated-after-leaving"),
    pytest.param(lambda d: d["event"].update(fixed_pairs=True), id="fixed-pair-set-apart"),
    pytest.param(
        lambda d: d["tables"][1].update(
            state="disputed", games=[{"tricks": [100, 57], "match": None}]
        ),
        id="dispute-without-reason",
    ),
    pytest.param(
        lambda d: (
            d["draws"].append({**d["draws"][0]}) or d["tables"][0].update(state="playing", games=[])
        ),
        id="redraw-without-reason",
    ),
]


@pytest.mark.parametrize("damage", REFUSED)
def test_an_evening_the_app_could_not_have_stored_is_refused(world, damage):
    _app, client, path = world
    document = copy.deepcopy(evening())
    damage(document)
    before = everything(path)
    response = upload(client, "/abend/importieren", document)
    assert response.status_code == 422, response.status_code
    assert file_error(response)
    assert everything(path) == before


# --- a club table's phone: trick points no game can have ---------------------------------------

EIGHT = ["Anna", "Beat", "Clara", "Dani", "Eva", "Fritz", "Greti", "Hans"]


@pytest.fixture
def table(world):
    """An evening of eight players, two games a Passe, Passe 1 drawn: table 1's page."""
    _app, client, path = world
    form = {
        "name": "Clubabend", "day": "2026-11-27", "players": "\n".join(EIGHT), "passen": "4",
        "games": "other", "games_other": "2", "ranking": "points", "match_bonus": "0",
    }  # fmt: skip
    leader = client.post("/abend/neu", data=form).headers["Location"]
    seen = str(rows(path, "SELECT version FROM events")[0][0])
    assert client.post(f"{leader}/auslosen", data={"passe": "1", "seen": seen}).status_code == 303
    key = rows(path, "SELECT key FROM event_tables WHERE table_no = 1")[0][0]
    return f"/tisch/{key}"


@pytest.mark.parametrize("points", ["1", "156"])
def test_a_table_game_of_1_or_156_trick_points_is_refused(world, table, points):
    """No card counts 1, so neither side of a Schieber game can make 1 (nor, the other side
    then having 1, 156): the table's panel refuses both as the Schieber panel does, saying the
    number typed, and stores nothing."""
    _app, client, path = world
    key = table.rsplit("/", 1)[1]
    version = rows(path, "SELECT version FROM event_tables WHERE key = ?", [key])[0][0]
    before = everything(path)
    response = client.post(
        f"{table}/spiele",
        data={"points": points, "side": "0", "number": "1", "seen": f"0-{version}"},
    )
    assert response.status_code == 422, response.status_code
    said = messages(response.get_data(as_text=True))
    assert f"{points} gibt es nicht: keine Karte zählt 1 Punkt." in said, said
    assert everything(path) == before


def test_an_imported_table_game_of_1_and_156_is_kept_as_stored(world):
    """A table's phone stored 1 : 156 before it refused such points: an evening exported
    then still imports, with that game as it was."""
    _app, client, path = world
    document = evening()
    document["tables"][0]["games"][0]["tricks"] = [1, 156]
    response = upload(client, "/abend/importieren", document)
    assert response.status_code == 303, file_error(response)
    stored = [json.loads(d) for (d,) in rows(path, "SELECT data FROM event_games")]
    assert [1, 156] in [game["tricks"] for game in stored]
