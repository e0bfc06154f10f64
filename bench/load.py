"""Many tables at once: the real server under load, hand entry against a trivial request.

Starts the app (scorer.web.create_app on a scratch database, CSRF on, a fixed SECRET_KEY) under
waitress on loopback in a process of its own, one waitress per core with one app thread each
(serve.THREADS) as `make run` serves it, so the clients do not share the server's GIL. Then
`--clients` client threads, each with one persistent HTTP connection (http.client) and its own
cookies, play `--games` games: each game is set up through the real new-game form (its
csrf_token and `once`), its page is opened once, and its hands are entered one by one through
the real panel form, as htmx sends it (HX-Request: true, and Jass-Panel: plain from a plain
panel; the hidden csrf_token, once and seen taken from the last answer, or from its div#next
when the answer keeps the page's panel). The target is set so a game ends in exactly `--hands`
hands. Every request asks for gzip, as a browser does. The same clients fetch a trivial URL of
the same app (the favicon, a static file behind the same after_request hooks) as often as they
entered hands, for comparison: in `--turns` turns (3), each a share of the games and then the
favicons, so that the machine's drift falls on both. Every acknowledged hand is then looked up
in the database.

The clients go as fast as the server answers (a closed loop: 32 clients, no pause), so the
latencies are mostly queueing: mean latency ≈ clients / throughput. `--rate N` offers N hands/s
instead (every request of a table paced), for latency at a given load. CPU used by the server,
by the clients and by the rest of the machine is printed for each phase; `--lock-stats` also
times SQLite's write lock inside the server (how long BEGIN IMMEDIATE waited, how long the lock
was held until COMMIT), by wrapping the app's connections in the server process.

Before the load, hand entry is measured in-process (test client, no network): its time against
the game page and the trivial request, then one entry counted (replays of the record, template
renders, SQL statements, gzip calls) and profiled (own time by part of the stack, the heaviest
functions; --profile prints the whole cProfile listing).

Prints figures; asserts nothing. Run: .venv/bin/python bench/load.py [--games 200]
[--clients 32] [--hands 16] [--threads N] [--rate HANDS_PER_S] [--turns 3] [--lock-stats]
[--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import gzip
import http.client
import io
import os
import pstats
import queue
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

from common import (
    FLAT,
    PLAIN,
    ROOT,
    count_entries,
    hand_fields,
    hidden_inputs,
    machine,
    machine_cpu_seconds,
    make_app,
    new_game_form,
    open_db,
    panel_after,
    percentile,
    schieber_game,
    store_game,
    target_for,
    verdict,
    writer_path,
)

from scorer.web.serve import THREADS

HOST = "127.0.0.1"
WORKERS = int(os.environ.get("WORKERS") or os.cpu_count() or 1)  # as make run


# --- the server ------------------------------------------------------------------------------


def serve(database: str, threads: int, lock_stats: str | None = None) -> None:
    """The server process: the app on `database` under waitress on a free loopback port, which
    it prints on its first line. With `lock_stats` (a file), every write transaction is timed:
    how long BEGIN IMMEDIATE waited for SQLite's write lock, and how long the lock was held
    until COMMIT; each worker appends its figures to a file beside it (see _time_write_lock)."""
    from scorer.web.db import forget
    from scorer.web.serve import listen, serve_forked

    app = make_app(database)  # migrated once, before the workers start
    forget()
    if lock_stats:
        _time_write_lock(lock_stats)
    sock = listen(HOST, 0)
    print(sock.getsockname()[1], flush=True)
    app.wsgi_app = _naming_worker(app.wsgi_app)
    # As `make run` serves: one waitress process per core on the shared socket.
    serve_forked(lambda: app, sock, WORKERS, threads)


def _naming_worker(wsgi_app):
    """The bench's server only: every answer says which worker process served it (X-Worker),
    so that the clients can tell how the connections were split between the workers."""

    def named(environ, start_response):
        def start(status, headers, *exc_info):
            return start_response(status, [*headers, ("X-Worker", str(os.getpid()))], *exc_info)

        return wsgi_app(environ, start)

    return named


def _time_write_lock(path: str) -> None:
    """Wrap the app's connections (scorer.web.db.connect) to time the write lock. Each worker
    process appends a line per transaction to a file of its own (`path`.PID): how long BEGIN
    IMMEDIATE waited, and how long the lock was then held, in seconds."""
    import scorer.web.db as web_db

    connect = web_db.connect

    def timed_connect(database_path):
        database = connect(database_path)
        plain = database.execute
        locked = {}
        log = open(f"{path}.{os.getpid()}", "a", buffering=1)  # noqa: SIM115 (the worker's life)

        def execute(sql, *args, **kwargs):
            start = time.perf_counter()
            result = plain(sql, *args, **kwargs)
            end = time.perf_counter()
            if sql.startswith("BEGIN IMMEDIATE"):
                locked["at"], locked["waited"] = end, end - start
            elif sql in ("COMMIT", "ROLLBACK") and "at" in locked:
                log.write(f"{locked.pop('waited')} {end - locked.pop('at')}\n")
            return result

        database.execute = execute
        return database

    web_db.connect = timed_connect


def lock_report(path: Path) -> None:
    """What the server's write transactions said about SQLite's write lock."""
    files = path.parent.glob(f"{path.name}.*")
    lines = [line.split() for one in files for line in one.read_text().splitlines()]
    if not lines:
        print("Write lock: no figures (the server wrote none)")
        return
    waits = [float(w) for w, _ in lines]
    held = [float(h) for _, h in lines]
    for label, values in (("waited for", waits), ("held", held)):
        total = sum(values)
        print(
            f"  write lock {label:<10} {len(values):6d} transactions   p50"
            f" {percentile(values, 50) * 1000:6.1f}  p95 {percentile(values, 95) * 1000:6.1f}"
            f"  p99 {percentile(values, 99) * 1000:6.1f}  max {max(values, default=0) * 1000:6.1f}"
            f" ms   total {total:6.1f} s"
        )


def start_server(
    database: str, threads: int, log: Path, lock_stats: Path | None = None
) -> tuple[subprocess.Popen, int]:
    command = [sys.executable, __file__, "--serve", database, "--threads", str(threads)]
    if lock_stats:
        command += ["--lock-stats-file", str(lock_stats)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log.open("w"), text=True)
    line = process.stdout.readline()
    if not line.strip().isdigit():
        process.kill()
        raise SystemExit(f"the server did not start; see {log}:\n{log.read_text()}")
    return process, int(line)


def other_cpu(used: tuple[float, float, float], wall: float) -> str:
    """The CPU the rest of the machine used meanwhile: what competed with the benchmark."""
    other = max(0.0, used[2] - used[0] - used[1])
    return f"{other:.1f} s ({other / wall:.0%} of a core)"


def _stat(pid: int | str) -> list[str]:
    """A process's fields in /proc/PID/stat after its name (Linux): [0] state, [1] parent."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def cpu_seconds(pid: int) -> float:
    """User and system CPU a process and the processes it forked (the waitress workers) have
    used so far (Linux /proc)."""
    pids = [str(pid)]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if _stat(entry.name)[1] == str(pid):
                    pids.append(entry.name)
            except (OSError, IndexError):
                pass  # gone meanwhile
    ticks = 0
    for one in pids:
        try:
            fields = _stat(one)
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


