"""The Weis page (scorer/web/schieber: declare_weis): Weis declared player by player, or found
in a player's cards, and the ruling on them before they go on the slate. Each post of the page
is one step; the page keeps what was declared so far, and this module answers in codes."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorer.codes import Code, code
from scorer.schieber.game import Declared, Game, Hand, State, hand_problems, merge_declared
from scorer.weis import Card, Play, Ruling, Weis

SEAT_STEPS = ("add", "remove", "find")  # the steps of one player's row
PLAYED_STEPS = ("add", "find", "write")  # the steps the contract decides


@dataclass(frozen=True)
class Asked:
    """The Weis page as posted: the contract chosen, each seat's Weis declared so far, Stöck,
    and the step its button asked for: "add" the Weis chosen in a player's row, "remove" the
    player's Weis at `position`, "find" the Weis in the player's cards, "write" everything on
    the slate; any other step only shows the page again."""

    contract: str = ""
    declared: dict[int, list[Weis]] = field(default_factory=dict)
    stoeck: int | None = None
    step: str = ""
    seat: int | None = None  # the player whose row the step is for
    position: int = -1  # remove: which of the player's Weis
    weis: Weis | None = None  # add: the Weis chosen; None when the row names none
    cards: tuple[Card, ...] = ()  # find: the cards tapped


@dataclass(frozen=True)
class Declaring:
    """The page after a step: the contract of the hand and what it means for Weis (None while
    no played contract is chosen), each seat's Weis, Stöck, what is wrong by field, the hand to
    write (when asked to and nothing is against it) and the ruling on the Weis so far."""

    contract: str
    play: Play | None
    declared: dict[int, list[Weis]]
    stoeck: int | None
    problems: dict[str, Code]
    entry: Hand | None = None
    ruling: Ruling | None = None


def declare(game: Game, state: State, asked: Asked) -> Declaring:
    """One step of the Weis page on this game as it stands: a hand open takes its contract."""
    rules = game.rules
    current = state.open_hand
    contract = current.contract if current else asked.contract
    play = rules.play(contract) if rules.contract(contract) else None
    seats = range(len(game.seats()))
    declared = {seat: list(asked.declared.get(seat, ())) for seat in seats}
    stoeck, problems = _step(game, asked, contract, play, declared)
    new = merge_declared(Declared(seat, tuple(weis)) for seat, weis in declared.items())
    entry = None
    if asked.step == "write" and not problems:
        if new or stoeck is not None:
            entry = Hand(contract, stoeck=stoeck, declarations=new)
        else:
            problems["weis"] = code("weis_nothing_declared")
    ruling = None
    if play is not None and (new or (current and current.declarations)):
        before = current.declarations if current else ()
        preview = Hand(contract, declarations=merge_declared(before + new))
        problems = {**hand_problems(preview, rules, game.players_per_team), **problems}
        problems.pop("points", None)
        if not any(key.startswith("decl-") for key in problems):
            ruling, _ = game.weis_ruling(state.hand_index, preview)
    return Declaring(contract, play, declared, stoeck, problems, entry, ruling)


def _step(
    game: Game, asked: Asked, contract: str, play: Play | None, declared: dict[int, list[Weis]]
) -> tuple[int | None, dict[str, Code]]:
    """The step asked, on `declared` (changed in place): Stöck after it, and what is wrong."""
    step, seat, stoeck = asked.step, asked.seat, asked.stoeck
    if step in SEAT_STEPS and seat not in declared:
        return stoeck, {"weis": code("weis_unknown_seat")}
    if step in PLAYED_STEPS and play is None:
        return stoeck, {"contract": code("weis_contract_first")}
    rules = game.rules
    if step == "add":
        weis = asked.weis
        problem = rules.weis_table.problem(weis, play, rules.suits) if weis else None
        if weis is None or problem:
            return stoeck, {f"decl-{seat}": problem or code("weis_choose")}
        declared[seat].append(weis)
    elif step == "remove" and 0 <= asked.position < len(declared[seat]):
        del declared[seat][asked.position]
    elif step == "find":
        found, holder, problem = game.in_cards(seat, contract, asked.cards)
        if problem is None or problem.key == "no_weis_in_cards":
            declared[seat] = list(found)
            stoeck = stoeck if holder is None else holder
        if problem is not None:
            return stoeck, {f"decl-{seat}": problem}
    return stoeck, {}
