"""Differenzler's forms: a new game's set-up, and reading a round (its predictions, the points
and the Weis) from a posted form. The rules stay in the engine (scorer.differenzler)."""

from __future__ import annotations

from flask_babel import lazy_gettext
from wtforms import BooleanField, RadioField, SelectChoice, StringField

from scorer.cards import DECKS
from scorer.differenzler import (
    PREDICTION_MOST,
    ROUNDS_DEFAULT,
    DifferenzlerGame,
    DifferenzlerRules,
    Round,
    fill_last,
    round_problems,
)
from scorer.names import clean
from scorer.web.core.forms import NOT_A_NUMBER, deck_choices, parse_int
from scorer.web.core.i18n import Form, gettext
from scorer.web.core.registry import worded

SEATS = 6  # fields on the set-up page; empty ones are left out
ROUNDS_QUICK = ("8", "12", "32")  # the usual counts, one tap each; any other is typed
OTHER = "other"
UNKNOWN_DECK = lazy_gettext("Deutsche oder französische Karten wählen.")
UNKNOWN_ROUNDS = lazy_gettext("8, 12, 32 oder eine andere Anzahl wählen.")
MISSING_PREDICTION = lazy_gettext("Ansage fehlt: eine Zahl von 0 bis 157.")
POINTS_MISSING = lazy_gettext(
    "Punkte für alle eintragen; nur einer darf leer bleiben: er bekommt den Rest."
)


def _choices(pairs) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]


class NewDifferenzlerForm(Form):
    """Three to six players in seat order, the rounds, Weis, the exact-hit bonus, the deck."""

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
    )
    rounds_other = StringField(lazy_gettext("Anzahl Runden (1 bis 64)"))
    weis = BooleanField(
        lazy_gettext("Weis und Stöck zählen (die Runde hat dann mehr als 157 Punkte)")
    )
    exact_bonus = StringField(
        lazy_gettext("Bonus für jede genaue Ansage (wird abgezogen)"), default="0"
    )
    deck = RadioField(lazy_gettext("Karten"), choices=deck_choices(), default="swiss")
    draw_no_trump = BooleanField(lazy_gettext("Obenabe und Undenufe auch ziehen"))

    def game(self) -> tuple[DifferenzlerGame, dict[str, str]]:
        """The game this form sets up, and what is wrong with it by field."""
        errors: dict[str, str] = {}
        names = [clean(getattr(self, f"seat{i}").data) for i in range(1, SEATS + 1)]
        players = tuple(n for n in names if n)
        deck = self.deck.data
        if deck not in DECKS:
            errors["deck"] = UNKNOWN_DECK
            deck = "swiss"
        rounds: int | None = ROUNDS_DEFAULT
        if self.rounds.data in ROUNDS_QUICK:
            rounds = int(self.rounds.data)
        elif self.rounds.data == OTHER:
            try:
                rounds = parse_int(self.rounds_other.data)
            except ValueError:
                errors["rounds"] = NOT_A_NUMBER
            if rounds is None:
                errors["rounds"] = gettext("Anzahl Runden eingeben (1 bis 64).")
        else:
            errors["rounds"] = UNKNOWN_ROUNDS
        try:
            bonus = parse_int(self.exact_bonus.data, empty=0)
        except ValueError:
            errors["exact_bonus"] = NOT_A_NUMBER
            bonus = 0
        rules = DifferenzlerRules(
            rounds=rounds if rounds is not None else ROUNDS_DEFAULT,
            weis=bool(self.weis.data),
            exact_bonus=bonus,
            deck=deck,
            draw_no_trump=bool(self.draw_no_trump.data),
        )
        game = DifferenzlerGame(players, rules)
        return game, {**worded(game.problems(), game), **errors}


def prediction_problem(game: DifferenzlerGame, seat: int, raw: str | None):
    """Why what was typed cannot be this player's prediction (a code or words), or None: the
    engine checks the number as it checks a whole round."""
    try:
        value = parse_int(raw)
    except ValueError:
        return NOT_A_NUMBER
    if value is None:
        return MISSING_PREDICTION
    players = len(game.players)
    said = tuple(value if s == seat else 0 for s in range(players))
    trial = Round(None, said, tuple([0] * players))
    return round_problems(trial, players, game.rules).get(f"prediction-{seat}")


def prediction(raw: str | None) -> int | None:
    """An accepted prediction carried in the form: a whole number 0..157, else None."""
    try:
        value = parse_int(raw)
    except ValueError:
        return None
    return value if value is not None and 0 <= value <= PREDICTION_MOST else None


def read_round(form, game: DifferenzlerGame, trump: str | None) -> tuple[Round | None, dict]:
    """The round a posted form holds: every player's prediction ("prediction-<seat>"), points
    ("points-<seat>") and the round's Weis ("weis", when the table counts Weis); one player's
    points may be left empty and are the rest of the round (the engine's fill_last). Or what
    could not be read, by field; whether the round can be is for the engine to say."""
    players = len(game.players)
    errors: dict = {}
    predictions: list[int] = []
    for seat in range(players):
        try:
            value = parse_int(form.get(f"prediction-{seat}"))
        except ValueError:
            value = None
        if value is None:
            errors[f"prediction-{seat}"] = MISSING_PREDICTION
        predictions.append(value if value is not None else 0)
    weis = 0
    if game.rules.weis:
        try:
            weis = parse_int(form.get("weis"), empty=0)
        except ValueError:
            errors["weis"] = NOT_A_NUMBER
    points: list[int | None] = []
    for seat in range(players):
        try:
            points.append(parse_int(form.get(f"points-{seat}")))
        except ValueError:
            errors[f"points-{seat}"] = NOT_A_NUMBER
            points.append(0)
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
