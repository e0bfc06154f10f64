"""Handjass's forms: a new game (players and settings) and a deal as the panel posts it."""

from __future__ import annotations

from flask_babel import lazy_gettext
from wtforms import BooleanField, RadioField, StringField

from scorer.cards import DECKS
from scorer.handjass.game import OUT, PLAY, Deal, Entry, HandjassGame, HandjassRules
from scorer.names import clean
from scorer.web.core.forms import (
    NOT_A_NUMBER,
    UNKNOWN_DECK,
    choice_problems,
    deck_choices,
    parse_int,
    parse_weis,
    small_whole,
)
from scorer.web.core.i18n import Form, GuardedForm
from scorer.web.core.registry import worded
from scorer.weis import Weis


class NewHandjassForm(Form):
    """Two to four players in seat order, deck faces, the Handjass settings."""

    seat1 = StringField()
    seat2 = StringField()
    seat3 = StringField()
    seat4 = StringField()
    deck = RadioField(lazy_gettext("Karten"), choices=deck_choices(), default="swiss")
    target = StringField(lazy_gettext("Striche zum Aussteigen"))  # empty: the rules' default
    threshold = StringField(lazy_gettext("Härdöpfel unter"))  # empty: the rules' default
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
        """The game this form sets up, and what is wrong with it by field."""
        errors: dict[str, str] = choice_problems(self, deck=UNKNOWN_DECK)
        names = [clean(getattr(self, f"seat{i}").data) for i in range(1, 5)]
        players = tuple(n for n in names if n)
        numbers = {}
        for name in ("target", "threshold"):
            try:
                numbers[name] = parse_int(getattr(self, name).data, empty=None)
            except ValueError:
                errors[name] = NOT_A_NUMBER
        rules = HandjassRules.chosen(
            deck=self.deck.data if self.deck.data in DECKS else "swiss",
            target=numbers.get("target"),
            threshold=numbers.get("threshold"),
            berner=self.berner.data,
            extra_per_potato=self.extra_per_potato.data,
            players_minus_one=self.players_minus_one.data,
            hold_ties=self.hold_ties.data,
            no_drop=self.no_drop.data,
        )
        game = HandjassGame(players, rules)
        return game, {**worded(game.problems(), game), **errors}


class DealForm(GuardedForm):
    """One deal: the trump suit and, for each player still in, how they played and their points.

    Per-player fields are named by seat (status0, cards0, weis0, ...) and read from the request.
    """

    trump = StringField()
    agreed = BooleanField(lazy_gettext("Die zwei im Spiel einigen sich: je ein Strich"))
    draw = StringField()

    def deal(self, seats: list[int], form, declared, blank: str) -> tuple[Deal | None, dict]:
        """The deal for these seats, read from the posted form, or what could not be read.

        `declared` holds each seat's declared Weis (see declared_in), Stöck is a checkbox.
        `blank`: the words for a points field left blank where points are needed (the
        Handjass view knows whether one field may stay blank: scorer/web/handjass/views.py,
        blank_said).
        """
        errors: dict[str, str] = {}
        entries = []
        statuses = {seat: form.get(f"status{seat}", PLAY) for seat in seats}
        played = sum(1 for status in statuses.values() if status != OUT)
        # Points are needed when the deal is played out: not when one is left, or two agree.
        need_points = played >= 2 and not self.agreed.data
        for seat in seats:
            status = statuses[seat]
            if need_points and status != OUT and not (form.get(f"cards{seat}") or "").strip():
                # A blank field is refused, never a potato.
                errors[f"p{seat}"] = str(blank)
                continue
            try:
                cards = parse_int(form.get(f"cards{seat}"), empty=0)
                weis = parse_int(form.get(f"weis{seat}"), empty=0)
            except ValueError:
                errors[f"p{seat}"] = NOT_A_NUMBER
                continue
            entries.append(
                Entry(
                    seat,
                    status,
                    cards,
                    weis,
                    tuple(declared.get(seat, ())),
                    form.get(f"stoeck{seat}") == "y",
                )
            )
        if errors:
            return None, errors
        draws = (small_whole(v, 100) for v in form.getlist("draw"))
        draw = tuple(n for n in draws if n is not None)
        return Deal(self.trump.data or "", tuple(entries), self.agreed.data, draw), {}


def typed_cards(form, seats) -> dict[int, int | None] | None:
    """The card points typed so far for the players active in a deal (all of `seats` but who
    dropped out), by seat: None for a field left blank. None instead when a field holds no
    whole number."""
    points: dict[int, int | None] = {}
    for seat in seats:
        if form.get(f"status{seat}", PLAY) == OUT:
            continue
        try:
            points[seat] = parse_int(form.get(f"cards{seat}"))
        except ValueError:
            return None
    return points


def with_rest(form, seat: int, rest: int):
    """The posted form with `rest` written into the blank points field of `seat`."""
    filled = form.copy()
    filled[f"cards{seat}"] = str(rest)
    return filled


def declared_in(form, seats) -> dict[int, list[Weis]]:
    """Each seat's declared Weis, kept in hidden fields d<seat> while the panel is filled in."""
    return {
        seat: [w for w in (parse_weis(c) for c in form.getlist(f"d{seat}")) if w] for seat in seats
    }
