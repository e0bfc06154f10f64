"""The store on real engine games: which rows a change touches, the kept changes, tokens,
the length limit, the list of games, and the upgrade of a database from schema 0001."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from scorer import exchange, handjass, schieber
from scorer.handjass.game import PLAY, Deal, Entry, HandjassGame
from scorer.schieber.contracts import Rules
from scorer.schieber.game import Game, Hand, Team
from scorer.stakes import Stakes
from scorer.storage import games as store
from scorer.storage.migrations import migrate, migrations
from scorer.web.db import connect

TEAMS = (Team("Wir", ("Anna", "Clara")), Team("Ihr", ("Ben", "Dani")))


def schieber_game(target: int = 100_000) -> Game:
    return Game(TEAMS, Rules(target=target))


@pytest.fixture
def db(tmp_path):
    """A migrated database, as the app opens it."""
    database = connect(str(tmp_path / "store.db"))
    migrate(database)
    yield database
    database.close()


def rows(db, game_id: int) -> list[tuple[int, int, dict]]:
    """The game's entry rows as stored: (id, position, data), in position order."""
    found = db.execute(
        "SELECT id, position, data FROM entries WHERE game_id = ? ORDER BY position", [game_id]
    ).fetchall()
    return [(i, p, json.loads(d)) for i, p, d in found]


def change(db, game_id: int, kind: str, make, at: int | None = None) -> store.Stored:
    """One write as the app does it: load inside the transaction, change, save (an edit or a
    deletion says at which index, as the views do)."""
    with store.writing(db):
        stored = store.load(db, game_id)
        return store.save(db, stored, make(stored), kind, at=at)


def enter_hand(db, game_id: int, points: int, contract: str = "rosen", **fields):
    def make(stored):
        game, errors = schieber.enter(stored.game, Hand(contract, points=points, **fields))
        assert not errors, errors
        return game

    return change(db, game_id, "enter", make)


def replace_hand(db, game_id: int, number: int, hand: Hand):
    def make(stored):
        hands = list(stored.game.hands)
        hands[number - 1] = hand
        game, problem = schieber.change_record(stored.game, hands)
        assert problem is None, problem
        return game

    return change(db, game_id, "edit", make, at=number - 1)


def delete_hand(db, game_id: int, number: int):
    def make(stored):
        hands = list(stored.game.hands)
        del hands[number - 1]
        game, problem = schieber.change_record(stored.game, hands)
        assert problem is None, problem
        return game

    return change(db, game_id, "delete", make, at=number - 1)


def undo(db, game_id: int):
    return change(db, game_id, "undo", lambda s: s.game.with_hands(s.game.hands[:-1]))


def redo(db, game_id: int):
    def make(stored):
        undone = store.redoable(db, stored.id)
        assert undone is not None
        return stored.game.with_hands((*stored.game.hands, Hand.from_dict(undone.before)))

    return change(db, game_id, "redo", make)


def new_game(db, points=()) -> int:
    game_id, repeated = store.create(db, schieber_game())
    assert not repeated
    for p in points:
        enter_hand(db, game_id, p)
    return game_id


def edited(db, game_id: int) -> set[int]:
    """The ids of the entries that were edited after they were written."""
    return {c.entry_id for c in store.changes(db, game_id) if c.kind == "edit"}


def points_of(db, game_id: int) -> list[int]:
    return [data["points"] for _, _, data in rows(db, game_id)]


# --- which rows a change touches ------------------------------------------------------------


def test_an_entry_appends_exactly_one_row_and_keeps_the_earlier_ids(db):
    game_id = new_game(db, [40, 60])
    before = rows(db, game_id)
    stored = enter_hand(db, game_id, 80)
    after = rows(db, game_id)
    assert len(after) == 3
    assert after[:2] == before
    assert after[2][1:] == (2, Hand("rosen", points=80).to_dict())
    assert stored.entry_ids == tuple(i for i, _, _ in after)
    assert store.load(db, game_id).entry_ids == stored.entry_ids


