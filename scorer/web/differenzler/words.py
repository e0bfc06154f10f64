"""Words for Differenzler: its refusals and its board."""

from scorer.web.core.i18n import N_

WORDS: dict[str, str] = {
    # The set-up
    "players_count": N_(
        "Differenzler spielen {least} bis {most} Spieler: bitte die Namen eingeben."
    ),
    "name_missing": N_("Jeder Spieler braucht einen Namen."),
    "names_alike": N_("Zwei Spieler heissen gleich: bitte unterscheiden (zum Beispiel «Anna B.»)."),
    "rounds_range": N_("Runden: eine ganze Zahl von {least} bis {most}."),
    "yes_or_no": N_("Nur ja oder nein."),
    "exact_bonus_range": N_("Bonus: eine ganze Zahl von 0 bis {most} (0 heisst kein Bonus)."),
    "deck_unknown": N_("Deutsche oder französische Karten wählen."),
    "tie_unknown": N_("Bei Gleichstand: geteilter erster Platz oder Stichrunde wählen."),
    # A round
    "game_over": N_("Das Spiel ist entschieden: {winner} hat gewonnen, keine Runde mehr."),
    "game_over_shared": N_(
        "Das Spiel ist entschieden: {winners} teilen sich den ersten Platz, keine Runde mehr."
    ),
    "trump_unknown": N_("Diesen Trumpf gibt es nicht: eine Farbe, Obenabe oder Undenufe wählen."),
    "weis_off": N_("An diesem Tisch zählen keine Weis: das Feld Weis leer lassen."),
    "weis_range": N_("Weis: eine ganze Zahl von 0 bis {most}."),
    "weis_values": (
        N_(
            "So viel Weis gibt es nicht: Weis zählen 20, 50, 100, 150 oder 200, "
            "zusammen zum Beispiel 70 oder 120."
        )
    ),
    "predictions_count": N_("Alle {players} Spieler sagen an, jeder einmal."),
    "prediction_range": N_("Eine Ansage ist eine ganze Zahl von 0 bis {most}."),
    "points_count": N_("Punkte für jeden der {players} Spieler eingeben."),
    "points_whole": N_("Punkte: eine ganze Zahl."),
    "points_negative": N_("Punkte sind nie negativ."),
    "points_impossible": N_("{points} Punkt gibt es nicht: keine Karte zählt 1."),
    "points_sum": N_("Die Punkte ergeben zusammen {points}, nicht {total}: bitte prüfen."),
    "points_over": N_("Die anderen haben schon {points} Punkte, mehr als die {total} der Runde."),
    "rest_for": N_("Rest für {player}: {total} − {made} = {rest}"),
    "points_add_up": N_("Zusammen {points} ✓"),
    "rest_open": N_("Ein Feld leer lassen: es bekommt den Rest auf {total}."),
    # A whole record
    "round_problem": N_("Runde {round}: {problem}"),
}
