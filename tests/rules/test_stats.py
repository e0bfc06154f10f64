"""Looking back: what each mode's stats.py says a real game gave every team and player, and how
scorer.lookback adds games up."""

from __future__ import annotations

from scorer import modes
from scorer.coiffeur import CoiffeurGame, CoiffeurRules, Contract
from scorer.coiffeur import Entry as Cell
from scorer.differenzler import DifferenzlerGame, DifferenzlerRules, Round
from scorer.handjass.game import HandjassGame
from scorer.lookback import tally
from scorer.schieber.contracts import Rules
from scorer.schieber.game import Game, Hand, Team
from tests.rules.test_handjass import FOUR, enter_all, full_game, ranked

SIMPLE = Rules.from_preset("simple")  # target 1000, every contract x1: Schneider below 500


def schieber_game() -> Game:
    """Ost (a1, a2) against West (b1, b2), a1 Vorhand first; Ost wins 1011 : 174, Schneider.

    1. a1 calls Rosen: Match for Ost, and 100 Weis        357 : 0
    2. b1 shoves, b2 calls Eicheln: West 100 and 50 Weis  414 : 150
    3. a2 shoves, a1 calls Schellen: Match for Ost        671 : 150
    4. b2 calls Obenabe: Ost 140                          811 : 167
    5. a1 calls Rosen: Ost 150 and 50 Weis               1011 : 174
    """
    teams = (Team("Ost", ("a1", "a2")), Team("West", ("b1", "b2")))
    hands = (
        Hand("rosen", points_team=0, match=True, weis=(100, 0)),
        Hand("eicheln", shoved=True, points_team=1, points=100, weis=(0, 50)),
        Hand("schellen", shoved=True, points_team=0, match=True),
        Hand("obenabe", points_team=0, points=140),
        Hand("rosen", points_team=0, points=150, weis=(50, 0)),
    )
    return Game(teams, SIMPLE, 0, hands)


def test_schieber_teams_winner_schneider_matches_weis_called_shoved():
    look = modes.look(schieber_game())
    ost, west = look.sides
    assert look.finished and look.winner == 0 and look.result == (1011, 174)
    assert ost.figures == {
        "games": 1,
        "wins": 1,
        "schneider_given": 1,
        "schneider_taken": 0,
        "matches": 2,
        "weis": 150,
        "called": 3,
        "shoved": 1,
    }
    assert west.figures == {
        "games": 1,
        "wins": 0,
        "schneider_given": 0,
        "schneider_taken": 1,
        "matches": 0,
        "weis": 50,
        "called": 2,
        "shoved": 1,
    }


def test_schieber_players_count_their_own_calls_and_shoves():
    look = modes.look(schieber_game())
    own = {p.name: (p.figures["called"], p.figures["shoved"]) for p in look.players}
    assert own == {"a1": (3, 0), "a2": (0, 1), "b1": (0, 1), "b2": (2, 0)}
    a2 = next(p for p in look.players if p.name == "a2")
    assert a2.figures["wins"] == 1 and a2.figures["schneider_given"] == 1
    assert look.own == ("called", "shoved")


def test_schieber_course_is_the_totals_after_every_hand():
    look = modes.look(schieber_game())
    assert look.course == ((0, 357, 414, 671, 811, 1011), (0, 0, 150, 150, 167, 174))
    assert look.goal == 1000


def test_schieber_weis_counts_as_written_times_the_contract():
    rules = Rules.from_preset("modern")  # Schellen x2
    game = Game(
        (Team("Ost", ("a1", "a2")), Team("West", ("b1", "b2"))),
        rules,
        0,
        (Hand("schellen", points_team=0, points=90, weis=(20, 0)),),
    )
    look = modes.look(game)
    assert look.sides[0].figures["weis"] == 40
    assert not look.finished and look.winner is None
    assert look.sides[0].figures["wins"] == look.sides[1].figures["wins"] == 0


def test_handjass_loser_strokes_and_potatoes():
    look = modes.look(full_game())  # A, B, C retire with 7 strokes each, D loses with 2
    assert look.finished and look.loser == 3 and look.winner is None
    assert look.result == (7, 7, 7, 2)
    assert [s.figures for s in look.sides] == [
        {"games": 1, "losses": 0, "strokes": 7, "potatoes": 0},
        {"games": 1, "losses": 0, "strokes": 7, "potatoes": 0},
        {"games": 1, "losses": 0, "strokes": 7, "potatoes": 0},
        {"games": 1, "losses": 1, "strokes": 2, "potatoes": 0},
    ]
    assert all(len(line) == 13 for line in look.course)  # before the first deal, then 12
    assert [line[-1] for line in look.course] == [7, 7, 7, 2]
    assert look.goal == 7 and look.measure == "strokes"


def test_handjass_a_potato_is_counted_and_taken_off_the_net():
    game = enter_all(HandjassGame(FOUR), [ranked(range(4), 0, 1, potatoes=(3,))])
    look = modes.look(game)
    d = look.sides[3].figures
    assert d["potatoes"] == 1 and d["strokes"] == 0
    assert look.result[3] == -1 and look.course[3] == (0, -1)
    assert not look.finished and look.loser is None


