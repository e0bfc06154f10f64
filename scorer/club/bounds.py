"""The fewest repeats an evening can have: lower bounds from counting, that no draw beats.

A repeat is a pair at one table again: a pair that sat together m times repeats m - 1 times,
and m - 2 of those are a third (or later) meeting. The bounds hold for any seat plans with the
same fields: who is seated in each Passe and the sizes of its tables (who sits out is the
rotation's choice, never the search's). They count "units": players, or at a Partnerschieber
the fixed pairs, whose tables are two pairs.

Three ways to count, each a bound; the larger one holds:

- pairs: every table of s units makes s(s-1)/2 meetings, and a pair of units that can meet
  (they are seated in one Passe at least) meets once without a repeat, twice without a third
  meeting: the meetings beyond that number are repeats (beyond twice that, third meetings);
- units: a unit seated at a table of 4 meets 3 others, over its Passen as many as it has seats
  beside it, among the units it can meet; what is beyond them it meets again;
- tables (pigeonhole): 12 players at 3 tables fill each table of a later Passe from only 3 of
  an earlier Passe's tables, so two of its four sat together then. The fewest pairs a Passe
  j's tables take from one earlier Passe i, P(j, i), is a small transport problem. Passe j
  repeats at least P(j, i) pairs of each earlier Passe i; without a third meeting, these are
  different pairs for different i (a pair of Passen i and i' met in j a third time), so Passe
  j repeats their sum. Hence 12 players over 3 Passen repeat at least 6 pairs (3 in Passe 2, 3
  more in Passe 3), but 9 if no pair may meet a third time (3 of Passe 1 and 3 of Passe 2 in
  Passe 3); 8 players over 3 Passen at least 8, and 12 without a third meeting.

`least` takes the fields of the Passen; `fields` reads them from seat plans; `forced` is
P(j, i) from the sizes, `least_pairs` the transport problem behind it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from scorer.club.plan import Plan

Unit = Hashable


@dataclass(frozen=True)
class Field:
    """One Passe as the bounds see it: the units at its tables and the tables' sizes."""

    seated: frozenset
    sizes: tuple[int, ...]


@dataclass(frozen=True)
class Least:
    """The fewest repeats possible (any number of them third meetings), the fewest third (or
    later) meetings possible, and the fewest repeats possible without any third meeting (when
    `thirds` is above 0 there is no such evening: it is a bound on nothing)."""

    repeats: int
    thirds: int
    clean: int

    @property
    def reachable(self) -> int:
        """The fewest repeats the draw, which avoids a third meeting before anything else, can
        aim at: without third meetings where none is forced, else with the fewest."""
        return self.clean if self.thirds == 0 else self.repeats


def fields(plans: Iterable[Plan]) -> list[Field]:
    """The fields of seat plans of single players: who sat at a table, and the tables' sizes."""
    return [
        Field(frozenset(plan.seated()), tuple(len(table) for table in plan.tables))
        for plan in plans
    ]


