"""Schieber: the hands a table plays, what each scores, and the game state replayed from them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from scorer.cards import DECK_SIZE, FACES, HAND_TOTAL, MATCH_TOTAL, fields, flag, items, text, whole
from scorer.names import name_problem
from scorer.schieber.claims import HOUSE_ORDER, Claim, claim_from_dict, rule_claim
from scorer.schieber.contracts import Rules
from scorer.slate import Slate
from scorer.weis import Declaration, Ruling, Weis, declaration_problems, rule, weis_problem

WITH = {"stoeck": "mit dem Stöck", "weis": "mit dem Weis", "stich": "mit den Stichen"}
SLATE_ORDER = HOUSE_ORDER  # Stöck and Weis as announced, the tricks at the end


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
            "declarations": [d.to_dict() for d in self.declarations],
            "claim": self.claim.to_dict() if self.claim else None,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Hand:
        """A hand read back from to_dict(); raises ValueError for values of the wrong kind."""
        data = fields(data, "hands")
        weis = items(data.get("weis", [0, 0]), "weis")
        if len(weis) != 2:
            raise ValueError("weis: zwei Zahlen, eine pro Team")
        return cls(
            contract=text(data["contract"], "contract"),
            shoved=flag(data.get("shoved", False), "shoved"),
            points_team=whole(data.get("points_team", 0), "points_team"),
            points=whole(data.get("points"), "points", optional=True),
            match=flag(data.get("match", False), "match"),
            weis=(whole(weis[0], "weis"), whole(weis[1], "weis")),
            stoeck=whole(data.get("stoeck"), "stoeck", optional=True),
            first_claim=whole(data.get("first_claim"), "first_claim", optional=True),
            declarations=tuple(
                Declared.from_dict(d) for d in items(data.get("declarations", []), "declarations")
            ),
            claim=claim_from_dict(data.get("claim")),
        )


def hand_problems(hand: Hand, rules: Rules, players_per_team: int = 2) -> dict[str, str]:
    """What makes this hand impossible, by the field it concerns; empty when it can be written."""
    errors: dict[str, str] = {}
    contract = rules.contract(hand.contract)
    if contract is None:
        errors["contract"] = "Dieser Trumpf wird an diesem Tisch nicht gespielt (Faktor 0)."
    if hand.points_team not in (0, 1):
        errors["points_team"] = "Die Punkte gehören einem der beiden Teams."
    if hand.match:
        if hand.points not in (None, MATCH_TOTAL):
            errors["points"] = "Beim Match hat die andere Seite 0 Punkte: keine Punkte eingeben."
    elif hand.points is not None:
        if not 0 <= hand.points <= HAND_TOTAL:
            errors["points"] = f"Stichpunkte von 0 bis {HAND_TOTAL}; 257 ist der Match-Knopf."
        elif hand.points in (1, HAND_TOTAL - 1):
            errors["points"] = f"{hand.points} gibt es nicht: keine Karte zählt 1 Punkt."
    if len(hand.weis) != 2 or any(not isinstance(w, int) for w in hand.weis):
        errors["weis"] = "Weis als Punkte pro Team."
    elif all(hand.weis):
        errors["weis"] = "Nur ein Team schreibt Weis: das mit dem besten Weis."
    else:
        for w in hand.weis:
            problem = weis_problem(w, players_per_team, rules.weis_large)
            if problem:
                errors["weis"] = problem
    if hand.stoeck is not None:
        if hand.stoeck not in (0, 1):
            errors["stoeck"] = "Stöck gehört einem der beiden Teams."
        elif contract is not None and not contract.has_trump:
            errors["stoeck"] = f"Stöck gibt es nur mit Trumpf, nicht bei {contract.name}."
    seats = 2 * players_per_team
    if hand.declarations:
        if any(hand.weis):
            errors["weis"] = "Weis entweder als Punkte schreiben oder ansagen, nicht beides."
        if any(not 0 <= d.seat < seats for d in hand.declarations):
            errors["weis"] = "Weis gehören einem Spieler am Tisch."
        elif any(not d.weis for d in hand.declarations):
            errors["weis"] = "Eine Ansage ohne Weis: bitte den Weis angeben oder weglassen."
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
                FACES[rules.deck],
                hand_size=DECK_SIZE // seats,
            )
            for seat, problem in problems.items():
                errors[f"decl-{seat}"] = problem
    if hand.claim is not None:
        if hand.points is not None or hand.match:
            errors["points"] = "Wer sich bedankt, schreibt keine Stichpunkte der ganzen Hand."
        errors.update(hand.claim.problems(contract is None or contract.has_trump, seats))
    announced = any(hand.weis) or hand.declarations or hand.stoeck is not None
    if hand.is_open and not announced and "points" not in errors:
        errors["points"] = "Stichpunkte eingeben, oder Match."
    if hand.first_claim not in (None, 0, 1):
        errors["first_claim"] = "Zuerst bedankt hat sich eines der beiden Teams."
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
        "stoeck": (20 * m if hand.stoeck == 0 else 0, 20 * m if hand.stoeck == 1 else 0),
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

    def seats(self) -> list[tuple[int, str]]:
        """(team, player) around the table in playing order: the teams sit alternately."""
        return [(t, self.teams[t].players[i]) for i in range(self.players_per_team) for t in (0, 1)]

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
            names=lambda seat: seats[seat][1],
            side=lambda seat: seats[seat][0],
            faces=FACES[rules.deck],
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
        lines = (*ruling.lines, f"Weis für {self.teams[team].name}: {points}.")
        won = (points, 0) if team == 0 else (0, points)
        return replace(ruling, lines=lines), won

    def with_hands(self, hands: tuple[Hand, ...] | list[Hand]) -> Game:
        """The same game with another record of hands."""
        return replace(self, hands=tuple(hands))

    with_record = with_hands

    def rematch(self) -> Game:
        """A new game with the same teams and rules; the deal goes on round the table."""
        seats = len(self.seats())
        return replace(self, hands=(), first_vorhand=(self.first_vorhand + len(self.hands)) % seats)

    def problems(self) -> dict[str, str]:
        """What is wrong with the set-up of this game, by field."""
        errors = dict(self.rules.problems())
        sizes = {len(t.players) for t in self.teams}
        if len(self.teams) != 2 or len(sizes) != 1 or sizes - {2, 3}:
            errors["players"] = "Zwei Teams mit je 2 (oder je 3) Spielern."
        players = [p for t in self.teams for p in t.players]
        names = [p.strip() for p in players]
        badly_named = [m for m in map(name_problem, players) if m]
        if any(not n for n in names):
            errors["players"] = "Jeder Spieler braucht einen Namen."
        elif badly_named:
            errors["players"] = badly_named[0]
        elif len(set(n.casefold() for n in names)) != len(names):
            errors["players"] = "Zwei Spieler mit gleichem Namen: bitte unterscheiden."
        badly_named = [m for m in (name_problem(t.name) for t in self.teams) if m]
        if any(not t.name.strip() for t in self.teams):
            errors["teams"] = "Jedes Team braucht einen Namen."
        elif badly_named:
            errors["teams"] = badly_named[0]
        elif self.teams[0].name.strip().casefold() == self.teams[1].name.strip().casefold():
            errors["teams"] = "Die Teams brauchen verschiedene Namen."
        if not 0 <= self.first_vorhand < 2 * max(sizes or {2}):
            errors["first_vorhand"] = "Vorhand ist einer der Spieler."
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
            raise ValueError("teams: genau zwei")
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
    ending: tuple[str, ...] = ()  # how the game was decided, in lines

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


def replay(game: Game) -> State:
    """The state of the game after every hand of its record, in order.

    Within a hand the points go on in the house order (Stöck, Weis, Stich by default). The game
    ends when a team claims (see claims.py), when a closed hand leaves a team at or over the
    target (the team that got there first in the house order wins; when the tricks take both over
    at once, the hand's first_claim says who claimed first, and until it is known the state is a
    tie), or, at a table where the game ends by itself, as soon as any entry gets a team there.
    Schneider and Bergpreis are judged at the step where the winner got there.
    """
    rules = game.rules
    names = (game.teams[0].name, game.teams[1].name)
    totals = (0, 0)
    slates = (Slate(), Slate())
    rows: list[Row] = []
    matches = [0, 0]
    bergpreis = winner = None
    schneider = tie = False
    open_hand = None
    ending: tuple[str, ...] = ()
    for index, hand in enumerate(game.hands):
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
                    # Both up in the same tricks: nobody can tell who was first, both share it.
                    bergpreis = Moment(up[0] if len(up) == 1 else None, number, step.kind)
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
                names,
                rules.order,
            )
            winner = Moment(outcome.winner, number, outcome.step)
            # Schneider is judged at the moment the winners reached the target. A claim that
            # failed has that moment only if they got there earlier in the hand (a Weis, say).
            at = outcome.at
            if outcome.step == "claim":
                at = reached[2] if reached and reached[0] == outcome.winner else None
            schneider = at is not None and rules.below_half(at[1 - outcome.winner])
            ending = outcome.lines
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
                ending = (f"{names[team]} erreicht {rules.target} in Hand {number} {WITH[kind]}.",)
                if both:
                    ending += (f"Beide über dem Ziel: {names[team]} hat sich zuerst bedankt.",)
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


def record_problem(game: Game) -> str | None:
    """Why this record of hands cannot stand, or None: an impossible hand, an open hand that is
    not the last one, or hands after the game was decided."""
    for index, hand in enumerate(game.hands):
        problems = hand_problems(hand, game.rules, game.players_per_team)
        if problems:
            return f"Hand {index + 1}: " + " ".join(problems.values())
        if hand.is_open and index < len(game.hands) - 1:
            return (
                f"Hand {index + 1} hat noch keine Stichpunkte; nur die letzte Hand kann offen sein."
            )
    state = replay(game)
    if (state.finished or state.tie) and len(state.rows) < len(game.hands):
        return (
            f"Nach Hand {len(state.rows)} ist das Spiel schon entschieden; "
            "danach kann keine Hand mehr kommen."
        )
    return None


ONE_STOECK = "Stöck gibt es nur einmal pro Hand."


def enter(game: Game, entry: Hand) -> tuple[Game, dict[str, str]]:
    """The game with this entry written, or the unchanged game and what is wrong with it.

    With no open hand the entry starts a hand: complete with its trick points, or open with
    only the Weis and Stöck the table announced so far. An open hand takes more Weis, Stöck and
    finally the trick points, in the contract it was opened with.
    """
    state = replay(game)
    if state.finished:
        return game, {"game": "Das Spiel ist entschieden: keine Hand mehr."}
    if state.tie:
        return game, {"game": "Zuerst klären, welches Team sich zuerst bedankt hat."}
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


def _extend(current: Hand, entry: Hand, rules: Rules) -> tuple[Hand, dict[str, str]]:
    """The open hand with what the table announced or counted since."""
    if entry.contract != current.contract:
        contract = rules.contract(current.contract)
        name = contract.name if contract else current.contract
        return current, {"contract": f"Diese Hand läuft schon in {name}."}
    if entry.stoeck is not None and current.stoeck is not None:
        return current, {"stoeck": ONE_STOECK}
    nothing_new = not any(entry.weis) and not entry.declarations and entry.stoeck is None
    if entry.is_open and nothing_new:
        return current, {"points": "Stichpunkte eingeben, oder Match."}
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


def change_record(game: Game, hands: list[Hand]) -> tuple[Game, str | None]:
    """The game with an edited record (a hand changed or deleted), or why it cannot stand."""
    changed = game.with_hands(hands)
    problem = record_problem(changed)
    return (game, problem) if problem else (changed, None)


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
