"""A Coiffeur game: its teams, its rules, and the cells the teams filled, in the order played.

Every team fills every contract of the board once (RULES.md 5, seed 003): with its card points
(0 to 157), a Match (all nine tricks: 157 and the bonus), or crossed out ("gestrichen": the team
gives the contract up for nothing). With the counter-Match on, a team that made no trick fills its
cell "countered": nothing for it, a Match for the other team. Everything else is replayed from
the entries (scorer/coiffeur/standing.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from scorer.cards import HAND_TOTAL, fields, flag, items, text, whole
from scorer.codes import Code, Invalid, code
from scorer.coiffeur.rules import CoiffeurRules
from scorer.names import name_problem

TEAMS_MIN, TEAMS_MAX = 2, 3
# No card counts 1, so neither side of a contract can end with 1 point, nor the other with 156.
IMPOSSIBLE = (1, HAND_TOTAL - 1)


@dataclass(frozen=True)
class Entry:
    """One cell filled: the team, the contract, and what the team made of it.

    A Match is written match=True with 157 points; 157 and the bonus (257) written as points
    means a Match too and is entered as one. Crossed out (gestrichen) and countered are 0 points.
    """

    team: int
    contract: str
    points: int = 0
    match: bool = False
    crossed: bool = False  # gestrichen: the team gives the contract up
    countered: bool = False  # the other team made every trick: a counter-Match

    def to_dict(self) -> dict:
        """Plain data for storage and export."""
        return {
            "team": self.team,
            "contract": self.contract,
            "points": self.points,
            "match": self.match,
            "crossed": self.crossed,
            "countered": self.countered,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Entry:
        """Read back from to_dict(); raises Invalid for values of the wrong kind, KeyError
        without a team or a contract."""
        data = fields(data, "entries")
        unknown = sorted(set(data) - ENTRY_KEYS)
        if unknown:  # a key of another mode ("weis") would be lost without a word
            raise Invalid("unknown_key", field="entries", key=str(unknown[0])[:30])
        return cls(
            team=whole(data["team"], "entries.team"),
            contract=text(data["contract"], "entries.contract"),
            points=whole(data.get("points", 0), "entries.points"),
            match=flag(data.get("match", False), "entries.match"),
            crossed=flag(data.get("crossed", False), "entries.crossed"),
            countered=flag(data.get("countered", False), "entries.countered"),
        )


ENTRY_KEYS = {"team", "contract", "points", "match", "crossed", "countered"}


@dataclass(frozen=True)
class CoiffeurGame:
    """The teams (a name each, "Anna+Ruedi" will do), the rules, and the entries in order."""

    KIND = "coiffeur"
    RECORD = "entries"

    teams: tuple[str, ...]
    rules: CoiffeurRules = field(default_factory=CoiffeurRules)
    entries: tuple[Entry, ...] = ()

    def with_record(self, entries) -> CoiffeurGame:
        """The same game with another record of entries."""
        return replace(self, entries=tuple(entries))

    def rematch(self) -> CoiffeurGame:
        """A new game for the same teams and rules: an empty board."""
        return replace(self, entries=())

    def problems(self) -> dict[str, Code]:
        """What is wrong with the set-up, by field: the teams, and the rules' problems."""
        errors = dict(self.rules.problems())
        teams = self.teams
        if not TEAMS_MIN <= len(teams) <= TEAMS_MAX:
            errors["teams"] = code("teams_count", count=len(teams), low=TEAMS_MIN, high=TEAMS_MAX)
        else:
            problem = _names_problem(teams)
            if problem:
                errors["teams"] = problem
        if self.rules.counter_match is True and len(teams) != 2:
            errors["counter_match"] = code("counter_match_two_teams")
        return errors

    def to_dict(self) -> dict:
        """The game as plain data: teams, rules and entries in order."""
        return {
            "teams": list(self.teams),
            "rules": self.rules.to_dict(),
            "entries": [e.to_dict() for e in self.entries],
        }

    @classmethod
    def from_dict(cls, data: dict) -> CoiffeurGame:
        """Read back from to_dict(); raises Invalid (a ValueError) for values of the wrong kind
        and KeyError without teams."""
        data = fields(data, "game")
        return cls(
            tuple(text(t, "teams") for t in items(data["teams"], "teams")),
            CoiffeurRules.from_dict(data.get("rules", {})),
            tuple(Entry.from_dict(e) for e in items(data.get("entries", []), "entries")),
        )


