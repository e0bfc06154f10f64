"""The standings of a club evening on the leader's page and on the projector: computed from the
tables handed in, a Joker as "J", shared ranks shown alike, the dropped Passe struck through,
provisional while it is; the projector reads only, pages through, hides the standings in the
last Passe when the evening says so, and no POST takes its key."""

from __future__ import annotations

import json
import re

import pytest

from tests.web.test_club_pages import evening
from tests.web.test_club_tables import hand_in, play, rows, text

NINE = ["Anna", "Beat", "Clara", "Dani", "Eva", "Fritz", "Greti", "Hans", "Ida"]


@pytest.fixture
def night(client, app):
    """Nine players, two Passen of two games, the worst dropped, Passe 1 drawn: the leader's
    page, the projector's page, the table pages and each table's seats (player numbers)."""
    form = evening(
        players="\n".join(NINE),
        passen="other",
        passen_other="2",
        games="other",
        games_other="2",
        dropped="1",
    )
    leader = client.post("/abend/neu", data=form).headers["Location"]
    seen = str(rows(app, "SELECT version FROM events")[0][0])
    assert client.post(f"{leader}/auslosen", data={"passe": "1", "seen": seen}).status_code == 303
    found = rows(app, "SELECT key, seats FROM event_tables ORDER BY table_no")
    (screen,) = rows(app, "SELECT screen_key FROM events")[0]
    return {
        "leader": leader,
        "screen": f"/leinwand/{screen}",
        "tables": [f"/tisch/{k}" for k, _ in found],
        "seats": [json.loads(s) for _, s in found],
    }


def line(page: str, name: str) -> list[str]:
    """A player's line of the standings: rank, name, each Passe, total, as cell texts."""
    row = re.search(
        rf"<tr[^>]*>\s*<td class=\"rank\">[^<]*</td>\s*<td class=\"st-name\">{name}<.*?</tr>",
        page,
        re.S,
    )
    assert row, name
    return [
        re.sub(r"<[^>]+>", "", c).strip()
        for c in re.findall(r"<td[^>]*>(.*?)</td>", row.group(0), re.S)
    ]


def test_the_leader_reads_the_standings_of_the_tables_handed_in(client, app, night):
    first, second = night["tables"]
    standings = f"{night['leader']}/rangliste"
    assert "Noch hat kein Tisch eine Passe abgegeben." in text(client.get(standings))
    play(client, app, first, 100, 0, 1)
    play(client, app, first, 57, 0, 2)  # side A: 157, side B: 157
    play(client, app, second, 157, 0, 1, match="y")
    play(client, app, second, 100, 0, 2)  # side A: 257, side B: 57
    assert hand_in(client, app, first).status_code == 303
    page = text(client.get(standings))
    assert "Passe 1: 1 von 2 Tischen fertig" in page
    a1 = NINE[night["seats"][0][0]]
    assert line(page, a1) == ["1.", a1, "157", "–", "157*"]
    # Everyone at table 1 has 157: they share rank 1, shown alike; the sit-out has a Joker.
    assert [line(page, NINE[p])[0] for p in night["seats"][0]] == ["1."] * 4
    (out,) = set(range(9)) - set(night["seats"][0]) - set(night["seats"][1])
    assert line(page, NINE[out]) == ["1.", NINE[out], "J 157", "–", "157*"]
    assert "* provisorisch" in page
    assert hand_in(client, app, second).status_code == 303
    why = {
        "reason": "Spiel 2 war 90",
        "seen": str(rows(app, "SELECT version FROM event_tables WHERE table_no = 2")[0][0]),
    }
    assert client.post(f"{second}/einspruch", data=why).status_code == 303
    page = text(client.get(standings))
    winner = NINE[night["seats"][1][0]]
    assert line(page, winner) == ["1.", winner, "257", "–", "257*"]
    loser = NINE[night["seats"][1][1]]
    assert line(page, loser)[0] == "8." and line(page, loser)[-1] == "57*"
    # The Joker is the average of the eight: (4 × 157 + 2 × 257 + 2 × 57) / 8 = 157.
    assert line(page, NINE[out])[2] == "J 157"
    assert "Einspruch an Tisch 2" in page
    assert f"{night['leader']}/rangliste" in text(client.get(night["leader"]))


