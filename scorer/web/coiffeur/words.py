"""Words for Coiffeur: its refusals and its board.

Every code scorer/coiffeur returns has words here, but for those the core words already fit
(not_flag, name_too_long, name_control and the readers' codes). A `team` value is a team's
name and a `contract` value the contract's name (the Coiffeur pages give `say` faces that name
the free choices, Slalom and Gusti too); values that may be None (an unreadable team or
contract, points that are no whole number) are left out of the words.
"""

from scorer.web.core.i18n import N_

WORDS: dict[str, str] = {
    # The set-up
    "deck_unknown": N_("Deutsche oder französische Karten wählen."),
    "contracts_empty": N_("Mindestens ein Trumpf muss auf die Tafel."),
    "contract_unknown": N_("Diesen Trumpf gibt es auf dieser Tafel nicht."),
    "contract_twice": N_("{contract} steht zweimal auf der Tafel."),
    "multiplier_range": N_("Faktor: eine ganze Zahl von {low} bis {high}."),
    "match_bonus_range": N_("Match-Bonus: eine ganze Zahl von {low} bis {high}."),
    "teams_count": N_("Coiffeur spielen {low} oder {high} Teams."),
    "team_name_missing": N_("{team} braucht einen Namen."),
    "team_names_same": N_("Die Teams brauchen verschiedene Namen: {team} gibt es schon."),
    "counter_match_two_teams": N_("Konter-Match gibt es nur mit zwei Teams."),
    # An entry
    "entry_problem": N_("Eintrag {number}: {problem}"),
    "game_finished": N_("Alle Felder sind ausgefüllt: das Spiel ist fertig."),
    "team_unknown": N_("Dieses Team spielt hier nicht: bitte ein Feld auf der Tafel wählen."),
    "cell_filled": N_("{team} hat {contract} schon gespielt: dieses Feld ist voll."),
    "entry_kinds": N_("Nur eines davon: Match, gestrichen oder Konter-Match."),
    "counter_match_off": N_("Konter-Match spielt dieser Tisch nicht."),
    "points_range": N_("Punkte von 0 bis {high}; {match} zählt als Match."),
    "points_impossible": N_("{points} gibt es nicht: keine Karte zählt 1 Punkt."),
    "match_points": N_("Ein Match hat alle {high} Punkte, nicht {points}: Punkte leer lassen."),
    "crossed_points": N_("Gestrichen zählt 0, nicht {points}: Punkte leer lassen."),
    "countered_points": N_(
        "Beim Konter-Match macht das Team 0, nicht {points}: Punkte leer lassen."
    ),
}
