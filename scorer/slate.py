"""The chalk slate ("Tafel"): a team's score as 100s, 50s and 20s strokes plus a written rest."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Slate:
    """One team's Z: strokes on the top line (100), the diagonal (50), the bottom line (20), a rest.

    The rest is the number written beside the Z; scorers may write it negative.
    """

    hundreds: int = 0
    fifties: int = 0
    twenties: int = 0
    rest: int = 0

    @property
    def total(self) -> int:
        """What the slate reads."""
        return 100 * self.hundreds + 50 * self.fifties + 20 * self.twenties + self.rest

    def write(self, points: int) -> Slate:
        """The slate after a scorer writes these points on it, as chalk scorers do.

        The new points go on as strokes (100s, then a 50, then 20s) without touching what is
        already there; what is left joins the written rest, and a rest of 20 or more becomes a
        stroke on the bottom line. Negative points (a correction) come off the rest.
        """
        if points < 0:
            return self._normal(
                Slate(self.hundreds, self.fifties, self.twenties, self.rest + points)
            )
        hundreds, left = divmod(points, 100)
        fifties, left = divmod(left, 50)
        twenties, left = divmod(left, 20)
        return self._normal(
            Slate(
                self.hundreds + hundreds,
                self.fifties + fifties,
                self.twenties + twenties,
                self.rest + left,
            )
        )

    @staticmethod
    def _normal(slate: Slate) -> Slate:
        extra, rest = divmod(slate.rest, 20) if slate.rest >= 20 else (0, slate.rest)
        return Slate(slate.hundreds, slate.fifties, slate.twenties + extra, rest)


def tally(count: int, size: int = 5) -> list[int]:
    """Strokes grouped as chalk tallies: full groups and what is left (12 -> [5, 5, 2])."""
    full, left = divmod(count, size)
    return [size] * full + ([left] if left else [])
