"""How the cost of a request grows with the length of a game: 10, 100, 1,000 and 5,000 entries.

Games are built straight into storage (scorer.storage.games.create), each with the record of
changes it would have had if its entries had been entered one by one (one "enter" change per
entry, as the app keeps them): Schieber hands to a target nobody reaches, and four-player
Handjass deals nobody retires from (the highest target, 100 strokes). Then, through the Flask
test client (no network, CSRF off, gzip asked for as a browser does), each is timed:

- the game page (the whole page, as on a first visit or a reload),
- entering one more entry (the htmx panel POST; taken out again untimed after each round),
- editing the first entry (the edit form's POST, which answers with a redirect),
- exporting it and importing the export back (POST /games/import), up to the largest game
  the app allows (5,000 entries),

and the start page with 10, 100, 1,000 and 5,000 games stored. Each figure is the median of
several rounds; the ratio to the 10-entry case shows whether growth is linear (a linear cost
gives about 500× at 5,000, a constant one 1×).

Prints figures; asserts nothing. Run: .venv/bin/python bench/growth.py [--sizes 10,100,1000]
"""

from __future__ import annotations

import argparse
import gzip
import io
import re
import tempfile
import time
from functools import cache
from pathlib import Path

from common import (
    FLAT,
    PLAIN,
    hand_fields,
    handjass_deal,
    handjass_game,
    machine,
    make_app,
    open_db,
    percentile,
    schieber_game,
    store_game,
    writer_path,
)

from scorer.schieber.game import replay
from scorer.web.core.links import MINE, MINE_MAX

HTMX = {"HX-Request": "true", "Accept-Encoding": "gzip"}
# A Schieber entry from a plain panel, as htmx sends it (the answer then keeps the panel).
ENTRY = HTMX | PLAIN
TARGET = 100_000  # the highest target the app allows
BEYOND = 1_000_000  # for Schieber games longer than any the app allows (stored directly)


@cache
def longest_schieber() -> int:
    """The most hands a Schieber game of hand_fields(FLAT) has before anyone reaches the
    highest allowed target: no allowed Schieber game is longer."""
    low, high = 1, 5000
    while low < high:
        middle = (low + high + 1) // 2
        if replay(schieber_game(middle, TARGET, FLAT)).finished:
            high = middle - 1
        else:
            low = middle
    return low


BROWSER = {"Accept-Encoding": "gzip"}


def rounds_for(size: int) -> int:
    return 40 if size <= 100 else 9 if size <= 1000 else 5 if size <= 2000 else 3


