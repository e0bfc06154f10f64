"""A club evening on the leader's phone: set it up in one form, draw each Passe from the ones
before, read the seat plan; bad input says why next to its field and stores nothing; a double
tap draws once; a redraw needs a reason and keeps the first draw."""

from __future__ import annotations

import html as markup
import json
import re
import sqlite3

import pytest

from scorer.club.plan import mate_pairs, partner_pairs

TEN = ["Anna", "Beat", "Clara", "Dani", "Eva", "Fritz", "Greti", "Hans", "Ida", "Jakob"]


def evening(**changes) -> dict:
    form = {
        "name": "Clubmeisterschaft",
        "day": "2026-11-27",
        "players": "\n".join(TEN),
        "passen": "4",
        "games": "12",
        "ranking": "points",
        "match_bonus": "0",
    }
    form.update(changes)
    return {k: v for k, v in form.items() if v is not None}


def text(response) -> str:
    return markup.unescape(response.get_data(as_text=True))


def rows(app, sql: str) -> list:
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


@pytest.fixture
def leader(client):
    """The leader's phone with an evening of ten players set up: its page's path."""
    response = client.post("/abend/neu", data=evening())
    assert response.status_code == 303
    return response.headers["Location"]


def version(app) -> str:
    return str(rows(app, "SELECT version FROM events")[0][0])


def draw(client, app, page: str, passe: int):
    return client.post(f"{page}/auslosen", data={"passe": str(passe), "seen": version(app)})


def test_an_evening_is_set_up_in_one_form_and_found_only_by_its_link(client, app, leader):
    assert re.fullmatch(r"/abend/[A-Za-z0-9_-]{24}", leader)
    page = text(client.get(leader))
    assert "Clubmeisterschaft" in page
    assert "4 Passen à 12 Spiele" in page and "Rangliste nach Punkten" in page
    assert "Spieler (10)" in page and "Anna, Beat, Clara" in page
    assert "Passe 1 auslosen" in page
    # This phone lists it on the start page; another phone does not, nor finds it by guessing.
    assert "Clubmeisterschaft" in text(client.get("/"))
    other = app.test_client()
    assert "Clubmeisterschaft" not in text(other.get("/"))
    assert other.get("/abend/1").status_code == 404
    assert other.get("/abend/" + "A" * 24).status_code == 404


@pytest.mark.parametrize(
    "changes, field, message",
    [
        ({"players": "Anna\nBeat\nClara"}, "players", "3 Spieler: es braucht 4 bis 200."),
        ({"players": "Anna\nBeat\nanna\nDani"}, "players", "anna steht zweimal in der Liste."),
        ({"name": ""}, "name", "Wie heisst der Anlass?"),
        ({"day": "27.11."}, "day", "Ein Datum wählen."),
        ({"passen": "other", "passen_other": "x"}, "passen", "Bitte eine ganze Zahl eingeben."),
        ({"passen": "other", "passen_other": "13"}, "passen", "1 bis 12 Passen."),
        ({"games": "other", "games_other": "0"}, "games", "1 bis 24 Spiele pro Passe."),
        ({"match_bonus": "²"}, "match_bonus", "Bitte eine ganze Zahl eingeben."),
        ({"keep_apart": "Anna + Zora"}, "keep_apart", "Zora steht nicht in der Liste der Spieler."),
        ({"keep_apart": "Anna"}, "keep_apart", "«Anna»: ein Paar sind zwei Spieler, «Anna + Ben»."),
        (
            {"passen": "other", "passen_other": "1", "dropped": "y"},
            "dropped",
            "Streichen geht erst ab zwei Passen.",
        ),
        (
            {"players": "\n".join(["A" * 41, *TEN])},
            "players",
            "AAAAAAAAAAAAAAAAAAAA: Namen bis 40 Zeichen.",
        ),
    ],
)
def test_bad_set_up_says_why_next_to_its_field_and_stores_nothing(
    client, app, changes, field, message
):
    response = client.post("/abend/neu", data=evening(**changes))
    assert response.status_code == 422
    page = text(response)
    found = re.search(rf'id="error-{field}"[^>]*>([^<]*)<', page)
    assert found and message in found.group(1)
    assert rows(app, "SELECT count(*) FROM events") == [(0,)]


def test_the_form_sent_twice_makes_one_evening(client, app):
    form = evening(once="one-tap")
    first = client.post("/abend/neu", data=form)
    second = client.post("/abend/neu", data=form)
    assert first.headers["Location"] == second.headers["Location"]
    assert rows(app, "SELECT count(*) FROM events") == [(1,)]


