"""What goes over the wire: security headers on every answer, no inline script or style in any
page, cookies that stay on this site, a secret kept private, compression, static files cached
for good, and a first load small enough for a pub's Wi-Fi."""

from __future__ import annotations

import gzip
import os
import re
import shutil
import sqlite3
import stat
from pathlib import Path

import brotli
import pytest
import rcssmin
import rjsmin
from backports import zstd
from jinja2 import StrictUndefined

import scorer.web
from scorer import create_app
from scorer.storage.migrations import migrate
from scorer.web import _secret_key
from scorer.web.core.transfer import lean
from scorer.web.db import get_db
from tests.conftest import by_number, new_game_form

SCHIEBER, HANDJASS, DECIDED = 1, 2, 3
PLAYERS = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}
HX = {"HX-Request": "true"}
YEAR = 31536000
STATIC = Path(scorer.web.__file__).resolve().parents[2] / "static"


def make_app(database: Path, **config):
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(database),
            "SECRET_KEY": "headers",
            "WTF_CSRF_ENABLED": False,
            "PROPAGATE_EXCEPTIONS": False,
            **config,
        }
    )
    by_number(app)
    app.jinja_env.undefined = StrictUndefined
    return app


@pytest.fixture(scope="module")
def template_db(tmp_path_factory) -> Path:
    """1 a Schieber game of a few hands (Weis declared, one hand edited), 2 a Handjass game of
    two deals, 3 a decided Schieber game."""
    path = tmp_path_factory.mktemp("headers") / "template.db"
    app = make_app(path)
    with app.app_context():
        migrate(get_db())
    client = app.test_client()
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    declared = {"contract": "rosen", "d0": "four:U", "d1": "run:eicheln:A:3", "action": "write"}
    assert client.post(f"/games/{SCHIEBER}/weis", data=declared).status_code == 303
    for contract, points, team in [("rosen", 90, 0), ("schellen", 60, 1), ("obenabe", 100, 0)]:
        hand = {"contract": contract, "points": str(points), "points_team": str(team)}
        assert client.post(f"/games/{SCHIEBER}/hands", data=hand).status_code == 303
    edit = {"contract": "schellen", "points": "70", "points_team": "1"}
    assert client.post(f"/games/{SCHIEBER}/hands/2", data=edit).status_code == 303
    assert client.post("/handjass/new", data=PLAYERS).status_code == 303
    for cards in [(60, 50, 25, 22), (57, 48, 30, 22)]:
        deal = {"trump": "rosen", **{f"cards{s}": str(c) for s, c in enumerate(cards)}}
        assert client.post(f"/handjass/{HANDJASS}/deals", data=deal).status_code == 303
    assert client.post("/games/new", data=new_game_form(preset="custom", target="1000")).status_code
    for _ in range(2):
        match = {"contract": "obenabe", "match": "y", "points_team": "0"}
        assert client.post(f"/games/{DECIDED}/hands", data=match).status_code == 303
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return path


@pytest.fixture
def client(tmp_path, template_db):
    path = tmp_path / "headers.db"
    shutil.copyfile(template_db, path)
    client = make_app(path).test_client()
    client.get("/")  # this browser has its device cookie: later pages name the same phone
    return client


