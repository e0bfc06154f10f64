"""The game modes by kind: the one place that knows which engine reads which game.

Storage and export ask here; nothing else switches on a game's kind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

from scorer import coiffeur, differenzler, handjass, schieber


@dataclass(frozen=True)
class Mode:
    """A kind of game: its game class, its replay, and what its record must satisfy."""

    kind: str
    game: type
    entry: type  # one entry of its record: a Schieber hand, a Handjass deal
    replay: Callable
    replay_from: Callable | None  # (game, state of its first entries) -> its state, or None
    record_problem: Callable  # game -> why its record cannot stand, or None
    summary: Callable  # (game, state) -> the few figures the list of games shows
    state_dict: Callable  # (game, state) -> the computed state as plain data (its export.py)
    parties: Callable  # game -> who settles the stakes: the teams or players (its stakes.py)
    balances: Callable  # (game, state) -> each party's won or lost units, None while running
    look: Callable  # (game, state) -> the game looked back at (its stats.py, scorer.lookback)
    figures: tuple[str, ...]  # the keys of the figures its look counts, in the order shown

    @classmethod
    def of(cls, package, game: type, entry: type) -> Mode:
        """A mode from its package: the package's replay (and replay_from, where it has one),
        record_problem and summary, the state_dict of its export module, the parties and
        balances of its stakes module, and the look and figures of its stats module."""
        export = import_module(f"{package.__name__}.export")
        stakes = import_module(f"{package.__name__}.stakes")
        stats = import_module(f"{package.__name__}.stats")
        checks = (package.record_problem, package.summary, export.state_dict)
        settle = (stakes.parties, stakes.balances)
        replay = (package.replay, getattr(package, "replay_from", None))
        return cls(game.KIND, game, entry, *replay, *checks, *settle, stats.look, stats.FIGURES)

    def play_on(self, game, earlier, state):
        """The state of `game`, played on from the `state` of `earlier`, the same table's game
        before an entry was written: the same as a replay, without playing again the entries
        they share. A replay when `earlier` is not the beginning of `game` or the mode cannot
        play on."""
        if self.replay_from is not None and continues(earlier, game, len(state.rows)):
            return self.replay_from(game, state)
        return self.replay(game)


MODES: dict[str, Mode] = {
    m.kind: m
    for m in (
        Mode.of(schieber, schieber.Game, schieber.Hand),
        Mode.of(handjass, handjass.HandjassGame, handjass.Deal),
        Mode.of(differenzler, differenzler.DifferenzlerGame, differenzler.Round),
        Mode.of(coiffeur, coiffeur.CoiffeurGame, coiffeur.Entry),
    )
}


def mode_of(game) -> Mode:
    """The mode a game belongs to."""
    return MODES[game.KIND]


def record(game) -> tuple:
    """The game's entries in order: a Schieber game's hands, a Handjass game's deals."""
    return getattr(game, game.RECORD)


def continues(earlier, game, entries: int) -> bool:
    """`earlier` is the beginning of `game`: the same game (players, rules, everything) whose
    record is the first `entries` entries of game's, all of them."""
    before, after = record(earlier), record(game)
    return (
        len(before) == entries <= len(after)
        and all(a is b or a == b for a, b in zip(before, after, strict=False))
        and earlier.with_record(after) == game
    )


def summary(game, state=None) -> dict:
    """What the list of games shows of this game; `state` saves a replay when it is at hand."""
    mode = mode_of(game)
    return mode.summary(game, state if state is not None else mode.replay(game))


def look(game, state=None):
    """The game looked back at (scorer.lookback.Look); `state` saves a replay when at hand."""
    mode = mode_of(game)
    return mode.look(game, state if state is not None else mode.replay(game))
