"""Draws a player's corner of a Handjass slate as SVG: strokes in fives, potatoes in fives, the
net count in figures, and whether they retired, lost, deal or are Vorhand."""

from __future__ import annotations

from markupsafe import Markup, escape

from scorer.slate import tally
from scorer.web.core.chalk import svg_line, svg_text
from scorer.web.core.i18n import gettext

CORNER = 180  # a Handjass corner is square, so it can turn to face its player


def corner_svg(game, state, seat: int) -> Markup:
    """One player's corner of a Handjass slate: strokes (+1) in fives, circles (-1) in fives,
    the net count in figures, and whether they retired, lost, deal or are Vorhand."""
    strokes, potatoes = state.strokes[seat], state.potatoes[seat]
    net = strokes - potatoes
    marks = []
    if state.loser == seat:
        marks.append(gettext("Verlierer"))
    elif seat in state.retired:
        marks.append(gettext("draussen (Spiel {number})").format(number=state.retired[seat]))
    elif not state.finished:
        if state.vorhand == seat:
            marks.append(gettext("Vorhand"))
        if state.dealer == seat:
            marks.append(gettext("gibt"))
    net_words = gettext("{player}: {net} Striche netto").format(player=game.players[seat], net=net)
    parts = [
        f'<svg class="corner-svg" viewBox="0 0 {CORNER} {CORNER}" role="img" '
        f'aria-label="{escape(net_words)}" data-seat="{seat}" '
        f'data-strokes="{strokes}" data-potatoes="{potatoes}" data-net="{net}">',
        svg_text(10, 24, game.players[seat], "team-name"),
        svg_text(CORNER - 10, 26, str(net), "team-total", "end"),
        svg_text(10, 44, " · ".join(marks), "marks") if marks else "",
    ]
    x, y = 14.0, 70.0
    for size in tally(strokes):
        xs = [x + i * 8 for i in range(min(size, 4))]
        parts += [svg_line(sx, y - 12, sx, y + 12, "stroke") for sx in xs]
        if size == 5:
            parts.append(svg_line(xs[0] - 4, y + 9, xs[-1] + 4, y - 9, "stroke"))
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
