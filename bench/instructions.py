"""The instructions one hand entry costs against the trivial request, counted by valgrind.

`load.py`'s ratio moves by a tenth from run to run, and this machine's speed by a fifth within
minutes: a change of a few percent cannot be seen in it. Instructions counted by callgrind do
not depend on what else the machine does: the same code counts the same to a fraction of a
percent, so two versions can be compared one after the other (run this script in each).

In-process (Flask test client, CSRF on, gzip asked for), as `load.py` measures entries: N
games of 15 hands are stored and each page opened once (the process keeps their states), then
one hand entered into each through the panel as htmx sends it (`Jass-Panel: plain`, the
bench's hands). The same set-up is run three times under callgrind: alone, with the N entries,
and with N favicons instead (`/static/favicon.svg?v=…`, load.py's trivial request); the
differences, divided by N, are an entry's and a favicon's instructions. Neither counts the
server around the app (waitress, the sockets), nor the wait for the disk at a commit.

Needs valgrind (Debian's package). Takes a few minutes: Python runs about fifty times slower
under callgrind. Prints figures; asserts nothing.
Run: .venv/bin/python bench/instructions.py [--games N]
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from common import (
    FLAT,
    hand_fields,
    machine,
    make_app,
    open_db,
    schieber_game,
    store_game,
    writer_path,
)

BEFORE = 15  # the entry is hand 16, as in load.py's in-process figure
GZIP = {"Accept-Encoding": "gzip"}
HTMX_PLAIN = {**GZIP, "HX-Request": "true", "Jass-Panel": "plain"}


def play(games: int, what: str) -> None:
    """The run itself (under callgrind): the set-up, then `what` ("entry", "favicon" or
    "nothing") once per game."""
    database = Path(tempfile.mkdtemp()) / "instructions.db"
    app = make_app(database)
    db = open_db(database)
    client = app.test_client()
    urls = []
    for _ in range(games + 1):
        url = writer_path(db, store_game(db, schieber_game(BEFORE, contracts=FLAT)))
        client.get(url, headers=GZIP)
        urls.append(url)
    page = client.get(urls[-1]).get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    favicon = re.search(r'href="(/static/favicon\.svg[^"]*)"', page).group(1)

    def entry(url: str) -> None:
        fields = {**hand_fields(BEFORE, FLAT), "csrf_token": token}
        answer = client.post(f"{url}/hands", data=fields, headers=HTMX_PLAIN)
        assert answer.status_code == 200, answer.status_code

    entry(urls[-1])  # the first of each kind fills what a process keeps, in every run alike
    client.get(favicon, headers=GZIP)
    gc.collect()
    gc.freeze()  # the set-up's objects out of the collector's way: the same in every run
    for url in urls[:games]:
        if what == "entry":
            entry(url)
        elif what == "favicon":
            client.get(favicon, headers=GZIP)


def counted(games: int, what: str) -> int:
    """The instructions of one run of `play` under callgrind."""
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--games",
            str(games),
            "--play",
            what,
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        check=True,
    )
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30, help="entries (and favicons) counted")
    parser.add_argument("--play", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(args.games, args.play)
        return
    if shutil.which("valgrind") is None:
        sys.exit("bench/instructions.py needs valgrind: apt-get install -y valgrind")
    print(machine())
    play(2, "entry")  # compiles what Python caches on disk, outside the counted runs
    nothing = counted(args.games, "nothing")
    entry = (counted(args.games, "entry") - nothing) / args.games
    favicon = (counted(args.games, "favicon") - nothing) / args.games
    print(f"Instructions per request, in-process, {args.games} of each (callgrind):")
    print(f"  hand entry (hand 16, htmx)  {entry / 1e6:6.2f} M")
    print(f"  favicon (the trivial one)   {favicon / 1e6:6.2f} M")
    print(f"  hand entry / trivial        {entry / favicon:6.2f}×")


if __name__ == "__main__":
    main()
