"""What goes over the pub's Wi-Fi: the bytes of a game page's first load, and of a hand entry.

The app compresses in after_request (Flask-Compress), so the Flask test client sees the very
bytes Chromium gets when it sends its Accept-Encoding (zstd first; CSRF on, as in production:
the tokens are part of the bytes). The first load is the page's HTML and every file it links
(stylesheet, scripts with htmx, favicon, and anything the stylesheet pulls in with url()); the
suit sprite is inlined in the HTML (templates/_suits.svg), so it counts there. A hand entry is
the htmx answer to the panel's POST: the live part of the page with the next panel.

Two games are played through the real forms: one as a table plays it (modern multipliers, a
target that hand 20 reaches), and a long one to the highest target (100,000), whose slate and
history keep growing. Body bytes are what the goals count; the headers the app sets are shown
beside them (waitress adds a few more: Server, Date). Prints figures; asserts nothing.
Run: .venv/bin/python bench/weight.py
"""

from __future__ import annotations

import gzip
import re
import tempfile
from pathlib import Path

import brotli
from backports import zstd
from common import (
    hand_fields,
    hidden_inputs,
    kb,
    machine,
    make_app,
    new_game_form,
    panel_after,
    target_for,
    verdict,
)

BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd", "Accept": "text/html"}  # Chromium's
UNPACK = {"gzip": gzip.decompress, "br": brotli.decompress, "zstd": zstd.decompress}
HTMX = {**BROWSER, "HX-Request": "true"}
FIRST_LOAD_GOAL = 40_000
ENTRY_GOAL = 8_000


def header_bytes(response) -> int:
    """The status line and the headers as sent, roughly: name, value, CRLFs."""
    lines = [f"HTTP/1.1 {response.status}"] + [f"{k}: {v}" for k, v in response.headers.items()]
    return sum(len(line.encode()) + 2 for line in lines) + 2


def linked(page: str) -> list[str]:
    """The same-origin files a page loads: stylesheets, icons, scripts, images, the manifest.
    Not the apple-touch-icon: Safari fetches it only when the page is added to the home screen,
    and no other browser at all."""
    found = re.findall(r'<(?:link|script|img)\b[^>]*?\b(?:href|src)="(/[^"]*)"', page)
    touch = re.findall(r'<link rel="apple-touch-icon" href="(/[^"]*)"', page)
    return [url.replace("&amp;", "&") for url in found if url not in touch]


def css_urls(css: str) -> list[str]:
    """The files a stylesheet pulls in with url() (data: URLs cost nothing more)."""
    found = re.findall(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)", css)
    return [u for u in found if not u.startswith("data:")]


def plain(response) -> bytes:
    """A response's bytes, unpacked when they came compressed."""
    encoding = response.headers.get("Content-Encoding")
    return UNPACK[encoding](response.data) if encoding else response.data


def text(response) -> str:
    return plain(response).decode()


def row(label: str, response, note: str = "") -> tuple[int, int]:
    body = len(response.data)
    head = header_bytes(response)
    encoding = response.headers.get("Content-Encoding", "identity")
    print(
        f"  {label:<44} {response.status_code}  body {kb(body)}  ({encoding:>8}, "
        f"{kb(len(plain(response)))}"
        f" plain)  headers {head:4d} B {note}"
    )
    return body, head


def first_load(client, url: str, title: str) -> int:
    """Fetch a page as a browser's first visit does, with everything it links; the total."""
    print(title)
    page_response = client.get(url, headers=BROWSER)
    total_body, total_head = row(url, page_response)
    page = text(page_response)
    queue, seen = linked(page), set()
    while queue:
        link = queue.pop(0)
        if link in seen:
            continue
        seen.add(link)
        response = client.get(link, headers=BROWSER)
        body, head = row(link.split("?")[0], response)
        total_body += body
        total_head += head
        if link.split("?")[0].endswith(".css"):
            queue += [u for u in css_urls(text(response)) if u.startswith("/")]
    print(
        f"  {'total':<44}      body {kb(total_body)}   + headers {total_head} B"
        f"  = {kb(total_body + total_head)}"
    )
    return total_body


def play(client, hands: int, target: int) -> tuple[str, dict]:
    """Set up a game through the form and enter `hands` hands through the panel, as htmx
    does; its URL and each hand's answer."""
    form = hidden_inputs(text(client.get("/games/new", headers=BROWSER)))
    created = client.post("/games/new", data=new_game_form(target=str(target), **form))
    url = created.headers["Location"]
    page = text(client.get(url, headers=BROWSER))
    answers = {}
    panel: dict[str, str] = {}
    for i in range(hands):
        panel, sent_with = panel_after(page, panel)
        fields = {**panel, **hand_fields(i)}
        response = client.post(f"{url}/hands", data=fields, headers=HTMX | sent_with)
        page = text(response)
        if response.status_code != 200 or 'class="error"' in page:
            raise SystemExit(f"hand {i + 1} refused: HTTP {response.status_code}")
        answers[i + 1] = response
    return url, answers


def main() -> None:
    print(f"Machine: {machine()}")
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(Path(tmp) / "weight.db")  # CSRF on
        client = app.test_client()

        # A table's evening: the modern preset's multipliers, a target the 20th hand reaches.
        form = hidden_inputs(text(client.get("/games/new", headers=BROWSER)))
        created = client.post("/games/new", data=new_game_form(target=str(target_for(20)), **form))
        new_page = first_load(
            client, created.headers["Location"], "First load of a new game's page (no hand yet):"
        )
        url, answers = play(client, 20, target_for(20))
        print(f"Hand entry, the htmx answer, in a game to {target_for(20)} that hand 20 ends:")
        for number in (1, 16, 20):
            note = "(the result)" if number == 20 else ""
            row(f"POST {url}/hands, hand {number}", answers[number], note)
        played = first_load(client, url, "First load of that page after its 20 hands:")

        # A long game to the highest target: what grows with the record.
        url, long_answers = play(client, 100, 100_000)
        print("Hand entry in a long game to 100,000 (the slate draws a stroke per 100 points):")
        for number in (16, 50, 100):
            row(f"POST {url}/hands, hand {number}", long_answers[number])
        long_page = first_load(client, url, "First load of that page after its 100 hands:")
    print()
    print("Goals (body bytes, as Chromium gets them):")
    for label, size, goal in (
        ("first load < 40 KB, new game", new_page, FIRST_LOAD_GOAL),
        ("first load < 40 KB, 20 hands", played, FIRST_LOAD_GOAL),
        ("first load < 40 KB, 100 hands", long_page, FIRST_LOAD_GOAL),
        ("hand entry < 8 KB at hand 1", len(answers[1].data), ENTRY_GOAL),
        ("hand entry < 8 KB at hand 16", len(answers[16].data), ENTRY_GOAL),
    ):
        print(f"  {label:<32} {kb(size)}   {verdict(size < goal)}")


if __name__ == "__main__":
    main()
