"""How many tables one machine holds: each table is four phones that poll their game's board
every 1.5 seconds with the tag of what they show (If-None-Match; the writer's phone through
its own link, three through the watch link), and a hand entered every minute (--hand-every).
The server is `make run`'s (a waitress per core), reached directly or, with --proxy, through
Caddy on https://jass.test as deploy/Caddyfile runs it (TLS, its own authority, trusted).

It steps up the number of tables (--tables) and says for each whether the machine holds it:
every poll answered within its 1.5 seconds (p99), no error, each phone's polls kept to their
pace (95 % of those due), and each hand saved within a second (p99). It stops at the first
step that does not hold. The phones run on the same machine, in one asyncio loop: they take a
share of the cores the server would have.

    .venv/bin/python bench/watchers.py [--proxy] [--tables 25,50,100,200,400] [--seconds 20]

A figure, never a test: `make test` does not run it (docs/performance.md).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import ssl
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from common import machine, percentile

from tests.serving import App, Phone, Proxy, run_app, run_caddy

PERIOD = 1.5  # htmx polls the board every 1500 ms


@dataclass
class Figures:
    polls: list[float] = field(default_factory=list)  # seconds each
    statuses: dict[int, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    connections: int = 0  # opened, the first of each phone included
    due: int = 0  # polls the phones' pace asked for
    hands: list[float] = field(default_factory=list)
    hand_errors: int = 0


class Poller:
    """One phone's connection: HTTP/1.1, kept open while the server keeps it."""

    def __init__(self, port: int, name: str, context: ssl.SSLContext | None, figures: Figures):
        self.port, self.name, self.context, self.figures = port, name, context, figures
        self.reader = self.writer = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(
            "127.0.0.1",
            self.port,
            ssl=self.context,
            server_hostname=self.name if self.context else None,
        )
        self.figures.connections += 1

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.reader = self.writer = None

    async def get(self, path: str, tag: str | None) -> tuple[int, str | None]:
        """One poll: its status and its tag."""
        if self.writer is None:
            await self.open()
        lines = [f"GET {path} HTTP/1.1", f"Host: {self.name}:{self.port}", "HX-Request: true"]
        lines.append("Accept-Encoding: gzip")
        if tag:
            lines.append(f"If-None-Match: {tag}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(head[0].split()[1])
        headers = {}
        for line in head[1:]:
            if line:
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding") == "chunked":
            while size := int((await self.reader.readuntil(b"\r\n")).strip(), 16):
                await self.reader.readexactly(size + 2)
            await self.reader.readuntil(b"\r\n")
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, headers.get("etag") or tag


async def phone(poller: Poller, path: str, stop: float, figures: Figures) -> None:
    """Poll every PERIOD seconds from a random start, as htmx does; a poll answered late is
    followed at once by the next one due."""
    loop = asyncio.get_running_loop()
    due = loop.time() + random.uniform(0, PERIOD)
    tag = None
    while due < stop:
        await asyncio.sleep(max(0.0, due - loop.time()))
        figures.due += 1
        start = loop.time()
        try:
            status, tag = await poller.get(path, tag)
        except (OSError, asyncio.IncompleteReadError, ValueError) as error:
            figures.errors.append(repr(error))
            poller.close()
            status = 0
        figures.polls.append(loop.time() - start)
        figures.statuses[status] = figures.statuses.get(status, 0) + 1
        due = max(due + PERIOD, loop.time()) if loop.time() - due > PERIOD else due + PERIOD
    poller.close()


def writers(tables: list[tuple[Phone, str]], every: float, stop: float, figures: Figures):
    """Each table enters a hand every `every` seconds, from a random start: one thread takes
    them in turn as they fall due."""
    due = sorted((time.monotonic() + random.uniform(0, every), i) for i in range(len(tables)))
    count = 0
    while due and due[0][0] < stop:
        at, i = due.pop(0)
        time.sleep(max(0.0, at - time.monotonic()))
        writer, game = tables[i]
        start = time.monotonic()
        try:
            saved = writer.enter_hand(game, "rosen", 60 + count % 40, count % 2)
        except OSError:
            saved = False
        if writer.proxy is None:
            writer.close()  # waitress counts each connection it keeps (connection_limit)
        figures.hands.append(time.monotonic() - start)
        figures.hand_errors += not saved
        count += 1
        due.append((at + every, i))
        due.sort()


def step(count: int, seconds: float, every: float, app: App, proxy: Proxy | None) -> Figures:
    """`count` tables for `seconds`: their games set up, then four phones each poll."""
    writers_ = [Phone(app=app, proxy=proxy) for _ in range(count)]
    port = proxy.port if proxy else app.port
    tables = []
    for writer in writers_:
        game = writer.new_game()
        watch = writer.share(game)[0].split("/s/", 1)[1]
        if proxy is None:
            writer.close()
        tables.append((writer, game, f"/s/{watch}"))
    figures = Figures()
    context = ssl.create_default_context(cafile=str(proxy.authority)) if proxy else None
    name = proxy.name if proxy else "127.0.0.1"
    stop_at = time.monotonic() + seconds
    thread = threading.Thread(
        target=writers, args=([(w, g) for w, g, _ in tables], every, stop_at, figures)
    )

    async def all_phones() -> None:
        stop = asyncio.get_running_loop().time() + seconds
        polls = []
        for _, game, watch in tables:
            for path in (game, watch, watch, watch):
                poller = Poller(port, name, context, figures)
                polls.append(phone(poller, f"{path}?teil=tafel", stop, figures))
        await asyncio.gather(*polls)

    thread.start()
    asyncio.run(all_phones())
    thread.join()
    for writer in writers_:
        writer.close()
    return figures


def holds(figures: Figures) -> bool:
    return (
        not figures.errors
        and not figures.hand_errors
        and percentile(figures.polls, 99) < PERIOD
        and len(figures.polls) >= 0.95 * figures.due
        and percentile(figures.hands, 99) < 1.0
    )


def report(count: int, seconds: float, figures: Figures) -> None:
    ms = [p * 1000 for p in figures.polls]
    hands = [h * 1000 for h in figures.hands]
    other = sum(n for s, n in figures.statuses.items() if s not in (200, 304))
    print(
        f"{count:4d} tables ({4 * count} phones): {len(ms) / seconds:5.0f} polls/s"
        f" ({figures.statuses.get(304, 0)} 304, {figures.statuses.get(200, 0)} 200, {other}"
        f" other, {len(figures.errors)} errors), {figures.connections} connections opened;"
        f" poll p50 {percentile(ms, 50):.1f} p95 {percentile(ms, 95):.1f}"
        f" p99 {percentile(ms, 99):.1f} ms; {len(hands)} hands p50 {percentile(hands, 50):.0f}"
        f" p99 {percentile(hands, 99):.0f} ms: {'holds' if holds(figures) else 'does NOT hold'}",
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="25,50,100,200,400")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--hand-every", type=float, default=60, help="seconds between hands")
    parser.add_argument("--proxy", action="store_true", help="through Caddy on https")
    args = parser.parse_args()
    print(machine())
    print("Through Caddy on https://jass.test" if args.proxy else "Directly to the server")
    workers = os.environ.get("WORKERS") or str(os.cpu_count() or 1)
    held = 0
    with tempfile.TemporaryDirectory() as folder:
        app = run_app(Path(folder) / "app", TRUST_PROXY="1", WORKERS=workers)
        proxy = run_caddy(Path(folder) / "proxy", app.port) if args.proxy else None
        try:
            for count in (int(n) for n in args.tables.split(",")):
                figures = step(count, args.seconds, args.hand_every, app, proxy)
                report(count, args.seconds, figures)
                if not holds(figures):
                    break
                held = count
        finally:
            if proxy:
                proxy.stop()
            app.stop()
    print(f"Holds {held} tables ({4 * held} phones polling)" if held else "Holds no step")
    return 0


if __name__ == "__main__":
    sys.exit(main())
