"""Words for Coiffeur: its refusals and its board.

Every code scorer/coiffeur returns has words here, but for those the core words already fit
(not_flag, name_too_long, name_control and the readers' codes). A `team` value is a team's
name and a `contract` value the contract's name (the Coiffeur pages give `say` faces that name
the free choices, Slalom and Gusti too); values that may be None (an unreadable team or
contract, points that are no whole number) are left out of the words.
"""

WORDS: dict[str, str] = {
    # The set-up
    "deck_unknown": "Deutsche oder französische Karten wählen.",
    "contracts_empty": "Mindestens ein Trumpf muss auf die Tafel.",
    "contract_unknown": "Diesen Trumpf gibt es auf dieser Tafel nicht.",
    "contract_twice": "{contract} steht zweimal auf der Tafel.",
    "multiplier_range": "Faktor: eine ganze Zahl von {low} bis {high}.",
    "match_bonus_range": "Match-Bonus: eine ganze Zahl von {low} bis {high}.",
    "teams_count": "Coiffeur spielen {low} oder {high} Teams.",
    "team_name_missing": "{team} braucht einen Namen.",
    "team_names_same": "Die Teams brauchen verschiedene Namen: {team} gibt es schon.",
    "counter_match_two_teams": "Konter-Match gibt es nur mit zwei Teams.",
    # An entry
    "game_finished": "Alle Felder sind ausgefüllt: das Spiel ist fertig.",
    "team_unknown": "Dieses Team spielt hier nicht: bitte ein Feld auf der Tafel wählen.",
    "cell_filled": "{team} hat {contract} schon gespielt: dieses Feld ist voll.",
    "entry_kinds": "Nur eines davon: Match, gestrichen oder Konter-Match.",
    "counter_match_off": "Konter-Match spielt dieser Tisch nicht.",
    "points_range": "Punkte von 0 bis {high}; {match} zählt als Match.",
    "points_impossible": "{points} gibt es nicht: keine Karte zählt 1 Punkt.",
    "match_points": "Ein Match hat alle {high} Punkte, nicht {points}: Punkte leer lassen.",
    "crossed_points": "Gestrichen zählt 0, nicht {points}: Punkte leer lassen.",
    "countered_points": "Beim Konter-Match macht das Team 0, nicht {points}: Punkte leer lassen.",
}
