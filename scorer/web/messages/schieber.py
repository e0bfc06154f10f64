"""Words for Schieber: its refusals, its rulings and its claims."""

from scorer.web.messages.deck import FACES, contract_name

WORDS = {
    # The rules a table picks
    "rules_deck": "Unbekanntes Kartenblatt.",
    "rules_multipliers": "Ein Faktor für jeden Trumpf.",
    "rules_multipliers_deck": "Faktoren nur für die Trümpfe dieses Kartenblatts.",
    "rules_multiplier": "Ganze Zahl von 0 bis {most} (0 blendet den Trumpf aus).",
    "rules_no_contract": "Mindestens ein Trumpf braucht einen Faktor über 0.",
    "rules_target": "Zielpunkte: eine ganze Zahl von {least} bis {most}.",
    "rules_order": "Die Reihenfolge nennt Stöck, Weis und Stich je einmal.",
    "rules_flag": "Nur ja oder nein.",
    # The teams
    "players_count": "Zwei Teams mit je 2 (oder je 3) Spielern.",
    "player_name_missing": "Jeder Spieler braucht einen Namen.",
    "player_names_same": "Zwei Spieler mit gleichem Namen: bitte unterscheiden.",
    "team_name_missing": "Jedes Team braucht einen Namen.",
    "team_names_same": "Die Teams brauchen verschiedene Namen.",
    "first_vorhand": "Vorhand ist einer der Spieler.",
    # A hand
    "contract_not_played": "Dieser Trumpf wird an diesem Tisch nicht gespielt (Faktor 0).",
    "points_team": "Die Punkte gehören einem der beiden Teams.",
    "match_points": "Beim Match hat die andere Seite 0 Punkte: keine Punkte eingeben.",
    "points_range": "Stichpunkte von 0 bis {most}; {match} ist der Match-Knopf.",
    "points_impossible": "{points} gibt es nicht: keine Karte zählt 1 Punkt.",
    "points_missing": "Stichpunkte eingeben, oder Match.",
    "weis_per_team": "Weis als Punkte pro Team.",
    "weis_one_team": "Nur ein Team schreibt Weis: das mit dem besten Weis.",
    "weis_written_and_declared": "Weis entweder als Punkte schreiben oder ansagen, nicht beides.",
    "weis_seat": "Weis gehören einem Spieler am Tisch.",
    "weis_empty_declaration": "Eine Ansage ohne Weis: bitte den Weis angeben oder weglassen.",
    "weis_for_team": "Weis für {team}: {points}.",
    "stoeck_team": "Stöck gehört einem der beiden Teams.",
    "stoeck_no_trump": "Stöck gibt es nur mit Trumpf, nicht bei {contract}.",
    "stoeck_once": "Stöck gibt es nur einmal pro Hand.",
    "claim_with_points": "Wer sich bedankt, schreibt keine Stichpunkte der ganzen Hand.",
    "first_claim_team": "Zuerst bedankt hat sich eines der beiden Teams.",
    "hand_running_in": "Diese Hand läuft schon in {contract}.",
    "hand_size": "Eine Hand hat {size} Karten, nicht {cards}.",
    "no_weis_in_cards": "In diesen Karten steckt kein Weis.",
    # The record
    "hand_problems": "Hand {number}: {problems}",
    "hand_open_early": (
        "Hand {number} hat noch keine Stichpunkte; nur die letzte Hand kann offen sein."
    ),
    "hands_after_end": (
        "Nach Hand {number} ist das Spiel schon entschieden; danach kann keine Hand mehr kommen."
    ),
    "game_over": "Das Spiel ist entschieden: keine Hand mehr.",
    "tie_first": "Zuerst klären, welches Team sich zuerst bedankt hat.",
    # How the game ended
    "reached": "{team} erreicht {target} in Hand {number} {step_with}.",
    "both_over": "Beide über dem Ziel: {team} hat sich zuerst bedankt.",
    # Claims ("bedanken")
    "claim_team": "Welches Team bedankt sich?",
    "claim_trick_team": "Wer hat den ersten Stich gemacht?",
    "claim_trick_points": "Ein Stich hat 0 bis {most} Punkte.",
    "claim_one_point": "1 Punkt gibt es nicht: keine Karte zählt 1.",
    "claim_points": "Die Stiche bisher: 0 bis {most} Punkte.",
    "claim_other_points": "Die Stiche der anderen: 0 bis {most}, zusammen höchstens 157.",
    "claim_first_trick": (
        "{claimer_team} bedankt sich im ersten Stich: es zählt {order}, wer zuerst am Ziel ist."
    ),
    "claim_step": "{step} {team}: {before} + {raw}{times} = {total}.",
    "claim_step_wins": (
        "{step} {team}: {before} + {raw}{times} = {total}, am Ziel: {team} gewinnt."
    ),
    "claim_nobody": (
        "Niemand erreicht {target}: {claimer_team} hat sich zu früh bedankt, {other_team} gewinnt."
    ),
    "claim_own": "{claimer_team} bedankt sich; es zählen die eigenen Punkte.",
    "claim_own_step": "{step}: {before} + {raw}{times} = {total}.",
    "too_late": (
        "{team} steht auf der Tafel auch über dem Ziel, doch zu spät: es zählt, wer in der "
        "Reihenfolge des Hauses ({order}) zuerst am Ziel war, und das war {winner_team}."
    ),
    "claim_reached": "{total} ≥ {target}: {claimer_team} gewinnt.",
    "claim_short": "{total} < {target}: zu früh bedankt, {other_team} gewinnt.",
}

# The presets as the table calls them; preset_label adds what each does with the chosen faces.
PRESET_NAMES = {
    "classic": "Klassisch",
    "modern": "Modern",
    "pairing_003": "003",
    "simple": "Einfach",
}


def preset_label(preset, deck: str) -> str:
    """A preset as the new-game page offers it, in the chosen deck's faces: "Modern: 2500,
    Schilten/Schellen ×2, Obenabe/Undenufe ×3, sonst ×1"."""
    faces = FACES.get(deck, FACES["swiss"])
    by_multiplier: dict[int, list[str]] = {}
    for key, multiplier in preset.multipliers[deck].items():
        by_multiplier.setdefault(multiplier, []).append(contract_name(key, faces))
    raised = [f"{'/'.join(names)} ×{m}" for m, names in sorted(by_multiplier.items()) if m != 1]
    figures = ", ".join([*raised, "sonst ×1"]) if raised else "alles ×1"
    return f"{PRESET_NAMES[preset.key]}: {preset.target}, {figures}"


# What a team still needs points for (standing.Need.what)
NEEDS = {
    "bergpreis": "zum Bergpreis und aus dem Schneider",
    "schneider": "aus dem Schneider",
    "target": "zum Ziel",
}
