"""Words for Handjass: its refusals and rulings.

A list of players comes as its first `player` and the rest as `more`: a chain of codes, each
link a player and the links after it (scorer.handjass.game.listed). The words of a link say how
it joins on; `more` says nothing where the list ends (None), so words with a `more` are Words.
"""

from __future__ import annotations

from scorer.web.core.i18n import N_
from scorer.web.core.messages.words import Plural, Words

WORDS: dict[str, str] = {
    # Setting up a game
    "handjass_deck_unknown": N_("Unbekanntes Kartenblatt."),
    "handjass_target_range": N_("Striche zum Aussteigen: {least} bis {most}."),
    "handjass_threshold_range": N_("Härdöpfel unter: {least} bis {most} Punkte."),
    "handjass_yes_or_no": N_("Nur ja oder nein."),
    "handjass_players_count": N_("Handjass spielen 2, 3 oder 4 Spieler."),
    "handjass_player_unnamed": N_("Jeder Spieler braucht einen Namen."),
    "handjass_names_same": N_("Zwei Spieler mit gleichem Namen: bitte unterscheiden."),
    # A deal that cannot be true
    "handjass_trump_missing": N_("Welche Farbe ist Trumpf?"),
    "handjass_player_retired": N_("{player} ist schon ausgestiegen: kein Spiel mehr."),
    "handjass_player_unknown": N_("Unbekannter Spieler."),
    "handjass_players_once": N_("Jeder Spieler, der noch dabei ist, genau einmal."),
    "handjass_status_unknown": N_("Spielt, aus oder mit dem Blinden."),
    "handjass_out_no_points": N_("{player} ist ausgestiegen und hat keine Punkte."),
    "handjass_no_drop": N_("An diesem Tisch steigt niemand aus."),
    "handjass_no_blind": (
        N_(
            "Einen Blinden gibt es nur zu dritt und zu zweit, und nur wo man aussteigen darf "
            "(sonst 12 Karten für jeden)."
        )
    ),
    "handjass_cards_range": N_("Stichpunkte von 0 bis {most}."),
    "handjass_cards_impossible": Plural(
        "1 Stichpunkt gibt es nicht: keine Karte zählt 1.",
        "{cards} Stichpunkte gibt es nicht: keine Karte zählt 1.",
        count="cards",
    ),
    "handjass_weis_values": N_(
        "Weis und Stöck zählen 20, 50, 100 …; zusammen ein Vielfaches von 10."
    ),
    "handjass_weis_too_much": N_("So viel Weis und Stöck hat ein Spieler nie: höchstens {most}."),
    "handjass_blind_once": N_("Den Blinden nimmt nur einer."),
    "handjass_nobody_plays": N_(
        "Einer muss spielen: wenn alle anderen aussteigen, spielt der Letzte."
    ),
    "handjass_cards_too_many": N_(
        "Zusammen {cards} Stichpunkte: mehr als die {most} eines Spiels."
    ),
    "handjass_agreed_two": N_("Einigen können sich nur die zwei, die im Spiel bleiben."),
    "handjass_weis_both": N_("Weis entweder als Punkte schreiben oder ansagen, nicht beides."),
    "handjass_out_no_weis": N_("{player} ist ausgestiegen: kein Weis."),
    "handjass_stoeck_once": N_("Stöck hat nur einer: König und Ober des Trumpfs."),
    "handjass_weis_one_holder": N_(
        "Weis schreibt nur, wer den besten hat (Stöck zählt immer: 20)."
    ),
    "handjass_draw_unknown": N_("Die Karte zieht einer der Spieler."),
    "handjass_loser_known": N_("Der Verlierer steht fest: kein Spiel mehr."),
    "handjass_tie_draw": Plural(
        "Gleichstand um einen Strich: {player}{more} ziehen eine Karte.",
        "Gleichstand um {needed} Striche: {player}{more} ziehen eine Karte.",
        count="needed",
    ),
    # The card points of a deal and its 157, as they are typed
    "handjass_rest_for": N_("Rest für {player}: {total} − {made} = {rest}"),
    "handjass_points_over": (
        N_("Die anderen haben schon {points} Punkte, mehr als die {total} eines Spiels.")
    ),
    "handjass_points_add_up": N_("Zusammen {points} ✓"),
    "handjass_points_sum": N_("Die Punkte ergeben zusammen {points}, nicht {total}."),
    "handjass_rest_open": N_("Ein Punktefeld leer lassen: es bekommt den Rest auf {total}."),
    # Points fields still blank, said before the save that would refuse them
    "handjass_blank_many": Words(
        "Noch leer: {player}{more}. So wird nicht gespeichert: nur ein Feld darf leer bleiben."
    ),
    "handjass_blank_no_rest": Words(
        "Noch leer: {player}{more}. So wird nicht gespeichert: nicht alle Karten sind im Spiel,"
        " jedes Feld braucht Punkte (auch 0)."
    ),
    "handjass_blank_more": Words(", {player}{more}"),
    # A record of deals that cannot stand: the first deal that cannot, and its problems
    "handjass_deal_problem": N_("Spiel {number}: {problems}"),
    # The ruling of a deal, a line each
    "handjass_all_others_out": Plural(
        "Alle anderen sind ausgestiegen: {player} 1 Strich.",
        "Alle anderen sind ausgestiegen: {player} {strokes} Striche.",
        count="strokes",
    ),
    "handjass_agreed": Plural(
        "Die zwei im Spiel einigen sich: je ein Strich.",
        "Die zwei im Spiel einigen sich: je {strokes} Striche.",
        count="strokes",
    ),
    "handjass_potatoes": Words("Härdöpfel (unter {threshold}): {player}{more}."),
    "handjass_potatoes_more": Words(", {player}{more}"),
    "handjass_no_strokes": N_("Niemand hat {threshold}: kein Strich."),
    "handjass_drawn": Plural(
        "Gleichstand mit {points}: {player}{more} zieht die höhere Karte.",
        "Gleichstand mit {points}: {player}{more} ziehen die höheren Karten.",
        count="needed",
    ),
    "handjass_tie_held": N_("Gleichstand mit {points}: der Strich wartet auf das nächste Spiel."),
    "handjass_strokes": Plural(
        "Striche: {player} 1 Strich{more}.",
        "Striche: {player} {strokes} Striche{more}.",
        count="strokes",
    ),
    "handjass_strokes_more": Plural(
        ", {player} 1 Strich{more}",
        ", {player} {strokes} Striche{more}",
        count="strokes",
    ),
    "handjass_held_stroke": N_("Der wartende Strich geht an {player}."),
    # Lists of players
    "handjass_players_and": Words(" und {player}{more}"),
    # The pages' own
    "handjass_weis_missing": N_("Weis wählen."),
}
