"""Words for Differenzler: its refusals and its board."""

WORDS: dict[str, str] = {
    # The set-up
    "players_count": "Differenzler spielen {least} bis {most} Spieler: bitte die Namen eingeben.",
    "name_missing": "Jeder Spieler braucht einen Namen.",
    "names_alike": "Zwei Spieler heissen gleich: bitte unterscheiden (zum Beispiel «Anna B.»).",
    "rounds_range": "Runden: eine ganze Zahl von {least} bis {most}.",
    "yes_or_no": "Nur ja oder nein.",
    "exact_bonus_range": "Bonus: eine ganze Zahl von 0 bis {most} (0 heisst kein Bonus).",
    "deck_unknown": "Deutsche oder französische Karten wählen.",
    # A round
    "game_over": "Das Spiel ist entschieden: {winner} hat gewonnen, keine Runde mehr.",
    "trump_unknown": "Diesen Trumpf gibt es nicht: eine Farbe, Obenabe oder Undenufe wählen.",
    "weis_off": "An diesem Tisch zählen keine Weis: das Feld Weis leer lassen.",
    "weis_range": "Weis: eine ganze Zahl von 0 bis {most}.",
    "weis_values": (
        "So viel Weis gibt es nicht: Weis zählen 20, 50, 100, 150 oder 200, "
        "zusammen zum Beispiel 70 oder 120."
    ),
    "predictions_count": "Alle {players} Spieler sagen an, jeder einmal.",
    "prediction_range": "Eine Ansage ist eine ganze Zahl von 0 bis {most}.",
    "points_count": "Punkte für jeden der {players} Spieler eingeben.",
    "points_whole": "Punkte: eine ganze Zahl.",
    "points_negative": "Punkte sind nie negativ.",
    "points_impossible": "{points} Punkt gibt es nicht: keine Karte zählt 1.",
    "points_sum": "Die Punkte ergeben zusammen {points}, nicht {total}: bitte prüfen.",
    "points_over": "Die anderen haben schon {points} Punkte, mehr als die {total} der Runde.",
    "rest_for": "Rest für {player}: {total} − {made} = {rest}",
    "points_add_up": "Zusammen {points} ✓",
    "rest_open": "Ein Feld leer lassen: es bekommt den Rest auf {total}.",
    # A whole record
    "round_problem": "Runde {round}: {problem}",
}
