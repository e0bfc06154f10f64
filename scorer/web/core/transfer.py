"""What goes over the pub's Wi-Fi: compressed, cached where it never changes, kept by no cache
but the phone's own where it holds a key, and with the headers that keep a page from being
framed, sniffed or fed foreign script."""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

import rcssmin
import rjsmin
from flask import Flask, Response, current_app, request, url_for
from flask_compress import Compress

from scorer.web.core.phone import phone_name
from scorer.web.core.writes import new_token

COMPRESSIBLE = {
    "text/html",
    "text/css",
    "text/plain",
    "application/json",
    "application/javascript",
    "text/javascript",
    "image/svg+xml",
    "application/manifest+json",
}
LEAN = {"text/css", "text/javascript", "application/javascript"}  # sent without comments
YEAR = 365 * 24 * 3600
# Answers that hold no key, the same for every phone: any cache may keep them.
KEYLESS = {"static", "phone_app.service_worker", "phone_app.manifest"}
# Nothing inline: every script and style comes from this server's own files; so do the service
# worker and the manifest (named although default-src covers them: a reader sees they are meant).
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'self'; "
    "object-src 'none'; worker-src 'self'; manifest-src 'self'"
)


@lru_cache(maxsize=64)
def _fingerprint(path: str, mtime: float) -> str:
    return hashlib.blake2s(Path(path).read_bytes(), digest_size=5).hexdigest()


def static_url(filename: str) -> str:
    """The URL of a static file with its content's fingerprint: cached for a year, and a new
    URL as soon as the file changes."""
    path = Path(current_app.static_folder) / filename
    version = _fingerprint(str(path), path.stat().st_mtime)
    return url_for("static", filename=filename, v=version)


@lru_cache(maxsize=64)
def lean(data: bytes, kind: str) -> bytes:
    """Our own scripts and styles without what is for whoever reads the source, not for the
    phone (comments, indentation: a third of their bytes), by rjsmin and rcssmin. Vendored
    files (htmx) go as they are."""
    if kind == "text/css":
        return rcssmin.cssmin(data)
    return rjsmin.jsmin(data)


def finish(response: Response) -> Response:
    """Headers every answer gets; static files cached for good, our scripts and styles lean.
    Flask-Compress compresses after this (transfer.init_app installs it first)."""
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CSP)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "same-origin")
    headers.setdefault("X-Frame-Options", "DENY")
    static = request.endpoint == "static" and response.status_code == 200
    if static and request.args.get("v"):
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
        response.cache_control.no_cache = None
    elif request.endpoint not in KEYLESS:
        _private(response)
    if static and response.mimetype in COMPRESSIBLE:
        # Read whole (a file is sent streamed): Flask-Compress then packs it once, and keeps it.
        response.direct_passthrough = False
        data = response.get_data()
        filename = (request.view_args or {}).get("filename", "")
        if response.mimetype in LEAN and not filename.startswith("htmx"):
            data = lean(data, response.mimetype)
        response.set_data(data)
    return response


def _private(response: Response) -> None:
    """Every answer of the app itself may hold a key (a game's page and its share page, a watch
    link, a leader's or a table's page, an export; the start page lists this phone's games):
    never kept by a shared cache, and asked for again each time by the phone's own. No-cache
    and not no-store, so that a poll still comes back with its ETag and gets its 304 (and the
    service worker, which keeps pages in its own cache, keeps them all the same)."""
    response.cache_control.private = True
    if not response.cache_control.no_store:
        response.cache_control.no_cache = True


class StaticPacked:
    """Flask-Compress's cache (its CacheBackend): the packed bytes of static files, the same
    for every request of a file's version; nothing else is kept (every page is its own)."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def get(self, key: str) -> bytes | None:
        return self.kept.get(key)

    def set(self, key: str, value: bytes) -> None:
        if "/static/" in key and "v=" in key and len(self.kept) < 256:
            self.kept[key] = value


def _packed_key(asked) -> str:
    """What names an answer's packed bytes for StaticPacked: a static file's path with its
    version (?v=, its content's fingerprint); a page's key is never kept."""
    return asked.full_path


def attachment(body: str, mimetype: str, name: str) -> Response:
    """A file to download under its name: an export, a spreadsheet."""
    disposition = f'attachment; filename="{name}"'
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": disposition})


# What makes a spreadsheet read a cell as a formula (OWASP, "CSV injection").
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def cell(value):
    """A cell as a spreadsheet must read it: text that would start a formula (a team called
    '=HYPERLINK(...)') begins with an apostrophe, which shows it as the text it is. Numbers
    stay numbers, a negative one too."""
    if isinstance(value, str) and value.startswith(FORMULA):
        return "'" + value
    return value


def csv_file(rows: Iterable[list], name: str) -> Response:
    """Rows as a CSV file, with the byte order mark, so that spreadsheets read the umlauts."""
    out = io.StringIO()
    out.write("\ufeff")
    csv.writer(out).writerows([cell(v) for v in row] for row in rows)
    return attachment(out.getvalue(), "text/csv", name)


def init_app(app: Flask) -> None:
    """Install compression (Flask-Compress: zstd, Brotli or gzip, as the phone takes them),
    then the headers, which run first (Flask runs what was installed last first), and the
    template helpers."""
    app.config.setdefault("COMPRESS_MIMETYPES", sorted(COMPRESSIBLE))
    app.config.setdefault("COMPRESS_CACHE_BACKEND", StaticPacked)
    app.config.setdefault("COMPRESS_CACHE_KEY", _packed_key)
    app.config.setdefault("COMPRESS_STREAMS", False)
    # Brotli first where the phone takes it, and both above the library's defaults: a hundred
    # hands' page and htmx pack smaller for a millisecond more (docs/performance.md).
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "zstd", "gzip", "deflate"])
    app.config.setdefault("COMPRESS_ZSTD_LEVEL", 9)
    app.config.setdefault("COMPRESS_BR_LEVEL", 6)
    Compress(app)
    app.after_request(finish)
    app.add_template_global(static_url)
    app.add_template_global(new_token)
    app.add_template_global(phone_name)
