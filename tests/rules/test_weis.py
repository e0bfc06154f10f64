"""The weis module: what a Weis is worth, which one wins and why, and what nine cards hold."""

import pytest

from scorer.cards import RANKS
from scorer.codes import code
from scorer.schieber.contracts import Rules
from scorer.web.core.messages import say
from scorer.web.core.messages.deck import FACES, weis_name
from scorer.weis import (
    Declaration,
    Play,
    Ruling,
    Weis,
    WeisTable,
    declaration_problems,
    detect,
    rule,
    stoeck_in,
)

SUITS = ("rosen", "eicheln", "schilten", "schellen")
LARGE = WeisTable()  # the Schieber default
SMALL = WeisTable(large=False)
TRUMP = Play(trump="schellen")
OBENABE = Play()
UNDENUFE = Play(undenufe=True)
PLAYS = [TRUMP, OBENABE, UNDENUFE]


def run(suit, top, length):
    return Weis.run(suit, top, length)


def four(rank):
    return Weis.four(rank)


def decl(who, *weis, order=None):
    """A declaration; the order in the first trick is the player number unless given."""
    return Declaration(who, who if order is None else order, tuple(weis))


def cards(*spec):
    """cards("rosen A K O", "eicheln 8") -> [("rosen", "A"), ("rosen", "K"), ...]."""
    out = []
    for part in spec:
        suit, *ranks = part.split()
        out += [(suit, r) for r in ranks]
    return out


def total(found, table, play):
    return sum(table.points(w, play) for w in found)


def letters(who):
    return "ABCD"[who]


def words(ruling):
    """The ruling's lines as the table reads them, players named A to D."""
    return tuple(say(line, names=letters) for line in ruling.lines)


# --- the points tables ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "length, points", [(3, 20), (4, 50), (5, 100), (6, 100), (7, 100), (8, 100), (9, 100)]
)
def test_small_run_points(length, points):
    for play in PLAYS:
        assert SMALL.points(run("rosen", "A", length), play) == points


@pytest.mark.parametrize(
    "length, points", [(3, 20), (4, 50), (5, 100), (6, 150), (7, 200), (8, 250), (9, 300)]
)
def test_large_run_points(length, points):
    for play in PLAYS:
        assert LARGE.points(run("schellen", "A", length), play) == points


def test_large_run_points_do_not_depend_on_top_card_or_trump():
    assert LARGE.points(run("schellen", "8", 3), TRUMP) == 20
    assert LARGE.points(run("rosen", "U", 6), TRUMP) == 150
    assert LARGE.points(run("schellen", "K", 8), UNDENUFE) == 250


@pytest.mark.parametrize("table", [SMALL, LARGE], ids=["small", "large"])
@pytest.mark.parametrize("rank, points", [("10", 100), ("O", 100), ("K", 100), ("A", 100)])
def test_four_of_tens_obers_kings_aces_are_100(table, rank, points):
    for play in PLAYS:
        assert table.points(four(rank), play) == points
        assert table.problem(four(rank), play, SUITS) is None


@pytest.mark.parametrize("table", [SMALL, LARGE], ids=["small", "large"])
def test_four_unders_200_and_four_nines_150(table):
    for play in PLAYS:
        assert table.points(four("U"), play) == 200
        assert table.points(four("9"), play) == 150
        assert table.problem(four("9"), play, SUITS) is None


@pytest.mark.parametrize("large", [True, False])
def test_four_nines_refused_where_the_table_does_not_play_them(large):
    table = WeisTable(large=large, four_nines=False)
    for play in PLAYS:
        assert table.points(four("9"), play) == 0
        problem = table.problem(four("9"), play, SUITS)
        assert problem == ("weis_four_nines", {})
        assert say(problem) == "Vier Neuner zählen an diesem Tisch nicht."


def test_four_nines_without_the_150_count_100_with_any_four():
    table = WeisTable(four_nines=False, any_four=True)
    for play in PLAYS:
        assert table.points(four("9"), play) == 100
        assert table.problem(four("9"), play, SUITS) is None


def test_four_nines_150_even_with_any_four():
    assert WeisTable(any_four=True).points(four("9"), OBENABE) == 150


def test_four_sixes_only_in_undenufe_when_the_table_plays_them():
    variant = WeisTable(four_sixes_undenufe=True)
    assert variant.points(four("6"), UNDENUFE) == 100
    assert variant.problem(four("6"), UNDENUFE, SUITS) is None
    for play in (TRUMP, OBENABE):
        assert variant.points(four("6"), play) == 0
        problem = variant.problem(four("6"), play, SUITS)
        assert problem == code("weis_four_sixes")
        assert "Undenufe" in say(problem)
    for play in PLAYS:
        assert LARGE.points(four("6"), play) == 0
        assert LARGE.problem(four("6"), play, SUITS) == code("weis_four_sixes")


