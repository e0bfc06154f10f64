"""What each team still needs: whether it can still win, whether it can no longer catch up, and
how many card points an open contract alone would need to pass the leader.

In Coiffeur every team plays its own cells, so the others can add nothing at worst (their total
stands) and a Match in every open cell at best. With the counter-Match on, a team may also be
credited a Match in each of the other team's open cells.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.cards import HAND_TOTAL
from scorer.coiffeur.game import IMPOSSIBLE
from scorer.coiffeur.rules import CoiffeurRules


@dataclass(frozen=True)
class Need:
    """One open contract of a team: what it would need there alone to pass the leader."""

    contract: str
    multiplier: int
    points: int | None  # the fewest card points that do it (0 when the team leads already);
    # None when 157 is not enough
    match: bool = False  # 157 is not enough, but a Match does it


@dataclass(frozen=True)
class Outlook:
    """Where a team stands against the others while cells are open."""

    team: int
    total: int
    best: int  # its total with a Match in every open cell (and every counter-Match it may get)
    leader: int  # the highest total of the other teams, as it stands
    needed: int  # points (multiplied) still needed to pass that total; 0 when it leads
    can_still_win: bool  # its best passes every other team's total as it stands
    out_of_reach: bool  # even its best stays below another team's total: it cannot catch up
    contracts: tuple[Need, ...]  # its open contracts in board order


def _need(contract: str, multiplier: int, needed: int, match_value: int) -> Need:
    """What `needed` points take in this contract alone."""
    if needed <= 0:
        return Need(contract, multiplier, 0)
    points = -(-needed // multiplier)  # rounded up
    if points in IMPOSSIBLE:
        points += 1  # nobody ends with 1 or 156: the next score that exists
    if points <= HAND_TOTAL:
        return Need(contract, multiplier, points)
    return Need(contract, multiplier, None, match=match_value * multiplier >= needed)


def outlooks(
    rules: CoiffeurRules, totals: tuple[int, ...], open_cells: tuple[tuple[str, ...], ...]
) -> tuple[Outlook, ...]:
    """Each team's outlook from the totals and the contracts each team has still open.

    A team can still win when its best total passes every other total as it stands (the others
    may score nothing more); it is out of reach when its best stays below one of them. A best
    equal to the leader's total can only tie: neither.
    """
    count = len(totals)
    match = rules.match_value
    most = [sum(match * rules.multiplier(k) for k in keys) for keys in open_cells]
    counter = [0] * count
    if rules.counter_match is True and count == 2:
        counter = [most[1], most[0]]
    result = []
    for team in range(count):
        leader = max(totals[o] for o in range(count) if o != team)
        total = totals[team]
        best = total + most[team] + counter[team]
        needed = max(0, leader - total + 1)
        needs = tuple(_need(k, rules.multiplier(k), needed, match) for k in open_cells[team])
        result.append(
            Outlook(team, total, best, leader, needed, best > leader, best < leader, needs)
        )
    return tuple(result)
