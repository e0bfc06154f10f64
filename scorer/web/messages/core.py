"""Words for the shared core: reading data, names, importing, Weis."""

WORDS = {
    # Reading plain data (an import, a stored game): the field is named, the value never shown.
    "not_whole": "{field}: keine ganze Zahl",
    "not_flag": "{field}: nicht true oder false",
    "not_text": "{field}: kein Text",
    "not_list": "{field}: keine Liste",
    "not_object": "{field}: kein Objekt",
    "not_two": "{field}: zwei Zahlen, eine pro Team",
    "not_two_teams": "{field}: genau zwei",
    "unknown_deck": "{field}: unbekanntes Kartenblatt",
    "unknown_contract": "{field}: ein Trumpf, den das Kartenblatt nicht hat",
    "no_such_entry": "{field}: kein Eintrag der Datei",
    "unknown_value": "{field}: unbekannter Wert",
    # A deletion the record does not allow
    "not_deleted": "Nicht gelöscht: {problem}",
    # Names
    "name_too_long": "Namen bis {most} Zeichen.",
    "name_control": "Namen ohne Steuerzeichen.",
    # Importing a file
    "import_no_file": "Bitte eine exportierte .json-Datei wählen.",
    "import_not_json": "Die Datei ist kein JSON: bitte die exportierte Datei wählen.",
    "import_too_deep": "Die Datei ist zu tief verschachtelt: so sieht kein exportiertes Spiel aus.",
    "import_not_an_export": "Das ist kein exportiertes Spiel dieses Jass-Zählers.",
    "import_version_unreadable": "Die Version der Datei fehlt oder ist unlesbar (nur {known}).",
    "import_version": "Version {version} kann diese Version nicht lesen (nur {known}).",
    "import_missing": "Die Datei ist unvollständig: es fehlt {key!r}.",
    "import_incomplete": "Die Datei ist unvollständig.",
    "import_setup": "{problems}",
    "missing_key": "es fehlt {key!r}",
    "import_damaged": "Die Datei ist unvollständig oder beschädigt ({problem}).",
    "import_changes": "Die Änderungen: eine Liste von höchstens {most}.",
    "import_change": "Änderung {number} ist beschädigt ({problem}).",
    "not_a_time": "{field}: keine Zeit",
    "not_a_number": "{field}: keine Nummer",
    "not_a_name": "{field}: {problem}",
    # Stakes
    "stakes_amount": "Bitte einen Betrag in Franken eingeben, zum Beispiel 0.05 (bis 100).",
    "stakes_step": "Bitte wählen: auf 5 Rappen oder auf den Franken runden.",
    "stakes_unreadable": "Der Einsatz in der Datei ist unlesbar (Betrag und Rundung).",
    # A single Weis at this table
    "weis_no_card": "Keine Karte: {card_key}.",
    "weis_not_a_kind": "Ein Weis ist ein Blatt oder vier gleiche Karten.",
    "weis_unknown_suit": "Unbekannte Farbe: {suit_key}.",
    "weis_run_length": "Ein Blatt hat 3 bis 9 Karten.",
    "weis_below_six": "{run} {to} ginge unter die 6: ein Blatt endet frühestens bei der 6.",
    "weis_four_nines": "Vier Neuner zählen an diesem Tisch nicht.",
    "weis_four_sixes": "Vier Sechser zählen nur im Undenufe, und nur wenn der Tisch es so spielt.",
    "weis_four_aces_undenufe": (
        "Vier Ass zählen im Undenufe nicht: hier zählen vier Sechser an ihrer Stelle."
    ),
    "weis_four_not_counted": "Vier {fours} sind an diesem Tisch kein Weis.",
    # One player's Weis together
    "weis_too_many_cards": "Diese Weis brauchen {cards} Karten; eine Hand hat nur {hand_size}.",
    "weis_card_taken": "Die Karte {card} hat schon ein anderer Spieler gewiesen.",
    "weis_card_twice": "Dieselbe Karte zweimal gewiesen.",
    "weis_small_card_once": "Im kleinen Weis zählt jede Karte nur in einem Weis.",
    "weis_runs_touch": (
        "Zwei Blätter, die aneinander stossen, sind ein {run}: "
        "es zählt ganz (nur im kleinen Weis: 8 als 5 + 3, 9 als 5 + 4)."
    ),
    # A team's Weis points
    "weis_negative": "Weis sind nie negativ.",
    "weis_points_impossible": (
        "{points} ergibt kein Weis: Weis zählen 20, 50, 100, 150 oder 200, "
        "zusammen z. B. 70 oder 120."
    ),
    "weis_too_much": "So viel Weis hat ein Team nie: höchstens {most}.",
    # The Weis ruling, one line per deciding test
    "weis_one_side": "Nur eine Seite weist; der beste Weis: {weis} von {who}.",
    "weis_points_beat": (
        "{points} schlägt {other_points}: {weis} ({who}) vor {other_weis} ({other_who})."
    ),
    "weis_points_same": "Beide {points}.",
    "weis_cards_beat": (
        "{cards} Karten schlagen {other_cards}: {weis} ({who}) vor {other_weis} ({other_who})."
    ),
    "weis_cards_same": "Beide {cards} Karten.",
    "weis_higher": "Höchste Karte: {high_rank} vor {low_rank}: {weis} ({who}).",
    "weis_higher_undenufe": (
        "Höchste Karte (im Undenufe gilt die tiefste): {high_rank} vor {low_rank}: {weis} ({who})."
    ),
    "weis_top_same": "Beide {top_to}.",
    "weis_trump": "Das Blatt in {suit} ist Trumpf: {weis} ({who}).",
    "weis_earlier": "{who} spielt vor {other_who} zum ersten Stich: {weis} ({who}).",
}
