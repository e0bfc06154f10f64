"""Schieber's forms: a new game (teams, seats, rules), a hand as the panel posts it (and as it is
typed, for the previews), a claim, the first claim of a tie, and the Weis page.

Each turns what the phone sent into typed values or errors by field: numbers read strictly, and a
radio value a page never offers (a forged form) refused beside its field, so nothing is stored."""

from __future__ import annotations

from itertools import permutations

from flask import request
from flask_babel import lazy_gettext
from flask_babel.speaklater import LazyString
from wtforms import BooleanField, HiddenField, StringField

from scorer.cards import DECKS
from scorer.names import clean
from scorer.schieber.claims import HOUSE_ORDER, Claim
from scorer.schieber.contracts import DEFAULT_PRESET, PRESETS, Rules, contracts_for
from scorer.schieber.declaring import Asked
from scorer.schieber.game import ONE_STOECK, Declared, Game, Hand, State, Team, merge_declared
from scorer.storage.games import MAX_ENTRIES
from scorer.web.core.forms import (
    PLAYERS_4_OR_6,
    UNKNOWN_DECK,
    UNREADABLE_WEIS,
    CardsField,
    ChoiceField,
    DeclaredWeisField,
    SmallWholeField,
    WholeField,
    _choices,
    deck_choices,
    field_errors,
    lazy,
    parse_action,
    parse_weis,
    queried,
    small_whole,
    team_name,
    weis_code,
)
from scorer.web.core.i18n import Form, GuardedForm, gettext
from scorer.web.core.messages import say
from scorer.web.core.messages.deck import order_name
from scorer.web.core.registry import worded
from scorer.web.schieber.words import PRESET_NAMES, WORDS, preset_label
from scorer.weis import FOUR, RUN, Weis

ALL_CONTRACT_KEYS = tuple(dict.fromkeys(c.key for deck in DECKS for c in contracts_for(deck)))


STOECK_TEAM = lazy_gettext("Stöck hat eines der beiden Teams, oder keines.")


UNKNOWN_PRESET = lazy_gettext("Eine der Voreinstellungen wählen, oder Eigene.")


UNKNOWN_WEIS = lazy_gettext("Grossen oder kleinen Weis wählen.")


TWO_TEAMS = _choices([("0", "0"), ("1", "1")])