# --- one client: a persistent connection with its cookies -----------------------------------


class Pacer:
    """One table's steady pace (--rate): each of its requests waits for its slot, the first at
    `start`; a table held up by slow answers catches up (at most a second's worth). None of it
    when the clients go as fast as the server lets them."""

    def __init__(self, per_second: float, start: float):
        self.interval = 1 / per_second
        self.next = start - self.interval

    def wait(self) -> None:
        slot = self.next = max(self.next + self.interval, time.perf_counter() - 1)
        delay = slot - time.perf_counter()
        if delay > 0:
            time.sleep(delay)


def pacers(rate: float, clients: int, per_game: int) -> list[Pacer | None]:
    """A pace for each table, `rate` requests a second between them all. Tables do not sit
    down at the same second: their starts are spread over the time one game takes, so that
    their new games (three heavier requests) do not come in waves. With every table starting
    at once, the 32 new games came together at the start and again after every game, and made
    the p99 at 300 hands/s offered (about 88 ms) while a second between waves had 28 ms at most."""
    if not rate:
        return [None] * clients
    now = time.perf_counter()
    return [Pacer(rate / clients, now + i * per_game / rate) for i in range(clients)]


class Client:
    """One phone: one keep-alive connection, its cookies, and what each request took."""

    def __init__(self, port: int, pacer: Pacer | None = None):
        self.port = port
        self.pacer = pacer
        self.conn = http.client.HTTPConnection(HOST, port, timeout=60)
        self.cookies: dict[str, str] = {}
        self.worker = ""  # the worker process that served the last answer

    def request(self, method: str, path: str, fields: dict | None = None, htmx: dict | None = None):
        """Send one request (`htmx`: as htmx sends it, with these headers too); its status,
        Location, text and seconds taken (sending to having read the whole body). A broken
        connection counts as status 0 and is reopened."""
        headers = {"Accept-Encoding": "gzip", "Accept": "text/html"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if fields is not None:
            body = urlencode(fields)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if htmx is not None:
            headers.update(htmx, **{"HX-Request": "true"})
        if self.pacer is not None:
            self.pacer.wait()
        start = time.perf_counter()
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException) as error:
            elapsed = time.perf_counter() - start
            self.conn.close()
            self.conn = http.client.HTTPConnection(HOST, self.port, timeout=60)
            return 0, None, repr(error), elapsed
        elapsed = time.perf_counter() - start
        self.worker = response.getheader("X-Worker", "")
        for header in response.headers.get_all("Set-Cookie") or ():
            name, _, value = header.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        if response.getheader("Content-Encoding") == "gzip":
            data = gzip.decompress(data)
        return response.status, response.getheader("Location"), data.decode(), elapsed


