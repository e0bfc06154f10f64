"""The words for what the record of changes keeps: an entry as the table says it, a change,
and what a change after the end of a game did to its outcome."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorer.cards import suit
from scorer.handjass.game import OUT, Deal, HandjassGame
from scorer.schieber.game import Game, Hand
from scorer.storage.games import Change
from scorer.web.pages import CHANGE_WORDS, entry_noun, local_time


def entry_words(game, data: dict | None) -> str:
    """An entry (as stored data) the way the table would say it: "Rosen ×1 62 : 95"."""
    if data is None:
        return "–"
    if isinstance(game, HandjassGame):
        return _deal_words(game, Deal.from_dict(data))
    return _hand_words(game, Hand.from_dict(data))


def _hand_words(game: Game, hand: Hand) -> str:
    rules = game.rules
    contract = rules.contract(hand.contract)
    name = f"{contract.name} ×{rules.multiplier(hand.contract)}" if contract else hand.contract
    teams = [t.name for t in game.teams]
    if hand.claim is not None:
        what = f"{teams[hand.claim.team]} bedankt sich"
    elif hand.match:
        what = f"Match {teams[hand.points_team]}"
    elif hand.points is None:
        what = "Stiche offen"
    else:
        what = "{} : {}".format(*hand.trick_points)
    extras = [f"Weis {teams[t]} {hand.weis[t]}" for t in (0, 1) if hand.weis[t]]
    if hand.declarations:
        extras.append("Weis angesagt")
    if hand.stoeck is not None:
        extras.append(f"Stöck {teams[hand.stoeck]}")
    if hand.shoved:
        extras.append("gschobe")
    return " · ".join([f"{name} {what}", *extras])


def _deal_words(game: HandjassGame, deal: Deal) -> str:
    trump = suit(deal.trump).name if deal.trump else "?"
    players = [
        f"{game.players[e.seat]} {'aus' if e.status == OUT else e.points}" for e in deal.entries
    ]
    return f"{trump}: " + ", ".join(players)


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
    noun = entry_noun(game.KIND)
    verb = CHANGE_WORDS.get(change.kind, change.kind)
    if change.kind in ("create", "import"):
        what = f"Spiel {verb}"
    elif change.kind == "enter" and change.before is not None:
        what = f"{noun} {change.number} ergänzt"
    else:
        what = f"{noun} {change.number} {verb}"
    return ChangeLine(
        at=local_time(change.at),
        phone=change.phone,
        what=what,
        before=entry_words(game, change.before) if change.before is not None else None,
        after=entry_words(game, change.after) if change.after is not None else None,
        outcome=outcome_change(game, change.outcome_before, change.outcome_after),
    )


def outcome_words(game, summary: dict | None) -> str:
    """The outcome kept in a summary: "Wir gewinnt, Ihr ist Schneider" or "noch offen"."""
    if not summary or not summary.get("finished"):
        return "noch nicht entschieden"
    if isinstance(game, HandjassGame):
        return f"{game.players[summary['loser']]} verliert"
    teams = [t.name for t in game.teams]
    winner = summary["winner"]
    text = f"{teams[winner]} gewinnt"
    if summary.get("schneider"):
        text += f", {teams[1 - winner]} ist Schneider"
    return text


def outcome_change(game, before: dict | None, after: dict | None) -> str | None:
    """What a change did to the result, in words, when the game had been decided; else None."""
    if not before or not before.get("finished"):
        return None
    keys = ("finished", "winner", "schneider", "loser", "bergpreis")
    if all(before.get(k) == (after or {}).get(k) for k in keys):
        return f"nach Spielende geändert; es bleibt: {outcome_words(game, after)}"
    text = (
        f"nach Spielende geändert: vorher {outcome_words(game, before)}, "
        f"jetzt {outcome_words(game, after)}"
    )
    if isinstance(game, Game) and before.get("bergpreis") != (after or {}).get("bergpreis"):
        teams = [t.name for t in game.teams]
        berg = (after or {}).get("bergpreis")
        text += f"; Bergpreis jetzt {teams[berg] if berg is not None else 'niemand'}"
    return text


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
