"""A table's phone at a club evening: it writes only its own games; a game is points for one
side (the other has the rest of 157) or a Match; the Passe is handed in only complete, then
the other side confirms or objects with a reason; a stale write is refused with the table as
it stands, a form sent twice lands once; the leader reopens with a reason."""

from __future__ import annotations

import html as markup
import json
import re
import sqlite3

import pytest

from tests.web.test_club_pages import evening

EIGHT = ["Anna", "Beat", "Clara", "Dani", "Eva", "Fritz", "Greti", "Hans"]


def text(response) -> str:
    return markup.unescape(response.get_data(as_text=True))


def rows(app, sql: str, args=()) -> list:
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


@pytest.fixture
def tables(client, app):
    """An evening of eight players, two games a Passe, Passe 1 drawn: the two tables' pages."""
    form = evening(players="\n".join(EIGHT), games="other", games_other="2")
    leader = client.post("/abend/neu", data=form).headers["Location"]
    seen = str(rows(app, "SELECT version FROM events")[0][0])
    assert client.post(f"{leader}/auslosen", data={"passe": "1", "seen": seen}).status_code == 303
    keys = [k for (k,) in rows(app, "SELECT key FROM event_tables ORDER BY table_no")]
    assert len(keys) == 2
    return [f"/tisch/{k}" for k in keys], leader


def version(app, page: str) -> str:
    key = page.rsplit("/", 1)[1]
    return str(rows(app, "SELECT version FROM event_tables WHERE key = ?", [key])[0][0])


def play(client, app, page, points, side, number, **extra):
    data = {"points": str(points), "side": str(side), "number": str(number)}
    return client.post(f"{page}/spiele", data={**data, "seen": version(app, page), **extra})


def stored_games(app, page) -> list:
    key = page.rsplit("/", 1)[1]
    return [
        d
        for (d,) in rows(
            app,
            "SELECT g.data FROM event_games g JOIN event_tables t ON g.event_id = t.event_id"
            " AND g.passe = t.passe AND g.table_no = t.table_no WHERE t.key = ? ORDER BY number",
            [key],
        )
    ]


def test_a_game_is_the_points_of_one_side_and_the_rest_of_157_for_the_other(client, app, tables):
    (first, _), _ = tables
    page = text(client.get(first))
    assert "Passe 1 · Tisch 1" in page and "Spiel 1" in page and "0 von 2 Spielen" in page
    assert play(client, app, first, 95, 1, 1).status_code == 303
    assert stored_games(app, first) == ['{"tricks": [62, 95], "match": null}']
    assert play(client, app, first, 0, 0, 2, match="y").status_code == 303
    assert stored_games(app, first)[1] == '{"tricks": [157, 0], "match": 0}'
    page = text(client.get(first))
    assert re.search(r'id="total-0">219<', page) and re.search(r'id="total-1">95<', page)
    assert "2 von 2 Spielen · zusammen 314" in page and "Passe abgeben" in page


def test_bad_points_say_why_and_store_nothing(client, app, tables):
    (first, _), _ = tables
    for points, side, message in [
        ("158", 0, "Punkte von 0 bis 157."),
        ("", 0, "Punkte eintippen (0 bis 157), dann die Seite tippen."),
        ("²", 1, "Punkte von 0 bis 157."),
        ("90", "", "Für welche Seite sind die Punkte?"),
    ]:
        response = play(client, app, first, points, side, 1)
        assert response.status_code == 422
        assert message in re.search(r'id="error-points"[^>]*>([^<]*)<', text(response)).group(1)
    too_far = play(client, app, first, 90, 0, 3)
    assert too_far.status_code == 422
    assert stored_games(app, first) == []


