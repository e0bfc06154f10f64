"""The database schema, as numbered migrations. Never edit one that has landed: add the next."""

from sqlite_utils import Database, Migrations

migrations = Migrations("scorer")


@migrations(name="0001_games_and_hands")
def games_and_hands(db: Database) -> None:
    """A game is its set-up (teams, rules) and its hands in order, as the engine's data."""
    db["games"].create(
        {"id": int, "kind": str, "created": str, "setup": str},
        pk="id",
        not_null={"kind", "created", "setup"},
    )
    db["hands"].create(
        {"id": int, "game_id": int, "position": int, "data": str},
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "position", "data"},
    )
    db["hands"].create_index(["game_id", "position"], unique=True)


@migrations(name="0002_entries_changes_tokens")
def entries_changes_tokens(db: Database) -> None:
    """Entries keep their id for life (AUTOINCREMENT never hands an id out twice), so a change
    names the hand it touched even after hands before it were deleted; every change is kept;
    one-time tokens make a repeated post land once; the list of games reads a summary."""
    for statement in filter(
        str.strip,
        """
        CREATE TABLE entries (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            data TEXT NOT NULL
        );
        CREATE UNIQUE INDEX entries_game_position ON entries (game_id, position);
        INSERT INTO entries (id, game_id, position, data)
            SELECT id, game_id, position, data FROM hands;
        DROP TABLE hands;

        CREATE TABLE changes (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            at TEXT NOT NULL,
            phone TEXT NOT NULL,
            kind TEXT NOT NULL,
            entry_id INTEGER,
            number INTEGER,
            before TEXT,
            after TEXT,
            outcome_before TEXT,
            outcome_after TEXT,
            decided INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX changes_game ON changes (game_id, id);
        CREATE INDEX changes_shown ON changes (game_id, kind, decided);

        CREATE TABLE tokens (
            token TEXT PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            at TEXT NOT NULL
        );

        ALTER TABLE games ADD COLUMN finished INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE games ADD COLUMN summary TEXT;
        ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX games_listing ON games (finished, id DESC);
        """.split(";"),
    ):
        # One statement at a time: executescript() would commit the migration's transaction.
        db.execute(statement)


@migrations(name="0003_archive_and_bin")
def archive_and_bin(db: Database) -> None:
    """A finished game can be put in the archive and any game in the bin ("Gelöscht"): each
    a time, NULL while it is not. A deleted game keeps its entries and changes; it only leaves
    every list but the bin's. Each list reads its own partial index, so the start page stays
    as fast however many games were archived or deleted."""
    for statement in (
        "ALTER TABLE games ADD COLUMN archived TEXT",
        "ALTER TABLE games ADD COLUMN deleted TEXT",
        "DROP INDEX games_listing",
        "CREATE INDEX games_start ON games (finished, id DESC)"
        " WHERE archived IS NULL AND deleted IS NULL",
        "CREATE INDEX games_archive ON games (id DESC)"
        " WHERE archived IS NOT NULL AND deleted IS NULL",
        "CREATE INDEX games_bin ON games (deleted DESC, id DESC) WHERE deleted IS NOT NULL",
    ):
        db.execute(statement)


@migrations(name="0004_private_links")
def private_links(db: Database) -> None:
    """Every game gets two unguessable keys: the writer's (may enter and change) and the
    watchers' (read only). Games stored before keep their numbered links (`numbered`), so that
    bookmarks and open pages go on working on this server, until their links are renewed."""
    from scorer.storage.links import new_key

    for statement in (
        "ALTER TABLE games ADD COLUMN write_key TEXT",
        "ALTER TABLE games ADD COLUMN watch_key TEXT",
        "ALTER TABLE games ADD COLUMN numbered INTEGER NOT NULL DEFAULT 0",
    ):
        db.execute(statement)
    for (game_id,) in db.execute("SELECT id FROM games").fetchall():
        db.execute(
            "UPDATE games SET write_key = ?, watch_key = ?, numbered = 1 WHERE id = ?",
            [new_key(), new_key(), game_id],
        )
    db.execute("CREATE UNIQUE INDEX games_write_key ON games (write_key)")
    db.execute("CREATE UNIQUE INDEX games_watch_key ON games (watch_key)")
    db.execute("CREATE INDEX games_numbered ON games (id) WHERE numbered = 1")


@migrations(name="0005_stakes")
def stakes(db: Database) -> None:
    """What a table plays for, per game (an amount per point or stroke, and the rounding), as
    JSON; NULL for most games, which are played for honour."""
    db.execute("ALTER TABLE games ADD COLUMN stakes TEXT")


