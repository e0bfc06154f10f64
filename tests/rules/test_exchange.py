"""Export and import of games, and the computed state as plain data."""

import json

import pytest

from scorer.codes import code
from scorer.exchange import VERSION, ImportProblem, export, load, state_dict
from scorer.schieber.contracts import Rules
from scorer.schieber.game import Game, Hand, Team
from scorer.web.core.messages import say

MODERN = Rules.from_preset("modern")
SIMPLE = Rules.from_preset("simple")
TEAMS = (Team("Ost", ("a1", "a2")), Team("West", ("b1", "b2")))
MATCH_A = Hand("rosen", points_team=0, match=True)

SMALL = Game(
    TEAMS,
    MODERN,
    0,
    (
        Hand("schellen", points_team=0, points=90),
        Hand("obenabe", shoved=True, points_team=1, match=True, weis=(0, 50)),
    ),
)
GAMES = [
    Game(TEAMS),
    SMALL,
    Game(TEAMS, SIMPLE, 3, (MATCH_A, Hand("eicheln", weis=(20, 0), stoeck=1))),
    Game(
        (Team("A", ("p", "q", "r")), Team("B", ("s", "t", "u"))),
        Rules.from_preset("classic", "french", undenufe_six=False, bergpreis=False),
        5,
        # Three players a team: Weis up to 450.
        (Hand("hearts", points_team=1, points=100, weis=(0, 450), first_claim=None),),
    ),
    Game(TEAMS, SIMPLE, 0, (MATCH_A,) * 4),
]


def test_export_document():
    data = export(SMALL)
    assert data["format"] == "jass-scorer/schieber"
    assert data["version"] == VERSION == 1
    assert data["teams"] == [
        {"name": "Ost", "players": ["a1", "a2"]},
        {"name": "West", "players": ["b1", "b2"]},
    ]
    assert data["rules"] == MODERN.to_dict()
    assert data["first_vorhand"] == 0
    assert data["hands"][1] == {
        "contract": "obenabe",
        "shoved": True,
        "points_team": 1,
        "points": None,
        "match": True,
        "weis": [0, 50],
        "stoeck": None,
        "first_claim": None,
        "first_bergpreis": None,
        "declarations": [],
        "claim": None,
    }


@pytest.mark.parametrize("game", GAMES)
def test_round_trip(game):
    assert load(export(game)) == game


@pytest.mark.parametrize("game", GAMES)
def test_round_trip_through_json(game):
    assert load(json.loads(json.dumps(export(game)))) == game


def refused(data) -> ImportProblem:
    """The ImportProblem of loading this data; it must have words for a person."""
    with pytest.raises(ImportProblem) as error:
        load(data)
    problem = error.value
    if problem.game is None:
        assert say(problem.code, kind="schieber")
    else:
        game = problem.game
        names = [name for _, name in game.seats()]
        teams = [t.name for t in game.teams]
        assert say(problem.code, faces=game.rules.deck, names=names, teams=teams, kind="schieber")
    return problem


NOT_AN_EXPORT = code("import_not_an_export")


@pytest.mark.parametrize(
    "data, problem",
    [
        (None, NOT_AN_EXPORT),
        ([], NOT_AN_EXPORT),
        ("game", NOT_AN_EXPORT),
        ({}, NOT_AN_EXPORT),
        ({"format": "jass-scorer/handjass"}, code("import_version_unreadable", known=1)),
    ],
)
def test_wrong_format(data, problem):
    refused_with = refused(data)
    assert refused_with.code == problem
    assert refused_with.game is None


def test_wrong_format_words():
    assert say(refused(None).code) == "Das ist kein exportiertes Spiel dieses Jass-Zählers."


@pytest.mark.parametrize(
    "version, problem",
    [
        (None, code("import_version_unreadable", known=1)),
        (0, code("import_version", version="0", known=1)),
        (2, code("import_version", version="2", known=1)),
        ("1", code("import_version", version="'1'", known=1)),
    ],
)
def test_wrong_version(version, problem):
    assert refused({**export(SMALL), "version": version}).code == problem


def test_wrong_version_words():
    assert say(refused({**export(SMALL), "version": 2}).code) == (
        "Version 2 kann diese Version nicht lesen (nur 1)."
    )
    assert say(refused({**export(SMALL), "version": None}).code) == (
        "Die Version der Datei fehlt oder ist unlesbar (nur 1)."
    )


OST = {"name": "Ost", "players": ["a", "b"]}


def broken(**changes):
    return {**export(SMALL), **changes}


def damaged(key, field):
    return code("import_damaged", problem=code(key, field=field))


@pytest.mark.parametrize(
    "data, problem",
    [
        pytest.param(
            {"format": "jass-scorer/schieber", "version": VERSION},
            ("import_missing", {"key": "teams"}),
        ),
        (
            broken(teams=[{"name": "Ost", "players": ["a1", "a2"]}]),
            damaged("not_two_teams", "teams"),
        ),
        (broken(teams="Ost, West"), damaged("not_list", "teams")),
        pytest.param(
            broken(rules={"deck": "swiss", "target": 2500}),
            ("import_missing", {"key": "multipliers"}),
        ),
        (
            broken(rules={"deck": "swiss", "multipliers": [1, 2], "target": 2500}),
            damaged("not_object", "rules.multipliers"),
        ),
        (broken(hands=5), damaged("not_list", "hands")),
        (broken(hands=[5]), damaged("not_object", "hands")),
        pytest.param(broken(hands=[{"points": 90}]), ("import_missing", {"key": "contract"})),
        (
            broken(hands=[{"contract": "rosen", "points": 90, "weis": 20}]),
            damaged("not_list", "weis"),
        ),
        (broken(first_vorhand="Anna"), damaged("not_whole", "first_vorhand")),
    ],
)
def test_broken_data(data, problem):
    refused_with = refused(data)
    assert refused_with.code == problem
    assert refused_with.game is None


