"""The fewest repeats an evening can have (scorer/club/bounds.py): exact where every plan can be
counted (8 players over 3 Passen), reached by a plan where one is known, and never above what
any plan repeats (random plans of random fields, with sit-outs, players who come and go and
tables of six)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.club.bounds import Field, fields, least, least_pairs
from scorer.club.plan import Plan, pairs_of, sitting_out, table_sizes


def tables_of_four(players: tuple[int, ...]):
    """Every way to seat these players at tables of four (tables unordered)."""
    if not players:
        yield ()
        return
    first, rest = players[0], players[1:]
    for mates in combinations(rest, 3):
        table = (first, *mates)
        left = tuple(p for p in rest if p not in mates)
        for more in tables_of_four(left):
            yield (table, *more)


def repeats(plans) -> tuple[int, int]:
    """Repeats at one table (every meeting after a pair's first) and third or later meetings."""
    mates, _ = pairs_of(plans)
    return sum(n - 1 for n in mates.values()), sum(max(0, n - 2) for n in mates.values())


def rotation(players: int, passen: int) -> list[Field]:
    """The fields of an evening whose sit-outs go round in order."""
    out, found = sitting_out(players), []
    for number in range(passen):
        gone = {(number * out + i) % players for i in range(out)}
        seated = frozenset(range(players)) - gone
        found.append(Field(seated, table_sizes(len(seated))))
    return found


def test_eight_players_over_three_passen_every_plan_counted():
    """35 ways to seat 8 players at two tables; the first Passe fixed (any other is the same
    with the players renamed), every second and third: at least 8 repeats, then four pairs meet
    three times; without a third meeting at least 12. The bounds say exactly that."""
    ways = [Plan(tables) for tables in tables_of_four(tuple(range(8)))]
    assert len(ways) == 35
    found = {repeats([ways[0], second, third]) for second in ways for third in ways}
    assert min(r for r, _ in found) == 8 and (8, 4) in found
    assert min(r for r, thirds in found if thirds == 0) == 12
    assert least(fields(ways[:3])) == least(rotation(8, 3))
    assert (least(rotation(8, 3)).repeats, least(rotation(8, 3)).clean) == (8, 12)
    assert least(rotation(8, 3)).thirds == 0


def test_twelve_players_take_a_pair_of_each_earlier_passe_into_every_table():
    """However 12 players sit at three tables, each table holds two who sat together at any
    earlier Passe's table (four players from three tables): 3 pairs per earlier Passe, which
    some plan reaches. So 3 Passen repeat at least 6 pairs, and 9 without a third meeting:
    6 needs three pairs at one table three times."""
    first = ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11))
    ways = list(tables_of_four(tuple(range(12))))
    assert len(ways) == 5775
    taken = [quality_of(first, way) for way in ways]
    assert min(taken) == 3
    bound = least(rotation(12, 3))
    assert (bound.repeats, bound.clean, bound.thirds) == (6, 9, 0)
    second = ((0, 1, 4, 8), (2, 5, 6, 9), (3, 7, 10, 11))
    third = ((0, 1, 7, 9), (5, 6, 3, 8), (10, 11, 2, 4))
    assert repeats([Plan(first), Plan(second), Plan(third)]) == (6, 3)


def quality_of(earlier, later) -> int:
    """Pairs at the later plan's tables who sat at one table of the earlier one."""
    together = {frozenset(p) for table in earlier for p in combinations(table, 2)}
    return sum(frozenset(p) in together for table in later for p in combinations(table, 2))


@pytest.mark.parametrize(
    ("players", "passen", "expected"),
    [
        (4, 3, (12, 6, 18)),  # one table: every pair three times
        (8, 7, (56, 28, 84)),  # 21 seats beside each, 7 others: each pair three times
        (9, 3, (6, 0, 9)),  # one sits out each Passe
        (12, 5, (24, 0, 30)),
        (13, 5, (12, 0, 20)),
        (16, 5, (0, 0, 0)),
        (40, 6, (0, 0, 0)),
    ],
)
def test_the_bounds_of_some_evenings(players, passen, expected):
    """(fewest repeats, fewest third meetings, fewest repeats without a third meeting)."""
    bound = least(rotation(players, passen))
    assert (bound.repeats, bound.thirds, bound.clean) == expected


def brute_least_pairs(rows, columns) -> int:
    """The fewest pairs of one column in one row, by trying every filling."""
    best = None

    def fill(row, left, cost):
        nonlocal best
        if row == len(rows):
            best = cost if best is None else min(best, cost)
            return

        def split(column, need, taken, cost):
            if column == len(left):
                if need == 0:
                    fill(row + 1, [a - b for a, b in zip(left, taken, strict=True)], cost)
                return
            for a in range(min(need, left[column]) + 1):
                split(column + 1, need - a, [*taken, a], cost + a * (a - 1) // 2)

        split(0, rows[row], [], cost)

    fill(0, list(columns), 0)
    return best


@pytest.mark.parametrize(
    ("rows", "columns"),
    [
        ((4, 4), (4, 4)),
        ((4, 4, 4), (4, 4, 4)),
        ((4, 6), (4, 6)),
        ((4, 4, 6), (6, 4, 4)),
        ((4, 4, 4), (4, 4, 3, 1)),
        ((4, 4), (3, 3, 1, 1)),
        ((6,), (4, 1, 1)),
        ((4, 4, 4, 4), (4, 4, 4, 4)),
        ((4, 4, 4, 4), (6, 4, 4, 2)),
    ],
)
def test_the_fewest_pairs_a_passe_takes_from_another_is_the_least_of_every_filling(rows, columns):
    assert least_pairs(rows, columns) == brute_least_pairs(rows, columns)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(4, 14), passen=st.integers(1, 5))
def test_no_plan_repeats_less_than_the_bounds(seed, players, passen):
    """Random plans of random fields (players who sit out, come and go; a table of six where
    2 are left over): never fewer repeats or third meetings than the bounds say, and never
    fewer repeats without a third meeting than `clean`."""
    rng = random.Random(seed)
    plans = []
    for _ in range(passen):
        present = rng.sample(range(players + 3), players)
        rng.shuffle(present)
        seated = present[sitting_out(len(present)) :]
        tables, start = [], 0
        for size in table_sizes(len(seated)):
            tables.append(tuple(seated[start : start + size]))
            start += size
        plans.append(Plan(tuple(tables)))
    bound = least(fields(plans))
    found, thirds = repeats(plans)
    assert found >= bound.repeats and thirds >= bound.thirds
    if thirds == 0:
        assert found >= bound.clean


def test_rows_and_columns_must_seat_as_many():
    with pytest.raises(ValueError):
        least_pairs((4, 4), (4, 3))
