"""The record of changes of a game: who changed what, when, and what it became."""

from __future__ import annotations

from flask import (
    render_template,
)

from scorer.stakes import Stakes
from scorer.storage import games as store
from scorer.web.core import changes as change_words
from scorer.web.core.filters import local_time
from scorer.web.core.i18n import N_, gettext, tr
from scorer.web.core.kept import load
from scorer.web.core.registry import game_url
from scorer.web.db import get_db
from scorer.web.games.blueprint import bp
from scorer.web.games.stakes import described


@bp.get("/games/<game:game_id>/changes")
def changes(game_id: int):
    """Every change of a game, the newest first: who, when, what it was and what it became."""
    stored = load(game_id)
    kept = store.changes(get_db(), game_id)
    return render_template(
        "games/changes.html",
        stored=stored,
        game=stored.game,
        game_id=game_id,
        lines=[change_line(stored.game, c) for c in reversed(kept)],
        back=game_url(stored.game.KIND, game_id),
    )


# The changes of the game itself, not of an entry: where it was listed.
GAME_CHANGE_WORDS = {
    "archive": N_("Spiel ins Archiv gelegt"),
    "unarchive": N_("Spiel aus dem Archiv zurück auf die Startseite geholt"),
    "delete-game": N_("Spiel gelöscht"),
    "restore": N_("Spiel zurückgeholt"),
    "new-links": N_("Neue Links gemacht: die alten öffnen das Spiel nicht mehr"),
}


def change_line(game, change: store.Change) -> change_words.ChangeLine:
    """A kept change in words: a change of the game itself, or of one of its entries."""
    what = GAME_CHANGE_WORDS.get(change.kind)
    if change.kind == "stakes":
        after = change.after and Stakes.from_dict(change.after)
        what = (
            gettext("Einsatz: {stakes}").format(stakes=described(game.KIND, after))
            if after
            else gettext("Ohne Einsatz")
        )
    if what is None:
        return change_words.change_line(game, change)
    return change_words.ChangeLine(local_time(change.at), change.phone, tr(what), None, None, None)
