"""The words for what the record of changes keeps: an entry as the table says it, a change,
and what a change after the end of a game did to its outcome."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorer.storage.games import Change
from scorer.web.core.filters import local_time
from scorer.web.core.i18n import gettext
from scorer.web.core.registry import CHANGE_WORDS, MODE_PAGES, change_word, entry_changed


def entry_words(game, data: dict | None) -> str:
    """An entry (as stored data) the way the table would say it, as its mode words it."""
    if data is None:
        return "–"
    return MODE_PAGES[game.KIND].entry_words(game, data)


@dataclass(frozen=True)
class ChangeLine:
    """One change as the record of changes shows it."""

    at: datetime | None
    phone: str
    what: str  # "Hand 3 geändert"
    before: str | None
    after: str | None
    outcome: str | None  # what it did to the result, when it changed it


def change_line(game, change: Change) -> ChangeLine:
    """A kept change in words."""
    if change.kind in ("create", "import"):
        what = gettext("Spiel {done}").format(done=change_word(change.kind))
    elif change.kind == "enter" and change.before is not None:
        what = gettext("{entry} {number} ergänzt").format(
            entry=MODE_PAGES[game.KIND].entry, number=change.number
        )
    elif change.kind in CHANGE_WORDS:
        what = entry_changed(game.KIND, change.number, change.kind)
    else:
        what = f"{MODE_PAGES[game.KIND].entry} {change.number} {change.kind}"
    return ChangeLine(
        at=local_time(change.at),
        phone=change.phone,
        what=what,
        before=entry_words(game, change.before) if change.before is not None else None,
        after=entry_words(game, change.after) if change.after is not None else None,
        outcome=outcome_change(game, change.outcome_before, change.outcome_after),
    )


def outcome_words(game, summary: dict | None) -> str:
    """The outcome kept in a summary ("Wir gewinnt, Ihr ist Schneider"), or not decided yet."""
    if not summary or not summary.get("finished"):
        return gettext("noch nicht entschieden")
    return MODE_PAGES[game.KIND].outcome_words(game, summary)


def consequence(game, change: Change | None) -> str | None:
    """What an edit or a deletion did, in words: "Hand 3 geändert.", and what it did to the
    game's outcome when it changed who won, who is Schneider or who has the Bergpreis ("Hand 3
    geändert: Bergpreis jetzt Ihr."). None for any other change."""
    if change is None or change.kind not in ("edit", "delete"):
        return None
    before, after = change.outcome_before or {}, change.outcome_after or {}
    text = ""
    if outcome_words(game, before) != outcome_words(game, after):
        text = gettext("vorher {before}, jetzt {after}").format(
            before=outcome_words(game, before), after=outcome_words(game, after)
        )
    text = (text + MODE_PAGES[game.KIND].outcome_note(game, before, after)).removeprefix("; ")
    done = entry_changed(game.KIND, change.number, change.kind)
    return f"{done}: {text}." if text else f"{done}."


def outcome_change(game, before: dict | None, after: dict | None) -> str | None:
    """What a change did to the result, in words, when the game had been decided; else None."""
    if not before or not before.get("finished"):
        return None
    keys = ("finished", "winner", "winners", "schneider", "loser", "bergpreis")
    if all(before.get(k) == (after or {}).get(k) for k in keys):
        return gettext("nach Spielende geändert; es bleibt: {outcome}").format(
            outcome=outcome_words(game, after)
        )
    text = gettext("nach Spielende geändert: vorher {before}, jetzt {after}").format(
        before=outcome_words(game, before), after=outcome_words(game, after)
    )
    return text + MODE_PAGES[game.KIND].outcome_note(game, before, after or {})


def record_context(game, stored, kept: list[Change]) -> dict:
    """What a game's page shows of its record of changes: the changes of each entry that was
    edited after it was written (by entry id), and the changes made after the game was decided."""
    edited = {c.entry_id for c in kept if c.kind == "edit"}
    by_entry: dict[int, list[ChangeLine]] = {}
    for change in kept:
        if change.entry_id in edited:
            by_entry.setdefault(change.entry_id, []).append(change_line(game, change))
    after_end = [
        change_line(game, c) for c in kept if c.outcome_before and c.outcome_before.get("finished")
    ]
    return {"ids": stored.entry_ids, "edited": by_entry, "after_end": after_end}
