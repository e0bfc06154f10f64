"""Handjass (Butzer, Sackjass, Schläger): every player for themselves, played to find a loser.

After each deal the best scorers get strokes and anyone under 26 a potato (Härdöpfel, minus one);
net strokes reaching the target retire a player, and the last one left is the loser (RULES.md 3,
seed 001). A game is its players in seat order (counter-clockwise, seat 0 is Vorhand first), its
rules, and its deals; everything else is replayed from them.

What it says, a refusal or a line of a deal's ruling, is a code with values (scorer.codes): a
player by seat, a list of players as the first and the rest (`listed`); the web words them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from random import Random

from scorer.cards import DECK_SIZE, DECKS, HAND_TOTAL, fields, flag, items, text, whole
from scorer.codes import Code, code
from scorer.names import name_problem
from scorer.weis import (
    Declaration,
    Play,
    Ruling,
    Weis,
    WeisTable,
    declaration_problems,
    most_weis,
    rule,
)

PLAY, OUT, BLIND = "play", "out", "blind"
# Berner Handjass: strokes and potatoes count times the trump suit (001).
BERNER = {
    "schellen": 4,
    "hearts": 4,
    "schilten": 3,
    "diamonds": 3,
    "rosen": 2,
    "clubs": 2,
    "eicheln": 1,
    "spades": 1,
}


BERNER_TARGET = 27  # Berner Handjass counts strokes times the trump's factor: 27 to retire
STOECK = 20  # King and Ober of trumps in one hand: always counted


@dataclass(frozen=True)
class HandjassRules:
    """The settings a Handjass game is played with (RULES.md 3, variants of 001)."""

    deck: str = "swiss"
    target: int = 7  # net strokes that retire a player (27 in Berner Handjass)
    threshold: int = 26  # fewer points than this is a potato (21 in the original game)
    berner: bool = False
    extra_per_potato: bool = False
    players_minus_one: bool = False  # strokes per deal: players - 1 (three with four players)
    hold_ties: bool = False  # a tied stroke waits for the next deal both play
    no_drop: bool = False  # nobody may drop out
    weis_large: bool = False  # Handjass counts the small Weis (001)
    four_nines: bool = False  # 001 does not list four 9s

    @classmethod
    def chosen(
        cls, *, target: int | None = None, threshold: int | None = None, **settings
    ) -> HandjassRules:
        """The rules a table chose; a target or threshold left open takes its variant's default
        (7 strokes, 27 in Berner Handjass; a potato under 26 points)."""
        if target is None:
            target = BERNER_TARGET if settings.get("berner") else cls.target
        return cls(
            target=target, threshold=cls.threshold if threshold is None else threshold, **settings
        )

    @property
    def weis_table(self) -> WeisTable:
        """What Weis count at this table."""
        return WeisTable(large=self.weis_large, four_nines=self.four_nines)

    def problems(self) -> dict[str, Code]:
        """What is wrong with these settings, by field."""
        errors = {}
        if not isinstance(self.deck, str) or self.deck not in DECKS:
            errors["deck"] = code("handjass_deck_unknown")
        if not _whole_in(self.target, *TARGET_RANGE):
            least, most = TARGET_RANGE
            errors["target"] = code("handjass_target_range", least=least, most=most)
        if not _whole_in(self.threshold, *THRESHOLD_RANGE):
            least, most = THRESHOLD_RANGE
            errors["threshold"] = code("handjass_threshold_range", least=least, most=most)
        for name in FLAGS:
            if not isinstance(getattr(self, name), bool):
                errors[name] = code("handjass_yes_or_no")
        return errors

    def to_dict(self) -> dict:
        """Plain data for storage and export."""
        return {
            "deck": self.deck,
            "target": self.target,
            "threshold": self.threshold,
            "berner": self.berner,
            "extra_per_potato": self.extra_per_potato,
            "players_minus_one": self.players_minus_one,
            "hold_ties": self.hold_ties,
            "no_drop": self.no_drop,
            "weis_large": self.weis_large,
            "four_nines": self.four_nines,
        }

    @classmethod
    def from_dict(cls, data: dict) -> HandjassRules:
        """Read back from to_dict() (a setting that is missing keeps its default); raises
        ValueError for values of the wrong kind."""
        data = fields(data, "rules")
        defaults = cls()
        return cls(
            deck=text(data.get("deck", defaults.deck), "rules.deck"),
            target=whole(data.get("target", defaults.target), "rules.target"),
            threshold=whole(data.get("threshold", defaults.threshold), "rules.threshold"),
            **{
                name: flag(data.get(name, getattr(defaults, name)), f"rules.{name}")
                for name in FLAGS
            },
        )


# What a table may set: net strokes to retire, and the points a potato is under.
TARGET_RANGE = (1, 100)
THRESHOLD_RANGE = (1, 80)
# The settings that are a yes or no.
FLAGS = (
    "berner",
    "extra_per_potato",
    "players_minus_one",
    "hold_ties",
    "no_drop",
    "weis_large",
    "four_nines",
)


def _whole_in(value, low: int, high: int) -> bool:
    """A whole number (not a bool) from low to high."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