def seat_plan(page: str) -> list[list[str]]:
    """The tables of a seat plan page, each its names seat by seat."""
    tables = re.findall(r'<section class="card seat-table">(.*?)</section>', page, re.S)
    return [re.findall(r'<span class="seat-name">[AB][123]</span> ([^<]+)</li>', t) for t in tables]


def test_a_passe_is_drawn_with_a_table_of_six_for_ten_and_every_name_listed_once(
    client, app, leader
):
    response = draw(client, app, leader, 1)
    assert response.status_code == 303
    assert response.headers["Location"] == f"{leader}/passe/1"
    page = text(client.get(response.headers["Location"]))
    tables = seat_plan(page)
    assert sorted(len(t) for t in tables) == [4, 6]
    assert sorted(n for t in tables for n in t) == TEN
    listed = re.findall(r"<tr><td>([^<]+)</td><td>(\d)</td><td>([AB][123])</td></tr>", page)
    assert [name for name, _, _ in listed] == TEN  # alphabetically
    for name, table, seat in listed:
        assert tables[int(table) - 1][["A1", "B1", "A2", "B2", "A3", "B3"].index(seat)] == name
    assert "0 Partner wiederholt, 0 Paare wieder am selben Tisch" in page
    partners = " & ".join(tables[0][0::2])
    assert f"{partners} gegen" in page


def test_each_passe_is_drawn_from_the_ones_before_without_a_repeated_partner(client, app, leader):
    plans = []
    for passe in range(1, 5):
        assert draw(client, app, leader, passe).status_code == 303
        plans.append(seat_plan(text(client.get(f"{leader}/passe/{passe}"))))
    seen = set()
    for tables in plans:
        for table in tables:
            for pair in partner_pairs(table):
                assert pair not in seen
                seen.add(pair)
    page = text(client.get(leader))
    assert "Alle Passen sind gelost." in page and "auslosen" not in page.split("Passen")[-1]
    assert [r[0] for r in rows(app, "SELECT passe FROM event_draws ORDER BY id")] == [1, 2, 3, 4]
    # A fifth is no Passe of this evening.
    refused = client.post(f"{leader}/auslosen", data={"passe": "5", "seen": version(app)})
    assert refused.status_code == 409
    assert "Diese Passe ist nicht die nächste." in text(refused)


def test_a_double_tap_draws_once_and_a_stale_page_draws_nothing(client, app, leader):
    before = version(app)
    first = client.post(f"{leader}/auslosen", data={"passe": "1", "seen": before})
    again = client.post(f"{leader}/auslosen", data={"passe": "1", "seen": before})
    assert first.headers["Location"] == again.headers["Location"] == f"{leader}/passe/1"
    assert rows(app, "SELECT count(*) FROM event_draws") == [(1,)]
    stale = client.post(f"{leader}/auslosen", data={"passe": "2", "seen": before})
    assert stale.status_code == 409
    assert "Ein anderes Handy hat den Abend eben geändert" in text(stale)
    assert rows(app, "SELECT count(*) FROM event_draws") == [(1,)]


def test_a_redraw_needs_a_reason_and_keeps_the_first_draw_in_the_record(client, app, leader):
    draw(client, app, leader, 1)
    first = seat_plan(text(client.get(f"{leader}/passe/1")))
    missing = client.post(f"{leader}/passe/1/neu", data={"reason": " ", "seen": version(app)})
    assert missing.status_code == 422
    assert "Warum neu auslosen?" in re.search(
        r'id="error-reason"[^>]*>([^<]*)<', text(missing)
    ).group(1)
    redrawn = client.post(
        f"{leader}/passe/1/neu", data={"reason": "Fritz kam zu spät", "seen": version(app)}
    )
    assert redrawn.status_code == 303
    page = text(client.get(f"{leader}/passe/1"))
    assert "Gelost im 2. Anlauf: Fritz kam zu spät" in page
    assert seat_plan(page) != first  # attempt 1 gives another plan than attempt 0
    assert rows(app, "SELECT passe, attempt, reason FROM event_draws ORDER BY id") == [
        (1, 0, None),
        (1, 1, "Fritz kam zu spät"),
    ]
    record = text(client.get(leader))
    assert "Passe 1 gelost" in record and "Passe 1 neu gelost: Fritz kam zu spät" in record
    # Only the latest Passe may be drawn again.
    draw(client, app, leader, 2)
    old = client.post(f"{leader}/passe/1/neu", data={"reason": "nochmal", "seen": version(app)})
    assert old.status_code == 422
    assert "Nur die zuletzt geloste Passe" in text(old)


