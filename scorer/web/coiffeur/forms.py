"""The Coiffeur forms: a new game's set-up and one cell of the board. The rules stay in the engine:
these only read what was typed, and the engine says what is wrong with it."""

from __future__ import annotations

from flask import request
from flask_babel import lazy_gettext
from wtforms import BooleanField, RadioField, SelectChoice, StringField

from scorer.cards import DECKS, HAND_TOTAL, MATCH_BONUS
from scorer.codes import Code, code
from scorer.coiffeur import CUSTOM, LISTS, CoiffeurGame, CoiffeurRules, Contract, Entry
from scorer.coiffeur.rules import DEFAULT_DECK, known_contracts
from scorer.names import clean
from scorer.web.core.forms import (
    Offered,
    WholeField,
    deck_choices,
    small_whole,
    team_name,
)
from scorer.web.core.i18n import Form, GuardedForm

TEAMS = 3  # name fields on the set-up; the third stays empty for two teams
PLACES = 10  # the most contracts a deck offers a board (known_contracts)
# Words are lazy: each page says them in its language.
BOARDS = {
    "8": lazy_gettext("8 Runden"),
    "10": lazy_gettext("10 Runden"),
    CUSTOM: lazy_gettext("Eigene"),
}
NO_BOARD = lazy_gettext("8 oder 10 Runden wählen, oder eine eigene Tafel.")
NO_CELL = lazy_gettext("Zuerst ein offenes Feld auf der Tafel tippen.")
NO_POINTS = lazy_gettext("Punkte eingeben (auch 0), oder Match oder gestrichen wählen.")


def _choices(labels: dict[str, str]) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in labels.items()]


def board_keys(deck: str) -> tuple[str, ...]:
    """Every contract a board may hold with this deck (the Swiss deck's for one that does not
    exist), in board order: the set-up offers them by place, multiplier-<place>."""
    return known_contracts(deck) or known_contracts(DEFAULT_DECK)


def _index(text: str) -> int | None:
    """A team as the board's cells name it ("0", "1", "2"), or None, for the engine to say that
    no such team plays: the same number written otherwise ("01") is no cell the board offers."""
    index = small_whole(text, 100)
    return index if index is not None and str(index) == text else None


def _or(field: WholeField, default: int) -> int | None:
    """A number as typed, `default` when left empty, None for anything else (the engine then
    says what the number must be)."""
    return default if field.blank else field.data


class NewCoiffeurForm(Form):
    """Two or three teams, the deck, the board with a multiplier per contract, the Match bonus
    and the counter-Match.

    The multipliers and a custom board's picks are read by place among the deck's contracts
    (multiplier-0 … multiplier-9, use-0 … use-9): a new deck keeps what was typed."""

    team1 = StringField(lazy_gettext("Team 1"))
    team2 = StringField(lazy_gettext("Team 2"))
    team3 = StringField(lazy_gettext("Team 3"))
    deck = RadioField(
        lazy_gettext("Karten"),
        choices=deck_choices(),
        default=DEFAULT_DECK,
        validate_choice=False,
        validators=[Offered(code("deck_unknown"))],
    )
    board = RadioField(
        lazy_gettext("Tafel"),
        choices=_choices(BOARDS),
        default="8",
        validate_choice=False,
        validators=[Offered(NO_BOARD)],
    )
    match_bonus = WholeField(lazy_gettext("Match-Bonus"), default=MATCH_BONUS, message=None)
    counter_match = BooleanField(
        lazy_gettext(
            "Konter-Match: wer keinen Stich macht, schreibt 0, und das andere Team einen Match"
        )
    )

    @classmethod
    def board_query(cls) -> NewCoiffeurForm:
        """The form as the board's refresh sends it for another deck or board (its query)."""
        return cls(formdata=request.args, meta={"csrf": False})

    def chosen_deck(self) -> str:
        return self.deck.data if self.deck.data in DECKS else DEFAULT_DECK

    def chosen_board(self) -> str:
        return self.board.data if self.board.data in BOARDS else "8"

    def places(self) -> list[int]:
        """The places (among the deck's contracts) of the contracts on the board."""
        known = board_keys(self.chosen_deck())
        if self.chosen_board() == CUSTOM:
            return [i for i in range(len(known)) if self[f"use{i}"].data]
        return list(range(LISTS[self.chosen_board()]))

    def multiplier(self, place: int) -> str:
        """What the multiplier field of this place shows: as typed, else its default (its place
        counted from 1: the 8-round board ×1 to ×8)."""
        field = self[f"multiplier{place}"]
        return field.typed if field.raw_data else str(place + 1)

    def game(self) -> tuple[CoiffeurGame, dict[str, Code | str]]:
        """The game this form sets up, and what is wrong with it by field: the engine's codes,
        keyed by the form's fields (multiplier-<place>), and this form's own words."""
        self.validate()
        errors = {name: self[name].errors[0] for name in ("deck", "board") if self[name].errors}
        deck = self.chosen_deck()
        known = board_keys(deck)
        places = self.places()
        contracts = tuple(
            Contract(known[place], _or(self[f"multiplier{place}"], n))
            for n, place in enumerate(places, start=1)
        )
        # Teams 1 and 2 left blank are called what their fields show ("Team 1"), as a Schieber
        # team is; a blank third team means two teams.
        names = [
            clean(getattr(self, f"team{i}").data) or (team_name(i) if i <= 2 else "")
            for i in range(1, TEAMS + 1)
        ]
        while len(names) > 2 and not names[-1]:
            names.pop()  # no third team
        rules = CoiffeurRules(
            deck=deck,
            contracts=contracts,
            match_bonus=_or(self.match_bonus, MATCH_BONUS),
            counter_match=bool(self.counter_match.data),
        )
        game = CoiffeurGame(tuple(names), rules)
        for field, problem in game.problems().items():
            if field.startswith("multiplier-"):
                field = f"multiplier-{places[int(field.rsplit('-', 1)[1])]}"
            errors.setdefault(field, problem)
        return game, errors


