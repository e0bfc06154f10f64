"""Looking back ("Rückblick"): every game as a few figures per team and per player, and those
figures added up over many games.

Each mode's `stats.look(game, state)` says what one game gave each side (a team or a player):
its figures by key (`games`, `wins`, `schneider_given`, …), its result, the winner, and the
course of the game for its chart. `tally()` adds the figures of many games up, per team and
per player, without knowing any mode: a figure is a number, and numbers add.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Side:
    """A team or a player in one game, and what the game gave them."""

    name: str  # the team's name, or the player's
    players: tuple[str, ...]  # a team's players (none known for a Coiffeur team), or the player
    figures: dict[str, int]  # the mode's figures for this side in this game, by key


@dataclass(frozen=True)
class Look:
    """One game looked back at.

    `sides` are the parties of the result (Schieber's and Coiffeur's teams, Handjass's and
    Differenzler's players); `players` each player on their own where a team game knows its
    players (Schieber), else none. `course` holds, per side, its figure after each entry (the
    totals, the net strokes), starting from the figure before the first: the chart's lines.
    """

    sides: tuple[Side, ...]
    players: tuple[Side, ...]
    result: tuple[int, ...]  # each side's final figure
    finished: bool
    winner: int | None = None  # the side that won, if one did alone
    shared: tuple[int, ...] = ()  # the sides sharing first place, where a game ends so
    loser: int | None = None  # the side that lost, where one loses (Handjass)
    course: tuple[tuple[int, ...], ...] = ()
    goal: int | None = None  # the line every side runs for (a target), if there is one
    measure: str = "points"  # the figure key of what `course` and `result` count
    own: tuple[str, ...] = ()  # the figures a player counts on their own, not as their team
    figures: tuple[str, ...] = ()  # the keys of `figures`, in the order they are shown
    # Each side's place once the game is finished (1 the best; level sides share it), as the
    # mode ranks them; none while it runs. The ratings (scorer.ratings) read only this.
    places: tuple[int, ...] = ()
    worth: int = 1  # how many results the game counts as in a rating: a Schneider win two

    @property
    def winners(self) -> tuple[int, ...]:
        """Every side that won: the winner, or the sides sharing first place."""
        return (self.winner,) if self.winner is not None else self.shared

    @property
    def people(self) -> tuple[str, ...]:
        """Who played, as the filter offers them: the players where they are known (Schieber,
        Handjass, Differenzler), else the teams (a Coiffeur team is its name)."""
        return tuple(p.name for p in self.players) or tuple(s.name for s in self.sides)

    def has(self, name: str) -> bool:
        """Whether this player (or Coiffeur team) took part in the game."""
        return fold(name) in {fold(person) for person in self.people}


def places(values: Sequence[float], lower_wins: bool = False) -> tuple[int, ...]:
    """Each value's place among them, 1 the best (the highest, or the lowest with
    `lower_wins`); equal values share the place of the first of them (1, 2, 2, 4)."""
    keyed = [-v if not lower_wins else v for v in values]
    return tuple(1 + sum(other < mine for other in keyed) for mine in keyed)


def fold(name: str) -> str:
    """A name as compared: without surrounding space, case folded ("Anna" is "anna ")."""
    return " ".join(name.split()).casefold()


@dataclass
class Tally:
    """A team or a player over many games: its figures added up."""

    name: str
    players: tuple[str, ...]
    figures: dict[str, int] = field(default_factory=dict)

    def add(self, figures: dict[str, int]) -> None:
        """Add one game's figures."""
        for key, value in figures.items():
            self.figures[key] = self.figures.get(key, 0) + value


@dataclass(frozen=True)
class Standing:
    """The tallies of one kind of game: its teams and its players, the best first."""

    teams: tuple[Tally, ...]
    players: tuple[Tally, ...]

    def only(self, name: str) -> Standing:
        """The tallies of one player: the teams they played in, and themselves."""
        who = fold(name)

        def holds(t: Tally) -> bool:
            return who == fold(t.name) or who in {fold(p) for p in t.players}

        return Standing(
            tuple(t for t in self.teams if holds(t)), tuple(t for t in self.players if holds(t))
        )


def _team_key(side: Side) -> tuple[str, ...]:
    """A team is its players, whatever it was called that evening ("Wir" one night, "Ost" the
    next); a team without known players (Coiffeur) is its name."""
    if side.players and len(side.players) > 1:
        return tuple(sorted(fold(p) for p in side.players))
    return (fold(side.name),)


def _add(kept: dict, key, side: Side) -> None:
    if key not in kept:  # the newest game comes first: its spelling of the name stays
        kept[key] = Tally(side.name, side.players)
    kept[key].add(side.figures)


def _ranked(kept: dict) -> tuple[Tally, ...]:
    """Most wins first (fewest losses where nobody wins), then most games, then by name."""
    return tuple(
        sorted(
            kept.values(),
            key=lambda t: (
                -t.figures.get("wins", 0),
                t.figures.get("losses", 0),
                -t.figures.get("games", 0),
                fold(t.name),
            ),
        )
    )


def tally(looks: Iterable[Look]) -> Standing:
    """The figures of these games (of one kind, the newest first) added up per team and per
    player. A game of teams counts for its teams, and for each of its players what the game
    says of them on their own; a game of players for each player."""
    teams: dict = {}
    players: dict = {}
    for look in looks:
        team_game = bool(look.players) or any(len(s.players) != 1 for s in look.sides)
        for side in look.sides:
            if team_game:
                _add(teams, _team_key(side), side)
            else:
                _add(players, fold(side.name), side)
        for player in look.players:
            _add(players, fold(player.name), player)
    return Standing(_ranked(teams), _ranked(players))
