"""Weis (melds): what a combination is worth, which one is best, and what nine cards hold.

Free of teams: a declaration belongs to a player (`who`) who plays to the first trick at some
position (`order`, 0 for Vorhand). Schieber adds up the winner's team; Handjass the player.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations, product

from scorer.cards import RANKS, fields, text, whole
from scorer.codes import Code, code

RUN, FOUR = "run", "four"
Card = tuple[str, str]  # (suit key, rank)


@dataclass(frozen=True)
class Weis:
    """One combination: a run (`rank` is its top card in A K O U 10 9 8 7 6 order) or a four."""

    kind: str
    rank: str
    length: int = 4
    suit: str | None = None

    @classmethod
    def run(cls, suit: str, top: str, length: int) -> Weis:
        """A run of `length` cards in `suit` from `top` down."""
        return cls(RUN, top, length, suit)

    @classmethod
    def four(cls, rank: str) -> Weis:
        """Four cards of one rank."""
        return cls(FOUR, rank)

    @property
    def ranks(self) -> tuple[str, ...]:
        """The ranks it holds, top first (a four: its one rank)."""
        if self.kind == FOUR:
            return (self.rank,)
        start = RANKS.index(self.rank)
        return RANKS[start : start + self.length]

    def cards(self, suits: Iterable[str]) -> frozenset[Card]:
        """The cards it is made of, given the deck's suits."""
        if self.kind == FOUR:
            return frozenset((s, self.rank) for s in suits)
        return frozenset((self.suit, r) for r in self.ranks)

    def to_dict(self) -> dict:
        """Plain data for storage and export."""
        if self.kind == FOUR:
            return {"four": self.rank}
        return {"run": self.suit, "top": self.rank, "length": self.length}

    @classmethod
    def from_dict(cls, data: dict) -> Weis:
        """Read back from to_dict(); raises ValueError for anything else."""
        data = fields(data, "weis")
        if "four" in data:
            return cls.four(text(data["four"], "weis.four"))
        return cls.run(
            text(data.get("run"), "weis.run"),
            text(data.get("top"), "weis.top"),
            whole(data.get("length"), "weis.length"),
        )


@dataclass(frozen=True)
class Play:
    """What the contract means for Weis: a trump suit, and whether the order is reversed."""

    trump: str | None = None
    undenufe: bool = False
    suits: tuple[str, ...] = ()  # the deck's suits in order, for a tie nothing else decides

    def strength(self, rank: str) -> int:
        """How high a card counts in a Weis comparison: A highest, 6 highest in Undenufe."""
        index = RANKS.index(rank)
        return index if self.undenufe else len(RANKS) - 1 - index


@dataclass(frozen=True)
class WeisTable:
    """The table's Weis settings (RULES.md: small or large Weis, the four-of-a-kind variants)."""

    large: bool = True
    four_nines: bool = True
    four_sixes_undenufe: bool = False
    any_four: bool = False

    def problem(self, weis: Weis, play: Play, suits: tuple[str, ...]) -> Code | None:
        """Why this is no Weis at this table in this contract, or None."""
        if weis.kind not in (RUN, FOUR):
            return code("weis_not_a_kind")
        if weis.rank not in RANKS:
            return code("weis_no_card", card_key=weis.rank)
        if weis.kind == FOUR:
            return None if self._four_points(weis.rank, play) else self._no_four(weis.rank)
        if weis.suit not in suits:
            return code("weis_unknown_suit", suit_key=weis.suit)
        if not 3 <= weis.length <= 9:
            return code("weis_run_length")
        if RANKS.index(weis.rank) + weis.length > len(RANKS):
            return code("weis_below_six", run=weis.length, to=weis.rank)
        return None

    def _no_four(self, rank: str) -> Code:
        if rank == "9":
            return code("weis_four_nines")
        if rank == "6":
            return code("weis_four_sixes")
        if rank == "A":
            return code("weis_four_aces_undenufe")
        return code("weis_four_not_counted", fours=rank)

    def _four_points(self, rank: str, play: Play) -> int:
        if rank == "U":
            return 200
        if rank == "9":
            return 150 if self.four_nines else (100 if self.any_four else 0)
        if rank == "A" and play.undenufe and self.four_sixes_undenufe and not self.any_four:
            return 0  # four 6s count in place of four Aces (000)
        if rank in ("A", "K", "O", "10"):
            return 100
        if rank == "6" and play.undenufe and self.four_sixes_undenufe:
            return 100
        return 100 if self.any_four else 0

    def points(self, weis: Weis, play: Play) -> int:
        """What it is worth, before the multiplier."""
        if weis.kind == FOUR:
            return self._four_points(weis.rank, play)
        if weis.length >= 5:
            return 100 + 50 * (weis.length - 5) if self.large else 100
        return {3: 20, 4: 50}[weis.length]

    def key(self, weis: Weis, play: Play, order: int) -> tuple:
        """Sort key of the tests in RULES.md: points, cards, top card, trumps, earlier seat."""
        return (
            self.points(weis, play),
            weis.length,
            max(play.strength(r) for r in weis.ranks),
            weis.kind == RUN and weis.suit == play.trump,
            -order,
            # One player's two equal Weis: the one in the deck's first suit, every time.
            -play.suits.index(weis.suit) if weis.suit in play.suits else 0,
        )


