"""Schieber's forms: a new game (teams, seats, rules), a hand as the panel posts it, and a claim."""

from __future__ import annotations

from itertools import permutations

from flask_babel import lazy_gettext
from flask_babel.speaklater import LazyString
from wtforms import BooleanField, HiddenField, RadioField, StringField

from scorer.cards import DECKS
from scorer.names import clean
from scorer.schieber.claims import HOUSE_ORDER, Claim
from scorer.schieber.contracts import DEFAULT_PRESET, PRESETS, Rules, contracts_for
from scorer.schieber.game import ONE_STOECK, Declared, Game, Hand, Team, merge_declared
from scorer.web.core.forms import (
    NOT_A_NUMBER,
    PLAYERS_4_OR_6,
    UNKNOWN_DECK,
    UNREADABLE_WEIS,
    _choices,
    choice_problems,
    deck_choices,
    lazy,
    parse_int,
    parse_weis,
    small_whole,
    team_name,
    weis_code,
)
from scorer.web.core.i18n import Form, GuardedForm, gettext
from scorer.web.core.messages import say
from scorer.web.core.messages.deck import order_name
from scorer.web.core.registry import worded
from scorer.web.schieber.words import PRESET_NAMES, preset_label

ALL_CONTRACT_KEYS = tuple(dict.fromkeys(c.key for deck in DECKS for c in contracts_for(deck)))


STOECK_TEAM = lazy_gettext("Stöck hat eines der beiden Teams, oder keines.")


class NewGameForm(Form):
    """Teams in seat order, deck faces and the rules as settings."""

    team_a = StringField(lazy_gettext("Team 1"))
    team_b = StringField(lazy_gettext("Team 2"))
    size = RadioField(
        lazy_gettext("Spieler"),
        choices=_choices(
            [("4", lazy_gettext("4 Spieler")), ("6", lazy_gettext("6 Spieler (3 : 3)"))]
        ),
        default="4",
    )
    seat1 = StringField()
    seat2 = StringField()
    seat3 = StringField()
    seat4 = StringField()
    seat5 = StringField()
    seat6 = StringField()
    deck = RadioField(lazy_gettext("Karten"), choices=deck_choices(), default="swiss")
    preset = RadioField(
        lazy_gettext("Regeln"),
        choices=_choices(
            [(k, lazy(PRESET_NAMES[k])) for k in PRESETS] + [("custom", lazy_gettext("Eigene"))]
        ),
        # __init__ names what each preset does with the chosen faces
        default=DEFAULT_PRESET,
    )
    target = StringField(lazy_gettext("Zielpunkte"))
    undenufe_six = BooleanField(lazy_gettext("Undenufe: die 6 zählt 11, das Ass 0"), default=True)
    bergpreis = BooleanField(lazy_gettext("Bergpreis (zuerst zur Hälfte)"), default=True)
    weis = RadioField(
        lazy_gettext("Weis"),
        choices=_choices(
            [
                ("large", lazy_gettext("Grosser Weis: Sechsblatt 150 … Neunblatt 300")),
                ("small", lazy_gettext("Kleiner Weis: ab Fünfblatt 100, jede Karte nur einmal")),
            ]
        ),
        default="large",
    )
    four_nines = BooleanField(lazy_gettext("Vier Neuner zählen 150"), default=True)
    four_sixes = BooleanField(lazy_gettext("Vier Sechser zählen 100 im Undenufe"), default=False)
    any_four = BooleanField(lazy_gettext("Vier gleiche jeder Art zählen 100"), default=False)
    order = RadioField(
        lazy_gettext("Wer zuerst am Ziel ist"),
        choices=_choices(
            (",".join(p), LazyString(order_name, p)) for p in permutations(HOUSE_ORDER)
        ),
        default=",".join(HOUSE_ORDER),
    )
    auto_end = BooleanField(
        lazy_gettext("Das Spiel endet von selbst, sobald ein Team das Ziel erreicht")
    )

    def fill_preset(self, changed: str | None) -> None:
        """Put the chosen preset's values in the fields when the deck or the preset changed,
        or when the fields do not fit the deck; otherwise name the preset the values equal."""
        deck = self.deck.data if self.deck.data in DECKS else "swiss"
        keys = [c.key for c in contracts_for(deck)]
        fitting = all(self.raw(f"mult_{k}") for k in keys)
        if changed in ("deck", "preset") or not fitting:
            preset = PRESETS.get(self.preset.data) or PRESETS[DEFAULT_PRESET]
            for key in keys:
                self.values[f"mult_{key}"] = str(preset.multipliers[deck][key])
            self.target.data = str(preset.target)
        else:
            try:
                rules, _ = self.rules()
                self.preset.data = rules.preset
            except ValueError:
                self.preset.data = "custom"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        formdata = kwargs.get("formdata") or (args[0] if args else None)
        self.values = {
            f"mult_{k}": (formdata.get(f"mult_{k}", "") if formdata else "")
            for k in ALL_CONTRACT_KEYS
        }
        if not self.target.data:
            preset = PRESETS.get(self.preset.data) or PRESETS[DEFAULT_PRESET]
            self.target.data = str(preset.target)
        deck = self.deck.data if self.deck.data in DECKS else "swiss"
        # A preset that plays the same as one above it with these faces is not offered twice
        # (003 with Swiss faces is Modern), unless it is the one chosen.
        labels, offered = [], set()
        for key, preset in PRESETS.items():
            plays = (preset.target, tuple(sorted(preset.multipliers[deck].items())))
            if plays not in offered or key == self.preset.data:
                labels.append((key, preset_label(preset, deck)))
            offered.add(plays)
        self.preset.choices = _choices([*labels, ("custom", gettext("Eigene"))])

    def raw(self, name: str) -> str:
        """The typed value of a multiplier field."""
        return self.values.get(name, "")

    def rules(self) -> tuple[Rules, dict[str, str]]:
        """The rules in the form, and which fields could not be read as numbers."""
        errors = {}
        deck = self.deck.data if self.deck.data in DECKS else "swiss"
        multipliers = {}
        for c in contracts_for(deck):
            try:
                multipliers[c.key] = parse_int(self.raw(f"mult_{c.key}"), empty=0)
            except ValueError:
                errors[f"mult_{c.key}"] = NOT_A_NUMBER
        try:
            target = parse_int(self.target.data, empty=0)
        except ValueError:
            errors["target"] = NOT_A_NUMBER
            target = 0
        rules = Rules(
            deck=deck,
            multipliers={k: v or 0 for k, v in multipliers.items()},
            target=target or 0,
            undenufe_six=self.undenufe_six.data,
            bergpreis=self.bergpreis.data,
            weis_large=self.weis.data != "small",
            four_nines=self.four_nines.data,
            four_sixes=self.four_sixes.data,
            any_four=self.any_four.data,
            order=tuple((self.order.data or ",".join(HOUSE_ORDER)).split(",")),
            auto_end=self.auto_end.data,
        )
        return rules, errors

    def game(self) -> tuple[Game, dict[str, str]]:
        """The game this form sets up, and everything wrong with it by field."""
        rules, errors = self.rules()
        errors.update(choice_problems(self, size=PLAYERS_4_OR_6, deck=UNKNOWN_DECK))
        count = 6 if self.size.data == "6" else 4
        seats = [clean(getattr(self, f"seat{i}").data) for i in range(1, count + 1)]
        game = Game(
            teams=(
                Team(clean(self.team_a.data) or team_name(1), tuple(seats[0::2])),
                Team(clean(self.team_b.data) or team_name(2), tuple(seats[1::2])),
            ),
            rules=rules,
        )
        return game, {**worded(game.problems(), game), **errors}