def test_a_handjass_deal_appends_exactly_one_row(db):
    game_id, _ = store.create(db, HandjassGame(("A", "B", "C")))
    deals = [(100, 57, 0), (60, 50, 47), (0, 80, 77)]
    seen = []
    for cards in deals:
        with store.writing(db):
            stored = store.load(db, game_id)
            deal = Deal("rosen", tuple(Entry(s, PLAY, c) for s, c in enumerate(cards)))
            game, errors = handjass.enter_deal(stored.game, deal)
            assert not errors, errors
            stored = store.save(db, stored, game, "enter")
        now = rows(db, game_id)
        assert now[: len(seen)] == seen
        assert len(now) == len(seen) + 1
        seen = now
    assert [[e["cards"] for e in data["entries"]] for _, _, data in seen] == [
        list(d) for d in deals
    ]


def test_an_edit_updates_one_row_and_keeps_its_id(db):
    game_id = new_game(db, [40, 60, 80])
    before = rows(db, game_id)
    replace_hand(db, game_id, 2, Hand("schellen", points=100))
    after = rows(db, game_id)
    assert [(i, p) for i, p, _ in after] == [(i, p) for i, p, _ in before]
    assert after[0] == before[0] and after[2] == before[2]
    assert after[1][2] == Hand("schellen", points=100).to_dict()
    edits = [c for c in store.changes(db, game_id) if c.kind == "edit"]
    assert len(edits) == 1
    assert (edits[0].entry_id, edits[0].number) == (before[1][0], 2)
    assert edits[0].before["points"] == 60 and edits[0].after["points"] == 100
    assert edited(db, game_id) == {before[1][0]}


def test_deleting_hand_2_of_5_removes_one_row_and_later_entries_keep_their_ids(db):
    game_id = new_game(db, [10, 20, 30, 40, 50])
    before = rows(db, game_id)
    delete_hand(db, game_id, 2)
    after = rows(db, game_id)
    assert [i for i, _, _ in after] == [before[0][0], *(i for i, _, _ in before[2:])]
    assert [p for _, p, _ in after] == [0, 1, 2, 3]
    assert points_of(db, game_id) == [10, 30, 40, 50]
    last = store.changes(db, game_id)[-1]
    assert (last.kind, last.entry_id, last.number) == ("delete", before[1][0], 2)
    assert last.before["points"] == 20 and last.after is None


def test_deleting_one_of_two_equal_hands_removes_the_one_deleted(db):
    """Hands 2 and 3 are alike (Rosen 20): deleting hand 2 must remove hand 2's row and keep
    the change on hand 2, so that hand 3 keeps its id and what was kept about it."""
    game_id = new_game(db, [10, 20, 20, 40, 50])
    replace_hand(db, game_id, 3, Hand("rosen", points=22))
    replace_hand(db, game_id, 3, Hand("rosen", points=20))  # hand 3 was edited: marked so
    ids = [i for i, _, _ in rows(db, game_id)]
    delete_hand(db, game_id, 2)
    last = store.changes(db, game_id)[-1]
    assert (last.entry_id, last.number) == (ids[1], 2), "the change names the hand deleted"
    assert [i for i, _, _ in rows(db, game_id)] == [ids[0], *ids[2:]]
    assert edited(db, game_id) & set(store.load(db, game_id).entry_ids) == {ids[2]}


def test_undo_then_redo_brings_back_the_same_entry_id(db):
    game_id = new_game(db, [10, 20, 30])
    before = rows(db, game_id)
    undo(db, game_id)
    assert rows(db, game_id) == before[:2]
    assert store.redoable(db, game_id).entry_id == before[2][0]
    redo(db, game_id)
    assert rows(db, game_id) == before
    assert store.redoable(db, game_id) is None
    kinds = [(c.kind, c.entry_id) for c in store.changes(db, game_id)[-2:]]
    assert kinds == [("undo", before[2][0]), ("redo", before[2][0])]


def test_two_undos_are_redone_newest_first_with_their_ids(db):
    game_id = new_game(db, [10, 20, 30])
    before = rows(db, game_id)
    undo(db, game_id)
    undo(db, game_id)
    redo(db, game_id)
    assert rows(db, game_id) == before[:2]
    redo(db, game_id)
    assert rows(db, game_id) == before


