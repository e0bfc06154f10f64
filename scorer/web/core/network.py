"""This machine's addresses in the network: what `make run` prints, and what a page opened as
localhost shares in its links, so that a phone on the same Wi-Fi can open them."""

from __future__ import annotations

import socket


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