@dataclass(frozen=True)
class Entry:
    """One player's part in a deal: played, dropped out, or took the blind; and the points."""

    seat: int
    status: str = PLAY
    cards: int = 0  # card points in their tricks, with the last trick
    weis: int = 0  # their scored Weis and Stöck, written as points
    declared: tuple[Weis, ...] = ()  # or their Weis as declared, for the ruling
    stoeck: bool = False  # King and Ober of trumps (with declared Weis)

    @property
    def active(self) -> bool:
        """Played this deal (with their cards or the blind)."""
        return self.status in (PLAY, BLIND)

    @property
    def points(self) -> int:
        """What counts for strokes and potatoes, with Weis written as points."""
        return self.cards + self.weis


@dataclass(frozen=True)
class Deal:
    """A deal as the table reports it."""

    trump: str
    entries: tuple[Entry, ...]
    agreed: bool = False  # the two left in play agreed a stroke each without playing
    draw: tuple[int, ...] = ()  # who drew the higher cards when strokes were tied

    def to_dict(self) -> dict:
        """Plain data for storage and export."""
        return {
            "trump": self.trump,
            "entries": [
                {
                    "seat": e.seat,
                    "status": e.status,
                    "cards": e.cards,
                    "weis": e.weis,
                    "declared": [w.to_dict() for w in e.declared],
                    "stoeck": e.stoeck,
                }
                for e in self.entries
            ],
            "agreed": self.agreed,
            "draw": list(self.draw),
        }

    @classmethod
    def from_dict(cls, data: dict) -> Deal:
        """Read back from to_dict(); raises ValueError for values of the wrong kind."""
        data = fields(data, "deals")
        entries = []
        for e in items(data.get("entries", []), "entries"):
            e = fields(e, "entries")
            entries.append(
                Entry(
                    whole(e.get("seat"), "entries.seat"),
                    text(e.get("status", PLAY), "entries.status"),
                    whole(e.get("cards", 0), "entries.cards"),
                    whole(e.get("weis", 0), "entries.weis"),
                    tuple(
                        Weis.from_dict(w) for w in items(e.get("declared", []), "entries.declared")
                    ),
                    flag(e.get("stoeck", False), "entries.stoeck"),
                )
            )
        draw = data.get("draw")
        # A single seat stands for a list of one; null or nothing for none drawn.
        draw = [] if draw is None else [draw] if isinstance(draw, int) else draw
        draw = [whole(d, "draw") for d in items(draw, "draw")]
        agreed = flag(data.get("agreed", False), "agreed")
        return cls(text(data["trump"], "trump"), tuple(entries), agreed, tuple(draw))


@dataclass(frozen=True)
class Award:
    """What one deal gave each player, and what is still to be decided."""

    strokes: dict[int, int]
    potatoes: dict[int, int]
    points: dict[int, int] = field(default_factory=dict)  # what counted, Weis and Stöck in
    tied: tuple[int, ...] = ()  # players tied for strokes with no draw yet
    needed: int = 0  # how many of the tied get a stroke
    held: tuple[int, ...] = ()  # a tied stroke waiting: (seat, seat, strokes) for the next
    # deal both of them play
    lines: tuple[Code, ...] = ()  # the ruling of the deal, one code a line


def listed(key: str, items: list[dict]) -> Code | None:
    """The rest of a list in codes, for the words to join: each item a code `key` with its
    values and the items after it as `more` (None after the last; None for no items). The
    first item of a list stays a value of the code that holds the list, so the words name it
    as they name any value."""
    more = None
    for values in reversed(items):
        more = code(key, **values, more=more)
    return more


def _players(key: str, seats) -> dict:
    """The values of a list of players: the first as `player`, the others `listed` as `more`."""
    first, *others = seats
    return {"player": first, "more": listed(key, [{"player": s} for s in others])}


