"""Coiffeur (RULES.md 5, seed 003): the boards, cell values, totals, refusals as codes, the
winner, what each team still needs, and reading a game back strictly."""

from __future__ import annotations

import pytest

from scorer.codes import Invalid, code
from scorer.coiffeur import (
    CUSTOM,
    CoiffeurGame,
    CoiffeurRules,
    Contract,
    Entry,
    Need,
    cell_value,
    contract_list,
    enter,
    known_contracts,
    record_problem,
    replay,
    summary,
)

SWISS_8 = (
    "rosen",
    "eicheln",
    "schilten",
    "schellen",
    "obenabe",
    "undenufe",
    "free1",
    "free2",
)


def board(**multipliers) -> CoiffeurRules:
    """Rules with a custom board: these contracts with these multipliers, in this order."""
    return CoiffeurRules(contracts=tuple(Contract(k, m) for k, m in multipliers.items()))


def game_of(rules: CoiffeurRules, *entries: Entry, teams=("Anna+Ruedi", "Beat+Vreni")):
    """A game with these entries, each entered in turn (and checked)."""
    game = CoiffeurGame(tuple(teams), rules)
    for entry in entries:
        game, errors = enter(game, entry)
        assert errors == {}, entry
    return game


# The boards ----------------------------------------------------------------------------------


def test_eight_round_board_in_order_with_multipliers_one_to_eight():
    rules = CoiffeurRules()
    assert rules.keys == SWISS_8
    assert [c.multiplier for c in rules.contracts] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert rules.contract_list == "8"


def test_ten_round_board_adds_slalom_and_gusti_with_multipliers_one_to_ten():
    rules = CoiffeurRules.with_list("10")
    assert rules.keys == SWISS_8 + ("slalom", "gusti")
    assert [c.multiplier for c in rules.contracts] == list(range(1, 11))
    assert rules.contract_list == "10"


def test_french_deck_uses_its_suit_keys():
    rules = CoiffeurRules.with_list("8", deck="french")
    assert rules.keys[:4] == ("hearts", "diamonds", "clubs", "spades")
    assert rules.keys[4:] == ("obenabe", "undenufe", "free1", "free2")
    assert rules.problems() == {}


def test_known_contracts_of_an_unknown_deck_are_none():
    assert known_contracts("german") == ()
    assert len(known_contracts("swiss")) == 10


def test_custom_board_and_edited_multipliers():
    rules = board(obenabe=3, rosen=12)
    assert rules.contract_list == CUSTOM
    assert rules.multiplier("rosen") == 12
    assert rules.problems() == {}
    edited = CoiffeurRules(
        contracts=tuple(Contract(c.key, 2) for c in contract_list("8"))
    )  # the 8-round board, whatever its multipliers
    assert edited.contract_list == "8"


# Cell values and totals ------------------------------------------------------------------------


def test_cell_values_points_match_and_crossed():
    rules = board(rosen=3, undenufe=6, obenabe=5)
    assert cell_value(Entry(0, "rosen", 95), rules) == 285
    assert cell_value(Entry(0, "undenufe", 157, match=True), rules) == 1542
    assert cell_value(Entry(0, "obenabe", crossed=True), rules) == 0


def test_match_bonus_is_a_setting():
    rules = CoiffeurRules(match_bonus=50)
    assert cell_value(Entry(0, "undenufe", 157, match=True), rules) == 207 * 6


def test_totals_add_each_teams_own_cells():
    game = game_of(
        CoiffeurRules(),
        Entry(0, "rosen", 95),  # 95
        Entry(1, "rosen", 62),  # 62
        Entry(0, "schellen", 157, match=True),  # 257 x 4 = 1028
        Entry(1, "obenabe", 80),  # 400
        Entry(1, "free2", crossed=True),  # 0
    )
    state = replay(game)
    assert state.totals == (95 + 1028, 62 + 400)
    rows = {row[0].contract: row for row in state.rows}
    assert rows["schellen"][0].value == 1028
    assert rows["schellen"][0].match is True
    assert rows["free2"][1].crossed is True
    assert rows["free2"][1].value == 0
    assert rows["free2"][1].filled is True
    assert rows["obenabe"][0].filled is False
    assert rows["obenabe"][0].points is None
    assert rows["rosen"][1].number == 1
    assert state.open_cells[0] == ("eicheln", "schilten", "obenabe", "undenufe", "free1", "free2")
    assert state.open_cells[1] == ("eicheln", "schilten", "schellen", "undenufe", "free1")
    assert state.finished is False
    assert state.winner is None
    assert summary(game, state) == {
        "entries": 5,
        "finished": False,
        "totals": [1123, 462],
        "winner": None,
    }


