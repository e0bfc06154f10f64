"""Words for a club evening: what keeps a table's Passe from being handed in."""

from __future__ import annotations

from scorer.web.i18n import N_

WORDS: dict[str, str] = {
    "club_game_sum": N_("Die Stichpunkte ergeben {points}, nicht {expected}."),
    "club_match_points": N_("Ein Match hat alle 157 Stichpunkte, nicht {points}."),
    "club_game_extras": N_("Weis, Stöck und Multiplikator können nicht negativ sein."),
    "club_passe_games": N_("{entered} von {expected} Spielen eingetragen."),
    "club_passe_game": N_("Spiel {number}: {problem}"),
}