@dataclass(frozen=True)
class Declaration:
    """The Weis one player declared; `order` is the position in the first trick (0: Vorhand)."""

    who: int
    order: int
    weis: tuple[Weis, ...]


def declaration_problems(
    declarations: Iterable[Declaration],
    table: WeisTable,
    play: Play,
    suits: tuple[str, ...],
    hand_size: int = 9,
) -> dict[int, Code]:
    """What is wrong, by player: no Weis, a card used twice, more cards than a hand holds, a card
    in two players' hands."""
    errors: dict[int, Code] = {}
    owner: dict[Card, int] = {}
    for d in declarations:
        for w in d.weis:
            problem = table.problem(w, play, suits)
            if problem:
                errors[d.who] = problem
                break
        if d.who in errors:
            continue
        problem = _reuse(d.weis, table, suits)
        if problem:
            errors[d.who] = problem
            continue
        cards = set().union(*(w.cards(suits) for w in d.weis))
        if len(cards) > hand_size:
            errors[d.who] = code("weis_too_many_cards", cards=len(cards), hand_size=hand_size)
            continue
        for card in sorted(cards):
            other = owner.setdefault(card, d.who)
            if other != d.who:
                errors[d.who] = code("weis_card_taken", card=card)
                break
    return errors


def _reuse(weis: tuple[Weis, ...], table: WeisTable, suits: tuple[str, ...]) -> Code | None:
    """One player's Weis that share a card or cut one run in parts the rules do not allow."""
    for a, b in combinations(weis, 2):
        if a.cards(suits) & b.cards(suits):
            if a.kind == b.kind:
                return code("weis_card_twice")
            if not table.large:
                return code("weis_small_card_once")
        elif a.kind == b.kind == RUN and a.suit == b.suit and _adjacent(a, b):
            whole = a.length + b.length
            if table.large or whole < 8 or 5 not in (a.length, b.length):
                return code("weis_runs_touch", run=whole)
    return None


def _adjacent(a: Weis, b: Weis) -> bool:
    low_a = RANKS.index(a.rank) + a.length
    low_b = RANKS.index(b.rank) + b.length
    return low_a == RANKS.index(b.rank) or low_b == RANKS.index(a.rank)


@dataclass(frozen=True)
class Ruling:
    """Whose Weis count, the best single one, and why, in one line per deciding test."""

    winner: int | None  # the player holding the best single Weis; None when nobody declared
    best: Weis | None
    lines: tuple[Code, ...]


def rule(
    declarations: Iterable[Declaration],
    table: WeisTable,
    play: Play,
    *,
    side: Callable[[int], int] = lambda who: who,
) -> Ruling:
    """The best single Weis among all declarations, explained against the best of another side.

    `side` groups players who score together (a Schieber team); by default each player is a side
    of their own (Handjass). The order the declarations come in never matters.
    """
    best_per_side: dict[int, tuple[tuple, Weis, Declaration]] = {}
    for d in declarations:
        for w in d.weis:
            entry = (table.key(w, play, d.order), w, d)
            current = best_per_side.get(side(d.who))
            if current is None or entry[0] > current[0]:
                best_per_side[side(d.who)] = entry
    if not best_per_side:
        return Ruling(None, None, ())
    ranked = sorted(best_per_side.values(), key=lambda e: e[0], reverse=True)
    key, weis, winner = ranked[0]
    if len(ranked) == 1:
        return Ruling(winner.who, weis, (code("weis_one_side", weis=weis, who=winner.who),))
    return Ruling(winner.who, weis, _explain(ranked[0], ranked[1], play))