def test_match_written_as_257_is_stored_as_a_match():
    game = game_of(board(undenufe=6), Entry(1, "undenufe", 257))
    assert game.entries == (Entry(1, "undenufe", 157, match=True),)
    assert replay(game).totals == (0, 1542)


def test_157_without_match_is_just_points():
    game = game_of(board(obenabe=2), Entry(0, "obenabe", 157))
    assert game.entries[0].match is False
    assert replay(game).totals == (314, 0)


# Refusals ------------------------------------------------------------------------------------


def test_a_second_entry_for_a_filled_cell_is_refused():
    game = game_of(CoiffeurRules(), Entry(0, "rosen", 40))
    same, errors = enter(game, Entry(0, "rosen", 50))
    assert same is game
    assert errors == {"contract": code("cell_filled", team=0, contract="rosen")}
    _, errors = enter(game, Entry(1, "rosen", 50))  # the other team's cell is still open
    assert errors == {}


@pytest.mark.parametrize(
    ("entry", "errors"),
    [
        (Entry(0, "rosen", 158), {"points": code("points_range", points=158, high=157, match=257)}),
        (Entry(0, "rosen", -5), {"points": code("points_range", points=-5, high=157, match=257)}),
        (Entry(0, "rosen", 1), {"points": code("points_impossible", points=1)}),
        (Entry(0, "rosen", 156), {"points": code("points_impossible", points=156)}),
        (Entry(0, "slalom", 50), {"contract": code("contract_unknown", contract="slalom")}),
        (Entry(2, "rosen", 50), {"team": code("team_unknown", team=2)}),
        (Entry(True, "rosen", 50), {"team": code("team_unknown", team=None)}),
        (Entry(0, "rosen", 20, crossed=True), {"points": code("crossed_points", points=20)}),
        (
            Entry(0, "rosen", 100, match=True),
            {"points": code("match_points", points=100, high=157)},
        ),
        (Entry(0, "rosen", 157, match=True, crossed=True), {"kind": code("entry_kinds")}),
        (Entry(0, "rosen", countered=True), {"countered": code("counter_match_off")}),
    ],
)
def test_entries_refused_with_codes(entry, errors):
    game = CoiffeurGame(("A", "B"))
    assert enter(game, entry) == (game, errors)


def test_257_is_out_of_range_when_the_match_is_worth_207():
    game = CoiffeurGame(("A", "B"), CoiffeurRules(match_bonus=50))
    _, errors = enter(game, Entry(0, "rosen", 257))
    assert errors == {"points": code("points_range", points=257, high=157, match=207)}
    game, errors = enter(game, Entry(0, "rosen", 207))
    assert errors == {}
    assert game.entries == (Entry(0, "rosen", 157, match=True),)


def test_a_complete_game_takes_no_more_entries():
    game = game_of(board(rosen=1), Entry(0, "rosen", 60), Entry(1, "rosen", 97))
    assert enter(game, Entry(0, "rosen", 10)) == (game, {"game": code("game_finished")})


def test_record_problem_names_the_first_bad_entry():
    good = CoiffeurGame(("A", "B"), entries=(Entry(0, "rosen", 40), Entry(1, "rosen", 257)))
    assert record_problem(good) is None
    bad = good.with_record(good.entries + (Entry(2, "obenabe", 3), Entry(0, "rosen", 40)))
    assert record_problem(bad) == code(
        "entry_problem", number=3, problem=code("team_unknown", team=2)
    )
    twice = good.with_record(good.entries + (Entry(0, "rosen", 40),))
    assert record_problem(twice) == code(
        "entry_problem", number=3, problem=code("cell_filled", team=0, contract="rosen")
    )
    # The replay stops where the record cannot stand.
    state = replay(twice)
    assert state.entries == 2
    assert state.totals == (40, 257)


# Finished, winner, tie -----------------------------------------------------------------------


