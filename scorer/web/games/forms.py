"""The forms of the pages for any game: where a list of games is (its page, tidying or not, the
note after a move), this phone's name, a game's import, the stakes, a share page's query. Each
turns the request into typed values or errors by field."""

from __future__ import annotations

from decimal import Decimal

from flask_babel import lazy_gettext
from flask_wtf.file import FileField
from wtforms import StringField

from scorer import stakes
from scorer.codes import Invalid
from scorer.web.core.forms import SmallWholeField
from scorer.web.core.i18n import Form, GuardedForm
from scorer.web.core.messages import say

PAGES_MOST = 10**6  # a list's pages: beyond, the last page there can be


class ListArgs(GuardedForm):
    """Where a list of games is, as a link or a form's hidden fields give it (`liste`, `seite`,
    `aufraeumen`), the note after a move (?archiviert=7, …) and a move's one-time token."""

    liste = StringField()
    seite = SmallWholeField(most=10**18)
    aufraeumen = StringField()
    archiviert = SmallWholeField(most=2**62)
    geloescht = SmallWholeField(most=2**62)
    zurueck = SmallWholeField(most=2**62)
    zurueckgeholt = SmallWholeField(most=2**62)
    once = StringField()

    @property
    def page(self) -> int:
        """The page asked for: 1 to a million, 1 for anything else."""
        return min(self.seite.data or 1, PAGES_MOST)

    @property
    def tidy(self) -> bool:
        return self.aufraeumen.data == "1"


class TokenForm(GuardedForm):
    """A post whose only field is its one-time token: a form sent twice acts once."""

    once = StringField()


class ShareArgs(GuardedForm):
    """The share page after new links were made (?neu)."""

    neu = StringField()


class PhoneForm(Form):
    """This phone's name, and the page to go back to."""

    name = StringField()
    back = StringField()  # written by the page as a hidden input; `hidden_tag` leaves it out


class ImportForm(Form):
    """An exported game's file, read back in as a new game."""

    file = FileField()
    once = StringField()  # the page's one-time token: a file sent twice is one game


ACTIONS = (None, "save", "clear")  # the stakes page's buttons; none: save
STEPS = ("0.05", "1")  # the stakes page's roundings, as its radios send them
SAVE_OR_CLEAR = lazy_gettext("Einsatz speichern oder ohne Einsatz spielen: bitte einen der Knöpfe.")


class StakesForm(GuardedForm):
    """What a table plays for: the amount per unit and the rounding step, or (`action` clear)
    nothing any more."""

    amount = StringField()
    step = StringField()
    action = StringField()
    once = StringField()

    def chosen(self) -> tuple[stakes.Stakes | None, dict[str, str]]:
        """The stakes set (None: played for honour), or what is wrong by field. A button or a
        rounding the page does not offer (a forged form) is refused, never taken as another."""
        if self.action.data not in ACTIONS:
            return None, {"action": SAVE_OR_CLEAR}
        if self.action.data == "clear":
            return None, {}
        errors: dict[str, str] = {}
        amount, step = None, Decimal("0.05")
        try:
            amount = stakes.amount(self.amount.data)
        except Invalid as invalid:
            errors["amount"] = say(invalid.code)
        try:
            if self.step.data not in STEPS:
                raise Invalid("stakes_step")
            step = stakes.step(self.step.data)
        except Invalid as invalid:
            errors["step"] = say(invalid.code)
        return (None, errors) if errors else (stakes.Stakes(amount, step), {})
