"""A club evening's forms: its set-up (read into the engine's Event and the players' names),
the leader's posts (a draw, players coming and going, a reason), a table phone's posts (a game,
an objection) and the pages' query arguments. Each turns the request into typed values or
errors by field; the rules stay in scorer.club."""

from __future__ import annotations

import datetime

from flask_babel import lazy_gettext
from flask_wtf.file import FileField
from wtforms import (
    BooleanField,
    RadioField,
    SelectChoice,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import DataRequired

from scorer.cards import DECKS
from scorer.club.event import (
    GAMES_DEFAULT,
    MATCH_BONUS,
    Event,
    keep_apart_pairs,
    read_pairs,
    read_players,
)
from scorer.club.standings import (
    GAME_POINTS,
    TIE_BREAK_DEFAULT,
    TIE_BREAKS,
    WEIS_MOST,
    Scoring,
    TableGame,
    game_problems,
    typed_problem,
)
from scorer.names import clean
from scorer.schieber.contracts import PRESETS
from scorer.web.club.words import TIE_STEP_WORDS, WORDS
from scorer.web.core.forms import (
    NOT_A_NUMBER,
    UNKNOWN_DECK,
    ChoiceField,
    SmallWholeField,
    deck_choices,
    field_errors,
    lazy,
    parse_int,
    small_whole,
)
from scorer.web.core.i18n import Form, GuardedForm, gettext
from scorer.web.core.messages import say
from scorer.web.schieber.words import preset_figures, preset_name

PASSEN_QUICK = ("3", "4", "5", "6")
GAMES_QUICK = ("8", "12")
OTHER = "other"
TOURNAMENT = "tournament"  # no preset: every game ×1


def _choices(pairs) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]