def test_a_form_sent_twice_lands_once_and_a_stale_page_is_refused_with_the_table(
    client, app, tables
):
    (first, _), _ = tables
    seen = version(app, first)
    form = {"points": "80", "side": "0", "number": "1", "seen": seen, "once": "tap-1"}
    assert client.post(f"{first}/spiele", data=form).status_code == 303
    assert client.post(f"{first}/spiele", data=form).status_code == 303
    assert len(stored_games(app, first)) == 1
    # Another phone at the table entered game 2 meanwhile: this page's view is stale.
    assert play(client, app, first, 70, 1, 2).status_code == 303
    stale = client.post(f"{first}/spiele", data={**form, "number": "2", "once": "tap-2"})
    assert stale.status_code == 409
    page = text(stale)
    assert "Inzwischen hat ein anderes Handy Spiel 2 eingetragen. Was gilt?" in page
    assert "2 von 2 Spielen" in page
    assert len(stored_games(app, first)) == 2


def test_a_game_is_changed_and_the_last_taken_back_each_kept_in_the_record(client, app, tables):
    (first, _), leader = tables
    play(client, app, first, 95, 1, 1)
    assert "Spiel 1 ändern (bisher 62 : 95)" in text(client.get(f"{first}?spiel=1"))
    assert play(client, app, first, 100, 0, 1).status_code == 303
    assert stored_games(app, first) == ['{"tricks": [100, 57], "match": null}']
    taken = client.post(f"{first}/zuruecknehmen", data={"seen": version(app, first)})
    assert taken.status_code == 303 and stored_games(app, first) == []
    kinds = rows(app, "SELECT kind, number, before, after FROM event_changes WHERE table_no = 1")
    assert kinds == [
        ("enter", 1, None, '{"tricks": [62, 95], "match": null}'),
        ("edit", 1, '{"tricks": [62, 95], "match": null}', '{"tricks": [100, 57], "match": null}'),
        ("delete", 1, '{"tricks": [100, 57], "match": null}', None),
    ]


def hand_in(client, app, page):
    return client.post(f"{page}/abgeben", data={"seen": version(app, page)})


def test_a_passe_is_handed_in_only_complete_then_confirmed_or_disputed(client, app, tables):
    (first, second), leader = tables
    play(client, app, first, 95, 1, 1)
    early = hand_in(client, app, first)
    assert early.status_code == 409 and "1 von 2 Spielen eingetragen." in text(early)
    play(client, app, first, 80, 0, 2)
    assert hand_in(client, app, first).status_code == 303
    page = text(client.get(first))
    assert "Abgegeben." in page and "stimmt die Passe?" in page and 'id="panel"' not in page
    # Handed in: no game changes any more.
    late = play(client, app, first, 10, 0, 2)
    assert late.status_code == 409 and "ändern kann sie jetzt nur die Spielleitung" in text(late)
    assert (
        client.post(f"{first}/bestaetigen", data={"seen": version(app, first)}).status_code == 303
    )
    assert "Bestätigt: die Passe zählt." in text(client.get(first))
    # The other table objects; without a reason it is asked for one.
    play(client, app, second, 60, 0, 1)
    play(client, app, second, 90, 1, 2)
    hand_in(client, app, second)
    empty = client.post(f"{second}/einspruch", data={"reason": "", "seen": version(app, second)})
    assert empty.status_code == 422 and "Was stimmt nicht?" in text(empty)
    why = {"reason": "Spiel 2 war\x00 ein Match\u202e", "seen": version(app, second)}
    assert client.post(f"{second}/einspruch", data=why).status_code == 303
    assert "Einspruch: Spiel 2 war ein Match." in text(client.get(second))
    states = rows(app, "SELECT table_no, state, reason FROM event_tables ORDER BY table_no")
    assert states == [(1, "confirmed", None), (2, "disputed", "Spiel 2 war ein Match")]


def test_a_table_phone_reaches_only_its_own_table(client, app, tables):
    (first, second), leader = tables
    assert client.get("/tisch/" + "x" * 24).status_code == 404
    # A table's key is no leader's key, nor the other way round.
    assert client.get(leader.replace("/abend/", "/tisch/")).status_code == 404
    assert client.get(first.replace("/tisch/", "/abend/")).status_code == 404


