"""The restore drill of docs/deploy.md: Litestream replicates the database as deploy/ runs it
(deploy/litestream.yml, a directory as the replica); hands are entered, the server is killed,
the database is deleted as with a lost disk, and restored from the replica: every
acknowledged hand is there, in order, and the game's links still open it."""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import subprocess
import time
from pathlib import Path

from tests.serving import ROOT, Phone, run_app

LITESTREAM = ROOT / ".venv" / "bin" / "litestream"
CONFIG = ROOT / "deploy" / "litestream.yml"
HANDS = [("rosen", 62, 0), ("schellen", 100, 1), ("obenabe", 157, 0), ("eicheln", 40, 1)] * 3


def litestream(*args: str, database: Path, replica: Path, **popen):
    """Litestream with deploy/litestream.yml on `database` and a directory as the replica: a
    process (with Popen's `popen`), or a command run to its end."""
    env = {
        **os.environ,
        "FLASK_DATABASE": str(database),
        "LITESTREAM_REPLICA_URL": f"file://{replica}",
    }
    command = [str(LITESTREAM), *args, "-config", str(CONFIG)]
    if popen:
        return subprocess.Popen(command, env=env, **popen)
    done = subprocess.run([*command, str(database)], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def test_a_lost_database_comes_back_from_the_replica_with_every_acknowledged_hand(tmp_path):
    database = tmp_path / "app" / "scorer.db"
    replica = tmp_path / "replica"
    app = run_app(tmp_path / "app")
    log = (tmp_path / "litestream.log").open("w")
    replicating = litestream(
        "replicate",
        database=database,
        replica=replica,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        # Litestream has taken its first snapshot, as on a server it has run all along.
        deadline = time.monotonic() + 30
        while not list(replica.glob("ltx/0/*.ltx")) and time.monotonic() < deadline:
            time.sleep(0.1)
        phone = Phone(app=app)
        game = phone.new_game()
        acknowledged = [hand for hand in HANDS if phone.enter_hand(game, *hand)]
        phone.close()
        assert acknowledged == HANDS
    finally:
        app.stop(signal.SIGKILL)  # the server dies mid-evening
        # Litestream stops as systemd stops it: what it has not shipped yet, it ships now.
        replicating.send_signal(signal.SIGTERM)
        replicating.wait(timeout=30)
        log.close()
    assert replicating.returncode == 0, (tmp_path / "litestream.log").read_text()

    # The disk is lost: the database, its -wal and -shm, Litestream's own files beside them.
    shutil.rmtree(database.parent)
    database.parent.mkdir(mode=0o700)
    started = time.monotonic()
    litestream("restore", database=database, replica=replica)
    restore_seconds = time.monotonic() - started

    app = run_app(tmp_path / "app")
    try:
        phone = Phone(app=app)
        response, text = phone.request("GET", f"{game}/export.json")
        phone.close()
    finally:
        app.stop()
    assert response.status == 200
    hands = [(h["contract"], h["points"], h["points_team"]) for h in json.loads(text)["hands"]]
    assert hands == acknowledged
    assert stat.S_IMODE(database.stat().st_mode) == 0o600  # made private again on start
    assert restore_seconds < 30
