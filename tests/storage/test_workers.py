"""The server as `make run` starts it: several waitress processes on one socket, one database.
Entries sent to all of them at once are all stored, once; a stop ends every worker."""

from __future__ import annotations

import gc
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from scorer.web.serve import calm_collector
from tests.conftest import new_game_form

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def post(base: str, path: str, fields: dict) -> int:
    return posted(base, path, fields)[0]


def posted(base: str, path: str, fields: dict) -> tuple[int, str]:
    """The status of a post, and where it leads (its Location, if any)."""
    data = urllib.parse.urlencode(fields).encode()
    request = urllib.request.Request(base + path, data=data, method="POST")
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=20) as answer:
            return answer.status, answer.headers.get("Location", "")
    except urllib.error.HTTPError as answer:
        answer.close()
        return answer.code, answer.headers.get("Location", "")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_workers_share_the_database_and_stop_together(tmp_path):
    port = free_port()
    env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WORKERS": "3",
        "FLASK_DATABASE": str(tmp_path / "workers.db"),
        "FLASK_SECRET_KEY": "workers",
        "FLASK_WTF_CSRF_ENABLED": "false",
    }
    log = (tmp_path / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "scorer.web.serve"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(base + "/", timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        workers = subprocess.run(
            ["pgrep", "-P", str(server.pid)], capture_output=True, text=True
        ).stdout.split()
        assert len(workers) == 3
        games = []
        for _ in range(6):
            form = new_game_form(target="100000", preset="custom")
            status, page = posted(base, "/games/new", form)
            assert status == 303
            games.append(page)

        def entries(game: str) -> list[int]:
            return [
                post(base, f"{game}/hands", {"contract": "rosen", "points": str(20 + n)})
                for n in range(10)
            ]

        with ThreadPoolExecutor(12) as pool:
            answers = [a for batch in pool.map(entries, games + games) for a in batch]
        assert answers.count(303) == len(answers) == 120
        with urllib.request.urlopen(base + games[0]) as answer:
            page = answer.read().decode()
        assert len(re.findall(r'<li class="row"', page)) == 20  # two clients, 10 hands each
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
        log.close()
    # The server waited for its workers before it ended: none is left running.
    assert [pid for pid in workers if Path(f"/proc/{pid}").exists()] == []


def test_a_worker_calms_the_collector():
    """What each worker does before it serves: the started app's objects frozen out of the cycle
    collector's sight, so that a full collection looks at the requests' leftovers alone."""
    try:
        calm_collector()
        assert gc.get_freeze_count() > 1000
        assert gc.get_count() == (0, 0, 0)
    finally:
        gc.unfreeze()
