"""How long the Rückblick takes to build with many games stored: 100, 300 and 1,000 games
(three Schieber games of 20 hands to one Handjass game of 12 deals), all seen by the phone
(marked as stored before private links, which every phone sees).

Through the Flask test client (no network, gzip asked for), the median of several rounds:
the page /rueckblick as first seen (every game read and replayed: after a restart, or when
every game changed), again (each game's look is kept per version: only games written since are
read and replayed), filtered by a player, and the CSV file; then, in-process, where a first
view's time goes: reading the games (one query for the games, one for their entries),
replaying each through its mode's stats (scorer.modes.look), adding them up
(scorer.lookback.tally). The first view per game shows whether the cost grows linearly: it
stays about the same.

Prints figures; asserts nothing. Run: .venv/bin/python bench/history.py [--sizes 100,1000]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from common import handjass_game, machine, make_app, open_db, schieber_game, store_game, target_for

from scorer import modes
from scorer.lookback import tally
from scorer.storage.lookback import kept_games
from scorer.web.lookback.views import LOOKS

ROUNDS = 5


def median_of(call, rounds: int = ROUNDS) -> float:
    """The median time of `call`, after one untimed call (warm caches, compiled templates)."""
    call()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def fill(path: Path, count: int) -> None:
    """Store `count` games, three finished Schieber games to one running Handjass game."""
    db = open_db(path)
    finished = schieber_game(20, target=target_for(20))
    running = handjass_game(12)
    for i in range(count):
        store_game(db, running if i % 4 == 3 else finished, with_log=False)
    db.execute("UPDATE games SET numbered = 1")
    db.conn.commit()
    db.close()


def run(count: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.db"
        app = make_app(path, csrf=False)
        fill(path, count)
        client = app.test_client()
        gzip = {"Accept-Encoding": "gzip"}

        def get(url: str):
            def call():
                response = client.get(url, headers=gzip)
                assert response.status_code == 200, (url, response.status_code)
                response.get_data()

            return call

        def cold():
            app.extensions.pop(LOOKS, None)  # as after a restart: every game replayed
            get("/rueckblick")()

        figures = {
            "cold": median_of(cold, 3),
            "page": median_of(get("/rueckblick")),
            "player": median_of(get("/rueckblick?spieler=Anna")),
            "csv": median_of(get("/rueckblick.csv")),
        }
        db = open_db(path)
        kept = kept_games(db)
        figures["read"] = median_of(lambda: kept_games(db))
        looks = [modes.look(k.game) for k in kept]
        figures["looks"] = median_of(lambda: [modes.look(k.game) for k in kept])
        figures["tally"] = median_of(lambda: tally(looks))
        db.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="100,300,1000", help="games stored, comma separated")
    sizes = [int(s) for s in parser.parse_args().sizes.split(",")]
    print(machine())
    rows = {size: run(size) for size in sizes}
    names = {
        "cold": "/rueckblick, first view",
        "page": "/rueckblick, again",
        "player": "/rueckblick?spieler=Anna",
        "csv": "/rueckblick.csv",
        "read": "  read the games",
        "looks": "  replay each (stats)",
        "tally": "  add them up",
    }
    print(f"{'games stored':28}" + "".join(f"{size:>14,}" for size in sizes))
    for key, name in names.items():
        print(f"{name:28}" + "".join(f"{rows[s][key] * 1000:11.1f} ms" for s in sizes))
    per_game = "".join(f"{rows[s]['cold'] / s * 1000:11.2f} ms" for s in sizes)
    print(f"{'first view per game':28}{per_game}")


if __name__ == "__main__":
    main()