def test_undo_of_an_open_hand_and_redo_brings_it_back_whole(db):
    game_id = new_game(db, [10])
    with store.writing(db):
        stored = store.load(db, game_id)
        game, errors = schieber.enter(stored.game, Hand("rosen", stoeck=0))
        assert not errors
        store.save(db, stored, game, "enter")
    enter_hand(db, game_id, 90)  # closes the open hand: the same row, the same id
    before = rows(db, game_id)
    assert len(before) == 2 and before[1][2]["stoeck"] == 0 and before[1][2]["points"] == 90
    undo(db, game_id)
    redo(db, game_id)
    assert rows(db, game_id) == before


@pytest.mark.parametrize("then", ["enter", "edit", "delete"])
def test_redo_is_impossible_after_a_new_entry_or_an_edit(db, then):
    game_id = new_game(db, [10, 20, 30])
    undo(db, game_id)
    assert store.redoable(db, game_id) is not None
    if then == "enter":
        enter_hand(db, game_id, 40)
    elif then == "edit":
        replace_hand(db, game_id, 1, Hand("rosen", points=12))
    else:
        delete_hand(db, game_id, 1)
    assert store.redoable(db, game_id) is None
    assert store.redo_of(db, game_id) is None


def test_the_changes_list_every_change_in_order_with_before_and_after(db):
    game_id = new_game(db, [10, 20])
    ids = [i for i, _, _ in rows(db, game_id)]
    replace_hand(db, game_id, 1, Hand("schellen", points=30))
    enter_hand(db, game_id, 40)
    delete_hand(db, game_id, 2)
    undo(db, game_id)
    redo(db, game_id)
    third = max(i for i, _, _ in rows(db, game_id))
    kept = store.changes(db, game_id)
    summary = [
        (
            c.kind,
            c.entry_id,
            c.number,
            c.before and c.before["points"],
            c.after and c.after["points"],
        )
        for c in kept
    ]
    assert summary == [
        ("create", None, None, None, None),
        ("enter", ids[0], 1, None, 10),
        ("enter", ids[1], 2, None, 20),
        ("edit", ids[0], 1, 10, 30),
        ("enter", third, 3, None, 40),
        ("delete", ids[1], 2, 20, None),
        ("undo", third, 2, 40, None),
        ("redo", third, 2, None, 40),
    ]
    assert [c.id for c in kept] == sorted(c.id for c in kept)
    assert all(c.outcome_after is not None for c in kept)
    assert kept[3].outcome_before["totals"] == [10 + 20, 147 + 137]
    assert kept[3].outcome_after["totals"] == [60 + 20, 2 * 127 + 137]
    assert store.last_change(db, game_id) == kept[-1]


# --- tokens, limits, the list ---------------------------------------------------------------


def test_create_with_a_used_token_returns_the_same_game(db):
    first = store.create(db, schieber_game(), token="tok-1")
    again = store.create(db, schieber_game(target=1000), token="tok-1")
    other = store.create(db, schieber_game(), token="tok-2")
    assert first == (1, False)
    assert again == (1, True)
    assert other == (2, False)
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 2
    assert store.token_game(db, "tok-1") == 1
    assert store.token_game(db, "nope") is None
    assert store.load(db, 1).game.rules.target == 100_000


def test_still_as_read_until_another_write_its_token_or_a_deletion(db):
    game_id = new_game(db)
    version = store.load(db, game_id).version
    assert store.still_as_read(db, game_id, version, "hand-1")
    assert store.still_as_read(db, game_id, version, None)
    enter_hand(db, game_id, 50)
    assert not store.still_as_read(db, game_id, version, None)  # another phone wrote
    version += 1
    assert store.still_as_read(db, game_id, version, "hand-1")
    _, repeated = store.create(db, schieber_game(), token="hand-1")  # the token is spent
    assert not repeated and not store.still_as_read(db, game_id, version, "hand-1")
    assert store.delete(db, game_id)
    assert not store.still_as_read(db, game_id, version, None)
    assert not store.still_as_read(db, 999, 0, None)


