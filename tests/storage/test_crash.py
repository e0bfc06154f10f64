"""The server killed in the middle of a busy evening (SIGKILL, requests in flight) and started
again on the same database: every acknowledged entry is there, none twice, and the database
is sound. Phones retry what got no answer with the same form, which lands once.

The app reads its database from instance/ beside the code and nothing else points it
elsewhere, so the server runs from a small runner in the test's directory: the app on a
temporary database, migrated and served by waitress, as `python -m scorer.web.serve` does.
"""

from __future__ import annotations

import http.client
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

from scorer.storage import games as store
from scorer.storage import links
from scorer.web.db import connect
from tests.conftest import new_game_form

ROOT = Path(__file__).resolve().parents[2]
RUNNER = """
import sys

import waitress

from scorer.storage.migrations import migrate
from scorer.web import create_app
from scorer.web.db import get_db

app = create_app({"DATABASE": sys.argv[1], "SECRET_KEY": "x", "WTF_CSRF_ENABLED": False})
with app.app_context():
    migrate(get_db())
server = waitress.create_server(app, host="127.0.0.1", port=0, threads=4)
print("port", server.effective_port, flush=True)
server.run()
"""
PHONES = 4
KILLS = 3
ACKED_BEFORE_KILL = 30
# The hands a phone enters, each told apart by who made the points and how many.
HANDS = [(team, p) for p in range(158) if p not in (1, 156) for team in (0, 1)]


class Served:
    """The server process, restarted on the same database; the port phones should use."""

    def __init__(self, directory: Path):
        self.runner = directory / "runner.py"
        self.runner.write_text(RUNNER)
        self.database = directory / "crash.db"
        self.process: subprocess.Popen | None = None
        self.port = 0
        self.up = threading.Event()

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(self.runner), str(self.database)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        line = self.process.stdout.readline()
        found = re.match(r"port (\d+)", line)
        assert found, f"the server did not start: {line!r}"
        self.port = int(found.group(1))
        self.up.set()

    def kill(self) -> None:
        self.up.clear()
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self.process.stdout.close()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.kill()


def post(port: int, path: str, fields: dict) -> tuple[int, str, str | None]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        body = urlencode(fields)
        headers = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"}
        conn.request("POST", path, body, headers)
        response = conn.getresponse()
        return response.status, response.read().decode(), response.headers.get("Location")
    finally:
        conn.close()


def hidden(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found, f"no {name} on the page"
    return found.group(1)


class Phone(threading.Thread):
    """Enters hands into its own game as fast as the server answers; a request that got no
    answer (the server died) is sent again, the same form, once the server is back."""

    def __init__(self, served: Served, page: str, html: str, stop: threading.Event):
        super().__init__(daemon=True)
        self.served, self.page, self.html, self.stop = served, page, html, stop
        self.acked: list[tuple[int, int]] = []
        self.interrupted = 0
        self.repeated = 0
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            self.enter_all()
        except BaseException as error:  # reported by the test
            self.failure = error

    def enter_all(self) -> None:
        for team, points in HANDS:
            if self.stop.is_set():
                return
            fields = {
                "contract": "rosen",
                "points_team": str(team),
                "points": str(points),
                "seen": hidden(self.html, "seen"),
                "once": hidden(self.html, "once"),
            }
            while True:
                if not self.served.up.wait(timeout=30) and self.stop.is_set():
                    return  # the test gave up on the server
                try:
                    status, body, _ = post(self.served.port, f"{self.page}/hands", fields)
                except (OSError, http.client.HTTPException):
                    self.interrupted += 1
                    time.sleep(0.01)
                    continue
                break
            assert status == 200, (status, body[:300])
            if "Schon gespeichert" in body:
                self.repeated += 1
            self.html = body
            self.acked.append((team, points))


def test_killing_the_server_loses_no_acknowledged_entry_and_stores_none_twice(tmp_path):
    served = Served(tmp_path)
    stop = threading.Event()
    phones: list[Phone] = []
    try:
        served.start()
        for n in range(PHONES):
            status, _, location = post(
                served.port,
                "/games/new",
                new_game_form(team_a=f"Tisch {n}", preset="custom", target="100000"),
            )
            assert status == 303
            conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=20)
            conn.request("GET", location)
            html = conn.getresponse().read().decode()
            conn.close()
            phones.append(Phone(served, location, html, stop))
        for phone in phones:
            phone.start()

        for _ in range(KILLS):
            acked = sum(len(p.acked) for p in phones)
            deadline = time.monotonic() + 20
            while sum(len(p.acked) for p in phones) < acked + ACKED_BEFORE_KILL:
                assert time.monotonic() < deadline, "the phones got nothing in"
                assert not any(p.failure for p in phones), [p.failure for p in phones]
                time.sleep(0.005)
            served.kill()
            time.sleep(0.05)  # the phones notice, and wait
            served.start()
        acked = sum(len(p.acked) for p in phones)
        while sum(len(p.acked) for p in phones) < acked + 10:
            assert not any(p.failure for p in phones), [p.failure for p in phones]
            time.sleep(0.005)
        stop.set()
        for phone in phones:
            phone.join(timeout=30)
        assert not any(p.is_alive() for p in phones)
        for phone in phones:
            if phone.failure:
                raise phone.failure
    finally:
        stop.set()
        served.stop()

    assert sum(p.interrupted for p in phones) > 0, "no request was in flight at a kill"
    db = connect(str(served.database))
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []
        for phone in phones:
            game_id = links.find(db, phone.page.rsplit("/", 1)[1]).game_id
            stored = store.load(db, game_id)
            written = [(h.points_team, h.points) for h in stored.game.hands]
            assert written == phone.acked  # each acknowledged hand, in order, once
            kinds = [c.kind for c in store.changes(db, game_id)]
            assert kinds == ["create"] + ["enter"] * len(phone.acked)
    finally:
        db.close()