def test_four_sixes_in_any_contract_with_any_four():
    table = WeisTable(any_four=True)
    for play in PLAYS:
        assert table.points(four("6"), play) == 100
        assert table.problem(four("6"), play, SUITS) is None


@pytest.mark.parametrize("rank", ["8", "7"])
def test_four_eights_and_sevens_only_with_any_four(rank):
    for table in (SMALL, LARGE, WeisTable(four_sixes_undenufe=True)):
        for play in PLAYS:
            assert table.points(four(rank), play) == 0
            assert table.problem(four(rank), play, SUITS) == code(
                "weis_four_not_counted", fours=rank
            )
    for play in PLAYS:
        assert WeisTable(any_four=True).points(four(rank), play) == 100
        assert WeisTable(any_four=True).problem(four(rank), play, SUITS) is None


def test_four_unders_stay_200_with_any_four():
    assert WeisTable(any_four=True).points(four("U"), UNDENUFE) == 200


def test_four_sixes_replace_four_aces_in_undenufe():
    """000: four 6s in Undenufe "then replaces four aces"; 004: "Four aces (6s for undenufe)";
    RULES.md: "four 6s in Undenufe worth 100 in place of four Aces". With the variant on (and not
    "four of any rank"), four Aces are no Weis in Undenufe; in other contracts they still are."""
    variant = WeisTable(four_sixes_undenufe=True)
    assert variant.points(four("A"), OBENABE) == 100
    assert variant.points(four("A"), TRUMP) == 100
    assert variant.points(four("A"), UNDENUFE) == 0
    assert variant.problem(four("A"), UNDENUFE, SUITS) == code("weis_four_aces_undenufe")
    assert variant.problem(four("A"), OBENABE, SUITS) is None


# --- the table's settings ---------------------------------------------------------------------


def test_schieber_default_weis_table():
    assert Rules().weis_table == WeisTable(
        large=True, four_nines=True, four_sixes_undenufe=False, any_four=False
    )
    assert Rules.from_preset("modern").weis_table == LARGE
    assert Rules.from_preset("classic").weis_table == LARGE


def test_weis_table_follows_the_settings():
    rules = Rules.from_preset(
        "simple", weis_large=False, four_nines=False, four_sixes=True, any_four=True
    )
    assert rules.weis_table == WeisTable(
        large=False, four_nines=False, four_sixes_undenufe=True, any_four=True
    )


def test_rules_play_per_contract():
    rules = Rules.from_preset("modern")
    assert rules.play("schellen") == Play(trump="schellen", undenufe=False, suits=SUITS)
    assert rules.play("rosen") == Play(trump="rosen", suits=SUITS)
    assert rules.play("obenabe") == Play(trump=None, undenufe=False, suits=SUITS)
    assert rules.play("undenufe") == Play(trump=None, undenufe=True, suits=SUITS)
    french = Rules.from_preset("modern", "french")
    assert french.play("hearts") == Play(trump="hearts", suits=french.suits)


def test_rules_suits():
    assert Rules.from_preset("modern").suits == SUITS
    assert Rules.from_preset("modern", "french").suits == ("hearts", "diamonds", "clubs", "spades")


# --- a Weis as data ---------------------------------------------------------------------------


def test_run_ranks_and_cards():
    weis = run("schellen", "K", 4)
    assert weis.ranks == ("K", "O", "U", "10")
    assert weis.cards(SUITS) == frozenset(cards("schellen K O U 10"))
    assert run("rosen", "8", 3).ranks == ("8", "7", "6")
    assert run("rosen", "A", 9).ranks == RANKS


def test_four_ranks_and_cards():
    assert four("U").ranks == ("U",)
    assert four("U").cards(SUITS) == frozenset((s, "U") for s in SUITS)


def test_names():
    assert weis_name(run("schellen", "K", 4)) == "Vierblatt Schellen zum König"
    assert weis_name(run("rosen", "8", 3)) == "Dreiblatt Rosen zur 8"
    assert weis_name(run("eicheln", "A", 9)) == "Neunblatt Eicheln zum Ass"
    assert weis_name(run("eicheln", "A", 9), FACES["french"]) == "Neunblatt eicheln zum Ass"
    assert weis_name(run("hearts", "O", 4), FACES["french"]) == "Vierblatt Herz zur Dame"
    assert weis_name(four("U"), FACES["french"]) == "vier Bauern"
    assert weis_name(four("U")) == "vier Under"
    assert weis_name(four("10")) == "vier Banner"


def test_to_dict_and_back():
    assert run("schellen", "K", 4).to_dict() == {"run": "schellen", "top": "K", "length": 4}
    assert four("9").to_dict() == {"four": "9"}
    for weis in (run("schellen", "K", 4), four("9"), run("rosen", "A", 9)):
        assert Weis.from_dict(weis.to_dict()) == weis


