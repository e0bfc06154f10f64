"""Declared Weis in Schieber: who scores them, how they are entered, checked, stored and moved."""

import json

import pytest

from scorer.codes import code
from scorer.exchange import ImportProblem, export, load
from scorer.schieber.contracts import Rules
from scorer.schieber.game import (
    Declared,
    Game,
    Hand,
    Team,
    enter,
    hand_problems,
    merge_declared,
    record_problem,
    replay,
    score,
)
from scorer.web.core.messages import say
from scorer.weis import Weis

MODERN = Rules.from_preset("modern")  # rosen/eicheln x1, schilten/schellen x2, Obenabe/Undenufe x3
CLASSIC = Rules.from_preset("classic")  # Undenufe x4
# Seats in playing order: 0 a1 (Ost), 1 b1 (West), 2 a2 (Ost), 3 b2 (West).


def game(*hands, rules=MODERN, per_team=2, first_vorhand=0):
    a = Team("Ost", tuple(f"a{i}" for i in range(1, per_team + 1)))
    b = Team("West", tuple(f"b{i}" for i in range(1, per_team + 1)))
    return Game((a, b), rules, first_vorhand, tuple(hands))


def words(lines, g=None):
    """What the engine said, as the table reads it: its players', teams' and cards' names."""
    g = g or game()
    return tuple(
        say(
            line,
            faces=g.rules.deck,
            names=[name for _, name in g.seats()],
            teams=[t.name for t in g.teams],
            kind="schieber",
        )
        for line in lines
    )


def run(suit, top, length):
    return Weis.run(suit, top, length)


def four(rank):
    return Weis.four(rank)


def said(seat, *weis):
    return Declared(seat, tuple(weis))


# The 50-against-50 example of 001 at a Schieber table: b1 has K-O-U-10 of roses (and plays
# before a2), a2 has K-O-U-10 of bells, the trumps, and a1, a2's partner, 8-7-6 of acorns.
FIFTY = (
    said(1, run("rosen", "K", 4)),
    said(2, run("schellen", "K", 4)),
    said(0, run("eicheln", "8", 3)),
)
FIFTY_LINES = (
    "Beide 50.",
    "Beide 4 Karten.",
    "Beide zum König.",
    "Das Blatt in Schellen ist Trumpf: Vierblatt Schellen zum König (a2).",
    "Weis für Ost: 70.",
)
FIFTY_CODES = (
    code("weis_points_same", points=50),
    code("weis_cards_same", cards=4),
    code("weis_top_same", top_to="K"),
    code("weis_trump", suit="schellen", weis=run("schellen", "K", 4), who=2),
    code("weis_for_team", team=0, points=70),
)


# --- weis_ruling ------------------------------------------------------------------------------


def test_trump_sequence_wins_and_the_partner_scores_too():
    hand = Hand("schellen", points_team=0, points=90, declarations=FIFTY)
    ruling, won = game().weis_ruling(0, hand)
    assert won == (70, 0)
    assert ruling.winner == 2
    assert ruling.best == run("schellen", "K", 4)
    assert ruling.lines == FIFTY_CODES
    assert words(ruling.lines) == FIFTY_LINES


def test_replay_scores_declared_weis_times_the_multiplier():
    hand = Hand("schellen", points_team=0, points=90, declarations=FIFTY)
    state = replay(game(hand))
    row = state.rows[0]
    assert row.weis == (70, 0)
    assert row.ruling.lines == FIFTY_CODES
    assert words(row.ruling.lines) == FIFTY_LINES
    assert row.multiplier == 2
    assert row.scores == (70 * 2 + 90 * 2, 67 * 2) == (320, 134)
    assert state.totals == (320, 134)
    assert score(hand, MODERN, row.weis) == (320, 134)


def test_stoeck_with_the_weis_winner():
    hand = Hand("schellen", points_team=0, points=90, declarations=FIFTY, stoeck=0)
    state = replay(game(hand))
    assert state.rows[0].weis == (70, 0)
    assert state.totals == (40 + 140 + 180, 134) == (360, 134)


def test_stoeck_scored_when_the_other_team_wins_the_weis():
    hand = Hand("schellen", points_team=0, points=90, declarations=FIFTY, stoeck=1)
    state = replay(game(hand))
    assert state.rows[0].weis == (70, 0)
    assert state.totals == (140 + 180, 40 + 134) == (320, 174)