class NewGameForm(Form):
    """Teams in seat order, deck faces and the rules as settings; a multiplier per contract of
    every deck (`mult_rosen`, …), of which the chosen deck's count."""

    team_a = StringField(lazy_gettext("Team 1"))
    team_b = StringField(lazy_gettext("Team 2"))
    size = ChoiceField(
        lazy_gettext("Spieler"),
        choices=_choices(
            [("4", lazy_gettext("4 Spieler")), ("6", lazy_gettext("6 Spieler (3 : 3)"))]
        ),
        default="4",
        invalid_choice_message=PLAYERS_4_OR_6,
    )
    seat1 = StringField()
    seat2 = StringField()
    seat3 = StringField()
    seat4 = StringField()
    seat5 = StringField()
    seat6 = StringField()
    deck = ChoiceField(
        lazy_gettext("Karten"),
        choices=deck_choices(),
        default="swiss",
        invalid_choice_message=UNKNOWN_DECK,
    )
    preset = ChoiceField(
        lazy_gettext("Regeln"),
        choices=_choices(
            [(k, lazy(PRESET_NAMES[k])) for k in PRESETS] + [("custom", lazy_gettext("Eigene"))]
        ),
        # __init__ names what each preset does with the chosen faces
        default=DEFAULT_PRESET,
        invalid_choice_message=UNKNOWN_PRESET,
    )
    target = WholeField(lazy_gettext("Zielpunkte"), empty=0)
    undenufe_six = BooleanField(lazy_gettext("Undenufe: die 6 zählt 11, das Ass 0"), default=True)
    bergpreis = BooleanField(lazy_gettext("Bergpreis (zuerst zur Hälfte)"), default=True)
    bergpreis_ask = BooleanField(
        lazy_gettext("Beide in einer Hand am Bergpreis: fragen, wer zuerst oben war"),
        default=True,
    )
    weis = ChoiceField(
        lazy_gettext("Weis"),
        choices=_choices(
            [
                ("large", lazy_gettext("Grosser Weis: Sechsblatt 150 … Neunblatt 300")),
                ("small", lazy_gettext("Kleiner Weis: ab Fünfblatt 100, jede Karte nur einmal")),
            ]
        ),
        default="large",
        invalid_choice_message=UNKNOWN_WEIS,
    )
    four_nines = BooleanField(lazy_gettext("Vier Neuner zählen 150"), default=True)
    four_sixes = BooleanField(lazy_gettext("Vier Sechser zählen 100 im Undenufe"), default=False)
    any_four = BooleanField(lazy_gettext("Vier gleiche jeder Art zählen 100"), default=False)
    order = ChoiceField(
        lazy_gettext("Wer zuerst am Ziel ist"),
        choices=_choices(
            (",".join(p), LazyString(order_name, p)) for p in permutations(HOUSE_ORDER)
        ),
        default=",".join(HOUSE_ORDER),
        invalid_choice_message=lazy(WORDS["rules_order"]),
    )
    auto_end = BooleanField(
        lazy_gettext("Das Spiel endet von selbst, sobald ein Team das Ziel erreicht")
    )
    # The rules part's GET, refilled as the set-up changes: which field changed.
    changed = StringField()

    @classmethod
    def sent(cls) -> NewGameForm:
        """The set-up as posted (a field left out is empty), or the page's own for a GET."""
        return cls(formdata=request.form if request.method == "POST" else None)

    @classmethod
    def refilled(cls) -> NewGameForm:
        """The rules part as its GET sends it when the deck, the preset or a value changed: the
        chosen preset's values where the deck or the preset changed."""
        form = queried(cls)
        form.fill_preset(form.changed.data)
        return form

    def fill_preset(self, changed: str | None) -> None:
        """Put the chosen preset's values in the fields when the deck or the preset changed,
        or when the fields do not fit the deck; otherwise name the preset the values equal."""
        deck = self.chosen_deck
        keys = [c.key for c in contracts_for(deck)]
        fitting = all(self.raw(f"mult_{k}") for k in keys)
        if changed in ("deck", "preset") or not fitting:
            preset = PRESETS.get(self.preset.data) or PRESETS[DEFAULT_PRESET]
            for key in keys:
                self[f"mult_{key}"].process(None, preset.multipliers[deck][key])
            self.target.process(None, preset.target)
        else:
            try:
                rules, _ = self.rules()
                self.preset.data = rules.preset
            except ValueError:
                self.preset.data = "custom"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.target.typed:
            preset = PRESETS.get(self.preset.data) or PRESETS[DEFAULT_PRESET]
            self.target.process(None, preset.target)
        deck = self.chosen_deck
        # A preset that plays the same as one above it with these faces is not offered twice
        # (003 with Swiss faces is Modern), unless it is the one chosen.
        labels, offered = [], set()
        for key, preset in PRESETS.items():
            plays = (preset.target, tuple(sorted(preset.multipliers[deck].items())))
            if plays not in offered or key == self.preset.data:
                labels.append((key, preset_label(preset, deck)))
            offered.add(plays)
        self.preset.choices = _choices([*labels, ("custom", gettext("Eigene"))])

    @property
    def chosen_deck(self) -> str:
        """The deck chosen, or the Swiss one while none that exists is."""
        return self.deck.data if self.deck.data in DECKS else "swiss"

    def raw(self, name: str) -> str:
        """The typed value of a multiplier field."""
        return self[name].typed

    def rules(self) -> tuple[Rules, dict[str, str]]:
        """The rules in the form, and which fields could not be read as numbers."""
        deck = self.chosen_deck
        multipliers = {c.key: self[f"mult_{c.key}"] for c in contracts_for(deck)}
        errors = field_errors(self, [*(f.name for f in multipliers.values()), "target"])
        rules = Rules(
            deck=deck,
            multipliers={key: field.data or 0 for key, field in multipliers.items()},
            target=self.target.data or 0,
            undenufe_six=self.undenufe_six.data,
            bergpreis=self.bergpreis.data,
            bergpreis_ask=self.bergpreis_ask.data,
            weis_large=self.weis.data != "small",
            four_nines=self.four_nines.data,
            four_sixes=self.four_sixes.data,
            any_four=self.any_four.data,
            order=tuple((self.order.data or ",".join(HOUSE_ORDER)).split(",")),
            auto_end=self.auto_end.data,
        )
        return rules, errors

    def game(self) -> tuple[Game, dict[str, str]]:
        """The game this form sets up, and everything wrong with it by field. A choice the page
        does not offer is refused as sent, before the preset is named after the values."""
        refused = field_errors(
            self, ("size", "deck", "preset", "weis", "order"), {"size": "players"}
        )
        self.fill_preset(None)
        rules, errors = self.rules()
        errors.update(refused)
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


