"""Draws a team's half of the chalk slate as SVG: the Z, its strokes, the rest and the marks.

The 100s are tallies across the top line of the Z, the 50s strokes across its diagonal (two at
one place form an X), the 20s tallies across the bottom line, and the rest is written beside the
bottom line. Without the Z (html.no-z) the 50s stand in a row between top and bottom instead.

Every stroke group keeps clear of every other, of the lines of the Z it does not cross, and of
the written figures (tests/web/test_slate_svg.py draws every total up to 5000):

- tallies keep to their lane: the top line left of where the diagonal leaves it, the bottom line
  right of where the diagonal comes down to it; when a lane fills up, strokes and groups are
  drawn closer together (in step, so the groups stay apart);
- the 50s keep to the stretch of the diagonal between the band of the 100s and the band of the
  20s (up to the top line itself while the 100s end short of the diagonal); when the stretch
  fills up, the Xs are drawn narrower, then shorter, which lets them use more of the diagonal.

What fits (a game to 3000 leaves at most about 30 hundreds, 20 fifties and 50 twenties):
tallies are drawn at full spacing up to 35 on a line, their strokes are a hair apart from 66 on
and run together from about 90, and the groups stay apart up to about 240 (then the crossing
stroke no longer reaches past the others). The Xs of the 50s keep their size up to 20 fifties
(16 while the 100s fill the top line), get narrower, then shorter, and stay apart up to 94 (78);
in the row they keep their size up to 34 and stay apart up to 136. Past that (a custom target
far beyond 5000, or a slate written in 50s only) strokes keep to their places but may touch.
"""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup, escape

from scorer.schieber.game import Game, State
from scorer.slate import Slate, tally
from scorer.web.core.chalk import svg_line, svg_text
from scorer.web.core.i18n import gettext

WIDTH, HEIGHT = 360, 150
TOP_Y, BOTTOM_Y = 56, 132  # the Z's top and bottom lines
LEFT, RIGHT = 24, 316  # where the lines run
STROKE = 9  # half the height of a tally stroke
# The least distance between the lines of two stroke groups, or between a stroke and a line of
# the Z it does not cross: the chalk of each (static/app.css: 2.4 and 3 wide) and a hair between.
CLEAR = 4.0
REST_FONT, GLYPH = 20, 0.6  # the rest's font size (app.css) and a digit's width in font sizes


def _diagonal_x(y: float) -> float:
    """Where the diagonal runs at this height."""
    return RIGHT - (y - TOP_Y) * (RIGHT - LEFT) / (BOTTOM_Y - TOP_Y)


def _diagonal_y(x: float) -> float:
    return TOP_Y + (RIGHT - x) * (BOTTOM_Y - TOP_Y) / (RIGHT - LEFT)


# The lanes of the tallies: clear of the diagonal where it leaves the top line and where it
# comes down to the bottom line, and the bottom one short of the line's end (the rest follows).
TOP_LANE = (LEFT + 5, _diagonal_x(TOP_Y + STROKE + CLEAR) - CLEAR)
BOTTOM_LANE = (_diagonal_x(BOTTOM_Y - STROKE - CLEAR) + CLEAR, RIGHT - 3)


Segment = tuple[float, float, float, float]  # a stroke from (x1, y1) to (x2, y2)


def _tenths(value: int) -> str:
    """A length in tenths as SVG writes it: 70 is "7", -35 is "-3.5"."""
    whole, tenth = divmod(abs(value), 10)
    text = f"{whole}.{tenth}" if tenth else str(whole)
    return "-" + text if value < 0 else text


def _strokes(segments: list[Segment], cls: str) -> str:
    """The strokes of one kind as one path: each a move to its start and a line to its end,
    both relative to where the chalk stands (a slate to 100,000 draws hundreds of strokes,
    and their steps repeat: a few bytes each once compressed). Drawn to a tenth."""
    if not segments:
        return ""
    steps = []
    at_x = at_y = 0
    for segment in segments:
        x1, y1, x2, y2 = (round(v * 10) for v in segment)
        steps.append(
            f"m{_tenths(x1 - at_x)} {_tenths(y1 - at_y)}l{_tenths(x2 - x1)} {_tenths(y2 - y1)}"
        )
        at_x, at_y = x2, y2
    return f'<path class="{cls}" d="{"".join(steps)}"/>'