def test_losing_team_scores_no_weis_even_with_more_of_them():
    """The best single Weis decides; West's two fifties count for nothing against four Obers."""
    hand = Hand(
        "obenabe",
        points_team=1,
        points=100,
        declarations=(
            said(0, four("O")),
            said(1, run("rosen", "A", 4), run("schilten", "A", 4)),
            said(3, run("eicheln", "A", 4)),
            said(2, run("schellen", "8", 3)),
        ),
    )
    ruling, won = game().weis_ruling(0, hand)
    assert won == (120, 0)
    assert ruling.winner == 0
    assert words(ruling.lines)[0] == (
        "100 schlägt 50: vier Ober (a1) vor Vierblatt Rosen zum Ass (b1)."
    )
    assert words(ruling.lines)[-1] == "Weis für Ost: 120."
    assert ruling.lines[-1] == code("weis_for_team", team=0, points=120)
    # 000: Obenabe x3, four Obers + the partner's sequence of 3 -> 3 x (100 + 20) = 360.
    row = replay(game(hand, rules=CLASSIC)).rows[0]
    assert row.weis == (120, 0)
    assert row.scores == (360 + 57 * 3, 100 * 3) == (531, 300)


def test_team_b_wins_the_weis():
    hand = Hand(
        "rosen",
        points_team=0,
        points=100,
        declarations=(said(3, four("U")), said(1, run("eicheln", "A", 3)), said(0, four("A"))),
    )
    ruling, won = game().weis_ruling(0, hand)
    assert won == (0, 220)
    assert ruling.winner == 3
    assert words(ruling.lines) == (
        "200 schlägt 100: vier Under (b2) vor vier Ass (a1).",
        "Weis für West: 220.",
    )
    assert ruling.lines == (
        code(
            "weis_points_beat",
            points=200,
            other_points=100,
            weis=four("U"),
            who=3,
            other_weis=four("A"),
            other_who=0,
        ),
        code("weis_for_team", team=1, points=220),
    )
    assert replay(game(hand)).rows[0].scores == (100, 57 + 220)


def test_only_one_team_declares():
    hand = Hand("rosen", points_team=0, points=100, declarations=(said(1, run("rosen", "A", 3)),))
    ruling, won = game().weis_ruling(0, hand)
    assert won == (0, 20)
    assert ruling.winner == 1
    assert ruling.lines == (
        code("weis_one_side", weis=run("rosen", "A", 3), who=1),
        code("weis_for_team", team=1, points=20),
    )
    assert words(ruling.lines)[-1] == "Weis für West: 20."


def test_hand_without_declarations_keeps_written_weis():
    hand = Hand("rosen", points_team=0, points=100, weis=(0, 50))
    assert game().weis_ruling(0, hand) == (None, (0, 50))
    row = replay(game(hand)).rows[0]
    assert row.ruling is None
    assert row.weis == (0, 50)


EQUAL = (said(0, run("rosen", "K", 4)), said(1, run("eicheln", "K", 4)))


@pytest.mark.parametrize(
    "first_vorhand, index, winner, line",
    [
        (0, 0, 0, "a1 spielt vor b1 zum ersten Stich: Vierblatt Rosen zum König (a1)."),
        (0, 1, 1, "b1 spielt vor a1 zum ersten Stich: Vierblatt Eicheln zum König (b1)."),
        (3, 0, 0, "a1 spielt vor b1 zum ersten Stich: Vierblatt Rosen zum König (a1)."),
        (1, 0, 1, "b1 spielt vor a1 zum ersten Stich: Vierblatt Eicheln zum König (b1)."),
        (0, 2, 0, "a1 spielt vor b1 zum ersten Stich: Vierblatt Rosen zum König (a1)."),
        (2, 3, 1, "b1 spielt vor a1 zum ersten Stich: Vierblatt Eicheln zum König (b1)."),
    ],
)
def test_equal_side_runs_go_to_who_plays_first_to_the_first_trick(
    first_vorhand, index, winner, line
):
    hand = Hand("schellen", points_team=0, points=80, declarations=EQUAL)
    g = game(first_vorhand=first_vorhand)
    ruling, won = g.weis_ruling(index, hand)
    assert ruling.winner == winner
    assert won == ((50, 0) if winner == 0 else (0, 50))
    told = words(ruling.lines, g)
    assert told[:3] == ("Beide 50.", "Beide 4 Karten.", "Beide zum König.")
    assert told[3] == line
    assert ruling.lines[3] == code(
        "weis_earlier", weis=EQUAL[winner].weis[0], who=winner, other_who=1 - winner
    )
    assert ruling.lines[4] == code("weis_for_team", team=winner, points=50)
    assert len(ruling.lines) == 5