def weis_ruling(deal: Deal, rules: HandjassRules, vorhand: int) -> tuple[Ruling, dict]:
    """Whose declared Weis count in this deal, and every player's Weis and Stöck points.

    Only the player with the best single Weis scores their Weis (the same ruling as Schieber,
    each player a side of their own); Stöck always counts 20. Players who wrote Weis as points
    keep them.
    """
    play = Play(trump=deal.trump, suits=tuple(s.key for s in DECKS[rules.deck]))
    declarations = [
        Declaration(e.seat, (e.seat - vorhand) % 8, e.declared)
        for e in deal.entries
        if e.active and e.declared
    ]
    ruling = rule(declarations, rules.weis_table, play)
    points = {}
    for e in deal.entries:
        won = e.declared if e.seat == ruling.winner else ()
        points[e.seat] = e.weis + sum(rules.weis_table.points(w, play) for w in won)
        points[e.seat] += STOECK if e.stoeck else 0
    return ruling, points


def strokes_per_deal(rules: HandjassRules, in_game: int) -> int:
    """The strokes a played deal gives its best scorers, with `in_game` players still in: one
    with two; else two, or one fewer than the players where the table plays so (001)."""
    if in_game == 2:
        return 1
    return in_game - 1 if rules.players_minus_one else 2


def alone_strokes(in_game: int) -> int:
    """The strokes of the one player left in a deal when all others dropped out: two, one when
    only two are still in."""
    return 1 if in_game == 2 else 2


def drawn(deal: Deal, tie: Award, rng: Random) -> Deal:
    """The deal with the lots drawn for a tie: `tie.needed` of the tied players, at random."""
    return replace(deal, draw=tuple(rng.sample(tie.tied, tie.needed)))


def award(deal: Deal, rules: HandjassRules, in_game: int, vorhand: int = 0) -> Award:
    """Strokes and potatoes of one deal by the rules of 001 for `in_game` players still playing.

    A tie for a stroke needs the draw (deal.draw), unless the table holds tied strokes over.
    `vorhand` orders the players to the first trick, for a tie between declared Weis.
    """
    times = BERNER.get(deal.trump, 1) if rules.berner else 1
    ruling, weis = weis_ruling(deal, rules, vorhand)
    deal = replace(
        deal,
        entries=tuple(
            replace(e, weis=weis[e.seat], declared=(), stoeck=False) for e in deal.entries
        ),
    )
    active = [e for e in deal.entries if e.active]
    strokes: dict[int, int] = {}
    potatoes: dict[int, int] = {}
    lines: list[Code] = list(ruling.lines)
    if len(active) == 1:
        won = alone_strokes(in_game)
        strokes[active[0].seat] = won * times
        lines.append(code("handjass_all_others_out", player=active[0].seat, strokes=won * times))
        return Award(strokes, potatoes, {e.seat: e.points for e in active}, lines=tuple(lines))
    if deal.agreed:
        for e in active:
            strokes[e.seat] = times
        lines.append(code("handjass_agreed", strokes=times))
        return Award(strokes, potatoes, {e.seat: e.points for e in active}, lines=tuple(lines))
    for e in active:
        if e.points < rules.threshold:
            potatoes[e.seat] = times
    good = sorted((e for e in active if e.seat not in potatoes), key=lambda e: -e.points)
    if potatoes:
        who = _players("handjass_potatoes_more", potatoes)
        lines.append(code("handjass_potatoes", threshold=rules.threshold, **who))
    if not good:
        lines.append(code("handjass_no_strokes", threshold=rules.threshold))
        return Award(strokes, potatoes, {e.seat: e.points for e in active}, lines=tuple(lines))
    count = strokes_per_deal(rules, in_game)
    tied: tuple[int, ...] = ()
    needed = 0
    held: tuple[int, ...] = ()
    if len(good) > count and good[count - 1].points == good[count].points:
        level = good[count - 1].points
        tied = tuple(e.seat for e in good if e.points == level)
        above = [e.seat for e in good if e.points > level]
        needed = count - len(above)
        good_seats = above
        if len(deal.draw) == needed and set(deal.draw) <= set(tied):
            good_seats = above + list(deal.draw)
            who = _players("handjass_players_and", deal.draw)
            lines.append(code("handjass_drawn", points=level, needed=needed, **who))
            tied = ()
        elif rules.hold_ties and len(tied) == 2 and needed == 1:
            held, tied = (*tied, times), ()
            lines.append(code("handjass_tie_held", points=level))
    else:
        good_seats = [e.seat for e in good[:count]]
    for seat in good_seats:
        strokes[seat] = strokes.get(seat, 0) + 1
    left = count - len(good_seats) - (1 if held else 0)
    if left > 0 and not tied and not needed and good_seats:
        # Fewer good players than strokes: the best takes the rest (all others potato: 2).
        strokes[good_seats[0]] += left
    if rules.extra_per_potato and potatoes and good_seats:
        extra = len(potatoes)
        if len(good_seats) == 1 or extra == 1:
            strokes[good_seats[0]] += extra
        else:
            for seat in good_seats[:extra]:
                strokes[seat] += 1
    strokes = {seat: n * times for seat, n in strokes.items()}
    if strokes:
        (first, won), *others = strokes.items()
        more = listed("handjass_strokes_more", [{"player": s, "strokes": n} for s, n in others])
        lines.append(code("handjass_strokes", player=first, strokes=won, more=more))
    points = {e.seat: e.points for e in active}
    return Award(strokes, potatoes, points, tied, needed, held, tuple(lines))