def test_couples_kept_apart_never_share_a_table(client, app):
    form = evening(players="\n".join(TEN[:8]), keep_apart="Anna + Beat\nClara, Dani")
    page = client.post("/abend/neu", data=form).headers["Location"]
    assert "Anna + Beat" in text(client.get(page))
    for passe in range(1, 5):
        draw(client, app, page, passe)
        for table in seat_plan(text(client.get(f"{page}/passe/{passe}"))):
            pairs = {frozenset(p) for p in mate_pairs(table)}
            assert frozenset(("Anna", "Beat")) not in pairs
            assert frozenset(("Clara", "Dani")) not in pairs


def test_a_sit_out_is_named_with_his_joker(client, app):
    page = client.post("/abend/neu", data=evening(players="\n".join(TEN[:9]))).headers["Location"]
    draw(client, app, page, 1)
    shown = text(client.get(f"{page}/passe/1"))
    seated = [n for t in seat_plan(shown) for n in t]
    out = re.search(r"Setzt aus \(Joker\): ([^<]+)<", shown).group(1)
    assert len(seated) == 8 and sorted([*seated, out]) == TEN[:9]


def test_the_evening_pages_speak_french_and_english(client, app, leader):
    draw(client, app, leader, 1)
    fr = text(client.get(f"{leader}/passe/1", headers={"Accept-Language": "fr"}))
    en = text(client.get(f"{leader}/passe/1", headers={"Accept-Language": "en"}))
    assert "Table 1" in fr and "Table 1" in en
    assert "Tisch" not in fr and "Tisch" not in en


def test_players_come_and_go_between_passen_and_nothing_stored_changes(client, app, leader):
    draw(client, app, leader, 1)
    first = rows(app, "SELECT plan FROM event_draws")
    added = client.post(f"{leader}/spieler", data={"names": "Kurt\nLena", "seen": version(app)})
    assert added.status_code == 303
    page = re.sub(r"<[^>]+>", "", text(client.get(leader)))
    assert "Spieler (12)" in page and "Kurt ab Passe 2" in page
    jakob = TEN.index("Jakob")
    gone = client.post(f"{leader}/spieler/{jakob}/weg", data={"seen": version(app)})
    assert gone.status_code == 303
    page = text(client.get(leader))
    assert "Spieler (11)" in page
    assert "ab Passe 2 dabei: Kurt, Lena" in page
    assert "Jakob spielt nach Passe 1 nicht mehr" in page
    assert rows(app, "SELECT plan FROM event_draws") == first  # Passe 1 as drawn
    draw(client, app, leader, 2)
    seated = [n for t in seat_plan(text(client.get(f"{leader}/passe/2"))) for n in t]
    shown = text(client.get(f"{leader}/passe/2"))
    out = re.findall(r"Setzt aus \(Joker\): ([^<]+)<", shown)
    everyone = sorted(seated + (out[0].split(", ") if out else []))
    assert everyone == sorted([n for n in TEN if n != "Jakob"] + ["Kurt", "Lena"])


def test_a_name_already_there_or_none_is_refused_next_to_the_field(client, app, leader):
    for names, message in [
        ("anna", "anna steht zweimal in der Liste."),
        (" ", "Mindestens einen Namen eingeben."),
    ]:
        response = client.post(f"{leader}/spieler", data={"names": names, "seen": version(app)})
        assert response.status_code == 422
        assert message in re.search(r'id="error-names"[^>]*>([^<]*)<', text(response)).group(1)
    assert rows(app, "SELECT count(*) FROM event_players") == [(10,)]
    stale = client.post(f"{leader}/spieler", data={"names": "Kurt", "seen": "99"})
    assert stale.status_code == 409 and rows(app, "SELECT count(*) FROM event_players") == [(10,)]


PAIRS = ["Anna + Beat", "Clara & Dani", "Eva, Fritz", "Greti + Hans", "Ida + Jakob"]