@pytest.mark.parametrize(
    "data",
    [
        "four A",
        ["A"],
        {"run": "rosen", "top": "A", "length": "3"},
        {"run": "rosen", "top": "A", "length": True},
        {"run": "rosen", "top": "A"},
    ],
)
def test_from_dict_refuses_other_data(data):
    with pytest.raises(ValueError):
        Weis.from_dict(data)


# --- Stöck --------------------------------------------------------------------------------------


def test_stoeck_is_king_and_ober_of_trumps():
    hand = cards("schellen K O 6", "rosen A")
    assert stoeck_in(hand, TRUMP) is True
    assert stoeck_in(hand, Play(trump="rosen")) is False
    assert stoeck_in(cards("schellen K U 10"), TRUMP) is False
    assert stoeck_in(hand, OBENABE) is False
    assert stoeck_in(hand, UNDENUFE) is False


# --- the examples of RULES.md and the seeds -------------------------------------------------------


def test_four_aces_with_king_ober_small_weis_is_100():
    hand = cards("rosen A K O", "eicheln A", "schilten A", "schellen A 9 7 6")
    found = detect(hand, SMALL, TRUMP, SUITS)
    assert found == [four("A")]
    assert total(found, SMALL, TRUMP) == 100


def test_four_aces_with_king_ober_under_small_weis_is_120():
    hand = cards("rosen A K O U", "eicheln A", "schilten A", "schellen A 9 7")
    found = detect(hand, SMALL, TRUMP, SUITS)
    assert sorted(found, key=repr) == sorted([four("A"), run("rosen", "K", 3)], key=repr)
    assert total(found, SMALL, TRUMP) == 120


def test_four_aces_with_king_ober_large_weis_shares_the_ace():
    hand = cards("rosen A K O", "eicheln A", "schilten A", "schellen A 9 7 6")
    found = detect(hand, LARGE, TRUMP, SUITS)
    assert sorted(found, key=repr) == sorted([four("A"), run("rosen", "A", 3)], key=repr)
    assert total(found, LARGE, TRUMP) == 120


A_50 = cards("rosen K O U 10", "eicheln A 9", "schilten 9 7", "schellen 6")
C_50 = cards("schellen K O U 10", "eicheln 8 7 6", "rosen A", "schilten K")


def test_fifty_against_fifty_trump_sequence_wins():
    """001: A and C both announce 50, both say King, C's is in trumps."""
    declarations = [
        decl(0, *detect(A_50, SMALL, TRUMP, SUITS)),
        decl(2, *detect(C_50, SMALL, TRUMP, SUITS)),
    ]
    assert declarations[0].weis == (run("rosen", "K", 4),)
    assert sorted(declarations[1].weis, key=repr) == sorted(
        [run("schellen", "K", 4), run("eicheln", "8", 3)], key=repr
    )
    ruling = rule(declarations, SMALL, TRUMP)
    assert ruling.winner == 2
    assert ruling.best == run("schellen", "K", 4)
    assert words(ruling) == (
        "Beide 50.",
        "Beide 4 Karten.",
        "Beide zum König.",
        "Das Blatt in Schellen ist Trumpf: Vierblatt Schellen zum König (C).",
    )
    assert "Trumpf" in words(ruling)[-1]
    assert ruling.lines == (
        code("weis_points_same", points=50),
        code("weis_cards_same", cards=4),
        code("weis_top_same", top_to="K"),
        code("weis_trump", suit="schellen", weis=run("schellen", "K", 4), who=2),
    )


def test_fifty_against_fifty_c_scores_70_and_90_with_stoeck():
    weis = detect(C_50, SMALL, TRUMP, SUITS)
    assert total(weis, SMALL, TRUMP) == 70
    assert stoeck_in(C_50, TRUMP) is True
    assert stoeck_in(A_50, TRUMP) is False
    assert total(weis, SMALL, TRUMP) + 20 * stoeck_in(C_50, TRUMP) == 90


def test_undenufe_six_seven_eight_beats_seven_eight_nine():
    declarations = [decl(0, run("eicheln", "9", 3)), decl(1, run("rosen", "8", 3))]
    ruling = rule(declarations, LARGE, UNDENUFE)
    assert ruling.winner == 1
    assert ruling.best == run("rosen", "8", 3)
    assert words(ruling) == (
        "Beide 20.",
        "Beide 3 Karten.",
        "Höchste Karte (im Undenufe gilt die tiefste): 6 vor 7: Dreiblatt Rosen zur 8 (B).",
    )
    assert ruling.lines[2] == code(
        "weis_higher_undenufe", high_rank="6", low_rank="7", weis=run("rosen", "8", 3), who=1
    )
    # Obenabe: the higher top card, 9 before 8.
    assert rule(declarations, LARGE, OBENABE).winner == 0


