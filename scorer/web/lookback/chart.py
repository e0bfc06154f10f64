"""A game's course as a line chart, drawn by the server: each side's figure after every entry
as a line in an SVG (templates/lookback/_chart.html draws it from the geometry made here).
No script: the phone gets the picture ready made, and prints it as it sees it."""

from __future__ import annotations

import math
from dataclasses import dataclass

WIDTH, HEIGHT = 340, 220  # the drawing's own units (viewBox); it scales to the screen
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 22, 26  # room for the figures beside and under it
SERIES = 6  # styles for up to six lines (Differenzler's six players), each its own dash too


@dataclass(frozen=True)
class Line:
    """One side's line: its name, its figures, the points as SVG wants them, where it ends."""

    name: str
    values: tuple[float, ...]
    points: str  # "x,y x,y …"
    style: int  # 0 to SERIES-1: the line's colour and dash (series-<n> in the style sheet)
    end: tuple[float, float]


@dataclass(frozen=True)
class Tick:
    """A figure on an axis and where it stands."""

    value: int
    at: float


@dataclass(frozen=True)
class Chart:
    """What the template draws: the box, the lines, the ticks of both axes, the goal line."""

    width: int
    height: int
    left: int
    right: float
    top: int
    bottom: float
    lines: tuple[Line, ...]
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]
    goal: Tick | None


def _step(span: float, count: int) -> int:
    """A round step (1, 2, 5, 10, 20, 50, …) giving about `count` ticks over `span`."""
    rough = max(span / count, 1)
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor >= rough:
                return step * factor
        step *= 10


def _ticks(low: int, high: int, count: int) -> list[int]:
    step = _step(high - low, count)
    first = -(-low // step) * step  # the first multiple of step at or above low
    return list(range(first, high + 1, step))


def chart(
    names: list[str],
    course: tuple[tuple[float, ...], ...],
    goal: int | None,
    zero: bool = True,
) -> Chart:
    """The chart of a game: one line per side through its figures after each entry (the first
    figure is the start, before any entry), and the goal as a line when the game has one.
    Without `zero` the axis spans only the figures (ratings move around 25, far from 0)."""
    entries = max((len(values) for values in course), default=1) - 1
    figures = [v for values in course for v in values]
    if zero:
        low = min([0, *figures])
        high = max([1, *figures, *([goal] if goal else [])])
    else:
        low = math.floor(min(figures, default=0))
        high = max(math.ceil(max(figures, default=1)), low + 1)
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM

    def x(index: int) -> float:
        return round(LEFT + (right - LEFT) * index / max(entries, 1), 1)

    def y(value: int) -> float:
        return round(bottom - (bottom - TOP) * (value - low) / (high - low), 1)

    lines = tuple(
        Line(
            name,
            tuple(values),
            " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values)),
            number % SERIES,
            (x(len(values) - 1), y(values[-1])) if values else (LEFT, bottom),
        )
        for number, (name, values) in enumerate(zip(names, course, strict=True))
    )
    x_ticks = tuple(Tick(n, x(n)) for n in _ticks(1, max(entries, 1), 6) if 0 < n <= entries)
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        left=LEFT,
        right=right,
        top=TOP,
        bottom=bottom,
        lines=lines,
        y_ticks=tuple(Tick(v, y(v)) for v in _ticks(low, high, 5)),
        x_ticks=x_ticks,
        goal=Tick(goal, y(goal)) if goal else None,
    )