for _key in ALL_CONTRACT_KEYS:
    setattr(NewGameForm, f"mult_{_key}", WholeField(empty=0))


class DeclaredField(HiddenField):
    """Declared Weis kept through an edit: "seat=code" pairs, comma-separated, written back as
    they came; `declarations` holds them read. One no deck holds is refused."""

    def process_data(self, value) -> None:
        self.data = value
        self.declarations: tuple[Declared, ...] = ()

    def process_formdata(self, valuelist) -> None:
        super().process_formdata(valuelist)
        declarations = []
        for pair in filter(None, (self.data or "").split(",")):
            seat, _, code = pair.partition("=")
            weis = parse_weis(code)
            seat_number = small_whole(seat, 100)
            if seat_number is None or weis is None:
                raise ValueError(UNREADABLE_WEIS)
            declarations.append(Declared(seat_number, (weis,)))
        self.declarations = merge_declared(declarations)


class HandForm(GuardedForm):
    """One entry on the panel: trick points of one team or a Match, Weis, Stöck, who called."""

    contract = StringField()  # sent by the contract button that saves
    shoved = BooleanField(lazy_gettext("gschobe"))
    points_team = ChoiceField(
        lazy_gettext("Punkte von"),
        choices=TWO_TEAMS,
        default="0",
        invalid_choice_message=lazy_gettext("Die Stichpunkte gehören einem der beiden Teams."),
    )
    points = WholeField(lazy_gettext("Stichpunkte"))
    match = BooleanField(lazy_gettext("Match"))
    weis_a = WholeField(lazy_gettext("Weis"))
    weis_b = WholeField(lazy_gettext("Weis"))
    stoeck_a = BooleanField(lazy_gettext("Stöck"))
    stoeck_b = BooleanField(lazy_gettext("Stöck"))
    declared = DeclaredField()

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
        errors = field_errors(
            self,
            ("points", "weis_a", "weis_b", "points_team"),
            {"weis_a": "weis", "weis_b": "weis", "points_team": "points"},
        )
        if self.stoeck_a.data and self.stoeck_b.data:
            errors["stoeck"] = say(ONE_STOECK, kind="schieber")
        if not self.contract.data:
            errors["contract"] = gettext("Trumpf antippen: er speichert die Hand.")
        errors = errors or field_errors(self, ("declared",), {"declared": "weis"})
        if errors:
            return None, errors
        hand = Hand(
            contract=self.contract.data,
            shoved=self.shoved.data,
            points_team=1 if self.points_team.data == "1" else 0,
            points=self.points.data,
            match=self.match.data,
            weis=(self.weis_a.data or 0, self.weis_b.data or 0),
            stoeck=0 if self.stoeck_a.data else 1 if self.stoeck_b.data else None,
            declarations=self.declared.declarations,
        )
        return hand, {}

    def fill(self, hand: Hand) -> None:
        """Show a stored hand in the fields, for editing."""
        self.contract.data = hand.contract
        self.shoved.data = hand.shoved
        self.points_team.data = str(hand.points_team)
        self.points.process(None, None if hand.points is None or hand.match else hand.points)
        self.match.data = hand.match
        self.weis_a.process(None, hand.weis[0] or None)
        self.weis_b.process(None, hand.weis[1] or None)
        self.stoeck_a.data = hand.stoeck == 0
        self.stoeck_b.data = hand.stoeck == 1
        self.declared.data = ",".join(
            f"{d.seat}={weis_code(w)}" for d in hand.declarations for w in d.weis
        )


