"""What a seat plan says it repeats: per Passe the partners again, the pairs at one table again
and of those the third meetings; over the Passen so far the repeats beside the fewest possible
(scorer/club/bounds.py). At fixed pairs the partners are fixed: the repeated pairings."""

from __future__ import annotations

import re

from scorer.club.plan import Plan, pairs_of
from tests.web.test_club_pages import PAIRS, TEN, draw, evening, seat_plan, text


def paragraph(page: str, id_: str) -> str | None:
    """The text of the element with this id, tags left out, or None."""
    found = re.search(rf'id="{id_}"[^>]*>(.*?)</p>', page, re.S)
    return None if found is None else re.sub(r"<[^>]+>", "", found[1]).strip()


def passen(client, app, form: dict, count: int) -> tuple[str, list[str]]:
    """An evening set up with this form and `count` Passen drawn: its path and each seat plan."""
    page = client.post("/abend/neu", data=form).headers["Location"]
    shown = []
    for number in range(1, count + 1):
        assert draw(client, app, page, number).status_code == 303
        shown.append(text(client.get(f"{page}/passe/{number}")))
    return page, shown


def test_eight_players_repeat_twelve_pairs_where_eight_need_third_meetings(client, app):
    form = evening(players="\n".join(TEN[:8]), passen="3")
    _, pages = passen(client, app, form, 3)
    plans = [Plan(tuple(map(tuple, seat_plan(page)))) for page in pages]
    mates, partners = pairs_of(plans)
    assert sum(n - 1 for n in mates.values()) == 12 and max(mates.values()) == 2
    assert sum(n - 1 for n in partners.values()) == 0
    each = (
        "0 Partner wiederholt, {} Paare wieder am selben Tisch, davon 0 zum dritten Mal oder öfter"
    )
    assert [paragraph(page, "repeats") for page in pages] == [each.format(n) for n in (0, 4, 8)]
    assert paragraph(pages[0], "repeats-so-far") is None
    assert paragraph(pages[1], "repeats-so-far") == (
        "Passe 1 bis 2: 4 Wiedersehen am selben Tisch (mindestens 4 möglich), davon 0 zum "
        "dritten Mal oder öfter."
    )
    assert paragraph(pages[2], "repeats-so-far") == (
        "Passe 1 bis 3: 12 Wiedersehen am selben Tisch (mindestens 12 möglich), davon 0 zum "
        "dritten Mal oder öfter. Mindestens 8 wären es, wenn sich Paare ein drittes Mal treffen "
        "dürften; das vermeidet die Auslosung zuerst."
    )


def test_four_players_meet_a_third_time_and_the_plan_says_it_must_be(client, app):
    form = evening(players="\n".join(TEN[:4]), passen="3")
    _, pages = passen(client, app, form, 3)
    assert paragraph(pages[2], "repeats") == (
        "0 Partner wiederholt, 6 Paare wieder am selben Tisch, davon 6 zum dritten Mal oder öfter"
    )
    assert paragraph(pages[2], "repeats-so-far") == (
        "Passe 1 bis 3: 12 Wiedersehen am selben Tisch (mindestens 12 möglich), davon 6 zum "
        "dritten Mal oder öfter. Ohne dritte Treffen geht es hier nicht: mindestens 6."
    )


def test_fixed_pairs_repeat_pairings_never_partners(client, app):
    """Four pairs over four Passen: each meets the three others once, then two again."""
    form = evening(players="\n".join(PAIRS[:4]), partners="fixed", passen="4")
    _, pages = passen(client, app, form, 4)
    for page in pages:
        assert "Partner wiederholt" not in page
    each = "{} Paarungen wiederholt (zwei Paare wieder gegeneinander), davon 0 zum dritten Mal"
    each += " oder öfter"
    assert [paragraph(page, "repeats") for page in pages] == [each.format(n) for n in (0, 0, 0, 2)]
    assert paragraph(pages[3], "repeats-so-far") == (
        "Passe 1 bis 4: 2 wiederholte Paarungen (mindestens 2 möglich), davon 0 zum dritten Mal "
        "oder öfter."
    )


def test_the_repeats_speak_french_and_english(client, app):
    form = evening(players="\n".join(TEN[:8]), passen="3")
    page, _ = passen(client, app, form, 2)
    en = text(client.get(f"{page}/passe/2", headers={"Accept-Language": "en"}))
    fr = text(client.get(f"{page}/passe/2", headers={"Accept-Language": "fr"}))
    assert paragraph(en, "repeats") == (
        "0 partners repeated, 4 pairs at one table again, 0 of them for the third time or more"
    )
    assert paragraph(fr, "repeats-so-far") == (
        "Passes 1 à 2 : 4 retrouvailles à la même table (au moins 4 possibles), dont 0 pour la "
        "troisième fois ou plus."
    )
