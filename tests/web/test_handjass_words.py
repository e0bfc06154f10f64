"""Handjass in words: every code the engine (and the Handjass pages) can say has words, and the
words read as the table has always read them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scorer.codes import Code, code
from scorer.handjass.game import (
    BLIND,
    OUT,
    PLAY,
    Deal,
    Entry,
    HandjassGame,
    HandjassRules,
    enter_deal,
    listed,
    record_problem,
    replay,
)
from scorer.web.core.messages import say, words_of
from scorer.web.handjass import words as handjass_words
from scorer.weis import Weis

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "scorer" / "handjass" / "game.py"
PAGES = ROOT / "scorer" / "web" / "handjass" / "views.py"
FORMS = ROOT / "scorer" / "web" / "handjass" / "forms.py"
# The calls whose first argument is a code's key (or, for `listed` and `_players`, the key of
# each link of a list).
KEYED = {"code", "Invalid", "listed", "_players"}
NAMES = ("Anna", "Ben", "Clara", "Dani")


def emitted(path: Path) -> set[str]:
    """Every key a module can give a code: the strings in the first argument of its calls of
    `code`, `Invalid`, `listed` and `_players` (also where the argument picks one of two)."""
    keys = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        called = node.func.id if isinstance(node.func, ast.Name) else None
        if called in KEYED:
            keys |= {
                c.value
                for c in ast.walk(node.args[0])
                if isinstance(c, ast.Constant) and isinstance(c.value, str)
            }
    return keys


def words(problem, faces: str = "swiss") -> str:
    return say(problem, faces=faces, names=NAMES, kind="handjass")


def test_the_scan_finds_the_codes():
    keys = emitted(ENGINE)
    assert {"handjass_tie_draw", "handjass_strokes", "handjass_deal_problem"} <= keys
    # Both of a choice between two keys, and the links of lists.
    assert {"handjass_no_drop", "handjass_no_blind"} <= keys
    assert {"handjass_players_and", "handjass_strokes_more"} <= keys


@pytest.mark.parametrize("key", sorted(emitted(ENGINE) | emitted(PAGES) | emitted(FORMS)))
def test_every_code_has_words(key):
    assert words_of(key, "handjass"), key


def test_every_handjass_word_is_said():
    """No words for a code nobody says: a code renamed in the engine fails here too."""
    assert set(handjass_words.WORDS) == emitted(ENGINE) | emitted(PAGES) | emitted(FORMS)


def strokes_line(*given: tuple[int, int]) -> Code:
    (first, won), *others = given
    more = listed("handjass_strokes_more", [{"player": s, "strokes": n} for s, n in others])
    return code("handjass_strokes", player=first, strokes=won, more=more)


@pytest.mark.parametrize(
    ("said", "text"),
    [
        (strokes_line((0, 1)), "Striche: Anna 1 Strich."),
        (strokes_line((0, 2), (3, 1)), "Striche: Anna 2 Striche, Dani 1 Strich."),
        (
            strokes_line((1, 1), (2, 4), (3, 3)),
            "Striche: Ben 1 Strich, Clara 4 Striche, Dani 3 Striche.",
        ),
        (
            code("handjass_potatoes", threshold=26, player=2, more=None),
            "Härdöpfel (unter 26): Clara.",
        ),
        (
            code(
                "handjass_potatoes",
                threshold=21,
                player=1,
                more=listed("handjass_potatoes_more", [{"player": 2}, {"player": 3}]),
            ),
            "Härdöpfel (unter 21): Ben, Clara, Dani.",
        ),
        (code("handjass_no_strokes", threshold=26), "Niemand hat 26: kein Strich."),
        (
            code("handjass_drawn", points=45, needed=1, player=2, more=None),
            "Gleichstand mit 45: Clara zieht die höhere Karte.",
        ),
        (
            code(
                "handjass_drawn",
                points=45,
                needed=2,
                player=0,
                more=listed("handjass_players_and", [{"player": 2}]),
            ),
            "Gleichstand mit 45: Anna und Clara ziehen die höheren Karten.",
        ),
        (
            code("handjass_tie_held", points=40),
            "Gleichstand mit 40: der Strich wartet auf das nächste Spiel.",
        ),
        (code("handjass_held_stroke", player=2), "Der wartende Strich geht an Clara."),
        (
            code("handjass_all_others_out", player=3, strokes=2),
            "Alle anderen sind ausgestiegen: Dani 2 Striche.",
        ),
        (
            code("handjass_all_others_out", player=1, strokes=1),
            "Alle anderen sind ausgestiegen: Ben 1 Strich.",
        ),
        (code("handjass_agreed", strokes=1), "Die zwei im Spiel einigen sich: je ein Strich."),
        (code("handjass_agreed", strokes=3), "Die zwei im Spiel einigen sich: je 3 Striche."),
        (
            code("handjass_cards_impossible", cards=1),
            "1 Stichpunkt gibt es nicht: keine Karte zählt 1.",
        ),
        (
            code("handjass_cards_impossible", cards=156),
            "156 Stichpunkte gibt es nicht: keine Karte zählt 1.",
        ),
        (
            code("handjass_cards_too_many", cards=160, most=157),
            "Zusammen 160 Stichpunkte: mehr als die 157 eines Spiels.",
        ),
        (
            code("handjass_player_retired", player=2),
            "Clara ist schon ausgestiegen: kein Spiel mehr.",
        ),
        (code("handjass_target_range", least=1, most=100), "Striche zum Aussteigen: 1 bis 100."),
        (
            code("handjass_threshold_range", least=1, most=80),
            "Härdöpfel unter: 1 bis 80 Punkte.",
        ),
    ],
)
def test_the_words_read_as_before(said, text):
    assert words(said) == text


def test_the_words_of_a_tie():
    game = HandjassGame(NAMES)
    tie = Deal("rosen", tuple(Entry(s, PLAY, p) for s, p in enumerate((60, 40, 40, 17))))
    assert words(enter_deal(game, tie)[1]["draw"]) == (
        "Gleichstand um einen Strich: Ben und Clara ziehen eine Karte."
    )
    three = Deal("rosen", tuple(Entry(s, PLAY, p) for s, p in enumerate((45, 45, 45, 22))))
    assert words(enter_deal(game, three)[1]["draw"]) == (
        "Gleichstand um 2 Striche: Anna und Ben und Clara ziehen eine Karte."
    )


def test_a_record_that_cannot_stand_names_the_deal_and_all_its_problems():
    deal = Deal("hearts", (Entry(0, PLAY, 158), Entry(1, PLAY, 0)))
    game = HandjassGame(NAMES[:2], deals=(deal,))
    assert words(record_problem(game)) == (
        "Spiel 1: Welche Farbe ist Trumpf? Stichpunkte von 0 bis 157. "
        "Zusammen 158 Stichpunkte: mehr als die 157 eines Spiels."
    )
    assert words(code("not_deleted", problem=record_problem(game))).startswith(
        "Nicht gelöscht: Spiel 1: Welche Farbe ist Trumpf?"
    )


def test_the_core_words_come_through_in_a_handjass_game():
    """Names and declared Weis are the core's codes: a Handjass table words them too, with its
    deck's faces."""
    assert words(HandjassGame(("A", "B" * 41)).problems()["players"]) == "Namen bis 40 Zeichen."
    game = HandjassGame(NAMES[:2], HandjassRules(deck="french"))
    queens = (Weis.four("O"),)  # both declare four queens: the second player's are taken
    deal = Deal(
        "hearts", (Entry(0, PLAY, 60, declared=queens), Entry(1, PLAY, 50, declared=queens))
    )
    problem = enter_deal(game, deal)[1]["p1"]
    assert problem == code("weis_card_taken", card=("clubs", "O"))
    assert words(problem, "french") == "Die Karte Kreuz D hat schon ein anderer Spieler gewiesen."


