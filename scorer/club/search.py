"""The local search behind the draw: seats swapped while the cost of the repeats goes down.

Players are numbers 0..n-1 here. The search places the players of one or more Passen (the one
being drawn first, then the ones planned after it) in seats, starting from a random plan, and
keeps a swap of two seats when it makes the cost no higher (the first seat one whose player
meets someone at the table again, where there is one); after `patience` swaps without a
gain it starts again from a new random plan, until the budget of swaps is spent or the cost is
down to the floor it cannot go below (the draw works it out: `scorer.club.bounds`). The best
plan seen is the answer.

The cost is a strict order, worst first: a keep-apart pair at one table (kept only where no
plan avoids it), a pair that are partners again (the k-th time costs k - 1 times), a pair at
one table for the third time or more, a pair at one table for the second time. Each weighs more
than everything below it can add up to in the Passen planned (`Weights`): a table would rather
meet anyone a second time than anyone a third, however many second meetings that takes. A
repeat of an earlier Passe in the Passe being drawn weighs NOW times more again: when repeats
cannot all be avoided, they go to the Passen planned later, which are drawn anew when their
time comes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

MATE = 1  # a pair at one table for the second time
NOW = 4  # a repeat of the past in the Passe being drawn weighs 1 + NOW times

Matrix = list[list[int]]


def square(n: int) -> Matrix:
    """An n x n matrix of zeros."""
    return [[0] * n for _ in range(n)]


@dataclass(frozen=True)
class Weights:
    """What a meeting costs at each step of the order: each weighs more than all the steps
    below it can add up to over the Passen planned (every meeting at its dearest, 1 + NOW
    times), so no number of cheaper repeats ever outweighs a dearer one."""

    third: int  # a pair at one table for the third time or more
    partner: int  # a pair partners again, per earlier time as partners
    apart: int  # a keep-apart pair at one table

    @classmethod
    def of(cls, sizes: Sequence[int], planned: int, most: int) -> Weights:
        """The weights for `planned` Passen of tables of these sizes, where a pair meets at most
        `most` times (the earlier Passen and the ones planned)."""
        meetings = planned * sum(s * (s - 1) // 2 for s in sizes)
        partnerships = planned * sum(2 * (s // 2) * (s // 2 - 1) // 2 for s in sizes)
        third = (1 + NOW) * MATE * meetings + 1
        partner = (1 + NOW) * third * meetings + 1
        return cls(third, partner, ((1 + NOW) * most * partnerships + 1) * partner)

    def steps(self, most: int) -> list[int]:
        """What a pair's next meeting at one table costs, by how often it met: nothing the first
        time, MATE the second, `third` from the third on."""
        return [0, MATE] + [self.third] * max(1, most)


class Search:
    """The seats of the planned Passen and the pair counts they make, changed a swap at a
    time; `cost` follows every change."""

    def __init__(
        self,
        mates: Matrix,
        partners: Matrix,
        apart: Matrix,
        passen: Sequence[Sequence[int]],
        sizes: Sequence[int],
        rng: random.Random,
    ):
        n = len(mates)
        self.rng = rng
        self.history = ([row[:] for row in mates], [row[:] for row in partners])
        self.passen = [list(players) for players in passen]
        most = max((max(row) for row in mates), default=0) + len(self.passen)
        weights = Weights.of(sizes, len(self.passen), most)
        self.weights = weights
        self.step = step = weights.steps(most)
        # What a meeting costs beyond its step: in the Passe being drawn (index 0) and later.
        self.extra_mate = (
            [
                [apart[i][j] * weights.apart + NOW * step[mates[i][j]] for j in range(n)]
                for i in range(n)
            ],
            [[apart[i][j] * weights.apart for j in range(n)] for i in range(n)],
        )
        self.extra_partner = (
            [[NOW * weights.partner * partners[i][j] for j in range(n)] for i in range(n)],
            square(n),
        )
        self.around: list[tuple[int, ...]] = []  # the other seats at each seat's table
        self.table: list[int] = []  # each seat's table
        start = 0
        for table, size in enumerate(sizes):
            for seat in range(start, start + size):
                self.around.append(tuple(s for s in range(start, start + size) if s != seat))
                self.table.append(table)
            start += size
        self.seats: list[list[int]] = []
        self.cost = 0

    def restart(self) -> None:
        """A new random plan for every planned Passe, its cost counted from the history."""
        self.mates = [row[:] for row in self.history[0]]
        self.partners = [row[:] for row in self.history[1]]
        self.cost = 0
        self.seats = []
        for number, players in enumerate(self.passen):
            seats = list(players)
            self.rng.shuffle(seats)
            self.seats.append([-1] * len(seats))
            for seat, player in enumerate(seats):
                self.cost += self._enter(number, seat, player)

    def _leave(self, number: int, seat: int) -> int:
        """Take the player off a seat; what that saves (a negative number or 0)."""
        seats = self.seats[number]
        x = seats[seat]
        seats[seat] = -1
        mates, partners = self.mates[x], self.partners[x]
        extra_mate = self.extra_mate[number > 0][x]
        extra_partner = self.extra_partner[number > 0][x]
        step, partner = self.step, self.weights.partner
        change = 0
        for other in self.around[seat]:
            y = seats[other]
            if y < 0:
                continue
            mates[y] -= 1
            self.mates[y][x] -= 1
            change -= step[mates[y]] + extra_mate[y]
            if (other - seat) % 2 == 0:
                partners[y] -= 1
                self.partners[y][x] -= 1
                change -= partner * partners[y] + extra_partner[y]
        return change

    def _enter(self, number: int, seat: int, x: int) -> int:
        """Seat a player on an empty seat; what that costs (a positive number or 0)."""
        seats = self.seats[number]
        mates, partners = self.mates[x], self.partners[x]
        extra_mate = self.extra_mate[number > 0][x]
        extra_partner = self.extra_partner[number > 0][x]
        step, partner = self.step, self.weights.partner
        change = 0
        for other in self.around[seat]:
            y = seats[other]
            if y < 0:
                continue
            change += step[mates[y]] + extra_mate[y]
            mates[y] += 1
            self.mates[y][x] += 1
            if (other - seat) % 2 == 0:
                change += partner * partners[y] + extra_partner[y]
                partners[y] += 1
                self.partners[y][x] += 1
        seats[seat] = x
        return change

    def _troubled(self, number: int, seat: int) -> bool:
        """Whether the player on a seat meets someone at the table again (or must not)."""
        seats = self.seats[number]
        x = seats[seat]
        mates, partners, apart = self.mates[x], self.partners[x], self.extra_mate[1][x]
        for other in self.around[seat]:
            y = seats[other]
            if mates[y] > 1 or partners[y] > 1 or apart[y]:
                return True
        return False

    def change(self, number: int, one: int, two: int) -> int:
        """What swapping the players of two seats of a Passe would change the cost by (seats of
        different tables, or of one table and different teams), without swapping them."""
        seats = self.seats[number]
        x, y = seats[one], seats[two]
        mx, my, px, py = self.mates[x], self.mates[y], self.partners[x], self.partners[y]
        extra_mate, extra_partner = self.extra_mate[number > 0], self.extra_partner[number > 0]
        emx, emy, epx, epy = extra_mate[x], extra_mate[y], extra_partner[x], extra_partner[y]
        step, partner = self.step, self.weights.partner
        change = 0
        if self.table[one] != self.table[two]:
            for other in self.around[one]:  # x leaves this table, y comes
                z = seats[other]
                change += step[my[z]] - step[mx[z] - 1] + emy[z] - emx[z]
                if (other - one) % 2 == 0:
                    change += partner * (py[z] - px[z] + 1) + epy[z] - epx[z]
            for other in self.around[two]:  # and the other way round
                z = seats[other]
                change += step[mx[z]] - step[my[z] - 1] + emx[z] - emy[z]
                if (other - two) % 2 == 0:
                    change += partner * (px[z] - py[z] + 1) + epx[z] - epy[z]
            return change
        for other in self.around[one]:  # one table: only the partners change
            z = seats[other]
            if other == two:
                continue
            if (other - one) % 2 == 0:  # x's partner, then y's
                change += partner * (py[z] - px[z] + 1) + epy[z] - epx[z]
            else:  # y's partner, then x's
                change += partner * (px[z] - py[z] + 1) + epx[z] - epy[z]
        return change

    def swap(self, number: int, one: int, two: int) -> int:
        """Swap the players of two seats of a Passe; the change of the cost."""
        seats = self.seats[number]
        x, y = seats[one], seats[two]
        change = self._leave(number, one) + self._leave(number, two)
        change += self._enter(number, one, y) + self._enter(number, two, x)
        self.cost += change
        return change

    def climb(self, patience: int, budget: int, floor: int = 0) -> int:
        """Swap random seats, keeping each swap that costs nothing, until `patience` swaps in
        a row brought no gain, the cost is down to `floor` or the budget is spent; the swaps
        made."""
        rng = self.rng
        count = len(self.around)
        planned = len(self.passen)
        idle = spent = 0
        while idle < patience and spent < budget and self.cost > floor:
            spent += 1
            number = rng.randrange(planned)
            one = rng.randrange(count)
            for _ in range(count):  # a seat in trouble, where there is one
                if self._troubled(number, one):
                    break
                one = rng.randrange(count)
            two = rng.randrange(count - 1)
            if two >= one:
                two += 1
            if self.table[one] == self.table[two] and (one - two) % 2 == 0:
                idle += 1  # partners swapped: the same plan
                continue
            change = self.change(number, one, two)
            if change <= 0:
                self.swap(number, one, two)
            idle = 0 if change < 0 else idle + 1
        return spent


def search(
    mates: Matrix,
    partners: Matrix,
    apart: Matrix,
    passen: Sequence[Sequence[int]],
    sizes: Sequence[int],
    rng: random.Random,
    budget: int,
    floor: int = 0,
) -> list[list[int]]:
    """The seats of the planned Passen with the lowest cost found within `budget` swaps (each
    Passe's players, table after table in the order of `sizes`); a plan at `floor`, a cost no
    plan goes below, ends the search at once."""
    state = Search(mates, partners, apart, passen, sizes, rng)
    patience = 40 * len(state.around)
    best: tuple[int, list[list[int]]] | None = None
    while True:
        state.restart()
        budget -= state.climb(patience, budget, floor) + 1
        if best is None or state.cost < best[0]:
            best = (state.cost, [seats[:] for seats in state.seats])
        if best[0] <= floor or budget <= 0:
            return best[1]
