"""What every room's forms share: numbers and choices read strictly, the deck's choices, and
Weis as the Weis panels post them (Schieber's and Handjass's).

The fields here turn what a phone sent into typed values or a field error: `WholeField` a
number typed, `SmallWholeField` a number the page itself sends, `ChoiceField` a radio that takes
only what it offers, `DeclaredWeisField` and `CardsField` the Weis pages' declared Weis and
cards tapped; `field_errors` gathers their errors by where a page says them, and `queried`
fills a form from a GET's query."""

from __future__ import annotations

from typing import TypeVar

from flask import request
from flask_babel import lazy_gettext
from flask_babel.speaklater import LazyString
from wtforms import Field, RadioField, SelectChoice, StringField, ValidationError
from wtforms.utils import unset_value
from wtforms.widgets import HiddenInput

from scorer.cards import DECKS, RANKS
from scorer.web.core.i18n import Form, gettext, tr
from scorer.web.core.messages.deck import DECK_WORDS
from scorer.weis import FOUR, Weis

# Words said where a form's field is shown: lazy, so each page says them in its language.
NOT_A_NUMBER = lazy_gettext("Bitte eine ganze Zahl eingeben.")


UNKNOWN_DECK = lazy_gettext("Schweizer oder französische Karten wählen.")


PLAYERS_4_OR_6 = lazy_gettext("4 oder 6 Spieler wählen.")


UNREADABLE_WEIS = lazy_gettext("Die angesagten Weis sind unlesbar: bitte neu ansagen.")


def choice_problems(form, **messages: str) -> dict[str, str]:
    """A radio field sent with a value it does not offer (a forged form): its message, by
    field; the field's name for errors is "players" for the table size."""
    errors = {}
    for name, message in messages.items():
        field = getattr(form, name)
        if field.data not in [value for value, *_ in field.choices]:
            errors["players" if name == "size" else name] = message
    return errors


def _choices(pairs) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]


def lazy(words) -> LazyString:
    """Words marked with N_ (kept in a table), said in the language of the page showing them."""
    return LazyString(tr, words)


def deck_choices() -> list[SelectChoice]:
    """The decks as a set-up offers them, in the page's language."""
    return _choices((key, lazy(words)) for key, words in DECK_WORDS.items())


def team_name(number: int) -> str:
    """A team left without a name: "Team 1"."""
    return gettext("Team {number}").format(number=number)


def small_whole(text: str | None, most: int = 10**6) -> int | None:
    """A small whole number written in ASCII digits ("3", not "²", not 5,000 digits), or None."""
    text = text or ""
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(most)):
        return None
    value = int(text)
    return value if value <= most else None


def parse_action(raw: str) -> tuple[str, list[int]]:
    """A button's action, "add:2" or "remove:1:0": the verb and its numbers (none if unreadable)."""
    verb, *args = (raw or "").split(":")
    numbers = [small_whole(a, 100) for a in args]
    return verb, [] if None in numbers else numbers


def parse_int(raw: str | None, *, empty: int | None = None) -> int | None:
    """A whole number typed on a phone (spaces and a leading + forgiven); `empty` if blank.

    Raises ValueError for anything else.
    """
    text = (raw or "").strip().replace(" ", "").replace("'", "").lstrip("+")
    if not text:
        return empty
    digits = text[1:] if text.startswith("-") else text
    if small_whole(digits, 10**9) is None:
        raise ValueError(text)
    return int(text)


def weis_code(weis: Weis) -> str:
    """A Weis as the declaration page keeps it in a hidden field: "run:rosen:K:4" or "four:U"."""
    if weis.kind == FOUR:
        return f"four:{weis.rank}"
    return f"run:{weis.suit}:{weis.rank}:{weis.length}"


def parse_weis(code: str) -> Weis | None:
    """The Weis in a hidden field or an add row, or None if it is not one a deck can hold."""
    parts = code.split(":")
    if parts[0] == "four" and len(parts) == 2 and parts[1] in RANKS:
        return Weis.four(parts[1])
    if parts[0] != "run" or len(parts) != 4 or parts[2] not in RANKS:
        return None
    length = small_whole(parts[3], 100)
    suits = {s.key for deck in DECKS.values() for s in deck}
    if parts[1] not in suits or length is None or not 3 <= length <= len(RANKS):
        return None
    if RANKS.index(parts[2]) + length > len(RANKS):
        return None
    return Weis.run(parts[1], parts[2], length)


def parse_card(code: str) -> tuple[str, str] | None:
    """A card from the card picker: "schellen:K"."""
    suit, _, rank = code.partition(":")
    return (suit, rank) if suit and rank in RANKS else None


def unreadable_weis(form) -> bool:
    """Whether a declared Weis field (d<seat>) holds something no deck has: a forged form, which
    is refused rather than written without it."""
    return any(
        parse_weis(code) is None
        for key in form
        if key[:1] == "d" and key[1:].isascii() and key[1:].isdigit()
        for code in form.getlist(key)
    )


def weis_to_add(data, seat: int) -> Weis | None:
    """The Weis chosen in a player's add row, as chosen: the table's Weis rules judge it."""
    if data.get(f"kind{seat}") == "four":
        return Weis.four(data.get(f"rank{seat}", ""))
    suit, top = (data.get(f"{name}{seat}", "") for name in ("suit", "top"))
    length = small_whole(data.get(f"len{seat}"), 100)
    return None if length is None else Weis.run(suit, top, length)


