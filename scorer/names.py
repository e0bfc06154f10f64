"""What a player's or a team's name may be: short enough for a slate, and only printable text.

The one rule both games (Schieber and Handjass) check their names with. Markup is fine here:
the web layer escapes every name it shows.
"""

from __future__ import annotations

import unicodedata

from scorer.codes import Code, code

NAME_MAX = 40  # characters


ZWJ = "\u200d"  # joins emoji into one (a family, a flag): part of a name, not a control


def _control(c: str) -> bool:
    """A control character: Unicode category C (NUL, a bell, a line break, a tab, a direction
    override like U+202E, a zero-width space, a private or unassigned code point), but for the
    zero-width joiner inside emoji."""
    return c != ZWJ and unicodedata.category(c).startswith("C")


def name_problem(name: str) -> Code | None:
    """Why this cannot be a name, or None: longer than NAME_MAX characters, or a control
    character in it."""
    if len(name) > NAME_MAX:
        return code("name_too_long", most=NAME_MAX)
    if any(_control(c) for c in name):
        return code("name_control")
    return None


def clean(typed: str | None) -> str:
    """A name as typed, without its control characters and surrounding space."""
    return "".join(c for c in (typed or "") if not _control(c)).strip()
