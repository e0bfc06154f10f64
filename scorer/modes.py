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
    play_on: Callable  # (game, earlier game, its state) -> the game's state (replay(game) or less)
    record_problem: Callable  # game -> why its record cannot stand, or None
    summary: Callable  # (game, state) -> the few figures the list of games shows
    state_dict: Callable  # (game, state) -> the computed state as plain data (its export.py)
    parties: Callable  # game -> who settles the stakes: the teams or players (its stakes.py)
    balances: Callable  # (game, state) -> each party's won or lost units, None while running
    look: Callable  # (game, state) -> the game looked back at (its stats.py, scorer.lookback)
    figures: tuple[str, ...]  # the keys of the figures its look counts, in the order shown

    @classmethod
    def of(cls, package, game: type, entry: type) -> Mode:
        """A mode from its package: the package's replay (and play_on, where it has one),
        record_problem and summary, the state_dict of its export module, the parties and
        balances of its stakes module, and the look and figures of its stats module."""
        export = import_module(f"{package.__name__}.export")
        stakes = import_module(f"{package.__name__}.stakes")
        stats = import_module(f"{package.__name__}.stats")
        checks = (package.record_problem, package.summary, export.state_dict)
        settle = (stakes.parties, stakes.balances)
        replay = package.replay
        play_on = getattr(package, "play_on", lambda g, _earlier, _state: replay(g))
        return cls(
            game.KIND, game, entry, replay, play_on, *checks, *settle, stats.look, stats.FIGURES
        )


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


def summary(game, state=None) -> dict:
    """What the list of games shows of this game; `state` saves a replay when it is at hand."""
    mode = mode_of(game)
    return mode.summary(game, state if state is not None else mode.replay(game))


def look(game, state=None):
    """The game looked back at (scorer.lookback.Look); `state` saves a replay when at hand."""
    mode = mode_of(game)
    return mode.look(game, state if state is not None else mode.replay(game))