def test_the_dropped_passe_is_struck_through_once_a_players_passen_are_in(client, app, night):
    for table in night["tables"]:
        play(client, app, table, 100, 0, 1)
        play(client, app, table, 100, 0, 2)
        hand_in(client, app, table)
    seen = str(rows(app, "SELECT version FROM events")[0][0])
    client.post(f"{night['leader']}/auslosen", data={"passe": "2", "seen": seen})
    found = rows(app, "SELECT key, seats FROM event_tables WHERE passe = 2 ORDER BY table_no")
    for key, _ in found:
        play(client, app, f"/tisch/{key}", 150, 0, 1)
        play(client, app, f"/tisch/{key}", 150, 0, 2)
        hand_in(client, app, f"/tisch/{key}")
    page = text(client.get(f"{night['leader']}/rangliste"))
    assert "provisorisch" not in page
    a1 = NINE[night["seats"][0][0]]  # 200 in Passe 1; 300 or 14 (or a Joker) in Passe 2
    cells = line(page, a1)
    assert "<s" in re.search(rf"{a1}<.*?</tr>", page, re.S).group(0)
    assert int(cells[-1]) == max(200, int(cells[3].removeprefix("J ")))


def test_the_projector_shows_progress_the_seat_plan_and_the_standings_read_only(client, app, night):
    first, second = night["tables"]
    screen = night["screen"]
    page = text(client.get(screen))
    assert "Passe 1: 0 von 2 Tischen fertig" in page
    assert "<form" not in page and "<button" not in page and "csrf" not in page
    assert 'hx-trigger="every 4s"' in page
    # The seat plan of the Passe being played, with its sit-out.
    assert all(NINE[p] in page for p in night["seats"][0] + night["seats"][1])
    assert "Setzt aus (Joker)" in page
    for table in (first, second):
        play(client, app, table, 120, 1, 1)
        play(client, app, table, 120, 1, 2)
        hand_in(client, app, table)
    block = client.get(screen, headers={"HX-Request": "true"})
    shown = text(block)
    assert "HX-Request" in block.headers["Vary"] and not shown.lstrip().startswith("<!doctype")
    assert shown.lstrip().startswith('<main id="screen"')
    assert "Passe 1: 2 von 2 Tischen fertig" in shown and "Rangliste" in shown
    b1 = NINE[night["seats"][0][1]]
    assert line(shown, b1) == ["1.", b1, "240", "–", "240*"]
    # The leader's page links the projector with a QR code.
    leader = text(client.get(night["leader"]))
    assert screen in leader and 'id="screen-qr"' in leader


def test_the_projector_pages_through_long_standings(client, app):
    names = [f"Spieler {n}" for n in range(1, 21)]
    form = evening(
        players="\n".join(names), passen="other", passen_other="2", games="other", games_other="1"
    )
    leader = client.post("/abend/neu", data=form).headers["Location"]
    seen = str(rows(app, "SELECT version FROM events")[0][0])
    client.post(f"{leader}/auslosen", data={"passe": "1", "seen": seen})
    for (key,) in rows(app, "SELECT key FROM event_tables"):
        play(client, app, f"/tisch/{key}", 80, 0, 1)
        hand_in(client, app, f"/tisch/{key}")
    (screen,) = rows(app, "SELECT screen_key FROM events")[0]
    first = text(client.get(f"/leinwand/{screen}?seite=1"))
    second = text(client.get(f"/leinwand/{screen}?seite=2"))
    assert "1 / 2" in first and "2 / 2" in second
    shown = [re.findall(r'<td class="st-name">([^<]*)<', p) for p in (first, second)]
    assert len(shown[0]) == 14 and len(shown[1]) == 6
    assert sorted(shown[0] + shown[1]) == sorted(names)
    # Page 3 of 2 is page 1 again.
    assert text(client.get(f"/leinwand/{screen}?seite=3")) == first


