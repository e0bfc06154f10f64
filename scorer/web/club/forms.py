"""A club evening's set-up form: read into the engine's Event and the players' names; the
rules stay in scorer.club."""

from __future__ import annotations

import datetime

from flask_babel import lazy_gettext
from wtforms import BooleanField, RadioField, SelectChoice, StringField, TextAreaField

from scorer.cards import DECKS
from scorer.club.event import (
    GAMES_DEFAULT,
    MATCH_BONUS,
    Event,
    keep_apart_pairs,
    read_pairs,
    read_players,
)
from scorer.club.standings import Scoring
from scorer.names import clean
from scorer.schieber.contracts import PRESETS
from scorer.web.core.forms import NOT_A_NUMBER, deck_choices, parse_int
from scorer.web.core.i18n import Form
from scorer.web.core.messages import say
from scorer.web.schieber.words import preset_figures, preset_name

PASSEN_QUICK = ("3", "4", "5", "6")
GAMES_QUICK = ("8", "12")
OTHER = "other"
TOURNAMENT = "tournament"  # no preset: every game ×1


def _choices(pairs) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]


class NewEventForm(Form):
    """Name, day, players, Passen and games, how it scores and ranks, couples kept apart."""

    name = StringField(lazy_gettext("Name des Anlasses"))
    day = StringField(lazy_gettext("Datum"), default=lambda: datetime.date.today().isoformat())
    players = TextAreaField(lazy_gettext("Spieler"))
    partners = RadioField(
        lazy_gettext("Partner"),
        choices=_choices(
            [
                ("drawn", lazy_gettext("jede Passe neu gelost")),
                ("fixed", lazy_gettext("feste Paare")),
            ]
        ),
        default="drawn",
    )
    passen = RadioField(
        lazy_gettext("Passen"),
        choices=_choices([*((n, n) for n in PASSEN_QUICK), (OTHER, lazy_gettext("andere"))]),
        default="4",
    )
    passen_other = StringField(lazy_gettext("Anzahl Passen (1 bis 12)"))
    games = RadioField(
        lazy_gettext("Spiele pro Passe"),
        choices=_choices([*((n, n) for n in GAMES_QUICK), (OTHER, lazy_gettext("andere"))]),
        default=str(GAMES_DEFAULT),
    )
    games_other = StringField(lazy_gettext("Anzahl Spiele (1 bis 24)"))
    ranking = RadioField(
        lazy_gettext("Rangliste nach"),
        choices=_choices(
            [("points", lazy_gettext("Punkten")), ("striche", lazy_gettext("Strichen"))]
        ),
        default="points",
    )
    counting = RadioField(
        lazy_gettext("Trumpf zählt"),
        choices=[],  # __init__ names each preset's multipliers in the chosen faces
        default=TOURNAMENT,
    )
    deck = RadioField(lazy_gettext("Karten"), choices=deck_choices(), default="swiss")
    match_bonus = StringField(lazy_gettext("Matchbonus"), default=str(MATCH_BONUS))
    weis = BooleanField(lazy_gettext("Weis und Stöck zählen"))
    dropped = BooleanField(lazy_gettext("Schlechteste Passe streichen"))
    joker = StringField(lazy_gettext("Joker für wer aussetzt (leer: Schnitt der Passe)"))
    keep_apart = TextAreaField(lazy_gettext("Nie am selben Tisch"))
    hide_last = BooleanField(lazy_gettext("Rangliste während der letzten Passe verbergen"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        offered = [key for key in PRESETS if key != "simple"]  # "simple" is ×1 for every game
        self.counting.choices = _choices(
            [(TOURNAMENT, lazy_gettext("jedes Spiel ×1 (Turnierschieber)")), *(
                (key, preset_name(key)) for key in offered
            )]
        )  # fmt: skip
        # Each preset's figures in each deck's faces; the page shows those of the deck picked
        # (CSS), and leaves out a preset that is the same as one before it in that deck (003
        # differs from Modern only with French cards).
        self.figures: dict[str, dict[str, str]] = {}
        self.same_as_before: dict[str, set[str]] = {}
        for deck in DECKS:
            seen = []
            for key in offered:
                multipliers = PRESETS[key].multipliers[deck]
                self.figures.setdefault(key, {})[deck] = preset_figures(PRESETS[key], deck)
                if multipliers in seen:
                    self.same_as_before.setdefault(key, set()).add(deck)
                seen.append(multipliers)

    def event(self) -> tuple[Event, list[str], dict[str, str]]:
        """The evening this form sets up, its players, and what is wrong by field."""
        errors: dict[str, str] = {}
        fixed = self.partners.data == "fixed"
        if self.partners.data not in ("drawn", "fixed"):
            errors["partners"] = lazy_gettext("Gelost oder feste Paare.")
        names, problem = (read_pairs if fixed else read_players)(self.players.data)
        if problem is not None:
            errors["players"] = say(problem, kind="club")
        passen = self._count("passen", PASSEN_QUICK, 4, errors)
        games = self._count("games", GAMES_QUICK, GAMES_DEFAULT, errors)
        numbers = {}
        for key, empty in (("match_bonus", 0), ("joker", None)):
            try:
                numbers[key] = parse_int(getattr(self, key).data, empty=empty)
            except ValueError:
                errors[key] = NOT_A_NUMBER
                numbers[key] = empty
        pairs, problem = keep_apart_pairs(self.keep_apart.data, names)
        if problem is not None:
            errors["keep_apart"] = say(problem, kind="club")
        if self.ranking.data not in ("points", "striche"):
            errors["ranking"] = lazy_gettext("Nach Punkten oder nach Strichen.")
        preset = None if self.counting.data in (TOURNAMENT, None) else self.counting.data
        event = Event(
            name=clean(self.name.data),
            day=(self.day.data or "").strip() or datetime.date.today().isoformat(),
            passen=passen,
            games=games,
            scoring=Scoring(
                match_bonus=numbers["match_bonus"],
                ranking=self.ranking.data if self.ranking.data == "striche" else "points",
                dropped=1 if self.dropped.data else 0,
                joker=numbers["joker"],
            ),
            keep_apart=pairs,
            hide_last=bool(self.hide_last.data),
            fixed_pairs=fixed,
            weis=bool(self.weis.data),
            preset=preset,
            deck=self.deck.data or "swiss",
        )
        for key, problem in event.problems().items():
            errors.setdefault(key, say(problem, kind="club"))
        return event, names, errors

    def _count(self, name: str, quick: tuple[str, ...], default: int, errors: dict) -> int:
        """How many Passen (or games) the form asks for. A number typed in the field beside the
        buttons counts, whichever button is lit: typing it is choosing «andere» (club.css
        lights that button as soon as the field holds something, no script needed), never
        silently one of the buttons."""
        choice, typed = getattr(self, name), (getattr(self, f"{name}_other").data or "").strip()
        if typed:
            choice.data = OTHER  # shown picked again when the form comes back with an error
        elif choice.data in quick:
            return int(choice.data)
        elif choice.data != OTHER:
            errors[name] = NOT_A_NUMBER
            return default
        try:
            value = parse_int(typed)
        except ValueError:
            value = None
        if value is None:
            errors[name] = NOT_A_NUMBER
            return default
        return value
