"""A club evening's set-up: its name and day, the Passen and games, how it scores and ranks,
who must never share a table. The players are kept apart from it (numbered from 0, each with
the Passe from which on they play), so that players come and go between Passen without a
stored result changing.

Pure: plain data in and out, and codes, by field, for what cannot be set up.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field

from scorer.cards import DECKS
from scorer.club.standings import (
    GAME_POINTS,
    IMPOSSIBLE,
    TIE_BREAK_DEFAULT,
    TIE_BREAKS,
    TIE_STEPS_MOST,
    WEIS_MOST,
    Scoring,
    TableGame,
)
from scorer.codes import Code, Invalid, code
from scorer.names import clean, name_problem
from scorer.schieber.contracts import PRESETS, Contract, contracts_for

PASSEN_MOST = 12
GAMES_MOST = 24
GAMES_DEFAULT = 12
PLAYERS_LEAST = 4
PLAYERS_MOST = 200
BONUS_MOST = 500
# A Match is 157 and a bonus of 100, 257 (RULES.md 1; seeds 000, 002 and 004 alike, none
# plays without it): what a new evening's form offers. An evening keeps the bonus it was set
# up with; one stored without any has none (Scoring's 0).
MATCH_BONUS = 100
JOKER_MOST = GAMES_MOST * 2 * 157


@dataclass(frozen=True)
class Player:
    """A player of the evening: its number (for the draw and the results), its name, and the
    Passe from which on it plays (1: from the start) and after which it left (None: still in)."""

    number: int
    name: str
    joined: int = 1
    left: int | None = None

    def plays(self, passe: int) -> bool:
        return self.joined <= passe and (self.left is None or passe <= self.left)


@dataclass(frozen=True)
class Field:
    """Who plays a Passe drawn anew (by number, in number order): the field as it stands now,
    not as it stood at the Passe's first draw. `came` were added since that draw (they were
    to play from the next Passe on) and play this one; `gone` left since (after this Passe,
    as it was) and play it no more."""

    playing: tuple[int, ...]
    came: tuple[int, ...]
    gone: tuple[int, ...]


def redraw_field(players: Sequence[Player], passe: int) -> Field:
    """The field of Passe `passe`, the latest drawn and not played yet, for its redraw. A
    player added while it was the latest joined at `passe + 1`, one who left then left after
    `passe`: a redraw takes the one in and leaves the other out, so that nobody who went home
    is seated and nobody who came waits a Passe, neither seated nor sitting out."""
    came = tuple(p.number for p in players if p.joined == passe + 1 and p.left is None)
    gone = tuple(p.number for p in players if p.left == passe and p.joined <= passe)
    playing = tuple(
        p.number for p in players if (p.plays(passe) and p.number not in gone) or p.number in came
    )
    return Field(playing, came, gone)


@dataclass(frozen=True)
class Event:
    """The evening's set-up; stored with it and changed only between Passen."""

    name: str
    day: str  # ISO date, 2026-11-27
    passen: int = 4
    games: int = GAMES_DEFAULT  # per Passe
    scoring: Scoring = field(default_factory=Scoring)
    keep_apart: tuple[tuple[int, int], ...] = ()  # player numbers, couples
    hide_last: bool = False  # no standings on the projector during the last Passe
    fixed_pairs: bool = False  # Partnerschieber: players 0+1, 2+3, ... play together all evening
    weis: bool = False  # Weis and Stöck count (tournament Schieber: no)
    preset: str | None = None  # a Schieber preset's multipliers; None: every game ×1
    deck: str = "swiss"  # the cards, for the contracts' names and multipliers

    def contracts(self) -> tuple[tuple[Contract, int], ...]:
        """The contracts a table calls with their multipliers, in the panel's order; none in
        tournament Schieber, where a game is a game whatever was called."""
        if self.preset is None or self.preset not in PRESETS or self.deck not in DECKS:
            return ()
        multipliers = PRESETS[self.preset].multipliers[self.deck]
        return tuple((c, multipliers[c.key]) for c in contracts_for(self.deck))

    def multiplier(self, contract: str) -> int | None:
        """A contract's multiplier at this evening, None for a contract it does not know."""
        return next((m for c, m in self.contracts() if c.key == contract), None)

    def table_scoring(self) -> dict:
        """How a table's phone enters a game (TableGame.entered, typed_problem) and how
        side_scores() scores it at this evening, as plain data: for a phone that adds the games
        it keeps without network to the table's sums on its own, until the server has them
        (static/projection-club.js; tests/browser/test_projection_modes.py holds the two
        together)."""
        return {
            "points": GAME_POINTS,
            "impossible": list(IMPOSSIBLE),
            "bonus": self.scoring.match_bonus,
            "ranking": self.scoring.ranking,
            "weis": self.weis,
            "weis_most": WEIS_MOST,
            "times": {c.key: m for c, m in self.contracts()},
            "games": self.games,
        }

    def contract_problem(self, game: TableGame) -> Code | None:
        """Why a game's contract does not fit this evening: with multipliers, a contract it
        knows at its multiplier; in tournament Schieber, none."""
        if not self.contracts():
            fits = game.contract is None and game.multiplier == 1
        else:
            fits = game.contract is not None and self.multiplier(game.contract) == game.multiplier
        return None if fits else code("club_game_contract")

    def weis_problem(self, game: TableGame) -> Code | None:
        """Why a game's Weis and Stöck do not fit this evening: it does not count them."""
        return None if self.weis or game.extras == (0, 0) else code("club_game_weis")

    def pairs(self, numbers: Sequence[int]) -> list[tuple[int, int]]:
        """The fixed pairs among these player numbers: a pair plays while both its players do."""
        playing = set(numbers)
        return [(n, n + 1) for n in sorted(playing) if n % 2 == 0 and n + 1 in playing]

    def problems(self) -> dict[str, Code]:
        """What cannot be set up, by field; empty when the evening can start."""
        errors: dict[str, Code] = {}
        if not self.name:
            errors["name"] = code("club_name_missing")
        elif (problem := name_problem(self.name)) is not None:
            errors["name"] = problem
        try:
            datetime.date.fromisoformat(self.day)
        except (TypeError, ValueError):
            errors["day"] = code("club_day_invalid")
        if not 1 <= self.passen <= PASSEN_MOST:
            errors["passen"] = code("club_passen_range", least=1, most=PASSEN_MOST)
        if not 1 <= self.games <= GAMES_MOST:
            errors["games"] = code("club_games_range", least=1, most=GAMES_MOST)
        if not 0 <= self.scoring.match_bonus <= BONUS_MOST:
            errors["match_bonus"] = code("club_bonus_range", least=0, most=BONUS_MOST)
        if self.scoring.dropped not in (0, 1) or self.scoring.dropped >= self.passen:
            errors["dropped"] = code("club_dropped_range")
        if self.scoring.joker is not None and not 0 <= self.scoring.joker <= JOKER_MOST:
            errors["joker"] = code("club_joker_range", least=0, most=JOKER_MOST)
        if self.preset is not None and self.preset not in PRESETS or self.deck not in DECKS:
            errors["preset"] = code("club_preset_unknown")
        if not _tie_break_fits(self.scoring.tie_break):
            errors["tie_break"] = code("club_tie_break")
        return errors

    def to_dict(self) -> dict:
        """As stored and exported; the tie-break only where the evening chose its own, so
        that an evening with the one every evening had reads as before everywhere."""
        tie_break = self.scoring.tie_break
        return {
            "name": self.name,
            "day": self.day,
            "passen": self.passen,
            "games": self.games,
            "match_bonus": self.scoring.match_bonus,
            "ranking": self.scoring.ranking,
            "dropped": self.scoring.dropped,
            "joker": self.scoring.joker,
            "keep_apart": [list(pair) for pair in self.keep_apart],
            "hide_last": self.hide_last,
            "fixed_pairs": self.fixed_pairs,
            "weis": self.weis,
            "preset": self.preset,
            "deck": self.deck,
        } | ({"tie_break": list(tie_break)} if tie_break != TIE_BREAK_DEFAULT else {})

    @classmethod
    def from_dict(cls, data: dict) -> Event:
        """A stored or imported set-up, strictly: a bool is no number, "12" is no number."""
        if not isinstance(data, dict):
            raise Invalid("club_event_invalid")

        def number(key, default=None, *, none=False):
            value = data.get(key, default)
            if value is None and none:
                return None
            if not isinstance(value, int) or isinstance(value, bool):
                raise Invalid("club_event_invalid", field=key)
            return value

        ranking = data.get("ranking", "points")
        if ranking not in ("points", "striche"):
            raise Invalid("club_event_invalid", field="ranking")
        pairs = data.get("keep_apart", [])
        if not isinstance(pairs, list) or not all(
            isinstance(p, list)
            and len(p) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) for n in p)
            for p in pairs
        ):
            raise Invalid("club_event_invalid", field="keep_apart")
        name, day, hide = data.get("name"), data.get("day"), data.get("hide_last", False)
        fixed, weis = data.get("fixed_pairs", False), data.get("weis", False)
        if not isinstance(name, str) or not isinstance(day, str):
            raise Invalid("club_event_invalid")
        if not all(isinstance(flag, bool) for flag in (hide, fixed, weis)):
            raise Invalid("club_event_invalid")
        preset, deck = data.get("preset"), data.get("deck", "swiss")
        if preset is not None and preset not in PRESETS or deck not in DECKS:
            raise Invalid("club_event_invalid", field="preset")
        tie_break = data.get("tie_break", list(TIE_BREAK_DEFAULT))
        if not isinstance(tie_break, list) or not _tie_break_fits(tuple(tie_break)):
            raise Invalid("club_event_invalid", field="tie_break")
        return cls(
            name=name,
            day=day,
            passen=number("passen"),
            games=number("games"),
            scoring=Scoring(
                match_bonus=number("match_bonus", 0),
                ranking=ranking,
                dropped=number("dropped", 0),
                joker=number("joker", None, none=True),
                tie_break=tuple(tie_break),
            ),
            keep_apart=tuple((a, b) for a, b in pairs),
            hide_last=hide,
            fixed_pairs=fixed,
            weis=weis,
            preset=preset,
            deck=deck,
        )