def test_finished_and_winner():
    game = game_of(
        board(rosen=1, obenabe=3),
        Entry(0, "rosen", 100),
        Entry(1, "obenabe", 60),
        Entry(0, "obenabe", 50),
        Entry(1, "rosen", 87),
    )
    state = replay(game)
    assert state.totals == (250, 267)
    assert state.finished is True
    assert state.winner == 1
    assert state.tie is False
    assert summary(game, state) == {
        "entries": 4,
        "finished": True,
        "totals": [250, 267],
        "winner": 1,
    }


def test_a_tie_has_no_winner():
    game = game_of(board(rosen=2), Entry(0, "rosen", 77), Entry(1, "rosen", 77))
    state = replay(game)
    assert state.finished is True
    assert state.totals == (154, 154)
    assert state.winner is None
    assert state.tie is True
    assert state.leaders == (0, 1)


def test_three_teams():
    game = game_of(
        board(rosen=1, schellen=2),
        Entry(0, "rosen", 50),
        Entry(1, "rosen", 60),
        Entry(2, "rosen", 70),
        Entry(0, "schellen", 100),
        Entry(1, "schellen", 10),
        Entry(2, "schellen", crossed=True),
        teams=("A", "B", "C"),
    )
    state = replay(game)
    assert state.totals == (250, 80, 70)
    assert state.winner == 0
    assert state.tie is False


# What each team still needs ------------------------------------------------------------------


def test_needs_to_pass_a_leader_two_hundred_ahead():
    game = game_of(
        board(rosen=4, obenabe=5, undenufe=6),
        Entry(0, "rosen", 100),  # 400
        Entry(1, "rosen", 50),  # 200
    )
    a, b = replay(game).outlook
    assert (b.total, b.leader, b.needed) == (200, 400, 201)
    assert b.contracts == (
        Need("obenabe", 5, 41),  # 41 x 5 = 205; 40 x 5 = 200 only ties
        Need("undenufe", 6, 34),  # ceil(201 / 6): 34 x 6 = 204
    )
    assert b.best == 200 + 257 * 11
    assert (b.can_still_win, b.out_of_reach) == (True, False)
    assert a.needed == 0
    assert a.contracts == (Need("obenabe", 5, 0), Need("undenufe", 6, 0))
    assert (a.can_still_win, a.out_of_reach) == (True, False)


def test_only_a_match_can_do_it():
    game = game_of(
        board(rosen=2, obenabe=3),
        Entry(0, "obenabe", 120),  # 360
        Entry(1, "obenabe", 0),
    )
    _, b = replay(game).outlook
    assert b.needed == 361
    # ceil(361 / 2) = 181 is more than 157, but a Match gives 514.
    assert b.contracts == (Need("rosen", 2, None, match=True),)
    assert (b.best, b.can_still_win, b.out_of_reach) == (514, True, False)


def test_out_of_reach_when_even_a_match_everywhere_falls_short():
    game = game_of(
        board(rosen=1, obenabe=10),
        Entry(0, "obenabe", 157),  # 1570
        Entry(1, "obenabe", crossed=True),
    )
    _, b = replay(game).outlook
    assert b.best == 257
    assert b.needed == 1571
    assert b.contracts == (Need("rosen", 1, None, match=False),)
    assert (b.can_still_win, b.out_of_reach) == (False, True)


def test_a_best_equal_to_the_leader_can_only_tie():
    game = game_of(
        board(rosen=1, obenabe=1),
        Entry(0, "obenabe", 157, match=True),  # 257
        Entry(1, "obenabe", 0),
    )
    _, b = replay(game).outlook
    assert (b.best, b.leader, b.needed) == (257, 257, 258)
    assert (b.can_still_win, b.out_of_reach) == (False, False)
    assert b.contracts == (Need("rosen", 1, None, match=False),)  # a Match only ties


def test_needs_skip_scores_nobody_can_make():
    # Level at the start: 1 point would do, but no card counts 1: 2 it is.
    start = replay(CoiffeurGame(("A", "B"), board(rosen=1, obenabe=2))).outlook
    assert start[0].needed == 1
    assert start[0].contracts == (Need("rosen", 1, 2), Need("obenabe", 2, 2))
    # 156 behind at x1 takes 157, since nobody ends with 156.
    game = game_of(board(rosen=1, obenabe=1), Entry(0, "rosen", 155))
    _, b = replay(game).outlook
    assert b.needed == 156
    assert b.contracts == (Need("rosen", 1, 157), Need("obenabe", 1, 157))


