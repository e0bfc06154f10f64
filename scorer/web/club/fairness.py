"""The fairness sheet in words and as CSV: for each player, whom they partnered and faced
(scorer/club/fairness.py counts it from the seat plans as they stand). The leader's page and
the season page show a line per player; the CSV has every ordered pair, zeros included, so a
spreadsheet can pivot it into a matrix."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from scorer.club.fairness import Sheet, sheet
from scorer.club.plan import Plan
from scorer.web.core.i18n import gettext


def named_plans(plans: Iterable[Plan], names: dict[int, str]) -> list[Plan]:
    """Plans with each player's name for its number: a season matches players by name."""
    return [
        Plan(
            tuple(tuple(names[p] for p in table) for table in plan.tables),
            tuple(names[p] for p in plan.sit_out),
        )
        for plan in plans
    ]


def by_name(plans: Iterable[Plan], names: Iterable[str]) -> Sheet:
    """The sheet of named plans, its players in alphabetical order (a name is found at once)."""
    plans = list(plans)
    seated = {p for plan in plans for p in (*plan.seated(), *plan.sit_out)}
    return sheet(plans, sorted(set(names) | seated, key=str.casefold))


def lines(found: Sheet) -> list[dict]:
    """A line per player who played or sat out a Passe: partners and opponents with how
    often, and who never shared a table with them."""

    order = {p: i for i, p in enumerate(found.players)}

    def listed(met, count: Callable) -> list[tuple[Hashable, int]]:
        """Those met this way, most often first, then in the sheet's (alphabetical) order."""
        kept = [(other, count(m)) for other, m in met if count(m)]
        return sorted(kept, key=lambda line: (-line[1], order[line[0]]))

    shown = []
    for player in found.players:
        if not (found.played[player] or found.sat_out[player]):
            continue
        met = found.lines(player)
        shown.append(
            {
                "player": player,
                "played": found.played[player],
                "sat_out": found.sat_out[player],
                "partners": listed(met, lambda m: m.partners),
                "opponents": listed(met, lambda m: m.opponents),
                "never": found.never(player),
            }
        )
    return shown


def csv_rows(found: Sheet) -> list[list]:
    """Every ordered pair of players: partners, opponents, at one table together."""
    rows: list[list] = [
        [
            gettext("Spieler"),
            gettext("Mitspieler"),
            gettext("Partner"),
            gettext("Gegner"),
            gettext("am selben Tisch"),
        ]
    ]
    rows += [[a, b, m.partners, m.opponents, m.mates] for a, b, m in found.rows()]
    return rows
