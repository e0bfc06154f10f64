"""The database, its -wal and -shm, its backups and the instance folder are the app's user's
alone, whatever the umask: they hold every key."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

from scorer import create_app
from scorer.storage.migrations import migrate
from scorer.web.db import get_db, private_file
from tests.web.test_headers import elsewhere  # noqa: F401 (a fixture)

# --- files ----------------------------------------------------------------------------------


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_under_umask_000_instance_is_0700_and_the_database_with_wal_and_shm_0600(elsewhere):  # noqa: F811
    old = os.umask(0)
    try:
        app = create_app(None)
        with app.app_context():
            migrate(get_db())  # a write: the -wal and -shm are there while it stays open
            database = Path(app.config["DATABASE"])
            assert database.parent == elsewhere
            files = [database, Path(f"{database}-wal"), Path(f"{database}-shm")]
            assert all(f.exists() for f in files)
            assert {f.name: mode(f) for f in files} == {f.name: 0o600 for f in files}
    finally:
        os.umask(old)
    assert mode(elsewhere) == 0o700
    assert mode(elsewhere / "secret_key") == 0o600


def test_a_database_left_readable_by_all_is_made_private_with_its_wal_and_shm(tmp_path):
    database = tmp_path / "old.db"
    conn = sqlite3.connect(database)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    for name in (database, f"{database}-wal", f"{database}-shm"):
        os.chmod(name, 0o644)
    private_file(database)
    assert mode(database) == 0o600
    assert mode(Path(f"{database}-wal")) == mode(Path(f"{database}-shm")) == 0o600
    conn.close()


def test_instance_made_readable_by_an_earlier_version_is_closed(elsewhere):  # noqa: F811
    elsewhere.mkdir(parents=True, mode=0o777)
    elsewhere.chmod(0o777)
    create_app(None)
    assert mode(elsewhere) == 0o700


def test_a_backup_is_private_too(app, tmp_path):
    old = os.umask(0)
    try:
        result = app.test_cli_runner().invoke(args=["backup", str(tmp_path / "copies")])
    finally:
        os.umask(old)
    assert result.exit_code == 0, result.output
    (copy,) = (tmp_path / "copies").iterdir()
    assert mode(copy) == 0o600 and mode(tmp_path / "copies") == 0o700
