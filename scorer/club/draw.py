"""The draw of one Passe: who sits out, and who sits where, from the Passen before it.

Everything comes from the arguments: the players, the earlier seat plans (who sat with whom
and who sat out is read from them, never from a counter of its own), the pairs to keep apart,
the event's seed and the attempt. The same arguments give the same plan, in any process: the
random generator is seeded with a string made of them (never with hash(), which Python salts
per process). A redraw is the same call with attempt + 1; the plan carries both, so the reason
for a redraw can be kept beside them.

Given the event's number of Passen, the draw plans the Passen still to come together with this
one and returns this one: a plan that leaves no way to finish without repeats is avoided
(16 players meet every other player exactly once over 5 Passen only so).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from scorer.club.bounds import Field, forced, least_pairs
from scorer.club.plan import Plan, Player, mate_pairs, partner_pairs, sitting_out, table_sizes
from scorer.club.search import MATE, NOW, Matrix, search, square
from scorer.club.sitout import sit_outs
from scorer.codes import Invalid

BUDGET = 120_000  # swaps tried per draw, over every planned Passe: the time a draw may take


def draw(
    players: Sequence[Player],
    history: Sequence[Plan] = (),
    *,
    keep_apart: Iterable[tuple[Player, Player]] = (),
    seed: str | int = "",
    attempt: int = 0,
    passen: int | None = None,
    budget: int = BUDGET,
) -> Plan:
    """The seat plan of the next Passe (number len(history) + 1) for these players.

    `keep_apart` pairs never share a table; `passen`, the event's number of Passen, lets the
    draw plan the rest of the event with this Passe; `budget` is the number of swaps the search
    may try (fewer: faster, and worse where repeats are hard to avoid). Invalid with a code
    when the players cannot be seated: fewer than 4 ("draw_too_few"), a player twice
    ("draw_player_twice"), or keep-apart pairs no plan keeps apart ("draw_keep_apart_impossible").
    """
    players = list(players)
    if len(players) < 4:
        raise Invalid("draw_too_few", players=len(players), least=4)
    index = {player: number for number, player in enumerate(players)}
    if len(index) != len(players):
        raise Invalid("draw_player_twice")
    apart = [(a, b) for a, b in keep_apart if a in index and b in index and a != b]
    number = len(history) + 1
    rng = random.Random(_seed_text(players, history, apart, seed, number, attempt, passen))

    past = list(history)
    planned = []
    for _ in range(max(1, (passen or number) - number + 1)):
        out = sit_outs(players, past, sitting_out(len(players)), rng)
        planned.append(out)
        past.append(Plan((), out))
    seated = [[index[p] for p in players if p not in out] for out in planned]

    mates, partners = _met(history, index)
    never = square(len(players))
    for a, b in apart:
        never[index[a]][index[b]] = never[index[b]][index[a]] = 1

    sizes = table_sizes(len(seated[0]))
    floor = _floor(history, [frozenset(players[i] for i in s) for s in seated], sizes)
    seats = search(mates, partners, never, seated, sizes, rng, budget, floor)[0]
    tables, start = [], 0
    for size in sizes:
        tables.append(tuple(players[i] for i in seats[start : start + size]))
        start += size
    if any(never[index[a]][index[b]] for table in tables for a in table for b in table):
        raise Invalid("draw_keep_apart_impossible")
    return Plan(tuple(tables), planned[0], seed=str(seed), attempt=attempt)


def _met(history: Sequence[Plan], index: dict[Player, int]) -> tuple[Matrix, Matrix]:
    """How often each two players (by number) sat at one table, and as partners, before."""
    mates, partners = square(len(index)), square(len(index))
    for plan in history:
        for table in plan.tables:
            for counts, pairs in ((mates, mate_pairs(table)), (partners, partner_pairs(table))):
                for pair in pairs:
                    if pair <= index.keys():
                        a, b = (index[player] for player in pair)
                        counts[a][b] += 1
                        counts[b][a] += 1
    return mates, partners


def _floor(history: Sequence[Plan], planned: list[frozenset], sizes: tuple[int, ...]) -> int:
    """A cost below which no plan of the Passen planned goes (`scorer.club.bounds`): without a
    third meeting, each planned Passe repeats at least P(j, i) pairs of each Passe i before it,
    different pairs for each i, and in the Passe being drawn those of the Passen played weigh
    1 + NOW times; a third meeting alone costs more than all of it. The search stops at a plan
    this cheap: small fields, which must repeat, then take as long as that plan takes to find,
    not the whole budget."""
    rows = tuple(sorted(sizes))
    cost = 0
    for j, seated in enumerate(planned):
        for plan in history:
            groups = [sum(p in seated for p in table) for table in plan.tables]
            new = len(seated) - sum(groups)
            taken = least_pairs(rows, tuple(sorted([*groups, *[1] * new])))
            cost += (1 + NOW * (j == 0)) * MATE * taken
        for earlier in planned[:j]:
            cost += MATE * forced(Field(earlier, sizes), Field(seated, sizes))
    return cost


def _seed_text(players, history, apart, seed, number, attempt, passen) -> str:
    """The string the random generator is seeded with: every argument of the draw, written out
    in a fixed order (the players' ids as repr, so numbers and strings are stable)."""
    past = [(plan.tables, plan.sit_out) for plan in history]
    return repr((str(seed), number, attempt, passen, players, past, sorted(map(repr, apart))))
