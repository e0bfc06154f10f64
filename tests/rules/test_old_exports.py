"""Games exported by format version 1 still import and replay to the figures frozen with them.

People keep their exported games as the permanent record, so the files in tests/exports/v1/
(written by the code of the day, see the README there) must import and replay to
tests/exports/v1/expected.json whatever the engine, the storage or the modes become. Never edit
those files or their figures; add new ones.

The figures were taken from exchange.state_dict when the files were written. Checked by hand
against docs/RULES.md (everything times the contract's multiplier; 157 a hand, Match 257):

- schieber_modern_finished, hand 2 (Schellen x2, Ihr 104 and a Weis of 50):
  Ihr (104 + 50) x 2 = 308, Wir (157 - 104) x 2 = 106.
- schieber_modern_finished, hand 4 (Eicheln x1, Match Ihr): 257 and 0.
- schieber_modern_finished, hand 5 (Schilten x2, Weis declared: Clara's four Kings, 100, beat
  Dani's Dreiblatt, 20, so Wir score all their Weis, Anna's Vierblatt 50 + 100; Stöck Wir; Wir
  93 in tricks): Wir (150 + 20 + 93) x 2 = 526, Ihr (157 - 93) x 2 = 128.
- schieber_modern_finished: Ihr reach half of 2500 first, in hand 6 (1008 + 96 x 3 = 1296
  while Wir have 1148): Bergpreis Ihr, hand 6. Hand 14 takes Wir to 2440 + 90 x 2 = 2620, over
  2500, with Ihr at 2359, not under 1250: Wir win, no Schneider.
- schieber_claim_first_trick (classic, target 3000, house order Stöck - Stich - Weis; Süd claim
  in the first trick of a Schellen x2 hand): Stöck Süd 2918 + 40 = 2958; Stich Nord
  2970 + 21 x 2 = 3012, at the target first: Nord win, although Süd end with 2958 + 50 x 2 = 3058.
- schieber_claim_later (simple, target 1000): Jung 876 + Stöck 20 + tricks 110 = 1006, Alt
  413 + 25 = 438, under 500: Jung win with Schneider. Hand 3 is a Match: 257 and 0.
- schieber_six_players_french, hand 5 (Spades x4, Blau 102 and Weis 100):
  Blau (102 + 100) x 4 = 808, Rot (157 - 102) x 4 = 220.
- schieber_tie_first_claim, hand 14 (Hearts x1, 78 to Gäste): 2491 + 78 = 2569 and
  2448 + 79 = 2527, both over 2500; Gastgeber claimed first and win. Hand 9 (Spades x2, Match):
  257 x 2 = 514.
- handjass_four_retired: Anna's strokes in deals 1, 3, 5, 6 (two: all others potatoes), 7, 8, 9
  = 8, one potato (deal 2): net 7, retired with deal 9. Dani 3 strokes (deals 4, 13, 15) and
  6 potatoes (deals 1, 2, 5, 6, 8, 9): net -3, the loser.
- differenzler_tie_round (2 rounds; every game was then played with tie rounds, and a file
  without the setting still is): round 1 gives 12, 10, 5, 3 off, round 2 0, 2, 3, 5: totals 12,
  12, 8, 8, Clara and Dani share the lowest, so a tie round; round 3 gives 2, 3, 0, 3: 14, 15,
  8, 11, Clara wins. Read as a shared first place, the third round would be refused.
- handjass_berner_running (strokes times the trump): Ueli 4 (Schellen) + 1 (Eicheln)
  + 3 (Schilten) + 4 (Schellen) = 12; Hans strokes 3 + 2, potatoes 1 + 4: net 0.
"""

import json
from pathlib import Path

import pytest

from scorer import exchange

FOLDER = Path(__file__).resolve().parent.parent / "exports" / "v1"
EXPECTED_FILE = FOLDER / "expected.json"
FILES = sorted(p.name for p in FOLDER.glob("*.json") if p.name != EXPECTED_FILE.name)


def expected() -> dict:
    return json.loads(EXPECTED_FILE.read_text(encoding="utf-8"))


def read(name: str) -> dict:
    return json.loads((FOLDER / name).read_text(encoding="utf-8"))


def figures(game) -> dict:
    """The figures a person can check on the slate, and exactly those, from the computed state."""
    state = exchange.state_dict(game)
    kind = exchange.export(game)["format"]
    if kind == "jass-scorer/differenzler":
        keys = ("totals", "ranks", "hits", "rounds_due", "tie_round", "finished", "winner")
        return {key: state[key] for key in keys} | {"number_of_rounds": len(state["rounds"])}
    if kind == "jass-scorer/handjass":
        return {
            "strokes": list(state["strokes"]),
            "potatoes": list(state["potatoes"]),
            "net": list(state["net"]),
            "retired": dict(state["retired"]),
            "loser": state["loser"],
            "number_of_deals": len(state["deals"]),
        }
    bergpreis = state["bergpreis"]
    return {
        "totals": list(state["totals"]),
        "matches": list(state["matches"]),
        "winner": None if state["winner"] is None else state["winner"]["team"],
        "schneider": state["schneider"],
        "bergpreis": None
        if bergpreis is None
        else {"team": bergpreis["team"], "hand": bergpreis["hand"]},
        "tie": state["tie"],
        "open_hand": state["open_hand"],
        "number_of_hands": len(state["hands"]),
        "scores": [list(hand["scores"]) for hand in state["hands"]],
    }


@pytest.mark.parametrize("name", FILES)
def test_old_export_replays_to_expected(name):
    game = exchange.load(read(name))
    assert figures(game) == expected()[name]


@pytest.mark.parametrize("name", FILES)
def test_old_export_survives_export_and_import_again(name):
    game = exchange.load(read(name))
    again = exchange.load(json.loads(json.dumps(exchange.export(game), ensure_ascii=False)))
    assert figures(again) == expected()[name]


def test_every_old_export_has_its_figures():
    assert FILES, f"no exports in {FOLDER}"
    assert sorted(expected()) == FILES
