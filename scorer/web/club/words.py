"""Words for a club evening: the engine's codes (what cannot be set up, drawn, entered or
read from a file) and the steps a tie goes to."""

from __future__ import annotations

from scorer.web.core.i18n import N_

WORDS: dict[str, str] = {
    # Setting up an evening
    "club_name_missing": N_("Wie heisst der Anlass?"),
    "club_day_invalid": N_("Ein Datum wählen."),
    "club_passen_range": N_("{least} bis {most} Passen."),
    "club_games_range": N_("{least} bis {most} Spiele pro Passe."),
    "club_bonus_range": N_("Matchbonus: {least} bis {most}."),
    "club_dropped_range": N_("Streichen geht erst ab zwei Passen."),
    "club_joker_range": N_("Joker: {least} bis {most} Punkte."),
    "club_preset_unknown": N_("Diese Zählweise gibt es nicht: bitte eine der Liste wählen."),
    "club_event_invalid": N_("Die Einstellungen des Abends sind unlesbar."),
    "club_tie_break": N_("Bei Gleichstand: jeder Schritt der Liste höchstens einmal."),
    "club_player_name": N_("{name}: {problem}"),
    "club_players_none": N_("Mindestens einen Namen eingeben."),
    "club_player_twice": N_("{name} steht zweimal in der Liste."),
    "club_players_count": N_("{count} Spieler: es braucht {least} bis {most}."),
    "club_pair_two": N_("«{line}»: ein Paar sind zwei Spieler, «Anna + Ben»."),
    "club_pair_unknown": N_("{name} steht nicht in der Liste der Spieler."),
    # The draw
    "draw_too_few": N_("Eine Auslosung braucht mindestens {least} Spieler, nicht {players}."),
    "draw_player_twice": N_("Ein Spieler ist zweimal angemeldet."),
    "draw_keep_apart_impossible": N_(
        "So viele Paare lassen sich nicht an getrennte Tische setzen."
    ),
    # A table's Passe
    "club_game_sum": N_("Die Stichpunkte ergeben {points}, nicht {expected}."),
    "club_match_points": N_("Ein Match hat alle 157 Stichpunkte, nicht {points}."),
    "club_game_invalid": N_("Ein Spiel des Abends ist unlesbar."),
    "club_game_contract": N_("Der Trumpf passt nicht zur Zählweise des Abends."),
    "club_game_extras": N_("Weis, Stöck und Multiplikator können nicht negativ sein."),
    "club_weis_range": N_("Weis und Stöck: eine Zahl von 0 bis {most}."),
    "club_game_weis": N_("Weis und Stöck zählen an diesem Abend nicht."),
    "club_points_impossible": N_("{points} gibt es nicht: keine Karte zählt 1 Punkt."),
    "club_game_number": N_("Spiel {number} geht nicht: {entered} Spiele sind eingetragen."),
    "club_passe_games": N_("{entered} von {expected} Spielen eingetragen."),
    "club_passe_game": N_("Spiel {number}: {problem}"),
    # An evening read from a file
    "club_import_not_event": N_("Das ist kein exportierter Abend dieses Jass-Zählers."),
    "club_import_part": N_("Die Datei ist beschädigt: {where} ({problem})."),
    "club_import_too_many": N_("Höchstens {most} Einträge pro Liste."),
    "club_import_reason": N_("Ein Grund hat 1 bis {most} Zeichen."),
    "club_import_numbers": N_("Die Spieler sind der Reihe nach nummeriert, ab 0."),
    "club_import_twice": N_("Ein Name steht zweimal in der Liste."),
    "club_import_plan": N_(
        "Ein Sitzplan setzt jeden Spieler höchstens einmal, an Tische zu 4 oder 6."
    ),
    "club_import_passe": N_("Die Passen werden der Reihe nach gelost."),
    "club_import_table": N_("Die Tische passen nicht zu den Sitzplänen."),
    "club_import_game": N_("Ein Spiel geht nicht auf: {problem}"),
    "club_import_games": N_("Eine abgegebene Passe hat alle {most} Spiele, jedes mit 157."),
    "club_import_time": N_("Die Zeit «{at}» liegt ausserhalb des Kalenders."),
    "club_import_range": N_("Eine Zahl liegt nicht zwischen {least} und {most}."),
    "club_import_keep_apart": N_("Ein Paar «Nie am selben Tisch» sind zwei Spieler des Abends."),
    "club_import_seated": N_(
        "Der Sitzplan der Passe {passe} setzt einen Spieler, der in ihr nicht spielt."
    ),
    "club_import_pairs": N_("Der Sitzplan der Passe {passe} trennt ein festes Paar."),
    "club_import_redraw": N_("Die Passe {passe} ist ohne Grund neu gelost."),
    "club_import_dispute": N_("Passe {passe}, Tisch {table}: ein Einspruch ohne Grund."),
    "club_import_unnamed": N_("Ein Eintrag im Verlauf nennt keinen Spieler."),
}

# The steps a tie goes to (scorer.club.standings.TIE_BREAKS), as the set-up offers them.
TIE_STEP_WORDS: dict[str, str] = {
    "passen": N_("die besseren Passen (die beste, dann die zweitbeste …)"),
    "matches": N_("mehr Matchs"),
    "points": N_("mehr Punkte (bei Rangliste nach Strichen)"),
}