class Figures:
    """Latencies and errors by kind of request, shared by the client threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = {}
        self.by_worker: dict[tuple[str, str], list[float]] = {}  # (kind, worker) -> times
        self.errors: dict[str, list[str]] = {}
        self.acked: dict[str, int] = {}  # game (its writer's key) -> hands acknowledged

    def add(
        self, kind: str, status: int, elapsed: float, problem: str | None = None, worker: str = ""
    ) -> bool:
        ok = 200 <= status < 400 and problem is None
        with self.lock:
            self.times.setdefault(kind, []).append(elapsed)
            self.by_worker.setdefault((kind, worker), []).append(elapsed)
            if not ok:
                self.errors.setdefault(kind, []).append(problem or f"HTTP {status}")
        return ok


def play_games(client: Client, games: queue.Queue, figures: Figures, hands: int, target: int):
    """Take games from the queue until none is left and play each to its end."""
    while True:
        try:
            games.get_nowait()
        except queue.Empty:
            return
        status, _, page, elapsed = client.request("GET", "/games/new")
        if not figures.add("new game (GET form)", status, elapsed):
            continue
        form = new_game_form(target=str(target), **hidden_inputs(page))
        status, location, _, elapsed = client.request("POST", "/games/new", form)
        if not figures.add("new game (POST form)", status, elapsed) or not location:
            continue
        path = location.split("//", 1)[-1].split("/", 1)[-1]
        path = "/" + path if not path.startswith("/") else path
        game_id = path.rstrip("/").rsplit("/", 1)[1]
        status, _, page, elapsed = client.request("GET", path)
        if not figures.add("game page (GET)", status, elapsed):
            continue
        panel: dict[str, str] = {}
        for i in range(hands):
            panel, sent_with = panel_after(page, panel)
            if not panel:
                figures.add("game flow", 200, 0.0, f"game {game_id}: no panel before hand {i + 1}")
                break
            status, _, page, elapsed = client.request(
                "POST", f"{path}/hands", {**panel, **hand_fields(i)}, htmx=sent_with
            )
            # Acknowledged: a 2xx answer with no refusal beside a field.
            refused = 'class="error"' in page
            problem = f"HTTP {status}, hand {i + 1} refused" if refused else None
            if not figures.add("hand entry (POST)", status, elapsed, problem, client.worker):
                break
            with figures.lock:
                figures.acked[game_id] = figures.acked.get(game_id, 0) + 1
        else:
            if 'id="panel"' in page:
                figures.add("game flow", 200, 0.0, f"game {game_id} did not end")


def fetch_trivial(client: Client, path: str, count: int, figures: Figures) -> None:
    for _ in range(count):
        status, _, _, elapsed = client.request("GET", path)
        figures.add("trivial", status, elapsed, worker=client.worker)


def turns(games: int, count: int) -> list[int]:
    """The games of each turn: `games` shared out over `count` turns."""
    count = max(1, min(count, games))
    return [games // count + (1 if i < games % count else 0) for i in range(count)]


def cpu_now(pid: int) -> tuple[float, float, float]:
    """CPU seconds used so far: by the server (pid and its workers), by this process, by the
    whole machine."""
    return cpu_seconds(pid), time.process_time(), machine_cpu_seconds()


def cpu_since(before: tuple[float, float, float], pid: int) -> tuple[float, float, float]:
    return tuple(now - then for now, then in zip(cpu_now(pid), before, strict=True))


def added(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def run_threads(target, args_per_thread) -> float:
    threads = [threading.Thread(target=target, args=args) for args in args_per_thread]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start


def line(kind: str, values: list[float], errors: int) -> str:
    p = {q: percentile(values, q) * 1000 for q in (50, 95, 99)}
    mean = sum(values) / len(values) * 1000 if values else float("nan")
    return (
        f"  {kind:<22} {len(values):6d} req   mean {mean:6.1f}  p50 {p[50]:6.1f}"
        f"  p95 {p[95]:6.1f}  p99 {p[99]:6.1f} ms   errors {errors}"
    )


# --- one entry, counted in-process -----------------------------------------------------------

HTMX = {"HX-Request": "true", "Accept-Encoding": "gzip"}


CATEGORIES = (  # (where a function's own time counts, what its file or name contains)
    (
        "templates (jinja2, markupsafe, Markup.format)",
        (".html", "/jinja2/", "/markupsafe/", "jinja2_fragments", "string.py", "markupsafe"),
    ),
    (
        "SQL statements (sqlite3)",
        (
            "sqlite3.Cursor",
            "sqlite3.Connection' objects>",
            "'execute' of",
            "'fetch",
            "sqlite_utils/db.py",
        ),
    ),
    (
        "SQL connection per request (connect, PRAGMAs, sqlite-utils plugin hook)",
        ("connect", "pluggy", "sqlite_utils/plugins", "sqlite_utils/hookspecs"),
    ),
    ("gzip", ("gzip", "zlib")),
    (
        "forms and CSRF (wtforms, flask-wtf, itsdangerous, tokens)",
        (
            "/wtforms/",
            "/flask_wtf/",
            "itsdangerous",
            "hmac",
            "secrets.py",
            "base64.py",
            "random.py",
            "hashlib",
        ),
    ),
    ("json", ("json",)),
    ("slate SVG (scorer/web/schieber/slate.py)", ("scorer/web/slate_svg",)),
    ("views (scorer/web)", ("scorer/web/",)),
    ("storage (scorer/storage)", ("scorer/storage/", "datetime")),
    ("engine (scorer/*.py)", ("/scorer/", "dataclasses.py")),
    (
        "Flask, Werkzeug, routing, url_for",
        (
            "/flask/",
            "/werkzeug/",
            "werkzeug routing",
            "urllib/parse",
            "blinker",
            "idna",
            "http/cookies",
        ),
    ),
)


def _category(file: str, name: str) -> str:
    """Where a function's own time counts: rendering, the engine, SQL, gzip, and so on."""
    where = f"{file} {name}"
    for category, marks in CATEGORIES:
        if any(mark in where for mark in marks):
            return category
    return OTHER