def test_undenufe_four_sixes_beat_four_eights():
    table = WeisTable(any_four=True)
    declarations = [decl(0, four("8")), decl(1, four("6"))]
    ruling = rule(declarations, table, UNDENUFE)
    assert ruling.winner == 1
    assert ruling.best == four("6")
    assert words(ruling)[:2] == ("Beide 100.", "Beide 4 Karten.")
    assert words(ruling)[2].startswith("Höchste Karte (im Undenufe gilt die tiefste): 6 vor 8")
    assert len(words(ruling)) == 3
    assert ruling.lines[2] == code(
        "weis_higher_undenufe", high_rank="6", low_rank="8", weis=four("6"), who=1
    )
    assert rule(declarations, table, OBENABE).winner == 0


@pytest.mark.parametrize("table", [SMALL, LARGE], ids=["small", "large"])
def test_run_of_five_beats_four_aces(table):
    declarations = [decl(0, four("A")), decl(1, run("rosen", "10", 5))]
    ruling = rule(declarations, table, TRUMP)
    assert ruling.winner == 1
    assert words(ruling) == (
        "Beide 100.",
        "5 Karten schlagen 4: Fünfblatt Rosen zum Banner (B) vor vier Ass (A).",
    )
    assert ruling.lines[1] == code(
        "weis_cards_beat",
        cards=5,
        other_cards=4,
        weis=run("rosen", "10", 5),
        who=1,
        other_weis=four("A"),
        other_who=0,
    )


def test_large_run_of_six_beats_four_nines():
    declarations = [decl(0, four("9")), decl(3, run("eicheln", "U", 6))]
    ruling = rule(declarations, LARGE, OBENABE)
    assert LARGE.points(four("9"), OBENABE) == LARGE.points(run("eicheln", "U", 6), OBENABE) == 150
    assert ruling.winner == 3
    assert words(ruling) == (
        "Beide 150.",
        "6 Karten schlagen 4: Sechsblatt Eicheln zum Under (D) vor vier Neuner (A).",
    )


def test_large_run_of_seven_beats_four_unders():
    declarations = [decl(0, four("U")), decl(1, run("schilten", "U", 7))]
    ruling = rule(declarations, LARGE, UNDENUFE)
    assert ruling.winner == 1
    assert ruling.best == run("schilten", "U", 7)
    assert words(ruling)[0] == "Beide 200."
    assert words(ruling)[1].startswith("7 Karten schlagen 4")
    assert len(words(ruling)) == 2


def test_small_run_of_seven_loses_to_four_unders():
    declarations = [decl(0, four("U")), decl(1, run("schilten", "A", 7))]
    ruling = rule(declarations, SMALL, OBENABE)
    assert ruling.winner == 0
    assert words(ruling) == (
        "200 schlägt 100: vier Under (A) vor Siebenblatt Schilten zum Ass (B).",
    )
    assert ruling.lines == (
        code(
            "weis_points_beat",
            points=200,
            other_points=100,
            weis=four("U"),
            who=0,
            other_weis=run("schilten", "A", 7),
            other_who=1,
        ),
    )


def test_small_run_of_seven_beats_run_of_five():
    """000: a sequence of seven scores no more than five, though it beats it."""
    declarations = [decl(0, run("rosen", "A", 5)), decl(1, run("schilten", "10", 7))]
    ruling = rule(declarations, SMALL, OBENABE)
    assert ruling.winner == 1
    assert words(ruling) == (
        "Beide 100.",
        "7 Karten schlagen 5: Siebenblatt Schilten zum Banner (B) vor Fünfblatt Rosen zum Ass (A).",
    )


def test_more_points_decide_first():
    declarations = [decl(0, run("schellen", "A", 3)), decl(1, run("rosen", "10", 4))]
    ruling = rule(declarations, LARGE, TRUMP)
    assert ruling.winner == 1
    assert words(ruling) == (
        "50 schlägt 20: Vierblatt Rosen zum Banner (B) vor Dreiblatt Schellen zum Ass (A).",
    )


def test_higher_top_card_before_trumps():
    declarations = [decl(0, run("schellen", "K", 3)), decl(1, run("rosen", "A", 3))]
    ruling = rule(declarations, LARGE, TRUMP)
    assert ruling.winner == 1
    assert words(ruling) == (
        "Beide 20.",
        "Beide 3 Karten.",
        "Höchste Karte: Ass vor König: Dreiblatt Rosen zum Ass (B).",
    )


def test_four_of_a_kind_compared_by_rank():
    declarations = [decl(0, four("K")), decl(1, four("A")), decl(2, four("10"))]
    ruling = rule(declarations, LARGE, TRUMP)
    assert ruling.winner == 1
    assert words(ruling)[-1] == "Höchste Karte: Ass vor König: vier Ass (B)."
    assert ruling.lines[-1] == code(
        "weis_higher", high_rank="A", low_rank="K", weis=four("A"), who=1
    )