def test_a_saved_token_names_its_game(db):
    game_id = new_game(db)
    with store.writing(db):
        stored = store.load(db, game_id)
        game, _ = schieber.enter(stored.game, Hand("rosen", points=50))
        store.save(db, stored, game, "enter", phone="Anna", token="hand-1")
    assert store.token_game(db, "hand-1") == game_id
    assert store.last_change(db, game_id).phone == "Anna"


def test_tokens_stored_before_0008_still_make_a_repeat_land_once(tmp_path):
    """0008 keeps the one-time tokens by their key alone (WITHOUT ROWID): the tokens of
    games and entries stored before it still name their games, and still go with them."""
    db = connect(str(tmp_path / "old.db"))
    migrations.apply(db, stop_before="0008_tokens_by_key")
    game_id, _ = store.create(db, schieber_game(), token="game-1")
    enter_hand(db, game_id, 50)
    with store.writing(db):
        stored = store.load(db, game_id)
        game, _ = schieber.enter(stored.game, Hand("rosen", points=70))
        store.save(db, stored, game, "enter", token="hand-2")
    migrate(db)
    schema = db.execute("SELECT sql FROM sqlite_master WHERE name = 'tokens'").fetchone()[0]
    assert schema.rstrip().endswith("WITHOUT ROWID")
    assert store.create(db, schieber_game(target=1000), token="game-1") == (game_id, True)
    assert store.token_game(db, "hand-2") == game_id and store.token_game(db, "x") is None
    assert [fk.other_table for fk in db["tokens"].foreign_keys] == ["games"]
    db.execute("DELETE FROM entries WHERE game_id = ?", [game_id])
    db.execute("DELETE FROM changes WHERE game_id = ?", [game_id])
    db.execute("DELETE FROM games WHERE id = ?", [game_id])  # its tokens go with it
    assert db.execute("SELECT count(*) FROM tokens").fetchone()[0] == 0
    migrate(db)  # a second run changes nothing
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()


def test_more_than_max_entries_is_refused(db, monkeypatch):
    monkeypatch.setattr(store, "MAX_ENTRIES", 30)
    hands = tuple(Hand("rosen", points=2 * p) for p in range(31))
    with pytest.raises(store.TooLong):
        store.create(db, schieber_game().with_hands(hands))
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 0
    game_id, _ = store.create(db, schieber_game().with_hands(hands[:30]))
    with pytest.raises(store.TooLong):
        enter_hand(db, game_id, 60)
    assert len(rows(db, game_id)) == 30
    assert not db.conn.in_transaction
    delete_hand(db, game_id, 1)  # shorter is always allowed
    enter_hand(db, game_id, 60)
    assert len(rows(db, game_id)) == 30


def test_the_real_limit_is_refused_too(db):
    assert store.MAX_ENTRIES == 2000  # the figure the README documents
    hands = tuple(Hand("rosen", points=78 + i % 2) for i in range(store.MAX_ENTRIES + 1))
    with pytest.raises(store.TooLong):
        store.create(db, schieber_game().with_hands(hands))
    game_id, _ = store.create(db, schieber_game().with_hands(hands[:-1]))
    with pytest.raises(store.TooLong):
        change(db, game_id, "enter", lambda s: s.game.with_hands(hands))
    assert len(store.load(db, game_id).entry_ids) == store.MAX_ENTRIES