def _tallies(count: int, y: float, lane: tuple[float, float]) -> tuple[list[Segment], float]:
    """Strokes across a line in groups of five, the fifth crossing the four before it; and where
    the last group ends (the lane's start when there are none).

    Every group gets the room of a full one, so that its strokes stay put when it fills up.
    A group is 3 steps and the overhang of its crossing stroke on both sides wide; when the groups
    do not fit the lane at 7 a step, steps, overhangs and the gaps between groups shrink together,
    the gaps down to CLEAR, then steps and overhangs alone.
    """
    groups = tally(count)
    start, end = lane
    if not groups:
        return [], start
    room, n = end - start, len(groups)
    step, over, gap = 7.0, 3.0, 7.0
    width = n * (3 * step + 2 * over) + (n - 1) * gap
    if width > room:
        scale = room / width
        if gap * scale >= CLEAR:
            step, over, gap = step * scale, over * scale, gap * scale
        else:
            scale = max(room - (n - 1) * CLEAR, 0.0) / (n * (3 * step + 2 * over))
            step, over, gap = step * scale, over * scale, CLEAR
    lines = []
    x = start
    for size in groups:
        xs = [x + over + i * step for i in range(min(size, 4))]
        lines += [(sx, y - STROKE, sx, y + STROKE) for sx in xs]
        if size == 5:
            lines.append((xs[0] - over, y + STROKE - 2, xs[-1] + over, y - STROKE + 2))
        x += 3 * step + 2 * over + gap
    return lines, x - gap


def _x(cx: float, cy: float, a: float, b: float, both: bool) -> list[Segment]:
    """One place of 50s: the stroke of the first, and the one that crosses it to an X."""
    lines = [(cx - a, cy + b, cx + a, cy - b)]
    if both:
        lines.append((cx - a, cy - b, cx + a, cy + b))
    return lines


WIDE, TALL = 6.0, 10.0  # half the width and height of a 50's stroke while they fit
NARROWEST = 2.5  # the least half width of an X; then they get shorter, down to SHORTEST
SHORTEST = 5.0


def _spread(low: float, high: float, places: int) -> tuple[float, float]:
    """How far apart places stand in a stretch, and how wide: evenly, a gap at both ends, while
    full-width Xs fit that way; then from end to end, narrower."""
    span = high - low
    if places == 1 or span / places >= 2 * WIDE + CLEAR:
        return span / places, WIDE
    pitch = span / (places - 1)
    return pitch, min(WIDE, (pitch - CLEAR) / 2)


def _fifties(count: int, top_end: float | None) -> list[Segment]:
    """Strokes across the diagonal, two at one place forming an X; top_end is where the 100s'
    last group ends (None without 100s).

    The places are spread evenly over the stretch of the diagonal between the bands of the 100s
    and the 20s. When full-width Xs do not fit there, the stretch goes on up to the top line as
    far as the 100s leave the diagonal free; when they do not fit that either, they are drawn
    narrower down to NARROWEST, then shorter (down to SHORTEST), which makes the stretch longer.
    """
    places = (count + 1) // 2
    if not places:
        return []
    for tall in range(int(TALL), int(SHORTEST) - 1, -1):
        low = _diagonal_x(BOTTOM_Y - STROKE - CLEAR - tall)  # the lowest middle, leftmost
        high = _diagonal_x(TOP_Y + STROKE + CLEAR + tall)  # below the band of the 100s
        pitch, wide = _spread(low, high, places)
        if wide == WIDE:
            break
        # Beside the band of the 100s the Xs must clear their last group sideways; that stretch
        # is used only where it joins the one below the band.
        if top_end is None or top_end + CLEAR + WIDE <= high:
            high = _diagonal_x(TOP_Y + CLEAR + tall)  # right under the top line
            pitch, wide = _spread(low, high, places)
        if wide >= NARROWEST:
            break
    wide = max(wide, 0.5)
    first = (low + high + (places - 1) * pitch) / 2
    lines = []
    for p in range(places):
        cx = first - p * pitch
        lines += _x(cx, _diagonal_y(cx), wide, tall, 2 * p + 1 < count)
    return lines