# Counter-Match -------------------------------------------------------------------------------


def test_counter_match_credits_the_other_team_a_match():
    rules = CoiffeurRules(
        contracts=(Contract("rosen", 1), Contract("obenabe", 2)), counter_match=True
    )
    start = replay(CoiffeurGame(("A", "B"), rules)).outlook
    assert start[0].best == 257 * 3 + 257 * 3  # its own Matches and the other's countered
    game = game_of(rules, Entry(0, "obenabe", countered=True))
    state = replay(game)
    cell = state.rows[1][0]
    assert (cell.countered, cell.value, cell.counter) == (True, 0, 514)
    assert state.totals == (0, 514)
    assert state.counter == (0, 514)
    _, errors = enter(game, Entry(1, "rosen", 30, countered=True))
    assert errors == {"points": code("countered_points", points=30)}


def test_counter_match_needs_two_teams():
    rules = CoiffeurRules(counter_match=True)
    assert CoiffeurGame(("A", "B"), rules).problems() == {}
    assert CoiffeurGame(("A", "B", "C"), rules).problems() == {
        "counter_match": code("counter_match_two_teams")
    }


# Set-up problems -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("teams", "problem"),
    [
        (("A",), code("teams_count", count=1, low=2, high=3)),
        (("A", "B", "C", "D"), code("teams_count", count=4, low=2, high=3)),
        (("A", "  "), code("team_name_missing", team=1)),
        (("Anna+Ruedi", " anna+ruedi "), code("team_names_same", team=1, other=0)),
        (("A", "x" * 41), code("name_too_long", most=40, team=1)),
        (("A\x07", "B"), code("name_control", team=0)),
    ],
)
def test_team_problems(teams, problem):
    assert CoiffeurGame(teams).problems() == {"teams": problem}


def test_good_set_ups():
    assert CoiffeurGame(("Anna+Ruedi", "Beat+Vreni")).problems() == {}
    assert CoiffeurGame(("A", "B", "C"), CoiffeurRules.with_list("10")).problems() == {}


@pytest.mark.parametrize(
    ("rules", "problems"),
    [
        (CoiffeurRules(deck="german"), {"deck": code("deck_unknown")}),
        (
            CoiffeurRules(deck="french"),  # the Swiss suits are not on a French deck
            {"contracts": code("contract_unknown", contract="rosen")},
        ),
        (CoiffeurRules(contracts=()), {"contracts": code("contracts_empty")}),
        (board(rosen=1, tuo=2), {"contracts": code("contract_unknown", contract="tuo")}),
        (
            CoiffeurRules(contracts=(Contract("rosen", 1), Contract("rosen", 2))),
            {"contracts": code("contract_twice", contract="rosen")},
        ),
        (
            board(rosen=1, obenabe=2, undenufe=21),
            {"multiplier-2": code("multiplier_range", contract="undenufe", low=1, high=20)},
        ),
        (
            board(rosen=0),
            {"multiplier-0": code("multiplier_range", contract="rosen", low=1, high=20)},
        ),
        (
            board(rosen=True),
            {"multiplier-0": code("multiplier_range", contract="rosen", low=1, high=20)},
        ),
        (
            CoiffeurRules(match_bonus=501),
            {"match_bonus": code("match_bonus_range", low=0, high=500)},
        ),
        (
            CoiffeurRules(match_bonus=-1),
            {"match_bonus": code("match_bonus_range", low=0, high=500)},
        ),
        (
            CoiffeurRules(counter_match=1),
            {"counter_match": code("not_flag", field="counter_match")},
        ),
    ],
)
def test_rules_problems(rules, problems):
    assert rules.problems() == problems
    assert CoiffeurGame(("A", "B"), rules).problems() == problems


def test_twenty_is_the_highest_multiplier_and_500_the_highest_bonus():
    assert board(rosen=20).problems() == {}
    assert CoiffeurRules(match_bonus=500).problems() == {}
    assert CoiffeurRules(match_bonus=0).problems() == {}


# Plain data ----------------------------------------------------------------------------------


