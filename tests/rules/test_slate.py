"""The chalk slate: totals, the stroke split of Slate.write, and tallies."""

import pytest

from scorer.slate import Slate, tally


def test_pagat_slates():
    assert Slate(19, 5, 18, 8).total == 2518
    assert Slate(8, 6, 12, 7).total == 1347


def test_negative_rest_reads_right():
    # 257 as two 100s, three 20s and "-3" (000)
    assert Slate(2, 0, 3, -3).total == 257


def test_empty_slate():
    assert Slate().total == 0
    assert Slate() == Slate(0, 0, 0, 0)


def test_match_written():
    assert Slate().write(257) == Slate(2, 1, 0, 7)


def test_hand_written():
    assert Slate().write(157) == Slate(1, 1, 0, 7)


@pytest.mark.parametrize(
    "points, slate",
    [
        (0, Slate(0, 0, 0, 0)),
        (19, Slate(0, 0, 0, 19)),
        (20, Slate(0, 0, 1, 0)),
        (49, Slate(0, 0, 2, 9)),
        (50, Slate(0, 1, 0, 0)),
        (99, Slate(0, 1, 2, 9)),
        (100, Slate(1, 0, 0, 0)),
        (180, Slate(1, 1, 1, 10)),
        (134, Slate(1, 0, 1, 14)),
        (360, Slate(3, 1, 0, 10)),
    ],
)
def test_fresh_write(points, slate):
    assert Slate().write(points) == slate


def test_180_then_134():
    # 180 = 100 + 50 + 20 + 10; 134 = 100 + 20 + 14; the rests 10 + 14 = 24 give a 20 and 4.
    slate = Slate().write(180)
    assert slate == Slate(1, 1, 1, 10)
    slate = slate.write(134)
    assert slate == Slate(2, 1, 3, 4)
    assert slate.total == 314


def test_strokes_never_merge():
    # Two 50s stay two strokes on the diagonal (an X), never a 100.
    slate = Slate().write(157).write(157)
    assert slate == Slate(2, 2, 0, 14)
    assert slate.total == 314


def test_rest_overflow_to_twenties():
    slate = Slate(2, 2, 0, 14).write(13)
    assert slate == Slate(2, 2, 1, 7)
    assert Slate(0, 0, 0, 19).write(19) == Slate(0, 0, 1, 18)
    assert Slate(0, 0, 0, 19).write(21) == Slate(0, 0, 2, 0)


def test_negative_write_comes_off_the_rest():
    slate = Slate(1, 0, 0, 5).write(-10)
    assert slate == Slate(1, 0, 0, -5)
    assert slate.total == 95
    assert slate.write(30) == Slate(1, 0, 1, 5)
    assert slate.write(30).total == 125


def test_write_does_not_change_the_slate():
    slate = Slate(1, 1, 1, 1)
    slate.write(100)
    assert slate == Slate(1, 1, 1, 1)


def test_tally():
    assert tally(12) == [5, 5, 2]
    assert tally(10) == [5, 5]
    assert tally(4) == [4]
    assert tally(0) == []
    assert tally(7, size=3) == [3, 3, 1]