def test_equal_non_trump_runs_go_to_the_earlier_seat():
    declarations = [
        decl(0, run("rosen", "K", 4), order=3),
        decl(1, run("eicheln", "K", 4), order=1),
    ]
    ruling = rule(declarations, LARGE, TRUMP)
    assert ruling.winner == 1
    assert ruling.best == run("eicheln", "K", 4)
    assert words(ruling) == (
        "Beide 50.",
        "Beide 4 Karten.",
        "Beide zum König.",
        "B spielt vor A zum ersten Stich: Vierblatt Eicheln zum König (B).",
    )
    assert "zum ersten Stich" in words(ruling)[-1]
    assert ruling.lines[-1] == code("weis_earlier", weis=run("eicheln", "K", 4), who=1, other_who=0)
    swapped = [
        decl(0, run("rosen", "K", 4), order=0),
        decl(1, run("eicheln", "K", 4), order=2),
    ]
    assert rule(swapped, LARGE, TRUMP).winner == 0


def test_equal_runs_in_obenabe_go_to_the_earlier_seat():
    declarations = [decl(2, run("rosen", "8", 3)), decl(3, run("schellen", "8", 3), order=0)]
    ruling = rule(declarations, SMALL, OBENABE)
    assert ruling.winner == 3
    assert len(words(ruling)) == 4
    assert words(ruling)[2] == "Beide zur 8."
    assert words(ruling)[3].startswith("D spielt vor C zum ersten Stich")


def test_only_one_player_declares():
    ruling = rule([decl(2, run("rosen", "K", 3), four("U"))], LARGE, TRUMP)
    assert (ruling.winner, ruling.best) == (2, four("U"))
    assert len(words(ruling)) == 1
    assert "vier Under von C" in words(ruling)[0]
    assert ruling.lines == (code("weis_one_side", weis=four("U"), who=2),)


def test_only_one_side_declares():
    declarations = [decl(0, run("rosen", "K", 3)), decl(2, four("O"))]
    ruling = rule(declarations, LARGE, TRUMP, side=lambda who: who % 2)
    assert (ruling.winner, ruling.best) == (2, four("O"))
    assert len(words(ruling)) == 1
    assert "vier Ober von C" in words(ruling)[0]
    assert ruling.lines == (code("weis_one_side", weis=four("O"), who=2),)


def test_nobody_declares():
    assert rule([], LARGE, TRUMP) == Ruling(None, None, ())
    assert rule([decl(0), decl(1)], LARGE, TRUMP) == Ruling(None, None, ())


def test_empty_declarations_are_ignored():
    ruling = rule([decl(0), decl(1, run("rosen", "A", 3))], LARGE, TRUMP)
    assert ruling.winner == 1
    assert len(words(ruling)) == 1


def test_a_players_best_weis_is_the_one_compared():
    declarations = [
        decl(0, run("rosen", "A", 3), four("K")),
        decl(1, run("eicheln", "A", 5), run("schilten", "A", 3)),
    ]
    ruling = rule(declarations, LARGE, TRUMP)
    assert ruling.winner == 1
    assert ruling.best == run("eicheln", "A", 5)
    assert words(ruling)[:2] == ("Beide 100.", words(ruling)[1])
    assert words(ruling)[1].startswith("5 Karten schlagen 4: Fünfblatt Eicheln zum Ass (B)")


def test_sides_compare_their_best_weis():
    """With sides, the explanation is against the best Weis of the other side."""
    declarations = [
        decl(0, run("rosen", "A", 3)),
        decl(1, run("eicheln", "A", 4)),
        decl(2, four("O")),
        decl(3, run("schilten", "A", 3)),
    ]
    ruling = rule(declarations, LARGE, OBENABE, side=lambda who: who % 2)
    assert ruling.winner == 2
    assert words(ruling) == ("100 schlägt 50: vier Ober (C) vor Vierblatt Eicheln zum Ass (B).",)


# --- detect -----------------------------------------------------------------------------------


def test_detect_full_suit_large_is_one_run_of_nine():
    hand = cards("rosen A K O U 10 9 8 7 6")
    found = detect(hand, LARGE, TRUMP, SUITS)
    assert found == [run("rosen", "A", 9)]
    assert total(found, LARGE, TRUMP) == 300


def test_detect_full_suit_small_counts_five_plus_four():
    hand = cards("rosen A K O U 10 9 8 7 6")
    found = detect(hand, SMALL, TRUMP, SUITS)
    assert found == [run("rosen", "A", 5), run("rosen", "9", 4)]
    assert total(found, SMALL, TRUMP) == 150


def test_detect_run_of_eight_small_counts_five_plus_three():
    hand = cards("schellen A K O U 10 9 8 7", "rosen 6")
    found = detect(hand, SMALL, OBENABE, SUITS)
    assert found == [run("schellen", "A", 5), run("schellen", "9", 3)]
    assert total(found, SMALL, OBENABE) == 120