def test_the_leader_sees_each_table_and_reopens_a_disputed_passe_with_a_reason(client, app, tables):
    (first, second), leader = tables
    play(client, app, first, 95, 1, 1)
    board = text(client.get(leader))
    assert "0 von 2 Tischen fertig" in board
    assert re.search(r'id="board-1-1">.*?spielt: 1 von 2 Spielen', board, re.S)
    play(client, app, first, 80, 0, 2)
    hand_in(client, app, first)
    why = {"reason": "Spiel 1 war 96", "seen": version(app, first)}
    client.post(f"{first}/einspruch", data=why)
    board = text(client.get(leader))
    # An objected table is not finished: its result is open until the leader settles it.
    assert "0 von 2 Tischen fertig · Einspruch an Tisch 1" in board
    assert "Einspruch: Spiel 1 war 96" in board
    # The leader opens the table's page from the board: its QR code, its state, the reopen form.
    page = f"{leader}/passe/1/tisch/1"
    shown = text(client.get(page))
    assert "<svg" in shown and first in shown and "Einspruch: Spiel 1 war 96" in shown
    empty = client.post(f"{page}/oeffnen", data={"reason": " ", "seen": version(app, first)})
    assert empty.status_code == 422 and "Warum wieder öffnen?" in text(empty)
    reopen = {"reason": "Spiel 1 korrigieren", "seen": version(app, first)}
    assert client.post(f"{page}/oeffnen", data=reopen).status_code == 303
    assert play(client, app, first, 96, 1, 1).status_code == 303
    record = text(client.get(leader))
    for line in [
        "Passe 1 · Tisch 1: Spiel 1 eingetragen, 62 : 95",
        "Passe 1 · Tisch 1: abgegeben",
        "Passe 1 · Tisch 1: Einspruch: Spiel 1 war 96",
        "Passe 1 · Tisch 1: wieder geöffnet: Spiel 1 korrigieren",
        "Passe 1 · Tisch 1: Spiel 1 geändert, 62 : 95 → 61 : 96",
    ]:
        assert line in record


def test_a_passe_with_a_game_entered_is_not_drawn_again(client, app, tables):
    (first, _), leader = tables
    play(client, app, first, 95, 1, 1)
    seen = str(rows(app, "SELECT version FROM events")[0][0])
    again = client.post(f"{leader}/passe/1/neu", data={"reason": "nochmal", "seen": seen})
    assert again.status_code == 409
    assert "schon ein Spiel eingetragen" in text(again)
    assert rows(app, "SELECT count(*) FROM event_draws") == [(1,)]
    assert len(stored_games(app, first)) == 1


def test_where_the_evening_counts_weis_and_stoeck_the_table_writes_them_per_side(client, app):
    form = evening(players="\n".join(EIGHT), games="other", games_other="2", weis="y")
    leader = client.post("/abend/neu", data=form).headers["Location"]
    assert "Weis und Stöck zählen" in text(client.get(leader))
    client.post(f"{leader}/auslosen", data={"passe": "1", "seen": "0"})
    (key,) = rows(app, "SELECT key FROM event_tables WHERE table_no = 1")[0]
    page = f"/tisch/{key}"
    assert 'name="weis_a"' in text(client.get(page))
    bad = play(client, app, page, 95, 1, 1, weis_a="x")
    assert bad.status_code == 422
    assert "Weis und Stöck: eine Zahl von 0 bis 1000." in text(bad)
    assert stored_games(app, page) == []
    assert play(client, app, page, 95, 1, 1, weis_a="50", weis_b="20").status_code == 303
    assert stored_games(app, page) == ['{"tricks": [62, 95], "match": null, "extras": [50, 20]}']
    shown = text(client.get(page))
    assert re.search(r'id="total-0">112<', shown) and re.search(r'id="total-1">115<', shown)


