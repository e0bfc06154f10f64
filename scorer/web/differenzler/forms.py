"""Differenzler's forms: a new game's set-up, and reading a round (its predictions, the points
and the Weis) from a posted form. The rules stay in the engine (scorer.differenzler)."""

from __future__ import annotations

from flask_babel import lazy_gettext
from wtforms import BooleanField, RadioField, StringField

from scorer.cards import DECKS
from scorer.codes import code
from scorer.differenzler import (
    PREDICTION_MOST,
    ROUNDS_DEFAULT,
    TIE_DEFAULT,
    TIES,
    DifferenzlerGame,
    DifferenzlerRules,
    Round,
    contracts,
    fill_last,
    round_problems,
)
from scorer.names import clean
from scorer.web.core.forms import (
    NOT_A_NUMBER,
    Offered,
    QueryForm,
    WholeField,
    _choices,
    deck_choices,
    small_whole,
)
from scorer.web.core.i18n import Form, GuardedForm, gettext
from scorer.web.core.registry import worded

SEATS = 6  # fields on the set-up page; empty ones are left out
ROUNDS_QUICK = ("8", "12", "32")  # the usual counts, one tap each; any other is typed
OTHER = "other"
UNKNOWN_DECK = lazy_gettext("Deutsche oder französische Karten wählen.")
UNKNOWN_ROUNDS = lazy_gettext("8, 12, 32 oder eine andere Anzahl wählen.")
TIE_CHOICES = {
    "shared": lazy_gettext("Geteilter erster Platz"),
    "round": lazy_gettext("Stichrunde"),
}
MISSING_PREDICTION = lazy_gettext("Ansage fehlt: eine Zahl von 0 bis 157.")
POINTS_MISSING = lazy_gettext(
    "Punkte für alle eintragen; nur einer darf leer bleiben: er bekommt den Rest."
)


class NewDifferenzlerForm(Form):
    """Three to six players in seat order, the rounds, what a shared lowest total at the end
    brings, Weis, the exact-hit bonus, the deck."""

    seat1 = StringField()
    seat2 = StringField()
    seat3 = StringField()
    seat4 = StringField()
    seat5 = StringField()
    seat6 = StringField()
    rounds = RadioField(
        lazy_gettext("Runden"),
        choices=_choices([*((n, n) for n in ROUNDS_QUICK), (OTHER, lazy_gettext("andere"))]),
        default=str(ROUNDS_DEFAULT),
        validate_choice=False,
        validators=[Offered(UNKNOWN_ROUNDS)],
    )
    rounds_other = WholeField(lazy_gettext("Anzahl Runden (1 bis 64)"))
    tie = RadioField(
        lazy_gettext("Gleichstand auf dem ersten Platz nach der letzten Runde"),
        choices=_choices((key, TIE_CHOICES[key]) for key in TIES),
        default=TIE_DEFAULT,
        validate_choice=False,
        validators=[Offered(code("tie_unknown"))],
    )
    weis = BooleanField(
        lazy_gettext("Weis und Stöck zählen (die Runde hat dann mehr als 157 Punkte)")
    )
    exact_bonus = WholeField(
        lazy_gettext("Bonus für jede genaue Ansage (wird abgezogen)"), default=0, empty=0
    )
    deck = RadioField(
        lazy_gettext("Karten"),
        choices=deck_choices(),
        default="swiss",
        validate_choice=False,
        validators=[Offered(UNKNOWN_DECK)],
    )
    draw_no_trump = BooleanField(lazy_gettext("Obenabe und Undenufe auch ziehen"))

    def game(self) -> tuple[DifferenzlerGame, dict[str, str]]:
        """The game this form sets up, and what is wrong with it by field."""
        self.validate()
        errors = {
            name: self[name].errors[0] for name in ("deck", "rounds", "tie") if self[name].errors
        }
        if self.exact_bonus.errors:
            errors["exact_bonus"] = self.exact_bonus.errors[0]
        names = [clean(self[f"seat{i}"].data) for i in range(1, SEATS + 1)]
        rules = DifferenzlerRules(
            rounds=self._rounds(errors),
            weis=bool(self.weis.data),
            exact_bonus=self.exact_bonus.data or 0,
            deck=self.deck.data if self.deck.data in DECKS else "swiss",
            draw_no_trump=bool(self.draw_no_trump.data),
            tie=self.tie.data if self.tie.data in TIES else TIE_DEFAULT,
        )
        game = DifferenzlerGame(tuple(n for n in names if n), rules)
        return game, worded({**game.problems(), **errors}, game)

    def _rounds(self, errors: dict) -> int:
        """The rounds chosen (or typed under "andere"); the default where they cannot be read,
        with why in `errors`."""
        if self.rounds.data in ROUNDS_QUICK:
            return int(self.rounds.data)
        other = self.rounds_other
        if self.rounds.data == OTHER and other.errors:
            errors["rounds"] = other.errors[0]
        elif self.rounds.data == OTHER and other.data is None:
            errors["rounds"] = gettext("Anzahl Runden eingeben (1 bis 64).")
        elif self.rounds.data == OTHER:
            return other.data
        return ROUNDS_DEFAULT