def test_a_line_that_starts_with_a_name_keeps_the_name_as_written():
    hand = Hand("schellen", points_team=0, points=80, declarations=EQUAL)
    ruling, _ = game().weis_ruling(0, hand)
    assert words(ruling.lines)[3] == (
        "a1 spielt vor b1 zum ersten Stich: Vierblatt Rosen zum König (a1)."
    )


def test_vorhand_order_in_a_replayed_game():
    closed = Hand("rosen", points_team=0, points=80)
    second = Hand("schellen", points_team=0, points=80, declarations=EQUAL)
    state = replay(game(closed, second))
    # hand 2: b1 is Vorhand, a1 plays last
    assert state.rows[1].vorhand == "b1"
    assert state.rows[1].weis == (0, 50)
    assert state.rows[1].scores == (160, 154 + 100)


def test_undenufe_four_sixes_with_the_setting():
    hand = Hand(
        "undenufe",
        points_team=0,
        points=60,
        declarations=(said(0, four("6")), said(1, four("K"))),
    )
    rules = Rules.from_preset("modern", four_sixes=True)
    ruling, won = game(rules=rules).weis_ruling(0, hand)
    assert won == (100, 0)
    told = words(ruling.lines, game(rules=rules))
    assert told[:2] == ("Beide 100.", "Beide 4 Karten.")
    assert told[2].startswith("Höchste Karte (im Undenufe gilt die tiefste): 6 vor König")
    assert ruling.lines[2] == code(
        "weis_higher_undenufe", high_rank="6", low_rank="K", weis=four("6"), who=0
    )
    assert replay(game(hand, rules=rules)).rows[0].scores == (300 + 180, 97 * 3)
    problems = hand_problems(hand, MODERN)
    assert problems == {"decl-0": code("weis_four_sixes")}
    assert "Undenufe" in say(problems["decl-0"])


def test_classic_undenufe_x4_four_unders_800():
    hand = Hand("undenufe", points_team=1, points=157, declarations=(said(2, four("U")),))
    row = replay(game(hand, rules=CLASSIC)).rows[0]
    assert row.weis == (200, 0)
    assert row.scores == (800, 628)


def test_large_weis_run_of_seven_against_four_unders_in_a_game():
    hand = Hand(
        "eicheln",
        points_team=0,
        points=100,
        declarations=(said(0, four("U")), said(3, run("schilten", "A", 7))),
    )
    ruling, won = game().weis_ruling(0, hand)
    assert won == (0, 200)
    assert ruling.winner == 3
    assert words(ruling.lines)[1] == (
        "7 Karten schlagen 4: Siebenblatt Schilten zum Ass (b2) vor vier Under (a1)."
    )
    small = Rules.from_preset("modern", weis_large=False)
    ruling, won = game(rules=small).weis_ruling(0, hand)
    assert won == (200, 0)
    assert ruling.winner == 0


def test_six_player_team_scores_all_three_players():
    hand = Hand(
        "rosen",
        points_team=0,
        points=100,
        declarations=(
            said(0, run("rosen", "U", 3)),
            said(4, four("K")),
            said(2, run("schellen", "10", 4)),
            said(5, run("eicheln", "9", 4)),
        ),
    )
    g = game(per_team=3)
    assert [p for _, p in g.seats()] == ["a1", "b1", "a2", "b2", "a3", "b3"]
    ruling, won = g.weis_ruling(0, hand)
    assert ruling.winner == 4
    assert won == (20 + 100 + 50, 0)
    assert hand_problems(hand, MODERN, players_per_team=3) == {}


# --- merge_declared and enter ---------------------------------------------------------------


def test_merge_declared_one_entry_per_seat_in_seat_order():
    a, b, c = run("schellen", "K", 4), four("A"), run("eicheln", "8", 3)
    merged = merge_declared([said(2, a), said(0, b), said(3), said(2, c)])
    assert merged == (said(0, b), said(2, a, c))
    assert merge_declared([]) == ()