# The engine's names of the set-up's fields where the form's differ: a preset is `counting`.
ENGINE_FIELDS = {"preset": "counting", "tie_break": "tie1"}
TIE_STEPS_OR_NONE = _choices(
    [("", lazy_gettext("– (sonst geteilter Rang)")), *(
        (step, lazy(TIE_STEP_WORDS[step])) for step in TIE_BREAKS
    )]
)  # fmt: skip
TIE_STEP_UNKNOWN = lazy_gettext("Bei Gleichstand: bitte einen Schritt der Liste wählen.")


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
        invalid_choice_message=lazy_gettext("Gelost oder feste Paare."),
    )
    passen = RadioField(
        lazy_gettext("Passen"),
        choices=_choices([*((n, n) for n in PASSEN_QUICK), (OTHER, lazy_gettext("andere"))]),
        default="4",
        invalid_choice_message=NOT_A_NUMBER,
    )
    passen_other = StringField(lazy_gettext("Anzahl Passen (1 bis 12)"))
    games = RadioField(
        lazy_gettext("Spiele pro Passe"),
        choices=_choices([*((n, n) for n in GAMES_QUICK), (OTHER, lazy_gettext("andere"))]),
        default=str(GAMES_DEFAULT),
        invalid_choice_message=NOT_A_NUMBER,
    )
    games_other = StringField(lazy_gettext("Anzahl Spiele (1 bis 24)"))
    ranking = RadioField(
        lazy_gettext("Rangliste nach"),
        choices=_choices(
            [("points", lazy_gettext("Punkten")), ("striche", lazy_gettext("Strichen"))]
        ),
        default="points",
        invalid_choice_message=lazy_gettext("Nach Punkten oder nach Strichen."),
    )
    counting = RadioField(
        lazy_gettext("Trumpf zählt"),
        choices=[],  # __init__ names each preset's multipliers in the chosen faces
        default=TOURNAMENT,
        invalid_choice_message=lazy(WORDS["club_preset_unknown"]),
    )
    deck = RadioField(
        lazy_gettext("Karten"),
        choices=deck_choices(),
        default="swiss",
        invalid_choice_message=UNKNOWN_DECK,
    )
    match_bonus = StringField(lazy_gettext("Matchbonus"), default=str(MATCH_BONUS))
    weis = BooleanField(lazy_gettext("Weis und Stöck zählen"))
    dropped = BooleanField(lazy_gettext("Schlechteste Passe streichen"))
    joker = StringField(lazy_gettext("Joker für wer aussetzt (leer: Schnitt der Passe)"))
    keep_apart = TextAreaField(lazy_gettext("Nie am selben Tisch"))
    hide_last = BooleanField(lazy_gettext("Rangliste während der letzten Passe verbergen"))
    tie1 = SelectField(
        lazy_gettext("Bei Gleichstand zuerst"),
        choices=_choices((step, lazy(TIE_STEP_WORDS[step])) for step in TIE_BREAKS),
        default=TIE_BREAK_DEFAULT[0],
        invalid_choice_message=TIE_STEP_UNKNOWN,
    )
    tie2 = SelectField(
        lazy_gettext("dann"),
        choices=TIE_STEPS_OR_NONE,
        default="",
        invalid_choice_message=TIE_STEP_UNKNOWN,
    )
    tie3 = SelectField(
        lazy_gettext("dann"),
        choices=TIE_STEPS_OR_NONE,
        default="",
        invalid_choice_message=TIE_STEP_UNKNOWN,
    )
    once = StringField()  # the page's one-time token: a form sent twice sets up one evening

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
        """The evening this form sets up, its players, and what is wrong by field: a choice
        that is none of its buttons is refused beside them, never taken as the default."""
        self.validate()
        errors = field_errors(self)
        fixed = self.partners.data == "fixed"
        names, problem = (read_pairs if fixed else read_players)(self.players.data)
        if problem is not None:
            errors["players"] = say(problem, kind="club")
        passen = self._count("passen", PASSEN_QUICK, 4, errors)
        games = self._count("games", GAMES_QUICK, GAMES_DEFAULT, errors)
        pairs, problem = keep_apart_pairs(self.keep_apart.data, names)
        if problem is not None:
            errors["keep_apart"] = say(problem, kind="club")
        counting, deck = self.counting.data, self.deck.data
        event = Event(
            name=clean(self.name.data),
            day=(self.day.data or "").strip() or datetime.date.today().isoformat(),
            passen=passen,
            games=games,
            scoring=self._scoring(errors),
            keep_apart=pairs,
            hide_last=bool(self.hide_last.data),
            fixed_pairs=fixed,
            weis=bool(self.weis.data),
            preset=None if counting == TOURNAMENT or "counting" in errors else counting,
            deck="swiss" if "deck" in errors else deck,
        )
        for key, problem in event.problems().items():
            errors.setdefault(ENGINE_FIELDS.get(key, key), say(problem, kind="club"))
        return event, names, errors

    def _scoring(self, errors: dict) -> Scoring:
        """How the evening scores: the Match bonus and a fixed Joker read as whole numbers
        (blank: none, the field's average), the ranking, one Passe dropped or none."""
        numbers = {}
        for key, empty in (("match_bonus", 0), ("joker", None)):
            try:
                numbers[key] = parse_int(getattr(self, key).data, empty=empty)
            except ValueError:
                errors[key] = NOT_A_NUMBER
                numbers[key] = empty
        steps = (self.tie1.data, self.tie2.data, self.tie3.data)
        return Scoring(
            match_bonus=numbers["match_bonus"],
            ranking="striche" if self.ranking.data == "striche" else "points",
            dropped=1 if self.dropped.data else 0,
            joker=numbers["joker"],
            # Each step once, in the order chosen; none left out of the list (a forged one is
            # refused beside its field): the better Passen, as every evening had.
            tie_break=tuple(dict.fromkeys(s for s in steps if s in TIE_BREAKS))
            or TIE_BREAK_DEFAULT,
        )

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


REASON_MOST = 200


def reason_typed(text: str | None) -> str:
    """A reason typed (an objection, a redraw, a reopening): printable text, 200 characters."""
    return clean(text)[:REASON_MOST].strip()