def test_every_line_of_a_whole_game_has_words():
    deals = [
        Deal("rosen", tuple(Entry(s, PLAY, p) for s, p in enumerate((60, 50, 25, 22)))),
        Deal("eicheln", (Entry(0, OUT), Entry(1, PLAY), Entry(2, OUT), Entry(3, OUT))),
        Deal("schellen", (Entry(0, OUT), Entry(1, PLAY), Entry(2, OUT), Entry(3, PLAY)), True),
        Deal(
            "rosen", tuple(Entry(s, PLAY, p) for s, p in enumerate((45, 45, 45, 22))), draw=(0, 2)
        ),
        Deal("schilten", tuple(Entry(s, PLAY, p) for s, p in enumerate((20, 20, 20, 20)))),
    ]
    game = HandjassGame(NAMES, HandjassRules(berner=True, target=27))
    for deal in deals:
        game, errors = enter_deal(game, deal)
        assert errors == {}
    said = [words(line) for row in replay(game).rows for line in row.award.lines]
    assert said == [
        "Härdöpfel (unter 26): Clara, Dani.",
        "Striche: Anna 2 Striche, Ben 2 Striche.",
        "Alle anderen sind ausgestiegen: Ben 2 Striche.",
        "Die zwei im Spiel einigen sich: je 4 Striche.",
        "Härdöpfel (unter 26): Dani.",
        "Gleichstand mit 45: Anna und Clara ziehen die höheren Karten.",
        "Striche: Anna 2 Striche, Clara 2 Striche.",
        "Härdöpfel (unter 26): Anna, Ben, Clara, Dani.",
        "Niemand hat 26: kein Strich.",
    ]


def test_a_blind_is_not_for_four():
    deal = Deal("rosen", tuple(Entry(s, BLIND if s == 2 else PLAY, 30) for s in range(4)))
    assert words(enter_deal(HandjassGame(NAMES), deal)[1]["p2"]) == (
        "Einen Blinden gibt es nur zu dritt und zu zweit, und nur wo man aussteigen darf "
        "(sonst 12 Karten für jeden)."
    )