@dataclass(frozen=True)
class HandjassGame:
    """The players in seat order (play goes counter-clockwise), the rules, and the deals."""

    KIND = "handjass"
    RECORD = "deals"

    players: tuple[str, ...]
    rules: HandjassRules = field(default_factory=HandjassRules)
    deals: tuple[Deal, ...] = ()

    def with_record(self, deals) -> HandjassGame:
        """The same game with another record of deals."""
        return replace(self, deals=tuple(deals))

    def rematch(self) -> HandjassGame:
        """A new game for the same players and rules."""
        return replace(self, deals=())

    def problems(self) -> dict[str, Code]:
        """What is wrong with the set-up, by field."""
        errors = dict(self.rules.problems())
        names = [p.strip() for p in self.players]
        badly_named = [m for m in map(name_problem, self.players) if m]
        if not 2 <= len(names) <= 4:
            errors["players"] = code("handjass_players_count")
        elif any(not n for n in names):
            errors["players"] = code("handjass_player_unnamed")
        elif badly_named:
            errors["players"] = badly_named[0]
        elif len({n.casefold() for n in names}) != len(names):
            errors["players"] = code("handjass_names_same")
        return errors

    def to_dict(self) -> dict:
        """The game as plain data: players, rules and deals in order."""
        return {
            "players": list(self.players),
            "rules": self.rules.to_dict(),
            "deals": [d.to_dict() for d in self.deals],
        }

    @classmethod
    def from_dict(cls, data: dict) -> HandjassGame:
        """Read back from to_dict(); raises ValueError for values of the wrong kind."""
        data = fields(data, "game")
        players = items(data["players"], "players")
        return cls(
            tuple(text(p, "players") for p in players),
            HandjassRules.from_dict(data.get("rules", {})),
            tuple(Deal.from_dict(d) for d in items(data.get("deals", []), "deals")),
        )


@dataclass(frozen=True)
class Row:
    """One deal in the history, with what it gave."""

    number: int
    deal: Deal
    dealer: int
    vorhand: int
    award: Award
    net: tuple[int, ...]  # every player's net strokes after it
    retired: tuple[int, ...]  # who retired with this deal


@dataclass(frozen=True)
class HandjassState:
    """Strokes, potatoes, who is out, who deals, who lost: replayed from the deals."""

    strokes: tuple[int, ...]
    potatoes: tuple[int, ...]
    retired: dict[int, int]  # seat -> the deal number they retired with
    rows: tuple[Row, ...]
    vorhand: int  # who is Vorhand in the next deal
    dealer: int
    loser: int | None
    held: tuple[tuple[int, int, int], ...] = ()  # tied strokes waiting: (seat, seat, strokes)
    pending: Award | None = None  # the last deal's tie still needs the draw

    @property
    def net(self) -> tuple[int, ...]:
        """Strokes minus potatoes, per player."""
        return tuple(s - p for s, p in zip(self.strokes, self.potatoes, strict=True))

    @property
    def in_game(self) -> list[int]:
        """The players still playing, in seat order."""
        return [s for s in range(len(self.strokes)) if s not in self.retired]

    @property
    def finished(self) -> bool:
        """The loser is known."""
        return self.loser is not None


def _next(seat: int, among: list[int], count: int) -> int:
    """The first seat after `seat` (counter-clockwise) that is among the players still in."""
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if candidate in among:
            return candidate
    return seat