def _fifties_row(count: int) -> list[Segment]:
    """The 50s of a slate without the Z: Xs in a row between the 100s and the 20s, from the left,
    closer and narrower when they do not fit."""
    places = (count + 1) // 2
    first, last = LEFT + 14, RIGHT - 8
    pitch = min(24.0, (last - first) / (places - 1)) if places > 1 else 24.0
    wide = max(min(WIDE, (pitch - CLEAR) / 2), 0.5)
    cy = (TOP_Y + BOTTOM_Y) / 2
    lines = []
    for p in range(places):
        lines += _x(first + p * pitch, cy, wide, TALL, 2 * p + 1 < count)
    return lines


def _rest(rest: int) -> str:
    """The rest written beside the bottom line; a long one (a correction: "-150") squeezed to the
    room between the line's end and the slate's edge."""
    x, room = RIGHT + 8, WIDTH - 4 - (RIGHT + 8)
    text = str(rest)
    length = str(room) if GLYPH * REST_FONT * len(text) > room else ""
    return svg_text(x, BOTTOM_Y + 6, text, "rest", length=length)


# The strokes of a kind depend on counts alone, and a slate's counts move a little per hand:
# each kind is drawn once per process for its counts (bounded: a game to 100,000 draws a few
# hundred strokes, a few KB). The Z is the same on every slate.
@lru_cache(maxsize=256)
def _top(hundreds: int) -> tuple[str, float | None]:
    """The 100s as a path, and where their last group ends (None without 100s)."""
    lines, end = _tallies(hundreds, TOP_Y, TOP_LANE)
    return _strokes(lines, "s100"), end if hundreds else None


@lru_cache(maxsize=512)
def _middle(fifties: int, hundreds: int) -> str:
    """The 50s across the diagonal, and in a row for a slate without the Z."""
    across = _fifties(fifties, _top(hundreds)[1])
    return _strokes(across, "s50") + _strokes(_fifties_row(fifties), "s50-row")


@lru_cache(maxsize=256)
def _bottom(twenties: int) -> str:
    """The 20s as a path."""
    return _strokes(_tallies(twenties, BOTTOM_Y, BOTTOM_LANE)[0], "s20")


Z = "".join(
    [
        '<g class="z">',
        svg_line(LEFT, TOP_Y, RIGHT, TOP_Y, "z-line"),
        svg_line(RIGHT, TOP_Y, LEFT, BOTTOM_Y, "z-line"),
        svg_line(LEFT, BOTTOM_Y, RIGHT, BOTTOM_Y, "z-line"),
        "</g>",
    ]
)


def slate_svg(game: Game, state: State, team: int) -> Markup:
    """One team's Z with its strokes, the rest written beside it, and the total in figures."""
    slate: Slate = state.slates[team]
    total = state.totals[team]
    marks = []
    if state.bergpreis and state.bergpreis.team in (team, None):
        marks.append(gettext("Bergpreis"))
    if state.winner:
        if state.winner.team == team:
            marks.append(gettext("Gewonnen doppelt") if state.schneider else gettext("Gewonnen"))
        elif state.schneider:
            marks.append(gettext("Schneider"))
    points = gettext("{team}: {total} Punkte").format(team=game.teams[team].name, total=total)
    parts = [
        f'<svg class="slate-half team-{team}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(points)}" '
        f'data-team="{team}" data-total="{total}" data-hundreds="{slate.hundreds}" '
        f'data-fifties="{slate.fifties}" data-twenties="{slate.twenties}" '
        f'data-rest="{slate.rest}">',
        svg_text(12, 20, game.teams[team].name, "team-name"),
        svg_text(WIDTH - 12, 22, str(total), "team-total", "end"),
        svg_text(12, 40, " · ".join(marks), "marks") if marks else "",
        Z,
        '<g class="strokes">',
        _top(slate.hundreds)[0],
        _middle(slate.fifties, slate.hundreds),
        _bottom(slate.twenties),
        "</g>",
    ]
    if slate.rest:
        parts.append(_rest(slate.rest))
    parts.append("</svg>")
    return Markup("".join(parts))