def _names_problem(teams) -> Code | None:
    """The first thing wrong with the team names: a missing, bad or repeated name."""
    seen: dict[str, int] = {}
    for i, name in enumerate(teams):
        if not isinstance(name, str) or not name.strip():
            return code("team_name_missing", team=i)
        problem = name_problem(name)
        if problem:
            return Code(problem.key, {**problem.values, "team": i})
        folded = name.strip().casefold()
        if folded in seen:
            return code("team_names_same", team=i, other=seen[folded])
        seen[folded] = i
    return None


def _is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def entry_problems(
    game: CoiffeurGame, filled: set[tuple[int, str]], entry: Entry
) -> dict[str, Code]:
    """What is wrong with `entry` as the next entry when the cells `filled` ((team, contract)
    pairs) are already written, by field: "game", "team", "contract", "kind", "countered",
    "points"."""
    rules = game.rules
    keys = set(rules.keys)
    if len(filled) >= len(game.teams) * len(keys):
        return {"game": code("game_finished")}
    errors: dict[str, Code] = {}
    team, contract = entry.team, entry.contract
    if not _is_whole(team) or not 0 <= team < len(game.teams):
        errors["team"] = code("team_unknown", team=team if _is_whole(team) else None)
    if not isinstance(contract, str) or contract not in keys:
        errors["contract"] = code(
            "contract_unknown", contract=contract if isinstance(contract, str) else None
        )
    elif "team" not in errors and (team, contract) in filled:
        errors["contract"] = code("cell_filled", team=team, contract=contract)
    flags = {"match": entry.match, "crossed": entry.crossed, "countered": entry.countered}
    for name, value in flags.items():
        if not isinstance(value, bool):
            errors["kind"] = code("not_flag", field=name)
            return errors
    if sum(flags.values()) > 1:
        errors["kind"] = code("entry_kinds")
        return errors
    if entry.countered and not rules.counter_match:
        errors["countered"] = code("counter_match_off")
    elif entry.countered and len(game.teams) != 2:
        errors["countered"] = code("counter_match_two_teams")
    problem = _points_problem(entry, rules)
    if problem:
        errors["points"] = problem
    return errors


def _points_problem(entry: Entry, rules: CoiffeurRules) -> Code | None:
    """Why the points cannot go with this kind of entry, or None."""
    points = entry.points
    if not _is_whole(points):
        return code("points_range", points=None, high=HAND_TOTAL, match=rules.match_value)
    if entry.crossed and points:
        return code("crossed_points", points=points)
    if entry.countered and points:
        return code("countered_points", points=points)
    if entry.match:
        if points not in (HAND_TOTAL, rules.match_value):
            return code("match_points", points=points, high=HAND_TOTAL)
        return None
    if points == rules.match_value:
        return None  # a Match written as its points
    if not 0 <= points <= HAND_TOTAL:
        return code("points_range", points=points, high=HAND_TOTAL, match=rules.match_value)
    if points in IMPOSSIBLE:
        return code("points_impossible", points=points)
    return None


def normal(entry: Entry, rules: CoiffeurRules) -> Entry:
    """The entry as it is stored: a Match written as 157 and the bonus becomes match=True with
    157 points. Only for an entry without problems."""
    if entry.crossed or entry.countered:
        return entry
    if entry.match or entry.points == rules.match_value != HAND_TOTAL:
        return replace(entry, points=HAND_TOTAL, match=True)
    return entry


def read_record(game: CoiffeurGame) -> tuple[tuple[Entry, ...], int | None, dict[str, Code]]:
    """The entries of the record that stand, as stored (see normal()), up to the first that
    cannot; that one's index in the record (None when all stand) and its problems."""
    filled: set[tuple[int, str]] = set()
    done: list[Entry] = []
    for index, entry in enumerate(game.entries):
        errors = entry_problems(game, filled, entry)
        if errors:
            return tuple(done), index, errors
        entry = normal(entry, game.rules)
        done.append(entry)
        filled.add((entry.team, entry.contract))
    return tuple(done), None, {}


def enter(game: CoiffeurGame, entry: Entry) -> tuple[CoiffeurGame, dict[str, Code]]:
    """The game with this cell filled, or the unchanged game and what is wrong, by field."""
    done, _, _ = read_record(game)
    filled = {(e.team, e.contract) for e in done}
    errors = entry_problems(game, filled, entry)
    if errors:
        return game, errors
    return game.with_record(game.entries + (normal(entry, game.rules),)), {}


def record_problem(game: CoiffeurGame) -> Code | None:
    """Why this record of entries cannot stand, or None: entry_problem(number, problem), the
    first entry that cannot (from 1) and its first problem."""
    _, index, errors = read_record(game)
    if index is None:
        return None
    return code("entry_problem", number=index + 1, problem=next(iter(errors.values())))
