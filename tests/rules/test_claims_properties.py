"""Properties of claims ("sich bedanken") over generated games, RULES.md "Claims".

Every game is a record a table could enter: closed hands below the target (the target is drawn
just above the leader's total, so claims land near the decision), then one claim hand.
"""

from itertools import permutations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from scorer.schieber.claims import HOUSE_ORDER, TRICK_MAX, Claim, rule_claim
from scorer.schieber.contracts import Rules
from scorer.schieber.game import Game, Hand, Team, enter, record_problem, replay, steps

SETTINGS = settings(max_examples=150, deadline=None, database=None)
TEAMS = (Team("A", ("a1", "a2")), Team("B", ("b1", "b2")))
NAMES = ("A", "B")
TRUMPS = ("rosen", "eicheln", "schilten", "schellen")
CONTRACTS = (*TRUMPS, "obenabe", "undenufe")
WEIS = (20, 50, 70, 100, 120, 150, 200, 250, 300)
ORDERS = tuple(permutations(HOUSE_ORDER))

points = st.integers(0, 157).filter(lambda p: p not in (1, 156))


@st.composite
def closed_hands(draw):
    contract = draw(st.sampled_from(CONTRACTS))
    team = draw(st.integers(0, 1))
    weis = draw(st.sampled_from((0, *WEIS)))
    weis_team = draw(st.integers(0, 1))
    stoeck = draw(st.none() | st.integers(0, 1)) if contract in TRUMPS else None
    match = draw(st.booleans())
    return Hand(
        contract,
        points_team=team,
        points=None if match else draw(points),
        match=match,
        weis=(weis, 0) if weis_team == 0 else (0, weis),
        stoeck=stoeck,
    )


@st.composite
def claim_hands(draw, first_trick=None):
    """Contract, Stöck, Weis and the claim of the last hand, as separate facts."""
    contract = draw(st.sampled_from(CONTRACTS))
    stoeck = draw(st.none() | st.integers(0, 1)) if contract in TRUMPS else None
    weis_points = draw(st.sampled_from((0, *WEIS)))
    weis = (weis_points, 0) if draw(st.integers(0, 1)) == 0 else (0, weis_points)
    if first_trick is None:
        first_trick = draw(st.booleans())
    team = draw(st.integers(0, 1))
    if first_trick:
        most = TRICK_MAX[(4, contract in TRUMPS)]
        trick = draw(st.integers(0, most).filter(lambda p: p != 1))
        claim = Claim(
            team, first_trick=True, trick_team=draw(st.integers(0, 1)), trick_points=trick
        )
    else:
        claim = Claim(team, points=draw(points))
    return contract, stoeck, weis, claim


@st.composite
def tables(draw):
    """A game of closed hands still running, with the target drawn just above the leader."""
    hands = draw(st.lists(closed_hands(), max_size=4))
    order = draw(st.sampled_from(ORDERS))
    auto_end = draw(st.booleans())
    preset = draw(st.sampled_from(("simple", "modern")))
    # The totals with a target nobody reaches, to draw the real one just above the leader.
    unbounded = Rules.from_preset(preset, target=100_000)
    lead = max(replay(Game(TEAMS, unbounded, 0, tuple(hands))).totals)
    target = max(100, lead + draw(st.integers(1, 700)))
    rules = Rules.from_preset(preset, target=target, order=order, auto_end=auto_end)
    game = Game(TEAMS, rules, 0, tuple(hands))
    assert record_problem(game) is None
    state = replay(game)
    assert not state.finished and not state.tie and state.open_hand is None
    return game


def claimed(game: Game, contract, stoeck, weis, claim) -> Game:
    """The game with the whole claim hand entered at once."""
    after, errors = enter(game, Hand(contract, stoeck=stoeck, weis=weis, claim=claim))
    assert errors == {}
    return after


# --- the order the facts were entered ---------------------------------------------------------


@SETTINGS
@given(tables(), claim_hands(), st.booleans(), st.booleans(), st.booleans())
def test_ruling_does_not_depend_on_the_order_of_entry(
    game, facts, stoeck_early, weis_early, weis_first
):
    """Stöck and Weis written on the open hand before the claim, or with it: the same ruling."""
    contract, stoeck, weis, claim = facts
    at_once = claimed(game, contract, stoeck, weis, claim)

    early = []
    if stoeck_early and stoeck is not None:
        early.append(Hand(contract, stoeck=stoeck))
    if weis_early and any(weis):
        early.append(Hand(contract, weis=weis))
    if weis_first:
        early.reverse()
    in_steps = game
    for entry in early:
        if replay(in_steps).finished:
            break
        in_steps, errors = enter(in_steps, entry)
        assert errors == {}
    state = replay(in_steps)
    if state.finished:
        # Only a table where the game ends by itself stops before the claim: an early fact took
        # a team to the target, and it won at that fact's step.
        assert game.rules.auto_end
        assert state.totals[state.winner.team] >= game.rules.target
        assert state.winner.step in ("stoeck", "weis")
        return
    late = Hand(
        contract,
        stoeck=None if stoeck_early else stoeck,
        weis=(0, 0) if weis_early else weis,
        claim=claim,
    )
    in_steps, errors = enter(in_steps, late)
    assert errors == {}

    one, other = replay(at_once), replay(in_steps)
    assert other.winner == one.winner
    assert other.schneider == one.schneider
    assert other.totals == one.totals
    assert other.bergpreis == one.bergpreis
    assert other.ending == one.ending
    assert in_steps.hands == at_once.hands