class PreviewForm(HandForm):
    """The panel as it is typed, sent by htmx for the contract buttons' previews (a GET: read
    only), with the number of the hand an edit page changes."""

    number = SmallWholeField(most=MAX_ENTRIES)

    def hand_index(self, game: Game) -> int | None:
        """The index of the hand being changed, or None for a new entry (or a hand not there)."""
        number = self.number.data
        return number - 1 if number and number <= len(game.hands) else None


WHICH_TEAM = lazy_gettext("Welches Team bedankt sich?")


FIRST_TRICK_BY = lazy_gettext("Wer hat den ersten Stich gemacht?")


class ClaimForm(GuardedForm):
    """A team claims ("bedankt sich"): only what the ruling needs."""

    claim_team = ChoiceField(choices=TWO_TEAMS, invalid_choice_message=WHICH_TEAM)
    contract = StringField()
    stoeck = ChoiceField(
        choices=_choices([("", lazy_gettext("kein")), ("0", "0"), ("1", "1")]),
        default="",
        invalid_choice_message=STOECK_TEAM,
    )
    weis_a = WholeField(lazy_gettext("Weis"))
    weis_b = WholeField(lazy_gettext("Weis"))
    first_trick = ChoiceField(
        choices=_choices(
            [("no", lazy_gettext("Nein, später")), ("yes", lazy_gettext("Ja, erster Stich"))]
        ),
        default="no",
        invalid_choice_message=lazy_gettext("Erster Stich: bitte Ja oder Nein wählen."),
    )
    claim_points = WholeField(lazy_gettext("Stiche bisher"))
    other_points = WholeField(lazy_gettext("Stiche der anderen bisher"))
    trick_team = ChoiceField(choices=TWO_TEAMS, invalid_choice_message=FIRST_TRICK_BY)
    trick_points = WholeField(lazy_gettext("Punkte im ersten Stich"))

    def entry(self) -> tuple[Hand | None, dict[str, str]]:
        """The claim as the hand it ends, or what could not be read."""
        errors = field_errors(
            self,
            ("weis_a", "weis_b", "claim_points", "other_points", "trick_points")
            + ("stoeck", "claim_team", "first_trick", "trick_team"),
            {"weis_a": "weis", "weis_b": "weis"},
        )
        if self.claim_team.data is None:
            errors["claim_team"] = WHICH_TEAM
        if not self.contract.data:
            errors["contract"] = gettext("In welchem Trumpf läuft die Hand?")
        first = self.first_trick.data == "yes"
        if first and self.trick_team.data is None:
            errors["trick_team"] = FIRST_TRICK_BY
        if first and self.trick_points.data is None and "trick_points" not in errors:
            errors["trick_points"] = gettext("Die Punkte im ersten Stich eingeben.")
        if not first and self.claim_points.data is None and "claim_points" not in errors:
            errors["claim_points"] = gettext("Die Stichpunkte bisher eingeben (auch 0).")
        if errors:
            return None, errors
        claim = Claim(
            team=int(self.claim_team.data),
            first_trick=first,
            points=0 if first else self.claim_points.data,
            other_points=0 if first else self.other_points.data or 0,
            trick_team=int(self.trick_team.data) if first else None,
            trick_points=self.trick_points.data or 0 if first else 0,
        )
        hand = Hand(
            contract=self.contract.data,
            weis=(self.weis_a.data or 0, self.weis_b.data or 0),
            stoeck=int(self.stoeck.data) if self.stoeck.data else None,
            claim=claim,
        )
        return hand, {}


