"""The scorer as an app on the phone, as the server gives it: the manifest, the service worker
at the site root, the icons, and the head of every page that links them."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import struct
from pathlib import Path

import pytest

from scorer.web import phone_app
from tests.conftest import new_game_form

STATIC = Path(__file__).resolve().parents[2] / "static"


def get(client, url: str, **headers):
    """An answer read whole and closed (a static file's answer holds the file open)."""
    response = client.get(url, headers=headers)
    response.get_data()
    response.close()
    return response


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_service_worker_comes_from_the_root_as_script_and_is_asked_for_each_time(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.mimetype_params["charset"] == "utf-8"
    assert response.headers["Cache-Control"] == "no-cache"
    assert "Content-Security-Policy" in response.headers
    script = response.get_data(as_text=True)
    assert script.startswith("// The service worker")
    assert 'const STATIC = "/static/";' in script
    assert 'url.searchParams.get("teil") === "tafel"' in script
    # No template syntax left over, and a cache name with the shell's version.
    assert "{{" not in script and "{%" not in script
    assert re.search(r'const SHELL_CACHE = "jass-shell-[0-9a-f]{10}";', script)


def test_the_worker_keeps_every_style_sheet_script_and_svg_by_its_fingerprint(client):
    script = client.get("/sw.js").get_data(as_text=True)
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", script).group(1))
    expected = sorted(p.name for p in STATIC.iterdir() if p.suffix in (".css", ".js", ".svg"))
    assert [url.split("?")[0].removeprefix("/static/") for url in shell] == expected
    assert {"app.css", "app.js", "offline.js", "theme.js", "favicon.svg"} <= set(expected)
    for url in shell:
        assert re.search(r"\?v=[0-9a-f]{10}$", url), url
        assert get(client, url).status_code == 200, url
    page = client.get("/").get_data(as_text=True)
    for linked in re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"', page):
        assert linked in shell  # the very URL a page asks for is the one kept


def test_the_worker_is_new_when_a_static_file_changes(app, tmp_path):
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    app.static_folder = str(static)
    client = app.test_client()
    before = client.get("/sw.js").get_data(as_text=True)
    again = client.get("/sw.js").get_data(as_text=True)
    assert again == before
    (static / "app.css").write_text((static / "app.css").read_text() + "\n.x { color: red; }\n")
    after = client.get("/sw.js").get_data(as_text=True)

    def cache(script: str) -> str:
        return re.search(r'SHELL_CACHE = "([^"]+)"', script).group(1)

    assert cache(after) != cache(before)
    changed = [line for line in after.splitlines() if line not in before.splitlines()]
    assert any("app.css?v=" in line for line in changed)


def test_an_unchanged_worker_is_answered_304_also_gzipped(client):
    for headers in ({}, {"Accept-Encoding": "gzip"}):
        first = client.get("/sw.js", headers=headers)
        tag = first.headers["ETag"]
        if headers:
            assert first.headers["Content-Encoding"] == "gzip"
            assert gzip.decompress(first.get_data()).startswith(b"// The service worker")
        second = client.get("/sw.js", headers={**headers, "If-None-Match": tag})
        assert second.status_code == 304, headers
        assert second.get_data() == b""


def test_the_manifest(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    assert response.headers["Cache-Control"] == "no-cache"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["name"] == "Jass-Zähler"
    assert manifest["short_name"] == "Jass"
    assert manifest["start_url"] == "/"
    assert manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == manifest["background_color"] == "#26332d"
    assert manifest["lang"] == "de-CH"
    icons = {(i["sizes"], i["type"], i["purpose"]): i["src"] for i in manifest["icons"]}
    assert set(icons) == {
        ("any", "image/svg+xml", "any"),
        ("192x192", "image/png", "any"),
        ("512x512", "image/png", "any"),
        ("512x512", "image/png", "maskable"),
    }
    for (sizes, kind, _), src in icons.items():
        assert re.fullmatch(r"/static/[\w.-]+\?v=[0-9a-f]{10}", src), src
        icon = get(client, src)
        assert icon.status_code == 200, src
        assert icon.mimetype == kind, src
        if kind == "image/png":
            width, height = (int(n) for n in sizes.split("x"))
            assert png_size(icon.get_data()) == (width, height), src


@pytest.mark.parametrize("url", ["/", "/games/new", "/phone", "/games/1", "/games/1/changes"])
def test_every_page_links_the_manifest_icons_and_the_theme_before_its_style(client, url):
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    page = client.get(url).get_data(as_text=True)
    head = page[: page.index("</head>")]
    assert '<link rel="manifest" href="/manifest.webmanifest">' in head
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', head).group(1)
    assert png_size(get(client, touch).get_data()) == (180, 180)
    # theme.js runs before the style sheet is read, not deferred: the first paint is right.
    theme = re.search(r'<script src="/static/theme\.js\?v=\w+"></script>', head)
    style = re.search(r'<link rel="stylesheet" href="/static/app\.css', head)
    assert theme and style and theme.start() < style.start()
    worker = re.search(r'<script src="/static/offline\.js\?v=\w+" data-worker="([^"]+)"', head)
    assert worker.group(1) == "/sw.js"
    assert re.findall(r'<meta name="theme-color" content="(#\w+)" media="([^"]+)">', head) == [
        ("#26332d", "(prefers-color-scheme: light)"),
        ("#0b100d", "(prefers-color-scheme: dark)"),
    ]


def test_pages_of_a_game_ask_for_the_screen_to_stay_on_and_no_other(client):
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    game_pages = ["/games/1", "/games/1/changes", "/games/1/claim", "/games/1/weis"]
    for url in game_pages:
        assert "\n<body data-game>\n" in client.get(url).get_data(as_text=True), url
    for url in ["/", "/games/new", "/phone", "/handjass/new", "/games/99"]:
        assert "\n<body>\n" in client.get(url).get_data(as_text=True), url


def test_the_bar_colours_match_the_themes():
    """The manifest's colour is the light theme's bar; the metas name both bars of app.css."""
    css = (STATIC / "app.css").read_text()
    light = re.search(r":root \{(.*?)\n\}", css, re.DOTALL).group(1)
    dark = re.search(r':root\[data-theme="dark"\] \{(.*?)\n\}', css, re.DOTALL).group(1)
    assert re.search(r"--bar: (#\w+);", light).group(1) == phone_app.BAR == "#26332d"
    assert re.search(r"--bar: (#\w+);", dark).group(1) == "#0b100d"
    base = (STATIC.parent / "templates" / "base.html").read_text()
    assert 'content="#0b100d" media="(prefers-color-scheme: dark)"' in base


def custom_properties(block: str) -> dict[str, str]:
    return dict(re.findall(r"--([\w-]+):\s*([^;]+);", block))


def test_both_themes_give_every_colour_a_value_of_its_own():
    """Each colour the style sheets use is declared once for the light theme with a value (not
    a reference to itself), and the dark theme declares only colours the light one has."""
    css = (STATIC / "app.css").read_text()
    light = custom_properties(re.search(r":root \{(.*?)\n\}", css, re.DOTALL).group(1))
    dark_block = re.search(r':root\[data-theme="dark"\] \{(.*?)\n\}', css, re.DOTALL).group(1)
    dark = custom_properties(dark_block)
    for name, value in {**light, **dark}.items():
        assert re.fullmatch(r"#[0-9a-f]{3}|#[0-9a-f]{6}", value), (name, value)
    assert set(dark) <= set(light)
    assert {"ink", "bg", "surface", "error", "accent", "edge", "picked"} <= set(dark)
    used = set()
    for sheet in ("app.css", "differenzler.css"):
        text = (STATIC / sheet).read_text()
        used |= set(re.findall(r"var\(--([\w-]+)\)", text))
        if sheet != "app.css":  # a sheet's own figures (a name's letters), no colour
            used -= set(re.findall(r"--([\w-]+):", text))
    assert used <= set(light), used - set(light)


def test_the_workers_page_for_a_page_never_kept_speaks_each_language_of_the_app(client):
    script = client.get("/sw.js").get_data(as_text=True)
    words = json.loads(re.search(r"const NOTHING = (\{.*?\});", script).group(1))
    assert set(words) == {"de", "fr", "en"}
    assert words["de"].startswith("Kein Netz, und diese Seite war auf diesem Handy noch nie offen.")
    assert words["fr"].startswith("Pas de réseau")
    assert words["en"].startswith("No network")