class EntryForm(GuardedForm):
    """One cell of the board: which (cell "<team>:<contract>", as the board's open cells send
    it, or team and contract apart), the card points, and Match, gestrichen or Konter-Match."""

    cell = StringField()
    team = StringField()
    contract = StringField()
    points = WholeField(lazy_gettext("Punkte"), message=None)
    match = BooleanField(lazy_gettext("Match"))
    crossed = BooleanField(lazy_gettext("gestrichen"))
    countered = BooleanField(lazy_gettext("Konter-Match"))

    def which(self) -> tuple[int | None, str | None] | None:
        """The team and contract asked for (None for what cannot be read), or None when the form
        names no cell at all."""
        cell = (self.cell.data or "").strip()
        if cell:
            team, _, contract = cell.partition(":")
        else:
            team, contract = (self.team.data or "").strip(), (self.contract.data or "").strip()
            if not team and not contract:
                return None
        return _index(team), contract or None

    def entry(self) -> tuple[Entry | None, dict[str, Code | str]]:
        """The entry as typed, or None and what is missing. Whether it fits the board is the
        engine's to say (enter(), entry_problems())."""
        errors: dict[str, Code | str] = {}
        which = self.which()
        if which is None:
            errors["cell"] = NO_CELL
        kind = bool(self.match.data or self.crossed.data or self.countered.data)
        if not self.points.typed.strip() and not kind:
            errors["points"] = NO_POINTS
        if errors:
            return None, errors
        team, contract = which
        points = _or(self.points, HAND_TOTAL if self.match.data else 0)
        return (
            Entry(
                team=team,
                contract=contract,
                points=points,
                match=bool(self.match.data),
                crossed=bool(self.crossed.data),
                countered=bool(self.countered.data),
            ),
            {},
        )

    def fill(self, entry: Entry) -> None:
        """Show a stored entry (the edit page): its cell, its points, its kind."""
        self.team.data = str(entry.team)
        self.contract.data = entry.contract
        self.points.data = None if entry.match or entry.crossed or entry.countered else entry.points
        self.match.data = entry.match
        self.crossed.data = entry.crossed
        self.countered.data = entry.countered


for _place in range(PLACES):
    setattr(
        NewCoiffeurForm,
        f"multiplier{_place}",
        WholeField(name=f"multiplier-{_place}", message=None),
    )
    setattr(NewCoiffeurForm, f"use{_place}", BooleanField(name=f"use-{_place}"))
