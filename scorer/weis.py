"""Weis (melds) as points: which totals a set of Weis can add up to."""

from __future__ import annotations

# The values a single Weis can have (RULES.md, small and large Weis tables). Every one is a
# multiple of ten, and 20 and 50 alone reach every multiple of ten from 40 up, so the totals a
# team can write are 0, 20, and the multiples of ten from 40 up to what its cards can hold.
VALUES = (20, 50, 100, 150, 200, 250, 300)

# The most one player's nine cards can declare: four Unders (200) and four 9s (150) and the 10
# that makes 9-10-U a run of three (20). A team can not write more than its players together.
MAX_PER_PLAYER = 370


def weis_problem(points: int, players: int) -> str | None:
    """Why a team of this many players cannot have declared Weis worth `points`, or None."""
    if points == 0:
        return None
    if points < 0:
        return "Weis sind nie negativ."
    if points % 10 or points in (10, 30):
        return (
            f"{points} ergibt kein Weis: Weis zählen 20, 50, 100, 150 oder 200, "
            "zusammen z. B. 70 oder 120."
        )
    if points > MAX_PER_PLAYER * players:
        return f"So viel Weis haben {players} Spieler nie: höchstens {MAX_PER_PLAYER * players}."
    return None
