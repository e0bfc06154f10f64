"""Chalk as SVG: a line and a written text, as every slate draws them (Schieber's Z, Handjass's
corners)."""

from __future__ import annotations

from markupsafe import escape


def svg_line(x1: float, y1: float, x2: float, y2: float, cls: str) -> str:
    """A line of chalk from (x1, y1) to (x2, y2), to a tenth."""
    return f'<line class="{cls}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>'


def svg_text(
    x: float, y: float, words: str, cls: str, anchor: str = "start", length: str = ""
) -> str:
    """Words written at (x, y); squeezed to `length` where given."""
    fit = f' textLength="{length}" lengthAdjust="spacingAndGlyphs"' if length else ""
    return f'<text class="{cls}" x="{x}" y="{y}" text-anchor="{anchor}"{fit}>{escape(words)}</text>'