class SeenForm(GuardedForm):
    """A post of the leader's pages: the evening's (or a table's) version the page showed."""

    seen = SmallWholeField(most=2**62)

    @property
    def version(self) -> int:
        """The version seen; -1 (no version the store has) when none came: refused as stale."""
        seen = self.seen.data
        return -1 if seen is None else seen


class DrawForm(SeenForm):
    """The next Passe drawn: its number (a double tap finds it drawn)."""

    passe = SmallWholeField(most=100)


class PlayersForm(SeenForm):
    """Players who come later, one per line (pairs at fixed pairs)."""

    names = StringField()


def reason_field(asked) -> StringField:
    """A reason the record keeps, asked for with `asked` when none is typed."""
    return StringField(filters=[reason_typed], validators=[DataRequired(asked)])


class RedrawForm(SeenForm):
    """The latest Passe drawn again, with a reason the record keeps."""

    reason = reason_field(
        lazy_gettext("Warum neu auslosen? Der Grund bleibt im Verlauf des Abends.")
    )


class ReopenForm(SeenForm):
    """A table's Passe opened again by the leader, with a reason the record keeps."""

    reason = reason_field(
        lazy_gettext("Warum wieder öffnen? Der Grund bleibt im Verlauf des Abends.")
    )


class ImportForm(Form):
    """An exported evening's file, read back in as a new evening."""

    file = FileField()
    once = StringField()  # the page's one-time token: a file sent twice is one evening


class TableForm(GuardedForm):
    """A post of a table's phone: the table's version it saw and a one-time token."""

    seen = StringField()  # "<games>-<version>" as the pages write it (the games for queue.js)
    once = StringField()

    @property
    def version(self) -> int | None:
        """The table's version the phone saw (the version alone is read too), or None."""
        return small_whole((self.seen.data or "").rpartition("-")[2], 2**62)

    @property
    def token(self) -> str | None:
        return self.once.data or None

    @property
    def seen_games(self) -> int | None:
        """How many games the phone's page showed (None where `seen` is the version alone)."""
        games, dash, _ = (self.seen.data or "").partition("-")
        return small_whole(games, 100) if dash else None

    def typed(self) -> dict[str, str]:
        """What was sent in each field, as sent: the table's page shows it back."""
        return {field.name: field.raw_data[0] for field in self if field.raw_data}


class TableArgs(GuardedForm):
    """A table's page asked for game ?spiel=N, to change it."""

    spiel = SmallWholeField(most=100)


MATCH_TICKED = lazy_gettext("Das Kästchen «Match» ist angekreuzt oder nicht.")


