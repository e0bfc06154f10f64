"""`flask --app scorer draw`: the seat plans of K Passen for N players as JSON."""

from __future__ import annotations

import json

from scorer.club.plan import Plan, pairs_of


def test_draw_prints_the_passen_as_json(app):
    result = app.test_cli_runner().invoke(
        args=["draw", "--players", "16", "--passen", "5", "--seed", "abend"]
    )
    assert result.exit_code == 0, result.output
    passen = json.loads(result.output)
    assert [p["passe"] for p in passen] == [1, 2, 3, 4, 5]
    for passe in passen:
        assert sorted(s for table in passe["tables"] for s in table) == list(range(16))
        assert passe["sit_out"] == [] and passe["seed"] == "abend" and passe["attempt"] == 0
        assert passe["repeats"] == {
            "partners_repeated": 0,
            "mates_repeated": 0,
            "thirds_repeated": 0,
            "partner_pairs": [],
            "mate_pairs": [],
            "third_pairs": [],
        }
        assert set(passe["so_far"].values()) == {0}
    mates, _ = pairs_of(Plan(tuple(map(tuple, p["tables"]))) for p in passen)
    assert set(mates.values()) == {1} and len(mates) == 120
    again = app.test_cli_runner().invoke(
        args=["draw", "--players", "16", "--passen", "5", "--seed", "abend"]
    )
    assert again.output == result.output


def test_draw_prints_what_the_passen_repeat_together_beside_the_fewest_possible(app):
    """8 players over 3 Passen: 12 pairs twice, where 8 would take four pairs three times."""
    result = app.test_cli_runner().invoke(args=["draw", "-n", "8", "-k", "3", "-s", "zwölf"])
    passen = json.loads(result.output)
    assert [p["repeats"]["mates_repeated"] for p in passen] == [0, 4, 8]
    assert [p["repeats"]["thirds_repeated"] for p in passen] == [0, 0, 0]
    assert passen[-1]["so_far"] == {
        "repeats": 12,
        "thirds": 0,
        "partners": 0,
        "least": 12,
        "least_with_thirds": 8,
        "least_thirds": 0,
    }


def test_draw_lists_sit_outs_apart_and_the_table_of_six(app):
    result = app.test_cli_runner().invoke(args=["draw", "-n", "11", "-k", "2", "-s", "1"])
    assert result.exit_code == 0, result.output
    passen = json.loads(result.output)
    assert [len(p["sit_out"]) for p in passen] == [3, 3]
    assert not set(passen[0]["sit_out"]) & set(passen[1]["sit_out"])
    result = app.test_cli_runner().invoke(args=["draw", "-n", "10", "-k", "1"])
    assert [len(t) for t in json.loads(result.output)[0]["tables"]] == [6, 4]


def test_draw_without_a_seed_prints_the_one_it_chose(app):
    result = app.test_cli_runner().invoke(args=["draw", "-n", "8", "-k", "1"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)[0]["seed"]


def test_draw_refuses_too_few_players_and_passen(app):
    wrong = (["-n", "3", "-k", "2"], ["-n", "8", "-k", "0"], ["-n", "x", "-k", "1"], ["-k", "2"])
    for args in wrong:
        result = app.test_cli_runner().invoke(args=["draw", *args])
        assert result.exit_code == 2
        assert "Error" in result.output
    result = app.test_cli_runner().invoke(args=["draw", "-n", "3", "-k", "1"])
    assert "3 is not in the range 4<=x<=200" in result.output