class FirstTeamForm(GuardedForm):
    """Which team was first, when one hand took both over the target (who claimed first) or to
    the Bergpreis (who got there first): the team its button's form names."""

    team = ChoiceField(choices=TWO_TEAMS)

    def chosen(self) -> int | None:
        """The team, or None when the post names none of the two."""
        sent = self.team.data is not None and self.team.validate(self)
        return int(self.team.data) if sent else None


MOST_SEATS = 6  # a table of six


class WeisForm(GuardedForm):
    """The Weis page as each of its buttons posts it back (or as its link names it, for a
    GET): the contract, every player's Weis declared so far (DeclaredWeisField), Stöck, each
    player's row (a Weis to add: kind, len, suit, top or rank; the cards tapped), and the
    button's action: "add:2", "remove:1:0", "find:3", "write" or "refresh". Each player's row
    has fields per seat (`kind2`, `cards2`, …), added below the class."""

    contract = StringField()
    declared = DeclaredWeisField()
    stoeck = ChoiceField(
        choices=_choices([("", ""), ("0", "0"), ("1", "1")]),
        default="",
        invalid_choice_message=STOECK_TEAM,
    )
    action = StringField()

    @classmethod
    def sent(cls) -> WeisForm:
        """The page as posted, or as its link names it (a GET)."""
        return cls() if request.method == "POST" else queried(cls)

    def asked(self, game: Game, state: State) -> tuple[Asked, dict[str, str]]:
        """The step the page asks of the engine (scorer.schieber.declaring), and what a post
        sent that the page never offers: a Weis no deck holds, a Stöck team or a contract not
        there. Then no step is taken; a GET takes none either, it only shows."""
        posted = self.is_submitted()
        errors = field_errors(self, ("declared", "stoeck"), {"declared": "weis"}) if posted else {}
        contract = self.contract.data or ""
        if posted and not state.open_hand and contract and not game.rules.contract(contract):
            errors["contract"] = lazy(WORDS["weis_contract_first"])
        step, numbers = parse_action(self.action.data or "") if posted and not errors else ("", [])
        seat = numbers[0] if numbers and numbers[0] < min(len(game.seats()), MOST_SEATS) else None
        in_row = seat is not None
        asked = Asked(
            contract=contract,
            declared=self.declared.data,
            stoeck=int(self.stoeck.data) if self.stoeck.data in ("0", "1") else None,
            step=step,
            seat=seat,
            position=numbers[1] if len(numbers) == 2 else -1,
            weis=self._to_add(seat) if step == "add" and in_row else None,
            cards=self[f"cards{seat}"].data or () if step == "find" and in_row else (),
        )
        return asked, errors

    def _to_add(self, seat: int) -> Weis | None:
        """The Weis chosen in a player's row as chosen (the table's rules judge it), or None
        when its length is no number."""
        kind = self[f"kind{seat}"].data or RUN
        if kind == FOUR:
            return Weis.four(self[f"rank{seat}"].data or "")
        length = self[f"len{seat}"].data
        suit, top = self[f"suit{seat}"].data or "", self[f"top{seat}"].data or ""
        return None if length is None else Weis(kind, top, length, suit)

    def tapped(self, seats: int) -> dict[int, set[str]]:
        """Each player's cards tapped, as sent: the page shows them tapped again."""
        return {seat: set(self[f"cards{seat}"].raw_data or ()) for seat in range(seats)}


for _seat in range(MOST_SEATS):
    for _name in ("kind", "suit", "top", "rank"):
        setattr(WeisForm, f"{_name}{_seat}", StringField())
    setattr(WeisForm, f"len{_seat}", SmallWholeField(most=100))
    setattr(WeisForm, f"cards{_seat}", CardsField())
