"""The standings of a big club evening: 40 players, 6 Passen of 12 games, every table handed in
(the last Passe half done, so the projector shows its seat plan too).

Through the Flask test client (no network), the median of several rounds: the standings
computed from the stored games (reading the tables and games, scorer.club.results), the
leader's standings page (computed and rendered), and one projector refresh (the htmx block),
with its bytes as sent plain and gzipped. Goals (issue 15): computed and rendered under 50 ms,
a projector refresh under 30 KB.

Prints figures; asserts nothing. Run: .venv/bin/python bench/club.py
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from common import machine, make_app, open_db

from scorer.club.draw import draw
from scorer.club.event import Event
from scorer.club.results import event_standings
from scorer.club.standings import Scoring, TableGame
from scorer.storage import club as events
from scorer.storage import club_tables as tables

PLAYERS, PASSEN, GAMES = 40, 6, 12
ROUNDS = 15


def median_ms(call) -> float:
    call()
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def fill(path: Path) -> tuple[int, str, str]:
    """The evening: every Passe drawn, its games entered, its tables handed in (the last
    Passe's first half only). Its id, the leader's and the projector's key."""
    db = open_db(path)
    names = [f"Spielerin {n:02d}" for n in range(1, PLAYERS + 1)]
    event = Event("Bench", "2026-11-27", passen=PASSEN, games=GAMES, scoring=Scoring(dropped=1))
    event_id, leader = events.create(db, event, names, phone="bench", token=None)
    stored = events.load(db, event_id)
    for passe in range(1, PASSEN + 1):
        plan = draw(stored.playing(passe), stored.plans, seed=stored.seed, passen=PASSEN)
        events.add_draw(db, event_id, stored.version, passe, plan, reason=None, phone="bench")
        stored = events.load(db, event_id)
        for table in tables.tables(db, event_id, passe=passe):
            if passe == PASSEN and table.number > len(plan.tables) // 2:
                continue
            for n in range(1, GAMES + 1):
                points = (passe * 31 + table.number * 17 + n * 13) % 158
                game = TableGame((points, 157 - points), match=0 if points == 157 else None)
                table = tables.enter(db, table, table.version, n, game, phone="bench")
            tables.move(db, table, table.version, "handed_in", phone="bench", games_expected=GAMES)
    (screen,) = db.execute("SELECT screen_key FROM events WHERE id = ?", [event_id]).fetchone()
    db.conn.close()
    return event_id, leader, screen


def main() -> None:
    print(machine())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "club.db"
        app = make_app(path)
        event_id, leader, screen = fill(path)
        db = open_db(path)

        def computed():
            stored = events.load(db, event_id)
            found = tables.tables(db, event_id)
            return event_standings(stored.event, stored.players, stored.plans, found)

        client = app.test_client()
        page = f"/abend/{leader}/rangliste"
        block = {"HX-Request": "true"}
        plain = client.get(f"/leinwand/{screen}?seite=3", headers=block)
        gzipped = client.get(
            f"/leinwand/{screen}?seite=3", headers={**block, "Accept-Encoding": "gzip"}
        )
        games = PLAYERS // 4 * (PASSEN - 0.5) * GAMES
        print(f"{PLAYERS} players, {PASSEN} Passen of {GAMES} games: {games:.0f} games stored")
        print(f"standings computed from storage: {median_ms(computed):6.1f} ms (median)")
        print(f"leader's standings page:         {median_ms(lambda: client.get(page)):6.1f} ms")
        projector = median_ms(lambda: client.get(f"/leinwand/{screen}", headers=block))
        print(f"projector refresh (htmx block):  {projector:6.1f} ms")
        print(
            f"projector refresh bytes: {len(plain.get_data())} plain,"
            f" {len(gzipped.get_data())} gzipped (goal < 30 KB)"
        )
        print("goal: computed and rendered < 50 ms")
        db.conn.close()


if __name__ == "__main__":
    main()
