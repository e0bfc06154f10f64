"""Ratings through partners (scorer.ratings): each mode's places, a Schneider counted twice,
and the properties a rating must keep: the same games give the same ratings however they were
stored, edited and replayed; who only wins ranks above who only loses against the same field;
a game edited to the other winner moves both players the other way."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer import modes
from scorer.club.event import Event
from scorer.club.plan import Plan
from scorer.club.rated import passe_bouts
from scorer.club.standings import Scoring, TableGame
from scorer.exchange import export, load
from scorer.lookback import places
from scorer.ratings import MODEL, Bout, bout, rate
from scorer.schieber.game import Hand, change_record, enter
from tests.rules.test_handjass import full_game
from tests.rules.test_stats import coiffeur_game, differenzler_game, schieber_game

FEW = settings(max_examples=120, deadline=None, database=None)
FIELD = ("Anna", "Ben", "Clara", "Dani", "Emil", "Fritz", "Gabi")


def test_places_share_a_place_when_level():
    assert places([2574, 1830]) == (1, 2)
    assert places([10, 30, 30, 5]) == (3, 1, 1, 4)
    assert places([4, 19, 4], lower_wins=True) == (1, 3, 1)


def test_each_mode_says_its_places_and_a_schneider_counts_twice():
    schieber = modes.look(schieber_game())  # Ost wins 1011 : 174, Schneider
    assert (schieber.places, schieber.worth) == ((1, 2), 2)
    assert bout(schieber, (1,)).sides == (("a1", "a2"), ("b1", "b2"))
    differenzler = modes.look(differenzler_game())  # Bea wins, Cla second, Anna last
    assert differenzler.places == (3, 1, 2)
    assert bout(differenzler, (1,)).sides == (("Anna",), ("Bea",), ("Cla",))
    coiffeur = modes.look(coiffeur_game())  # Beat+Clara win 437 : 95: a team is its name
    assert coiffeur.places == (2, 1)
    assert bout(coiffeur, (1,)).sides == (("Anna+Ruedi",), ("Beat+Clara",))
    # Handjass: A retires with deal 7, B with 11, C with 12, D loses.
    assert modes.look(full_game()).places == (1, 2, 3, 4)


def test_a_game_still_running_is_not_rated():
    running = schieber_game().with_hands(schieber_game().hands[:2])
    assert bout(modes.look(running), (1,)) is None


def test_a_schneider_moves_further_than_a_plain_win():
    plain = replace(bout(modes.look(schieber_game()), (1,)), worth=1)
    schneider = bout(modes.look(schieber_game()), (1,))
    assert rate([schneider]).of("a1").mu > rate([plain]).of("a1").mu > MODEL.mu
    assert rate([schneider]).of("b2").mu < rate([plain]).of("b2").mu < MODEL.mu


def test_a_newcomer_is_25_and_ranked_by_mu_less_three_sigma():
    ratings = rate([Bout((1,), (("Anna", "Ben"), ("Clara", "Dani")), (1, 2))])
    anna = ratings.of("anna")  # compared as the Rückblick compares names
    assert anna.name == "Anna" and anna.mu > 25 and anna.sigma < 25 / 3
    assert anna.conservative == pytest.approx(anna.mu - 3 * anna.sigma)
    assert [r.rank for r in ratings.players] == [1, 1, 3, 3]
    assert {r.name for r in ratings.players[:2]} == {"Anna", "Ben"}
    assert ratings.course(anna) == (25.0, anna.mu)
    assert anna.games == 1 and anna.wins == 1 and anna.expected == pytest.approx(0.5)


def test_the_partner_view_counts_wins_beyond_expectation():
    """Anna wins four times beside Ben and loses twice beside Clara, against equal pairs."""
    bouts = [Bout((n,), (("Anna", "Ben"), ("Emil", "Fritz")), (1, 2)) for n in range(4)]
    bouts += [Bout((n,), (("Anna", "Clara"), ("Emil", "Fritz")), (2, 1)) for n in range(4, 6)]
    anna = rate(bouts).of("Anna")
    assert [p.name for p in anna.partners] == ["Ben", "Clara"]
    ben, clara = anna.partners
    assert (ben.games, ben.wins, clara.games, clara.wins) == (4, 4, 2, 0)
    # Expected: even at first, then more as Anna and Ben rise above Emil and Fritz.
    assert 2 < ben.expected < 4 and 0 < ben.surplus < 2
    assert 0 < clara.expected < 2 and -2 < clara.surplus < 0


def test_an_evening_rates_each_tables_passe_by_its_totals():
    event = Event("Herbst", "2026-10-02", passen=1, games=2, scoring=Scoring(match_bonus=100))
    games = (TableGame.entered(100, 0), TableGame.entered(157, 1, match=True))

    class Table:
        passe, number, seats, state = 1, 1, (1, 2, 3, 4), "handed_in"

    Table.games = games
    names = {1: "Anna", 2: "Ben", 3: "Clara", 4: "Dani"}
    (found,) = passe_bouts(event, [Plan(((1, 2, 3, 4),), ())], [Table], names, ("2026-10-02", 1))
    # Side A 100 + 0, side B 57 + 257: B wins the Passe with its Match.
    assert found.sides == (("Anna", "Clara"), ("Ben", "Dani")) and found.places == (2, 1)
    assert found.when == ("2026-10-02", 1, 1, 1)
    Table.state = "playing"
    assert passe_bouts(event, [Plan(((1, 2, 3, 4),), ())], [Table], names, ("d", 1)) == []


# The properties ------------------------------------------------------------------------------


@st.composite
def bouts_st(draw, size=(1, 25), field=FIELD):
    """Results of a field: Schieber pairs (a Schneider now and then), or everyone for
    themselves (Differenzler, Handjass: places with ties), at distinct moments."""
    count = draw(st.integers(*size))
    found = []
    for number in range(count):
        players = draw(st.permutations(field))
        if draw(st.booleans()):
            sides = ((players[0], players[1]), (players[2], players[3]))
            winner = draw(st.sampled_from([0, 1]))
            worth = draw(st.sampled_from([1, 1, 2]))
            found.append(Bout((number,), sides, places([winner == 0, winner == 1]), worth))
        else:
            n = draw(st.integers(3, min(6, len(field))))
            totals = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
            sides = tuple((p,) for p in players[:n])
            found.append(Bout((number,), sides, places(totals, lower_wins=True)))
    return found


def summary(ratings):
    return [(r.rank, r.name, r.mu, r.sigma, r.games, r.partners) for r in ratings.players]


@FEW
@given(bouts_st(), st.randoms(use_true_random=False))
def test_the_same_results_give_the_same_ratings_in_any_order(bouts, rnd):
    shuffled = list(bouts)
    rnd.shuffle(shuffled)
    assert summary(rate(shuffled)) == summary(rate(bouts))
    # Replayed again, nothing is kept from the first time.
    assert summary(rate(bouts)) == summary(rate(bouts))


@FEW
@given(
    st.lists(st.permutations(FIELD[2:]), min_size=1, max_size=12),
    st.randoms(use_true_random=False),
)
def test_who_only_wins_ranks_above_who_only_loses_against_the_same_field(seatings, rnd):
    """Anna and Ben each play the same games, with the same partner against the same two:
    Anna wins every one, Ben loses every one (in any order of the evening)."""
    bouts = []
    for number, (partner, left, right, *_) in enumerate(seatings):
        bouts.append(Bout((2 * number,), (("Anna", partner), (left, right)), (1, 2)))
        bouts.append(Bout((2 * number + 1,), (("Ben", partner), (left, right)), (2, 1)))
    rnd.shuffle(bouts)
    ratings = rate(bouts)
    anna, ben = ratings.of("Anna"), ratings.of("Ben")
    assert anna.rank < ben.rank
    assert anna.mu > ben.mu and anna.conservative > ben.conservative
    assert anna.wins == anna.games == ben.games and ben.wins == 0


@FEW
@given(
    st.lists(st.permutations(FIELD[2:]), min_size=1, max_size=8),
    bouts_st(size=(0, 15), field=FIELD[2:]),
)
def test_who_only_wins_ranks_above_who_only_loses_in_rankings(seatings, others):
    """Everyone for themselves: Anna first in every game she plays, Ben last in his, against
    the same others (who play among themselves too)."""
    bouts = list(others)
    for number, field in enumerate(seatings):
        n = 3 + number % 3
        rest = tuple((p,) for p in field[: n - 1])
        bouts.append(Bout((100 + number, 0), (("Anna",), *rest), (1, *range(2, n + 1))))
        bouts.append(Bout((100 + number, 1), (*rest, ("Ben",)), (*range(1, n), n)))
    ratings = rate(bouts)
    assert ratings.of("Anna").rank < ratings.of("Ben").rank


@FEW
@given(bouts_st(size=(0, 12)), bouts_st(size=(0, 12)), st.sampled_from([1, 2]))
def test_a_game_edited_to_the_other_winner_moves_both_the_other_way(before, later, worth):
    """Anna and Ben on opposite sides: the game Anna won, edited so that Ben wins, leaves Anna
    lower and Ben higher, whatever came before and after it."""
    played = Bout((50,), (("Anna", "Clara"), ("Ben", "Dani")), (1, 2), worth)
    edited = replace(played, places=(2, 1))
    later = [replace(b, when=(100 + b.when[0],)) for b in later]
    won = rate([*before, played, *later])
    lost = rate([*before, edited, *later])
    assert lost.of("Anna").mu < won.of("Anna").mu
    assert lost.of("Ben").mu > won.of("Ben").mu


def looked(game):
    return bout(modes.look(game), ("2026-01-01", 1), key=1)


def test_a_game_however_stored_edited_and_replayed_rates_the_same():
    """The Schieber game typed hand by hand, typed with a wrong hand then edited, exported and
    imported: the same game, the same ratings."""
    straight = schieber_game()
    typed = straight.with_hands(())
    for hand in straight.hands:
        typed, errors = enter(typed, hand)
        assert not errors
    # Hand 4 typed for the wrong team (West 140): nobody has won yet, nothing is rated.
    wrong_hand = Hand("obenabe", points_team=1, points=140)
    wrong = straight.with_hands(straight.hands[:3] + (wrong_hand,) + straight.hands[4:])
    assert looked(wrong) is None
    edited, problem = change_record(wrong, list(straight.hands))
    assert problem is None
    imported = load(export(straight))
    expected = summary(rate([looked(straight)]))
    for game in (typed, edited, imported):
        assert summary(rate([looked(game)])) == expected
