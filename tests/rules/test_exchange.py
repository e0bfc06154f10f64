"""Export and import of games, and the computed state as plain data."""

import json

import pytest

from scorer.exchange import FORMAT, VERSION, ImportProblem, export, load, state_dict
from scorer.schieber.contracts import Rules
from scorer.schieber.game import Game, Hand, Team

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
    assert data["format"] == FORMAT == "jass-scorer/schieber"
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
        "declarations": [],
        "claim": None,
    }


@pytest.mark.parametrize("game", GAMES)
def test_round_trip(game):
    assert load(export(game)) == game


@pytest.mark.parametrize("game", GAMES)
def test_round_trip_through_json(game):
    assert load(json.loads(json.dumps(export(game)))) == game


@pytest.mark.parametrize("data", [None, [], "game", {}, {"format": "jass-scorer/handjass"}])
def test_wrong_format(data):
    with pytest.raises(ImportProblem) as error:
        load(data)
    assert str(error.value)


@pytest.mark.parametrize("version", [None, 0, 2, "1"])
def test_wrong_version(version):
    with pytest.raises(ImportProblem) as error:
        load({**export(SMALL), "version": version})
    assert str(error.value)


OST = {"name": "Ost", "players": ["a", "b"]}


def broken(**changes):
    return {**export(SMALL), **changes}


@pytest.mark.parametrize(
    "data",
    [
        {"format": FORMAT, "version": VERSION},
        broken(teams=[{"name": "Ost", "players": ["a1", "a2"]}]),
        broken(teams="Ost, West"),
        broken(rules={"deck": "swiss", "target": 2500}),
        broken(rules={"deck": "swiss", "multipliers": [1, 2], "target": 2500}),
        broken(hands=5),
        broken(hands=[5]),
        broken(hands=[{"points": 90}]),
        broken(hands=[{"contract": "rosen", "points": 90, "weis": 20}]),
        broken(first_vorhand="Anna"),
    ],
)
def test_broken_data(data):
    with pytest.raises(ImportProblem) as error:
        load(data)
    assert str(error.value)


@pytest.mark.parametrize(
    "hand",
    [
        {"contract": "rosen", "points": "90"},
        {"contract": "rosen", "points": 90, "weis": [20]},
        {"contract": "rosen", "points_team": 5, "match": True},
        {"contract": "rosen", "points": 90.5},
    ],
)
def test_broken_hand_values(hand):
    # The document is read "as strictly as a table entering it by hand": a wrongly typed hand is
    # an ImportProblem, never a crash or a game with non-integer points.
    with pytest.raises(ImportProblem):
        load(broken(hands=[hand]))


@pytest.mark.parametrize(
    "data",
    [
        broken(teams=[OST, {"name": "ost", "players": ["c", "d"]}]),  # same team name
        broken(teams=[OST, {"name": "West", "players": ["A", "c"]}]),  # same player name
        broken(rules={**MODERN.to_dict(), "target": 50}),
        broken(rules={**MODERN.to_dict(), "multipliers": {**MODERN.multipliers, "rosen": 21}}),
        broken(first_vorhand=4),
        broken(hands=[{"contract": "rosen", "weis": [20, 0]}, {"contract": "rosen", "points": 9}]),
        broken(hands=[{"contract": "rosen", "points": 156}]),
        broken(hands=[{"contract": "obenabe", "points": 90, "stoeck": 0}]),
        broken(hands=[{"contract": "rosen", "match": True}] * 5, rules=SIMPLE.to_dict()),
    ],
)
def test_impossible_game_refused(data):
    with pytest.raises(ImportProblem) as error:
        load(data)
    assert str(error.value)


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