def differenzler_game() -> DifferenzlerGame:
    """Two rounds, three players; Bea wins with a total difference of 10."""
    rounds = (
        Round("rosen", (50, 50, 57), (60, 50, 47)),  # differences 10, 0, 10
        Round("obenabe", (40, 60, 57), (20, 70, 67)),  # differences 20, 10, 10
    )
    return DifferenzlerGame(("Anna", "Bea", "Cla"), DifferenzlerRules(rounds=2), rounds)


def test_differenzler_winner_differences_and_exact_hits():
    look = modes.look(differenzler_game())
    assert look.finished and look.winner == 1
    assert look.result == (30, 10, 20)
    assert [s.figures for s in look.sides] == [
        {"games": 1, "wins": 0, "difference": 30, "hits": 0, "rounds": 2},
        {"games": 1, "wins": 1, "difference": 10, "hits": 1, "rounds": 2},
        {"games": 1, "wins": 0, "difference": 20, "hits": 0, "rounds": 2},
    ]
    assert look.course == ((0, 10, 30), (0, 0, 10), (0, 10, 20))


def test_differenzler_a_shared_first_place_is_a_win_for_each_who_shares_it():
    """Two rounds: Anna 10 + 20 = 30 off, Bea 0 + 20 = 20, Cla 10 + 10 = 20: Bea and Cla share
    first place (the default), each counts a win, and the look names both."""
    rounds = (
        Round("rosen", (50, 50, 57), (60, 50, 47)),  # differences 10, 0, 10
        Round("obenabe", (40, 50, 57), (20, 70, 67)),  # differences 20, 20, 10
    )
    game = DifferenzlerGame(("Anna", "Bea", "Cla"), DifferenzlerRules(rounds=2), rounds)
    look = modes.look(game)
    assert look.finished and look.result == (30, 20, 20)
    assert look.winner is None and look.shared == (1, 2) and look.winners == (1, 2)
    assert [s.figures["wins"] for s in look.sides] == [0, 1, 1]
    standing = tally([look])
    assert [(t.name, t.figures["wins"]) for t in standing.players] == [
        ("Bea", 1),
        ("Cla", 1),
        ("Anna", 0),
    ]


def coiffeur_game() -> CoiffeurGame:
    """Rosen x1 and Obenabe x3; Beat+Clara win 437 : 95 with a Match and 60 in Obenabe."""
    rules = CoiffeurRules(contracts=(Contract("rosen", 1), Contract("obenabe", 3)))
    entries = (
        Cell(0, "rosen", 95),
        Cell(1, "rosen", 157, match=True),
        Cell(0, "obenabe", crossed=True),
        Cell(1, "obenabe", 60),
    )
    return CoiffeurGame(("Anna+Ruedi", "Beat+Clara"), rules, entries)


def test_coiffeur_points_matches_and_crossed_out():
    look = modes.look(coiffeur_game())
    assert look.finished and look.winner == 1 and look.result == (95, 437)
    assert [s.figures for s in look.sides] == [
        {"games": 1, "wins": 0, "points": 95, "matches": 0, "crossed": 1},
        {"games": 1, "wins": 1, "points": 437, "matches": 1, "crossed": 0},
    ]
    assert look.course == ((0, 95, 95, 95, 95), (0, 0, 257, 257, 437))
    assert look.people == ("Anna+Ruedi", "Beat+Clara") and look.has("beat+clara")


def test_every_mode_has_its_stats_in_the_registry():
    assert set(modes.MODES) == {"schieber", "handjass", "differenzler", "coiffeur"}
    for mode in modes.MODES.values():
        assert mode.figures[0] == "games" and callable(mode.look)


# --- adding games up --------------------------------------------------------------------------


def test_tally_adds_a_team_up_by_its_players_whatever_its_name():
    first = schieber_game()
    renamed = Game((Team("Nord", ("a1", "A2")), Team("Süd", ("b1", "b2"))), SIMPLE, 0, first.hands)
    standing = tally([modes.look(renamed), modes.look(first)])
    assert [t.name for t in standing.teams] == ["Nord", "Süd"]  # the newest name stays
    nord = standing.teams[0].figures
    assert nord["games"] == 2 and nord["wins"] == 2 and nord["matches"] == 4
    assert nord["schneider_given"] == 2 and nord["weis"] == 300
    players = {p.name: p.figures for p in standing.players}
    assert set(players) == {"A2", "a1", "b1", "b2"}  # a2 and A2 are one player
    assert players["a1"]["called"] == 6 and players["A2"]["shoved"] == 2
    assert standing.players[-1].figures["wins"] == 0


def test_tally_ranks_players_of_a_game_without_teams():
    standing = tally([modes.look(full_game()), modes.look(differenzler_game())])
    assert standing.teams == ()
    names = [p.name for p in standing.players]
    assert names[0] == "Bea"  # the only win
    assert names[-1] == "D"  # the only loss
    lone = tally([modes.look(coiffeur_game())])
    assert [t.name for t in lone.teams] == ["Beat+Clara", "Anna+Ruedi"] and lone.players == ()


def test_a_game_without_an_entry_looks_back_at_nothing_yet():
    look = modes.look(HandjassGame(FOUR))
    assert look.course == ((0,), (0,), (0,), (0,))
    assert not look.finished and look.loser is None
    assert [s.figures["strokes"] for s in look.sides] == [0, 0, 0, 0]
