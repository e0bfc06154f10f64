"""The draw of fixed pairs (Partnerschieber): pair against pair, no pair met twice while that
can be, couples kept apart, a pair sitting out in turn, the same arguments the same plan."""

from __future__ import annotations

import pytest

from scorer.club.pairs import draw_pairs
from scorer.codes import Invalid


def pairs_of(n: int) -> list[tuple[int, int]]:
    return [(2 * i, 2 * i + 1) for i in range(n)]


def evening(pairs, passen, **options):
    history = []
    for _ in range(passen):
        history.append(draw_pairs(pairs, history, seed="club", **options))
    return history


def meetings(plans) -> list[frozenset]:
    return [frozenset((t[0] // 2, t[1] // 2)) for plan in plans for t in plan.tables]


@pytest.mark.parametrize("pairs, passen", [(4, 3), (8, 7), (10, 6), (12, 5), (20, 6)])
def test_no_pair_meets_another_twice_while_a_round_robin_allows(pairs, passen):
    plans = evening(pairs_of(pairs), passen)
    met = meetings(plans)
    assert len(met) == len(set(met)) == passen * pairs // 2
    for plan in plans:
        for a1, b1, a2, b2 in plan.tables:  # partners face each other: the fixed pairs
            assert a2 == a1 + 1 and b2 == b1 + 1 and a1 % 2 == 0 and b1 % 2 == 0


def test_an_odd_number_of_pairs_sits_out_one_pair_at_a_time_nobody_twice_before_all_once():
    plans = evening(pairs_of(5), 5)
    out = [plan.sit_out for plan in plans]
    assert all(len(o) == 2 for o in out)
    assert sorted(o[0] // 2 for o in out) == [0, 1, 2, 3, 4]


def test_couples_kept_apart_never_meet_and_the_same_arguments_give_the_same_plan():
    apart = [(0, 2), (4, 7)]  # pair 0 never against pair 1, pair 2 never against pair 3
    plans = evening(pairs_of(6), 4, keep_apart=apart)
    for met in meetings(plans):
        assert met not in (frozenset((0, 1)), frozenset((2, 3)))
    assert evening(pairs_of(6), 4, keep_apart=apart) == plans
    other = draw_pairs(pairs_of(6), [], seed="club", attempt=1)
    assert other.attempt == 1


def test_too_few_pairs_or_a_player_twice_is_refused_with_a_code():
    with pytest.raises(Invalid) as few:
        draw_pairs([(0, 1)])
    assert few.value.code == ("draw_too_few", {"players": 2, "least": 4})
    with pytest.raises(Invalid) as twice:
        draw_pairs([(0, 1), (1, 2)])
    assert twice.value.code.key == "draw_player_twice"
    with pytest.raises(Invalid) as apart:
        draw_pairs([(0, 1), (2, 3)], keep_apart=[(0, 3)])
    assert apart.value.code.key == "draw_keep_apart_impossible"
