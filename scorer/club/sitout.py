"""Who sits a Passe out: in rotation, nobody twice before everyone once.

The rotation is read from the history (each earlier plan lists its sit-outs), never kept in a
counter of its own. Those who sat out least go first; among them, those whose last sit-out
lies furthest back (never is furthest); the seeded draw settles the rest. A player added later
has sat out nothing yet, so sits out before anyone sits out twice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scorer.club.plan import Plan, Player


def sit_outs(
    players: Sequence[Player], history: Sequence[Plan], count: int, rng: random.Random
) -> tuple[Player, ...]:
    """The `count` players who sit this Passe out, in the order the rotation chose them."""
    times = {player: 0 for player in players}
    last = {player: -1 for player in players}
    for number, plan in enumerate(history):
        for player in plan.sit_out:
            if player in times:
                times[player] += 1
                last[player] = number
    ties = {player: rng.random() for player in players}
    order = sorted(players, key=lambda player: (times[player], last[player], ties[player]))
    return tuple(order[:count])
