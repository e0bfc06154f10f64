"""The standings of a Differenzler game, replayed from its rounds.

Each round a player scores the difference between their prediction and their points; the lowest
total after the set rounds wins. A player's total is the sum of their differences, less the
exact-hit bonus for every round they predicted exactly: with a bonus it can go below 0, without
one it never does. When two or more share the lowest total after the set rounds, they share first
place (the rules' `tie` "shared"); or one more round is played, and another, until one lowest
total stands alone ("round").

Seats are in the order of play (counter-clockwise); seat 0 is Vorhand in the first round, and
Vorhand passes on by one seat each round, the dealer sitting just before Vorhand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from scorer.differenzler.rounds import Round
from scorer.differenzler.rules import DifferenzlerRules


class DifferenzlerGame(Protocol):
    """What the standings read of a game (scorer.differenzler.game.DifferenzlerGame, which
    checks its record with them): its players, rules and rounds."""

    players: Sequence[str]
    rules: DifferenzlerRules
    rounds: Sequence[Round]


@dataclass(frozen=True)
class Line:
    """One player's part in one round."""

    seat: int
    prediction: int
    points: int
    difference: int  # |prediction - points|, never below 0
    exact: bool  # predicted exactly: the difference is 0


@dataclass(frozen=True)
class Row:
    """One round in the history, with what it gave every player."""

    number: int  # from 1
    entry: Round
    vorhand: int
    dealer: int
    lines: tuple[Line, ...]  # in seat order
    totals: tuple[int, ...]  # every player's total after this round
    tie_round: bool  # played because the lowest total was shared after the set rounds


@dataclass(frozen=True)
class DifferenzlerState:
    """Totals, exact hits, rounds still due, and the winner: replayed from the rounds."""

    totals: tuple[int, ...]  # differences less the exact-hit bonus: the lowest wins
    differences: tuple[int, ...]  # the sum of every player's differences, without the bonus
    hits: tuple[int, ...]  # exact predictions per player
    rows: tuple[Row, ...]
    rounds_due: int  # the set rounds, and the tie rounds added so far
    tie_round: bool  # the set rounds are over and a tie round is due or was played
    finished: bool  # all rounds due are played, and the lowest total stands alone or is shared
    winners: tuple[int, ...]  # the seats with the lowest total once finished (several: shared)
    vorhand: int  # who is Vorhand in the next round
    dealer: int  # who deals the next round

    @property
    def winner(self) -> int | None:
        """The one seat that won, or None while the game runs or where first place is shared."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def shared(self) -> bool:
        """The game ended with first place shared between two or more players."""
        return len(self.winners) > 1

    @property
    def played(self) -> int:
        """How many rounds are played."""
        return len(self.rows)

    @property
    def order(self) -> tuple[int, ...]:
        """The seats from the lowest total to the highest (in seat order among equals)."""
        return tuple(sorted(range(len(self.totals)), key=lambda s: (self.totals[s], s)))

    @property
    def ranks(self) -> tuple[int, ...]:
        """Every seat's rank, 1 for the lowest total; equal totals share a rank and the next
        rank is skipped (1, 1, 3)."""
        return tuple(1 + sum(t < mine for t in self.totals) for mine in self.totals)


class Tally:
    """A replay under way, one round at a time, so that replaying a game and checking its record
    both take one pass over the rounds."""

    def __init__(self, game: DifferenzlerGame):
        count = len(game.players)
        self.count = count
        self.rules = game.rules
        self.bonus = game.rules.exact_bonus
        self.rounds = game.rules.rounds
        self.rounds_due = game.rules.rounds
        self.differences = [0] * count
        self.hits = [0] * count
        self.rows: list[Row] = []
        self.winners: tuple[int, ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(d - self.bonus * h for d, h in zip(self.differences, self.hits, strict=True))

    @property
    def finished(self) -> bool:
        return bool(self.winners)

    def turn(self, number: int) -> tuple[int, int]:
        """(Vorhand, dealer) of round `number` (from 1)."""
        if not self.count:  # no players: a set-up problem, nobody's turn
            return 0, 0
        vorhand = (number - 1) % self.count
        return vorhand, (vorhand - 1) % self.count

    def add(self, entry: Round) -> None:
        """Play `entry` as the next round (a round that round_problems accepts)."""
        number = len(self.rows) + 1
        lines = []
        for seat, (said, made) in enumerate(zip(entry.predictions, entry.points, strict=True)):
            difference = abs(said - made)
            lines.append(Line(seat, said, made, difference, difference == 0))
            self.differences[seat] += difference
            self.hits[seat] += difference == 0
        vorhand, dealer = self.turn(number)
        totals = self.totals
        self.rows.append(
            Row(number, entry, vorhand, dealer, tuple(lines), totals, number > self.rounds)
        )
        if number >= self.rounds_due:
            lowest = min(totals)
            leaders = tuple(s for s, t in enumerate(totals) if t == lowest)
            if len(leaders) == 1 or self.rules.tie == "shared":
                self.winners = leaders
            else:
                self.rounds_due = number + 1

    def state(self) -> DifferenzlerState:
        """The standings after the rounds so far."""
        vorhand, dealer = self.turn(len(self.rows) + 1)
        return DifferenzlerState(
            totals=self.totals,
            differences=tuple(self.differences),
            hits=tuple(self.hits),
            rows=tuple(self.rows),
            rounds_due=self.rounds_due,
            tie_round=self.rounds_due > self.rounds,
            finished=self.finished,
            winners=self.winners,
            vorhand=vorhand,
            dealer=dealer,
        )


def replay(game: DifferenzlerGame) -> DifferenzlerState:
    """The standings after the game's rounds, in order; rounds written after the game is decided
    are left out (record_problem refuses them). The rounds must be ones round_problems accepts
    for the game's players."""
    return replayed(game).state()


def replayed(game: DifferenzlerGame) -> Tally:
    """The replay of the whole record, stopped where the game is decided."""
    tally = Tally(game)
    for entry in game.rounds:
        if tally.finished:
            break
        tally.add(entry)
    return tally


def summary(game: DifferenzlerGame, state: DifferenzlerState) -> dict:
    """What the list of games shows: rounds entered, finished or not, totals, the winner's seat
    (None where first place is shared) and the seats of all who won."""
    return {
        "entries": len(game.rounds),
        "finished": state.finished,
        "totals": list(state.totals),
        "winner": state.winner,
        "winners": list(state.winners),
    }
