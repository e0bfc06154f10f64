"""Many phones watching one game: each polls the board through the watch link every 1.5
seconds with the tag of what it shows (If-None-Match), while one writer enters a hand every ten
seconds (--every; a real table writes one a minute or two). Prints how long the polls and the
entries took, and how many polls were answered 304 (nothing changed: one small query) or 200
(the board again).

    .venv/bin/python bench/watchers.py [--watchers 100] [--seconds 30] [--every 10]

A figure, never a test: `make test` does not run it.
"""

from __future__ import annotations

import argparse
import http.client
import re
import sys
import tempfile
import threading
import time
from pathlib import Path

from common import machine, new_game_form, percentile
from load import HOST, Client, start_server


def watch(
    port: int, poll: str, stop: float, times: list, statuses: list, lock: threading.Lock
) -> None:
    """One watching phone on the watch link: poll, keep the tag, wait 1.5 seconds, poll
    again."""
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    tag = None
    while time.perf_counter() < stop:
        headers = {"Accept-Encoding": "gzip", "HX-Request": "true"}
        if tag:
            headers["If-None-Match"] = tag
        start = time.perf_counter()
        conn.request("GET", poll, headers=headers)
        response = conn.getresponse()
        response.read()
        elapsed = time.perf_counter() - start
        tag = response.getheader("ETag") or tag
        with lock:
            times.append(elapsed)
            statuses.append(response.status)
        time.sleep(max(0.0, 1.5 - elapsed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--threads", type=int, default=16, help="waitress threads per worker")
    parser.add_argument("--every", type=float, default=10, help="seconds between two hands")
    args = parser.parse_args()
    print(machine())
    with tempfile.TemporaryDirectory() as folder:
        database = str(Path(folder) / "watchers.db")
        process, port = start_server(database, args.threads, Path(folder) / "server.log")
        try:
            writer = Client(port)
            form = writer.request("GET", "/games/new")[2]
            token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form).group(1)
            once = re.search(r'name="once"[^>]*value="([^"]+)"', form)
            fields = {**new_game_form(target="100000"), "csrf_token": token}
            if once:
                fields["once"] = once.group(1)
            status, game, *_ = writer.request("POST", "/games/new", fields)
            assert status == 303
            game = "/" + game.split("//", 1)[-1].split("/", 1)[-1] if "//" in game else game
            shared = writer.request("GET", f"{game}/teilen")[2]
            poll = re.search(r'id="watch-url">[^<]*?(/s/[\w-]+)<', shared).group(1) + "?teil=tafel"
            stop = time.perf_counter() + args.seconds
            times: list[float] = []
            statuses: list[int] = []
            lock = threading.Lock()
            threads = [
                threading.Thread(target=watch, args=(port, poll, stop, times, statuses, lock))
                for _ in range(args.watchers)
            ]
            for t in threads:
                t.start()
            entries = []
            number = 0
            while time.perf_counter() < stop:
                page = writer.request("GET", game)[2]
                fields = {
                    name: re.search(rf'name="{name}"[^>]*value="([^"]*)"', page).group(1)
                    for name in ("csrf_token", "once", "seen")
                }
                fields.update(contract="rosen", points=str(60 + number % 40), points_team="0")
                status, _, _, elapsed = writer.request("POST", f"{game}/hands", fields, htmx=True)
                entries.append((status, elapsed))
                number += 1
                time.sleep(args.every)
            for t in threads:
                t.join()
        finally:
            process.terminate()
            process.wait(timeout=10)
    polls = len(times)
    unchanged = statuses.count(304)
    print(
        f"{args.watchers} watchers, a hand every {args.every:g} s, {args.seconds:.0f} s:"
        f" {polls} polls"
        f" ({polls / args.seconds:.0f}/s), {unchanged} answered 304, {statuses.count(200)} 200,"
        f" {polls - unchanged - statuses.count(200)} other"
    )
    ms = [t * 1000 for t in times]
    print(
        f"  poll     p50 {percentile(ms, 50):6.1f}  p95 {percentile(ms, 95):6.1f}"
        f"  p99 {percentile(ms, 99):6.1f}  max {max(ms):6.1f} ms"
    )
    done = [e * 1000 for s, e in entries if s == 200]
    print(
        f"  entries  {len(done)} of {len(entries)} saved;  p50 {percentile(done, 50):6.1f}"
        f"  max {max(done, default=0):6.1f} ms (while the watchers poll)"
    )


if __name__ == "__main__":
    sys.exit(main())
