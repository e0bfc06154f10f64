"""A Host header the app cannot use (a label over 63 characters, a character no host name has,
a port past 65535) is refused with the app's own 400 in the phone's language.

Werkzeug cannot build a single URL for such a host: left alone, the error page itself failed
and waitress answered its plain English 500. So the request goes on under a stand-in host,
marked, and the app's first check refuses it; the error page's links are paths, which need no
host.
"""

from __future__ import annotations

import ipaddress
import re

from flask import Flask, request
from flask_babel import lazy_gettext
from werkzeug.exceptions import BadRequest

_LABEL = r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)"
_HOST = re.compile(
    rf"(?P<name>{_LABEL}(?:\.{_LABEL})*\.?|\[(?P<ip6>[0-9A-Fa-f:.]+)\])(?::(?P<port>[0-9]{{1,5}}))?"
)
MARK = "scorer.unusable_host"
STAND_IN = "localhost"


class UnusableHost(BadRequest):
    """The address names its server in a way no server can be named."""

    words = lazy_gettext(
        "Der Name des Servers in dieser Adresse ist ungültig. Bitte den Link so öffnen, wie er "
        "geteilt wurde."
    )


def usable(host: str) -> bool:
    """A host name of DNS labels (253 characters at most) or an IP address, with a port from 1
    to 65535 or none."""
    found = _HOST.fullmatch(host)
    if found is None or len(found["name"]) > 254:
        return False
    if found["port"] is not None and not 0 < int(found["port"]) < 65536:
        return False
    if found["ip6"] is not None:
        try:
            ipaddress.IPv6Address(found["ip6"])
        except ValueError:
            return False
    return True


class HostCheck:
    """WSGI middleware: a request whose Host the app cannot use goes on under a stand-in host,
    marked for refusal."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        host = environ.get("HTTP_HOST")
        if host is not None and not usable(host):
            environ[MARK] = host
            environ["HTTP_HOST"] = STAND_IN
        return self.app(environ, start_response)


def _refuse_unusable_host() -> None:
    if MARK in request.environ:
        raise UnusableHost()


def init_app(app: Flask) -> None:
    """The middleware, and its refusal as the app's first check."""
    app.wsgi_app = HostCheck(app.wsgi_app)
    app.before_request(_refuse_unusable_host)