S, HJ = f"/games/{SCHIEBER}", f"/handjass/{HANDJASS}"
# Every kind of page, as a browser gets it (GET) or after a post that shows it again.
PAGES = [
    ("GET", "/", None, None),
    ("GET", "/games/new", None, None),
    ("GET", "/games/new/rules?deck=french&changed=deck", None, HX),
    ("GET", "/handjass/new", None, None),
    ("GET", "/games/import", None, None),
    ("GET", "/phone", None, None),
    ("GET", S, None, None),
    ("GET", S, None, HX),
    ("GET", f"{S}/weis", None, None),
    ("GET", f"{S}/claim", None, None),
    ("GET", f"{S}/hands/1", None, None),
    ("GET", f"{S}/hands/2", None, None),
    ("GET", f"{S}/changes", None, None),
    ("GET", f"/games/{DECIDED}", None, None),
    ("GET", HJ, None, None),
    ("GET", HJ, None, HX),
    ("GET", f"{HJ}/deals/1", None, None),
    ("GET", f"/games/{HANDJASS}/changes", None, None),
    ("GET", "/games/99", None, None),
    ("GET", "/rueckblick", None, None),
    ("GET", "/rueckblick?art=schieber&spieler=Anna", None, None),
    ("GET", f"{S}/verlauf", None, None),
    ("GET", f"/games/{HANDJASS}/verlauf", None, None),
    ("GET", f"{S}/undo", None, HX),
    ("POST", f"{S}/weis", {"contract": "rosen", "d0": "four:U", "d2": "four:9"}, None),
    ("POST", f"{S}/weis", {"contract": "rosen", "action": "find:0", "cards0": "rosen:O"}, HX),
    ("POST", f"{S}/hands", {"contract": "rosen", "points": "158"}, None),
    ("POST", f"{S}/claim", {"claim_team": "0", "contract": "rosen"}, None),
    ("POST", "/games/new", new_game_form(seat1=""), None),
    (
        "POST",
        f"{HJ}/deals",
        {"trump": "rosen", "cards0": "60", "cards1": "40", "cards2": "40", "cards3": "17"},
        None,
    ),
    ("POST", "/handjass/new", {"seat1": "Anna"}, None),
]
PAGE_IDS = [f"{m} {u}{' htmx' if h else ''}{' form' if d else ''}" for m, u, d, h in PAGES]


def fetch(client, method, url, data=None, headers=None):
    response = client.open(url, method=method, data=data, headers=headers)
    response.get_data()
    response.close()
    return response


@pytest.mark.parametrize(("method", "url", "data", "headers"), PAGES, ids=PAGE_IDS)
def test_every_page_has_the_security_headers(client, method, url, data, headers):
    response = fetch(client, method, url, data, headers)
    assert response.status_code < 500
    csp = response.headers["Content-Security-Policy"]
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    assert "frame-ancestors 'none'" in csp
    assert "default-src 'self'" in csp
    assert re.search(r"script-src 'self'(;|$)", csp)
    assert re.search(r"worker-src 'self'(;|$)", csp)  # the service worker, from /sw.js
    assert re.search(r"manifest-src 'self'(;|$)", csp)
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] in ("same-origin", "no-referrer", "strict-origin")


def test_exports_and_static_files_have_the_security_headers_too(client):
    urls = (f"{S}/export.json", "/static/app.css", "/static/app.js", "/nowhere", "/sw.js")
    urls += ("/rueckblick.csv",)
    for url in (*urls, "/manifest.webmanifest"):
        response = fetch(client, "GET", url)
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"], url
        assert response.headers["X-Content-Type-Options"] == "nosniff", url


INLINE = {
    "style attribute": re.compile(r"<[^>]*\sstyle\s*=", re.IGNORECASE),
    "style element": re.compile(r"<style[\s>]", re.IGNORECASE),
    "event handler": re.compile(r"<[^>]*\s(?:on[a-z]+|hx-on[:\w-]*)\s*=", re.IGNORECASE),
    "inline script": re.compile(r"<script(?![^>]*\ssrc=)[^>]*>", re.IGNORECASE),
    "script body": re.compile(r"<script[^>]*>[^<]+</script>", re.IGNORECASE),
    "javascript URL": re.compile(r"""(?:href|src|action)\s*=\s*["']?\s*javascript:""", re.I),
}


@pytest.mark.parametrize(("method", "url", "data", "headers"), PAGES, ids=PAGE_IDS)
def test_no_page_has_inline_script_or_style(client, method, url, data, headers):
    page = fetch(client, method, url, data, headers).get_data(as_text=True)
    for what, pattern in INLINE.items():
        found = pattern.search(page)
        assert found is None, f"{what}: {found.group(0)[:120] if found else ''}"