OTHER = "other (builtins and stdlib called from other builtins)"


def entry_costs(before: int, rounds: int, show_profile: bool) -> None:
    """Enter hand `before + 1` of a game in-process (test client, htmx, gzip, CSRF off), again
    and again (the entry taken out again untimed in between), and say what one entry costs:
    time, replays of the record, template renders, SQL statements, and where the time goes."""
    import flask
    from jinja2_fragments.flask import template_block_rendered

    import scorer.web.db as web_db

    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "profile.db"
        app = make_app(database, csrf=False)
        db = open_db(database)
        game_id = store_game(db, schieber_game(before, contracts=FLAT))
        baseline = db.execute("SELECT MAX(id) FROM changes").fetchone()[0]
        client = app.test_client()
        url = writer_path(db, game_id)

        def take_back():
            db.execute("DELETE FROM entries WHERE game_id = ? AND position >= ?", [game_id, before])
            db.execute("DELETE FROM changes WHERE id > ?", [baseline])
            # A new version, as every write makes: the app keeps states by version.
            db.execute("UPDATE games SET version = version + 1 WHERE id = ?", [game_id])

        def enter():
            response = client.post(
                f"{url}/hands", data=hand_fields(before, FLAT), headers=HTMX | PLAIN
            )
            assert response.status_code == 200, response.status_code
            return response

        def timed(fn, after=None) -> list[float]:
            times = []
            for _ in range(rounds):
                start = time.perf_counter()
                fn()
                times.append(time.perf_counter() - start)
                if after:
                    after()
            return times

        enter()  # warm templates and caches
        take_back()
        print(f"In-process, one request at a time (test client, no network; hand {before + 1}):")
        for label, fn, after in (
            ("hand entry (POST, htmx)", enter, take_back),
            ("game page (GET, htmx)", lambda: client.get(url, headers=HTMX), None),
            (
                "game page (GET, full)",
                lambda: client.get(url, headers=HTMX | {"HX-Request": ""}),
                None,
            ),
            (
                "trivial (GET favicon)",
                lambda: client.get("/static/favicon.svg", headers=HTMX),
                None,
            ),
        ):
            times = timed(fn, after)
            print(
                f"  {label:<26} p50 {percentile(times, 50) * 1000:6.2f} ms"
                f"   p90 {percentile(times, 90) * 1000:6.2f} ms   ({rounds} rounds)"
            )

        statements: list[str] = []
        sql_time: dict[str, float] = {}
        renders: list[str] = []
        connect = web_db.connect

        def traced(path):
            database = connect(path)
            database.conn.set_trace_callback(statements.append)
            plain = database.execute

            def execute(sql, *args, **kwargs):
                start = time.perf_counter()
                try:
                    return plain(sql, *args, **kwargs)
                finally:
                    word = sql.split()[0]
                    sql_time[word] = sql_time.get(word, 0.0) + time.perf_counter() - start

            database.execute = execute
            return database

        def rendered(_app, template=None, template_name=None, block_name=None, **_):
            renders.append(template.name if template else f"{template_name}#{block_name}")

        web_db.connect = traced
        web_db.forget()  # the thread's kept connection: the next request opens a traced one
        flask.template_rendered.connect(rendered, app)
        template_block_rendered.connect(rendered, app)
        try:
            response = enter()
            take_back()
        finally:
            web_db.forget()
            web_db.connect = connect
            flask.template_rendered.disconnect(rendered, app)
            template_block_rendered.disconnect(rendered, app)
        counted = len(statements)

        # Only the app's part is profiled: the WSGI call, not the test client around it.
        profile = cProfile.Profile()
        wsgi = app.wsgi_app

        def profiled(environ, start_response):
            profile.enable()
            try:
                return wsgi(environ, start_response)
            finally:
                profile.disable()

        app.wsgi_app = profiled
        for _ in range(rounds):
            enter()
            take_back()
        app.wsgi_app = wsgi
        db.close()

    stats = pstats.Stats(profile)
    calls: dict[tuple[str, str], int] = {}
    own: dict[str, float] = {}
    for (file, _, name), (_, ncalls, tottime, _, callers) in stats.stats.items():
        key = (Path(file).name, name)
        calls[key] = calls.get(key, 0) + ncalls
        category = _category(file, name)
        if category == OTHER and callers:
            # A builtin or stdlib helper counts where it was called from.
            for (caller_file, _, caller_name), (*_, caller_tt, _) in callers.items():
                where = _category(caller_file, caller_name)
                own[where] = own.get(where, 0.0) + caller_tt
            continue
        own[category] = own.get(category, 0.0) + tottime

    def n(file, name):
        return calls.get((file, name), 0) // rounds

    print(f"One hand entry counted (hand {before + 1}, htmx, gzip):")
    print(
        f"  replays of the whole record: {n('schieber.py', 'replay')} (schieber.replay;"
        f" of them record_problem {n('schieber.py', 'record_problem')},"
        f" list summary {n('modes.py', 'summary')})"
    )
    change_reads = sum(" FROM changes" in s for s in statements[:counted])
    print(
        f"  store.load {n('games.py', 'load')}, reads of the change log {change_reads},"
        f" still_needed {n('standing.py', 'still_needed')}"
    )
    print(f"  template renders: {len(renders)} ({', '.join(renders)})")
    print(f"  slate SVGs drawn: {n('slate_svg.py', 'slate_svg')}")
    print(f"  SQL statements: {counted}")
    kinds: dict[str, int] = {}
    for s in statements[:counted]:
        words = s.split()
        word = " ".join(words[:4]) if words[0] in ("SELECT", "INSERT", "UPDATE") else words[0]
        kinds[word] = kinds.get(word, 0) + 1
    for word, count in sorted(kinds.items(), key=lambda kv: -kv[1]):
        print(f"    {count:3d} × {word}")
    spent = ", ".join(f"{w} {t * 1000:.2f} ms" for w, t in sorted(sql_time.items()))
    print(f"  time in SQL by first word (one entry): {spent}")
    print(f"  gzip.compress calls: {n('gzip.py', 'compress')}; answer {len(response.data)} B gzip")
    total = sum(own.values())
    print(
        f"  where the time goes (cProfile, own time per entry, {total / rounds * 1000:.1f} ms"
        " profiled; the profiler inflates Python-heavy parts):"
    )
    for category, seconds in sorted(own.items(), key=lambda kv: -kv[1]):
        print(f"    {seconds / rounds * 1000:6.2f} ms  {seconds / total:4.0%}  {category}")
    print("  the functions with the most time of their own and under them (cumulative):")
    top = sorted(
        (
            (cumulative, tottime, ncalls, file, line, name)
            for (file, line, name), (_, ncalls, tottime, cumulative, _) in stats.stats.items()
            if "/scorer/" in file or file.endswith(".html")
        ),
        reverse=True,
    )
    for cumulative, tottime, ncalls, file, line, name in top[:12]:
        where = file.split(f"{ROOT}/")[-1].split("/scorer/")[-1]
        print(
            f"    {cumulative / rounds * 1000:6.2f} ms cumulative {tottime / rounds * 1000:6.2f} ms"
            f" own  {ncalls // rounds:6d} calls  {where}:{line} {name}"
        )
    if show_profile:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(40)
        print(out.getvalue())


