"""Words for Schieber: its refusals, its rulings and its claims."""

from scorer.web.core.i18n import N_, gettext, language, tr
from scorer.web.core.messages.deck import FACES, contract_name, named

WORDS = {
    # The rules a table picks
    "rules_deck": N_("Unbekanntes Kartenblatt."),
    "rules_multipliers": N_("Ein Faktor für jeden Trumpf."),
    "rules_multipliers_deck": N_("Faktoren nur für die Trümpfe dieses Kartenblatts."),
    "rules_multiplier": N_("Ganze Zahl von 0 bis {most} (0 blendet den Trumpf aus)."),
    "rules_no_contract": N_("Mindestens ein Trumpf braucht einen Faktor über 0."),
    "rules_target": N_("Zielpunkte: eine ganze Zahl von {least} bis {most}."),
    "rules_order": N_("Die Reihenfolge nennt Stöck, Weis und Stich je einmal."),
    "rules_flag": N_("Nur ja oder nein."),
    # The teams
    "players_count": N_("Zwei Teams mit je 2 (oder je 3) Spielern."),
    "player_name_missing": N_("Jeder Spieler braucht einen Namen."),
    "player_names_same": N_("Zwei Spieler mit gleichem Namen: bitte unterscheiden."),
    "team_name_missing": N_("Jedes Team braucht einen Namen."),
    "team_names_same": N_("Die Teams brauchen verschiedene Namen."),
    "first_vorhand": N_("Vorhand ist einer der Spieler."),
    # A hand
    "contract_not_played": N_("Dieser Trumpf wird an diesem Tisch nicht gespielt (Faktor 0)."),
    "points_team": N_("Die Punkte gehören einem der beiden Teams."),
    "match_points": N_("Beim Match hat die andere Seite 0 Punkte: keine Punkte eingeben."),
    "points_range": N_("Stichpunkte von 0 bis {most}; {match} ist der Match-Knopf."),
    "points_impossible": N_("{points} gibt es nicht: keine Karte zählt 1 Punkt."),
    "points_missing": N_("Stichpunkte eingeben, oder Match."),
    "weis_per_team": N_("Weis als Punkte pro Team."),
    "weis_one_team": N_("Nur ein Team schreibt Weis: das mit dem besten Weis."),
    "weis_written_and_declared": N_(
        "Weis entweder als Punkte schreiben oder ansagen, nicht beides."
    ),
    "weis_seat": N_("Weis gehören einem Spieler am Tisch."),
    "weis_empty_declaration": N_("Eine Ansage ohne Weis: bitte den Weis angeben oder weglassen."),
    "weis_for_team": N_("Weis für {team}: {points}."),
    "stoeck_team": N_("Stöck gehört einem der beiden Teams."),
    "stoeck_no_trump": N_("Stöck gibt es nur mit Trumpf, nicht bei {contract}."),
    "stoeck_once": N_("Stöck gibt es nur einmal pro Hand."),
    "claim_with_points": N_("Wer sich bedankt, schreibt keine Stichpunkte der ganzen Hand."),
    "first_claim_team": N_("Zuerst bedankt hat sich eines der beiden Teams."),
    "first_bergpreis_team": N_("Zuerst am Bergpreis war eines der beiden Teams."),
    "hand_running_in": N_("Diese Hand läuft schon in {contract}."),
    "hand_size": N_("Eine Hand hat {size} Karten, nicht {cards}."),
    "no_weis_in_cards": N_("In diesen Karten steckt kein Weis."),
    # The Weis page
    "weis_unknown_seat": N_("Unbekannter Spieler."),
    "weis_contract_first": N_("Zuerst den Trumpf wählen: er entscheidet über den Weis."),
    "weis_choose": N_("Weis wählen."),
    "weis_nothing_declared": N_(
        "Noch kein Weis und kein Stöck angesagt: zuerst „+ Weis“ bei einem Spieler."
    ),
    # The record
    "hand_problems": N_("Hand {number}: {problems}"),
    "hand_open_early": (
        N_("Hand {number} hat noch keine Stichpunkte; nur die letzte Hand kann offen sein.")
    ),
    "hands_after_end": (
        N_(
            "Nach Hand {number} ist das Spiel schon entschieden; "
            "danach kann keine Hand mehr kommen."
        )
    ),
    "game_over": N_("Das Spiel ist entschieden: keine Hand mehr."),
    "tie_first": N_("Zuerst klären, welches Team sich zuerst bedankt hat."),
    # How the game ended
    "reached": N_("{team} erreicht {target} in Hand {number} {step_with}."),
    "both_over": N_("Beide über dem Ziel: {team} hat sich zuerst bedankt."),
    # Claims ("bedanken")
    "claim_team": N_("Welches Team bedankt sich?"),
    "claim_trick_team": N_("Wer hat den ersten Stich gemacht?"),
    "claim_trick_points": N_("Ein Stich hat 0 bis {most} Punkte."),
    "claim_one_point": N_("1 Punkt gibt es nicht: keine Karte zählt 1."),
    "claim_points": N_("Die Stiche bisher: 0 bis {most} Punkte."),
    "claim_other_points": N_("Die Stiche der anderen: 0 bis {most}, zusammen höchstens 157."),
    "claim_first_trick": (
        N_("{claimer_team} bedankt sich im ersten Stich: es zählt {order}, wer zuerst am Ziel ist.")
    ),
    "claim_step": N_("{step} {team}: {before} + {raw}{times} = {total}."),
    "claim_step_wins": (
        N_("{step} {team}: {before} + {raw}{times} = {total}, am Ziel: {team} gewinnt.")
    ),
    "claim_nobody": (
        N_(
            "Niemand erreicht {target}: {claimer_team} hat sich zu früh bedankt, "
            "{other_team} gewinnt."
        )
    ),
    "claim_own": N_("{claimer_team} bedankt sich; es zählen die eigenen Punkte."),
    "claim_own_step": N_("{step}: {before} + {raw}{times} = {total}."),
    "too_late": (
        N_(
            "{team} steht auf der Tafel auch über dem Ziel, doch zu spät: es zählt, wer in der "
            "Reihenfolge des Hauses ({order}) zuerst am Ziel war, und das war {winner_team}."
        )
    ),
    "claim_reached": N_("{total} ≥ {target}: {claimer_team} gewinnt."),
    "claim_short": N_("{total} < {target}: zu früh bedankt, {other_team} gewinnt."),
}

