"""Properties of Weis over random hands and deals."""

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.cards import RANKS
from scorer.codes import code
from scorer.schieber.contracts import Rules
from scorer.schieber.game import Declared, Game, Hand, Team, hand_problems
from scorer.web.core.messages import say
from scorer.weis import (
    FOUR,
    RUN,
    Declaration,
    Play,
    Weis,
    WeisTable,
    declaration_problems,
    detect,
    rule,
)

FEW = settings(max_examples=150, deadline=None, database=None)

SUITS = ("rosen", "eicheln", "schilten", "schellen")
DECK = [(s, r) for s in SUITS for r in RANKS]

tables = st.builds(
    WeisTable,
    large=st.booleans(),
    four_nines=st.booleans(),
    four_sixes_undenufe=st.booleans(),
    any_four=st.booleans(),
)
plays = st.sampled_from([Play(trump=s) for s in SUITS] + [Play(), Play(undenufe=True)])
random_nine = st.lists(st.sampled_from(DECK), min_size=9, max_size=9, unique=True)


@st.composite
def rich_nine(draw):
    """Nine cards built around a four and a run, which random hands seldom hold."""
    chosen = []
    if draw(st.booleans()):
        rank = draw(st.sampled_from(RANKS))
        chosen += [(s, rank) for s in SUITS]
    suit = draw(st.sampled_from(SUITS))
    top = draw(st.integers(0, 6))
    length = draw(st.integers(3, 9 - top))
    chosen += [(suit, r) for r in RANKS[top : top + length] if (suit, r) not in chosen]
    chosen = chosen[:9]
    rest = [c for c in draw(st.permutations(DECK)) if c not in chosen]
    return chosen + rest[: 9 - len(chosen)]


nine_cards = st.one_of(random_nine, rich_nine())
deals = st.permutations(DECK).map(lambda cards: [cards[i * 9 : i * 9 + 9] for i in range(4)])


def declarations_of(deal, table, play, vorhand=0):
    """Every player declares all the Weis their nine cards hold; order counted from Vorhand."""
    return [
        Declaration(who, (who - vorhand) % 4, tuple(detect(hand, table, play, SUITS)))
        for who, hand in enumerate(deal)
    ]


# --- detect -----------------------------------------------------------------------------------


@FEW
@given(nine_cards, tables, plays)
def test_small_weis_never_uses_a_card_twice(hand, table, play):
    small = WeisTable(False, table.four_nines, table.four_sixes_undenufe, table.any_four)
    found = detect(hand, small, play, SUITS)
    used = Counter(card for w in found for card in w.cards(SUITS))
    assert all(n == 1 for n in used.values())
    assert set(used) <= set(hand)


@FEW
@given(nine_cards, tables, plays)
def test_large_weis_runs_are_whole_and_apart(hand, table, play):
    large = WeisTable(True, table.four_nines, table.four_sixes_undenufe, table.any_four)
    found = detect(hand, large, play, SUITS)
    runs = [w for w in found if w.kind == RUN]
    for a, b in combinations(runs, 2):
        assert not a.cards(SUITS) & b.cards(SUITS)
    for w in found:
        assert w.cards(SUITS) <= set(hand)
    for w in runs:
        top, low = RANKS.index(w.rank), RANKS.index(w.rank) + w.length - 1
        assert top == 0 or (w.suit, RANKS[top - 1]) not in hand
        assert low == len(RANKS) - 1 or (w.suit, RANKS[low + 1]) not in hand
    # every four in the hand that counts at this table is found
    fours = {w.rank for w in found if w.kind == FOUR}
    held = {r for r in RANKS if all((s, r) in hand for s in SUITS)}
    assert fours == {r for r in held if large.points(Weis.four(r), play)}


@FEW
@given(nine_cards, tables, plays)
def test_detected_weis_pass_declaration_problems(hand, table, play):
    found = detect(hand, table, play, SUITS)
    assert declaration_problems([Declaration(2, 0, tuple(found))], table, play, SUITS) == {}
    assert all(table.points(w, play) > 0 for w in found)
    # One player's nine cards: four Unders, four 9s and the 10 of 9-10-U at most (370).
    assert sum(table.points(w, play) for w in found) <= 370