class HandForm(GuardedForm):
    """One entry on the panel: trick points of one team or a Match, Weis, Stöck, who called."""

    contract = StringField()  # sent by the contract button that saves
    shoved = BooleanField(lazy_gettext("gschobe"))
    points_team = RadioField(
        lazy_gettext("Punkte von"), choices=_choices([("0", "0"), ("1", "1")]), default="0"
    )
    points = StringField(lazy_gettext("Stichpunkte"))
    match = BooleanField(lazy_gettext("Match"))
    weis_a = StringField(lazy_gettext("Weis"))
    weis_b = StringField(lazy_gettext("Weis"))
    stoeck_a = BooleanField(lazy_gettext("Stöck"))
    stoeck_b = BooleanField(lazy_gettext("Stöck"))
    # Declared Weis kept through an edit: "seat=code" pairs, comma-separated.
    declared = HiddenField()

    def emptied(self) -> HandForm:
        """This form with every field as a new, empty one has it: the panel after a saved
        entry, without the cost of building another form."""
        for field in self:
            if field.type != "CSRFTokenField":
                field.process(None)
        return self

    def typed(self) -> tuple[Hand | None, dict[str, str]]:
        """What the panel holds so far as a hand in no contract yet (for the previews)."""
        chosen, self.contract.data = self.contract.data, self.contract.data or "?"
        try:
            return self.entry()
        finally:
            self.contract.data = chosen

    def entry(self) -> tuple[Hand | None, dict[str, str]]:
        """The entry as a hand, or what could not be read."""
        errors = {}
        values = {}
        for name in ("points", "weis_a", "weis_b"):
            try:
                values[name] = parse_int(getattr(self, name).data, empty=None)
            except ValueError:
                errors["weis" if name.startswith("weis") else name] = NOT_A_NUMBER
        if self.stoeck_a.data and self.stoeck_b.data:
            errors["stoeck"] = say(ONE_STOECK, kind="schieber")
        if not self.contract.data:
            errors["contract"] = gettext("Trumpf antippen: er speichert die Hand.")
        if self.points_team.data not in ("0", "1"):
            errors["points"] = gettext("Die Stichpunkte gehören einem der beiden Teams.")
        if errors:
            return None, errors
        stoeck = 0 if self.stoeck_a.data else 1 if self.stoeck_b.data else None
        declarations = []
        for pair in filter(None, (self.declared.data or "").split(",")):
            seat, _, code = pair.partition("=")
            weis = parse_weis(code)
            seat_number = small_whole(seat, 100)
            if seat_number is None or weis is None:
                return None, {"weis": UNREADABLE_WEIS}
            declarations.append(Declared(seat_number, (weis,)))
        hand = Hand(
            contract=self.contract.data,
            shoved=self.shoved.data,
            points_team=1 if self.points_team.data == "1" else 0,
            points=values["points"],
            match=self.match.data,
            weis=(values["weis_a"] or 0, values["weis_b"] or 0),
            stoeck=stoeck,
            declarations=merge_declared(declarations),
        )
        return hand, {}

    def fill(self, hand: Hand) -> None:
        """Show a stored hand in the fields, for editing."""
        self.contract.data = hand.contract
        self.shoved.data = hand.shoved
        self.points_team.data = str(hand.points_team)
        self.points.data = "" if hand.points is None or hand.match else str(hand.points)
        self.match.data = hand.match
        self.weis_a.data = str(hand.weis[0]) if hand.weis[0] else ""
        self.weis_b.data = str(hand.weis[1]) if hand.weis[1] else ""
        self.stoeck_a.data = hand.stoeck == 0
        self.stoeck_b.data = hand.stoeck == 1
        self.declared.data = ",".join(
            f"{d.seat}={weis_code(w)}" for d in hand.declarations for w in d.weis
        )


