"""The ratings of a club's season: 40 players over 30 evenings of 4 Passen, 10 tables a Passe
(1,200 results to rate), each table's Passe one result.

Each figure the median of several rounds: the engine alone (scorer.ratings.rate over the
Passen as scorer.club.rated gives them, from plain tables: the issue's goal, under a second);
the season page (`/saison` with every evening ticked: the evenings read from storage,
standings, ratings, chart and page), rated anew and again with nothing new (the ratings kept
by their results); its CSV file. Then the Rückblick's part: rating 1,000 finished Schieber
games of 4 players among 12.

Prints figures; asserts nothing. Run: .venv/bin/python bench/ratings.py
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from common import machine, make_app, open_db

from scorer.club.draw import draw
from scorer.club.event import Event
from scorer.club.plan import Plan
from scorer.club.rated import passe_bouts
from scorer.club.standings import Scoring, TableGame
from scorer.ratings import Bout, rate
from scorer.storage import club as events
from scorer.storage import club_tables as tables
from scorer.web.club.evening import MINE
from scorer.web.lookback.rated import KEPT_RATINGS

PLAYERS, EVENINGS, PASSEN = 40, 30, 4


def median_ms(call, rounds: int) -> float:
    call()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def game(seed: int) -> TableGame:
    points = (seed * 37) % 158
    points = 57 if points in (1, 156) else points
    return TableGame((points, 157 - points), match=0 if points == 157 else None)


@dataclass(frozen=True)
class Table:
    passe: int
    number: int
    seats: tuple[int, ...]
    games: tuple[TableGame, ...]
    state: str = "handed_in"


def plain_season(games: int) -> list[Bout]:
    """The season's results from plain tables: each evening its own random seating."""
    rnd = random.Random(34)
    names = {n: f"Spielerin {n:02d}" for n in range(1, PLAYERS + 1)}
    event = Event("Bench", "2026-01-01", passen=PASSEN, games=games)
    bouts = []
    for evening in range(1, EVENINGS + 1):
        found, plans = [], []
        for passe in range(1, PASSEN + 1):
            order = list(names)
            rnd.shuffle(order)
            seated = [tuple(order[k : k + 4]) for k in range(0, PLAYERS, 4)]
            plans.append(Plan(tuple(seated)))
            for number, seats in enumerate(seated, 1):
                played = tuple(
                    game(evening * 1000 + passe * 100 + number * 10 + n) for n in range(games)
                )
                found.append(Table(passe, number, seats, played))
        bouts += passe_bouts(event, plans, found, names, (f"2026-{evening:03d}", evening))
    return bouts


def fill(path: Path, games: int) -> list[int]:
    """The season in storage: 30 evenings, every Passe drawn and its tables handed in."""
    db = open_db(path)
    names = [f"Spielerin {n:02d}" for n in range(1, PLAYERS + 1)]
    ids = []
    for evening in range(1, EVENINGS + 1):
        day = f"2026-{1 + (evening - 1) // 28:02d}-{1 + (evening - 1) % 28:02d}"
        event = Event(f"Abend {evening}", day, passen=PASSEN, games=games, scoring=Scoring())
        event_id, _ = events.create(db, event, names, phone="bench", token=None)
        stored = events.load(db, event_id)
        for passe in range(1, PASSEN + 1):
            plan = draw(stored.playing(passe), stored.plans, seed=stored.seed, passen=PASSEN)
            events.add_draw(db, event_id, stored.version, passe, plan, reason=None, phone="bench")
            stored = events.load(db, event_id)
            for table in tables.tables(db, event_id, passe=passe):
                for n in range(1, games + 1):
                    played = game(evening * 1000 + passe * 100 + table.number * 10 + n)
                    table = tables.enter(db, table, table.version, n, played, phone="bench")
                tables.move(
                    db, table, table.version, "handed_in", phone="bench", games_expected=games
                )
        ids.append(event_id)
    db.conn.close()
    return ids


def schieber_bouts(count: int) -> list[Bout]:
    rnd = random.Random(1)
    field = [f"Spieler {n}" for n in range(12)]
    found = []
    for n in range(count):
        a, b, c, d = rnd.sample(field, 4)
        found.append(
            Bout(
                (f"2026-{n:05d}", n),
                ((a, b), (c, d)),
                rnd.choice([(1, 2), (2, 1)]),
                rnd.choice([1, 1, 2]),
                n,
            )
        )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per Passe stored (4)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per figure (5)")
    args = parser.parse_args()
    print(machine())
    bouts = plain_season(args.games)
    print(f"{PLAYERS} players, {EVENINGS} evenings of {PASSEN} Passen: {len(bouts)} results")
    engine = median_ms(lambda: rate(bouts), args.rounds)
    print(f"rated (engine alone):          {engine:7.1f} ms (median; goal < 1000 ms)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "season.db"
        app = make_app(path)
        start = time.perf_counter()
        ids = fill(path, args.games)
        print(f"stored in {time.perf_counter() - start:.0f} s ({args.games} games a Passe)")
        client = app.test_client()
        with client.session_transaction() as session:
            session[MINE] = ids
        ticked = "&".join(f"abend={i}" for i in ids)
        page = client.get(f"/saison?{ticked}")
        assert page.status_code == 200 and b'id="ratings-season"' in page.data

        def fresh():
            app.extensions.pop(KEPT_RATINGS, None)  # rated anew, as after a table's change
            return client.get(f"/saison?{ticked}")

        print(f"/saison, every evening ticked: {median_ms(fresh, args.rounds):7.1f} ms (rated)")
        shown = median_ms(lambda: client.get(f"/saison?{ticked}"), args.rounds)
        print(f"/saison again (nothing new):   {shown:7.1f} ms")
        exported = median_ms(lambda: client.get(f"/saison.csv?{ticked}"), args.rounds)
        print(f"/saison.csv:                   {exported:7.1f} ms")
    games = schieber_bouts(1000)
    rueckblick = median_ms(lambda: rate(games), args.rounds)
    print(f"Rückblick: 1000 Schieber games rated: {rueckblick:7.1f} ms")


if __name__ == "__main__":
    main()