class WholeField(StringField):
    """A whole number typed on a phone, read as parse_int reads it (ASCII digits; spaces, ' and a
    leading + forgiven; "²", "٣" and "1e3" are none): `data` is the number, `empty` when left
    blank, None when unreadable. An unreadable one is the field's error `message`, or with
    message=None none of its own (the engine says what the number must be)."""

    blank = True  # nothing typed, or nothing sent
    unreadable = False  # something typed that is no whole number

    def __init__(self, label=None, validators=None, *, empty=None, message=NOT_A_NUMBER, **kw):
        super().__init__(label, validators, **kw)
        self.empty, self.message = empty, message

    def process_data(self, value) -> None:
        self.data, self.sent = value, None

    def process_formdata(self, valuelist):
        self.sent = valuelist[0] if valuelist else ""
        try:
            number = parse_int(self.sent)
        except ValueError:
            self.data, self.blank, self.unreadable = None, False, True
            if self.message is not None:
                raise ValueError(self.message) from None
            return
        self.blank, self.unreadable = number is None, False
        self.data = self.empty if number is None else number

    def _value(self) -> str:
        if self.sent is not None:
            return self.sent
        return "" if self.data is None else str(self.data)

    @property
    def typed(self) -> str:
        """What the field shows: the text as sent (blank when a form came without it), else
        the number it was given (`process(None, 90)`)."""
        return self._value()


class SmallWholeField(StringField):
    """A whole number the page itself sends (an option of a select, a number in a link), read
    as small_whole reads it: ASCII digits up to `most`. `data` is None for anything else, which
    the form judges: this field has no error of its own."""

    def __init__(self, label=None, validators=None, *, most: int = 100, **kwargs):
        super().__init__(label, validators, **kwargs)
        self.most = most

    def process_formdata(self, valuelist) -> None:
        self.data = small_whole(valuelist[0], self.most) if valuelist else None


class ChoiceField(RadioField):
    """A radio field that takes only what it offers: a value it does not offer (a forged form)
    is refused with its `invalid_choice_message`, said beside the field. A value not sent is the
    field's default, or None for the form to ask for."""

    def pre_validate(self, form) -> None:
        if self.data is not None:
            super().pre_validate(form)


class DeclaredWeisField(Field):
    """Every player's declared Weis as the Weis pages keep them: one hidden input per Weis,
    named after the player's seat ("d2" = "run:rosen:K:4"). `data` holds them by seat, in the
    order sent; a Weis no deck holds, under any seat (a forged form), is refused with
    UNREADABLE_WEIS. The inputs are many, so this field reads the form itself."""

    widget = HiddenInput()

    def process(self, formdata, data=unset_value, extra_filters=None) -> None:
        self.process_errors = []
        self.raw_data = []
        self.data = {}
        for key in formdata or ():
            digits = key[1:]
            if key[:1] != "d" or not (digits.isascii() and digits.isdigit()):
                continue
            seat = small_whole(digits, 100)
            for code in formdata.getlist(key):
                weis = parse_weis(code)
                if weis is None:
                    self.process_errors = [UNREADABLE_WEIS]
                elif seat is not None and str(seat) == digits:
                    self.data.setdefault(seat, []).append(weis)

    def _value(self) -> str:
        return ""


class CardsField(Field):
    """The cards tapped in a player's card picker, each "schellen:K": `data` the readable ones
    as (suit, rank), `raw_data` all as sent."""

    widget = HiddenInput()

    def process_formdata(self, valuelist) -> None:
        self.data = tuple(card for card in map(parse_card, valuelist) if card)

    def _value(self) -> str:
        return ""


def field_errors(form, names=None, slots: dict[str, str] | None = None) -> dict[str, str]:
    """A form's errors as its page shows them beside their fields, the first of each: of a
    validated form, or of the named fields, validated here (a number they cannot read, a choice
    they do not offer), by where the page says it, the field's name or its slot in `slots`
    (where fields share a slot, the later one's error)."""
    if names is None:
        return {name: errors[0] for name, errors in form.errors.items() if name and errors}
    errors = {}
    for name in names:
        field = form[name]
        if not field.validate(form):
            errors[slots.get(name, name) if slots else name] = field.errors[0]
    return errors


F = TypeVar("F")


def queried(kind: type[F], **kwargs) -> F:
    """A form filled from the request's query: a page that shows what its link names, and
    writes nothing (no CSRF token to check)."""
    return kind(formdata=request.args, meta={"csrf": False}, **kwargs)


class Offered:
    """A validator: a value sent that the field does not offer among its choices (a forged
    form) is refused with `message`. A field not sent keeps its default: its form (or the
    engine) says whether it may stay without one."""

    def __init__(self, message) -> None:
        self.message = message

    def __call__(self, form, field) -> None:
        offered = {choice.value for choice in field.iter_choices()}
        if any(value not in offered for value in field.raw_data or ()):
            raise ValidationError(self.message)


_ARGS = object()


class QueryForm(Form):
    """A page's query arguments read as a form (`request.args`, unless given other formdata): a
    GET writes nothing, so it carries no CSRF token."""

    class Meta:
        csrf = False

    def __init__(self, formdata=_ARGS, **kwargs):
        super().__init__(formdata=request.args if formdata is _ARGS else formdata, **kwargs)


def typed(form) -> dict[str, str]:
    """What was sent in each of a form's fields, as text (its first value): what a refused form
    shows again. A field not sent is left out, for the page to show its own default."""
    return {field.name: field.raw_data[0] for field in form if field.raw_data}
