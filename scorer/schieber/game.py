"""Schieber: the hands a table plays, what each scores, and the game state replayed from them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property

from scorer.cards import DECK_SIZE, HAND_TOTAL, MATCH_TOTAL, fields, flag, items, text, whole
from scorer.codes import Code, Invalid, code
from scorer.names import name_problem
from scorer.schieber.claims import HOUSE_ORDER, Claim, claim_from_dict, rule_claim
from scorer.schieber.contracts import Rules
from scorer.slate import Slate
from scorer.weis import (
    Declaration,
    Ruling,
    Weis,
    declaration_problems,
    detect,
    rule,
    stoeck_in,
    weis_problem,
)

SLATE_ORDER = HOUSE_ORDER  # Stöck and Weis as announced, the tricks at the end
STOECK = 20  # King and Ober of trumps in one hand


@dataclass(frozen=True)
class Team:
    """A team and its players in seat order."""

    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Declared:
    """The Weis one player (by seat) declared in a hand."""

    seat: int
    weis: tuple[Weis, ...]

    def to_dict(self) -> dict:
        """Plain data for storage and export."""
        return {"seat": self.seat, "weis": [w.to_dict() for w in self.weis]}

    @classmethod
    def from_dict(cls, data: dict) -> Declared:
        """Read back from to_dict(); raises ValueError for anything else."""
        data = fields(data, "declarations")
        weis = items(data.get("weis"), "declarations.weis")
        seat = whole(data.get("seat"), "declarations.seat")
        return cls(seat, tuple(Weis.from_dict(w) for w in weis))


def merge_declared(declared: Iterable[Declared]) -> tuple[Declared, ...]:
    """One entry per seat, in seat order, each seat's Weis in the order they were declared."""
    by_seat: dict[int, list[Weis]] = {}
    for d in declared:
        by_seat.setdefault(d.seat, []).extend(d.weis)
    return tuple(Declared(seat, tuple(weis)) for seat, weis in sorted(by_seat.items()) if weis)


