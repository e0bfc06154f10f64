"""Handjass's forms: a new game (players and settings), a deal as the panel posts it (its
fields per seat: status0, cards0, weis0, stoeck0, d0 …), the add row of a player's Weis, and the
points the rest box reads as they are typed."""

from __future__ import annotations

from flask_babel import lazy_gettext
from wtforms import (
    BooleanField,
    Field,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.widgets import HiddenInput

from scorer.cards import DECKS
from scorer.codes import code
from scorer.handjass.game import (
    BLIND,
    OUT,
    PLAY,
    PLAYERS_RANGE,
    Deal,
    Entry,
    HandjassGame,
    HandjassRules,
)
from scorer.names import clean
from scorer.web.core.forms import (
    NOT_A_NUMBER,
    UNKNOWN_DECK,
    UNREADABLE_WEIS,
    Offered,
    QueryForm,
    WholeField,
    _choices,
    deck_choices,
    parse_weis,
    small_whole,
    typed,
    weis_to_add,
)
from scorer.web.core.i18n import Form, GuardedForm
from scorer.web.core.registry import worded
from scorer.weis import Weis

SEATS = range(max(PLAYERS_RANGE))  # the seats a Handjass table has: the panel's rows
STOECK = "y"  # what a player's Stöck box sends
RANDOM = "random"  # the draw left to the phone


class NewHandjassForm(Form):
    """Two to four players in seat order, deck faces, the Handjass settings."""

    seat1 = StringField()
    seat2 = StringField()
    seat3 = StringField()
    seat4 = StringField()
    deck = RadioField(
        lazy_gettext("Karten"),
        choices=deck_choices(),
        default="swiss",
        validate_choice=False,
        validators=[Offered(UNKNOWN_DECK)],
    )
    target = WholeField(lazy_gettext("Striche zum Aussteigen"))  # empty: the rules' default
    threshold = WholeField(lazy_gettext("Härdöpfel unter"))  # empty: the rules' default
    berner = BooleanField(
        lazy_gettext("Berner Handjass: Striche und Härdöpfel mal Trumpf (4/3/2/1), Ziel 27")
    )
    extra_per_potato = BooleanField(lazy_gettext("Für jeden Härdöpfel ein Strich mehr"))
    players_minus_one = BooleanField(lazy_gettext("Striche = Spieler − 1 (zu viert drei)"))
    hold_ties = BooleanField(
        lazy_gettext("Gleichstand: der Strich wartet auf das nächste gemeinsame Spiel")
    )
    no_drop = BooleanField(lazy_gettext("Niemand steigt aus"))

    def game(self) -> tuple[HandjassGame, dict[str, str]]:
        """The game this form sets up, and what is wrong with it by field: the form's own
        words (a deck it does not offer, a number that is none) before the engine's."""
        self.validate()
        errors = {name: found[0] for name, found in self.errors.items() if name}
        players = tuple(n for n in (clean(self[f"seat{i}"].data) for i in range(1, 5)) if n)
        rules = HandjassRules.chosen(
            deck=self.deck.data if self.deck.data in DECKS else "swiss",
            target=self.target.data,
            threshold=self.threshold.data,
            berner=self.berner.data,
            extra_per_potato=self.extra_per_potato.data,
            players_minus_one=self.players_minus_one.data,
            hold_ties=self.hold_ties.data,
            no_drop=self.no_drop.data,
        )
        game = HandjassGame(players, rules)
        return game, {**worded(game.problems(), game), **errors}


class DeclaredField(Field):
    """A player's declared Weis, kept in hidden fields (d<seat>) while the panel is filled in:
    `data` the Weis read. A code no deck holds is `unreadable`: a forged form, refused rather
    than written without it."""

    widget = HiddenInput()
    unreadable = False

    def process_data(self, value) -> None:
        self.data = list(value or ())

    def process_formdata(self, valuelist) -> None:
        found = [parse_weis(code) for code in valuelist]
        self.data = [weis for weis in found if weis]
        self.unreadable = None in found
        if self.unreadable:
            raise ValueError(UNREADABLE_WEIS)

    def _value(self) -> str:
        return self.raw_data[0] if self.raw_data else ""


AGREED = lazy_gettext("Die zwei im Spiel einigen sich: je ein Strich")


class _Played:
    """The fields the rest box reads as the points are typed: how each player plays, their card
    points, and whether the two left agree (DealForm's, and RestForm's from the query)."""

    agreed = BooleanField(AGREED)

    def status(self, seat: int) -> str:
        """How a player plays the deal, as sent ("play" when the panel sends nothing)."""
        return self[f"status{seat}"].data

    def typed_cards(self, seats, filled_in=None) -> dict[int, int | None] | None:
        """The card points typed so far for the players active in a deal (all of `seats` but
        who dropped out), by seat: None for a field left blank, the rest where `filled_in`
        gives one. None instead when a field holds no whole number."""
        filled_in = filled_in or {}
        points: dict[int, int | None] = {}
        for seat in seats:
            if self.status(seat) == OUT:
                continue
            field = self[f"cards{seat}"]
            if field.unreadable and seat not in filled_in:
                return None
            points[seat] = filled_in.get(seat, field.data)
        return points


for _seat in SEATS:
    setattr(
        _Played,
        f"status{_seat}",
        RadioField(
            choices=_choices([(PLAY, PLAY), (OUT, OUT), (BLIND, BLIND)]),
            default=PLAY,
            validate_choice=False,
            validators=[Offered(code("handjass_status_unknown"))],
        ),
    )
    setattr(_Played, f"cards{_seat}", WholeField())


class RestForm(_Played, QueryForm):
    """The points typed so far, as the rest box asks for them (the query of its GET)."""


class DealForm(_Played, GuardedForm):
    """One deal: the trump suit and, for each player still in, how they played and their points;
    a tie's draw, and the table's "Trotzdem speichern" (confirm=sum).

    The choices a deal offers depend on the game (its deck's suits, its players): offer() sets
    them, and forged() and forged_draw() name what was sent that they do not hold. `filled_in`
    holds the rest of 157 written into the one blank points field, by seat (take_deal in the
    views)."""

    trump = RadioField(
        choices=[], validate_choice=False, validators=[Offered(code("handjass_trump_missing"))]
    )
    draw = SelectMultipleField(
        choices=[], validate_choice=False, validators=[Offered(code("handjass_draw_unknown"))]
    )
    confirm = StringField()
    action = StringField()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.filled_in: dict[int, int] = {}

    def offer(self, game: HandjassGame) -> DealForm:
        """Set the choices this game's panel offers: its deck's suits, its players to draw."""
        self.trump.choices = _choices((s.key, s.key) for s in DECKS[game.rules.deck])
        seats = [str(seat) for seat in range(len(game.players))]
        self.draw.choices = _choices((value, value) for value in (RANDOM, *seats))
        return self

    def forged(self, seats) -> dict[str, object]:
        """The choices sent that the panel does not offer (a forged form), beside their field:
        the trump, a player's status (of the players in the deal, `seats`)."""
        fields = {"trump": self.trump, **{f"p{seat}": self[f"status{seat}"] for seat in seats}}
        return {key: field.errors[0] for key, field in fields.items() if not field.validate(self)}

    def forged_draw(self) -> dict[str, object]:
        """A draw sent that the panel does not offer, beside the draw: asked only of a deal
        that would be written, since a tie's question asks for the draw again."""
        return {} if self.draw.validate(self) else {"draw": self.draw.errors[0]}

    def unreadable_weis(self) -> bool:
        """Whether a declared Weis field holds something no deck has."""
        return any(self[f"d{seat}"].unreadable for seat in SEATS)

    def weis_declared(self, seats) -> dict[int, list[Weis]]:
        """Each seat's declared Weis, kept in hidden fields d<seat> while the panel is filled in."""
        return {seat: list(self[f"d{seat}"].data) for seat in seats}

    def drawn_by_phone(self) -> bool:
        """Whether the table left a tie's draw to the phone ("Das Handy zieht")."""
        return RANDOM in (self.draw.data or ())

    def confirmed(self) -> bool:
        """Whether the table said to write the deal though its points do not add up."""
        return self.confirm.data == "sum"

    def values(self) -> dict[str, str]:
        """The fields as typed, with the rest written into the blank one: what the panel
        shows again."""
        return {**typed(self), **{f"cards{s}": str(v) for s, v in self.filled_in.items()}}

    def typed_for(self, seat: int) -> bool:
        """Whether the fields give a player points (cards or Weis), unless they are out."""
        if self.status(seat) == OUT:
            return False
        return any(self[f"{name}{seat}"].typed.strip() for name in ("cards", "weis"))

    def deal(self, seats: list[int], declared, blank: str) -> tuple[Deal | None, dict]:
        """The deal for these seats, or what could not be read.

        `declared` holds each seat's declared Weis (weis_declared), Stöck is a checkbox.
        `blank`: the words for a points field left blank where points are needed (the
        Handjass view knows whether one field may stay blank: scorer/web/handjass/views.py,
        blank_said).
        """
        errors: dict[str, str] = {}
        entries = []
        played = sum(1 for seat in seats if self.status(seat) != OUT)
        # Points are needed when the deal is played out: not when one is left, or two agree.
        need_points = played >= 2 and not self.agreed.data
        for seat in seats:
            status, cards, weis = self.status(seat), self[f"cards{seat}"], self[f"weis{seat}"]
            text = str(self.filled_in[seat]) if seat in self.filled_in else cards.typed
            if need_points and status != OUT and not text.strip():
                # A blank field is refused, never a potato.
                errors[f"p{seat}"] = str(blank)
                continue
            if (cards.unreadable and seat not in self.filled_in) or weis.unreadable:
                errors[f"p{seat}"] = NOT_A_NUMBER
                continue
            points = self.filled_in.get(seat, cards.data)
            stoeck = self[f"stoeck{seat}"].data == STOECK
            entries.append(
                Entry(
                    seat, status, points or 0, weis.data or 0, tuple(declared.get(seat, ())), stoeck
                )
            )
        if errors:
            return None, errors
        draws = (small_whole(value, 100) for value in self.draw.data or ())
        draw = tuple(n for n in draws if n is not None)
        return Deal(self.trump.data or "", tuple(entries), self.agreed.data, draw), {}


for _seat in SEATS:
    setattr(DealForm, f"weis{_seat}", WholeField())
    setattr(DealForm, f"stoeck{_seat}", StringField())
    setattr(DealForm, f"d{_seat}", DeclaredField())


class FreshDealForm(GuardedForm):
    """The deal panel with nothing typed (a page opened, the answer after a saved deal, a
    watcher's board): what the page asks of a DealForm, with only its agreement box to bind,
    since every page renders one and a DealForm binds a field per seat and input."""

    agreed = BooleanField(AGREED)

    @property
    def filled_in(self) -> dict[int, int]:
        return {}

    def values(self) -> dict[str, str]:
        return {}

    def weis_declared(self, seats) -> dict[int, list[Weis]]:
        return {}

    def typed_cards(self, seats, filled_in=None) -> dict[int, int | None]:
        return dict.fromkeys(seats)


def _weis_adder(seat: int) -> type:
    """The form of a player's row to add a Weis: a run (length, suit, top card) or four of a
    kind (rank), named by seat (kind0, len0 …) as the panel's Weis adder writes them."""

    class WeisAdder(GuardedForm):
        kind = SelectField(
            name=f"kind{seat}",
            choices=_choices([("run", "run"), ("four", "four")]),
            validate_choice=False,
            validators=[Offered(code("handjass_weis_missing"))],
        )
        length = StringField(name=f"len{seat}")
        suit = StringField(name=f"suit{seat}")
        top = StringField(name=f"top{seat}")
        rank = StringField(name=f"rank{seat}")

        def weis(self) -> tuple[Weis | None, object]:
            """The Weis chosen, as chosen (the table's Weis rules judge it), or why none."""
            if not self.kind.validate(self):
                return None, self.kind.errors[0]
            weis = weis_to_add(typed(self), seat)
            return weis, None if weis else code("handjass_weis_missing")

    WeisAdder.__name__ = WeisAdder.__qualname__ = f"WeisAdder{seat}"
    return WeisAdder


WEIS_ADDERS = {seat: _weis_adder(seat) for seat in SEATS}
