"""The draw of a Partnerschieber: fixed pairs play together all evening, and each Passe the
draw sets pair against pair, as few pairs again as possible, couples kept apart never at one
table. With an odd number of pairs one pair sits the Passe out, nobody twice before every pair
once. Like the draw of single players, everything comes from the arguments (the earlier plans,
the seed, the attempt): the same arguments give the same plan.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from scorer.club.plan import Plan, Player
from scorer.codes import Invalid

TRIES = 400  # random orders tried; each is matched greedily, the best kept
NEVER = 10**6


def draw_pairs(
    pairs: Sequence[tuple[Player, Player]],
    history: Sequence[Plan] = (),
    *,
    keep_apart: Iterable[tuple[Player, Player]] = (),
    seed: str | int = "",
    attempt: int = 0,
) -> Plan:
    """The seat plan of the next Passe: tables [A1, B1, A2, B2] with pair A at seats 0 and 2
    and pair B at 1 and 3; a pair sitting out is listed among the sit-outs."""
    pairs = [tuple(p) for p in pairs]
    if len(pairs) < 2:
        raise Invalid("draw_too_few", players=2 * len(pairs), least=4)
    of = {player: unit for unit, pair in enumerate(pairs) for player in pair}
    if len(of) != 2 * len(pairs):
        raise Invalid("draw_player_twice")
    number = len(history) + 1
    rng = random.Random(repr((str(seed), number, attempt, pairs, _past(history))))
    met = [[0] * len(pairs) for _ in pairs]
    for plan in history:
        for table in plan.tables:
            units = sorted({of[p] for p in table if p in of})
            for a in units:
                for b in units:
                    if a != b:
                        met[a][b] += 1
    for x, y in keep_apart:
        if x in of and y in of and of[x] != of[y]:
            met[of[x]][of[y]] = met[of[y]][of[x]] = NEVER
    out = _sitting_out(pairs, of, history, rng)
    playing = [u for u in range(len(pairs)) if u not in out]
    best, best_cost = None, None
    for _ in range(TRIES):
        order = playing[:]
        rng.shuffle(order)
        matches, cost = _greedy(order, met)
        if best_cost is None or cost < best_cost:
            best, best_cost = matches, cost
        if best_cost == 0:
            break
    if best_cost >= NEVER:
        raise Invalid("draw_keep_apart_impossible")
    tables = tuple((pairs[a][0], pairs[b][0], pairs[a][1], pairs[b][1]) for a, b in best)
    sit_out = tuple(p for u in sorted(out) for p in pairs[u])
    return Plan(tables, sit_out, seed=str(seed), attempt=attempt)


def _greedy(order: list[int], met: list[list[int]]) -> tuple[list[tuple[int, int]], int]:
    """Each pair in turn against the pair left that it met least (the first of equals)."""
    left, matches, cost = order[:], [], 0
    while left:
        a = left.pop(0)
        b = min(left, key=lambda u: met[a][u])
        left.remove(b)
        matches.append((a, b))
        cost += met[a][b]
    return matches, cost


def _sitting_out(pairs, of, history, rng) -> set[int]:
    """With an odd number of pairs: the pair that sat out least so far (chance among equals)."""
    if len(pairs) % 2 == 0:
        return set()
    sat = [0] * len(pairs)
    for plan in history:
        for unit in {of[p] for p in plan.sit_out if p in of}:
            sat[unit] += 1
    fewest = min(sat)
    return {rng.choice([u for u in range(len(pairs)) if sat[u] == fewest])}


def _past(history: Sequence[Plan]) -> list:
    return [(plan.tables, plan.sit_out) for plan in history]