# --- cookies --------------------------------------------------------------------------------


def set_cookies(response) -> dict[str, str]:
    """Each cookie the answer sets, by name, with its attributes."""
    cookies = {}
    for header in response.headers.getlist("Set-Cookie"):
        cookies[header.split("=", 1)[0]] = header
    return cookies


def attributes(header: str) -> set[str]:
    return {part.strip().lower() for part in header.split(";")[1:]}


@pytest.fixture
def strict_app(tmp_path, template_db):
    """Build an app with CSRF on (forms put their token in the session). Behind a proxy the
    forwarded scheme comes from waitress (tests/deploy/test_real_server.py)."""

    def build():
        path = tmp_path / "strict.db"
        shutil.copyfile(template_db, path)
        return make_app(path, WTF_CSRF_ENABLED=True)

    return build


def test_the_session_cookie_is_httponly_and_samesite_lax(strict_app):
    response = fetch(strict_app().test_client(), "GET", "/games/new")
    session = set_cookies(response)["session"]
    assert {"httponly", "samesite=lax"} <= attributes(session)
    assert "secure" not in attributes(session)  # plain HTTP on the table's own network


def test_a_forwarded_proto_is_not_the_apps_to_believe(strict_app):
    """Only waitress, told which proxy to trust, turns X-Forwarded-Proto into the scheme."""
    client = strict_app().test_client()
    response = fetch(client, "GET", "/games/new", headers={"X-Forwarded-Proto": "https"})
    assert "secure" not in attributes(set_cookies(response)["session"])


def test_the_session_cookie_is_secure_over_https(strict_app):
    client = strict_app().test_client()
    response = fetch(client, "GET", "https://localhost/games/new")
    assert "secure" in attributes(set_cookies(response)["session"])


def test_the_session_cookie_goes_out_when_it_changed_not_with_every_answer(strict_app):
    """The session (the CSRF token, this phone's games) is signed and sent when it changes; a
    page that changes nothing in it sets no cookie (a year from its last change)."""
    client = strict_app().test_client()
    form = fetch(client, "GET", "/games/new")
    assert "session" in set_cookies(form)  # the CSRF token is new
    again = fetch(client, "GET", "/games/new")
    assert "session" not in set_cookies(again)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form.get_data(True))
    created = fetch(client, "POST", "/games/new", {**new_game_form(), "csrf_token": token[1]})
    assert created.status_code == 303
    assert "session" in set_cookies(created)  # the new game joins this phone's list
    assert "session" not in set_cookies(fetch(client, "GET", created.headers["Location"]))


def test_every_cookie_set_over_https_is_secure(strict_app):
    """The device id and the phone's name too: over HTTPS no cookie may travel in clear."""
    client = strict_app().test_client()
    page = fetch(client, "GET", "https://localhost/phone")
    token = re.search(
        r'name="csrf_token" type="hidden" value="([^"]+)"', page.get_data(as_text=True)
    )
    referred = {"Referer": "https://localhost/phone"}  # CSRF over HTTPS wants it
    named = fetch(
        client,
        "POST",
        "https://localhost/phone",
        {"name": "Anna", "csrf_token": token.group(1)},
        referred,
    )
    assert named.status_code == 303
    cookies = {**set_cookies(page), **set_cookies(named)}
    assert {"session", "device", "phone"} <= set(cookies)
    for name, header in cookies.items():
        assert {"httponly", "samesite=lax", "secure"} <= attributes(header), name


# --- the secret key -------------------------------------------------------------------------


def test_the_instance_secret_is_made_once_and_readable_only_by_its_owner(tmp_path):
    old = os.umask(0)  # whatever the umask, the file is private
    try:
        key = _secret_key(tmp_path)
    finally:
        os.umask(old)
    path = tmp_path / "secret_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert re.fullmatch(r"[0-9a-f]{64}", key)
    assert _secret_key(tmp_path) == key


