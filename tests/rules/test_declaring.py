"""The Weis page's steps in the engine (scorer.schieber.declaring): a Weis added, struck out or
found in a player's cards, everything written, and the ruling on what is declared so far, all
answered in codes."""

import pytest

from scorer.codes import code
from scorer.schieber.contracts import Rules
from scorer.schieber.declaring import Asked, declare
from scorer.schieber.game import Declared, Game, Hand, Team, enter, replay
from scorer.weis import Weis

MODERN = Rules.from_preset("modern")  # schellen x2
# Seats in playing order: 0 a1 (Ost), 1 b1 (West), 2 a2 (Ost), 3 b2 (West); a1 is Vorhand.


def game(*hands, per_team=2):
    a = Team("Ost", tuple(f"a{i}" for i in range(1, per_team + 1)))
    b = Team("West", tuple(f"b{i}" for i in range(1, per_team + 1)))
    return Game((a, b), MODERN, 0, tuple(hands))


def step(g, **asked):
    return declare(g, replay(g), Asked(**{"contract": "schellen", **asked}))


def test_nothing_asked_shows_every_seat_and_nothing_wrong():
    page = step(game())
    assert page.declared == {0: [], 1: [], 2: [], 3: []}
    assert (page.problems, page.entry, page.ruling, page.stoeck) == ({}, None, None, None)
    assert page.play.trump == "schellen"


def test_a_weis_added_to_a_players_row():
    page = step(game(), step="add", seat=1, weis=Weis.run("rosen", "K", 4))
    assert page.declared[1] == [Weis.run("rosen", "K", 4)]
    assert page.problems == {}
    assert page.ruling.lines[-1] == code("weis_for_team", team=1, points=50)


@pytest.mark.parametrize(
    ("weis", "problem"),
    [
        (None, code("weis_choose")),
        (Weis.run("rosen", "8", 4), code("weis_below_six", run=4, to="8")),
        (Weis.run("rosen", "A", 10), code("weis_run_length")),
        (Weis.run("hearts", "A", 3), code("weis_unknown_suit", suit_key="hearts")),
        (Weis("pair", "A", 3, "rosen"), code("weis_not_a_kind")),
        (Weis("pair", "", 3, "rosen"), code("weis_not_a_kind")),
        (Weis.four("ZZ"), code("weis_no_card", card_key="ZZ")),
    ],
)
def test_a_weis_the_table_does_not_count_is_refused_beside_its_row(weis, problem):
    page = step(game(), step="add", seat=2, weis=weis)
    assert page.problems == {"decl-2": problem}
    assert page.declared[2] == []


def test_a_step_for_a_seat_not_at_the_table():
    for seat in (None, 4, 9):
        page = step(game(), step="remove", seat=seat, position=0)
        assert page.problems == {"weis": code("weis_unknown_seat")}


@pytest.mark.parametrize("asked", ["add", "find", "write"])
def test_a_step_the_contract_decides_needs_one(asked):
    page = step(game(), contract="slalom", step=asked, seat=0, weis=Weis.four("U"))
    assert page.problems == {"contract": code("weis_contract_first")}
    assert page.play is None and page.entry is None


def test_removing_strikes_the_one_weis_and_a_position_not_there_nothing():
    declared = {0: [Weis.four("U"), Weis.run("rosen", "K", 3)]}
    assert step(game(), declared=declared, step="remove", seat=0, position=0).declared[0] == [
        Weis.run("rosen", "K", 3)
    ]
    assert (
        step(game(), declared=declared, step="remove", seat=0, position=5).declared[0]
        == (declared[0])
    )


def test_cards_found_replace_the_players_weis_and_say_stoeck():
    cards = (("schellen", "K"), ("schellen", "O"), ("schellen", "U"), ("rosen", "A"))
    page = step(game(), declared={1: [Weis.four("A")]}, step="find", seat=1, cards=cards)
    assert page.declared[1] == [Weis.run("schellen", "K", 3)]
    assert page.stoeck == 1
    too_many = tuple(("rosen", r) for r in ("A", "K", "O", "U", "10", "9", "8", "7", "6"))
    page = step(game(), step="find", seat=0, cards=(*too_many, ("eicheln", "A")))
    assert page.problems == {"decl-0": code("hand_size", size=9, cards=10)}
    page = step(game(), step="find", seat=0, cards=(("eicheln", "6"),))
    assert page.problems == {"decl-0": code("no_weis_in_cards")}


def test_writing_needs_something_declared():
    assert step(game(), step="write").problems == {"weis": code("weis_nothing_declared")}
    page = step(game(), step="write", stoeck=0)
    assert page.entry == Hand("schellen", stoeck=0)


def test_writing_gives_the_entry_the_engine_then_enters():
    declared = {0: [Weis.run("rosen", "K", 4)], 3: [Weis.run("schilten", "A", 3)]}
    g = game()
    page = step(g, declared=declared, step="write", stoeck=1)
    assert page.entry == Hand(
        "schellen",
        stoeck=1,
        declarations=(
            Declared(0, (Weis.run("rosen", "K", 4),)),
            Declared(3, (Weis.run("schilten", "A", 3),)),
        ),
    )
    written, problems = enter(g, page.entry)
    assert problems == {} and replay(written).open_hand == page.entry


def test_declarations_that_cannot_stand_are_said_and_not_ruled():
    declared = {0: [Weis.run("rosen", "K", 4), Weis.run("rosen", "O", 3)]}
    page = step(game(), declared=declared, step="write")
    assert page.problems == {"decl-0": code("weis_card_twice")}
    assert page.ruling is None
    assert page.entry is not None  # the write refuses it, with the same words


def test_an_open_hand_keeps_its_contract_and_rules_with_what_it_holds():
    opened = Hand("rosen", declarations=(Declared(1, (Weis.run("schilten", "A", 3),)),))
    g = game(opened)
    page = step(g, contract="slalom", declared={0: [Weis.four("U")]})
    assert page.contract == "rosen" and page.problems == {}
    assert page.ruling.lines[-1] == code("weis_for_team", team=0, points=200)


def test_six_players_have_six_seats():
    page = step(game(per_team=3), step="add", seat=5, weis=Weis.four("U"))
    assert page.declared[5] == [Weis.four("U")] and page.problems == {}
