"""Ratings: how strong each player is, seen through their partners (docs/ratings.md).

A standings table cannot tell the player who wins from the one who always sits beside the best
player. A rating can: each result moves every player by how surprising it was, given the
strength of their partners and their opponents, and says how sure it is. The model is
openskill's Plackett-Luce (Weng-Lin Bayesian ratings): made for teams of any size and for
rankings of more than two sides, so Schieber's pairs, Coiffeur's teams, and Handjass's and
Differenzler's players each for themselves are all one kind of result here (a Bout).

Pure: results in, ratings out, replayed from the first result every time (never stored), in
the order the results were played, so the same results give the same ratings however they
come in.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce

from scorer.lookback import Look, fold

# The library's defaults: a newcomer is 25 ± 8.3, and the conservative estimate mu − 3σ (its
# ordinal) starts at 0 and grows as games make the rating surer.
MODEL = PlackettLuce()
Z = 3  # standard deviations below mu: the skill a player has at least, with 99.7 % certainty


@dataclass(frozen=True)
class Bout:
    """One result to rate: its sides (each the names of its players), each side's place (1 the
    best, level sides share it), and how many results it counts as (a Schneider win two).
    `when` orders the results (a game's start and number; an evening's day, Passe, table);
    `key` says which game it is, for whoever shows the ratings after it."""

    when: tuple
    sides: tuple[tuple[str, ...], ...]
    places: tuple[int, ...]
    worth: int = 1
    key: Hashable = None


def bout(look: Look, when: tuple, key: Hashable = None) -> Bout | None:
    """A game looked back at as a result to rate; None while it runs (no places yet). A team
    of known players (Schieber) is its players; a Coiffeur team, whose players the game does
    not know, rates as one under its name; a player for themselves is one player."""
    if not look.finished or len(look.places) != len(look.sides):
        return None
    if look.players:
        sides = tuple(tuple(side.players) for side in look.sides)
    else:
        sides = tuple((side.name,) for side in look.sides)
    return Bout(when, sides, look.places, look.worth, key)


@dataclass(frozen=True)
class Step:
    """A player's rating right after one of their results (`bout`: the field's result number,
    from 1)."""

    bout: int
    mu: float
    sigma: float


@dataclass(frozen=True)
class Partner:
    """How a player did beside one partner: the results together, those won (a shared first
    place counts its share), and the wins the ratings expected before each of them."""

    name: str
    games: int
    wins: float
    expected: float

    @property
    def surplus(self) -> float:
        """Wins more than expected (below 0: fewer)."""
        return self.wins - self.expected


@dataclass(frozen=True)
class Rating:
    """A player's rating: mu ± sigma, the conservative estimate it is ranked by, the results,
    the wins and the wins expected, its course result by result, and its partners (the one it
    wins most beyond expectation with first)."""

    rank: int
    name: str
    mu: float
    sigma: float
    conservative: float
    games: int
    wins: float
    expected: float
    history: tuple[Step, ...]
    partners: tuple[Partner, ...]


@dataclass(frozen=True)
class Ratings:
    """Every player's rating, ranked by the conservative estimate; the results in the order
    rated; and each result's players as it left them, by the result's key."""

    players: tuple[Rating, ...]
    bouts: tuple[Bout, ...]
    after: dict[Hashable, tuple[tuple[str, float, float], ...]]

    def of(self, name: str) -> Rating | None:
        """The rating of this player (the name compared as the Rückblick does), if rated."""
        who = fold(name)
        return next((r for r in self.players if fold(r.name) == who), None)

    def course(self, rating: Rating) -> tuple[float, ...]:
        """The player's mu before the first result and after each result of the field (held
        where the player did not play): a line of the chart, in step with the others."""
        values, at = [MODEL.mu], 0
        steps = rating.history
        for number in range(1, len(self.bouts) + 1):
            while at < len(steps) and steps[at].bout <= number:
                at += 1
            values.append(steps[at - 1].mu if at else MODEL.mu)
        return tuple(values)


def _order(b: Bout) -> tuple:
    # Everything of the result, so that two results of the same moment still come in one order.
    return (b.when, b.sides, b.places, b.worth, repr(b.key))


def _shares(places: tuple[int, ...]) -> list[float]:
    """Each side's share of the win: 1 for the first alone, split among level first sides."""
    first = places.count(1)
    return [1 / first if place == 1 else 0.0 for place in places]


def rate(bouts: Iterable[Bout]) -> Ratings:
    """The ratings after these results, replayed in the order they were played (`when`). A
    result whose sides share a player, or that has fewer than two sides, is left out."""
    ordered = [b for b in sorted(bouts, key=_order) if _rateable(b)]
    current: dict[str, object] = {}
    names: dict[str, str] = {}
    history: dict[str, list[Step]] = {}
    record: dict[str, list[float]] = {}  # games, wins, expected
    together: dict[str, dict[str, list[float]]] = {}
    after: dict[Hashable, tuple[tuple[str, float, float], ...]] = {}
    for number, b in enumerate(ordered, 1):
        folded = [tuple(fold(n) for n in side) for side in b.sides]
        for side, keys in zip(b.sides, folded, strict=True):
            for name, key in zip(side, keys, strict=True):
                names[key] = " ".join(name.split())  # the latest spelling stays
                if key not in current:
                    current[key] = MODEL.rating()
        teams = [[current[key] for key in keys] for keys in folded]
        expected = MODEL.predict_win(teams)
        for _ in range(b.worth):
            teams = MODEL.rate(teams, ranks=list(b.places))
        won = _shares(b.places)
        for side, keys in enumerate(folded):
            for key, new in zip(keys, teams[side], strict=True):
                current[key] = new
                history.setdefault(key, []).append(Step(number, new.mu, new.sigma))
                games = record.setdefault(key, [0, 0.0, 0.0])
                games[0] += 1
                games[1] += won[side]
                games[2] += expected[side]
                for other in keys:
                    if other != key:
                        pair = together.setdefault(key, {}).setdefault(other, [0, 0.0, 0.0])
                        pair[0] += 1
                        pair[1] += won[side]
                        pair[2] += expected[side]
        if b.key is not None:
            after[b.key] = tuple(
                (names[k], current[k].mu, current[k].sigma) for keys in folded for k in keys
            )
    ranked = sorted(current, key=lambda k: (-current[k].ordinal(z=Z), -current[k].mu, k))
    players, rank = [], 0
    for place, key in enumerate(ranked, 1):
        score = current[key].ordinal(z=Z)
        if place == 1 or score != current[ranked[place - 2]].ordinal(z=Z):
            rank = place
        games, wins, expected = record[key]
        partners = sorted(
            (Partner(names[o], int(v[0]), v[1], v[2]) for o, v in together.get(key, {}).items()),
            key=lambda p: (-p.surplus, -p.games, fold(p.name)),
        )
        players.append(
            Rating(
                rank, names[key], current[key].mu, current[key].sigma, score,
                int(games), wins, expected, tuple(history[key]), tuple(partners),
            )
        )  # fmt: skip
    return Ratings(tuple(players), tuple(ordered), after)


def _rateable(b: Bout) -> bool:
    everyone = [fold(n) for side in b.sides for n in side]
    return (
        len(b.sides) >= 2
        and len(b.places) == len(b.sides)
        and all(b.sides)
        and len(set(everyone)) == len(everyone)
        and b.worth >= 1
    )
