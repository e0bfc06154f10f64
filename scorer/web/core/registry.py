"""The registry of the modes' pages: where each mode's pages are, what its entries are called
and how its words are said; the pages for any game ask here instead of switching on the kind."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from flask import url_for
from flask_babel import lazy_gettext

from scorer.storage import games as store
from scorer.web.core.i18n import N_, gettext, tr
from scorer.web.core.messages import add_words, say


@dataclass(frozen=True)
class ModePages:
    """Where a mode's pages are and what its entries are called; each mode's blueprint
    registers one, and the pages for any game ask here instead of switching on the kind."""

    kind: str
    # Words are lazy strings (lazy_gettext): said in the language of the page that shows them.
    name: str  # as the start page offers it: "Schieber"
    show: str  # endpoint of a game's page (takes game_id)
    new: str  # endpoint of the new game's page
    entry: str  # one entry of the record: "Hand", "Spiel", "Runde"
    nothing_yet: str  # an undo with no entry
    names: Callable[[object], dict] = lambda game: {}  # say()'s names, teams and faces
    # An entry as stored data in the table's words ("Rosen ×1 62 : 95"), for the record of
    # changes; the outcome kept in a summary ("Wir gewinnt"); what else a change after the end
    # did (Schieber: the Bergpreis).
    entry_words: Callable[[object, dict], str] = lambda game, data: "–"
    outcome_words: Callable[[object, dict], str] = lambda game, summary: ""
    outcome_note: Callable[[object, dict, dict], str] = lambda game, before, after: ""
    # The game page's template and its values for a stored game: the watch link shows that
    # template's read-only `board` block.
    template: str = ""
    context: Callable[[store.Stored], dict] | None = None
    stylesheet: str = ""  # the mode's own styles, if any, beside app.css
    words: dict[str, str] = field(default_factory=dict)  # the words of its engine's own codes
    # The endpoint of its entry panel's post, and the panel's answer to it when the page's
    # token went stale: what was typed, with a fresh token, so one more tap saves it.
    panel: str = ""
    expired: Callable[[store.Stored], object] | None = None
    unit: str = lazy_gettext("Punkt")  # what its stakes count in: the point of difference
    stakes_hint: str = lazy_gettext(
        "Am Ende sagt der Zähler, wer wem wie viel zahlt: pro Punkt Unterschied zwischen den "
        "Schlussständen."
    )
    # The view switches its board has on its own page and on the watch page: (name, words).
    views: tuple[tuple[str, str], ...] = ()


MODE_PAGES: dict[str, ModePages] = {}


def register(pages: ModePages) -> None:
    """Make a mode's pages known to the pages for any game, and its words to `say`."""
    MODE_PAGES[pages.kind] = pages
    add_words(pages.kind, pages.words)


def say_for(problem, game) -> str:
    """What the engine said (a code, or words already) about this game, in the table's words:
    its deck, its players' and its teams' names."""
    return say(problem, kind=game.KIND, **MODE_PAGES[game.KIND].names(game))


def worded(problems: dict, game) -> dict[str, str]:
    """A form's problems by field, in the table's words."""
    return {field: say_for(problem, game) for field, problem in problems.items()}


def entry_noun(kind: str) -> str:
    """What one entry of this kind of game is called."""
    return str(MODE_PAGES[kind].entry)


# What a change did to an entry (or to the game: begonnen, importiert), as "Hand 3 geändert"
# says it; French makes them agree with its entries' nouns, all feminine there.
CHANGE_WORDS = {
    "create": N_("begonnen"),
    "import": N_("importiert"),
    "enter": N_("eingetragen"),
    "edit": N_("geändert"),
    "delete": N_("gelöscht"),
    "undo": N_("zurückgenommen"),
    "redo": N_("wiederhergestellt"),
}


def change_word(kind: str) -> str:
    """What a change of this kind did: "geändert"."""
    return tr(CHANGE_WORDS.get(kind, CHANGE_WORDS["edit"]))


def entry_changed(kind: str, number: int, change: str) -> str:
    """An entry and what a change did to it: "Hand 3 geändert"."""
    return gettext("{entry} {number} {done}").format(
        entry=entry_noun(kind), number=number, done=change_word(change)
    )


def game_url(kind: str, game_id: int) -> str:
    """The page of a game of this kind."""
    return url_for(MODE_PAGES[kind].show, game_id=game_id)
