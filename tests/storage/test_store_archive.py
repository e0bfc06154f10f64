"""Archive and bin in the store: a finished game leaves the start page for the archive, any game
is deleted into the bin and can be restored for KEEP_DAYS days; each move is one transaction,
kept as a change of the game, and no entry or change is ever lost."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from scorer.schieber.game import Hand
from scorer.storage import games as store
from scorer.storage.migrations import migrate, migrations
from scorer.web.db import connect
from tests.storage.test_store import enter_hand, new_game, rows, schieber_game, undo


@pytest.fixture
def db(tmp_path):
    """A migrated database, as the app opens it."""
    database = connect(str(tmp_path / "archive.db"))
    migrate(database)
    yield database
    database.close()


def finished_game(db) -> int:
    """A Schieber game to 100, won by Wir with one hand of 157."""
    game_id, _ = store.create(db, schieber_game(target=100))
    enter_hand(db, game_id, 157)
    return game_id


def started(db) -> list[int]:
    return [g.id for g in store.listing(db)[0]]


def archived(db) -> list[int]:
    return [g.id for g in store.archive_listing(db)[0]]


def binned(db) -> list[int]:
    return [g.id for g in store.bin_listing(db)[0]]


def kinds(db, game_id: int) -> list[str]:
    return [c.kind for c in store.changes(db, game_id)]


def test_a_finished_game_is_archived_and_back(db):
    running = new_game(db, [62])
    finished = finished_game(db)
    assert started(db) == [running, finished] and store.counts(db) == (0, 0)

    assert store.archive(db, finished, phone="Anna") is True
    assert started(db) == [running]
    assert archived(db) == [finished]
    assert store.counts(db) == (1, 0)
    stored = store.load(db, finished)  # archived, not gone: it opens and can be changed
    assert stored is not None and stored.game.hands[0].points == 157
    change = store.changes(db, finished)[-1]
    assert (change.kind, change.phone, change.entry_id, change.number) == (
        "archive",
        "Anna",
        None,
        None,
    )
    assert store.listed_game(db, finished).archived == change.at

    assert store.unarchive(db, finished, phone="Ben") is True
    assert started(db) == [running, finished] and archived(db) == []
    assert kinds(db, finished)[-2:] == ["archive", "unarchive"]
    assert store.listed_game(db, finished).archived is None


def test_a_running_game_is_not_archived_and_nothing_is_written(db):
    running = new_game(db, [62])
    before = kinds(db, running)
    with pytest.raises(store.Refused) as refused:
        store.archive(db, running, phone="Anna", token="t1")
    assert refused.value.reason == "running"
    assert kinds(db, running) == before
    assert store.token_game(db, "t1") is None
    assert started(db) == [running]


def test_a_deleted_game_leaves_every_list_but_the_bin_and_keeps_its_record(db):
    game_id = new_game(db, [62, 90])
    entries = rows(db, game_id)
    changes = store.changes(db, game_id)

    assert store.delete(db, game_id, phone="Anna") is True
    assert started(db) == [] and archived(db) == [] and binned(db) == [game_id]
    assert store.counts(db) == (0, 1)
    assert store.load(db, game_id) is None  # its pages answer 404
    assert store.version(db, game_id) is None  # a write that read it before finds none
    kept = store.load(db, game_id, deleted=True)
    assert [h.points for h in kept.game.hands] == [62, 90]
    assert rows(db, game_id) == entries
    assert store.changes(db, game_id)[:-1] == changes
    listed = store.bin_listing(db)[0][0]
    assert listed.deleted_by == "Anna" and listed.deleted == store.changes(db, game_id)[-1].at
    assert listed.summary["totals"] == store.listed_game(db, game_id).summary["totals"]


def test_a_restored_game_comes_back_with_its_entries_ids_and_changes(db):
    game_id = new_game(db, [62, 90])
    before = store.load(db, game_id)
    store.delete(db, game_id, phone="Anna")
    assert store.restore(db, game_id, phone="Ben") is True
    after = store.load(db, game_id)
    assert after.game == before.game
    assert after.entry_ids == before.entry_ids and after.version == before.version
    assert started(db) == [game_id] and binned(db) == []
    assert kinds(db, game_id) == ["create", "enter", "enter", "delete-game", "restore"]
    assert [c.phone for c in store.changes(db, game_id)[-2:]] == ["Anna", "Ben"]
    enter_hand(db, game_id, 40)  # and it goes on
    assert len(store.load(db, game_id).game.hands) == 3


def test_an_archived_game_deleted_and_restored_is_back_in_the_archive(db):
    game_id = finished_game(db)
    store.archive(db, game_id)
    store.delete(db, game_id)
    assert archived(db) == [] and binned(db) == [game_id] and store.counts(db) == (0, 1)
    with pytest.raises(store.Refused) as refused:
        store.unarchive(db, game_id)
    assert refused.value.reason == "deleted"
    store.restore(db, game_id)
    assert archived(db) == [game_id] and started(db) == []


def test_a_move_twice_is_kept_once(db):
    game_id = finished_game(db)
    assert store.archive(db, game_id, token="tap") is True
    store.unarchive(db, game_id)
    # The same form sent again (a double tap, or sent again from the history) does nothing.
    assert store.archive(db, game_id, token="tap") is False
    assert started(db) == [game_id]
    # Another phone was quicker: it is where it was asked to be, nothing more is kept.
    store.delete(db, game_id, token="first")
    assert store.delete(db, game_id, token="second") is False
    assert store.restore(db, game_id) is True
    assert store.restore(db, game_id) is False
    assert kinds(db, game_id)[-4:] == ["archive", "unarchive", "delete-game", "restore"]
    # A token of another game's form moves this one, and is left to its own game.
    other = new_game(db)
    assert store.delete(db, other, token="first") is True
    assert store.token_game(db, "first") == game_id


def test_a_missing_game_is_refused(db):
    for move in (store.archive, store.unarchive, store.delete, store.restore):
        for game_id in (1, 0, -5, 2**63):
            with pytest.raises(store.Refused) as refused:
                move(db, game_id)
            assert refused.value.reason == "missing"


def test_a_game_deleted_too_long_ago_stays_kept_but_cannot_be_restored(db):
    game_id = new_game(db, [62])
    store.delete(db, game_id)
    old = (datetime.now(UTC) - timedelta(days=store.KEEP_DAYS, hours=1)).isoformat(
        timespec="seconds"
    )
    db.execute("UPDATE games SET deleted = ? WHERE id = ?", [old, game_id])
    assert binned(db) == [] and store.counts(db) == (0, 0)
    with pytest.raises(store.Refused) as refused:
        store.restore(db, game_id)
    assert refused.value.reason == "expired"
    assert store.load(db, game_id, deleted=True).game.hands[0].points == 62
    assert kinds(db, game_id) == ["create", "enter", "delete-game"]


def test_a_game_deleted_a_day_short_of_the_limit_is_still_restored(db):
    game_id = new_game(db)
    store.delete(db, game_id)
    recent = (datetime.now(UTC) - timedelta(days=store.KEEP_DAYS - 1)).isoformat(timespec="seconds")
    db.execute("UPDATE games SET deleted = ? WHERE id = ?", [recent, game_id])
    assert binned(db) == [game_id]
    assert store.restore(db, game_id) is True


def test_a_move_that_fails_half_way_writes_nothing(db, monkeypatch):
    game_id = finished_game(db)
    before = kinds(db, game_id)

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(store, "_log", broken)
    for move in (store.archive, store.delete):
        with pytest.raises(RuntimeError):
            move(db, game_id, token="lost")
    monkeypatch.undo()
    listed = store.listed_game(db, game_id)
    assert listed.archived is None and listed.deleted is None
    assert kinds(db, game_id) == before and store.token_game(db, "lost") is None
    assert not db.conn.in_transaction


def test_moving_the_game_keeps_a_redo_and_the_last_change_of_its_entries(db):
    game_id = new_game(db, [62, 90])
    undo(db, game_id)
    undone = store.redoable(db, game_id)
    store.delete(db, game_id, phone="Anna")
    store.restore(db, game_id, phone="Anna")
    assert store.redoable(db, game_id) == undone
    assert store.last_change(db, game_id).kind == "undo"


def test_each_list_pages_20_at_a_time(db):
    finished = [finished_game(db) for _ in range(45)]
    for game_id in finished:
        store.archive(db, game_id)
    for game_id in finished[:25]:
        store.delete(db, game_id)
    running = [new_game(db) for _ in range(3)]
    assert started(db) == running[::-1]
    pages = [store.archive_listing(db, page) for page in (1, 2)]
    assert [[g.id for g in listed] for listed, _ in pages] == [finished[:24:-1], []]
    assert [more for _, more in pages] == [False, False]
    pages = [store.bin_listing(db, page) for page in (1, 2, 3)]
    assert [len(listed) for listed, _ in pages] == [20, 5, 0]
    assert [more for _, more in pages] == [True, False, False]
    # The last deleted first; in one second, the newest game first.
    ids = [g.id for listed, _ in pages for g in listed]
    assert sorted(ids) == finished[:25]
    times = [g.deleted for listed, _ in pages for g in listed]
    assert times == sorted(times, reverse=True)
    assert store.counts(db) == (20, 25)


PLANS = {
    "listing": ("games_start", store.listing),
    "archive": ("games_archive", store.archive_listing),
    "bin": ("games_bin", store.bin_listing),
}


@pytest.mark.parametrize("name", PLANS)
def test_each_list_reads_its_own_index(db, monkeypatch, name):
    """However many games were archived or deleted, a list reads only its own games."""
    index, listing = PLANS[name]
    plans = []
    execute = db.execute

    def explained(sql, params=()):
        if sql.startswith("SELECT id, kind"):
            plans.extend(r[3] for r in execute(f"EXPLAIN QUERY PLAN {sql}", params))
        return execute(sql, params)

    monkeypatch.setattr(db, "execute", explained)
    listing(db, 1)
    assert any(f"USING INDEX {index}" in plan for plan in plans), plans
    assert not any(plan.startswith("SCAN games") and index not in plan for plan in plans)


def stored_as_in_0002(db, game) -> int:
    """A game as schema 0002 stored it (no column of a later migration), with its record."""
    summary = store._summary_json(game)
    finished = int(json.loads(summary)["finished"])
    with db.conn:
        game_id = db.execute(
            "INSERT INTO games (kind, created, setup, finished, summary) VALUES (?, ?, ?, ?, ?)",
            [game.KIND, store.now(), store._setup(game), finished, summary],
        ).lastrowid
        for position, hand in enumerate(game.hands):
            db.execute(
                "INSERT INTO entries (game_id, position, data) VALUES (?, ?, ?)",
                [game_id, position, store._entry_json(hand)],
            )
    return game_id


def test_a_database_of_schema_0002_is_upgraded_with_every_game_on_the_start_page(tmp_path):
    db = connect(str(tmp_path / "old.db"))
    migrations.apply(db, stop_before="0003_archive_and_bin")
    running = stored_as_in_0002(db, schieber_game().with_hands((Hand("rosen", points=62),)))
    won = schieber_game(target=100).with_hands((Hand("rosen", points=157),))
    finished = stored_as_in_0002(db, won)
    assert "archived" not in db["games"].columns_dict
    migrate(db)
    assert {"archived", "deleted"} <= set(db["games"].columns_dict)
    assert started(db) == [running, finished] and store.counts(db) == (0, 0)
    indexes = {i.name for i in db["games"].indexes}
    assert {"games_start", "games_archive", "games_bin"} <= indexes
    assert "games_listing" not in indexes
    store.archive(db, finished)
    assert archived(db) == [finished]
    migrate(db)  # a second run changes nothing
    assert archived(db) == [finished]
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