@pytest.fixture
def elsewhere(tmp_path, monkeypatch) -> Path:
    """create_app(None) on a copy of the project's layout in tmp_path: its instance folder is
    tmp_path/instance, never the repository's; its templates are the repository's (the app
    reads the shared macros when it is made)."""
    root = tmp_path / "project"
    root.mkdir()
    (root / "templates").symlink_to(Path(scorer.web.__file__).resolve().parents[2] / "templates")
    monkeypatch.setattr(scorer.web, "__file__", str(root / "scorer" / "web" / "__init__.py"))
    monkeypatch.delenv("SECRET_KEY", raising=False)
    return root / "instance"


def test_secret_key_from_the_environment_wins(elsewhere, monkeypatch):
    elsewhere.mkdir(parents=True)
    (elsewhere / "config.py").write_text('SECRET_KEY = "from-config"\n')
    monkeypatch.setenv("SECRET_KEY", "from-environment")
    app = create_app(None)
    assert Path(app.instance_path) == elsewhere
    assert app.config["SECRET_KEY"] == "from-environment"
    assert not (elsewhere / "secret_key").exists()


def test_secret_key_from_the_instance_config_comes_next(elsewhere):
    elsewhere.mkdir(parents=True)
    (elsewhere / "config.py").write_text('SECRET_KEY = "from-config"\n')
    assert create_app(None).config["SECRET_KEY"] == "from-config"
    assert not (elsewhere / "secret_key").exists()


def test_without_a_secret_key_the_instance_makes_its_own(elsewhere):
    key = create_app(None).config["SECRET_KEY"]
    path = elsewhere / "secret_key"
    assert path.read_text().strip() == key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert create_app(None).config["SECRET_KEY"] == key  # the same after a restart


# --- compression and caching ----------------------------------------------------------------


def without_tokens(page: str) -> str:
    """The page without its one-time and CSRF tokens, which are new on every render (a CSRF
    token carries the second it was signed)."""
    page = re.sub(r'name="once" value="[^"]*"', 'name="once"', page)
    return re.sub(r'name="csrf_token" type="hidden" value="[^"]*"', 'name="csrf_token"', page)


UNPACK = {
    "gzip": gzip.decompress,
    "br": brotli.decompress,
    "zstd": lambda data: zstd.decompress(data),
}


@pytest.mark.parametrize("url", ["/", S, HJ, f"{S}/weis", f"{S}/changes", f"{S}/export.json"])
@pytest.mark.parametrize(
    ("takes", "packed_as"),
    # Brotli first where taken (it packs our pages and htmx smallest), then zstd.
    [
        ("gzip", "gzip"),
        ("gzip, deflate, br", "br"),
        ("gzip, deflate, br, zstd", "br"),
        ("gzip, zstd", "zstd"),
    ],
)
def test_answers_are_compressed_as_the_browser_takes_them(client, url, takes, packed_as):
    plain = fetch(client, "GET", url)
    packed = fetch(client, "GET", url, headers={"Accept-Encoding": takes})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == packed_as
    assert "Accept-Encoding" in packed.headers["Vary"]
    body = packed.get_data()
    assert int(packed.headers["Content-Length"]) == len(body)
    assert len(body) < len(plain.get_data()) / 2
    unpacked = UNPACK[packed_as](body).decode()
    assert without_tokens(unpacked) == without_tokens(plain.get_data(as_text=True))


def test_a_board_unchanged_since_a_packed_poll_is_a_304(client):
    """The poll's tag is weak: the same board however it was packed."""
    asked = {"Accept-Encoding": "gzip, deflate, br"}
    first = fetch(client, "GET", f"{S}?teil=tafel", headers=asked)
    assert first.status_code == 200 and first.headers["Content-Encoding"] == "br"
    again = fetch(
        client, "GET", f"{S}?teil=tafel", headers={**asked, "If-None-Match": first.headers["ETag"]}
    )
    assert again.status_code == 304


