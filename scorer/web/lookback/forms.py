"""The Rückblick's filters, in the address: a mode, a player, a page of the list of games."""

from __future__ import annotations

from wtforms import StringField

from scorer import modes
from scorer.web.core.forms import SmallWholeField
from scorer.web.core.i18n import GuardedForm

PAGES_MOST = 10**6


class LookbackArgs(GuardedForm):
    """?art= (a kind this server knows, else every mode), ?spieler= (a name, spaces tidied,
    60 characters at most), ?seite= (1 to a million, 1 for anything else)."""

    art = StringField()
    spieler = StringField()
    seite = SmallWholeField(most=10**18)

    @property
    def kind(self) -> str | None:
        return self.art.data if self.art.data in modes.MODES else None

    @property
    def player(self) -> str:
        return " ".join((self.spieler.data or "").split())[:60]

    @property
    def page(self) -> int:
        return min(self.seite.data or 1, PAGES_MOST)