def test_without_weis_the_table_has_no_weis_fields_and_ignores_them(client, app, tables):
    (first, _), _ = tables
    assert 'name="weis_a"' not in text(client.get(first))
    play(client, app, first, 95, 1, 1, weis_a="50")
    assert stored_games(app, first) == ['{"tricks": [62, 95], "match": null}']


def test_a_page_left_behind_by_a_deletion_on_the_other_phone_is_told_it_is_stale(
    client, app, tables
):
    (first, _), _ = tables
    play(client, app, first, 95, 1, 1)
    seen = version(app, first)  # this phone now shows the panel for game 2
    client.post(f"{first}/zuruecknehmen", data={"seen": seen})  # the other phone takes game 1 back
    old = {"points": "70", "side": "0", "number": "2", "seen": seen, "once": "late"}
    refused = client.post(f"{first}/spiele", data=old)
    assert refused.status_code == 409
    assert "Ein anderes Handy hat an diesem Tisch eben geschrieben" in text(refused)
    assert "0 von 2 Spielen" in text(refused)
    assert stored_games(app, first) == []


@pytest.mark.parametrize(
    "method, path",
    [
        ("GET", "/passe/1/tisch/10000000000000000000000"),
        ("GET", "/passe/10000000000000000000000/tisch/1"),
        ("GET", "/passe/10000000000000000000000/standblatt"),
        ("POST", "/passe/1/tisch/10000000000000000000000/oeffnen"),
        ("POST", "/spieler/10000000000000000000000/weg"),
        ("POST", "/passe/10000000000000000000000/neu"),
    ],
)
def test_numbers_beyond_64_bits_in_the_leaders_addresses_find_nothing(
    client, app, tables, method, path
):
    _, leader = tables
    before = rows(app, "SELECT count(*), sum(version) FROM event_tables")
    response = client.open(leader + path, method=method, data={"reason": "x", "seen": "0"})
    assert response.status_code == 404
    assert rows(app, "SELECT count(*), sum(version) FROM event_tables") == before


def objected(client, app) -> tuple[str, str]:
    """Four players, two Passen of one game; Passe 1's one table handed in and objected to:
    the leader's page and the table's."""
    form = evening(players="\n".join(EIGHT[:4]), passen_other="2", games_other="1")
    leader = client.post("/abend/neu", data=form).headers["Location"]
    client.post(f"{leader}/auslosen", data={"passe": "1", "seen": "0"})
    (key,) = rows(app, "SELECT key FROM event_tables")[0]
    table = f"/tisch/{key}"
    play(client, app, table, 95, 0, 1)
    hand_in(client, app, table)
    client.post(f"{table}/einspruch", data={"reason": "95 war 59", "seen": version(app, table)})
    return leader, table


def test_an_objection_leaves_the_table_open_and_the_next_passe_undrawn_until_settled(client, app):
    leader, table = objected(client, app)
    board = text(client.get(leader))
    assert "0 von 1 Tischen fertig · Einspruch an Tisch 1" in board
    assert 'id="draw"' not in board
    assert "Passe 2 wird erst gelost, wenn jeder Einspruch geklärt ist" in board
    assert f'href="{leader}/passe/1/tisch/1">Passe 1 · Tisch 1</a>' in board
    # The projector and the Rangliste say it alike; the standings count the table, flagged.
    ranking = text(client.get(f"{leader}/rangliste"))
    assert "Passe 1: 0 von 1 Tischen fertig · Einspruch an Tisch 1" in ranking
    assert re.search(r'<td class="total">95</td>', ranking)
    # A draw sent anyway (a page left open) is refused and draws nothing.
    seen = str(rows(app, "SELECT version FROM events")[0][0])
    refused = client.post(f"{leader}/auslosen", data={"passe": "2", "seen": seen})
    assert refused.status_code == 409
    assert "Passe 2 wird erst gelost, wenn jeder Einspruch geklärt ist" in text(refused)
    assert rows(app, "SELECT passe FROM event_draws") == [(1,)]
    # Settled: the leader reopens, the table corrects and hands in again; the draw is back.
    reopen = {"reason": "Spiel 1 korrigieren", "seen": version(app, table)}
    client.post(f"{leader}/passe/1/tisch/1/oeffnen", data=reopen)
    assert play(client, app, table, 59, 0, 1).status_code == 303
    hand_in(client, app, table)
    board = text(client.get(leader))
    assert "1 von 1 Tischen fertig" in board and 'id="draw"' in board
    seen = str(rows(app, "SELECT version FROM events")[0][0])
    assert client.post(f"{leader}/auslosen", data={"passe": "2", "seen": seen}).status_code == 303


