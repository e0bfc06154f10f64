"""Where a Schieber game stands: what each team still needs, raw and per contract."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.schieber.game import Game, State


@dataclass(frozen=True)
class Need:
    """Points a team still needs for something, and what that is in card points per contract."""

    what: str  # "bergpreis" (to the Bergpreis and out of Schneider), "schneider", "target"
    points: int
    # (multiplier, the contracts with it, the card points that bring `points` at that multiplier)
    per_multiplier: tuple[tuple[int, tuple[str, ...], int], ...]


def still_needed(game: Game, state: State) -> tuple[list[Need], list[Need]]:
    """For each team: the points to the Bergpreis (while nobody has it), out of Schneider, and to
    the target, with the points that makes at each multiplier the table plays."""
    rules = game.rules

    by_multiplier: dict[int, list[str]] = {}
    for c in rules.contracts:
        by_multiplier.setdefault(rules.multiplier(c.key), []).append(c.key)

    def need(what: str, points: int) -> Need:
        per = tuple((m, tuple(keys), -(-points // m)) for m, keys in sorted(by_multiplier.items()))
        return Need(what, points, per)

    result: tuple[list[Need], list[Need]] = ([], [])
    for team in (0, 1):
        total = state.totals[team]
        half = rules.half_target - total
        if half > 0:
            if rules.bergpreis and state.bergpreis is None:
                result[team].append(need("bergpreis", half))
            else:
                result[team].append(need("schneider", half))
        if rules.target - total > 0:
            result[team].append(need("target", rules.target - total))
    return result