def test_broken_data_words():
    words = say(refused(broken(hands=5)).code)
    assert words.startswith("Die Datei ist unvollständig oder beschädigt (")
    assert words.endswith("ands: keine Liste).")  # the field is named, the value never shown


@pytest.mark.parametrize(
    "hand, problem",
    [
        ({"contract": "rosen", "points": "90"}, damaged("not_whole", "points")),
        ({"contract": "rosen", "points": 90, "weis": [20]}, damaged("not_two", "weis")),
        (
            {"contract": "rosen", "points_team": 5, "match": True},
            code("hand_problems", number=1, problems=(code("points_team"),)),
        ),
        ({"contract": "rosen", "points": 90.5}, damaged("not_whole", "points")),
    ],
)
def test_broken_hand_values(hand, problem):
    # The document is read "as strictly as a table entering it by hand": a wrongly typed hand is
    # an ImportProblem, never a crash or a game with non-integer points.
    assert refused(broken(hands=[hand])).code == problem


def in_setup(problem):
    return code("import_setup", problems=(problem,))


def in_hand(number, problem):
    return code("hand_problems", number=number, problems=(problem,))


@pytest.mark.parametrize(
    "data, problem",
    [
        (
            broken(teams=[OST, {"name": "ost", "players": ["c", "d"]}]),  # same team name
            in_setup(code("team_names_same")),
        ),
        (
            broken(teams=[OST, {"name": "West", "players": ["A", "c"]}]),  # same player name
            in_setup(code("player_names_same")),
        ),
        (
            broken(rules={**MODERN.to_dict(), "target": 50}),
            in_setup(code("rules_target", least=100, most=100_000)),
        ),
        (
            broken(rules={**MODERN.to_dict(), "multipliers": {**MODERN.multipliers, "rosen": 21}}),
            in_setup(code("rules_multiplier", most=20)),
        ),
        (broken(first_vorhand=4), in_setup(code("first_vorhand"))),
        (
            broken(
                hands=[{"contract": "rosen", "weis": [20, 0]}, {"contract": "rosen", "points": 9}]
            ),
            code("hand_open_early", number=1),
        ),
        (
            broken(hands=[{"contract": "rosen", "points": 156}]),
            in_hand(1, code("points_impossible", points=156)),
        ),
        (
            broken(hands=[{"contract": "obenabe", "points": 90, "stoeck": 0}]),
            in_hand(1, code("stoeck_no_trump", contract="obenabe")),
        ),
        (
            broken(hands=[{"contract": "rosen", "match": True}] * 5, rules=SIMPLE.to_dict()),
            code("hands_after_end", number=4),
        ),
    ],
)
def test_impossible_game_refused(data, problem):
    refused_with = refused(data)
    assert refused_with.code == problem
    assert refused_with.game is not None  # read as far as a game: its names word the code


def test_impossible_game_words():
    problem = refused(broken(hands=[{"contract": "obenabe", "points": 90, "stoeck": 0}]))
    assert say(problem.code, kind="schieber") == (
        "Hand 1: Stöck gibt es nur mit Trumpf, nicht bei Obenabe."
    )
    problem = refused(broken(hands=[{"contract": "rosen", "points": 156}]))
    assert say(problem.code, kind="schieber") == (
        "Hand 1: 156 gibt es nicht: keine Karte zählt 1 Punkt."
    )


def test_import_problem_is_a_value_error():
    assert issubclass(ImportProblem, ValueError)


def test_state_dict_small_game():
    assert state_dict(SMALL) == {
        "teams": ["Ost", "West"],
        "target": 2500,
        "totals": [180, 1055],
        "slates": [
            {"hundreds": 1, "fifties": 1, "twenties": 1, "rest": 10},
            {"hundreds": 9, "fifties": 2, "twenties": 2, "rest": 15},
        ],
        "matches": [0, 1],
        "bergpreis": None,
        "winner": None,
        "schneider": False,
        "tie": False,
        "open_hand": False,
        "hands": [
            {
                "number": 1,
                "contract": "schellen",
                "multiplier": 2,
                "caller": "a1",
                "scores": [180, 134],
                "totals": [180, 134],
            },
            {
                "number": 2,
                "contract": "obenabe",
                "multiplier": 3,
                "caller": "b2",
                "scores": [0, 921],
                "totals": [180, 1055],
            },
        ],
    }


def test_state_dict_finished_game():
    data = state_dict(Game(TEAMS, SIMPLE, 0, (MATCH_A,) * 4))
    assert data["target"] == 1000
    assert data["totals"] == [1028, 0]
    assert data["winner"] == {"team": 0, "hand": 4, "step": "stich"}
    assert data["bergpreis"] == {"team": 0, "hand": 2, "step": "stich"}
    assert data["schneider"] is True
    assert data["matches"] == [4, 0]
    assert [h["caller"] for h in data["hands"]] == ["a1", "b1", "a2", "b2"]


def test_state_dict_open_hand():
    data = state_dict(Game(TEAMS, MODERN, 0, (Hand("schilten", weis=(0, 100), stoeck=0),)))
    assert data["open_hand"] is True
    assert data["totals"] == [40, 200]
    assert data["hands"][0]["scores"] == [40, 200]