class GameForm(TableForm):
    """One game as a table's panel posts it: the points typed and the side whose button was
    tapped (the other side has the rest of 157), or that side's Match; Weis and Stöck per side
    where the evening counts them, the contract called where it plays multipliers; and the
    game's number."""

    points = StringField()
    side = SmallWholeField(most=1)
    number = SmallWholeField(most=100)
    match = StringField()  # the checkbox: "y", or nothing sent
    weis_a = StringField()
    weis_b = StringField()
    contract = StringField()

    def game(self, event: Event, table) -> tuple[TableGame | None, dict[str, str]]:
        """The game for this table of this evening, or what is wrong by field. The number is
        checked on a page that is current; on one that is not, the store judges it (a form
        sent twice lands once, any other is refused as stale with the table as it stands)."""
        errors: dict[str, str] = {}
        points = self._points(errors)
        extras = self._extras(errors) if event.weis else (0, 0)
        contract, multiplier = self._contract(event, errors)
        if self.match.data not in (None, "y"):  # a forged form: never taken as no Match
            errors["match"] = MATCH_TICKED
        number, expected = self.number.data, event.games
        current = self.version == table.version
        if number is None or (current and not 1 <= number <= min(len(table.games) + 1, expected)):
            errors["points"] = gettext("Alle {games} Spiele sind eingetragen.").format(
                games=expected
            )
        if errors:
            return None, errors
        match = self.match.data == "y"
        game = TableGame.entered(
            points, self.side.data, match=match, extras=extras,
            contract=contract, multiplier=multiplier,
        )  # fmt: skip
        problem = None if match else typed_problem(points)
        problems = [problem] if problem else game_problems(game)
        return (None, {"points": say(problems[0], kind="club")}) if problems else (game, {})

    def editing(self, table) -> int | None:
        """The number of an entered game this form changes, or None for a new one."""
        number = self.number.data
        return number if number and number <= len(table.games) else None

    def _points(self, errors: dict) -> int | None:
        text = (self.points.data or "").strip()
        points = small_whole(text, GAME_POINTS)
        if self.side.data is None:
            errors["points"] = gettext("Für welche Seite sind die Punkte?")
        elif self.match.data == "y":
            return 0  # a Match is all 157 for that side, whatever was typed
        elif not text:
            errors["points"] = gettext("Punkte eintippen (0 bis 157), dann die Seite tippen.")
        elif points is None:
            errors["points"] = gettext("Punkte von 0 bis 157.")
        return points

    def _extras(self, errors: dict) -> tuple[int, int]:
        extras = [0, 0]
        for side, field in enumerate((self.weis_a, self.weis_b)):
            typed = (field.data or "").strip()
            extras[side] = small_whole(typed, WEIS_MOST) if typed else 0
            if extras[side] is None:
                errors[field.name] = gettext("Weis und Stöck: eine Zahl von 0 bis {most}.").format(
                    most=WEIS_MOST
                )
                extras[side] = 0
        return extras[0], extras[1]

    def _contract(self, event: Event, errors: dict) -> tuple[str | None, int]:
        if not event.contracts():
            return None, 1
        multiplier = event.multiplier(self.contract.data or "")
        if multiplier is None:
            errors["contract"] = gettext("Welcher Trumpf? Sein Knopf speichert das Spiel.")
            return None, 1
        return self.contract.data, multiplier


class ChoiceForm(GameForm):
    """The table's answer to a game another phone wrote first (409): the game as this phone
    typed it, and which stands: both (mine as the next game), mine instead of theirs, or
    theirs (mine dropped)."""

    choice = ChoiceField(
        choices=_choices([("both", "both"), ("instead", "instead"), ("drop", "drop")]),
        validators=[DataRequired(lazy_gettext("Was gilt? Einen der Knöpfe tippen."))],
        invalid_choice_message=lazy_gettext("Was gilt? Einen der Knöpfe tippen."),
    )
    new = StringField()  # "1": mine was a new game (not a change of an entered one)


class DisputeForm(TableForm):
    """The other side objects to a Passe handed in, with a reason the leader reads."""

    reason = StringField(
        filters=[reason_typed],
        validators=[DataRequired(lazy_gettext("Was stimmt nicht? Die Spielleitung liest es."))],
    )


class ScreenArgs(GuardedForm):
    """The projector's page asked for (?seite=N); none: the one of the moment."""

    seite = SmallWholeField(most=1000)


class SeasonArgs(GuardedForm):
    """The season's choice, in the address: the evenings ticked, the best k that count, the
    final counted double, Formula-1 points and those of a place beyond the 10th."""

    abend = StringField()  # ticked evenings: every value sent (raw_data), ids
    beste = SmallWholeField(most=100)
    final = StringField()
    f1 = StringField()
    weitere = RadioField(
        lazy_gettext("Ab dem 11. Platz"),
        choices=_choices(
            [
                ("0", lazy_gettext("keine Punkte")),
                ("1", lazy_gettext("je 1 Punkt, wer gespielt hat")),
            ]
        ),
        default="0",
        invalid_choice_message=lazy_gettext("Ab dem 11. Platz: keine Punkte oder je 1 Punkt."),
    )

    def ticked(self) -> set[int | None]:
        return {small_whole(value, 2**62) for value in self.abend.raw_data or ()}