def test_detect_run_of_eight_large_counts_whole():
    hand = cards("schellen K O U 10 9 8 7 6", "rosen A")
    found = detect(hand, LARGE, OBENABE, SUITS)
    assert found == [run("schellen", "K", 8)]
    assert total(found, LARGE, OBENABE) == 250


def test_detect_small_undenufe_splits_so_the_five_holds_the_six():
    """Small Weis, Undenufe: K..6 of roses is 5 + 3 either way (120), but K-O-U + 10-9-8-7-6 holds
    the best single Weis, since the 6 is the top card in Undenufe (RULES.md test 3). detect()
    breaks equal totals by the best single Weis, yet _split() only tries the five on top."""
    hand = cards("rosen K O U 10 9 8 7 6", "eicheln A")
    found = detect(hand, SMALL, UNDENUFE, SUITS)
    assert total(found, SMALL, UNDENUFE) == 120
    assert sorted(found, key=repr) == sorted(
        [run("rosen", "K", 3), run("rosen", "10", 5)], key=repr
    )


def test_detect_large_counts_a_maximal_run_whole_never_its_parts():
    hand = cards("eicheln A K O U 10 9", "rosen 7", "schilten 7", "schellen 6")
    assert detect(hand, LARGE, TRUMP, SUITS) == [run("eicheln", "A", 6)]
    assert detect(hand, SMALL, TRUMP, SUITS) == [run("eicheln", "A", 6)]
    assert total(detect(hand, SMALL, TRUMP, SUITS), SMALL, TRUMP) == 100


def test_detect_four_kings_and_bells_ober_under_ten():
    """000: four Kings and O-U-10 of bells: small Weis four Kings + a run of three (120);
    large Weis four Kings + the run of four K-O-U-10 (150)."""
    hand = cards("schellen K O U 10", "rosen K", "eicheln K", "schilten K", "rosen 6", "eicheln 6")
    small = detect(hand, SMALL, OBENABE, SUITS)
    assert sorted(small, key=repr) == sorted([four("K"), run("schellen", "O", 3)], key=repr)
    assert total(small, SMALL, OBENABE) == 120
    large = detect(hand, LARGE, OBENABE, SUITS)
    assert sorted(large, key=repr) == sorted([four("K"), run("schellen", "K", 4)], key=repr)
    assert total(large, LARGE, OBENABE) == 150


def test_detect_four_unders_four_nines_and_a_ten():
    hand = [(s, "U") for s in SUITS] + [(s, "9") for s in SUITS] + [("rosen", "10")]
    large = detect(hand, LARGE, TRUMP, SUITS)
    assert sorted(large, key=repr) == sorted([four("U"), four("9"), run("rosen", "U", 3)], key=repr)
    assert total(large, LARGE, TRUMP) == 370
    small = detect(hand, SMALL, TRUMP, SUITS)
    assert sorted(small, key=repr) == sorted([four("U"), four("9")], key=repr)
    assert total(small, SMALL, TRUMP) == 350
    # without four 9s: small Weis can not use the rosen U twice, large Weis can
    assert detect(hand, WeisTable(large=False, four_nines=False), TRUMP, SUITS) == [four("U")]
    large_no_nines = detect(hand, WeisTable(four_nines=False), TRUMP, SUITS)
    assert large_no_nines == [four("U"), run("rosen", "U", 3)]
    assert total(large_no_nines, LARGE, TRUMP) == 220


def test_detect_small_gives_up_a_run_for_a_better_four():
    hand = cards("rosen A K O U 10 9 8", "eicheln U", "schilten U")
    assert detect(hand, SMALL, TRUMP, SUITS) == [run("rosen", "A", 7)]  # only three Unders
    hand = cards("rosen A K O U 10 9", "eicheln U", "schilten U", "schellen U")
    found = detect(hand, SMALL, TRUMP, SUITS)
    assert sorted(found, key=repr) == sorted(
        [four("U"), run("rosen", "A", 3)], key=repr
    )  # 10-9 of roses left over
    assert total(found, SMALL, TRUMP) == 220


def test_detect_two_runs_of_one_suit_with_a_gap():
    hand = cards("rosen A K O 10 9 8", "eicheln 6", "schilten 6", "schellen 7")
    for table in (SMALL, LARGE):
        assert detect(hand, table, TRUMP, SUITS) == [run("rosen", "A", 3), run("rosen", "10", 3)]


def test_detect_four_nines_only_where_played():
    hand = [(s, "9") for s in SUITS] + cards("rosen A", "eicheln K", "schilten 6 7", "schellen O")
    assert detect(hand, LARGE, TRUMP, SUITS) == [four("9")]
    assert detect(hand, WeisTable(four_nines=False), TRUMP, SUITS) == []
    assert detect(hand, WeisTable(four_nines=False, any_four=True), TRUMP, SUITS) == [four("9")]