def accepted(value: int | None) -> int | None:
    """A prediction made (kept, or carried in the form): a whole number 0..157, else None."""
    return value if value is not None and 0 <= value <= PREDICTION_MOST else None


class RoundForm(GuardedForm):
    """A round as the edit page (and a panel posting it whole) sends it: its Trumpf, every
    player's prediction ("prediction-<seat>") and points ("points-<seat>"), and the round's
    Weis ("weis", when the table counts Weis). The Trumpf offered depends on the game's deck:
    offer() sets it."""

    trump = RadioField(
        choices=[], validate_choice=False, validators=[Offered(code("trump_unknown"))]
    )
    weis = WholeField(empty=0)

    def offer(self, game: DifferenzlerGame) -> RoundForm:
        """Offer the Trumpf of this game's deck (or none noted: a round kept without one)."""
        keys = ("", *contracts(game.rules.deck))
        self.trump.choices = _choices((key, key) for key in keys)
        return self

    def forged(self) -> dict[str, object]:
        """A Trumpf sent that the game does not offer (a forged form), beside the Trumpf."""
        return {} if self.trump.validate(self) else {"trump": self.trump.errors[0]}

    def prediction(self, seat: int) -> WholeField:
        return self[f"prediction{seat}"]

    def points(self, seat: int) -> WholeField:
        return self[f"points{seat}"]

    def read(
        self, game: DifferenzlerGame, trump: str | None, said: dict[int, int] | None = None
    ) -> tuple[Round | None, dict]:
        """The round these fields hold, with the predictions `said` when the server kept them
        (else the form's); one player's points may be left empty and are the rest of the round
        (the engine's fill_last). Or what could not be read, by field; whether the round can be
        is for the engine to say."""
        players = len(game.players)
        errors: dict = {}
        predictions: list[int] = []
        for seat in range(players):
            value = said.get(seat) if said is not None else self.prediction(seat).data
            if value is None:
                errors[f"prediction-{seat}"] = MISSING_PREDICTION
            predictions.append(value if value is not None else 0)
        weis = 0
        if game.rules.weis and self.weis.unreadable:
            errors["weis"] = NOT_A_NUMBER
        elif game.rules.weis:
            weis = self.weis.data
        points: list[int | None] = []
        for seat in range(players):
            if self.points(seat).unreadable:
                errors[f"points-{seat}"] = NOT_A_NUMBER
            points.append(0 if self.points(seat).unreadable else self.points(seat).data)
        blank = [seat for seat, p in enumerate(points) if p is None]
        if len(blank) == 1 and "weis" not in errors:
            rest, problem = fill_last([p for p in points if p is not None], weis)
            if problem:
                errors["points"] = problem
            else:
                points[blank[0]] = rest
        elif len(blank) > 1:
            errors["points"] = POINTS_MISSING
        if errors:
            return None, errors
        return Round(trump, tuple(predictions), tuple(points), weis), {}


for _seat in range(SEATS):
    setattr(RoundForm, f"prediction{_seat}", WholeField(name=f"prediction-{_seat}"))
    setattr(RoundForm, f"points{_seat}", WholeField(name=f"points-{_seat}"))


class PanelForm(RoundForm):
    """One step of the round on the panel: the Trumpf drawn or picked ("pick"), a player's
    prediction ("said"), a step back, or the round saved with everyone's points; `step` is the
    step the page showed ("3:rosen/2"), `seen` what the phone saw of the record."""

    action = StringField()
    pick = RadioField(
        choices=[], validate_choice=False, validators=[Offered(code("trump_unknown"))]
    )
    said = WholeField()
    step = StringField()
    seen = StringField()

    def offer(self, game: DifferenzlerGame) -> PanelForm:
        super().offer(game)
        self.pick.choices = _choices((key, key) for key in contracts(game.rules.deck))
        return self

    def whole(self) -> bool:
        """Whether the form carries the round whole (its Trumpf, the predictions in fields), as
        a page from before the round was kept on the server still sends it."""
        return bool(self.trump.raw_data)

    def shows(self, mark: str) -> bool:
        """Whether the page showed the step `mark` (a page that says none did)."""
        return self.step.data is None or self.step.data == mark

    def shown_round(self) -> int | None:
        """The round the page showed, from its step ("3:rosen/2": round 3)."""
        return small_whole((self.step.data or "").partition(":")[0], 10_000) or None


def prediction_problem(game: DifferenzlerGame, seat: int, said: WholeField):
    """Why what was typed cannot be this player's prediction (a code or words), or None: the
    engine checks the number as it checks a whole round."""
    if said.unreadable:
        return NOT_A_NUMBER
    if said.data is None:
        return MISSING_PREDICTION
    players = len(game.players)
    trial = Round(
        None, tuple(said.data if s == seat else 0 for s in range(players)), (0,) * players
    )
    return round_problems(trial, players, game.rules).get(f"prediction-{seat}")


class RestForm(QueryForm):
    """The points typed so far, as the rest box asks for them (the query of its GET): read as
    typed, for the box to say what they make (typed_rest in the views)."""

    weis = StringField()


for _seat in range(SEATS):
    setattr(RestForm, f"points{_seat}", StringField(name=f"points-{_seat}"))


class ShownForm(QueryForm):
    """The game page's query: after a round saved without htmx, its number (?runde=3)."""

    runde = WholeField()