def test_enter_open_hand_with_declarations_then_tricks():
    g, errors = enter(game(), Hand("schellen", declarations=(said(2, run("schellen", "K", 4)),)))
    assert errors == {}
    assert g.hands[-1].is_open
    state = replay(g)
    assert state.open_hand == g.hands[-1]
    assert state.rows[0].weis == (50, 0)
    assert state.totals == (100, 0)

    g, errors = enter(
        g,
        Hand("schellen", stoeck=0, declarations=(said(2, run("eicheln", "8", 3)),)),
    )
    assert errors == {}
    assert len(g.hands) == 1
    assert g.hands[0].declarations == (said(2, run("schellen", "K", 4), run("eicheln", "8", 3)),)
    assert g.hands[0].stoeck == 0
    assert replay(g).totals == (40 + 140, 0)

    g, errors = enter(g, Hand("schellen", declarations=(said(1, run("rosen", "K", 4)),)))
    assert errors == {}
    assert [d.seat for d in g.hands[0].declarations] == [1, 2]

    g, errors = enter(g, Hand("schellen", points_team=0, points=90))
    assert errors == {}
    hand = g.hands[0]
    assert not hand.is_open
    assert hand.declarations == (
        said(1, run("rosen", "K", 4)),
        said(2, run("schellen", "K", 4), run("eicheln", "8", 3)),
    )
    state = replay(g)
    assert state.open_hand is None
    assert state.rows[0].weis == (70, 0)
    assert words(state.rows[0].ruling.lines) == FIFTY_LINES[:3] + (
        "Das Blatt in Schellen ist Trumpf: Vierblatt Schellen zum König (a2).",
        "Weis für Ost: 70.",
    )
    assert state.rows[0].ruling.lines == FIFTY_CODES
    assert state.totals == (40 + 140 + 180, 134)


def test_enter_refuses_a_card_declared_twice_by_one_seat():
    g, _ = enter(game(), Hand("schellen", declarations=(said(2, run("schellen", "K", 4)),)))
    again, errors = enter(g, Hand("schellen", declarations=(said(2, run("schellen", "U", 3)),)))
    assert errors == {"decl-2": code("weis_card_twice")}
    assert again is g


def test_enter_refuses_numeric_weis_on_a_hand_with_declarations():
    g, _ = enter(game(), Hand("schellen", declarations=(said(2, run("schellen", "K", 4)),)))
    again, errors = enter(g, Hand("schellen", weis=(0, 50)))
    assert errors == {"weis": code("weis_written_and_declared")}
    assert say(errors["weis"], kind="schieber") == (
        "Weis entweder als Punkte schreiben oder ansagen, nicht beides."
    )
    assert again is g


def test_enter_refuses_a_card_of_another_seat():
    g, _ = enter(game(), Hand("rosen", declarations=(said(0, four("A")),)))
    again, errors = enter(g, Hand("rosen", declarations=(said(3, run("eicheln", "A", 3)),)))
    assert errors == {"decl-3": code("weis_card_taken", card=("eicheln", "A"))}
    assert words(errors.values()) == (
        "Die Karte Eicheln A hat schon ein anderer Spieler gewiesen.",
    )
    assert again is g


def test_enter_complete_hand_with_declarations():
    g, errors = enter(
        game(),
        Hand("obenabe", points_team=1, points=100, declarations=(said(1, four("U")),)),
    )
    assert errors == {}
    assert replay(g).totals == (57 * 3, (200 + 100) * 3)


# --- hand_problems ----------------------------------------------------------------------------


def test_declarations_and_weis_points_in_one_hand():
    hand = Hand("rosen", points=100, weis=(20, 0), declarations=(said(0, run("rosen", "A", 3)),))
    assert hand_problems(hand, MODERN) == {"weis": code("weis_written_and_declared")}


@pytest.mark.parametrize("seat", [4, 7, -1])
def test_seat_outside_a_four_player_table(seat):
    hand = Hand("rosen", points=100, declarations=(said(seat, run("rosen", "A", 3)),))
    assert hand_problems(hand, MODERN) == {"weis": code("weis_seat")}


def test_six_player_seats():
    hand = Hand("rosen", points=100, declarations=(said(5, run("rosen", "A", 3)),))
    assert hand_problems(hand, MODERN, players_per_team=3) == {}
    far = Hand("rosen", points=100, declarations=(said(6, run("rosen", "A", 3)),))
    assert hand_problems(far, MODERN, players_per_team=3) == {"weis": code("weis_seat")}