def _before(seat: int, among: list[int], count: int) -> int:
    """The last seat before `seat` that is among the players still in: the dealer to a Vorhand."""
    for step in range(1, count + 1):
        candidate = (seat - step) % count
        if candidate in among:
            return candidate
    return seat


class _Replay:
    """A replay under way: the state after the deals so far, one deal at a time, so that
    replaying a game and checking its record both take one pass over the deals."""

    def __init__(self, game: HandjassGame):
        count = len(game.players)
        self.game = game
        self.count = count
        self.strokes = [0] * count
        self.potatoes = [0] * count
        self.retired: dict[int, int] = {}
        self.rows: list[Row] = []
        self.vorhand = 0
        self.held: list[tuple[int, int, int]] = []
        self.pending: Award | None = None
        self.loser: int | None = None

    @property
    def in_game(self) -> list[int]:
        """The players still playing, in seat order."""
        return [s for s in range(self.count) if s not in self.retired]

    @property
    def stopped(self) -> bool:
        """Nothing more can be replayed: the loser is known, or the last deal awaits the draw."""
        return self.loser is not None or self.pending is not None

    def award(self, deal: Deal) -> Award:
        """What `deal` gives as the next deal, before any waiting stroke is settled."""
        game = self.game
        return award(deal, game.rules, len(self.in_game), self.vorhand)

    def add(self, deal: Deal, result: Award | None = None) -> None:
        """Play `deal` as the next deal; `result` is its award when already worked out."""
        game = self.game
        count = self.count
        strokes, potatoes, retired = self.strokes, self.potatoes, self.retired
        number = len(self.rows) + 1
        in_game = self.in_game
        dealer = _before(self.vorhand, in_game, count)
        result = self.award(deal) if result is None else result
        result, self.held = _settle_held(result, self.held, retired)
        if result.held:
            self.held.append(result.held)
        if result.tied:
            self.pending = result
        for seat, n in result.strokes.items():
            strokes[seat] += n
        for seat, n in result.potatoes.items():
            potatoes[seat] += n
        out = tuple(
            s for s in in_game if strokes[s] - potatoes[s] >= game.rules.target and not self.pending
        )
        for seat in out:
            retired[seat] = number
        self.rows.append(
            Row(
                number,
                deal,
                dealer,
                self.vorhand,
                result,
                tuple(s - p for s, p in zip(strokes, potatoes, strict=True)),
                out,
            )
        )
        left = [s for s in range(count) if s not in retired]
        if len(left) <= 1 and not self.pending:
            self.loser = left[0] if left else min(out, key=lambda s: strokes[s] - potatoes[s])
            return
        if self.pending:
            return
        self.vorhand = _next(self.vorhand, left, count)

    @classmethod
    def resumed(cls, game: HandjassGame, state: HandjassState) -> _Replay:
        """The replay under way at `state`, the state after the first deals of `game` that
        len(state.rows) counts, not stopped."""
        done = cls(game)
        done.strokes, done.potatoes = list(state.strokes), list(state.potatoes)
        done.retired, done.rows = dict(state.retired), list(state.rows)
        done.vorhand, done.held = state.vorhand, list(state.held)
        return done

    def state(self) -> HandjassState:
        """The state after the deals so far."""
        return HandjassState(
            strokes=tuple(self.strokes),
            potatoes=tuple(self.potatoes),
            retired=dict(self.retired),
            rows=tuple(self.rows),
            vorhand=self.vorhand,
            dealer=_before(self.vorhand, self.in_game, self.count),
            loser=self.loser,
            held=tuple(self.held),
            pending=self.pending,
        )


def replay(game: HandjassGame) -> HandjassState:
    """The state after every deal of the record, in order.

    Vorhand passes on each deal to the next player still in; when players retire, the turn goes
    to the first of those left after the last Vorhand, and the dealer is the one before them (the
    same dealer deals again when Vorhand retired).
    """
    return _replayed(game).state()


def replay_from(game: HandjassGame, state: HandjassState) -> HandjassState:
    """The state of `game`, played on from `state`, the state after its first len(state.rows)
    deals (scorer.modes.continues checks that it is): the same as replay(game), without
    playing those deals again; a replay when that state has stopped (a loser, a draw
    missing)."""
    return _on_from(game, state).state()


def _on_from(game: HandjassGame, state: HandjassState | None) -> _Replay:
    """The replay of `game` on from `state` (of its first deals) while that has not stopped,
    else from the first deal."""
    going = state is not None and state.loser is None and state.pending is None
    return _replayed(game, _Replay.resumed(game, state) if going else None)


