"""The app's PNG icons, drawn once from static/favicon.svg by Debian's Chromium (not a benchmark;
it lives here with the other scripts run by hand). The PNGs are committed; run this again only
when the favicon changes:

    .venv/bin/python bench/icons.py

- icon-192.png, icon-512.png: the favicon as it is, rounded corners on a clear background.
- icon-maskable-512.png: the launcher cuts its own shape (a circle, a squircle) out of it, so
  the slate fills the whole square and the Z keeps to the middle (inside the central circle of
  80 % that every mask leaves).
- apple-touch-icon.png (180 x 180): iOS rounds the corners itself and wants no transparency.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parents[1] / "static"
CHROMIUM = "/usr/bin/chromium"
# The Z drawn at 80 % about the middle of the 32 x 32 box: well inside the safe circle.
SMALLER_Z = '<g transform="translate(16 16) scale(.8) translate(-16 -16)">{}</g>'


def full_bleed(svg: str) -> str:
    """The favicon with square corners and its Z a little smaller."""
    svg = svg.replace(' rx="6"', "")
    path = re.search(r"<path [^>]*/>", svg).group(0)
    return svg.replace(path, SMALLER_Z.format(path))


def main() -> None:
    """Draw the four PNGs into static/."""
    favicon = (STATIC / "favicon.svg").read_text()
    square = full_bleed(favicon)
    icons = [
        ("icon-192.png", 192, favicon),
        ("icon-512.png", 512, favicon),
        ("icon-maskable-512.png", 512, square),
        ("apple-touch-icon.png", 180, square),
    ]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, size, svg in icons:
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f"<!doctype html>{sized}")
            page.locator("svg").screenshot(path=STATIC / name, omit_background=True)
            page.close()
            print(f"static/{name}: {size} x {size}, {(STATIC / name).stat().st_size} bytes")
        browser.close()


if __name__ == "__main__":
    main()