# The presets as the table calls them; preset_label adds what each does with the chosen faces.
PRESET_NAMES = {
    "classic": N_("Klassisch"),
    "modern": N_("Modern"),
    "pairing_003": "003",  # the same in every language
    "simple": N_("Einfach"),
}


def preset_label(preset, deck: str) -> str:
    """A preset as the new-game page offers it, in the chosen deck's faces: "Modern: 2500,
    Schilten/Schellen ×2, Obenabe/Undenufe ×3, sonst ×1"."""
    return f"{tr(PRESET_NAMES[preset.key])}: {preset.target}, {preset_figures(preset, deck)}"


def preset_figures(preset, deck: str) -> str:
    """A preset's multipliers in the deck's faces: "Schilten/Schellen ×2, Obenabe/Undenufe ×3,
    sonst ×1"."""
    faces = FACES[deck if deck in FACES else "swiss"]
    by_multiplier: dict[int, list[str]] = {}
    for key, multiplier in preset.multipliers[deck].items():
        by_multiplier.setdefault(multiplier, []).append(contract_name(key, faces))
    raised = [f"{'/'.join(names)} ×{m}" for m, names in sorted(by_multiplier.items()) if m != 1]
    return ", ".join([*raised, gettext("sonst ×1")]) if raised else gettext("alles ×1")


def preset_name(key: str) -> str:
    """A preset's name as the table calls it: "Modern"."""
    return tr(PRESET_NAMES[key])


def needs_said(needs) -> list[list[tuple[int, str, str]]]:
    """What each team still needs ("Was fehlt?", standing.still_needed) in the phone's words:
    per need its points, what for, and what that makes at each multiplier: "×1 (Rosen,
    Eicheln): 48720; ×2 (Schilten, Schellen): 24360". Every need of a game has the same
    multiplier groups; their names are kept per language (every entry's answer says them)."""
    first = next((need for team in needs for need in team), None)
    if first is None:
        return [[] for _ in needs]
    words, labels = _needs_words(tuple((m, keys) for m, keys, _ in first.per_multiplier))
    return [
        [
            (
                n.points,
                words[n.what],
                "; ".join(
                    f"{label}: {p[2]}" for label, p in zip(labels, n.per_multiplier, strict=True)
                ),
            )
            for n in team
        ]
        for team in needs
    ]


_needs_kept: dict[tuple, tuple[dict[str, str], tuple[str, ...]]] = {}


def _needs_words(groups: tuple[tuple[int, tuple[str, ...]], ...]):
    """The needs' words and the multiplier groups' names ("×2 (Schilten, Schellen)") in this
    request's language, kept by language and groups (a few dozen sets at most)."""
    key = (language(), groups)
    found = _needs_kept.get(key)
    if found is None:
        if len(_needs_kept) >= 256:
            _needs_kept.clear()
        words = {what: tr(text) for what, text in NEEDS.items()}
        labels = tuple(f"×{m} ({', '.join(named(k) for k in keys)})" for m, keys in groups)
        found = _needs_kept[key] = (words, labels)
    return found


# What a team still needs points for (standing.Need.what)
NEEDS = {
    "bergpreis": N_("zum Bergpreis und aus dem Schneider"),
    "schneider": N_("aus dem Schneider"),
    "target": N_("zum Ziel"),
}