def _replayed(game: HandjassGame, done: _Replay | None = None) -> _Replay:
    """The replay of the whole record (or on from `done`, the replay of its first deals),
    stopped where the loser is known or a draw is missing."""
    done = done or _Replay(game)
    for deal in game.deals[len(done.rows) :]:
        done.add(deal)
        if done.stopped:
            break
    return done


def _settle_held(result: Award, held, retired):
    """Give each waiting stroke to the one of its pair with more points in this deal, when both
    play it; a stroke whose other player has retired goes to the one still in."""
    points = result.points
    strokes = dict(result.strokes)
    lines = list(result.lines)
    waiting = []
    for a, b, times in held:
        if a in retired or b in retired:
            winner = b if a in retired else a
        elif a in points and b in points and points[a] != points[b]:
            winner = a if points[a] > points[b] else b
        else:
            waiting.append((a, b, times))
            continue
        strokes[winner] = strokes.get(winner, 0) + times
        lines.append(code("handjass_held_stroke", player=winner))
    return replace(result, strokes=strokes, lines=tuple(lines)), waiting


def choices(rules: HandjassRules, in_game: int) -> tuple[str, ...]:
    """What a player may do in a deal: play; drop out (unless nobody may); take the blind (with
    three or two players, where dropping out is allowed)."""
    if rules.no_drop:
        return (PLAY,)
    return (PLAY, OUT, BLIND) if in_game < 4 else (PLAY, OUT)


def hand_size(rules: HandjassRules, in_game: int) -> int:
    """The cards each player holds: nine; where nobody may drop out, twelve for three or two."""
    return 12 if rules.no_drop and in_game < 4 else 9


def deal_total(rules: HandjassRules, in_game: int, active: int, agreed: bool = False) -> int | None:
    """The card points the tricks of a deal's `active` players hold together (of `in_game`
    players still in), when that is known: 157 with the last trick, when every card of the deck
    is played. That is so only when nobody drops out and no hand lies aside: four players with
    nine cards each, or three with twelve where nobody may drop out. The cards of a player who
    dropped out, of the blind (or the hand its taker put down) and of the stock count for no one
    (001), so otherwise no total is known (None); nor when two agree, or one is left without play.
    """
    if agreed or active < 2 or active != in_game:
        return None
    return HAND_TOTAL if in_game * hand_size(rules, in_game) == DECK_SIZE else None


def rest_of(
    rules: HandjassRules, in_game: int, points: Mapping[int, int | None], agreed: bool = False
) -> Code | None:
    """What the card points typed so far say of a deal's 157: `points` holds the players active
    in it (playing or with the blind; not who dropped out) by seat, None for a field left blank.

    The rest for the one player left blank (handjass_rest_for, with what the others made and
    the total), or that the others made more already (handjass_points_over), that all add up
    (handjass_points_add_up) or not (handjass_points_sum), or that more than one is blank
    (handjass_rest_open); None when the deal has no known total (deal_total). Only the sum is
    worked out: deal_problems() still checks each player's points (a rest of 1 cannot be)."""
    total = deal_total(rules, in_game, len(points), agreed)
    if total is None:
        return None
    blank = [seat for seat, p in points.items() if p is None]
    made = sum(p for p in points.values() if p is not None)
    if len(blank) == 1:
        if made > total:
            return code("handjass_points_over", points=made, total=total)
        return code("handjass_rest_for", player=blank[0], rest=total - made, made=made, total=total)
    if not blank:
        if made == total:
            return code("handjass_points_add_up", points=made)
        return code("handjass_points_sum", points=made, total=total)
    return code("handjass_rest_open", total=total)


def points_question(deal: Deal, rules: HandjassRules, in_game: int) -> Code | None:
    """The question to ask before writing a deal whose card points do not make its known total
    (handjass_points_sum: what they make, and the total), or None. More than 157 is refused
    (deal_problems); fewer cannot be when every card was played, but a table that cannot count
    again may still write what it counted."""
    active = [e for e in deal.entries if e.active]
    total = deal_total(rules, in_game, len(active), deal.agreed)
    made = sum(e.cards for e in active)
    if total is None or made == total:
        return None
    return code("handjass_points_sum", points=made, total=total)