def test_fixed_pairs_play_together_all_evening_and_meet_other_pairs_once(client, app):
    form = evening(players="\n".join(PAIRS[:4]), partners="fixed", passen="other", passen_other="3")
    page = client.post("/abend/neu", data=form).headers["Location"]
    shown = text(client.get(page))
    assert "feste Paare" in shown and "Anna + Beat, Clara + Dani" in shown
    met = set()
    for passe in range(1, 4):
        assert draw(client, app, page, passe).status_code == 303
        for table in seat_plan(text(client.get(f"{page}/passe/{passe}"))):
            # Partners face each other: A1 + A2 and B1 + B2 are the fixed pairs.
            assert {frozenset(table[0::2]), frozenset(table[1::2])} <= {
                frozenset(p)
                for p in [("Anna", "Beat"), ("Clara", "Dani"), ("Eva", "Fritz"), ("Greti", "Hans")]
            }
            meeting = frozenset((table[0], table[1]))
            assert meeting not in met  # four pairs over three Passen: every pair meets each once
            met.add(meeting)
    assert len(met) == 6


def test_with_an_odd_number_of_pairs_one_pair_sits_out_in_turn(client, app):
    form = evening(players="\n".join(PAIRS), partners="fixed", passen="5")
    page = client.post("/abend/neu", data=form).headers["Location"]
    out = []
    for passe in range(1, 6):
        draw(client, app, page, passe)
        shown = text(client.get(f"{page}/passe/{passe}"))
        out.append(re.search(r"Setzt aus \(Joker\): ([^<]+)<", shown).group(1))
    assert sorted(out) == sorted(
        ["Anna, Beat", "Clara, Dani", "Eva, Fritz", "Greti, Hans", "Ida, Jakob"]
    )


def test_a_pair_line_with_one_name_is_refused(client, app):
    response = client.post(
        "/abend/neu", data=evening(players="Anna + Beat\nClara", partners="fixed")
    )
    assert response.status_code == 422
    assert "«Clara»: ein Paar sind zwei Spieler" in text(response)


def test_a_fixed_pair_leaves_together(client, app):
    form = evening(players="\n".join(PAIRS[:4]), partners="fixed")
    page = client.post("/abend/neu", data=form).headers["Location"]
    assert client.post(f"{page}/spieler/3/weg", data={"seen": version(app)}).status_code == 303
    assert rows(app, "SELECT name FROM event_players WHERE left IS NOT NULL ORDER BY number") == [
        ("Clara",),
        ("Dani",),
    ]
    added = client.post(f"{page}/spieler", data={"names": "Kurt + Lena", "seen": version(app)})
    assert added.status_code == 303
    drawn = draw(client, app, page, 1)
    assert drawn.status_code == 303, text(drawn)[-3000:]
    seated = sorted(n for t in seat_plan(text(client.get(f"{page}/passe/1"))) for n in t)
    assert "Clara" not in seated and "Kurt" in seated and "Lena" in seated


def setups(app) -> list[dict]:
    return [json.loads(s) for (s,) in rows(app, "SELECT setup FROM events ORDER BY id")]


def test_a_count_typed_beside_the_buttons_counts_without_tapping_andere(client, app):
    # The buttons left at 4 and 12, 2 and 3 typed: the evening has 2 Passen of 3 games.
    response = client.post("/abend/neu", data=evening(passen_other="2", games_other=" 3 "))
    assert response.status_code == 303
    assert [(s["passen"], s["games"]) for s in setups(app)] == [(2, 3)]
    assert "2 Passen à 3 Spiele" in text(client.get(response.headers["Location"]))


def test_a_count_typed_wrong_beside_a_button_is_refused_not_replaced_by_the_button(client, app):
    response = client.post("/abend/neu", data=evening(name="", games_other="zwei"))
    assert response.status_code == 422
    page = text(response)
    assert re.search(r'id="error-games"[^>]*>Bitte eine ganze Zahl eingeben\.<', page)
    # The form comes back with «andere» picked, as the typed field says.
    picked = re.findall(
        r'<input checked id="games-\d" name="games" type="radio" value="(\w+)"', page
    )
    assert picked == ["other"]
    assert rows(app, "SELECT count(*) FROM events") == [(0,)]


def test_one_passe_of_one_game_is_said_in_the_singular_and_the_day_as_on_the_game_pages(
    client, app
):
    form = evening(passen="other", passen_other="1", games="other", games_other="1")
    page = text(client.get(client.post("/abend/neu", data=form).headers["Location"]))
    summary = re.search(r'id="event-summary">([^<]*)<', page).group(1)
    assert summary.startswith("27.11.2026 · 1 Passe à 1 Spiel · ")
    assert "2026-11-27" not in page
    form = evening(passen="other", passen_other="3", games_other="1", once="other")
    page = text(client.get(client.post("/abend/neu", data=form).headers["Location"]))
    assert "27.11.2026 · 3 Passen à 1 Spiel · " in page