def least(passen: Sequence[Field]) -> Least:
    """The bounds for an evening of these Passen (see the module's words)."""
    incidences = sum(s * (s - 1) // 2 for field in passen for s in field.sizes)
    meetable = _meetable(passen)
    units = _units(passen)
    over_once = sum(max(0, slots - others) for slots, others in units)
    over_twice = sum(max(0, slots - 2 * others) for slots, others in units)
    most = [0] * len(passen)  # Passe j repeats at least this many, third meetings allowed
    total = [0] * len(passen)  # and at least this many without one
    for j, later in enumerate(passen):
        for earlier in passen[:j]:
            taken = forced(earlier, later)
            most[j] = max(most[j], taken)
            total[j] += taken
    repeats = max(incidences - meetable, -(-over_once // 2), sum(most), 0)
    thirds = max(incidences - 2 * meetable, -(-over_twice // 2), 0)
    return Least(repeats, thirds, max(repeats, sum(total)))


def forced(earlier: Field, later: Field) -> int:
    """P(j, i): the fewest pairs the tables of Passe `later` can take from the tables of
    Passe `earlier`, over every plan of both with these fields. The units of the earlier Passe
    who are not seated in the later one leave its tables where that spreads the rest most
    evenly (the largest tables first: the more even, the fewer pairs); those seated only in
    the later one met nobody in the earlier one."""
    gone = len(earlier.seated - later.seated)
    groups = sorted(earlier.sizes, reverse=True)
    for _ in range(gone):
        groups[0] -= 1
        groups.sort(reverse=True)
    new = len(later.seated - earlier.seated)
    return least_pairs(tuple(sorted(later.sizes)), tuple(sorted([*groups, *[1] * new])))


@lru_cache(maxsize=1024)
def least_pairs(rows: tuple[int, ...], columns: tuple[int, ...]) -> int:
    """The fewest pairs of one column in one row, over the ways of filling rows of these sizes
    (the later Passe's tables) from columns of these sizes (the earlier Passe's tables): a
    matrix with these row and column sums, each cell of a units making a(a-1)/2 pairs. 0
    where no row need take two of a column (Gale and Ryser: a 0/1 matrix with these sums exists);
    else the least by successive shortest paths, a unit at a time (the cost of a cell is
    convex, so this is exact). Only small fields come here: with 6 tables or more it is 0."""
    columns = tuple(c for c in columns if c)
    if sum(rows) != sum(columns):
        raise ValueError((rows, columns))  # a programming error: the sums must be equal
    if _spread(rows, columns):
        return 0
    r, c = len(rows), len(columns)
    cells = [[0] * c for _ in range(r)]
    left, wanted = list(rows), list(columns)
    cost = 0
    for _ in range(sum(rows)):
        dist, came = _paths(cells, left)
        end = min((j for j in range(c) if wanted[j]), key=lambda j: dist[r + j])
        cost += dist[r + end]
        wanted[end] -= 1
        node = r + end
        while came[node] is not None:
            before = came[node]
            if node >= r:  # a unit more of column node - r in row before
                cells[before][node - r] += 1
            else:  # a unit of column before - r moved out of row node
                cells[node][before - r] -= 1
            node = before
        left[node] -= 1
    return cost


def _paths(cells: list[list[int]], left: list[int]) -> tuple[list, list]:
    """Shortest paths (Bellman-Ford: moving a unit out of a cell earns back) from the rows with
    units left to each column: a unit more in cell (i, j) costs its count, a unit less earns
    its count less one."""
    r, c = len(cells), len(cells[0])
    far = float("inf")
    dist: list[float] = [0 if left[i] else far for i in range(r)] + [far] * c
    came: list[int | None] = [None] * (r + c)
    for _ in range(r + c):
        changed = False
        for i in range(r):
            if dist[i] < far:
                for j in range(c):
                    if dist[i] + cells[i][j] < dist[r + j]:
                        dist[r + j], came[r + j], changed = dist[i] + cells[i][j], i, True
        for j in range(c):
            if dist[r + j] < far:
                for i in range(r):
                    if cells[i][j] and dist[r + j] - (cells[i][j] - 1) < dist[i]:
                        dist[i], came[i], changed = dist[r + j] - (cells[i][j] - 1), r + j, True
        if not changed:
            break
    return dist, came


def _spread(rows: Sequence[int], columns: Sequence[int]) -> bool:
    """Whether rows of these sizes can be filled with at most one unit of each column
    (Gale-Ryser: the k largest columns fit into k units of every row, for every k)."""
    largest = sorted(columns, reverse=True)
    taken = 0
    # From k = the largest row on, every row takes k or all it seats: nothing more to check.
    for k, column in enumerate(largest[: max(rows, default=0)], 1):
        taken += column
        if taken > sum(min(row, k) for row in rows):
            return False
    return True


def _meetable(passen: Sequence[Field]) -> int:
    """How many pairs of units are seated in one Passe at least: counted by the set of Passen
    each unit is seated in (few different sets, however many units)."""
    played = _played(passen)
    kinds = [(when, count) for when, count in played.items() if when]
    pairs = sum(count * (count - 1) // 2 for _, count in kinds)
    for a, (one, many) in enumerate(kinds):
        pairs += sum(many * other for two, other in kinds[a + 1 :] if one & two)
    return pairs


def _units(passen: Sequence[Field]) -> list[tuple[int, int]]:
    """Each unit's seats beside it at the least (tables of 4: 3 a Passe; a Passe of one table
    of six: 5), and how many units it can meet: those seated in a Passe with it."""
    played = _played(passen)
    found = []
    for when, count in played.items():
        if not when:
            continue
        slots = sum(min(passen[j].sizes, default=1) - 1 for j in when)
        others = len(frozenset().union(*(passen[j].seated for j in when))) - 1
        found += [(slots, others)] * count
    return found


def _played(passen: Sequence[Field]) -> Counter:
    """How many units are seated in just these Passen (by their indices), for each such set."""
    every = frozenset().union(*(field.seated for field in passen))
    return Counter(frozenset(j for j, f in enumerate(passen) if u in f.seated) for u in every)
