"""A Differenzler game: its players in seat order, its rules and its rounds; entering a round,
and checking a whole record (RULES.md 4, seed 003).

Everything else (differences, totals, tie rounds, who won) is replayed from the rounds by
scorer.differenzler.standings.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from scorer.cards import fields, items, text
from scorer.codes import Code, code
from scorer.differenzler.rounds import Round, round_problems
from scorer.differenzler.rules import PLAYERS_LEAST, PLAYERS_MOST, DifferenzlerRules
from scorer.differenzler.standings import Tally, replayed
from scorer.names import name_problem


@dataclass(frozen=True)
class DifferenzlerGame:
    """The players in seat order (play goes counter-clockwise), the rules, and the rounds."""

    KIND = "differenzler"
    RECORD = "rounds"

    players: tuple[str, ...]
    rules: DifferenzlerRules = field(default_factory=DifferenzlerRules)
    rounds: tuple[Round, ...] = ()

    def with_record(self, entries) -> DifferenzlerGame:
        """The same game with another record of rounds."""
        return replace(self, rounds=tuple(entries))

    def rematch(self) -> DifferenzlerGame:
        """A new game for the same players and rules."""
        return replace(self, rounds=())

    def problems(self) -> dict[str, Code]:
        """What is wrong with the set-up, by field: the players, and the rules' problems."""
        errors = dict(self.rules.problems())
        players = self.players
        if not PLAYERS_LEAST <= len(players) <= PLAYERS_MOST:
            errors["players"] = code("players_count", least=PLAYERS_LEAST, most=PLAYERS_MOST)
            return errors
        names = [p.strip() if isinstance(p, str) else "" for p in players]
        for seat, name in enumerate(names):
            problem = code("name_missing", seat=seat) if not name else name_problem(players[seat])
            if problem:
                errors["players"] = problem
                return errors
        seen: dict[str, int] = {}
        for seat, name in enumerate(names):
            first = seen.setdefault(name.casefold(), seat)
            if first != seat:
                errors["players"] = code("names_alike", first=first, second=seat)
                break
        return errors

    def to_dict(self) -> dict:
        """The game as plain data: players, rules and rounds in order."""
        return {
            "players": list(self.players),
            "rules": self.rules.to_dict(),
            "rounds": [r.to_dict() for r in self.rounds],
        }

    @classmethod
    def from_dict(cls, data: dict) -> DifferenzlerGame:
        """Read back from to_dict(). Raises Invalid (a ValueError) for a value of the wrong kind
        and KeyError without players; whether the game can stand is for problems() and
        record_problem() to say."""
        data = fields(data, "game")
        return cls(
            tuple(text(p, "players") for p in items(data["players"], "players")),
            DifferenzlerRules.from_dict(data.get("rules", {})),
            tuple(Round.from_dict(r) for r in items(data.get("rounds", []), "rounds")),
        )


def game_over(winners: tuple[int, ...]) -> Code:
    """Why no round follows a decided game: who won, or who share first place."""
    if len(winners) == 1:
        return code("game_over", winner=winners[0])
    return code("game_over_shared", winners=winners)


def _next_round_problems(entry: Round, tally: Tally) -> dict[str, Code]:
    """What is wrong with `entry` as the next round after the replay so far, by field."""
    if tally.finished:
        return {"game": game_over(tally.winners)}
    return round_problems(entry, tally.count, tally.rules)


def enter(game: DifferenzlerGame, entry: Round) -> tuple[DifferenzlerGame, dict[str, Code]]:
    """The game with this round written, or the unchanged game and what is wrong with the round:
    its own problems (round_problems), or game_over when the game is already decided."""
    errors = _next_round_problems(entry, replayed(game))
    if errors:
        return game, errors
    return game.with_record((*game.rounds, entry)), {}


def record_problem(game: DifferenzlerGame) -> Code | None:
    """Why this record of rounds cannot stand, or None: each round is checked as it was entered,
    in one pass. The answer is round_problem(round, field, problem): the first round that cannot
    stand (from 1), the field its first problem concerns, and that problem (a Code: one of
    round_problems' codes, or game_over for a round after the game was decided). The set-up is
    problems()' concern, not this."""
    tally = Tally(game)
    for number, entry in enumerate(game.rounds, start=1):
        errors = _next_round_problems(entry, tally)
        if errors:
            where, problem = next(iter(errors.items()))
            return code("round_problem", round=number, field=where, problem=problem)
        tally.add(entry)
    return None
