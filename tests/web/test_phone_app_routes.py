"""The scorer as an app on the phone, as the server gives it: the head of every page that sets
its colours, and the colours of both themes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import new_game_form

STATIC = Path(__file__).resolve().parents[2] / "static"


@pytest.mark.parametrize("url", ["/", "/games/new", "/phone", "/games/1", "/games/1/changes"])
def test_every_page_sets_its_theme_before_its_style(client, url):
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    page = client.get(url).get_data(as_text=True)
    head = page[: page.index("</head>")]
    # theme.js runs before the style sheet is read, not deferred: the first paint is right.
    theme = re.search(r'<script src="/static/theme\.js\?v=\w+"></script>', head)
    style = re.search(r'<link rel="stylesheet" href="/static/app\.css', head)
    assert theme and style and theme.start() < style.start()
    assert re.findall(r'<meta name="theme-color" content="(#\w+)" media="([^"]+)">', head) == [
        ("#26332d", "(prefers-color-scheme: light)"),
        ("#0b100d", "(prefers-color-scheme: dark)"),
    ]


def test_the_bar_colours_match_the_themes():
    """The metas name the bars of both themes of app.css."""
    css = (STATIC / "app.css").read_text()
    light = re.search(r":root \{(.*?)\n\}", css, re.DOTALL).group(1)
    dark = re.search(r':root\[data-theme="dark"\] \{(.*?)\n\}', css, re.DOTALL).group(1)
    assert re.search(r"--bar: (#\w+);", light).group(1) == "#26332d"
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
        used |= set(re.findall(r"var\(--([\w-]+)\)", (STATIC / sheet).read_text()))
    assert used <= set(light), used - set(light)
