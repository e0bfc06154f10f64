"""How long the draw of one Passe takes, and what it repeats over whole evenings.

Prints figures; asserts nothing. Run: .venv/bin/python bench/draw.py
"""

from __future__ import annotations

import statistics
import time

from scorer.club.draw import draw
from scorer.club.plan import pairs_of

EVENINGS = [(8, 3), (8, 7), (10, 4), (12, 5), (13, 5), (16, 5), (20, 4), (24, 4), (28, 5)]
EVENINGS += [(32, 5), (36, 5), (40, 5), (40, 6)]
SEEDS = range(10)


def evening(players: int, passen: int, seed: int) -> tuple[list, list[float]]:
    """The plans of one evening and the seconds each draw took."""
    history, seconds = [], []
    for _ in range(passen):
        start = time.perf_counter()
        history.append(draw(range(players), history, seed=seed, passen=passen))
        seconds.append(time.perf_counter() - start)
    return history, seconds


def main() -> None:
    print(
        f"{'players':>7} {'Passen':>6}  {'clean':>7}  {'mates again':>11}  {'partners':>8}", end=""
    )
    print(f"  {'median':>8}  {'p95':>8}  {'max':>8}")
    for players, passen in EVENINGS:
        clean, mates_again, partners_again, seconds = 0, [], [], []
        for seed in SEEDS:
            plans, took = evening(players, passen, seed)
            mates, partners = pairs_of(plans)
            mates_again.append(sum(n - 1 for n in mates.values()))
            partners_again.append(sum(n - 1 for n in partners.values()))
            clean += mates_again[-1] == 0
            seconds += took
        seconds.sort()
        p95 = seconds[int(0.95 * (len(seconds) - 1))]
        print(
            f"{players:>7} {passen:>6}  {clean:>3}/{len(SEEDS):<3}  {max(mates_again):>11}"
            f"  {max(partners_again):>8}  {statistics.median(seconds) * 1000:>6.0f}ms"
            f"  {p95 * 1000:>6.0f}ms  {seconds[-1] * 1000:>6.0f}ms"
        )


if __name__ == "__main__":
    main()