def test_hide_last_hides_the_standings_during_the_last_passe(client, app):
    form = evening(
        players="\n".join(NINE[:8]),
        passen="other",
        passen_other="2",
        games="other",
        games_other="1",
    )
    leader = client.post("/abend/neu", data={**form, "hide_last": "y"}).headers["Location"]
    for passe in (1, 2):
        seen = str(rows(app, "SELECT version FROM events")[0][0])
        client.post(f"{leader}/auslosen", data={"passe": str(passe), "seen": seen})
        if passe == 1:
            for (key,) in rows(app, "SELECT key FROM event_tables WHERE passe = 1"):
                play(client, app, f"/tisch/{key}", 80, 0, 1)
                hand_in(client, app, f"/tisch/{key}")
    (screen,) = rows(app, "SELECT screen_key FROM events")[0]
    pages = [text(client.get(f"/leinwand/{screen}?seite={n}")) for n in (1, 2)]
    assert any("Die Rangliste erscheint nach der letzten Passe." in p for p in pages)
    assert not any('id="screen-standings"' in p for p in pages)
    # The leader still sees them.
    assert "80" in text(client.get(f"{leader}/rangliste"))


def test_the_projectors_key_opens_nothing_else_and_writes_nothing(client, app, night):
    screen_key = night["screen"].rsplit("/", 1)[1]
    assert client.get(f"/abend/{screen_key}").status_code == 404
    assert client.get(f"/abend/{screen_key}/rangliste").status_code == 404
    assert client.get(f"/leinwand/{night['leader'].rsplit('/', 1)[1]}").status_code == 404
    assert client.post(night["screen"]).status_code == 405
    for path in ("auslosen", "passe/1/neu", "passe/1/tisch/1/oeffnen"):
        answer = client.post(f"/abend/{screen_key}/{path}", data={"passe": "1", "reason": "x"})
        assert answer.status_code == 404
    assert rows(app, "SELECT count(*) FROM event_draws") == [(1,)]


def test_a_standblatt_per_table_and_the_csv_files(client, app, night):
    first, second = night["tables"]
    play(client, app, first, 100, 0, 1)
    sheets = text(client.get(f"{night['leader']}/passe/1/standblatt"))
    assert sheets.count('class="sheet card"') == 2
    assert all(NINE[p] in sheets for p in night["seats"][0] + night["seats"][1])
    assert "<td>100</td><td>57</td>" in sheets and sheets.count("Unterschrift") == 4
    assert "2 Spiele à 157: zusammen 314" in sheets
    play(client, app, first, 157, 1, 2, match="y")
    hand_in(client, app, first)
    games = client.get(f"{night['leader']}/spiele.csv")
    assert games.headers["Content-Type"].startswith("text/csv")
    lines = games.get_data(as_text=True).lstrip("\ufeff").splitlines()
    a = " & ".join(NINE[p] for p in night["seats"][0][0::2])
    b = " & ".join(NINE[p] for p in night["seats"][0][1::2])
    assert lines[1:] == [
        f"1,1,abgegeben,1,{a},{b},100,57,,100,57",
        f"1,1,abgegeben,2,{a},{b},0,157,B,0,157",
    ]
    standings = client.get(f"{night['leader']}/rangliste.csv").get_data(as_text=True)
    lines = standings.lstrip("\ufeff").splitlines()
    assert lines[0] == "Rang,Name,Passe 1,Passe 2,Total,provisorisch"
    assert f"1,{NINE[night['seats'][0][1]]},214,,214,ja" in lines
    (out,) = set(range(9)) - set(night["seats"][0]) - set(night["seats"][1])
    # The Joker: the average of the four results, (2 × 214 + 2 × 100) / 4.
    assert f"3,{NINE[out]},J 157,,157,ja" in lines
    # Only the leader's link opens them.
    screen_key = night["screen"].rsplit("/", 1)[1]
    assert client.get(f"/abend/{screen_key}/spiele.csv").status_code == 404
    assert client.get(f"/abend/{screen_key}/passe/1/standblatt").status_code == 404
    assert client.get(f"{night['leader']}/passe/3/standblatt").status_code == 404
