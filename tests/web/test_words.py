"""Every code the engine can say has words, in its mode's words or the core's, and the words
name their values right."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scorer.codes import code
from scorer.schieber import Game, Team
from scorer.web.core.messages import CORE, MODE_WORDS, say, words_of
from scorer.weis import Weis

ROOT = Path(__file__).resolve().parents[2] / "scorer"


def _said(path: Path) -> set[str]:
    """The code keys a module says: code("key", ...) and Invalid("key", ...)."""
    keys = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("code", "Invalid", "ImportProblem")
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            keys.add(node.args[0].value)
    return keys


def _engine() -> list[tuple[str | None, Path]]:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).parts
        if parts[0] in ("web", "storage"):
            continue
        found.append((parts[0] if len(parts) > 1 else None, path))
    return found


ENGINE = _engine()


def test_every_mode_has_words():
    kinds = {kind for kind, _ in ENGINE if kind}
    assert kinds == set(MODE_WORDS) == {"schieber", "handjass", "differenzler", "coiffeur", "club"}


@pytest.mark.parametrize(
    "kind, path", ENGINE, ids=[p.relative_to(ROOT).as_posix() for _, p in ENGINE]
)
def test_every_code_has_words(kind, path):
    missing = sorted(k for k in _said(path) if words_of(k, kind) is None)
    assert missing == []


def test_the_scan_finds_codes():
    assert {"weis_negative", "weis_card_taken"} <= _said(ROOT / "weis.py")
    assert "stoeck_once" in _said(ROOT / "schieber" / "game.py")


def test_core_words_are_not_said_again_by_a_mode():
    for words in MODE_WORDS.values():
        assert not CORE.keys() & words.keys()


def test_values_are_named_with_the_tables_words():
    game = Game((Team("Anna+Beat", ("Anna", "Beat")), Team("Cla+Dora", ("Cla", "Dora"))))
    players = [name for _, name in game.seats()]
    teams = [t.name for t in game.teams]
    context = {"names": players, "teams": teams, "kind": "schieber"}
    run = Weis.run("schellen", "K", 4)
    assert say(code("weis_one_side", weis=run, who=1), **context) == (
        f"Nur eine Seite weist; der beste Weis: Vierblatt Schellen zum König von {players[1]}."
    )
    assert say(code("weis_for_team", team=1, points=50), **context) == "Weis für Cla+Dora: 50."
    assert say(code("weis_card_taken", card=("hearts", "O")), faces="french") == (
        "Die Karte Herz D hat schon ein anderer Spieler gewiesen."
    )
    assert say(code("reached", team=0, target=2500, number=9, step_with="weis"), **context) == (
        "Anna+Beat erreicht 2500 in Hand 9 mit dem Weis."
    )
    nested = code("hand_problems", number=3, problems=(code("points_missing"), code("stoeck_once")))
    assert say(nested, **context) == (
        "Hand 3: Stichpunkte eingeben, oder Match. Stöck gibt es nur einmal pro Hand."
    )
    assert say("Schon Worte.") == "Schon Worte."


def test_a_passe_that_cannot_be_handed_in_says_which_game_and_why(app):
    from scorer.club.standings import TableGame, passe_problems

    games = [TableGame((100, 57)), TableGame((80, 80))]
    said = [say(p, kind="club") for p in passe_problems(games, 12)]
    assert said == [
        "2 von 12 Spielen eingetragen.",
        "Spiel 2: Die Stichpunkte ergeben 160, nicht 157.",
    ]
