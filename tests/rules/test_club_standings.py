"""A club evening's standings: a game's score, a table's Passe, the Joker, the dropped Passe,
the tie-breaks (never alphabetical) and a season, with real numbers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scorer.club.season import SeasonRules, season
from scorer.club.standings import (
    Result,
    Scoring,
    TableGame,
    game_problems,
    passe_problems,
    side_scores,
    standings,
    table_figures,
    table_results,
)

TOURNAMENT = Scoring()


def test_a_tournament_game_counts_once_and_a_match_is_157_unless_the_evening_adds_a_bonus():
    assert side_scores(TableGame((100, 57)), TOURNAMENT) == (100, 57)
    assert side_scores(TableGame((157, 0), match=0), TOURNAMENT) == (157, 0)
    assert side_scores(TableGame((0, 157), match=1), Scoring(match_bonus=100)) == (0, 257)
    # With Weis and Stöck and a contract's multiplier, when the evening plays them.
    game = TableGame((90, 67), extras=(20, 50), multiplier=2)
    assert side_scores(game, TOURNAMENT) == (220, 234)


def test_a_table_phone_writes_one_sides_points_and_the_rest_of_157_for_the_other():
    assert TableGame.entered(95, 1) == TableGame((62, 95))
    assert TableGame.entered(0, 0) == TableGame((0, 157))
    assert TableGame.entered(40, 1, match=True) == TableGame((0, 157), match=1)
    assert TableGame.entered(100, 0, extras=(50, 20)) == TableGame((100, 57), extras=(50, 20))


def test_by_striche_a_won_game_is_one_strich_and_a_match_two():
    striche = Scoring(ranking="striche")
    assert side_scores(TableGame((100, 57)), striche) == (1, 0)
    assert side_scores(TableGame((40, 117)), striche) == (0, 1)
    assert side_scores(TableGame((157, 0), match=0), striche) == (2, 0)
    # Weis can turn a game: 70 + 50 against 87.
    assert side_scores(TableGame((70, 87), extras=(50, 0)), striche) == (1, 0)


def test_a_game_that_does_not_add_up_to_157_is_named():
    assert game_problems(TableGame((100, 57))) == []
    assert game_problems(TableGame((100, 56))) == [
        ("club_game_sum", {"points": 156, "expected": 157})
    ]
    assert game_problems(TableGame((-3, 160))) == [
        ("club_game_sum", {"points": 157, "expected": 157})
    ]
    assert game_problems(TableGame((150, 7), match=0)) == [("club_match_points", {"points": 150})]


def test_a_passe_is_handed_in_only_complete_and_adding_up():
    good = [TableGame((60 + i, 97 - i)) for i in range(12)]
    assert passe_problems(good, 12) == []
    assert sum(sum(g.tricks) for g in good) == 1884
    assert passe_problems(good[:11], 12) == [("club_passe_games", {"entered": 11, "expected": 12})]
    wrong = [*good[:2], TableGame((80, 80)), *good[3:]]
    assert passe_problems(wrong, 12) == [
        (
            "club_passe_game",
            {"number": 3, "problem": ("club_game_sum", {"points": 160, "expected": 157})},
        )
    ]


def test_partners_share_their_sides_points_at_a_table_of_four_and_of_six():
    games = [TableGame((100, 57)), TableGame((30, 127)), TableGame((157, 0), match=0)]
    four = table_results(["Anna", "Ben", "Clara", "Dani"], games, TOURNAMENT)
    assert four == {"Anna": 287, "Clara": 287, "Ben": 184, "Dani": 184}
    six = table_results([0, 1, 2, 3, 4, 5], games, Scoring(match_bonus=100))
    assert six == {0: 387, 2: 387, 4: 387, 1: 184, 3: 184, 5: 184}


def values(row) -> list:
    return [None if r is None else ("J" if r.joker else r.value) for r in row.passen]


def test_the_worst_passe_is_struck_once_all_are_in_and_the_ranking_is_provisional_before():
    passen = [
        {"Anna": 1000, "Ben": 900, "Clara": 800, "Dani": 700},
        {"Anna": 700, "Ben": 1000, "Clara": 900, "Dani": 950},
        {"Anna": 950, "Ben": 600, "Clara": 900, "Dani": 900},
    ]
    players = ["Anna", "Ben", "Clara", "Dani"]
    drop = Scoring(dropped=1)
    after_two = standings(players, 3, passen[:2], [[], []], drop)
    assert [(r.rank, r.player, r.total, r.provisional) for r in after_two] == [
        (1, "Ben", 1900, True),
        (2, "Anna", 1700, True),  # level with Clara; her best Passe (1000) is the better
        (3, "Clara", 1700, True),
        (4, "Dani", 1650, True),
    ]
    final = standings(players, 3, passen, [[], [], []], drop)
    # Anna 1000 + 950 (700 struck), Dani 950 + 900 (700 struck), Ben 1900 (600 struck),
    # Clara 900 + 900 (800 struck).
    assert [(r.rank, r.player, r.total) for r in final] == [
        (1, "Anna", 1950),
        (2, "Ben", 1900),
        (3, "Dani", 1850),
        (4, "Clara", 1800),
    ]
    anna = final[0]
    assert anna.passen == (Result(1000), Result(700, dropped=True), Result(950))
    assert not any(r.provisional for r in final)
    # Without a dropped Passe every Passe counts and nothing is provisional.
    plain = standings(players, 3, passen, [[], [], []], TOURNAMENT)
    assert [(r.player, r.total) for r in plain] == [
        ("Anna", 2650),
        ("Clara", 2600),
        ("Dani", 2550),
        ("Ben", 2500),
    ]


def test_ties_go_to_the_better_best_passe_then_the_second_best_then_a_shared_rank():
    passen = [
        {"Zora": 900, "Anna": 800, "Moritz": 850, "Beat": 850},
        {"Zora": 700, "Anna": 800, "Moritz": 750, "Beat": 750},
        {"Zora": 800, "Anna": 800, "Moritz": 800, "Beat": 800},
    ]
    rows = standings(["Anna", "Beat", "Moritz", "Zora"], 3, passen, [[], [], []], TOURNAMENT)
    # All four have 2400: Zora's best Passe is 900; Beat and Moritz are level in every Passe
    # and share rank 2 (in the order they were listed); Anna's best is 800.
    assert [(r.rank, r.player, r.total) for r in rows] == [
        (1, "Zora", 2400),
        (2, "Beat", 2400),
        (2, "Moritz", 2400),
        (4, "Anna", 2400),
    ]


def test_a_sit_out_scores_the_fields_average_rounded_half_up_or_a_fixed_joker():
    passe = {"Anna": 901, "Ben": 900, "Clara": 900, "Dani": 900}  # average 900.25
    rows = standings(["Anna", "Ben", "Clara", "Dani", "Eva"], 1, [passe], [["Eva"]], TOURNAMENT)
    eva = next(r for r in rows if r.player == "Eva")
    assert eva.passen == (Result(900, joker=True),) and values(eva) == ["J"]
    half = {"Anna": 901, "Ben": 900}  # 900.5 rounds up
    assert standings(["Eva"], 1, [half], [["Eva"]], TOURNAMENT)[0].total == 901
    fixed = standings(["Eva"], 1, [passe], [["Eva"]], Scoring(joker=750))
    assert fixed[0].total == 750
    # A player added after Passe 1 has no result for it, and is provisional with a dropped Passe.
    late = standings(
        ["Anna", "Fritz"], 2, [passe, {"Anna": 800, "Fritz": 1000}], [[], []], Scoring(dropped=1)
    )
    fritz = next(r for r in late if r.player == "Fritz")
    assert values(fritz) == [None, 1000] and fritz.provisional and fritz.total == 1000


def test_a_season_counts_the_best_evenings_the_final_double_or_formula_1_points():
    def evening(results):
        return standings(list(results), 1, [results], [[]], TOURNAMENT)

    evenings = [
        evening({"Anna": 900, "Ben": 800, "Clara": 700}),
        evening({"Anna": 600, "Ben": 900, "Clara": 800}),
        evening({"Anna": 850, "Ben": 700, "Clara": 850}),  # the final
    ]
    best_two = season(evenings, SeasonRules(best=2))
    assert [(r.rank, r.player, r.total) for r in best_two] == [
        (1, "Anna", 1750),
        (2, "Ben", 1700),
        (3, "Clara", 1650),
    ]
    assert best_two[0].counted == (True, False, True)
    final = season(evenings, SeasonRules(best=2, final_double=True))
    # Anna 1700 (850 × 2) + 900, Clara 1700 + 800, Ben 1400 (700 × 2) + 900.
    assert [(r.rank, r.player, r.total) for r in final] == [
        (1, "Anna", 2600),
        (2, "Clara", 2500),
        (3, "Ben", 2300),
    ]
    f1 = season(evenings, SeasonRules(f1_points=True))
    # Ranks: Anna 1, 3, 1 (shared) -> 25 + 15 + 25; Ben 2, 1, 3 -> 18 + 25 + 15;
    # Clara 3, 2, 1 (shared) -> 15 + 18 + 25.
    assert [(r.rank, r.player, r.total) for r in f1] == [
        (1, "Anna", 65),
        (2, "Ben", 58),
        (2, "Clara", 58),
    ]


results = st.dictionaries(st.sampled_from(range(10)), st.integers(0, 2000), min_size=1)


@given(
    st.lists(results, min_size=1, max_size=5),
    st.integers(0, 1),
    st.permutations(list(range(10))),
)
def test_standings_add_up_and_rank_whatever_the_order_players_are_listed_in(passen, drop, order):
    scoring = Scoring(dropped=drop)
    sat_out = [[p for p in range(10) if p not in played][:2] for played in passen]
    rows = standings(list(range(10)), len(passen), passen, sat_out, scoring)
    again = {r.player: r.rank for r in standings(order, len(passen), passen, sat_out, scoring)}
    assert {r.player: r.rank for r in rows} == again
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    for row in rows:
        counting = [r.value for r in row.passen if r is not None and not r.dropped]
        assert row.total == sum(counting)
        struck = [r for r in row.passen if r is not None and r.dropped]
        complete = all(r is not None for r in row.passen)
        assert len(struck) == (drop if complete and len(passen) > drop else 0)
        if struck:
            assert struck[0].value == min(r.value for r in row.passen)
        assert row.provisional == (drop == 1 and not complete)
    for a, b in zip(rows, rows[1:], strict=False):
        assert a.total >= b.total


def test_a_player_who_came_later_or_left_early_is_final_once_their_passen_are_in():
    """With a dropped Passe, a Passe a player did not take part in is the one struck (it gives
    nothing): their line is final once the Passen they played are in, not provisional for
    ever; who played every Passe has the worst struck as before."""
    passen = [
        {"Anna": 900, "Ben": 800, "Clara": 700},
        {"Anna": 600, "Ben": 1000, "Dani": 950},
        {"Anna": 800, "Ben": 700, "Dani": 900},
    ]
    takes_part = {"Anna": {1, 2, 3}, "Ben": {1, 2, 3}, "Clara": {1}, "Dani": {2, 3}}
    rows = standings(
        ["Anna", "Ben", "Clara", "Dani"], 3, passen, [[], [], []], Scoring(dropped=1),
        takes_part=takes_part,
    )  # fmt: skip
    assert not any(r.provisional for r in rows)
    by_name = {r.player: r for r in rows}
    assert values(by_name["Dani"]) == [None, 950, 900] and by_name["Dani"].total == 1850
    assert not any(r is not None and r.dropped for r in by_name["Dani"].passen)
    assert values(by_name["Clara"]) == [700, None, None] and by_name["Clara"].total == 700
    assert by_name["Anna"].passen[1] == Result(600, dropped=True) and by_name["Anna"].total == 1700
    # Before Dani's last Passe is in, Dani's line is still provisional; Clara's is final.
    early = standings(
        ["Clara", "Dani"], 3, passen[:2], [[], []], Scoring(dropped=1), takes_part=takes_part
    )
    assert [(r.player, r.provisional) for r in early] == [("Dani", True), ("Clara", False)]


def test_the_tie_break_chain_can_be_chosen_with_the_matches_among_its_steps():
    """Level totals go to the better Passen by default; an evening may choose its own steps,
    the Matches and the points among them (TIE_BREAKS), each counting the Passen played."""
    games = [TableGame((157, 0), match=0), TableGame((0, 157))]
    figures = table_figures(["Anna", "Ben", "Clara", "Dani"], games, Scoring(match_bonus=100))
    assert figures == {"Anna": (1, 257), "Clara": (1, 257), "Ben": (0, 157), "Dani": (0, 157)}
    players = ["Anna", "Ben", "Zora"]
    passen = [{"Anna": 800, "Ben": 900, "Zora": 850}, {"Anna": 900, "Ben": 800, "Zora": 850}]
    passe_figures = [
        {"Anna": (2, 0), "Ben": (0, 0), "Zora": (1, 0)},
        {"Anna": (0, 0), "Ben": (1, 0), "Zora": (0, 0)},
    ]

    def ranks(*steps):
        scoring = Scoring(tie_break=steps) if steps else TOURNAMENT
        rows = standings(players, 2, passen, [[], []], scoring, figures=passe_figures)
        return [(r.rank, r.player) for r in rows]

    # Every one 1700: Anna and Ben have a 900, Zora none; by Matches Anna has 2, Ben and Zora 1.
    assert ranks() == [(1, "Anna"), (1, "Ben"), (3, "Zora")]
    assert ranks("passen") == ranks()
    assert ranks("matches") == [(1, "Anna"), (2, "Ben"), (2, "Zora")]
    assert ranks("matches", "passen") == [(1, "Anna"), (2, "Ben"), (3, "Zora")]
    assert ranks("passen", "matches") == [(1, "Anna"), (2, "Ben"), (3, "Zora")]
    # Points: by Striche the points the games made decide.
    striche = Scoring(ranking="striche", tie_break=("points",))
    level = [{"Anna": 3, "Ben": 3}]
    points = [{"Anna": (0, 1200), "Ben": (0, 1300)}]
    rows = standings(["Anna", "Ben"], 1, level, [[]], striche, figures=points)
    assert [(r.rank, r.player, r.total) for r in rows] == [(1, "Ben", 3), (2, "Anna", 3)]
    # A struck Passe counts no Matches: Anna's two were in her 800, struck; level with Ben.
    drop = Scoring(dropped=1, tie_break=("matches",))
    rows = standings(["Anna", "Ben"], 2, passen[:2], [[], []], drop, figures=passe_figures)
    assert [(r.rank, r.player, r.total) for r in rows] == [(1, "Anna", 900), (1, "Ben", 900)]
    # Nor does a Joker: Zora sat Passe 2 out (the average, 850), where Anna made a Match.
    joker = Scoring(tie_break=("matches",))
    level = [{"Anna": 850, "Zora": 850}, {"Anna": 850}]
    made = [{"Anna": (1, 0), "Zora": (1, 0)}, {"Anna": (1, 0)}]
    rows = standings(["Zora", "Anna"], 2, level, [[], ["Zora"]], joker, figures=made)
    assert [(r.rank, r.player, r.total) for r in rows] == [(1, "Anna", 1700), (2, "Zora", 1700)]


def test_an_evening_keeps_its_tie_break_and_one_stored_without_reads_as_before():
    from scorer.club.event import Event
    from scorer.codes import Invalid

    plain = Event("Abend", "2026-11-27")
    assert "tie_break" not in plain.to_dict()
    assert Event.from_dict(plain.to_dict()).scoring.tie_break == ("passen",)
    chosen = Event("Abend", "2026-11-27", scoring=Scoring(tie_break=("matches", "passen")))
    assert chosen.to_dict()["tie_break"] == ["matches", "passen"]
    assert Event.from_dict(chosen.to_dict()) == chosen
    for wrong in ([], ["coin"], ["matches", "matches"], "matches", ["passen"] * 4, [1]):
        try:
            Event.from_dict({**chosen.to_dict(), "tie_break": wrong})
        except Invalid as invalid:
            assert invalid.code.key == "club_event_invalid"
        else:
            raise AssertionError(wrong)