def test_a_match_books_257_by_default_and_its_key_says_so(client, app):
    form = evening(players="\n".join(EIGHT[:4]), games_other="2", match_bonus=None)
    leader = client.post("/abend/neu", data=form).headers["Location"]
    assert "Matchbonus 100" in text(client.get(leader))
    client.post(f"{leader}/auslosen", data={"passe": "1", "seen": "0"})
    (key,) = rows(app, "SELECT key FROM event_tables")[0]
    table = f"/tisch/{key}"
    assert re.search(r'value="y"> Match \(257\)</label>', text(client.get(table)))
    assert play(client, app, table, "", 1, 1, match="y").status_code == 303
    play(client, app, table, 157, 0, 2)  # 157 : 0 without a Match: no bonus
    shown = text(client.get(table))
    assert re.search(r'id="total-0">157<', shown) and re.search(r'id="total-1">257<', shown)


def test_an_evening_stored_without_a_match_bonus_keeps_none(client, app):
    leader = client.post("/abend/neu", data=evening(match_bonus="0")).headers["Location"]
    # One stored before the bonus was a setting at all: its set-up has no "match_bonus".
    older = client.post("/abend/neu", data=evening(once="older")).headers["Location"]
    (setup,) = rows(app, "SELECT setup FROM events WHERE id = 2")[0]
    setup = json.loads(setup)
    del setup["match_bonus"]
    conn = sqlite3.connect(app.config["DATABASE"])
    with conn:
        conn.execute("UPDATE events SET setup = ? WHERE id = 2", [json.dumps(setup)])
    conn.close()
    for page in (leader, older):
        assert "Matchbonus" not in text(client.get(page))
        (seen,) = rows(app, "SELECT version FROM events WHERE leader_key = ?", [page[7:]])[0]
        assert client.post(f"{page}/auslosen", data={"passe": "1", "seen": seen}).status_code == 303
    for (key,) in rows(app, "SELECT key FROM event_tables WHERE table_no = 1"):
        table = f"/tisch/{key}"
        assert re.search(r'value="y"> Match \(157\)</label>', text(client.get(table)))
        play(client, app, table, "", 0, 1, match="y")
        assert re.search(r'id="total-0">157<', text(client.get(table)))


def test_an_objection_filed_while_the_next_passe_is_drawn_still_holds_the_draw(
    client, app, monkeypatch
):
    """The draw's check of open objections is made again under the write lock: an objection
    that came in after the page's own check (here: that check made to see none) still holds
    the draw, and nothing is drawn."""
    leader, table = objected(client, app)
    monkeypatch.setattr("scorer.web.club.evening.open_disputes", lambda progress: [])
    seen = str(rows(app, "SELECT version FROM events")[0][0])
    refused = client.post(f"{leader}/auslosen", data={"passe": "2", "seen": seen})
    assert refused.status_code == 409
    assert "Passe 2 wird erst gelost, wenn jeder Einspruch geklärt ist" in text(refused)
    assert rows(app, "SELECT passe FROM event_draws") == [(1,)]
    assert rows(app, "SELECT version FROM events") == [(int(seen),)]
