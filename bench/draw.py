"""How long the draw of one Passe takes, and what it repeats over whole evenings.

Prints figures; asserts nothing. Run: .venv/bin/python bench/draw.py [--evenings 8x3,12x3]

Per size: the bound (`scorer.club.bounds`: the fewest repeats possible without a third meeting
where none is forced, else with the fewest third meetings; the fewest with third meetings in
brackets where that is fewer), the evenings that reach it, the most repeats and third (or
later) meetings of any evening, repeated partners, and the time of a draw. The time is the
process's CPU time (a draw is one thread of pure Python): other work on a shared machine
stretches the wall clock, not this.
"""

from __future__ import annotations

import argparse
import statistics
import time

from scorer.club.bounds import fields, least
from scorer.club.draw import draw
from scorer.club.plan import pairs_of

EVENINGS = [(8, 3), (8, 7), (10, 4), (12, 3), (12, 5), (13, 5), (16, 5), (20, 4), (24, 4)]
EVENINGS += [(28, 5), (32, 5), (36, 5), (40, 5), (40, 6)]
SEEDS = range(10)


def evening(players: int, passen: int, seed: int) -> tuple[list, list[float]]:
    """The plans of one evening and the CPU seconds each draw took."""
    history, seconds = [], []
    for _ in range(passen):
        start = time.process_time()
        history.append(draw(range(players), history, seed=seed, passen=passen))
        seconds.append(time.process_time() - start)
    return history, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", help="sizes as PLAYERSxPASSEN, comma-separated")
    args = parser.parse_args()
    sizes = EVENINGS
    if args.evenings:
        sizes = [tuple(map(int, size.split("x"))) for size in args.evenings.split(",")]
    print(f"{'players':>7} {'Passen':>6}  {'bound':>9}  {'at bound':>8}  {'repeats':>7}", end="")
    print(f"  {'thirds':>6}  {'partners':>8}  {'median':>8}  {'p95':>8}  {'max':>8}")
    for players, passen in sizes:
        reached, repeats, thirds, partners_again, seconds = 0, [], [], [], []
        bound = None
        for seed in SEEDS:
            plans, took = evening(players, passen, seed)
            bound = least(fields(plans))
            mates, partners = pairs_of(plans)
            repeats.append(sum(n - 1 for n in mates.values()))
            thirds.append(sum(max(0, n - 2) for n in mates.values()))
            partners_again.append(sum(n - 1 for n in partners.values()))
            reached += (thirds[-1], repeats[-1]) == (bound.thirds, bound.reachable)
            seconds += took
        seconds.sort()
        p95 = seconds[int(0.95 * (len(seconds) - 1))]
        said = f"{bound.reachable}"
        if bound.repeats < bound.reachable:
            said += f" ({bound.repeats})"
        print(
            f"{players:>7} {passen:>6}  {said:>9}  {reached:>4}/{len(SEEDS):<3}  {max(repeats):>7}"
            f"  {max(thirds):>6}  {max(partners_again):>8}"
            f"  {statistics.median(seconds) * 1000:>6.0f}ms"
            f"  {p95 * 1000:>6.0f}ms  {seconds[-1] * 1000:>6.0f}ms"
        )


if __name__ == "__main__":
    main()
