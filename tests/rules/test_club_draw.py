"""The draw of a club evening (issue 15): quality over whole evenings, keep-apart pairs, the
table of six, sit-outs in rotation, and the same plan from the same arguments."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.club.draw import draw
from scorer.club.plan import Plan, mate_pairs, pairs_of, partner_pairs, table_sizes
from scorer.club.quality import quality, so_far
from scorer.codes import Invalid


def evening(players, passen: int, seed="club", **options) -> list[Plan]:
    """The seat plans of a whole evening, each Passe drawn from the ones before."""
    history: list[Plan] = []
    for _ in range(passen):
        history.append(draw(players, history, seed=seed, passen=passen, **options))
    return history


def repeats(plans) -> tuple[int, int]:
    """Repeated table-mates and repeated partners over an evening: every meeting of a pair
    after its first."""
    mates, partners = pairs_of(plans)
    return sum(n - 1 for n in mates.values()), sum(n - 1 for n in partners.values())


def assert_valid(plan: Plan, players) -> None:
    """Every player seated once or sitting out once, at tables the draw uses."""
    placed = [*plan.seated(), *plan.sit_out]
    assert sorted(placed) == sorted(players)
    seated = len(players) - len(plan.sit_out)
    assert tuple(len(table) for table in plan.tables) == table_sizes(seated)


@pytest.mark.parametrize(
    ("players", "passen"),
    [(16, 5), (20, 4), (24, 4), (28, 5), (32, 5), (36, 5), (40, 5)],
)
def test_no_table_mate_twice(players, passen):
    plans = evening(range(players), passen)
    assert repeats(plans) == (0, 0)
    for plan in plans:
        assert_valid(plan, range(players))


@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_sixteen_players_meet_everyone_exactly_once(seed):
    """Five Passen of 16 leave no room: each plan must leave a way to finish."""
    mates, _ = pairs_of(evening(range(16), 5, seed))
    assert len(mates) == 16 * 15 // 2 and set(mates.values()) == {1}


def test_eight_players_never_partners_twice_in_seven_passen():
    plans = evening(range(8), 7)
    _, partners = repeats(plans)
    assert partners == 0
    # Two tables of four: from the second Passe on, at least 2 pairs meet again per table.
    assert [len(quality(p, plans[:i]).mates) for i, p in enumerate(plans)][:2] == [0, 4]
    # 21 seats beside each player, 7 others: every pair meets three times, no pair four.
    assert (so_far(plans).repeats, so_far(plans).thirds) == (56, 28)
    assert (so_far(plans).least.repeats, so_far(plans).least.thirds) == (56, 28)


@pytest.mark.parametrize(
    ("players", "passen", "least", "clean"),
    [(8, 3, 8, 12), (9, 3, 6, 9), (12, 3, 6, 9), (12, 5, 24, 30), (13, 3, 4, 6)],
)
@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_small_fields_repeat_the_fewest_possible_without_a_third_meeting(
    players, passen, least, clean, seed
):
    """Fewer repeats (`least`) only where pairs meet a third time: the draw takes the fewest
    without (`clean`), every pair at most twice at one table."""
    plans = evening(range(players), passen, seed)
    said = so_far(plans)
    assert (said.least.repeats, said.least.clean, said.least.thirds) == (least, clean, 0)
    assert (said.repeats, said.thirds) == (clean, 0)
    assert max(pairs_of(plans)[0].values()) == 2


def test_a_third_meeting_weighs_more_than_any_number_of_second_ones():
    """8 players after two Passen that repeated 4 pairs: the third Passe repeats 4 pairs a
    third time (8 in all) or 8 pairs a second time (12 in all); always the second."""
    history = [
        Plan(((0, 1, 2, 3), (4, 5, 6, 7))),
        Plan(((0, 4, 1, 5), (2, 6, 3, 7))),
    ]
    for attempt in range(6):
        plan = draw(range(8), history, seed="drei", attempt=attempt, passen=3)
        said = quality(plan, history)
        assert said.thirds == () and len(said.mates) == 8 and said.partners == ()


def test_ten_players_over_four_passen_meet_a_third_time_only_where_they_must():
    """A table of six and one of four: every plan of 4 Passen (counted: the first fixed, 210
    ways each for the others) has 6 third meetings at least, and then 45 repeats; the draw
    finds that."""
    for seed in ("a", "b"):
        said = so_far(evening(range(10), 4, seed))
        assert (said.thirds, said.repeats) == (6, 45)


def test_twelve_players_never_partners_twice():
    plans = evening(range(12), 6)
    assert repeats(plans)[1] == 0
    assert all(quality(p, plans[:i]).mates for i, p in enumerate(plans) if i)


@pytest.mark.parametrize("players", [10, 14, 18])
def test_a_table_of_six_takes_a_remainder_of_two(players):
    for plan in evening(range(players), 3):
        assert [len(t) for t in plan.tables] == [6] + [4] * ((players - 6) // 4)
        assert plan.sit_out == ()
        assert_valid(plan, range(players))
    six = (0, 1, 2, 3, 4, 5)
    assert {frozenset(p) for p in partner_pairs(six)} == {
        frozenset(p) for p in [(0, 2), (0, 4), (2, 4), (1, 3), (1, 5), (3, 5)]
    }
    assert len(list(mate_pairs(six))) == 15


def test_six_players_play_three_against_three_and_partners_change():
    plans = evening(range(6), 2)
    assert [len(t) for p in plans for t in p.tables] == [6, 6]
    assert repeats(plans)[1] <= 2  # two teams of three cannot avoid every former partner


@pytest.mark.parametrize(("players", "out"), [(13, 1), (15, 3), (9, 1), (7, 3)])
def test_sit_outs_go_round(players, out):
    """Nobody sits out twice before everyone has sat out once."""
    plans = evening(range(players), 7, budget=2_000)
    times = dict.fromkeys(range(players), 0)
    for plan in plans:
        assert len(plan.sit_out) == out
        assert_valid(plan, range(players))
        for player in plan.sit_out:
            times[player] += 1
        assert max(times.values()) - min(times.values()) <= 1


def test_thirteen_players_sit_out_once_each_in_thirteen_passen():
    plans = evening(range(13), 13, budget=1_000)
    assert sorted(p for plan in plans for p in plan.sit_out) == list(range(13))


def test_sit_outs_are_read_from_the_history():
    """Who sat out comes from the earlier plans: whoever has not sat out yet goes first."""
    history = [Plan(((0, 1, 2, 3),), (4,))]
    assert draw(range(5), history, seed=1).sit_out != (4,)
    history = [Plan(((0, 1, 2, 3),), (4,)), Plan(((4, 1, 2, 3),), (0,))]
    assert draw(range(5), history, seed=1).sit_out in {(1,), (2,), (3,)}


def test_keep_apart_pairs_never_share_a_table():
    couples = [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11)]
    plans = evening(range(16), 5, keep_apart=couples)
    for plan in plans:
        assert quality(plan, [], couples).apart == ()
        for table in plan.tables:
            assert not any({a, b} <= set(table) for a, b in couples)
    assert repeats(plans)[1] == 0


def test_keep_apart_that_no_plan_keeps_is_refused():
    with pytest.raises(Invalid) as refused:
        draw(range(4), keep_apart=[(0, 1)], budget=500)
    assert refused.value.code.key == "draw_keep_apart_impossible"


def test_too_few_or_twice_is_refused():
    with pytest.raises(Invalid) as refused:
        draw(range(3))
    assert refused.value.code == ("draw_too_few", {"players": 3, "least": 4})
    with pytest.raises(Invalid) as refused:
        draw([1, 2, 3, 4, 1])
    assert refused.value.code.key == "draw_player_twice"


def test_the_same_arguments_give_the_same_plan():
    history = evening(range(20), 2, seed=7)
    again = evening(range(20), 2, seed=7)
    assert again == history
    plan = draw(range(20), history, seed=7, attempt=0, passen=4)
    assert draw(range(20), history, seed=7, attempt=0, passen=4) == plan
    assert (plan.seed, plan.attempt) == ("7", 0)


def test_a_redraw_is_the_next_attempt():
    plans = {draw(range(24), seed="x", attempt=n).tables for n in range(4)}
    assert len(plans) > 1
    redrawn = draw(range(24), seed="x", attempt=1)
    assert redrawn.attempt == 1 and redrawn.seed == "x"
    assert draw(range(24), seed="y").tables != draw(range(24), seed="x").tables


def test_the_plan_is_the_same_in_another_process():
    """Seeded from a string, never from hash(), which Python salts per process."""
    import subprocess
    import sys

    script = (
        "from scorer.club.draw import draw;"
        "print(draw(['Anna', 'Beat', 'Cla', 'Dora', 'Eva', 'Fritz', 'Gabi', 'Hans'],"
        " seed='abend', budget=300).tables)"
    )
    runs = {
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": str(n)},
        ).stdout
        for n in (1, 2)
    }
    assert len(runs) == 1


def test_players_can_be_any_names():
    players = ["Anna", "Beat", "Cla", "Dora", "Eva", "Fritz", "Gabi", "Hans", "Ida", "Jon"]
    plans = evening(players, 3)
    for plan in plans:
        assert_valid(plan, players)
    assert repeats(plans)[1] == 0


def test_quality_names_the_pairs_that_meet_again():
    history = [Plan(((0, 1, 2, 3), (4, 5, 6, 7)))]
    plan = Plan(((0, 4, 2, 5), (1, 6, 3, 7)))
    said = quality(plan, history)
    assert said.partners == ((0, 2), (1, 3))
    assert said.mates == ((0, 2), (4, 5), (1, 3), (6, 7))
    assert said.to_dict()["partners_repeated"] == 2
    assert said.to_dict()["mates_repeated"] == 4


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(4, 40),
    passen=st.integers(1, 3),
    seed=st.integers(0, 10**6),
    data=st.data(),
)
def test_any_history_gives_a_valid_plan(players, passen, seed, data):
    """Any number of players after any earlier plans (also of other players): everyone once."""
    history = []
    for _ in range(passen):
        present = data.draw(st.lists(st.integers(0, 45), min_size=4, max_size=44, unique=True))
        history.append(draw(present, history, seed=seed, budget=300))
    plan = draw(range(players), history, seed=seed, budget=300)
    assert_valid(plan, range(players))
    assert len(plan.sit_out) == (players % 4 if players % 4 in (1, 3) else 0)
