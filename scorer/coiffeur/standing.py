"""The Coiffeur board replayed from the entries: the grid of cells, the totals, who won, and
what each team still needs (RULES.md 5, seed 003: only the declaring team's points count, times
the contract's multiplier; most points after all rounds wins)."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.cards import HAND_TOTAL
from scorer.coiffeur.game import IMPOSSIBLE, CoiffeurGame, Entry, read_record
from scorer.coiffeur.outlook import Outlook, outlooks
from scorer.coiffeur.rules import CoiffeurRules, Contract


@dataclass(frozen=True)
class Cell:
    """One team's cell of one contract: open, or filled by an entry."""

    team: int
    contract: str
    multiplier: int
    entry: Entry | None = None  # as stored: a Match is match=True with 157 points
    number: int | None = None  # the entry's index in the record
    value: int = 0  # what it gives its team: points times the multiplier
    counter: int = 0  # what a counter-Match here gives the other team

    @property
    def filled(self) -> bool:
        return self.entry is not None

    @property
    def points(self) -> int | None:
        """The card points written, None while open."""
        return None if self.entry is None else self.entry.points

    @property
    def match(self) -> bool:
        return self.entry is not None and self.entry.match

    @property
    def crossed(self) -> bool:
        """Gestrichen: given up for nothing."""
        return self.entry is not None and self.entry.crossed

    @property
    def countered(self) -> bool:
        return self.entry is not None and self.entry.countered


def cell_value(entry: Entry, rules: CoiffeurRules) -> int:
    """What a filled cell (an entry as stored) gives its team: its points times the contract's
    multiplier, a Match 157 and the bonus times it, crossed out or countered nothing."""
    multiplier = rules.multiplier(entry.contract)
    if entry.crossed or entry.countered:
        return 0
    if entry.match:
        return rules.match_value * multiplier
    return entry.points * multiplier


def counter_value(entry: Entry, rules: CoiffeurRules) -> int:
    """What a counter-Match gives the other team: a Match in that contract."""
    return rules.match_value * rules.multiplier(entry.contract) if entry.countered else 0


@dataclass(frozen=True)
class CoiffeurState:
    """The board after the entries: contracts down, teams across."""

    contracts: tuple[Contract, ...]
    rows: tuple[tuple[Cell, ...], ...]  # one row per contract of the board, one cell per team
    totals: tuple[int, ...]  # every team's points, counter-Matches credited included
    counter: tuple[int, ...]  # of which credited by counter-Matches of the other team
    outlook: tuple[Outlook, ...]  # per team: what it still needs
    entries: int  # entries replayed (a record that cannot stand stops at its first bad one)

    @property
    def open_cells(self) -> tuple[tuple[str, ...], ...]:
        """Per team, the contracts it has still to play, in board order."""
        return tuple(
            tuple(row[team].contract for row in self.rows if not row[team].filled)
            for team in range(len(self.totals))
        )

    @property
    def finished(self) -> bool:
        """Every cell is filled."""
        return all(cell.filled for row in self.rows for cell in row)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The teams with the most points as it stands."""
        if not self.totals:
            return ()
        top = max(self.totals)
        return tuple(t for t, total in enumerate(self.totals) if total == top)

    @property
    def winner(self) -> int | None:
        """The team with the most points once every cell is filled; None before, or on a tie."""
        if not self.finished or len(self.leaders) != 1:
            return None
        return self.leaders[0]

    @property
    def tie(self) -> bool:
        """Every cell is filled and the most points are shared."""
        return self.finished and len(self.leaders) > 1


def replay(game: CoiffeurGame) -> CoiffeurState:
    """The board after every entry of the record, in order (up to the first that cannot stand)."""
    rules = game.rules
    count = len(game.teams)
    board: list[Contract] = []
    for c in rules.contracts:
        if c.key not in {b.key for b in board}:
            board.append(c)  # a key twice (rules that cannot stand) is one row
    done, _, _ = read_record(game)
    cells = {(c.key, t): Cell(t, c.key, c.multiplier) for c in board for t in range(count)}
    totals = [0] * count
    counter = [0] * count
    for number, entry in enumerate(done):
        value, bonus = cell_value(entry, rules), counter_value(entry, rules)
        multiplier = rules.multiplier(entry.contract)
        cells[entry.contract, entry.team] = Cell(
            entry.team, entry.contract, multiplier, entry, number, value, bonus
        )
        totals[entry.team] += value
        if bonus:
            other = 1 - entry.team  # a counter-Match needs two teams
            totals[other] += bonus
            counter[other] += bonus
    rows = tuple(tuple(cells[c.key, t] for t in range(count)) for c in board)
    open_cells = tuple(
        tuple(row[t].contract for row in rows if not row[t].filled) for t in range(count)
    )
    totals_t = tuple(totals)
    return CoiffeurState(
        contracts=tuple(board),
        rows=rows,
        totals=totals_t,
        counter=tuple(counter),
        outlook=outlooks(rules, totals_t, open_cells) if count >= 2 else (),
        entries=len(done),
    )


def scoring(rules: CoiffeurRules) -> dict:
    """How a cell is checked and scored (entry_problems(), normal(), cell_value(),
    counter_value()) and what the teams still need (outlooks()), as plain data: for a phone
    that fills the cells it keeps without network on its own board, until the server has them
    (static/projection-coiffeur.js; tests/browser/test_projection_modes.py holds the two
    together)."""
    return {
        "times": {c.key: rules.multiplier(c.key) for c in rules.contracts},
        "hand": HAND_TOTAL,
        "match": rules.match_value,
        "impossible": list(IMPOSSIBLE),
        "counter": rules.counter_match is True,
    }


def summary(game: CoiffeurGame, state: CoiffeurState) -> dict:
    """The few figures the list of games shows."""
    return {
        "entries": state.entries,
        "finished": state.finished,
        "totals": list(state.totals),
        "winner": state.winner,
    }