def deal_problems(
    deal: Deal, game: HandjassGame, state: HandjassState | _Standing
) -> dict[str, Code]:
    """What cannot be true of a new deal after `state`, by field ("p<seat>" for a player); of
    the state only who is still in and who retired count."""
    errors: dict[str, Code] = {}
    rules = game.rules
    suits = {s.key for s in DECKS[rules.deck]}
    if deal.trump not in suits:
        errors["trump"] = code("handjass_trump_missing")
    in_game = state.in_game
    seats = [e.seat for e in deal.entries]
    for seat in seats:
        if seat in state.retired:
            errors[f"p{seat}"] = code("handjass_player_retired", player=seat)
        elif not 0 <= seat < len(game.players):
            errors["players"] = code("handjass_player_unknown")
    if sorted(s for s in seats if s in in_game) != in_game or len(seats) != len(set(seats)):
        errors["players"] = code("handjass_players_once")
    statuses = {e.seat: e.status for e in deal.entries}
    # Nine cards each; where nobody drops out, three or two players get twelve (001).
    cards_each = hand_size(rules, len(in_game))
    most = most_weis(rules.weis_table, cards_each)
    for e in deal.entries:
        key = f"p{e.seat}"
        if not 0 <= e.seat < len(game.players):
            continue  # an unknown player: refused above
        if e.status not in (PLAY, OUT, BLIND):
            errors[key] = code("handjass_status_unknown")
        elif e.status == OUT and (e.cards or e.weis):
            errors[key] = code("handjass_out_no_points", player=e.seat)
        elif e.status not in choices(rules, len(in_game)):
            errors[key] = code("handjass_no_drop" if e.status == OUT else "handjass_no_blind")
        elif not 0 <= e.cards <= HAND_TOTAL:
            errors[key] = code("handjass_cards_range", most=HAND_TOTAL)
        elif e.cards in (1, HAND_TOTAL - 1):
            errors[key] = code("handjass_cards_impossible", cards=e.cards)
        elif e.weis < 0 or e.weis % 10 or e.weis in (10, 30):
            errors[key] = code("handjass_weis_values")
        elif e.weis > most:
            errors[key] = code("handjass_weis_too_much", most=most)
    if list(statuses.values()).count(BLIND) > 1:
        errors["blind"] = code("handjass_blind_once")
    active = [e for e in deal.entries if e.active]
    if deal.entries and not active:
        errors["players"] = code("handjass_nobody_plays")
    played = sum(e.cards for e in active)
    if played > HAND_TOTAL and not deal.agreed:
        errors["players"] = code("handjass_cards_too_many", cards=played, most=HAND_TOTAL)
    if deal.agreed and (len(active) != 2 or len(in_game) < 3):
        errors["agreed"] = code("handjass_agreed_two")
    table = rules.weis_table
    play = Play(trump=deal.trump if deal.trump in suits else None)
    declared = [Declaration(e.seat, 0, e.declared) for e in deal.entries if e.declared]
    suit_keys = tuple(s.key for s in DECKS[rules.deck])
    for seat, problem in declaration_problems(
        declared, table, play, suit_keys, hand_size=cards_each
    ).items():
        errors[f"p{seat}"] = problem
    for e in deal.entries:
        if not 0 <= e.seat < len(game.players):
            continue
        if (e.declared or e.stoeck) and e.weis:
            errors[f"p{e.seat}"] = code("handjass_weis_both")
        elif (e.declared or e.stoeck) and not e.active:
            errors[f"p{e.seat}"] = code("handjass_out_no_weis", player=e.seat)
    if sum(1 for e in deal.entries if e.stoeck) > 1:
        errors["weis"] = code("handjass_stoeck_once")
    if not _one_weis_holder(deal):
        errors["weis"] = code("handjass_weis_one_holder")
    if any(d not in seats for d in deal.draw):
        errors["draw"] = code("handjass_draw_unknown")
    return errors


def _one_weis_holder(deal: Deal) -> bool:
    """Weis for one player at most, besides one Stöck of 20: written Weis is already decided, so
    it cannot stand beside another player's written or declared Weis (the ruling picks one
    among the declared). A written 20 may be the Stöck, unless a player declared Stöck."""
    declared = [e.seat for e in deal.entries if e.declared]
    written = [e for e in deal.entries if e.weis]
    stoeck_free = not any(e.stoeck for e in deal.entries)
    twenties = [e for e in written if e.weis == 20]
    others = [e for e in written if e.weis != 20]
    holders = (1 if declared else 0) + len(others)  # the ruling picks one among the declared
    # Each written 20 is Weis of its own, except one that can be the Stöck.
    holders += len(twenties) - (1 if twenties and stoeck_free else 0)
    return holders <= 1


