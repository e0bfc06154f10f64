"""The slate stays readable: no stroke crosses another at any total, in either half and view.

A team's half of the slate (scorer/web/schieber/slate.py) is drawn for every total from 0 to 5000,
each as several slates a game can leave behind (one write, many 50s, many 20s, mixes of them, a
negative rest) and as the slates of simulated games after every write. The test reads the SVG
back: it groups the lines into stroke groups (a tally group of up to five on the top or bottom
line, a place of one or two 50 strokes that form an X), widens every line by half its chalk
width and checks the boxes:

- no two stroke groups touch; no stroke group or text leaves the viewBox;
- a tally group crosses its own line of the Z and no other; a 50 crosses the diagonal and
  touches neither the top nor the bottom line;
- the written rest, the marks and the figures touch no stroke and no line of the Z.

The Z view (html default) shows .z, .s100, .s50 and .s20; the "ohne Z" view (html.no-z) hides
.z and .s50 and shows .s50-row instead (static/app.css). The far half is the same SVG turned
by CSS (.far .slate-half), so its drawing is checked by checking the SVG of team 1.

Past 5000 points (a custom target goes to 100000) strokes are drawn closer and closer; see the
module docstring of slate_svg.py for where they may start to touch.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from scorer.slate import Slate
from scorer.web.schieber.slate import slate_svg

CSS = (Path(__file__).parents[2] / "static" / "app.css").read_text(encoding="utf-8")
PAD = 1.5  # how far a line's chalk reaches beside it (its stroke width, 2.4 or 3, halved)
GLYPH = 0.6  # a character's width in font-size units, on the safe side for digits and letters
ASCENT, DESCENT = 0.8, 0.3  # a text line's height above and below its baseline, in font sizes


def _font_sizes() -> dict[str, float]:
    """The font size of each text class of the slate, the largest static/app.css gives it in
    any view (the compact slate writes larger in the drawing's units): a larger text only
    reaches further, so the largest is the one to check."""
    sizes: dict[str, float] = {}
    rules = re.findall(r"\.slate-half (\.[\w-]+|:is\([^)]*\)) \{[^}]*font-size: ([\d.]+)px", CSS)
    for selector, size in rules:
        for cls in re.findall(r"\.([\w-]+)", selector):
            sizes[cls] = max(sizes.get(cls, 0.0), float(size))
    assert {"team-name", "team-total", "rest", "marks"} <= sizes.keys(), sizes
    return sizes


FONT = _font_sizes()

LINE = re.compile(
    r'<line class="([\w-]+)" x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)"/>'
)
Segment = tuple[float, float, float, float]
PATH = re.compile(r'<path class="([\w-]+)" d="([^"]*)"/>')
STEP = re.compile(r"m(-?[\d.]+) (-?[\d.]+)l(-?[\d.]+) (-?[\d.]+)")


def segments(svg: str) -> dict[str, list[Segment]]:
    """Every line drawn, by class: the Z's lines, and the strokes of each path (a relative move
    to a stroke's start and a relative line to its end, one after the other)."""
    found: dict[str, list[Segment]] = {}
    for cls, *xy in LINE.findall(svg):
        found.setdefault(cls, []).append(tuple(float(v) for v in xy))
    for cls, d in PATH.findall(svg):
        assert STEP.sub("", d) == "", f"{cls}: not moves and lines alone: {d!r}"
        x = y = 0.0
        for dx, dy, lx, ly in STEP.findall(d):
            x, y = x + float(dx), y + float(dy)
            found.setdefault(cls, []).append((x, y, x + float(lx), y + float(ly)))
            x, y = x + float(lx), y + float(ly)
    return found


TEXT = re.compile(r"<text ([^>]*)>([^<]*)</text>")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    def wider(self, by: float) -> Box:
        return Box(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)

    def meets(self, other: Box) -> bool:
        return (
            self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1
        )

    def inside(self, other: Box) -> bool:
        return (
            other.x0 <= self.x0
            and self.x1 <= other.x1
            and other.y0 <= self.y0
            and self.y1 <= other.y1
        )

    def __str__(self) -> str:
        return f"({self.x0:.1f},{self.y0:.1f})-({self.x1:.1f},{self.y1:.1f})"


def _box(segments: list[Segment]) -> Box:
    xs = [x for s in segments for x in (s[0], s[2])]
    ys = [y for s in segments for y in (s[1], s[3])]
    return Box(min(xs), min(ys), max(xs), max(ys)).wider(PAD)


def _cuts(segment: Segment, box: Box) -> bool:
    """Whether the segment runs through the box (Liang-Barsky clipping)."""
    x1, y1, x2, y2 = segment
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in (
        (-dx, x1 - box.x0),
        (dx, box.x1 - x1),
        (-dy, y1 - box.y0),
        (dy, box.y1 - y1),
    ):
        if p == 0:
            if q <= 0:
                return False
        elif p < 0:
            low = max(low, q / p)
        else:
            high = min(high, q / p)
        if low >= high:
            return False
    return True


@dataclass
class Drawing:
    """One half of the slate as the test reads it back."""

    view: Box
    z: dict[str, Segment]  # "top", "diagonal", "bottom"
    groups: list[tuple[str, list[Segment]]]  # (name, lines) of every stroke group of a view
    texts: list[tuple[str, Box]]


def _vertical(s: Segment) -> bool:
    return abs(s[0] - s[2]) < 0.05


def _tally_groups(name: str, lines: list[Segment], line_y: float) -> list[tuple[str, list]]:
    """Up to four upright strokes across the line, closed by a fifth that crosses them."""
    groups: list[tuple[str, list]] = []
    upright: list[Segment] = []
    for s in lines:
        if _vertical(s):
            assert min(s[1], s[3]) < line_y < max(s[1], s[3]), f"{name} stroke off its line: {s}"
            upright.append(s)
            continue
        assert len(upright) == 4, f"{name}: a crossing stroke after {len(upright)} strokes"
        xs = [u[0] for u in upright]
        assert min(s[0], s[2]) < min(xs) and max(xs) < max(s[0], s[2]), f"{name}: short cross"
        groups.append((f"{name} group {len(groups) + 1}", [*upright, s]))
        upright = []
    if upright:
        assert len(upright) <= 4, f"{name}: {len(upright)} strokes without a crossing one"
        groups.append((f"{name} group {len(groups) + 1}", upright))
    return groups


def _rising(s: Segment) -> bool:
    return (s[2] - s[0]) * (s[3] - s[1]) < 0  # "/" in SVG, where y grows downwards


def _fifty_places(name: str, lines: list[Segment]) -> list[tuple[str, list]]:
    """A 50's stroke, and the one after it if it crosses it at its middle: two 50s as an X.
    (Two places drawn on top of each other stay two places, and so are found touching.)"""
    places: list[tuple[str, list]] = []
    for s in lines:
        middle = ((s[0] + s[2]) / 2, (s[1] + s[3]) / 2)
        if places and len(places[-1][1]) == 1:
            first = places[-1][1][0]
            at = ((first[0] + first[2]) / 2, (first[1] + first[3]) / 2)
            if (
                _rising(first) != _rising(s)
                and max(map(abs, (at[0] - middle[0], at[1] - middle[1]))) < 0.2
            ):
                places[-1][1].append(s)
                continue
        places.append((f"{name} place {len(places) + 1}", [s]))
    return places


def read(svg: str) -> tuple[Drawing, Drawing]:
    """The Z view and the "ohne Z" view of one SVG."""
    view = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    frame = Box(0, 0, float(view[1]), float(view[2]))
    lines = segments(svg)
    top, diagonal, bottom = lines.pop("z-line")
    assert top[1] == top[3] and bottom[1] == bottom[3] and top[1] < bottom[1], "the Z's lines"
    assert {*lines} <= {"s100", "s50", "s50-row", "s20"}, f"unknown lines: {set(lines)}"
    tallies = _tally_groups("100s", lines.get("s100", []), top[1])
    tallies += _tally_groups("20s", lines.get("s20", []), bottom[1])
    texts = []
    for attrs, content in TEXT.findall(svg):
        a = dict(ATTR.findall(attrs))
        size = FONT[a["class"]]
        width = float(a["textLength"]) if "textLength" in a else GLYPH * size * len(content)
        x, y = float(a["x"]), float(a["y"])
        x0 = {"start": x, "middle": x - width / 2, "end": x - width}[a.get("text-anchor", "start")]
        texts.append(
            (
                f"{a['class']} {content!r}",
                Box(x0, y - ASCENT * size, x0 + width, y + DESCENT * size),
            )
        )
    z = {"top": top, "diagonal": diagonal, "bottom": bottom}
    return (
        Drawing(frame, z, tallies + _fifty_places("50s", lines.get("s50", [])), texts),
        Drawing(frame, {}, tallies + _fifty_places("50s row", lines.get("s50-row", [])), texts),
    )


def problems(drawing: Drawing) -> list[str]:
    """Every pair of things that touch, and everything off the slate."""
    found = []
    everything = [(name, _box(lines)) for name, lines in drawing.groups] + drawing.texts
    for name, box in everything:
        if not box.inside(drawing.view):
            found.append(f"{name} {box} leaves the slate {drawing.view}")
    everything.sort(key=lambda item: item[1].x0)
    for i, (one, a) in enumerate(everything):
        for other, b in everything[i + 1 :]:
            if b.x0 >= a.x1:
                break
            if a.meets(b):
                found.append(f"{one} {a} touches {other} {b}")
    for name, box in everything:
        own = "top" if name.startswith("100s") else "bottom" if name.startswith("20s") else None
        own = "diagonal" if name.startswith("50s place") else own
        for line, segment in drawing.z.items():
            if line != own and _cuts(segment, box.wider(PAD)):
                found.append(f"{name} {box} touches the Z's {line} line")
    return found


NAMES = SimpleNamespace(teams=[SimpleNamespace(name="Wir"), SimpleNamespace(name="Ihr")])


def draw(slate: Slate, team: int, marks: bool = True) -> str:
    """A team's half for this slate; with marks, the longest they get (Bergpreis, won double)."""
    slates = [Slate(), Slate()]
    slates[team] = slate
    moment = SimpleNamespace(team=team)
    state = SimpleNamespace(
        slates=slates,
        totals=[s.total for s in slates],
        bergpreis=moment if marks else None,
        winner=moment if marks else None,
        schneider=marks,
    )
    return str(slate_svg(NAMES, state, team))


def check(slate: Slate, team: int, marks: bool = True) -> list[str]:
    svg = draw(slate, team, marks)
    z, no_z = read(svg)
    drawn = segments(svg)
    counts = {cls: len(drawn.get(cls, [])) for cls in ("s100", "s50", "s20", "s50-row")}
    assert counts == {
        "s100": slate.hundreds,
        "s50": slate.fifties,
        "s20": slate.twenties,
        "s50-row": slate.fifties,
    }, slate
    for name, lines in z.groups:
        if name.startswith("50s place"):  # an X's middle lies on the diagonal
            x1, y1, x2, y2 = z.z["diagonal"]
            mx, my = (lines[0][0] + lines[0][2]) / 2, (lines[0][1] + lines[0][3]) / 2
            on = (x2 - x1) * (my - y1) - (y2 - y1) * (mx - x1)
            assert abs(on) / ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 < 0.5, f"{name} off the Z"
    where = f"total {slate.total} as {slate}, team {team} ({'far' if team else 'near'} half)"
    return [
        f"{where}, {view}: {p}" for view, d in (("Z", z), ("ohne Z", no_z)) for p in problems(d)
    ]


def most_fifties(total: int) -> int:
    """More 50s than simulated games of this total wrote (about 18 at 3000, 25 at 5000)."""
    return min(total // 50, 8 + total // 150)


def most_twenties(total: int) -> int:
    """More 20s than simulated games of this total wrote (about 51 at 3000, 61 at 5000)."""
    return min(total // 20, 10 + total // 40)


def slates_for(total: int) -> set[Slate]:
    """Slates reading this total: one write; as many 50s and 20s as a game may leave, each
    alone, both, or half of each with the rest below nought (257 as 260 and "-3"); 100s the rest.
    """
    found = {Slate().write(total)}
    fmax, tmax = most_fifties(total), most_twenties(total)
    for fifties, twenties, below in (
        (fmax, tmax, False),
        (fmax, 0, False),
        (0, tmax, False),
        (fmax // 2, tmax // 2, True),
    ):
        twenties = min(twenties, (total - 50 * fifties) // 20)
        hundreds, left = divmod(total - 50 * fifties - 20 * twenties, 100)
        more, rest = divmod(left, 20)
        if below and rest:
            more, rest = more + 1, rest - 20
        found.add(Slate(hundreds, fifties, twenties + more, rest))
    return found


def _failures(slates, team: int, marks: bool = True) -> list[str]:
    found = []
    for slate in slates:
        found += check(slate, team, marks)
    return found


def _report(found: list[str]) -> str:
    return f"{len(found)} overlaps, first ones:\n" + "\n".join(found[:25])


# The slates of the issue "The slate stays readable", and a few more with long texts.
NAMED = [
    Slate(17, 8, 14, 4),  # 2384: eight 50s, the lowest X covered the first group of 20s
    Slate(15, 7, 20, 1),  # 2251: the 7th fifty cut through the 20s (in the far half)
    Slate(16, 7, 15, 1),
    Slate(12, 12, 16, 11),
    Slate(2, 0, 3, -3),
    Slate(29, 1, 1, -150),  # a correction taken off the rest: a long rest
    Slate(0, 0, 0, 0),
    Slate(30, 0, 0, 0),
    Slate(0, 0, 150, 0),
    Slate(0, 28, 0, 0),
]


@pytest.mark.parametrize("team", [0, 1])
@pytest.mark.parametrize("marks", [True, False])
def test_named_slates(team, marks):
    found = _failures(NAMED, team, marks)
    assert not found, _report(found)


@pytest.mark.parametrize("start", range(0, 5001, 1000))
def test_every_total(start):
    """Every total from 0 to 5000, near and far half in turn (the far one is the same SVG turned:
    test_named_slates and test_games draw both halves of the same slates)."""
    found = []
    for total in range(start, min(start + 1000, 5001)):
        found += _failures(slates_for(total), team=total % 2)
    assert not found, _report(found)


def _game(seed: int, up_to: int) -> list[Slate]:
    """One team's slate after every write of a random game: Stöck, Weis and tricks per hand."""
    pick = random.Random(seed)
    slate, seen = Slate(), []
    while slate.total < up_to:
        m = pick.choice([1, 1, 2, 2, 3, 3, 4])
        writes = []
        if pick.random() < 0.1:
            writes.append(20 * m)
        if pick.random() < 0.35:
            writes.append(m * pick.choice([20, 20, 50, 50, 100, 100, 150, 200, 40, 70, 120]))
        writes.append(m * (257 if pick.random() < 0.03 else pick.randint(0, 157)))
        for points in writes:
            if points:
                slate = slate.write(points)
                seen.append(slate)
    return seen


@pytest.mark.parametrize("seed", range(12))
def test_games(seed):
    found = _failures(_game(seed, 5000), team=seed % 2)
    assert not found, _report(found)