def _tie_break_fits(steps: tuple) -> bool:
    """A tie-break chain: one to three of TIE_BREAKS, each once."""
    return (
        1 <= len(steps) <= TIE_STEPS_MOST
        and all(isinstance(step, str) and step in TIE_BREAKS for step in steps)
        and len(set(steps)) == len(steps)
    )


def read_players(text: str, already: Sequence[str] = ()) -> tuple[list[str], Code | None]:
    """Player names pasted or typed one per line (or separated by commas), cleaned; and why
    they cannot be the evening's players (with those `already` in it, when players are added
    between Passen), or None."""
    names = [clean(n) for line in (text or "").splitlines() for n in line.split(",")]
    names = [n for n in names if n]
    for name in names:
        if (problem := name_problem(name)) is not None:
            return names, code("club_player_name", name=name[:20], problem=problem)
    seen: set[str] = {name.casefold() for name in already}
    for name in names:
        if name.casefold() in seen:
            return names, code("club_player_twice", name=name)
        seen.add(name.casefold())
    if already and not names:
        return names, code("club_players_none")
    if not PLAYERS_LEAST <= len(names) + len(already) <= PLAYERS_MOST:
        return names, code(
            "club_players_count",
            count=len(names) + len(already),
            least=PLAYERS_LEAST,
            most=PLAYERS_MOST,
        )
    return names, None