def test_detect_four_sixes_and_eights():
    hand = [(s, "6") for s in SUITS] + [(s, "8") for s in SUITS] + [("rosen", "A")]
    assert detect(hand, LARGE, UNDENUFE, SUITS) == []
    variant = WeisTable(four_sixes_undenufe=True)
    assert detect(hand, variant, UNDENUFE, SUITS) == [four("6")]
    assert detect(hand, variant, OBENABE, SUITS) == []
    any_four = WeisTable(large=False, any_four=True)
    assert sorted(detect(hand, any_four, OBENABE, SUITS), key=repr) == [four("6"), four("8")]


def test_detect_undenufe_example_of_000():
    """000: acorns U 6, shields U 9 7, flowers A U, bells U 8 in Undenufe: four Unders."""
    hand = cards("eicheln U 6", "schilten U 9 7", "rosen A U", "schellen U 8")
    for table in (SMALL, LARGE):
        found = detect(hand, table, UNDENUFE, SUITS)
        assert found == [four("U")]
        assert total(found, table, UNDENUFE) == 200


def test_detect_nothing():
    hand = cards("rosen A 10 7", "eicheln K 9 6", "schilten O 8", "schellen U")
    assert detect(hand, SMALL, TRUMP, SUITS) == []
    assert detect(hand, LARGE, TRUMP, SUITS) == []


# --- declaration_problems -------------------------------------------------------------------------


def problems(*declarations, table=LARGE, play=TRUMP):
    return declaration_problems(declarations, table, play, SUITS)


def test_valid_declarations_have_no_problems():
    assert (
        problems(
            decl(0, run("rosen", "A", 4), four("U")),
            decl(1, run("eicheln", "8", 3)),
            decl(2, four("9")),
        )
        == {}
    )
    assert problems() == {}


@pytest.mark.parametrize("length", [10, 12, 2, 1, 0, -3])
def test_run_of_three_to_nine_cards(length):
    found = problems(decl(1, run("rosen", "A", length)))
    assert found == {1: ("weis_run_length", {})}
    assert say(found[1]) == "Ein Blatt hat 3 bis 9 Karten."


def test_run_cannot_go_below_the_six():
    found = problems(decl(0, run("rosen", "8", 4)))
    assert found == {0: code("weis_below_six", run=4, to="8")}
    assert say(found[0]) == (
        "Vierblatt zur 8 ginge unter die 6: ein Blatt endet frühestens bei der 6."
    )
    nine = problems(decl(0, run("rosen", "K", 9)))
    assert nine == {0: code("weis_below_six", run=9, to="K")}
    assert say(nine[0]).startswith("Neunblatt zum König")
    assert problems(decl(0, run("rosen", "9", 4))) == {}
    assert problems(decl(0, run("rosen", "8", 3))) == {}


def test_unknown_rank_and_suit():
    assert problems(decl(0, four("5"))) == {0: code("weis_no_card", card_key="5")}
    assert problems(decl(2, run("rosen", "B", 3))) == {2: code("weis_no_card", card_key="B")}
    found = problems(decl(3, run("hearts", "A", 3)))
    assert found == {3: code("weis_unknown_suit", suit_key="hearts")}
    assert say(found[3]) == "Unbekannte Farbe: hearts."
    assert say(code("weis_no_card", card_key="B")) == "Keine Karte: B."


def test_unknown_kind():
    assert problems(decl(0, Weis("pair", "A", 2, "rosen"))) == {0: code("weis_not_a_kind")}


@pytest.mark.parametrize("table", [SMALL, LARGE], ids=["small", "large"])
def test_two_overlapping_runs_of_one_player(table):
    found = problems(decl(0, run("rosen", "A", 4), run("rosen", "O", 3)), table=table)
    assert found == {0: code("weis_card_twice")}
    assert say(found[0]) == "Dieselbe Karte zweimal gewiesen."


@pytest.mark.parametrize("table", [SMALL, LARGE], ids=["small", "large"])
def test_the_same_four_twice(table):
    assert problems(decl(0, four("K"), four("K")), table=table) == {0: code("weis_card_twice")}


def test_four_and_run_sharing_a_card_small_weis_refused():
    found = problems(decl(0, four("A"), run("rosen", "A", 3)), table=SMALL)
    assert found == {0: code("weis_small_card_once")}


def test_four_and_run_sharing_a_card_large_weis_fine():
    assert problems(decl(0, four("A"), run("rosen", "A", 3)), table=LARGE) == {}
    assert problems(decl(0, four("K"), run("schellen", "K", 4))) == {}


def test_four_and_run_apart_small_weis_fine():
    assert problems(decl(0, four("A"), run("rosen", "K", 3)), table=SMALL) == {}


