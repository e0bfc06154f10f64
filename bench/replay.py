"""How long replaying a game's record takes: every page view and every entry replays it.

Prints figures; asserts nothing. Run: .venv/bin/python bench/replay.py
"""

from __future__ import annotations

import time
import tracemalloc

from scorer.handjass.game import Deal, Entry, HandjassGame, HandjassRules
from scorer.handjass.game import replay as replay_handjass
from scorer.schieber.contracts import Rules
from scorer.schieber.game import Declared, Game, Hand, Team, replay
from scorer.weis import Weis


def schieber_game(hands: int) -> Game:
    """A long Schieber game to a target nobody reaches, every third hand with declared Weis."""
    teams = (Team("Wir", ("Anna", "Clara")), Team("Ihr", ("Ben", "Dani")))
    record = []
    for i in range(hands):
        declared = ()
        if i % 3 == 0:
            declared = (
                Declared(0, (Weis.run("rosen", "K", 4),)),
                Declared(1, (Weis.run("schellen", "K", 4), Weis.four("U"))),
            )
        record.append(Hand("schellen", points_team=i % 2, points=80, declarations=declared))
    return Game(teams, Rules.from_preset("simple", target=100_000), 0, tuple(record))


def handjass_game(deals: int) -> HandjassGame:
    """A four-player Handjass game that nobody leaves (target out of reach)."""
    entries = (Entry(0, cards=60), Entry(1, cards=50), Entry(2, cards=30), Entry(3, cards=17))
    rotated = [Deal("rosen", entries[i % 4 :] + entries[: i % 4]) for i in range(deals)]
    return HandjassGame(("A", "B", "C", "D"), HandjassRules(target=100), tuple(rotated))


def measure(label: str, fn, rounds: int = 20) -> None:
    start = time.perf_counter()
    for _ in range(rounds):
        fn()
    elapsed = (time.perf_counter() - start) / rounds
    tracemalloc.start()
    fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"{label:<40} {elapsed * 1000:8.2f} ms per replay   peak {peak / 1024:8.1f} KiB")


if __name__ == "__main__":
    for n in (20, 100, 500):
        game = schieber_game(n)
        measure(f"Schieber, {n} hands", lambda game=game: replay(game))
    for n in (20, 100, 500):
        game = handjass_game(n)
        measure(f"Handjass, {n} deals", lambda game=game: replay_handjass(game))