def test_more_changes_than_a_game_keeps_are_refused_and_change_nothing(db, monkeypatch):
    monkeypatch.setattr(store, "MAX_CHANGES", 4)
    game_id, _ = store.create(db, schieber_game())
    for points in (60, 70, 80):
        enter_hand(db, game_id, points)
    replace_hand(db, game_id, 1, Hand("rosen", points=61))  # the fourth change
    assert store.kept_changes(db, game_id) == 4
    kept = db.execute("SELECT count(*) FROM changes").fetchone()[0]
    for refused in (
        lambda: enter_hand(db, game_id, 90),
        lambda: replace_hand(db, game_id, 2, Hand("rosen", points=71)),
        lambda: delete_hand(db, game_id, 3),
        lambda: change(db, game_id, "undo", lambda s: s.game.with_hands(s.game.hands[:-1])),
    ):
        with pytest.raises(store.TooLong) as raised:
            refused()
        assert raised.value.what == "changes"
    assert [data["points"] for _, _, data in rows(db, game_id)] == [61, 70, 80]
    assert db.execute("SELECT count(*) FROM changes").fetchone()[0] == kept
    assert not db.conn.in_transaction
    # What is not a change of the entries (and no export carries) is not counted.
    assert store.set_stakes(db, game_id, Stakes(Decimal("0.05"))) is True
    store.renew_links(db, game_id)
    assert store.kept_changes(db, game_id) == 4
    # An import may bring as many as a game keeps, not one more.
    changes = [
        {"time": "t", "phone": "p", "kind": "enter", "hand": 1, "now": None, "after": None}
    ] * 5
    with pytest.raises(store.TooLong) as raised:
        store.create(db, schieber_game(), kind="import", changes=changes)
    assert raised.value.what == "changes"
    imported, _ = store.create(db, schieber_game(), kind="import", changes=changes[:4])
    assert store.kept_changes(db, imported) == 4


def test_the_bound_on_changes_is_the_one_an_export_may_carry(db):
    assert store.MAX_CHANGES == exchange.MAX_CHANGES == 5000
    assert store.CHANGE_KINDS == exchange.CHANGE_KINDS


def test_the_list_pages_20_at_a_time_running_games_first_newest_first(db):
    finished = []
    for n in range(45):
        if n % 5 == 0:
            game_id, _ = store.create(db, schieber_game(target=100))
            enter_hand(db, game_id, 157)
            finished.append(game_id)
        else:
            store.create(db, schieber_game())
    running = [i for i in range(45, 0, -1) if i not in finished]
    expected = running + sorted(finished, reverse=True)
    pages, more = [], []
    for page in (1, 2, 3, 4):
        listed, has_more = store.listing(db, page)
        pages.append([g.id for g in listed])
        more.append(has_more)
    assert [len(p) for p in pages] == [20, 20, 5, 0]
    assert more == [True, True, False, False]
    assert sum(pages, []) == expected
    listed, _ = store.listing(db, 3)
    assert all(g.summary["finished"] for g in listed)
    assert listed[0].summary["winner"] == 0 and listed[0].summary["totals"] == [157, 0]
    assert listed[0].setup["rules"]["target"] == 100


def test_finishing_and_undoing_moves_a_game_in_the_list(db):
    old = new_game(db)
    enter_hand(db, old, 10)
    store.create(db, schieber_game())
    game_id, _ = store.create(db, schieber_game(target=100))
    enter_hand(db, game_id, 157)
    assert [g.id for g in store.listing(db)[0]] == [2, 1, 3]
    undo(db, game_id)
    assert [g.id for g in store.listing(db)[0]] == [3, 2, 1]
    enter_hand(db, old, 30)  # far from its target: it keeps running
    assert [g.id for g in store.listing(db)[0]] == [3, 2, 1]
    redo(db, game_id)
    finished = db.execute("SELECT id FROM games WHERE finished = 1").fetchall()
    assert [g.id for g in store.listing(db)[0]] == [2, 1, 3] and finished == [(3,)]


# --- the upgrade from schema 0001 -----------------------------------------------------------


def old_database(path):
    """A database as the code of schema 0001 left it (rollback journal, games and hands)."""
    db = connect(str(path))
    migrations.apply(db, stop_before="0002_entries_changes_tokens")
    assert {t for t in db.table_names()} >= {"games", "hands"}
    assert "entries" not in db.table_names()
    return db


def old_create(db, game, created="2025-11-22T19:30:00+00:00") -> int:
    """Store a game as the old code did: the set-up without the record, then the hands."""
    data = game.to_dict()
    del data[game.RECORD]
    game_id = db.execute(
        "INSERT INTO games (kind, created, setup) VALUES (?, ?, ?)",
        [game.KIND, created, json.dumps(data, ensure_ascii=False)],
    ).lastrowid
    old_save(db, game_id, game)
    return game_id


