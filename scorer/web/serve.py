"""`make run`: migrate, then serve with waitress and say which address a phone can open.

Waitress runs the app in one process, so Python's lock keeps it to one core; a Friday night
needs them all. The server binds its socket once and forks a waitress per core (WORKERS, by
default the number of cores) that all take connections from it. SQLite in WAL mode serves
them together: readers never wait, writers queue for a moment.

Behind a reverse proxy (TRUST_PROXY, docs/deploy.md) waitress believes that proxy alone about
the phone's address, the scheme and the host (X-Forwarded-For, -Proto, -Host), and drops those
headers from anyone else.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import socket
import sys
from collections.abc import Callable

from flask import has_request_context, request
from flask.logging import default_handler
from waitress import create_server

from scorer.storage.migrations import migrate
from scorer.web import create_app
from scorer.web.core.network import lan_addresses
from scorer.web.db import forget, get_db

# App threads per worker: one, and one process a core, served more hands a second with a lower
# p99 than two or four threads taking turns at Python's lock (docs/performance.md). A slow
# request (an export) holds its process meanwhile: THREADS=2 if that matters more.
THREADS = 1


def calm_collector() -> None:
    """What the started app holds (its libraries, routes and rules) lives as long as the
    process: frozen out of the cycle collector's sight, so that its full collections look only
    at what came after, a far shorter pause for every request waiting in the worker's queue
    (docs/performance.md)."""
    gc.collect()
    gc.freeze()


def trusted_proxy(setting: str) -> dict:
    """Waitress's settings for TRUST_PROXY: "1" a proxy on this machine (127.0.0.1, as
    deploy/Caddyfile runs it), an address a proxy there; "" or "0" none. Only the one proxy's
    forwarded headers count, one hop deep: a phone that sends its own is not believed."""
    if setting in ("", "0"):
        return {}
    return {
        "trusted_proxy": "127.0.0.1" if setting == "1" else setting,
        "trusted_proxy_count": 1,
        "trusted_proxy_headers": {"x-forwarded-for", "x-forwarded-proto", "x-forwarded-host"},
        "clear_untrusted_proxy_headers": True,
    }


class RequestFormatter(logging.Formatter):
    """The app's log lines (a fault's traceback) with the phone's address and the request: the
    address waitress took from the trusted proxy, not the proxy's own."""

    def format(self, record: logging.LogRecord) -> str:
        if has_request_context():
            record.request = f"{request.remote_addr} {request.method} {request.full_path}"
        else:
            record.request = "-"
        return super().format(record)


def log_requests() -> None:
    """Flask's log handler (stderr: the journal under systemd) names the request."""
    default_handler.setFormatter(
        RequestFormatter("[%(asctime)s] %(levelname)s %(request)s: %(message)s")
    )


def serve_forked(
    make_app: Callable,
    sock: socket.socket,
    workers: int,
    threads: int = THREADS,
    proxy: dict | None = None,
) -> None:
    """Serve `make_app()` on the bound socket from `workers` processes, until a signal (or the
    end of every worker) stops them all. `proxy`: waitress's settings for a trusted proxy."""
    children = []
    for _ in range(max(1, workers)):
        pid = os.fork()
        if pid == 0:  # a worker: its own app, its own connections
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            try:
                app = make_app()
                calm_collector()
                # poll(), not select(): select() fails on a descriptor past 1023, and a busy
                # evening (or a long test run in one process) opens that many.
                # create_server, not serve(): main() says where it listens, in the phone's
                # words, and serve() would print it again unless told by a private flag.
                create_server(
                    app, sockets=[sock], threads=threads, asyncore_use_poll=True, **(proxy or {})
                ).run()
            finally:
                os._exit(0)
        children.append(pid)

    def stop(signum, _frame):
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for pid in children:  # gone before the server says it is
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
        sys.exit(0 if signum == signal.SIGTERM else 130)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for pid in children:
        os.waitpid(pid, 0)


def listen(host: str, port: int) -> socket.socket:
    """The listening socket the workers share."""
    sock = socket.create_server((host, port), backlog=1024)
    sock.set_inheritable(True)
    return sock


def main() -> None:
    """Serve on HOST:PORT (default 0.0.0.0:5000; PORT=0: a free port, printed) from WORKERS
    processes (default: one a core) of THREADS app threads each (default 1), behind the proxy
    TRUST_PROXY names."""
    host = os.environ.get("HOST", "0.0.0.0")
    workers = int(os.environ.get("WORKERS") or os.cpu_count() or 1)
    threads = int(os.environ.get("THREADS") or THREADS)
    proxy = trusted_proxy(os.environ.get("TRUST_PROXY", ""))
    log_requests()
    app = create_app()
    with app.app_context():
        migrate(get_db())
    forget()
    sock = listen(host, int(os.environ.get("PORT", "5000")))
    port = sock.getsockname()[1]
    if host in ("0.0.0.0", ""):
        print("Jass-Zähler läuft. Auf dem Handy im selben WLAN öffnen:", flush=True)
        for address in lan_addresses():
            print(f"    http://{address}:{port}/", flush=True)
        print(f"Auf diesem Rechner: http://localhost:{port}/", flush=True)
    else:
        print(f"Jass-Zähler läuft: http://{host}:{port}/", flush=True)
    if proxy:
        print(f"Hinter dem Proxy auf {proxy['trusted_proxy']} (TRUST_PROXY)", flush=True)
    serve_forked(create_app, sock, workers, threads, proxy)


if __name__ == "__main__":
    main()