@FEW
@given(deals, tables, plays)
def test_a_whole_deal_declared_has_no_problems(deal, table, play):
    assert declaration_problems(declarations_of(deal, table, play), table, play, SUITS) == {}


# --- rule -------------------------------------------------------------------------------------


@FEW
@given(deals, tables, plays, st.integers(0, 3), st.randoms(use_true_random=False))
def test_ruling_does_not_depend_on_the_order_of_declarations(deal, table, play, vorhand, rnd):
    declarations = declarations_of(deal, table, play, vorhand)
    shuffled = list(declarations)
    rnd.shuffle(shuffled)
    for side in (lambda who: who, lambda who: who % 2):
        assert rule(shuffled, table, play, side=side) == rule(declarations, table, play, side=side)


@FEW
@given(deals, tables, plays, st.integers(0, 3), st.randoms(use_true_random=False))
def test_winner_does_not_depend_on_the_order_of_a_players_weis(deal, table, play, vorhand, rnd):
    """Within one player's Weis the order may only change which of two equal Weis is named."""
    declarations = declarations_of(deal, table, play, vorhand)
    shuffled = [
        Declaration(d.who, d.order, tuple(rnd.sample(d.weis, len(d.weis)))) for d in declarations
    ]
    first = rule(declarations, table, play, side=lambda who: who % 2)
    again = rule(shuffled, table, play, side=lambda who: who % 2)
    assert again.winner == first.winner
    assert len(again.lines) == len(first.lines)
    if first.best is not None:
        order = declarations[first.winner].order
        assert table.key(again.best, play, order) == table.key(first.best, play, order)


@FEW
@given(deals, tables, plays, st.integers(0, 3))
def test_the_winner_holds_the_best_weis(deal, table, play, vorhand):
    declarations = declarations_of(deal, table, play, vorhand)
    ruling = rule(declarations, table, play, side=lambda who: who % 2)
    everything = [(w, d) for d in declarations for w in d.weis]
    if not everything:
        assert (ruling.winner, ruling.best, ruling.lines) == (None, None, ())
        return
    winner = next(d for d in declarations if d.who == ruling.winner)
    assert ruling.best in winner.weis
    best = table.key(ruling.best, play, winner.order)
    for w, d in everything:
        assert table.key(w, play, d.order) <= best
    assert ruling.lines
    assert all(say(line, names="ABCD") for line in ruling.lines)  # every line has words


# --- Schieber ---------------------------------------------------------------------------------


GAME = Game((Team("Ost", ("a1", "a2")), Team("West", ("b1", "b2"))))


@FEW
@given(
    deals,
    st.sampled_from(["rosen", "eicheln", "schilten", "schellen", "obenabe", "undenufe"]),
    st.booleans(),
    st.integers(0, 3),
    st.integers(0, 7),
)
def test_schieber_team_with_the_best_weis_scores_all_its_weis(
    deal, contract, large, first_vorhand, index
):
    rules = Rules.from_preset("modern", weis_large=large)
    game = Game(GAME.teams, rules, first_vorhand)
    table, play = rules.weis_table, rules.play(contract)
    declared = tuple(
        Declared(seat, tuple(found))
        for seat, cards in enumerate(deal)
        if (found := detect(cards, table, play, SUITS))
    )
    hand = Hand(contract, points_team=0, points=80, declarations=declared)
    assert hand_problems(hand, rules) == {}
    if not declared:
        return
    ruling, won = game.weis_ruling(index, hand)
    team = ruling.winner % 2  # seats alternate Ost, West
    points = sum(table.points(w, play) for d in declared if d.seat % 2 == team for w in d.weis)
    assert won == ((points, 0) if team == 0 else (0, points))
    vorhand = (first_vorhand + index) % 4
    order = {d.seat: (d.seat - vorhand) % 4 for d in declared}
    best = table.key(ruling.best, play, order[ruling.winner])
    for d in declared:
        for w in d.weis:
            assert table.key(w, play, order[d.seat]) <= best
    assert ruling.lines[-1] == code("weis_for_team", team=team, points=points)
    teams = [t.name for t in GAME.teams]
    said = say(ruling.lines[-1], teams=teams, kind="schieber")
    assert said == f"Weis für {GAME.teams[team].name}: {points}."