def _explain(first, second, play: Play) -> tuple[Code, ...]:
    """One line per test, in order, until one decides."""
    (k1, w1, d1), (k2, w2, d2) = first, second
    won = {"weis": w1, "who": d1.who}
    both = {**won, "other_weis": w2, "other_who": d2.who}
    if k1[0] != k2[0]:
        return (code("weis_points_beat", points=k1[0], other_points=k2[0], **both),)
    lines = [code("weis_points_same", points=k1[0])]
    if k1[1] != k2[1]:
        lines.append(code("weis_cards_beat", cards=k1[1], other_cards=k2[1], **both))
        return tuple(lines)
    lines.append(code("weis_cards_same", cards=k1[1]))
    top1 = max(w1.ranks, key=play.strength)
    top2 = max(w2.ranks, key=play.strength)
    if k1[2] != k2[2]:
        higher = "weis_higher_undenufe" if play.undenufe else "weis_higher"
        lines.append(code(higher, high_rank=top1, low_rank=top2, **won))
        return tuple(lines)
    lines.append(code("weis_top_same", top_to=top1))
    if k1[3] != k2[3]:
        lines.append(code("weis_trump", suit=w1.suit, **won))
        return tuple(lines)
    lines.append(code("weis_earlier", other_who=d2.who, **won))
    return tuple(lines)


def detect(
    cards: Iterable[Card], table: WeisTable, play: Play, suits: tuple[str, ...]
) -> list[Weis]:
    """Every Weis in a hand of cards, split as well as the rules allow.

    Large Weis: every four and every whole run (its shorter parts never count). Small Weis: a card
    in one combination only, so fours and runs are weighed against each other, and a long run may
    count as parts (8 as 5 + 3, 9 as 5 + 4).
    """
    hand = frozenset(cards)
    fours = [
        Weis.four(r)
        for r in RANKS
        if all((s, r) in hand for s in suits) and table.points(Weis.four(r), play)
    ]
    if table.large:
        return fours + [run for s in suits for run in _runs(hand, s)]
    best: tuple[tuple, list[Weis]] | None = None
    for n in range(len(fours) + 1):
        for chosen in combinations(fours, n):
            used = set().union(*(f.cards(suits) for f in chosen)) if chosen else set()
            rest = hand - used
            runs = [run for s in suits for run in _runs(rest, s)]
            for parts in product(*(_splits(run) for run in runs)):
                found = list(chosen) + [w for part in parts for w in part]
                score = (
                    sum(table.points(w, play) for w in found),
                    max((table.key(w, play, 0) for w in found), default=()),
                )
                if best is None or score > best[0]:
                    best = (score, found)
    return best[1] if best else []


def _runs(hand: frozenset[Card], suit: str) -> list[Weis]:
    """The maximal runs of three or more cards of one suit in a hand."""
    runs, start = [], None
    for i, rank in enumerate((*RANKS, None)):
        if rank is not None and (suit, rank) in hand:
            start = i if start is None else start
        elif start is not None:
            if i - start >= 3:
                runs.append(Weis.run(suit, RANKS[start], i - start))
            start = None
    return runs


def _splits(run: Weis) -> list[list[Weis]]:
    """How small Weis may count a run: whole, and 8 or 9 cards also as 5 + 3 or 5 + 4 (the five
    at the top or at the bottom, which matters in Undenufe)."""
    if run.length < 8:
        return [[run]]
    start = RANKS.index(run.rank)
    rest = run.length - 5
    return [
        [run],
        [Weis.run(run.suit, run.rank, 5), Weis.run(run.suit, RANKS[start + 5], rest)],
        [Weis.run(run.suit, run.rank, rest), Weis.run(run.suit, RANKS[start + rest], 5)],
    ]


def stoeck_in(cards: Iterable[Card], play: Play) -> bool:
    """King and Ober of trumps in one hand."""
    hand = set(cards)
    return play.trump is not None and {(play.trump, "K"), (play.trump, "O")} <= hand


# A single Weis is worth 20, 50, 100, 150, 200, 250 or 300. Every one is a multiple of ten, and
# 20 and 50 alone reach every multiple of ten from 40 up, so the totals a team can write are 0,
# 20, and the multiples of ten from 40 up to what its cards can hold.