def test_a_declaration_needs_no_more_cards_than_a_hand_holds():
    # Four Unders, four 9s and O-U-10-9 of roses: 4 + 4 + the Ober and the 10 = 10 cards.
    hand = Hand(
        "rosen", points=100, declarations=(said(1, four("U"), four("9"), run("rosen", "O", 4)),)
    )
    problems = hand_problems(hand, MODERN)
    assert problems == {"decl-1": code("weis_too_many_cards", cards=10, hand_size=9)}
    assert say(problems["decl-1"]) == "Diese Weis brauchen 10 Karten; eine Hand hat nur 9."
    # A run of seven: fine with nine cards, not with six in the six-player game.
    seven = Hand("rosen", points=100, declarations=(said(5, run("rosen", "A", 7)),))
    assert hand_problems(seven, MODERN, players_per_team=3) == {
        "decl-5": code("weis_too_many_cards", cards=7, hand_size=6)
    }
    four_players = Hand("rosen", points=100, declarations=(said(3, run("rosen", "A", 7)),))
    assert hand_problems(four_players, MODERN) == {}


def test_errors_per_player():
    hand = Hand(
        "rosen",
        points=100,
        declarations=(
            said(0, run("rosen", "A", 3)),
            said(1, run("eicheln", "8", 4)),
            said(2, run("schilten", "A", 4), run("schilten", "O", 3)),
            said(3, run("rosen", "O", 3)),
        ),
    )
    problems = hand_problems(hand, MODERN)
    assert problems == {
        "decl-1": code("weis_below_six", run=4, to="8"),
        "decl-2": code("weis_card_twice"),
        "decl-3": code("weis_card_taken", card=("rosen", "O")),
    }
    assert "unter die 6" in say(problems["decl-1"])
    assert say(problems["decl-3"]) == "Die Karte Rosen O hat schon ein anderer Spieler gewiesen."


def test_four_nines_by_setting():
    hand = Hand("rosen", points=100, declarations=(said(1, four("9")),))
    assert hand_problems(hand, MODERN) == {}
    assert game(hand).weis_ruling(0, hand)[1] == (0, 150)
    no_nines = Rules.from_preset("modern", four_nines=False)
    assert hand_problems(hand, no_nines) == {"decl-1": code("weis_four_nines")}
    any_four = Rules.from_preset("modern", four_nines=False, any_four=True)
    assert hand_problems(hand, any_four) == {}
    assert game(hand, rules=any_four).weis_ruling(0, hand)[1] == (0, 100)


def test_four_and_run_sharing_a_card_by_weis_size():
    hand = Hand("rosen", points=100, declarations=(said(0, four("A"), run("rosen", "A", 3)),))
    assert hand_problems(hand, MODERN) == {}
    assert game(hand).weis_ruling(0, hand)[1] == (120, 0)
    small = Rules.from_preset("modern", weis_large=False)
    assert hand_problems(hand, small) == {"decl-0": code("weis_small_card_once")}


def test_split_run_by_weis_size():
    hand = Hand(
        "rosen",
        points=100,
        declarations=(said(0, run("eicheln", "A", 5), run("eicheln", "9", 3)),),
    )
    small = Rules.from_preset("modern", weis_large=False)
    assert hand_problems(hand, small) == {}
    assert game(hand, rules=small).weis_ruling(0, hand)[1] == (120, 0)
    problems = hand_problems(hand, MODERN)
    assert problems == {"decl-0": code("weis_runs_touch", run=8)}
    assert "Achtblatt" in say(problems["decl-0"])


def test_open_hand_with_only_declarations_is_fine():
    hand = Hand("rosen", declarations=(said(0, run("rosen", "A", 3)),))
    assert hand.is_open
    assert hand_problems(hand, MODERN) == {}


def test_declarations_for_a_contract_the_table_does_not_play():
    rules = Rules.from_preset("modern", multipliers={**MODERN.multipliers, "rosen": 0})
    hand = Hand("rosen", points=100, declarations=(said(0, run("rosen", "8", 4)),))
    assert hand_problems(hand, rules) == {"contract": code("contract_not_played", contract="rosen")}


def test_one_seat_twice_in_a_hand_can_not_use_a_card_twice():
    """A hand that lists one seat twice (not merged, e.g. entered at once or imported) must not
    let that player declare the same roses A-K-O twice: a card counts in one Weis only (000)."""
    hand = Hand(
        "rosen",
        points=100,
        declarations=(said(0, run("rosen", "A", 3)), said(0, run("rosen", "A", 3))),
    )
    problems = hand_problems(hand, MODERN)
    assert problems.get("decl-0") == code("weis_card_twice")


def test_one_seat_twice_in_a_hand_small_weis_four_and_run():
    hand = Hand(
        "rosen",
        points=100,
        declarations=(said(0, four("A")), said(0, run("rosen", "A", 3))),
    )
    small = Rules.from_preset("modern", weis_large=False)
    problems = hand_problems(hand, small)
    assert problems.get("decl-0") == code("weis_small_card_once")