def static_urls(page: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', page)


@pytest.mark.parametrize("url", ["/", S, HJ, "/games/new", "/games/99"])
def test_static_files_carry_a_fingerprint_and_are_cached_for_a_year(client, url):
    linked = static_urls(fetch(client, "GET", url).get_data(as_text=True))
    assert len(linked) >= 4  # icon, style, htmx, app.js
    for link in linked:
        assert re.search(r"\?v=[0-9a-f]{6,}$", link), link
        response = fetch(client, "GET", link.replace("&amp;", "&"))
        assert response.status_code == 200, link
        control = response.headers["Cache-Control"]
        assert f"max-age={YEAR}" in control and "immutable" in control, (link, control)
        assert "no-cache" not in control


OURS = sorted(
    p.name for p in STATIC.glob("*.*s") if p.suffix in (".js", ".css") and "htmx" not in p.name
)


@pytest.mark.parametrize("name", OURS)
def test_our_scripts_and_styles_go_lean(client, name):
    """Without their comments and indentation, by rjsmin and rcssmin (the browser tests run
    every script as sent)."""
    source = (STATIC / name).read_bytes()
    sent = fetch(client, "GET", f"/static/{name}").get_data()
    kind = "text/css" if name.endswith(".css") else "text/javascript"
    assert (
        sent
        == lean(source, kind)
        == (rcssmin.cssmin if kind == "text/css" else rjsmin.jsmin)(source)
    )
    assert len(sent) < (0.75 if name in ("app.css", "app.js", "queue.js") else 1) * len(source)


def test_htmx_goes_byte_for_byte_as_vendored(client):
    name = next(p.name for p in STATIC.glob("htmx-*.min.js"))
    assert fetch(client, "GET", f"/static/{name}").get_data() == (STATIC / name).read_bytes()


def test_a_static_file_without_its_fingerprint_is_not_cached_for_good(client):
    response = fetch(client, "GET", "/static/app.css")
    assert "immutable" not in response.headers.get("Cache-Control", "")


def first_loaded(page: str) -> list[str]:
    """What a browser fetches with a page (as bench/weight.py counts it): its stylesheets, the
    print one too, scripts, icons and the manifest; not the apple-touch-icon, which Safari
    fetches only when the page is added to the home screen, and no other browser at all."""
    found = re.findall(r'<(?:link|script|img)\b[^>]*?\b(?:href|src)="(/[^"]*)"', page)
    touch = re.findall(r'<link rel="apple-touch-icon" href="(/[^"]*)"', page)
    return [url.replace("&amp;", "&") for url in found if url not in touch]


def test_the_first_load_of_a_game_page_is_under_40_kb_compressed(client, capsys):
    gz = {"Accept-Encoding": "gzip"}
    page = fetch(client, "GET", S, headers=gz)
    sizes = {S: len(page.get_data())}
    for link in first_loaded(gzip.decompress(page.get_data()).decode()):
        sizes[link] = len(fetch(client, "GET", link, headers=gz).get_data())
    total = sum(sizes.values())
    with capsys.disabled():
        listed = ", ".join(f"{url.split('?')[0]} {size / 1024:.1f}" for url, size in sizes.items())
        print(f"\nfirst load of a game page: {total / 1024:.1f} KB compressed ({listed})")
    assert total < 40 * 1024


TEMPLATE_ROOT = Path(__file__).resolve().parents[2] / "templates"
TEMPLATES = sorted(TEMPLATE_ROOT.rglob("*.*"))


@pytest.mark.parametrize(
    "template", TEMPLATES, ids=[str(t.relative_to(TEMPLATE_ROOT)) for t in TEMPLATES]
)
def test_no_template_source_has_inline_script_or_style(template):
    """Also the branches the rendered pages above do not reach."""
    source = re.sub(r"{#.*?#}", "", template.read_text(encoding="utf-8"), flags=re.DOTALL)
    for what, pattern in INLINE.items():
        found = pattern.search(source)
        assert found is None, f"{what}: {found.group(0)[:120] if found else ''}"