# --- the run ---------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--hands", type=int, default=16, help="hands per game (the target ends it)")
    parser.add_argument(
        "--threads", type=int, default=THREADS, help=f"app threads per worker (make run: {THREADS})"
    )
    parser.add_argument(
        "--turns", type=int, default=3, help="tables and trivial requests take turns (default 3)"
    )
    parser.add_argument("--profile", action="store_true", help="print the entry's cProfile")
    parser.add_argument("--rounds", type=int, default=100, help="in-process rounds per figure")
    parser.add_argument(
        "--rate", type=float, help="hands/s to offer, paced (default: as fast as served)"
    )
    parser.add_argument(
        "--lock-stats",
        action="store_true",
        help="time SQLite's write lock in the server (waits for it, time held)",
    )
    parser.add_argument("--serve", metavar="DATABASE", help=argparse.SUPPRESS)
    parser.add_argument("--lock-stats-file", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.threads, args.lock_stats_file)
        return

    print(f"Machine: {machine()}")
    entry_costs(15, args.rounds, args.profile)
    print()

    target = target_for(args.hands)
    with tempfile.TemporaryDirectory() as tmp:
        database = str(Path(tmp) / "load.db")
        log = Path(tmp) / "server.log"
        locks = Path(tmp) / "locks.json" if args.lock_stats else None
        process, port = start_server(database, args.threads, log, locks)
        try:
            print(
                f"Server: {WORKERS} waitress processes × {args.threads} threads, pid {process.pid},"
                f" port {port};"
                f" {args.games} games of {args.hands} hands (target {target}),"
                f" {args.clients} client threads in pid {os.getpid()}"
            )
            if args.rate:
                print(
                    f"Paced: {args.rate:g} hands/s offered (every request of a table paced, the"
                    " tables' starts spread over a game's time)"
                )
            figures = Figures()
            per_hand = (args.hands + 3) / args.hands  # a game's 3 other requests
            rate = args.rate * per_hand if args.rate else 0.0  # requests a second
            clients = [Client(port) for _ in range(args.clients)]
            # The trivial request: the favicon as the page links it.
            _, _, page, _ = clients[0].request("GET", "/games/new")
            icon = (
                page.split('<link rel="icon" href="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
            )
            wall = trivial_wall = 0.0
            cpu_tables = cpu_trivial = (0.0, 0.0, 0.0)
            # In turns: a share of the games, then the favicon as often as hands were entered
            # in it. This machine's speed drifts from second to second (by a fifth between runs
            # of the same code); one phase after the other put that drift into the ratio.
            for share in turns(args.games, args.turns):
                games: queue.Queue = queue.Queue()
                for i in range(share):
                    games.put(i)
                for c, p in zip(clients, pacers(rate, args.clients, args.hands + 3), strict=True):
                    c.pacer = p
                entered = len(figures.times.get("hand entry (POST)", []))
                cpu = cpu_now(process.pid)
                wall += run_threads(
                    play_games, [(c, games, figures, args.hands, target) for c in clients]
                )
                cpu_tables = added(cpu_tables, cpu_since(cpu, process.pid))
                hands_done = len(figures.times.get("hand entry (POST)", [])) - entered
                per_client = max(1, hands_done // args.clients)
                for c, p in zip(clients, pacers(rate, args.clients, args.hands + 3), strict=True):
                    c.pacer = p
                cpu = cpu_now(process.pid)
                trivial_wall += run_threads(
                    fetch_trivial, [(c, icon, per_client, figures) for c in clients]
                )
                cpu_trivial = added(cpu_trivial, cpu_since(cpu, process.pid))
            for c in clients:
                c.conn.close()
        finally:
            process.terminate()
            process.wait(timeout=30)
        stored = count_entries(database)
        server_log = log.read_text()
        if locks:
            print("Server-side, SQLite's write lock (BEGIN IMMEDIATE … COMMIT), both phases:")
            lock_report(locks)

    hands_times = figures.times.get("hand entry (POST)", [])
    trivial_times = figures.times.get("trivial", [])
    acked = sum(figures.acked.values())
    requests = sum(len(v) for k, v in figures.times.items() if k not in ("trivial", "game flow"))
    errors = sum(len(v) for v in figures.errors.values())
    print("Latency by request (client side, send to last byte):")
    for kind, values in figures.times.items():
        if kind != "game flow":
            print(line(kind, values, len(figures.errors.get(kind, []))))
    print()
    hps = acked / wall
    print(f"Tables phase: {wall:.2f} s wall, {requests / wall:.0f} requests/s")
    print(f"  hands entered and acknowledged: {acked}  →  {hps:.0f} hands/s")
    print(
        f"  CPU: server {cpu_tables[0]:.1f} s ({cpu_tables[0] / wall:.0%} of a core),"
        f" {cpu_tables[0] / max(requests, 1) * 1000:.2f} ms per request;"
        f" clients {cpu_tables[1]:.1f} s ({cpu_tables[1] / wall:.0%});"
        f" other processes {other_cpu(cpu_tables, wall)}"
    )
    print(f"Trivial phase ({icon}): {len(trivial_times) / trivial_wall:.0f} requests/s")
    print(
        f"  CPU: server {cpu_trivial[0]:.1f} s ({cpu_trivial[0] / trivial_wall:.0%} of a core),"
        f" {cpu_trivial[0] / max(len(trivial_times), 1) * 1000:.2f} ms per request;"
        f" clients {cpu_trivial[1]:.1f} s ({cpu_trivial[1] / trivial_wall:.0%});"
        f" other processes {other_cpu(cpu_trivial, trivial_wall)}"
    )
    missing = {g: n for g, n in figures.acked.items() if stored.get(g, 0) != n}
    print(
        f"Stored: {sum(stored.values())} entries in {len(stored)} games in the database;"
        f" every acknowledged hand stored: {'yes' if not missing else f'NO, {missing}'}"
    )
    if errors:
        shown = [f"{k}: {v[:3]}" for k, v in figures.errors.items()]
        print("Errors:", "; ".join(shown))
    depth = server_log.count("Task queue depth")
    other = [ln for ln in server_log.splitlines() if ln and "Task queue depth" not in ln]
    print(f"Server log: {depth} 'Task queue depth' warnings; {len(other)} other lines")
    for ln in other[:10]:
        print("   ", ln)

    if not hands_times or not trivial_times:
        print("No hand entry or no trivial request answered: no figures to compare.")
        return
    p99 = percentile(hands_times, 99) * 1000
    overall50 = percentile(hands_times, 50) / percentile(trivial_times, 50)
    ratio_mean = (sum(hands_times) / len(hands_times)) / (sum(trivial_times) / len(trivial_times))
    ratio99 = percentile(hands_times, 99) / percentile(trivial_times, 99)
    print()
    print(f"Hand entry / trivial: p50 {overall50:.1f}×, mean {ratio_mean:.1f}×, p99 {ratio99:.1f}×")
    # Each client keeps its connection, so it stays with the worker that took it first, and
    # the split of the connections between the workers moves from run to run (20 to 12, say).
    # A worker's clients wait the longer the more of them it has. While the tables play, each
    # worker serves as many entries as its core allows, half of them each; the trivial
    # requests come as fast as the clients send them, so each worker's share follows its
    # clients. The p50s above are then taken from two different mixes of a short and a long
    # queue, and their ratio moved between 1.6× and 3.9× over runs of the same code. Each
    # worker's own ratio compares the same clients' queue in both phases: their mean,
    # weighted by the entries, is the figure the goal is held to.
    ratio50 = 0.0
    for worker in sorted({w for kind, w in figures.by_worker if kind == "trivial" and w}):
        entries = figures.by_worker.get(("hand entry (POST)", worker), [])
        trivial = figures.by_worker.get(("trivial", worker), [])
        if entries and trivial:
            ratio = percentile(entries, 50) / percentile(trivial, 50)
            ratio50 += ratio * len(entries) / len(hands_times)
            print(
                f"  worker {worker}: {len(entries) / len(hands_times):4.0%} of the entries"
                f" (p50 {percentile(entries, 50) * 1000:5.1f} ms),"
                f" {len(trivial) / len(trivial_times):4.0%} of the trivial"
                f" (p50 {percentile(trivial, 50) * 1000:5.1f} ms): p50 {ratio:.1f}×"
            )
    print(f"  per worker, weighted by the entries: p50 {ratio50:.1f}×")
    # Steadier than the p50s, but without the commit's wait for the disk, which the entries'
    # latency holds and no CPU counts.
    mix_cpu = cpu_tables[0] / max(requests, 1)
    trivial_cpu = cpu_trivial[0] / max(len(trivial_times), 1)
    print(
        f"  server CPU per request: the tables' mix {mix_cpu * 1000:.2f} ms, the trivial"
        f" {trivial_cpu * 1000:.2f} ms: {mix_cpu / trivial_cpu:.1f}×"
    )
    # Each goal where it means something: the hands a second the server can take, as fast as
    # the clients go; the p99 at 300 hands/s offered (--rate 300). As fast as served, 32
    # clients that never pause queue (mean latency = clients / throughput), whatever the
    # server; paced, the tables' starts and ends are spread, so fewer hands a second are done
    # on average than offered.
    print("Goals (2 cores):")
    if args.rate:
        print(f"  >= 300 hands/s          {hps:8.0f}        paced: run as fast as served")
    else:
        print(f"  >= 300 hands/s          {hps:8.0f}        {verdict(hps >= 300)}")
    if args.rate and args.rate >= 300:
        print(f"  p99 hand entry < 50 ms  {p99:8.1f} ms     {verdict(p99 < 50)}")
    else:
        print(f"  p99 hand entry < 50 ms  {p99:8.1f} ms     held at 300 hands/s: run --rate 300")
    print(f"  0 errors                {errors:8d}        {verdict(errors == 0 and not missing)}")
    print(f"  hand entry <= 3× trivial (p50, per worker) {ratio50:4.1f}×   {verdict(ratio50 <= 3)}")


if __name__ == "__main__":
    main()