def typed_pairs(text: str) -> tuple[list[tuple[str, str]], Code | None]:
    """Pairs typed one per line, "Anna + Ben" (or with & or a comma), cleaned; and the first
    line that is not two names, or None."""
    pairs = []
    for line in (text or "").splitlines():
        parts = [clean(p) for p in line.replace("+", ",").replace("&", ",").split(",")]
        parts = [p for p in parts if p]
        if not parts:
            continue
        if len(parts) != 2:
            return pairs, code("club_pair_two", line=clean(line)[:40])
        pairs.append((parts[0], parts[1]))
    return pairs, None


def read_pairs(text: str, already: Sequence[str] = ()) -> tuple[list[str], Code | None]:
    """Fixed pairs typed one per line: the players in pair order (a pair is two numbers in a
    row), and why they cannot be, or None."""
    pairs, problem = typed_pairs(text)
    names = [name for pair in pairs for name in pair]
    if problem is not None:
        return names, problem
    return read_players("\n".join(names), already)


def keep_apart_pairs(
    text: str, names: list[str]
) -> tuple[tuple[tuple[int, int], ...], Code | None]:
    """Couples typed one per line as "Anna + Ben" (or "Anna, Ben"), by the players' numbers;
    and a name that is no player's, or None."""
    folded = {name.casefold(): number for number, name in enumerate(names)}
    typed, problem = typed_pairs(text)
    if problem is not None:
        return (), problem
    pairs = []
    for first, second in typed:
        for part in (first, second):
            if part.casefold() not in folded:
                return (), code("club_pair_unknown", name=part[:40])
        a, b = folded[first.casefold()], folded[second.casefold()]
        if a == b:
            return (), code("club_pair_two", line=f"{first} + {second}"[:40])
        pairs.append((min(a, b), max(a, b)))
    return tuple(sorted(set(pairs))), None
