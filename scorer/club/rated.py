"""An evening's results for the ratings (scorer.ratings): each table's Passe, once done, is one
result between its two sides, side A (even seats) against side B (odd seats), by the totals the
evening itself counts (points with the Match bonus, or Striche, a Match two), level a draw.

A Passe, not each game: the same partners play it through, and the evening ranks by it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from scorer.club.event import Event
from scorer.club.plan import Plan
from scorer.club.results import DONE, Table
from scorer.club.standings import side_scores
from scorer.lookback import places
from scorer.ratings import Bout


def passe_bouts(
    event: Event,
    plans: Sequence[Plan],
    tables: Iterable[Table],
    names: Mapping[int, str],
    when: tuple,
) -> list[Bout]:
    """The evening's results to rate, each table's Passe done with at least one game; `when`
    places the evening among others (its day and number), the Passe and table follow it."""
    found = []
    for table in tables:
        if table.state not in DONE or not table.games or not 1 <= table.passe <= len(plans):
            continue
        totals = [0, 0]
        for game in table.games:
            for side, score in enumerate(side_scores(game, event.scoring)):
                totals[side] += score
        sides = tuple(tuple(names[p] for p in table.seats[side::2]) for side in (0, 1))
        found.append(Bout((*when, table.passe, table.number), sides, places(totals)))
    return found