# --- after the first trick: only the claimer's own total counts -------------------------------


@SETTINGS
@given(tables(), claim_hands(first_trick=False))
def test_claimer_below_target_never_wins_by_its_own_claim(game, facts):
    contract, stoeck, weis, claim = facts
    state = replay(claimed(game, contract, stoeck, weis, claim))
    own = state.totals[claim.team]
    assert state.finished
    assert state.winner.hand == len(game.hands) + 1
    if own < game.rules.target:
        assert state.winner.team == 1 - claim.team
        assert state.winner.step == "claim"
        if state.totals[1 - claim.team] < game.rules.target:
            # Nobody reached the target: there is no moment to judge Schneider at.
            assert state.schneider is False
    else:
        # At or over, even if the other team is too: the claimer wins, at one of its own steps.
        assert state.winner.team == claim.team
        assert state.winner.step in HOUSE_ORDER


# --- in the first trick: the first to the target in the house order ---------------------------


def first_there(start, hand_steps, target):
    """Oracle: the first team at the target going through the steps, and the totals then."""
    totals = start
    for step in hand_steps:
        totals = (totals[0] + step.points[0], totals[1] + step.points[1])
        over = [t for t in (0, 1) if totals[t] >= target]
        if over:
            assert len(over) == 1  # every step in the first trick belongs to one team
            return over[0], step.kind, totals
    return None, "claim", totals


@SETTINGS
@given(tables(), claim_hands(first_trick=True))
def test_first_trick_winner_is_first_to_the_target(game, facts):
    contract, stoeck, weis, claim = facts
    rules = game.rules
    start = replay(game).totals
    after = claimed(game, contract, stoeck, weis, claim)
    hand = after.hands[-1]
    hand_steps = steps(hand, rules)
    outcome = rule_claim(
        claim, start, [(s.kind, s.points) for s in hand_steps], rules.target, NAMES
    )
    state = replay(after)
    assert (state.winner.team, state.winner.step) == (outcome.winner, outcome.step)

    team, kind, at = first_there(start, hand_steps, rules.target)
    loser = 1 - outcome.winner
    if team is None:
        # Nobody got there: the claimer loses, to a team that is not at the target either.
        assert outcome.winner == 1 - claim.team
        assert outcome.step == "claim"
        assert all(t < rules.target for t in outcome.at)
        assert state.schneider is False
    else:
        # Whichever team claimed, the first one there wins, at or over the target at outcome.at,
        # with the other team still below it; Schneider is judged at that moment.
        assert (outcome.winner, outcome.step, outcome.at) == (team, kind, at)
        assert outcome.at[outcome.winner] >= rules.target > outcome.at[loser]
        assert state.schneider is (2 * outcome.at[loser] < rules.target)
    if outcome.winner != claim.team and outcome.step != "claim":
        assert outcome.at[outcome.winner] >= rules.target


# --- Schneider at the moment the winner got there ---------------------------------------------


def moment_reached(start, hand_steps, team, target):
    """Oracle: the totals at the first step (house order) that takes `team` to the target."""
    totals = start
    for step in hand_steps:
        totals = (totals[0] + step.points[0], totals[1] + step.points[1])
        if totals[team] >= target:
            return totals
    return None


@SETTINGS
@given(tables(), claim_hands())
# Target 100: A's Weis 100 takes A there while B is at 0; B then claims with 50 and loses.
@example(
    game=Game(TEAMS, Rules.from_preset("simple", target=100), 0, ()),
    facts=("obenabe", None, (100, 0), Claim(1, points=50)),
)
def test_schneider_judged_when_the_winner_got_there(game, facts):
    """RULES.md: the losers below half the target at the moment the winners reach it; "Schneider
    in a claim is judged at the moment in that order at which the winner reached the target"."""
    contract, stoeck, weis, claim = facts
    rules = game.rules
    after = claimed(game, contract, stoeck, weis, claim)
    state = replay(after)
    winner = state.winner.team
    at = moment_reached(replay(game).totals, steps(after.hands[-1], rules), winner, rules.target)
    if at is None:
        assert state.schneider is False  # the winners never got there
    else:
        assert state.schneider is (2 * at[1 - winner] < rules.target)