class ClaimForm(GuardedForm):
    """A team claims ("bedankt sich"): only what the ruling needs."""

    claim_team = RadioField(choices=_choices([("0", "0"), ("1", "1")]))
    contract = StringField()
    stoeck = RadioField(
        choices=_choices([("", lazy_gettext("kein")), ("0", "0"), ("1", "1")]), default=""
    )
    weis_a = StringField(lazy_gettext("Weis"))
    weis_b = StringField(lazy_gettext("Weis"))
    first_trick = RadioField(
        choices=_choices(
            [("no", lazy_gettext("Nein, später")), ("yes", lazy_gettext("Ja, erster Stich"))]
        ),
        default="no",
    )
    claim_points = StringField(lazy_gettext("Stiche bisher"))
    other_points = StringField(lazy_gettext("Stiche der anderen bisher"))
    trick_team = RadioField(choices=_choices([("0", "0"), ("1", "1")]))
    trick_points = StringField(lazy_gettext("Punkte im ersten Stich"))

    def entry(self) -> tuple[Hand | None, dict[str, str]]:
        """The claim as the hand it ends, or what could not be read."""
        errors: dict[str, str] = {}
        numbers: dict[str, int | None] = {}
        for name in ("weis_a", "weis_b", "claim_points", "other_points", "trick_points"):
            try:
                numbers[name] = parse_int(getattr(self, name).data, empty=None)
            except ValueError:
                errors["weis" if name.startswith("weis") else name] = NOT_A_NUMBER
        if self.stoeck.data not in ("", "0", "1", None):
            errors["stoeck"] = STOECK_TEAM
        if self.claim_team.data not in ("0", "1"):
            errors["claim_team"] = gettext("Welches Team bedankt sich?")
        if not self.contract.data:
            errors["contract"] = gettext("In welchem Trumpf läuft die Hand?")
        first = self.first_trick.data == "yes"
        if first and self.trick_team.data not in ("0", "1"):
            errors["trick_team"] = gettext("Wer hat den ersten Stich gemacht?")
        if first and numbers.get("trick_points") is None and "trick_points" not in errors:
            errors["trick_points"] = gettext("Die Punkte im ersten Stich eingeben.")
        if not first and numbers.get("claim_points") is None and "claim_points" not in errors:
            errors["claim_points"] = gettext("Die Stichpunkte bisher eingeben (auch 0).")
        if errors:
            return None, errors
        claim = Claim(
            team=int(self.claim_team.data),
            first_trick=first,
            points=0 if first else numbers["claim_points"],
            other_points=0 if first else numbers["other_points"] or 0,
            trick_team=int(self.trick_team.data) if first else None,
            trick_points=numbers["trick_points"] or 0 if first else 0,
        )
        hand = Hand(
            contract=self.contract.data,
            weis=(numbers["weis_a"] or 0, numbers["weis_b"] or 0),
            stoeck=int(self.stoeck.data) if self.stoeck.data in ("0", "1") else None,
            claim=claim,
        )
        return hand, {}
