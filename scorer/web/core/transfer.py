"""What goes over the pub's Wi-Fi: compressed, cached where it never changes, kept by no cache
but the phone's own where it holds a key, and with the headers that keep a page from being
framed, sniffed or fed foreign script."""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
import re
import zlib
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from flask import Flask, Response, current_app, request, url_for

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
SHORT = 16 * 1024  # an answer's bytes below which it is compressed quickly (level 1)
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
def _lean(data: bytes, kind: str) -> bytes:
    """Our own scripts and styles without what is for whoever reads the source, not for the
    phone (a quarter of their bytes): in a script every // comment, on a line of its own or
    after the code, blank lines and indentation; in a style sheet every /* */ comment, and runs
    of white space as one space, none around braces and semicolons. Vendored files (htmx) go as
    they are."""
    if kind == "text/css":
        css = re.sub(rb"\s+", b" ", re.sub(rb"/\*.*?\*/", b"", data, flags=re.S))
        return re.sub(rb" ?([{};]) ?", rb"\1", css).strip()
    lines = (_code(line.strip()) for line in data.split(b"\n"))
    return b"\n".join(line for line in lines if line)


def _code(line: bytes) -> bytes:
    """A script's line without its comment: "// " (a space on each side, as we write one
    after code) where no string is open before it, every kind of quote before it paired."""
    if line.startswith(b"//"):
        return b""
    cut = line.find(b" // ")
    while cut >= 0:
        if all(line[:cut].count(q) % 2 == 0 for q in (b'"', b"'", b"`")):
            return line[:cut].rstrip()
        cut = line.find(b" // ", cut + 1)
    return line


@lru_cache(maxsize=64)
def _gzipped(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def finish(response: Response) -> Response:
    """Headers every answer gets; static files cached for good; text compressed."""
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CSP)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "same-origin")
    headers.setdefault("X-Frame-Options", "DENY")
    if request.endpoint == "static" and request.args.get("v") and response.status_code == 200:
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
        response.cache_control.no_cache = None
    elif request.endpoint not in KEYLESS:
        _private(response)
    if (
        request.endpoint == "static"
        and response.status_code == 200
        and response.mimetype in LEAN
        and not (request.view_args or {}).get("filename", "").startswith("htmx")
    ):
        response.direct_passthrough = False
        response.set_data(_lean(response.get_data(), response.mimetype))
    _compress(response)
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


def _compress(response: Response) -> None:
    """Gzip a text answer for a client that takes it (about a quarter of the bytes)."""
    response.vary.add("Accept-Encoding")
    if (
        response.status_code < 200
        or response.status_code in (204, 206, 304)
        or response.mimetype not in COMPRESSIBLE
        or "Content-Encoding" in response.headers
        or "gzip" not in request.headers.get("Accept-Encoding", "").lower()
    ):
        return
    if response.is_streamed and not response.direct_passthrough:
        return
    response.direct_passthrough = False
    data = response.get_data()
    if len(data) < 512:
        return
    # Static files are the same bytes every time: compress each once. A short answer (an
    # entry's, a poll's) quickly, for a tenth more of its few bytes; a page, loaded once by
    # a phone on the pub's Wi-Fi, as small as gzip makes it (a long game's page of 84 KB:
    # 0.5 ms more than at level 6, for 2 % fewer bytes).
    if request.endpoint == "static":
        body = _gzipped(data)
    elif len(data) < SHORT:
        body = packed_quickly(data)
    else:
        body = gzip.compress(data, 9, mtime=0)
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    etag, weak = response.get_etag()
    if etag:
        response.set_etag(etag, weak=True)


def packed_quickly(data: bytes) -> bytes:
    """A short answer gzipped at level 1, with a window just large enough to reach back to its
    first byte (deflate keeps 262 bytes of the window for looking ahead) and a smaller hash
    table: zlib's defaults (a 32 KB window, memLevel 8) set up and walk memory an 8 KB answer
    never uses, two thirds of the time it took (an entry's answer: 28 µs instead of 86 µs,
    5 bytes more of 2,243)."""
    bits = min(15, max(10, (len(data) + 261).bit_length()))
    packer = zlib.compressobj(1, zlib.DEFLATED, 16 + bits, 5)  # 16+: a gzip header
    return packer.compress(data) + packer.flush()


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
    """Install the headers, compression and the template helpers."""
    app.after_request(finish)
    app.add_template_global(static_url)
    app.add_template_global(new_token)
    app.add_template_global(phone_name)
