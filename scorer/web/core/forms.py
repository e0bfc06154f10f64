"""What every room's forms share: numbers and choices read strictly, the deck's choices, and
Weis as the Weis panels post them (Schieber's and Handjass's)."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_babel.speaklater import LazyString
from wtforms import SelectChoice, StringField

from scorer.cards import DECKS, RANKS
from scorer.web.core.i18n import gettext, tr
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
    """A whole number in a text or hidden field, read as small_whole() reads it: ASCII digits
    only, at most `most`. The text stays as sent (a page shows it back as typed); `number` is
    the value, or None for a field left blank, unreadable or beyond `most`."""

    def __init__(self, label=None, validators=None, *, most: int = 10**6, **kwargs):
        super().__init__(label, validators, **kwargs)
        self.most = most

    @property
    def number(self) -> int | None:
        return small_whole(self.data, self.most)


def field_errors(form) -> dict[str, str]:
    """A validated form's errors as its page shows them beside their fields: each field's
    first, by the field's name."""
    return {name: errors[0] for name, errors in form.errors.items() if name and errors}
