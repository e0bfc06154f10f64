"""Words for the shared core: reading data, names, importing, Weis."""

from scorer.web.core.i18n import N_

WORDS = {
    # Reading plain data (an import, a stored game): the field is named, the value never shown.
    "not_whole": N_("{field}: keine ganze Zahl"),
    "not_flag": N_("{field}: nicht true oder false"),
    "not_text": N_("{field}: kein Text"),
    "not_list": N_("{field}: keine Liste"),
    "not_object": N_("{field}: kein Objekt"),
    "not_two": N_("{field}: zwei Zahlen, eine pro Team"),
    "not_two_teams": N_("{field}: genau zwei"),
    "unknown_deck": N_("{field}: unbekanntes Kartenblatt"),
    "unknown_contract": N_("{field}: ein Trumpf, den das Kartenblatt nicht hat"),
    "no_such_entry": N_("{field}: kein Eintrag der Datei"),
    "unknown_value": N_("{field}: unbekannter Wert"),
    "unknown_key": N_("{field}: ein Feld «{key}» gibt es hier nicht"),
    # A deletion the record does not allow
    "not_deleted": N_("Nicht gelöscht: {problem}"),
    # Names
    "name_too_long": N_("Namen bis {most} Zeichen."),
    "name_control": N_("Namen ohne Steuerzeichen."),
    # Importing a file
    "import_no_file": N_("Bitte eine exportierte .json-Datei wählen."),
    "import_not_json": N_("Die Datei ist kein JSON: bitte die exportierte Datei wählen."),
    "import_too_deep": N_(
        "Die Datei ist zu tief verschachtelt: so sieht kein exportiertes Spiel aus."
    ),
    "import_not_an_export": N_("Das ist kein exportiertes Spiel dieses Jass-Zählers."),
    "import_version_unreadable": N_("Die Version der Datei fehlt oder ist unlesbar (nur {known})."),
    "import_version": N_("Version {version} kann diese Version nicht lesen (nur {known})."),
    "import_missing": N_("Die Datei ist unvollständig: es fehlt {key!r}."),
    "import_incomplete": N_("Die Datei ist unvollständig."),
    "import_setup": N_("{problems}"),
    "missing_key": N_("es fehlt {key!r}"),
    "import_damaged": N_("Die Datei ist unvollständig oder beschädigt ({problem})."),
    "import_changes": N_("Die Änderungen: eine Liste von höchstens {most}."),
    "import_change": N_("Änderung {number} ist beschädigt ({problem})."),
    "not_a_time": N_("{field}: keine Zeit"),
    "not_a_number": N_("{field}: keine Nummer"),
    "not_a_name": N_("{field}: {problem}"),
    # Stakes
    "stakes_amount": N_("Bitte einen Betrag in Franken eingeben, zum Beispiel 0.05 (bis 100)."),
    "stakes_step": N_("Bitte wählen: auf 5 Rappen oder auf den Franken runden."),
    "stakes_unreadable": N_("Der Einsatz in der Datei ist unlesbar (Betrag und Rundung)."),
    # A single Weis at this table
    "weis_no_card": N_("Keine Karte: {card_key}."),
    "weis_not_a_kind": N_("Ein Weis ist ein Blatt oder vier gleiche Karten."),
    "weis_unknown_suit": N_("Unbekannte Farbe: {suit_key}."),
    "weis_run_length": N_("Ein Blatt hat 3 bis 9 Karten."),
    "weis_below_six": N_("{run} {to} ginge unter die 6: ein Blatt endet frühestens bei der 6."),
    "weis_four_nines": N_("Vier Neuner zählen an diesem Tisch nicht."),
    "weis_four_sixes": N_(
        "Vier Sechser zählen nur im Undenufe, und nur wenn der Tisch es so spielt."
    ),
    "weis_four_aces_undenufe": (
        N_("Vier Ass zählen im Undenufe nicht: hier zählen vier Sechser an ihrer Stelle.")
    ),
    "weis_four_not_counted": N_("Vier {fours} sind an diesem Tisch kein Weis."),
    # One player's Weis together
    "weis_too_many_cards": N_("Diese Weis brauchen {cards} Karten; eine Hand hat nur {hand_size}."),
    "weis_card_taken": N_("Die Karte {card} hat schon ein anderer Spieler gewiesen."),
    "weis_card_twice": N_("Dieselbe Karte zweimal gewiesen."),
    "weis_small_card_once": N_("Im kleinen Weis zählt jede Karte nur in einem Weis."),
    "weis_runs_touch": (
        N_(
            "Zwei Blätter, die aneinander stossen, sind ein {run}: "
            "es zählt ganz (nur im kleinen Weis: 8 als 5 + 3, 9 als 5 + 4)."
        )
    ),
    # A team's Weis points
    "weis_negative": N_("Weis sind nie negativ."),
    "weis_points_impossible": (
        N_(
            "{points} ergibt kein Weis: Weis zählen 20, 50, 100, 150 oder 200, "
            "zusammen z. B. 70 oder 120."
        )
    ),
    "weis_too_much": N_("So viel Weis hat ein Team nie: höchstens {most}."),
    # The Weis ruling, one line per deciding test
    "weis_one_side": N_("Nur eine Seite weist; der beste Weis: {weis} von {who}."),
    "weis_points_beat": (
        N_("{points} schlägt {other_points}: {weis} ({who}) vor {other_weis} ({other_who}).")
    ),
    "weis_points_same": N_("Beide {points}."),
    "weis_cards_beat": (
        N_("{cards} Karten schlagen {other_cards}: {weis} ({who}) vor {other_weis} ({other_who}).")
    ),
    "weis_cards_same": N_("Beide {cards} Karten."),
    "weis_higher": N_("Höchste Karte: {high_rank} vor {low_rank}: {weis} ({who})."),
    "weis_higher_undenufe": (
        N_(
            "Höchste Karte (im Undenufe gilt die tiefste): {high_rank} vor {low_rank}: "
            "{weis} ({who})."
        )
    ),
    "weis_top_same": N_("Beide {top_to}."),
    "weis_trump": N_("Das Blatt in {suit} ist Trumpf: {weis} ({who})."),
    "weis_earlier": N_("{who} spielt vor {other_who} zum ersten Stich: {weis} ({who})."),
}