def old_save(db, game_id: int, game) -> None:
    """The old save_record: delete the game's hands and insert them all again."""
    db.execute("DELETE FROM hands WHERE game_id = ?", [game_id])
    for i, item in enumerate(getattr(game, game.RECORD)):
        db.execute(
            "INSERT INTO hands (game_id, position, data) VALUES (?, ?, ?)",
            [game_id, i, json.dumps(item.to_dict())],
        )


def old_games() -> list:
    jass = Game(
        (Team("Jürg & Co", ("Jürg", "Änni")), Team("Ihr", ("Ben", "Dani"))),
        Rules.from_preset("classic"),
    )
    running = jass.with_hands(
        (
            Hand("rosen", points=100, weis=(50, 0)),
            Hand("schellen", points=57, points_team=1, stoeck=1),
            Hand("obenabe", match=True),
        )
    )
    finished = Game(TEAMS, Rules(target=1000)).with_hands(
        (Hand("undenufe", match=True), Hand("schilten", points=157))
    )
    hj = HandjassGame(("A", "B", "C"), handjass.HandjassRules(target=2))
    for cards in [(100, 57, 0), (90, 67, 0)]:
        hj, errors = handjass.enter_deal(
            hj, Deal("eicheln", tuple(Entry(s, PLAY, c) for s, c in enumerate(cards)))
        )
        assert not errors, errors
    assert handjass.replay(hj).finished
    empty = HandjassGame(("X", "Y"))
    return [running, finished, hj, empty, Game(TEAMS)]


def test_a_database_of_schema_0001_is_upgraded_and_every_game_loads_the_same(tmp_path):
    path = tmp_path / "old.db"
    db = old_database(path)
    games = old_games()
    ids = []
    for game in games:
        # The old code saved the whole record again after every hand.
        record = getattr(game, game.RECORD)
        game_id = old_create(db, game.with_record(()))
        for n in range(1, len(record) + 1):
            old_save(db, game_id, game.with_record(record[:n]))
        ids.append(game_id)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    hand_ids = db.execute("SELECT id FROM hands ORDER BY game_id, position").fetchall()
    db.close()

    db = connect(str(path))
    migrate(db)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert "hands" not in db.table_names()
    assert [r[0] for r in db.execute("SELECT id FROM entries ORDER BY game_id, position")] == [
        r[0] for r in hand_ids
    ]
    for game_id, game in zip(ids, games, strict=True):
        stored = store.load(db, game_id)
        assert stored.game == game
        assert stored.created == "2025-11-22T19:30:00+00:00"
        summary, finished = db.execute(
            "SELECT summary, finished FROM games WHERE id = ?", [game_id]
        ).fetchone()
        assert summary is not None
        mode_summary = json.loads(summary)
        assert mode_summary["entries"] == len(getattr(game, game.RECORD))
        assert bool(finished) == mode_summary["finished"]
    summaries = {g.id: g.summary for g in store.listing(db)[0]}
    assert summaries[ids[0]]["totals"] == [150 + 200 + 3 * 257, 57 + 2 * (57 + 20)]
    assert summaries[ids[1]]["finished"] and summaries[ids[1]]["winner"] == 0
    assert summaries[ids[2]]["finished"] and summaries[ids[2]]["loser"] == 2
    assert [g.id for g in store.listing(db)[0]] == [5, 4, 1, 3, 2]

    # The upgraded game goes on: a new entry gets a fresh id, and the changes start here.
    stored = enter_hand(db, ids[0], 80)
    assert stored.entry_ids[:-1] == store.load(db, ids[0]).entry_ids[:-1]
    assert stored.entry_ids[-1] > max(r[0] for r in hand_ids)
    assert [c.kind for c in store.changes(db, ids[0])] == ["enter"]
    migrate(db)  # a second run changes nothing
    assert store.load(db, ids[0]).game.hands[-1].points == 80
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    db.close()


def test_a_new_database_is_in_wal_mode(tmp_path):
    db = connect(str(tmp_path / "new.db"))
    migrate(db)
    db.close()
    db = connect(str(tmp_path / "new.db"))
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] == 10_000
    db.close()
