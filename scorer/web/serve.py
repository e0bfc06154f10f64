"""`make run`: migrate, then serve with waitress and say which address a phone can open."""

from __future__ import annotations

import os
import socket

from waitress import serve

from scorer.storage.migrations import migrate
from scorer.web import create_app
from scorer.web.db import get_db


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, as the network sees them."""
    found = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(info[4][0])
    except OSError:
        pass
    return sorted(a for a in found if not a.startswith("127."))


def main() -> None:
    """Serve on HOST:PORT (default 0.0.0.0:5000)."""
    host = os.environ.get("HOST", "0.0.0.0")
    port = int(os.environ.get("PORT", "5000"))
    app = create_app()
    with app.app_context():
        migrate(get_db())
    if host in ("0.0.0.0", ""):
        shown = lan_addresses() or ["localhost"]
    else:
        shown = [host]
    print("Jass-Zähler läuft. Auf dem Handy im selben WLAN öffnen:", flush=True)
    for address in shown:
        print(f"    http://{address}:{port}/", flush=True)
    serve(app, host=host, port=port)


if __name__ == "__main__":
    main()