@pytest.mark.parametrize(
    "upper, lower", [(("A", 3), ("U", 3)), (("A", 5), ("9", 3)), (("A", 5), ("9", 4))]
)
def test_adjacent_runs_large_weis_count_whole(upper, lower):
    found = problems(decl(0, run("rosen", *upper), run("rosen", *lower)), table=LARGE)
    assert found == {0: code("weis_runs_touch", run=upper[1] + lower[1])}
    assert "aneinander" in say(found[0])
    whole = {6: "Sechsblatt", 8: "Achtblatt", 9: "Neunblatt"}[upper[1] + lower[1]]
    assert whole in say(found[0])


@pytest.mark.parametrize(
    "upper, lower", [(("A", 5), ("9", 3)), (("A", 5), ("9", 4)), (("A", 3), ("U", 5))]
)
def test_adjacent_runs_small_weis_five_and_three_or_four_fine(upper, lower):
    assert problems(decl(0, run("eicheln", *upper), run("eicheln", *lower)), table=SMALL) == {}
    # the order the two parts are declared in does not matter
    assert problems(decl(0, run("eicheln", *lower), run("eicheln", *upper)), table=SMALL) == {}


@pytest.mark.parametrize(
    "upper, lower, whole",
    [(("A", 3), ("U", 3), "Sechsblatt"), (("A", 4), ("10", 4), "Achtblatt")],
)
def test_adjacent_runs_small_weis_other_splits_refused(upper, lower, whole):
    found = problems(decl(0, run("eicheln", *upper), run("eicheln", *lower)), table=SMALL)
    assert found == {0: code("weis_runs_touch", run=upper[1] + lower[1])}
    assert whole in say(found[0])


def test_runs_in_one_suit_with_a_gap_fine():
    for table in (SMALL, LARGE):
        assert problems(decl(0, run("rosen", "A", 3), run("rosen", "10", 3)), table=table) == {}


def test_runs_in_different_suits_fine():
    assert problems(decl(0, run("rosen", "A", 3), run("eicheln", "U", 3))) == {}


def test_a_card_in_two_players_declarations():
    # The message names the card: the Rosen Ace is in both.
    found = problems(decl(0, four("A")), decl(1, run("rosen", "A", 3)))
    assert found == {1: code("weis_card_taken", card=("rosen", "A"))}
    assert say(found[1]) == "Die Karte Rosen A hat schon ein anderer Spieler gewiesen."
    # Schellen Under and 10 are in both; one of them is named.
    found = problems(decl(3, run("schellen", "K", 4)), decl(2, run("schellen", "U", 3)))
    assert found == {2: code("weis_card_taken", card=("schellen", "10"))}
    assert say(found[2]) == "Die Karte Schellen 10 hat schon ein anderer Spieler gewiesen."
    assert problems(decl(0, four("A")), decl(1, run("rosen", "K", 3))) == {}


def test_four_nines_where_not_played():
    table = WeisTable(four_nines=False)
    assert problems(decl(1, four("9")), table=table) == {1: code("weis_four_nines")}
    assert problems(decl(1, four("9")), table=WeisTable(four_nines=False, any_four=True)) == {}


def test_four_sixes_by_contract():
    variant = WeisTable(four_sixes_undenufe=True)
    assert problems(decl(0, four("6")), table=variant, play=UNDENUFE) == {}
    assert problems(decl(0, four("6")), table=variant, play=OBENABE) == {0: code("weis_four_sixes")}
    assert problems(decl(0, four("6")), table=LARGE, play=UNDENUFE) == {0: code("weis_four_sixes")}


def test_four_of_a_kind_refusal_is_spelled_as_a_noun():
    """German nouns start with a capital: "Vier Siebner", "Vier Achter" (FOUR_NAMES has them
    right; the message lowercases them)."""
    sevens, eights = problems(decl(0, four("7"))), problems(decl(0, four("8")))
    assert sevens == {0: code("weis_four_not_counted", fours="7")}
    assert eights == {0: code("weis_four_not_counted", fours="8")}
    assert say(sevens[0]) == "Vier Siebner sind an diesem Tisch kein Weis."
    assert say(eights[0]) == "Vier Achter sind an diesem Tisch kein Weis."
    assert say(eights[0], faces="french") == "Vier Achter sind an diesem Tisch kein Weis."


def test_problems_are_reported_per_player():
    found = problems(
        decl(0, run("rosen", "8", 4)),
        decl(1, run("eicheln", "A", 3)),
        decl(2, four("7")),
        decl(3, run("schilten", "A", 3), run("schilten", "U", 3)),
    )
    assert found == {
        0: code("weis_below_six", run=4, to="8"),
        2: code("weis_four_not_counted", fours="7"),
        3: code("weis_runs_touch", run=6),
    }
    assert "unter die 6" in say(found[0])
    assert say(found[2]).startswith("Vier ")
    assert say(found[2]).endswith("sind an diesem Tisch kein Weis.")
    assert "Sechsblatt" in say(found[3])
