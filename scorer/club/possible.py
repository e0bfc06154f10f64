"""What an evening read from a file must be to be one the app could have stored: its times
readable in any time zone, its couples kept apart two players of the evening, each seat plan
only players who play that Passe, and fixed pairs side by side.

Pure: plain data in, a code (Invalid) for what the app would never have stored.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from scorer.club.event import Event, Player
from scorer.club.plan import Plan
from scorer.codes import Invalid

# A day inside the calendar's ends: a time there shows in any time zone (offsets reach 14 h).
EARLIEST = datetime.datetime.min + datetime.timedelta(days=1)
LATEST = datetime.datetime.max - datetime.timedelta(days=1)


def check_at(at: str) -> str:
    """A time of the record: one the app writes (ISO, in the calendar with room for any time
    zone), or words of an old hand-made file's own that the record shows without a time."""
    try:
        moment = datetime.datetime.fromisoformat(at)
    except ValueError:
        return at
    try:
        utc = moment.astimezone(datetime.UTC).replace(tzinfo=None)
    except (OverflowError, ValueError):
        utc = None
    if utc is None or not EARLIEST <= utc <= LATEST:
        raise Invalid("club_import_time", at=at)
    return at


def in_range(value: int | None, least: int, most: int) -> int | None:
    """A number the evening can have (None where none is given), as SQLite holds it."""
    if value is not None and not least <= value <= most:
        raise Invalid("club_import_range", least=least, most=most)
    return value


def check_keep_apart(event: Event, count: int) -> None:
    """Each couple kept apart is two players of the evening (numbered from 0)."""
    for a, b in event.keep_apart:
        if a == b or not (0 <= a < count and 0 <= b < count):
            raise Invalid("club_import_keep_apart")


def check_seating(
    plan: Plan, passe: int, players: Sequence[Player], event: Event, *, replaced: bool = False
) -> None:
    """A Passe's plan seats (or sits out) only players who play it, and at a Partnerschieber
    each fixed pair (0+1, 2+3, ...) on one side of one table, or both sitting out. A plan a
    later draw of its Passe `replaced` may also seat a player who left just before that Passe:
    the redraw left out who had gone since (`scorer.club.event.redraw_field`)."""
    numbers = [*plan.seated(), *plan.sit_out]
    if not all(
        players[n].plays(passe) or (replaced and players[n].left == passe - 1) for n in numbers
    ):
        raise Invalid("club_import_seated", passe=passe)
    if not event.fixed_pairs:
        return
    where: dict[int, tuple[int, int] | None] = {p: None for p in plan.sit_out}
    for number, table in enumerate(plan.tables):
        where.update({p: (number, seat % 2) for seat, p in enumerate(table)})
    if any(n ^ 1 in where and where[n] != where[n ^ 1] for n in where):
        raise Invalid("club_import_pairs", passe=passe)
