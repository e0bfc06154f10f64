"""Draws a team's half of the chalk slate as SVG: the Z, its strokes, the rest and the marks."""

from __future__ import annotations

from markupsafe import Markup, escape

from scorer.schieber.game import Game, State
from scorer.slate import Slate, tally

WIDTH, HEIGHT = 360, 150
TOP_Y, BOTTOM_Y = 56, 132  # the Z's top and bottom lines
LEFT, RIGHT = 24, 316  # where the lines run
STROKE = 9  # half the height of a tally stroke


def _line(x1: float, y1: float, x2: float, y2: float, cls: str) -> str:
    return f'<line class="{cls}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>'


def _tallies(count: int, y: float, cls: str, start: float) -> list[str]:
    """Strokes across a line in groups of five, the fifth crossing the four before it."""
    groups = tally(count)
    step = 7.0
    gap = 13.0
    width = sum((min(g, 4) - 1) * step + gap for g in groups)
    room = RIGHT - start - 4
    if width > room:  # a long game: draw closer rather than off the slate
        step, gap = step * room / width, gap * room / width
    lines = []
    x = start
    for size in groups:
        xs = [x + i * step for i in range(min(size, 4))]
        lines += [_line(sx, y - STROKE, sx, y + STROKE, cls) for sx in xs]
        if size == 5:
            lines.append(_line(xs[0] - 3, y + STROKE - 2, xs[-1] + 3, y - STROKE + 2, cls))
        x = xs[-1] + gap
    return lines


def _fifties(count: int, on_diagonal: bool) -> list[str]:
    """Strokes across the diagonal (or along the middle row of a slate without Zs); two at one
    place form an X."""
    lines = []
    places = (count + 1) // 2
    cls = "s50" if on_diagonal else "s50-row"
    for p in range(places):
        if on_diagonal:
            t = (p + 1) / (places + 1)
            cx = RIGHT - t * (RIGHT - LEFT)
            cy = TOP_Y + t * (BOTTOM_Y - TOP_Y)
        else:
            step = min(24.0, (RIGHT - LEFT - 16) / max(places, 1))
            cx, cy = LEFT + 14 + p * step, (TOP_Y + BOTTOM_Y) / 2
        lines.append(_line(cx - 6, cy + 10, cx + 6, cy - 10, cls))
        if 2 * p + 1 < count:
            lines.append(_line(cx - 6, cy - 10, cx + 6, cy + 10, cls))
    return lines


def _text(x: float, y: float, text: str, cls: str, anchor: str = "start") -> str:
    return f'<text class="{cls}" x="{x}" y="{y}" text-anchor="{anchor}">{escape(text)}</text>'


def slate_svg(game: Game, state: State, team: int) -> Markup:
    """One team's Z with its strokes, the rest written beside it, and the total in figures."""
    slate: Slate = state.slates[team]
    total = state.totals[team]
    marks = []
    if state.bergpreis and state.bergpreis.team in (team, None):
        marks.append("Bergpreis")
    if state.winner:
        if state.winner.team == team:
            marks.append("Gewonnen" + (" doppelt" if state.schneider else ""))
        elif state.schneider:
            marks.append("Schneider")
    parts = [
        f'<svg class="slate-half team-{team}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(game.teams[team].name)}: {total} Punkte" '
        f'data-team="{team}" data-total="{total}" data-hundreds="{slate.hundreds}" '
        f'data-fifties="{slate.fifties}" data-twenties="{slate.twenties}" '
        f'data-rest="{slate.rest}">',
        _text(12, 20, game.teams[team].name, "team-name"),
        _text(WIDTH - 12, 22, str(total), "team-total", "end"),
        _text(12, 40, " · ".join(marks), "marks") if marks else "",
        '<g class="z">',
        _line(LEFT, TOP_Y, RIGHT, TOP_Y, "z-line"),
        _line(RIGHT, TOP_Y, LEFT, BOTTOM_Y, "z-line"),
        _line(LEFT, BOTTOM_Y, RIGHT, BOTTOM_Y, "z-line"),
        "</g>",
        '<g class="strokes">',
        *_tallies(slate.hundreds, TOP_Y, "s100", LEFT + 8),
        *_fifties(slate.fifties, on_diagonal=True),
        *_fifties(slate.fifties, on_diagonal=False),
        # Away from the corner where the diagonal meets the bottom line.
        *_tallies(slate.twenties, BOTTOM_Y, "s20", LEFT + 36),
        "</g>",
    ]
    if slate.rest:
        parts.append(_text(RIGHT + 10, BOTTOM_Y + 6, str(slate.rest), "rest"))
    parts.append("</svg>")
    return Markup("".join(parts))


CORNER = 180  # a Handjass corner is square, so it can turn to face its player


def corner_svg(game, state, seat: int) -> Markup:
    """One player's corner of a Handjass slate: strokes (+1) in fives, circles (-1) in fives,
    the net count in figures, and whether they retired, lost, deal or are Vorhand."""
    strokes, potatoes = state.strokes[seat], state.potatoes[seat]
    net = strokes - potatoes
    marks = []
    if state.loser == seat:
        marks.append("Verlierer")
    elif seat in state.retired:
        marks.append(f"draussen (Spiel {state.retired[seat]})")
    elif not state.finished:
        if state.vorhand == seat:
            marks.append("Vorhand")
        if state.dealer == seat:
            marks.append("gibt")
    parts = [
        f'<svg class="corner-svg" viewBox="0 0 {CORNER} {CORNER}" role="img" '
        f'aria-label="{escape(game.players[seat])}: {net} Striche netto" data-seat="{seat}" '
        f'data-strokes="{strokes}" data-potatoes="{potatoes}" data-net="{net}">',
        _text(10, 24, game.players[seat], "team-name"),
        _text(CORNER - 10, 26, str(net), "team-total", "end"),
        _text(10, 44, " · ".join(marks), "marks") if marks else "",
    ]
    x, y = 14.0, 70.0
    for size in tally(strokes):
        xs = [x + i * 8 for i in range(min(size, 4))]
        parts += [_line(sx, y - 12, sx, y + 12, "stroke") for sx in xs]
        if size == 5:
            parts.append(_line(xs[0] - 4, y + 9, xs[-1] + 4, y - 9, "stroke"))
        x = xs[-1] + 16
        if x > CORNER - 40:
            x, y = 14.0, y + 32
    cx, cy = 20.0, max(y + 40, 120.0)
    for group in tally(potatoes):
        for _ in range(group):
            parts.append(f'<circle class="potato" cx="{cx:.1f}" cy="{cy:.1f}" r="7"/>')
            cx += 18
        cx += 8
        if cx > CORNER - 20:
            cx, cy = 20.0, cy + 20
    parts.append("</svg>")
    return Markup("".join(parts))
