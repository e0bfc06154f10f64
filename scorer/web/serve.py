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
    # The address of the default route: connecting a UDP socket only picks the route, it sends
    # nothing (192.0.2.1 is a documentation address).
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            found.add(probe.getsockname()[0])
        except OSError:
            pass
    return sorted(a for a in found if not a.startswith("127.") and a != "0.0.0.0")


def main() -> None:
    """Serve on HOST:PORT (default 0.0.0.0:5000)."""
    host = os.environ.get("HOST", "0.0.0.0")
    port = int(os.environ.get("PORT", "5000"))
    app = create_app()
    with app.app_context():
        migrate(get_db())
    if host in ("0.0.0.0", ""):
        print("Jass-Zähler läuft. Auf dem Handy im selben WLAN öffnen:", flush=True)
        for address in lan_addresses():
            print(f"    http://{address}:{port}/", flush=True)
        print(f"Auf diesem Rechner: http://localhost:{port}/", flush=True)
    else:
        print(f"Jass-Zähler läuft: http://{host}:{port}/", flush=True)
    serve(app, host=host, port=port)


if __name__ == "__main__":
    main()