@dataclass(frozen=True)
class Hand:
    """One hand as the table reports it.

    Weis and Stöck are written when announced; the trick points come at the end. A hand whose
    trick points are not written yet is open.
    """

    contract: str
    shoved: bool = False
    points_team: int = 0  # the team whose trick points were counted
    points: int | None = None  # that team's trick points with the last trick; None while open
    match: bool = False  # points_team took all nine tricks
    weis: tuple[int, int] = (0, 0)  # Weis points per team, before the multiplier
    stoeck: int | None = None  # the team that had Stöck
    first_claim: int | None = None  # who claimed first, when this hand took both teams over
    # Who reached the Bergpreis first, when this hand's tricks took both teams there at once
    # and the table was asked (Rules.bergpreis_ask).
    first_bergpreis: int | None = None
    declarations: tuple[Declared, ...] = ()  # Weis as declared; then they decide `weis`
    claim: Claim | None = None  # a team claimed ("bedankt sich") and play stopped

    @property
    def is_open(self) -> bool:
        """The trick points of this hand are not written yet, and nobody claimed."""
        return self.points is None and not self.match and self.claim is None

    @property
    def trick_points(self) -> tuple[int, int]:
        """Trick points per team before the multiplier: 157 between them, or 257 and 0."""
        if self.claim is not None:
            return self.claim.tricks
        if self.match:
            own, other = MATCH_TOTAL, 0
        elif self.points is None:
            return (0, 0)
        else:
            own, other = self.points, HAND_TOTAL - self.points
        return (own, other) if self.points_team == 0 else (other, own)

    def to_dict(self) -> dict:
        """The hand as plain data, for storage and export."""
        return {
            "contract": self.contract,
            "shoved": self.shoved,
            "points_team": self.points_team,
            "points": self.points,
            "match": self.match,
            "weis": list(self.weis),
            "stoeck": self.stoeck,
            "first_claim": self.first_claim,
            "first_bergpreis": self.first_bergpreis,
            "declarations": [d.to_dict() for d in self.declarations],
            "claim": self.claim.to_dict() if self.claim else None,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Hand:
        """A hand read back from to_dict(); raises ValueError for values of the wrong kind."""
        data = fields(data, "hands")
        weis = items(data.get("weis", [0, 0]), "weis")
        if len(weis) != 2:
            raise Invalid("not_two", field="weis")
        return cls(
            contract=text(data["contract"], "contract"),
            shoved=flag(data.get("shoved", False), "shoved"),
            points_team=whole(data.get("points_team", 0), "points_team"),
            points=whole(data.get("points"), "points", optional=True),
            match=flag(data.get("match", False), "match"),
            weis=(whole(weis[0], "weis"), whole(weis[1], "weis")),
            stoeck=whole(data.get("stoeck"), "stoeck", optional=True),
            first_claim=whole(data.get("first_claim"), "first_claim", optional=True),
            first_bergpreis=whole(data.get("first_bergpreis"), "first_bergpreis", optional=True),
            declarations=tuple(
                Declared.from_dict(d) for d in items(data.get("declarations", []), "declarations")
            ),
            claim=claim_from_dict(data.get("claim")),
        )


def hand_problems(hand: Hand, rules: Rules, players_per_team: int = 2) -> dict[str, Code]:
    """What makes this hand impossible, by the field it concerns; empty when it can be written."""
    errors: dict[str, Code] = {}
    contract = rules.contract(hand.contract)
    if contract is None:
        errors["contract"] = code("contract_not_played", contract=hand.contract)
    if hand.points_team not in (0, 1):
        errors["points_team"] = code("points_team")
    if hand.match:
        if hand.points not in (None, MATCH_TOTAL):
            errors["points"] = code("match_points")
    elif hand.points is not None:
        if not 0 <= hand.points <= HAND_TOTAL:
            errors["points"] = code("points_range", most=HAND_TOTAL, match=MATCH_TOTAL)
        elif hand.points in (1, HAND_TOTAL - 1):
            errors["points"] = code("points_impossible", points=hand.points)
    if len(hand.weis) != 2 or any(not isinstance(w, int) for w in hand.weis):
        errors["weis"] = code("weis_per_team")
    elif all(hand.weis):
        errors["weis"] = code("weis_one_team")
    else:
        for w in hand.weis:
            problem = weis_problem(w, players_per_team, rules.weis_large)
            if problem:
                errors["weis"] = problem
    if hand.stoeck is not None:
        if hand.stoeck not in (0, 1):
            errors["stoeck"] = code("stoeck_team")
        elif contract is not None and not contract.has_trump:
            errors["stoeck"] = code("stoeck_no_trump", contract=contract.key)
    seats = 2 * players_per_team
    if hand.declarations:
        if any(hand.weis):
            errors["weis"] = code("weis_written_and_declared")
        if any(not 0 <= d.seat < seats for d in hand.declarations):
            errors["weis"] = code("weis_seat")
        elif any(not d.weis for d in hand.declarations):
            errors["weis"] = code("weis_empty_declaration")
        elif contract is not None:
            # A seat listed twice is one player: their cards are checked together.
            merged = merge_declared(hand.declarations)
            declarations = [Declaration(d.seat, 0, d.weis) for d in merged]
            play = rules.play(hand.contract)
            problems = declaration_problems(
                declarations,
                rules.weis_table,
                play,
                rules.suits,
                hand_size=DECK_SIZE // seats,
            )
            for seat, problem in problems.items():
                errors[f"decl-{seat}"] = problem
    if hand.claim is not None:
        if hand.points is not None or hand.match:
            errors["points"] = code("claim_with_points")
        errors.update(hand.claim.problems(contract is None or contract.has_trump, seats))
    announced = any(hand.weis) or hand.declarations or hand.stoeck is not None
    if hand.is_open and not announced and "points" not in errors:
        errors["points"] = code("points_missing")
    if hand.first_claim not in (None, 0, 1):
        errors["first_claim"] = code("first_claim_team")
    if hand.first_bergpreis not in (None, 0, 1):
        errors["first_bergpreis"] = code("first_bergpreis_team")
    return errors


@dataclass(frozen=True)
class Step:
    """Points that go on the slate at once: a hand's Stöck, its Weis, or its tricks."""

    kind: str  # "stoeck", "weis" or "stich"
    points: tuple[int, int]  # per team, multiplied


def steps(hand: Hand, rules: Rules, weis: tuple[int, int] | None = None) -> list[Step]:
    """The hand's points in the order they count, multiplied by the contract.

    Stöck and Weis are written when announced and the tricks at the end, so the tricks come last.
    The house order (rules.order) decides instead where the table cannot know what came first:
    a claim while the first trick is on the table, and, where the game ends by itself, one entry
    that brings several of them at once. `weis` are the Weis points per team when they come from
    declarations (see weis_ruling).
    """
    m = rules.multiplier(hand.contract)
    weis = weis or hand.weis
    found = {
        "stoeck": (STOECK * m if hand.stoeck == 0 else 0, STOECK * m if hand.stoeck == 1 else 0),
        "weis": (weis[0] * m, weis[1] * m),
        "stich": tuple(p * m for p in hand.trick_points),
    }
    first_trick = hand.claim is not None and hand.claim.first_trick
    order = rules.order if first_trick or rules.auto_end else SLATE_ORDER
    return [Step(kind, found[kind]) for kind in order if any(found[kind])]


def score(hand: Hand, rules: Rules, weis: tuple[int, int] | None = None) -> tuple[int, int]:
    """What each team scores in this hand: everything times the contract's multiplier."""
    total = [0, 0]
    for step in steps(hand, rules, weis):
        total[0] += step.points[0]
        total[1] += step.points[1]
    return (total[0], total[1])


def scoring(rules: Rules) -> dict:
    """How steps() scores a hand entered with trick points, Weis and Stöck, as plain data: for
    a phone that scores the hands it keeps without network on its own, until the server does
    (static/projection-schieber.js; tests/browser/test_projection.py holds the two together)."""
    return {
        "times": {c.key: rules.multiplier(c.key) for c in rules.contracts},
        "order": list(rules.order if rules.auto_end else SLATE_ORDER),
        "hand": HAND_TOTAL,
        "match": MATCH_TOTAL,
        "stoeck": STOECK,
    }


@dataclass(frozen=True)
class Game:
    """A Schieber game: the teams, the rules, who is Vorhand first, and the hands so far."""

    KIND = "schieber"
    RECORD = "hands"

    teams: tuple[Team, Team]
    rules: Rules = field(default_factory=Rules)
    first_vorhand: int = 0  # seat index into seats()
    hands: tuple[Hand, ...] = ()

    @property
    def hand_size(self) -> int:
        """Cards in each player's hand: 9 with four players, 6 with six."""
        return DECK_SIZE // len(self.seats())

    @property
    def players_per_team(self) -> int:
        """2 in the four-player game, 3 in the six-player game."""
        return len(self.teams[0].players)

    def seats(self) -> tuple[tuple[int, str], ...]:
        """(team, player) around the table in playing order: the teams sit alternately."""
        return self._seats

    @cached_property
    def _seats(self) -> tuple[tuple[int, str], ...]:
        # Worked out once per game: an entry's answer asks for Vorhand, dealer and partner
        # of seven hands.
        return tuple(
            (t, self.teams[t].players[i]) for i in range(self.players_per_team) for t in (0, 1)
        )

    def vorhand(self, hand_index: int) -> tuple[int, str]:
        """The team and player who is Vorhand in hand `hand_index` (0-based); it passes on."""
        seats = self.seats()
        return seats[(self.first_vorhand + hand_index) % len(seats)]

    def play_order(self, hand_index: int) -> list[int]:
        """The seats in the order they play to the first trick of this hand, Vorhand first."""
        count = len(self.seats())
        return [(self.first_vorhand + hand_index + i) % count for i in range(count)]

    def dealer(self, hand_index: int) -> tuple[int, str]:
        """Who deals this hand: the player before Vorhand."""
        seats = self.seats()
        return seats[(self.first_vorhand + hand_index - 1) % len(seats)]

    def partner(self, hand_index: int) -> str:
        """Whom Vorhand shoves to: the partner sitting opposite (four players) or next (six)."""
        seats = self.seats()
        return seats[(self.first_vorhand + hand_index + 2) % len(seats)][1]

    def weis_ruling(self, index: int, hand: Hand) -> tuple[Ruling | None, tuple[int, int]]:
        """Who scores the declared Weis of hand `index` (0-based), why, and the points per team.

        The team holding the best single Weis scores all its players' Weis; the other none.
        A hand without declarations has its Weis written as points per team.
        """
        if not hand.declarations:
            return None, hand.weis
        seats = self.seats()
        vorhand = (self.first_vorhand + index) % len(seats)
        rules = self.rules
        declarations = [
            Declaration(d.seat, (d.seat - vorhand) % len(seats), d.weis) for d in hand.declarations
        ]
        play = rules.play(hand.contract)
        ruling = rule(
            declarations,
            rules.weis_table,
            play,
            side=lambda seat: seats[seat][0],
        )
        if ruling.winner is None:
            return None, (0, 0)
        team = seats[ruling.winner][0]
        points = sum(
            rules.weis_table.points(w, play)
            for d in hand.declarations
            if seats[d.seat][0] == team
            for w in d.weis
        )
        lines = (*ruling.lines, code("weis_for_team", team=team, points=points))
        won = (points, 0) if team == 0 else (0, points)
        return replace(ruling, lines=lines), won

    def in_cards(
        self, seat: int, contract: str, cards
    ) -> tuple[tuple[Weis, ...], int | None, Code | None]:
        """What a player's cards hold in this contract: every Weis the table counts, and their
        team when they hold Stöck; or why these cannot be one player's cards."""
        if len(cards) > self.hand_size:
            return (), None, code("hand_size", size=self.hand_size, cards=len(cards))
        rules = self.rules
        play = rules.play(contract)
        found = tuple(detect(cards, rules.weis_table, play, rules.suits))
        stoeck = self.seats()[seat][0] if stoeck_in(cards, play) else None
        if not found:
            return (), stoeck, code("no_weis_in_cards")
        return found, stoeck, None

    def with_hands(self, hands: tuple[Hand, ...] | list[Hand]) -> Game:
        """The same game with another record of hands."""
        return replace(self, hands=tuple(hands))

    with_record = with_hands

    def rematch(self) -> Game:
        """A new game with the same teams and rules; the deal goes on round the table."""
        seats = len(self.seats())
        return replace(self, hands=(), first_vorhand=(self.first_vorhand + len(self.hands)) % seats)

    def problems(self) -> dict[str, Code]:
        """What is wrong with the set-up of this game, by field."""
        errors = dict(self.rules.problems())
        sizes = {len(t.players) for t in self.teams}
        if len(self.teams) != 2 or len(sizes) != 1 or sizes - {2, 3}:
            errors["players"] = code("players_count")
        players = [p for t in self.teams for p in t.players]
        names = [p.strip() for p in players]
        badly_named = [m for m in map(name_problem, players) if m]
        if any(not n for n in names):
            errors["players"] = code("player_name_missing")
        elif badly_named:
            errors["players"] = badly_named[0]
        elif len(set(n.casefold() for n in names)) != len(names):
            errors["players"] = code("player_names_same")
        badly_named = [m for m in (name_problem(t.name) for t in self.teams) if m]
        if any(not t.name.strip() for t in self.teams):
            errors["teams"] = code("team_name_missing")
        elif badly_named:
            errors["teams"] = badly_named[0]
        elif self.teams[0].name.strip().casefold() == self.teams[1].name.strip().casefold():
            errors["teams"] = code("team_names_same")
        if not 0 <= self.first_vorhand < 2 * max(sizes or {2}):
            errors["first_vorhand"] = code("first_vorhand")
        return errors

    def to_dict(self) -> dict:
        """The game as plain data: the teams, the rules, and the hands in order."""
        return {
            "teams": [{"name": t.name, "players": list(t.players)} for t in self.teams],
            "rules": self.rules.to_dict(),
            "first_vorhand": self.first_vorhand,
            "hands": [h.to_dict() for h in self.hands],
        }

    @classmethod
    def from_dict(cls, data: dict) -> Game:
        """A game read back from to_dict(); raises ValueError for values of the wrong kind."""
        data = fields(data, "game")
        teams = items(data["teams"], "teams")
        if len(teams) != 2:
            raise Invalid("not_two_teams", field="teams")
        a, b = (_team(t) for t in teams)
        return cls(
            teams=(a, b),
            rules=Rules.from_dict(data["rules"]),
            first_vorhand=whole(data.get("first_vorhand", 0), "first_vorhand"),
            hands=tuple(Hand.from_dict(h) for h in items(data.get("hands", []), "hands")),
        )


def _team(data) -> Team:
    data = fields(data, "teams")
    players = items(data["players"], "teams.players")
    return Team(text(data["name"], "teams.name"), tuple(text(p, "teams.players") for p in players))


@dataclass(frozen=True)
class Row:
    """One hand in the history: its scores and the totals after it."""

    number: int  # 1-based
    hand: Hand
    vorhand: str
    caller: str
    scores: tuple[int, int]
    totals: tuple[int, int]
    multiplier: int
    weis: tuple[int, int]  # Weis points per team, before the multiplier
    ruling: Ruling | None  # why those Weis count, when they were declared


@dataclass(frozen=True)
class Moment:
    """When something was reached: the hand (1-based), the step within it, and by which team."""

    team: int | None  # None: both teams at once (Bergpreis in the same tricks)
    hand: int
    step: str


@dataclass(frozen=True)
class State:
    """Everything the slate and the history show, computed from the record."""

    totals: tuple[int, int]
    slates: tuple[Slate, Slate]
    rows: tuple[Row, ...]
    matches: tuple[int, int]
    bergpreis: Moment | None
    winner: Moment | None
    schneider: bool
    tie: bool  # the last hand took both teams over the target at once: who claimed first?
    open_hand: Hand | None
    ending: tuple[Code, ...] = ()  # how the game was decided, in lines (team values: teams)

    @property
    def finished(self) -> bool:
        """The game has a winner."""
        return self.winner is not None

    @property
    def hand_index(self) -> int:
        """The hand being played now (0-based): the open one, or the next."""
        return len(self.rows) - (1 if self.open_hand else 0)


def _crossing(before: tuple[int, int], after: tuple[int, int], rules: Rules) -> list[int]:
    """The teams that went from below half the target to on or over it."""
    return [t for t in (0, 1) if rules.below_half(before[t]) and not rules.below_half(after[t])]


def replay_from(game: Game, state: State) -> State:
    """The state of `game`, played on from `state`, the state after its first len(state.rows)
    hands (scorer.modes.continues checks that it is): the same as replay(game), without
    playing those hands again; a replay when that state is no longer open (won, tied, a hand
    open)."""
    resumable = not state.finished and not state.tie and state.open_hand is None
    return _replay(game, state if resumable else None)


def replay(game: Game) -> State:
    """The state of the game after every hand of its record, in order.

    Within a hand the points go on in the house order (Stöck, Weis, Stich by default). The game
    ends when a team claims (see claims.py), when a closed hand leaves a team at or over the
    target (the team that got there first in the house order wins; when the tricks take both over
    at once, the hand's first_claim says who claimed first, and until it is known the state is a
    tie), or, at a table where the game ends by itself, as soon as any entry gets a team there.
    Schneider and Bergpreis are judged at the step where the winner got there.
    """
    return _replay(game, None)


def _replay(game: Game, start: State | None) -> State:
    """The replay, from the first hand or on from `start`, the open state after the first
    len(start.rows) hands (replay_from checked that it is open)."""
    rules = game.rules
    totals = (0, 0)
    slates = (Slate(), Slate())
    rows: list[Row] = []
    matches = [0, 0]
    bergpreis = winner = None
    schneider = tie = False
    open_hand = None
    ending: tuple[Code, ...] = ()
    if start is not None:
        totals, slates, rows = start.totals, start.slates, list(start.rows)
        matches, bergpreis = list(start.matches), start.bergpreis
    for index in range(len(rows), len(game.hands)):
        hand = game.hands[index]
        number = index + 1
        start = totals
        reached = None
        ruling, weis = game.weis_ruling(index, hand)
        hand_steps = steps(hand, rules, weis)
        for step in hand_steps:
            before = totals
            totals = (totals[0] + step.points[0], totals[1] + step.points[1])
            slates = tuple(s.write(p) if p else s for s, p in zip(slates, step.points, strict=True))
            if rules.bergpreis and bergpreis is None:
                up = _crossing(before, totals, rules)
                if up:
                    # Both up in the same tricks: who was first, as the table said (None: both
                    # share it, until the table says, or where it is not asked).
                    first = up[0] if len(up) == 1 else hand.first_bergpreis
                    bergpreis = Moment(first, number, step.kind)
            if reached is None:
                over = [t for t in (0, 1) if totals[t] >= rules.target]
                if len(over) == 1:
                    reached = (over[0], step.kind, totals)
                elif len(over) == 2:
                    reached = (hand.first_claim, step.kind, totals)
        if hand.match:
            matches[hand.points_team] += 1
        _, vorhand = game.vorhand(index)
        rows.append(
            Row(
                number=number,
                hand=hand,
                vorhand=vorhand,
                caller=game.partner(index) if hand.shoved else vorhand,
                scores=score(hand, rules, weis),
                totals=totals,
                multiplier=rules.multiplier(hand.contract),
                weis=weis,
                ruling=ruling,
            )
        )
        if hand.claim is not None:
            outcome = rule_claim(
                hand.claim,
                start,
                [(s.kind, s.points) for s in hand_steps],
                rules.target,
                rules.order,
                rules.multiplier(hand.contract),
            )
            winner = Moment(outcome.winner, number, outcome.step)
            # Schneider is judged at the moment the winners reached the target. A claim that
            # failed has that moment only if they got there earlier in the hand (a Weis, say).
            at = outcome.at
            if outcome.step == "claim":
                at = reached[2] if reached and reached[0] == outcome.winner else None
            schneider = at is not None and rules.below_half(at[1 - outcome.winner])
            ending = outcome.lines
            loser = 1 - outcome.winner
            if hand.claim.first_trick and totals[loser] >= rules.target:
                # The slate shows the losers over the target too: their points counted too late
                # in the house order.
                late = code("too_late", team=loser, winner_team=outcome.winner, order=rules.order)
                ending += (late,)
            break
        if hand.is_open and not (rules.auto_end and reached and reached[0] is not None):
            open_hand = hand
            continue
        if reached is not None:
            team, kind, at = reached
            if team is None:
                tie = True
            else:
                winner = Moment(team, number, kind)
                schneider = rules.below_half(at[1 - team])
                both = all(t >= rules.target for t in at)
                ending = (
                    code("reached", team=team, target=rules.target, number=number, step_with=kind),
                )
                if both:
                    ending += (code("both_over", team=team),)
            break
    return State(
        totals=totals,
        slates=slates,
        rows=tuple(rows),
        matches=(matches[0], matches[1]),
        bergpreis=bergpreis,
        winner=winner,
        schneider=schneider,
        tie=tie,
        open_hand=open_hand,
        ending=ending,
    )


def record_problem(game: Game) -> Code | None:
    """Why this record of hands cannot stand, or None: an impossible hand, an open hand that is
    not the last one, or hands after the game was decided."""
    for index, hand in enumerate(game.hands):
        problems = hand_problems(hand, game.rules, game.players_per_team)
        if problems:
            return code("hand_problems", number=index + 1, problems=tuple(problems.values()))
        if hand.is_open and index < len(game.hands) - 1:
            return code("hand_open_early", number=index + 1)
    state = replay(game)
    if (state.finished or state.tie) and len(state.rows) < len(game.hands):
        return code("hands_after_end", number=len(state.rows))
    return None


ONE_STOECK = code("stoeck_once")


def enter(game: Game, entry: Hand, state: State | None = None) -> tuple[Game, dict[str, Code]]:
    """The game with this entry written, or the unchanged game and what is wrong with it.

    With no open hand the entry starts a hand: complete with its trick points, or open with
    only the Weis and Stöck the table announced so far. An open hand takes more Weis, Stöck and
    finally the trick points, in the contract it was opened with. `state` is the game's state
    when the caller has it (saves a replay).
    """
    state = state if state is not None else replay(game)
    if state.finished:
        return game, {"game": code("game_over")}
    if state.tie:
        return game, {"game": code("tie_first")}
    hands = list(game.hands)
    current = state.open_hand
    if current is None:
        hand, errors = entry, {}
    else:
        hands.pop()
        hand, errors = _extend(current, entry, game.rules)
    errors = errors or hand_problems(hand, game.rules, game.players_per_team)
    if errors:
        return game, errors
    return game.with_hands(hands + [hand]), {}


def _extend(current: Hand, entry: Hand, rules: Rules) -> tuple[Hand, dict[str, Code]]:
    """The open hand with what the table announced or counted since."""
    if entry.contract != current.contract:
        return current, {"contract": code("hand_running_in", contract=current.contract)}
    if entry.stoeck is not None and current.stoeck is not None:
        return current, {"stoeck": ONE_STOECK}
    nothing_new = not any(entry.weis) and not entry.declarations and entry.stoeck is None
    if entry.is_open and nothing_new:
        return current, {"points": code("points_missing")}
    weis = (current.weis[0] + entry.weis[0], current.weis[1] + entry.weis[1])
    return (
        replace(
            current,
            shoved=current.shoved or entry.shoved,
            points_team=entry.points_team,
            points=entry.points,
            match=entry.match,
            weis=weis,
            stoeck=current.stoeck if entry.stoeck is None else entry.stoeck,
            declarations=merge_declared(current.declarations + entry.declarations),
            claim=entry.claim,
        ),
        {},
    )


def previews(
    game: Game, entry: Hand, index: int | None = None, state: State | None = None
) -> dict[str, tuple[int, int]]:
    """What each contract would write for this entry, per team: the preview on the contract
    buttons, by contract key. A new entry goes on the open hand (in its contract only) or starts
    a hand; with `index` it replaces that hand (an edit). A contract where the entry could not
    stand, or where it brings nothing yet, has no preview."""
    rules = game.rules
    state = state if state is not None else replay(game)
    current = None if index is not None else state.open_hand
    if index is None and (state.finished or state.tie):
        return {}
    at = index if index is not None else len(game.hands) - (current is not None)
    shown = {}
    for contract in rules.contracts:
        hand, errors = replace(entry, contract=contract.key), {}
        if current is not None:
            hand, errors = _extend(current, hand, rules)
        if errors or hand_problems(hand, rules, game.players_per_team):
            continue
        _, weis = game.weis_ruling(at, hand)
        shown[contract.key] = score(hand, rules, weis)
    return shown


def change_record(game: Game, hands: list[Hand]) -> tuple[Game, Code | None]:
    """The game with an edited record (a hand changed or deleted), or why it cannot stand."""
    changed = game.with_hands(hands)
    problem = record_problem(changed)
    return (game, problem) if problem else (changed, None)


def bergpreis_question(game: Game, state: State) -> int | None:
    """The hand whose tricks took both teams to the Bergpreis at once, when the table is to say
    who got there first (Rules.bergpreis_ask) and has not said yet; else None."""
    moment = state.bergpreis
    if not game.rules.bergpreis_ask or moment is None or moment.team is not None:
        return None
    return moment.hand


def settle_bergpreis(game: Game, team: int) -> Game:
    """Record who reached the Bergpreis first, for the hand that took both teams there."""
    number = bergpreis_question(game, replay(game))
    if number is None or team not in (0, 1):
        return game
    hands = list(game.hands)
    hands[number - 1] = replace(hands[number - 1], first_bergpreis=team)
    return game.with_hands(tuple(hands))


def settle_tie(game: Game, team: int) -> Game:
    """Record which team claimed first when the last hand took both teams over the target."""
    if not replay(game).tie or team not in (0, 1):
        return game
    last = replace(game.hands[-1], first_claim=team)
    return game.with_hands(game.hands[:-1] + (last,))


def summary(game: Game, state: State) -> dict:
    """The few figures the list of games shows."""
    winner = state.winner
    return {
        "entries": len(game.hands),
        "totals": list(state.totals),
        "finished": state.finished,
        "winner": winner.team if winner else None,
        "schneider": state.schneider,
        "bergpreis": None if state.bergpreis is None else state.bergpreis.team,
    }