@migrations(name="0006_club_evenings")
def club_evenings(db: Database) -> None:
    """A club evening: its set-up (JSON), the leader's and the projector's keys, the seed its
    draws start from, and the one-time token of the form that made it; its players by number
    (from which Passe they play, after which they left); every draw of a Passe, a redraw with
    its reason, all kept; and its record of changes."""
    for statement in filter(
        str.strip,
        """
        CREATE TABLE events (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            created TEXT NOT NULL,
            setup TEXT NOT NULL,
            seed TEXT NOT NULL,
            leader_key TEXT NOT NULL UNIQUE,
            screen_key TEXT NOT NULL UNIQUE,
            token TEXT UNIQUE,
            version INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE event_players (
            event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            name TEXT NOT NULL,
            joined INTEGER NOT NULL DEFAULT 1,
            left INTEGER,
            PRIMARY KEY (event_id, number)
        );
        CREATE TABLE event_draws (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
            passe INTEGER NOT NULL,
            attempt INTEGER NOT NULL,
            plan TEXT NOT NULL,
            reason TEXT,
            at TEXT NOT NULL,
            phone TEXT NOT NULL,
            UNIQUE (event_id, passe, attempt)
        );
        CREATE TABLE event_changes (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
            at TEXT NOT NULL,
            phone TEXT NOT NULL,
            kind TEXT NOT NULL,
            passe INTEGER,
            table_no INTEGER,
            before TEXT,
            after TEXT,
            reason TEXT
        );
        CREATE INDEX event_changes_event ON event_changes (event_id, id);
        """.split(";"),
    ):
        db.execute(statement)


@migrations(name="0007_club_tables")
def club_tables(db: Database) -> None:
    """Each table of a drawn Passe: its seats (player numbers), the key of its phone, where it
    stands (playing, handed in, confirmed, disputed with a reason) and its version; and its
    games, one row each, kept for life (a changed game keeps its row, the record its before)."""
    for statement in filter(
        str.strip,
        """
        CREATE TABLE event_tables (
            event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
            passe INTEGER NOT NULL,
            table_no INTEGER NOT NULL,
            seats TEXT NOT NULL,
            key TEXT NOT NULL UNIQUE,
            state TEXT NOT NULL DEFAULT 'playing',
            reason TEXT,
            version INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (event_id, passe, table_no)
        );
        CREATE TABLE event_games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
            passe INTEGER NOT NULL,
            table_no INTEGER NOT NULL,
            number INTEGER NOT NULL,
            data TEXT NOT NULL,
            UNIQUE (event_id, passe, table_no, number)
        );
        CREATE TABLE event_tokens (
            token TEXT PRIMARY KEY,
            event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
            at TEXT NOT NULL
        );
        ALTER TABLE event_changes ADD COLUMN number INTEGER;
        """.split(";"),
    ):
        db.execute(statement)


@migrations(name="0008_tokens_by_key")
def tokens_by_key(db: Database) -> None:
    """A one-time token is only ever looked up by itself: the table is kept in the order of
    its key (WITHOUT ROWID), so storing one writes one page, not a row's and its key's two
    (each page an entry writes is one more for its commit to wait for the disk)."""
    for statement in (
        """CREATE TABLE tokens_by_key (
            token TEXT PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            at TEXT NOT NULL
        ) WITHOUT ROWID""",
        "INSERT INTO tokens_by_key (token, game_id, at) SELECT token, game_id, at FROM tokens",
        "DROP TABLE tokens",
        "ALTER TABLE tokens_by_key RENAME TO tokens",
    ):
        db.execute(statement)


@migrations(name="0009_entries_under_way")
def entries_under_way(db: Database) -> None:
    """What a panel has taken of an entry not saved yet (Differenzler's Trumpf and the
    predictions said so far), one per game, beside the entries and never among them: it is not
    part of the record (no change, no version, no export), and a reload must not lose it."""
    db.execute(
        """CREATE TABLE under_way (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            data TEXT NOT NULL,
            at TEXT NOT NULL
        )"""
    )


@migrations(name="0010_club_tables_redrawn")
def club_tables_redrawn(db: Database) -> None:
    """The tables of a Passe drawn anew: a redraw replaces them (new keys), and each is kept
    here by its old key, with its Passe, number and seats, so that a table phone still holding
    that key is told the Passe was drawn anew instead of "not found". Kept in the order of the
    key alone (WITHOUT ROWID): it is only ever looked up by it. Tables redrawn before this
    migration left no trace: their keys stay unknown."""
    db.execute(
        """CREATE TABLE event_tables_redrawn (
            key TEXT PRIMARY KEY,
            event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
            passe INTEGER NOT NULL,
            table_no INTEGER NOT NULL,
            seats TEXT NOT NULL,
            at TEXT NOT NULL
        ) WITHOUT ROWID"""
    )


def migrate(db: Database) -> None:
    """Bring the database up to the newest schema, in WAL mode (readers never wait for the
    writer), and fill in what the list of games shows for games stored before it had it."""
    with db.ensure_autocommit_on():
        db.execute("PRAGMA journal_mode = wal")
    migrations.apply(db)
    from scorer.storage.games import fill_summaries

    fill_summaries(db)