def test_round_trip_and_rematch():
    rules = CoiffeurRules(
        deck="french",
        contracts=(Contract("spades", 7), Contract("gusti", 3), Contract("free1", 1)),
        match_bonus=150,
        counter_match=True,
    )
    game = game_of(
        rules,
        Entry(0, "spades", 157, match=True),
        Entry(1, "gusti", countered=True),
        Entry(1, "free1", crossed=True),
    )
    data = game.to_dict()
    assert data["rules"]["contracts"][0] == {"key": "spades", "multiplier": 7}
    assert data["entries"][1] == {
        "team": 1,
        "contract": "gusti",
        "points": 0,
        "match": False,
        "crossed": False,
        "countered": True,
    }
    back = CoiffeurGame.from_dict(data)
    assert back == game
    assert replay(back).totals == (307 * 7 + 307 * 3, 0)
    assert game.rematch() == CoiffeurGame(game.teams, rules)
    assert game.KIND == "coiffeur"
    assert game.RECORD == "entries"


def test_missing_settings_take_their_defaults():
    game = CoiffeurGame.from_dict({"teams": ["A", "B"]})
    assert game == CoiffeurGame(("A", "B"))
    french = CoiffeurGame.from_dict({"teams": ["A", "B"], "rules": {"deck": "french"}})
    assert french.rules.keys[:4] == ("hearts", "diamonds", "clubs", "spades")
    assert [c.multiplier for c in french.rules.contracts] == list(range(1, 9))
    assert french.problems() == {}


def _with(path: tuple, value) -> dict:
    """A stored game with one value replaced."""
    data = game_of(CoiffeurRules(), Entry(0, "rosen", 40)).to_dict()
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "key", "field"),
    [
        (("entries", 0, "points"), "40", "not_whole", "entries.points"),
        (("entries", 0, "points"), 40.0, "not_whole", "entries.points"),
        (("entries", 0, "team"), False, "not_whole", "entries.team"),
        (("entries", 0, "contract"), 3, "not_text", "entries.contract"),
        (("entries", 0, "match"), 0, "not_flag", "entries.match"),
        (("entries", 0, "crossed"), "no", "not_flag", "entries.crossed"),
        (("entries", 0), ["rosen", 40], "not_object", "entries"),
        (("entries",), {"0": {}}, "not_list", "entries"),
        (("teams",), "A, B", "not_list", "teams"),
        (("teams", 0), None, "not_text", "teams"),
        (("rules",), [], "not_object", "rules"),
        (("rules", "deck"), 1, "not_text", "rules.deck"),
        (("rules", "match_bonus"), True, "not_whole", "rules.match_bonus"),
        (("rules", "counter_match"), "false", "not_flag", "rules.counter_match"),
        (("rules", "contracts"), "rosen", "not_list", "rules.contracts"),
        (("rules", "contracts", 0), ["rosen", 1], "not_object", "rules.contracts"),
        (("rules", "contracts", 0, "multiplier"), "1", "not_whole", "rules.contracts.multiplier"),
        (("rules", "contracts", 0, "key"), None, "not_text", "rules.contracts.key"),
    ],
)
def test_from_dict_is_strict(path, value, key, field):
    with pytest.raises(Invalid) as caught:
        CoiffeurGame.from_dict(_with(path, value))
    assert caught.value.code == code(key, field=field)
    assert isinstance(caught.value, ValueError)


def test_from_dict_without_required_keys():
    with pytest.raises(KeyError):
        CoiffeurGame.from_dict({"entries": []})
    with pytest.raises(KeyError):
        CoiffeurGame.from_dict({"teams": ["A", "B"], "entries": [{"points": 40}]})
    with pytest.raises(Invalid):
        CoiffeurGame.from_dict(["A", "B"])


def test_the_engine_imports_no_other_mode_nor_the_web():
    import ast
    from pathlib import Path

    import scorer.coiffeur

    allowed = {"scorer.cards", "scorer.codes", "scorer.names", "scorer.stakes", "scorer.lookback"}
    for path in Path(scorer.coiffeur.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                assert not name.startswith(("flask", "sqlite")), (path.name, name)
                if name.startswith("scorer"):
                    assert name in allowed or name.startswith("scorer.coiffeur"), (
                        path.name,
                        name,
                    )