def timed(fn, rounds: int, after=None) -> float:
    """The median seconds of fn() over `rounds` runs; after() runs untimed after each."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
        if after:
            after()
    return percentile(times, 50)


def expect(response, *codes):
    """The response, when its status is one of `codes`; else stop and say what it said."""
    if response.status_code not in codes:
        data = response.data
        if response.headers.get("Content-Encoding") == "gzip":
            data = gzip.decompress(data)
        errors = re.findall(r'class="error"[^>]*>([^<]*)', data.decode())
        raise SystemExit(f"{response.request.path}: HTTP {response.status_code} {errors}")
    return response


def deal_fields(deal, number_of_players: int = 4) -> dict[str, str]:
    """The deal panel's fields for a deal: trump, and each seat's status and points."""
    fields = {"trump": deal.trump}
    for entry in deal.entries:
        fields[f"status{entry.seat}"] = entry.status
        fields[f"cards{entry.seat}"] = str(entry.cards)
    return fields


def measure_game(app, client, db, kind: str, size: int) -> tuple[dict[str, float], dict[str, str]]:
    """Time entering entry number `size`, then the page, an edit of the first entry, and
    export + import of the game of `size` entries."""
    if kind == "schieber":
        target = TARGET if size <= longest_schieber() else BEYOND
        game = schieber_game(size, target, FLAT)
        entry = hand_fields(size - 1, FLAT)
        first = hand_fields(0, FLAT)
        edits = [{**first, "points": "61"}, first]
    else:
        game = handjass_game(size)
        entry = deal_fields(handjass_deal(size - 1))
        first = deal_fields(handjass_deal(0))
        edits = [{**first, "cards0": "62", "cards1": "55"}, first]
    # The game without its last entry: entering that one is timed (a game of 5,000 entries
    # takes no more), and then it is entered for good.
    game_id = store_game(db, game.with_record(getattr(game, game.RECORD)[:-1]))
    page = writer_path(db, game_id)
    key = page.rsplit("/", 1)[1]
    enter_url = f"{page}/hands" if kind == "schieber" else f"{page}/deals"
    edit_url = f"{page}/hands/1" if kind == "schieber" else f"{page}/deals/1"
    rounds = rounds_for(size)
    baseline = {"change": db.execute("SELECT MAX(id) FROM changes").fetchone()[0]}

    def take_back():
        db.execute("DELETE FROM entries WHERE game_id = ? AND position >= ?", [game_id, size - 1])
        db.execute("DELETE FROM changes WHERE id > ?", [baseline["change"]])
        # A new version, as every write makes: the app keeps states by version.
        db.execute("UPDATE games SET version = version + 1 WHERE id = ?", [game_id])

    def enter():
        expect(client.post(enter_url, data=entry, headers=ENTRY), 200)

    def edit():
        edits.reverse()
        expect(client.post(edit_url, data=edits[0], headers=BROWSER), 303)

    def forget_edit():
        db.execute("DELETE FROM changes WHERE id > ?", [baseline["change"]])

    figures = {}
    enter()  # warm
    take_back()
    figures[f"enter entry {size} (POST, htmx)"] = timed(enter, rounds, take_back)
    enter()
    baseline["change"] = db.execute("SELECT MAX(id) FROM changes").fetchone()[0]
    figures["game page (GET, whole page)"] = timed(
        lambda: expect(client.get(page, headers=BROWSER), 200), rounds
    )
    figures["edit the first (POST)"] = timed(edit, rounds, forget_edit)
    export = {}

    def export_it():
        export["data"] = expect(client.get(f"/games/{key}/export.json"), 200).data

    figures["export (GET export.json)"] = timed(export_it, rounds)

    def import_it():
        upload = {"file": (io.BytesIO(export["data"]), "game.json")}
        response = client.post("/games/import", data=upload, content_type="multipart/form-data")
        export["import status"] = response.status_code

    def forget_import():
        db.execute("DELETE FROM games WHERE id > ?", [game_id])

    figures["import the export (POST)"] = timed(import_it, rounds, forget_import)
    facts = {
        "export size": f"{len(export['data']) / 1000:.1f} KB",
        "import answer": str(export["import status"]),
    }
    # The same import with the request limits lifted (Werkzeug's multipart memory limit and
    # the 2 MB body limit): what importing costs once the app takes the file (see
    # docs/performance.md on the 413 beyond 128 KiB).
    limits = {k: app.config[k] for k in ("MAX_FORM_MEMORY_SIZE", "MAX_CONTENT_LENGTH")}
    app.config.update(dict.fromkeys(limits))
    try:
        figures["import, request limits lifted"] = timed(import_it, rounds, forget_import)
    finally:
        app.config.update(limits)
    facts["import answer, limits lifted"] = str(export["import status"])
    return figures, facts


def measure_index(client, db, count: int, have: int) -> tuple[float, float, int]:
    """Fill the store up to `count` games (16 hands each, no change log), then time the start
    page and its last page of a phone that started the newest of them (as many as a phone
    keeps in its list: MINE_MAX)."""
    for _ in range(count - have):
        store_game(db, schieber_game(16), with_log=False)
    ids = [
        row[0] for row in db.execute("SELECT id FROM games ORDER BY id DESC LIMIT ?", [MINE_MAX])
    ]
    with client.session_transaction() as session:
        session[MINE] = ids
    rounds = 25
    first = timed(lambda: expect(client.get("/", headers=BROWSER), 200), rounds)
    last_page = max(1, (len(ids) + 19) // 20)
    last = timed(lambda: expect(client.get(f"/?seite={last_page}", headers=BROWSER), 200), rounds)
    return first, last, last_page


def show(title: str, sizes: list[int], results: dict[int, tuple[dict, dict]]) -> None:
    print(title)
    header = "".join(f"{n:>11,d}" for n in sizes)
    print(f"  {'entries':<34}{header}   ratio to {sizes[0]} entries")
    rows = []
    for number, label in enumerate(results[sizes[0]][0]):
        values = [list(results[n][0].values())[number] for n in sizes]
        label = label.replace(f" {sizes[0]} ", " N ")
        rows.append((label, values))
        cells = "".join(f"{v * 1000:>8.1f} ms" for v in values)
        ratios = " ".join(f"{v / values[0]:6.1f}×" for v in values[1:])
        print(f"  {label:<34}{cells}   {ratios}")
    for label in results[sizes[0]][1]:
        cells = "".join(f"{results[n][1][label]:>11}" for n in sizes)
        print(f"  {label:<34}{cells}")
    # The cost of each further entry between one size and the next: about the same at every
    # size when growth is linear, rising when it is worse.
    steps = "".join(f"{f'{a:,d}–{b:,d}':>15}" for a, b in zip(sizes, sizes[1:], strict=False))
    print(f"  {'ms per 1,000 more entries':<34}{steps}")
    for label, values in rows:
        if label.startswith("import"):
            continue
        slopes = [
            (values[i + 1] - values[i]) / (sizes[i + 1] - sizes[i]) * 1000 * 1000
            for i in range(len(sizes) - 1)
        ]
        print(f"  {label:<34}" + "".join(f"{s:>12.0f} ms" for s in slopes))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="10,100,1000,2000")  # 2,000: the most a game holds
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"Machine: {machine()}")
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "growth.db"
        app = make_app(database, csrf=False)
        client = app.test_client()
        db = open_db(database)
        longest = longest_schieber()
        for kind, title in (("schieber", "Schieber"), ("handjass", "Handjass (4 players)")):
            kind_sizes = sizes
            if kind == "schieber" and sizes[0] < longest < sizes[-1]:
                kind_sizes = sorted({*sizes, longest})
            results = {}
            for size in kind_sizes:
                results[size] = measure_game(app, client, db, kind, size)
            show(f"{title}: median per request", kind_sizes, results)
            if kind == "schieber" and kind_sizes[-1] > longest:
                print(
                    f"  No Schieber game the app allows is longer than about {longest:,d} hands:"
                    f" by then a team passes the highest target ({TARGET:,d}) even at ×1. Longer"
                    f" games are stored straight into the database with target {BEYOND:,d},"
                    " which the app refuses on import (the 422)."
                )
            print()
        db.close()

        database = Path(tmp) / "index.db"
        app = make_app(database, csrf=False)
        client = app.test_client()
        db = open_db(database)
        print("Start page: median per request")
        have = 0
        base = None
        for count in (10, 100, 1000, 5000):
            first, last, last_page = measure_index(client, db, count, have)
            have = count
            base = base or first
            print(
                f"  {count:>5,d} games stored: first page {first * 1000:6.1f} ms"
                f" ({first / base:4.1f}×), last page (seite={last_page}) {last * 1000:6.1f} ms"
            )
        db.close()


if __name__ == "__main__":
    main()