def test_a_declaration_without_weis_is_refused_or_counts_nothing():
    """Declared(seat, ()) is a seat that declared nothing; it must not break the game."""
    hand = Hand("rosen", points_team=0, points=100, declarations=(said(0),))
    g, errors = enter(game(), hand)
    if errors:
        assert g.hands == ()
        return
    state = replay(g)
    assert state.rows[0].weis == (0, 0)
    assert state.totals == (100, 57)


# --- storage and exchange -------------------------------------------------------------------


def test_hand_to_dict_and_back_with_declarations():
    hand = Hand(
        "schellen",
        points_team=0,
        points=90,
        stoeck=0,
        declarations=(
            said(0, run("eicheln", "8", 3)),
            said(2, run("schellen", "K", 4), four("U")),
        ),
    )
    data = hand.to_dict()
    assert data["declarations"] == [
        {"seat": 0, "weis": [{"run": "eicheln", "top": "8", "length": 3}]},
        {"seat": 2, "weis": [{"run": "schellen", "top": "K", "length": 4}, {"four": "U"}]},
    ]
    assert Hand.from_dict(data) == hand
    assert Hand.from_dict(json.loads(json.dumps(data))) == hand


def test_hand_from_old_data_has_no_declarations():
    data = Hand("rosen", points_team=0, points=90).to_dict()
    del data["declarations"]
    assert Hand.from_dict(data).declarations == ()


@pytest.mark.parametrize(
    "declarations",
    [
        "none",
        [{"seat": 0, "weis": "four A"}],
        [{"seat": "0", "weis": []}],
        [{"seat": True, "weis": []}],
        [{"seat": 0, "weis": [{"run": "rosen", "top": "A", "length": 3.0}]}],
        [{"seat": 0, "weis": ["A"]}],
    ],
)
def test_hand_from_dict_refuses_broken_declarations(declarations):
    data = Hand("rosen", points_team=0, points=90).to_dict()
    data["declarations"] = declarations
    with pytest.raises(ValueError):
        Hand.from_dict(data)


def game_with_declarations():
    return game(
        Hand("schellen", points_team=0, points=90, stoeck=1, declarations=FIFTY),
        Hand(
            "undenufe",
            shoved=True,
            points_team=1,
            points=100,
            declarations=(said(1, four("U")), said(2, run("rosen", "10", 5))),
        ),
        Hand("rosen", declarations=(said(3, run("eicheln", "A", 3)),)),
    )


def test_export_and_load_keep_declarations():
    g = game_with_declarations()
    assert record_problem(g) is None
    data = json.loads(json.dumps(export(g)))
    assert data["hands"][0]["declarations"] == [d.to_dict() for d in FIFTY]
    loaded = load(data)
    assert loaded == g
    assert [h.declarations for h in loaded.hands] == [h.declarations for h in g.hands]
    assert replay(loaded) == replay(g)
    state = replay(loaded)
    assert [row.weis for row in state.rows] == [(70, 0), (0, 200), (0, 20)]
    assert state.totals == (
        140 + 180 + 57 * 3,
        40 + 134 + 600 + 300 + 20,
    )


def test_load_refuses_impossible_declarations():
    data = export(game_with_declarations())
    data["hands"][0]["declarations"][1]["weis"].append({"run": "schellen", "top": "U", "length": 3})
    with pytest.raises(ImportProblem) as caught:
        load(data)
    problem = caught.value
    assert problem.code == code("hand_problems", number=1, problems=(code("weis_card_twice"),))
    assert problem.game is not None
    assert "Dieselbe Karte zweimal gewiesen." in words([problem.code], problem.game)[0]


def test_load_refuses_broken_declarations():
    data = export(game_with_declarations())
    data["hands"][0]["declarations"][0]["weis"] = [{"run": "rosen", "top": "K"}]
    with pytest.raises(ImportProblem):
        load(data)


def test_load_of_a_declaration_without_weis_does_not_crash():
    """An imported seat with an empty list of Weis: refused with ImportProblem, or no Weis."""
    data = export(game(Hand("rosen", points_team=0, points=100)))
    data["hands"][0]["declarations"] = [{"seat": 0, "weis": []}]
    try:
        loaded = load(data)
    except ImportProblem:
        return
    assert replay(loaded).rows[0].weis == (0, 0)
