"""The fairness sheet: who partnered and faced whom, counted from seat plans as they stand."""

from __future__ import annotations

from scorer.club.draw import draw
from scorer.club.fairness import Met, sheet
from scorer.club.plan import Plan

# Nine players over three Passen: seats A1 B1 A2 B2 (partners at seats 0 and 2, 1 and 3), one
# sits out each Passe.
PASSEN = [
    Plan(((1, 2, 3, 4), (5, 6, 7, 8)), sit_out=(9,)),
    Plan(((1, 5, 9, 6), (2, 3, 4, 7)), sit_out=(8,)),
    Plan(((1, 3, 2, 9), (4, 8, 5, 6)), sit_out=(7,)),
]


def test_partners_sit_on_one_side_opponents_on_the_other_counted_over_the_passen():
    found = sheet(PASSEN, players=range(1, 10))
    # Player 1: partner of 3 (Passe 1), of 9 (Passe 2), of 2 (Passe 3).
    assert found.of(1, 3) == Met(partners=1, opponents=1)  # and faced 3 in Passe 3
    assert found.of(1, 9) == Met(partners=1, opponents=1)
    assert found.of(1, 2) == Met(partners=1, opponents=1)
    assert found.of(1, 4) == Met(partners=0, opponents=1)
    assert found.of(1, 5) == Met(partners=0, opponents=1)
    assert found.of(1, 6) == Met(partners=0, opponents=1)
    assert found.of(1, 7) == Met() and found.of(1, 8) == Met()
    # 5 and 6: opponents in Passe 1 (seats 0 and 1), partners in Passe 2 (seats 1 and 3),
    # opponents in Passe 3 (seats 2 and 3: 5 partners 4 there, 6 partners 8 again).
    assert found.of(5, 6) == Met(partners=1, opponents=2)
    assert found.of(4, 5) == Met(partners=1, opponents=0)
    assert found.of(6, 8) == Met(partners=2, opponents=0)
    # The same counts both ways, and each player's Passen.
    assert all(found.of(a, b) == found.of(b, a) for a, b, _ in found.rows())
    assert found.played == {1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3, 7: 2, 8: 2, 9: 2}
    assert found.sat_out == {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 1, 8: 1, 9: 1}


def test_each_player_meets_one_partner_and_two_opponents_a_passe_at_a_table_of_four():
    found = sheet(PASSEN)
    for player in found.players:
        lines = found.lines(player)
        assert sum(m.partners for _, m in lines) == found.played[player]
        assert sum(m.opponents for _, m in lines) == 2 * found.played[player]


def test_a_table_of_six_gives_two_partners_and_three_opponents():
    found = sheet([Plan(((1, 2, 3, 4, 5, 6),))])
    assert found.of(1, 3) == found.of(1, 5) == Met(partners=1)
    assert found.of(1, 2) == found.of(1, 4) == found.of(1, 6) == Met(opponents=1)
    assert found.of(2, 6) == Met(partners=1)


def test_lines_list_the_most_met_first_and_never_names_who_never_shared_a_table():
    found = sheet(PASSEN, players=range(1, 10))
    assert found.lines(5) == [
        (6, Met(1, 2)),
        (8, Met(0, 2)),
        (4, Met(1, 0)),
        (7, Met(1, 0)),
        (1, Met(0, 1)),
        (9, Met(0, 1)),
    ]
    assert found.never(5) == [2, 3]
    assert len(found.rows()) == 9 * 8


def test_a_drawn_evening_gives_nobody_the_same_partner_twice():
    plans: list[Plan] = []
    for _ in range(3):
        plans.append(draw(list(range(12)), plans, seed="fair", passen=3))
    found = sheet(plans)
    assert all(m.partners <= 1 for _, _, m in found.rows())
    assert all(found.played[p] == 3 for p in range(12))