def enter_deal(
    game: HandjassGame, deal: Deal, *, ask_sum: bool = False, state: HandjassState | None = None
) -> tuple[HandjassGame, dict[str, Code]]:
    """The game with this deal written, or the unchanged game and what is wrong with it.

    A stroke tied between players needs the draw first (unless the table holds ties over):
    `draw`. With `ask_sum`, a deal whose card points do not make 157 though every card was
    played comes back first with the question whether to write it so: `sum`
    (points_question); the table answers by entering it again without `ask_sum`. `state` is
    the game's state when the caller has it (saves a replay).
    """
    errors, _ = _next_deal_problems(deal, _on_from(game, state), ask_sum=ask_sum)
    if errors:
        return game, errors
    return game.with_record(game.deals + (deal,)), {}


def _next_deal_problems(
    deal: Deal, done: _Replay, *, ask_sum: bool = False
) -> tuple[dict[str, Code], Award | None]:
    """What is wrong with `deal` as the next deal after the replay so far, by field (and with
    `ask_sum` the question on points that do not add up, before the draw); with nothing wrong,
    also what it gives."""
    game = done.game
    if done.loser is not None:
        return {"game": code("handjass_loser_known")}, None
    # The checks look at who is still in and who retired, never at the rows.
    errors = deal_problems(deal, game, _Standing(done.in_game, done.retired))
    if errors:
        return errors, None
    question = points_question(deal, game.rules, len(done.in_game)) if ask_sum else None
    if question:
        return {"sum": question}, None
    result = done.award(deal)
    if result.tied:
        who = _players("handjass_players_and", result.tied)
        return {"draw": code("handjass_tie_draw", needed=result.needed, **who)}, None
    return {}, result


@dataclass(frozen=True)
class _Standing:
    """Who is still in and who retired: all deal_problems needs of a state."""

    in_game: list[int]
    retired: dict[int, int]


def record_problem(game: HandjassGame) -> Code | None:
    """Why this record of deals cannot stand, or None: each deal is checked as it was entered,
    against the state before it, in one pass. The code names the first deal that cannot stand
    (`number`, from 1) and its problems."""
    done = _Replay(game)  # the deals so far: none yet
    for number, deal in enumerate(game.deals, start=1):
        errors, result = _next_deal_problems(deal, done)
        if errors:
            return code("handjass_deal_problem", number=number, problems=tuple(errors.values()))
        done.add(deal, result)
    return None


def summary(game: HandjassGame, state: HandjassState) -> dict:
    """The few figures the list of games shows."""
    return {
        "entries": len(game.deals),
        "net": list(state.net),
        "finished": state.finished,
        "loser": state.loser,
    }


PLAYERS_RANGE = range(2, 5)  # two to four players (HandjassGame.problems)


def scoring(rules: HandjassRules) -> dict:
    """How a deal is read and scored at this table, as plain data: for a phone that plays the
    deals it keeps without network on its own until the server has them
    (static/projection-handjass.js; tests/browser/test_projection_handjass.py holds the two
    together). By the number of players still in: what each may do (choices), the strokes of
    a played deal and of one played alone, the card points a deal holds when all play
    (deal_total, None where none is known) and the most Weis one hand holds. Each suit's
    factor (Berner Handjass; 1 otherwise) names the suits a trump may be."""
    return {
        "target": rules.target,
        "threshold": rules.threshold,
        "times": {s.key: BERNER.get(s.key, 1) if rules.berner else 1 for s in DECKS[rules.deck]},
        "choices": {n: list(choices(rules, n)) for n in PLAYERS_RANGE},
        "strokes": {n: strokes_per_deal(rules, n) for n in PLAYERS_RANGE},
        "alone": {n: alone_strokes(n) for n in PLAYERS_RANGE},
        "total": {n: deal_total(rules, n, n) for n in PLAYERS_RANGE},
        "most": {n: most_weis(rules.weis_table, hand_size(rules, n)) for n in PLAYERS_RANGE},
        "cards": HAND_TOTAL,
        "stoeck": STOECK,
        "extra": rules.extra_per_potato,
        "hold": rules.hold_ties,
    }


def standing(state: HandjassState) -> dict:
    """What a phone needs of a state besides each player's strokes and potatoes to play on from
    it (see scoring): how many deals, who is Vorhand next, who retired with which deal, the
    tied strokes that wait, the loser, and whether the last deal still needs its draw."""
    return {
        "deals": len(state.rows),
        "vorhand": state.vorhand,
        "retired": state.retired,
        "held": [list(h) for h in state.held],
        "loser": state.loser,
        "pending": state.pending is not None,
    }