# The most a team's cards can declare. Two players with nine cards each: two runs of nine (large
# Weis, 600), or 550 with small Weis, found by search over the deck. Three players with six cards
# each: at most 220 a player (four Unders and the run K-O-U), so 660 is a safe bound (510 is
# reachable), and 600 with small Weis (200 a player). One player with nine cards: 370.
MAX_PER_TEAM = {(2, True): 600, (2, False): 550, (3, True): 660, (3, False): 600}


def weis_problem(points: int, players: int, large: bool = True) -> Code | None:
    """Why a team of this many players cannot have declared Weis worth `points`, or None."""
    if points == 0:
        return None
    if points < 0:
        return code("weis_negative")
    if points % 10 or points in (10, 30):
        return code("weis_points_impossible", points=points)
    most = MAX_PER_TEAM.get((players, large), 600)
    if points > most:
        return code("weis_too_much", most=most)
    return None


# The most one player's hand can hold, Weis and Stöck together: what a player may write as
# points (Handjass). Found by a search over every hand at once: the ranks held in all four suits
# are the fours; each suit's ranks give its runs (small Weis: only the cards not in a counted
# four); the trump suit with King and Ober adds the Stöck.
_STOECK_RANKS = (1 << RANKS.index("K")) | (1 << RANKS.index("O"))
_MOST: dict[tuple[WeisTable, int, bool, bool], int] = {}


def most_weis(
    table: WeisTable, hand_size: int = 9, *, undenufe: bool = False, stoeck: bool = True
) -> int:
    """The most Weis and Stöck one hand of `hand_size` cards holds at this table, before the
    multiplier. Nine cards with small Weis: 320 (four Unders, four Kings and the Ober of
    trumps); with large Weis and four 9s: 370 (four Unders, four 9s, the run Under-10-9).
    `stoeck`: the contract has trumps; `undenufe`: fours count as in Undenufe."""
    key = (table, hand_size, undenufe, stoeck)
    if key not in _MOST:
        _MOST[key] = _search_most(table, hand_size, undenufe, stoeck)
    return _MOST[key]


def _runs_points(ranks: int, table: WeisTable, play: Play) -> int:
    """The points of the runs among one suit's ranks (bit i set: RANKS[i] held), each run
    counted whole or split as the table allows (see detect)."""
    total, start = 0, None
    for i in range(len(RANKS) + 1):
        if i < len(RANKS) and ranks >> i & 1:
            start = i if start is None else start
        elif start is not None:
            if i - start >= 3:
                run = Weis.run("", RANKS[start], i - start)
                splits = [[run]] if table.large else _splits(run)
                total += max(sum(table.points(w, play) for w in parts) for parts in splits)
            start = None
    return total


def _search_most(table: WeisTable, hand_size: int, undenufe: bool, stoeck: bool) -> int:
    play = Play(undenufe=undenufe)
    every = (1 << len(RANKS)) - 1
    runs = [_runs_points(ranks, table, play) for ranks in range(every + 1)]
    most = 0
    for fours in range(every + 1):  # the ranks held in every suit
        counted = [r for i, r in enumerate(RANKS) if fours >> i & 1]
        if 4 * len(counted) > hand_size:
            continue
        four_points = sum(table.points(Weis.four(r), play) for r in counted)
        # The most one suit adds with k cards: as a side suit, and as the trump suit.
        side = [-1] * (len(RANKS) + 1)
        trump = [-1] * (len(RANKS) + 1)
        rest = every & ~fours
        extra = rest
        while True:  # every set of the other ranks, beside the fours' ranks
            ranks = fours | extra
            points = runs[ranks] if table.large else runs[extra]
            size = ranks.bit_count()
            side[size] = max(side[size], points)
            stoeck_points = 20 if stoeck and ranks & _STOECK_RANKS == _STOECK_RANKS else 0
            trump[size] = max(trump[size], points + stoeck_points)
            if not extra:
                break
            extra = (extra - 1) & rest
        # Three side suits and the trump suit, within the hand's cards.
        reach = {0: 0}  # cards used -> the most points
        for suit in (side, side, side, trump):
            after: dict[int, int] = {}
            for used, points in reach.items():
                for size, value in enumerate(suit):
                    if value >= 0 and used + size <= hand_size:
                        after[used + size] = max(after.get(used + size, -1), points + value)
            reach = after
        most = max(most, four_points + max(reach.values(), default=0))
    return most
