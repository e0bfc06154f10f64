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


def migrate(db: Database) -> None:
    """Bring the database up to the newest schema."""
    migrations.apply(db)
