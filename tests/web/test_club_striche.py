"""An evening ranked by Striche shows the trick points beside the Striche, and a control sum a
table can check (157 a game): on the table's page, its hand-in card and the Standblatt
(issue 33)."""

from __future__ import annotations

import re

from tests.web.test_club_pages import evening
from tests.web.test_club_tables import EIGHT, play, rows, text


def test_a_striche_evening_shows_the_trick_points_and_their_control_sum(client, app):
    form = evening(
        players="\n".join(EIGHT[:4]), games="other", games_other="2", ranking="striche",
        match_bonus="100",
    )  # fmt: skip
    leader = client.post("/abend/neu", data=form).headers["Location"]
    client.post(f"{leader}/auslosen", data={"passe": "1", "seen": "0"})
    (key,) = rows(app, "SELECT key FROM event_tables")[0]
    table = f"/tisch/{key}"
    assert play(client, app, table, 100, 0, 1).status_code == 303
    page = text(client.get(table))
    assert "Stichpunkte 100 : 57, zusammen 157 (Kontrolle: 1 × 157 = 157)" in page
    assert play(client, app, table, "", 1, 2, match="y").status_code == 303
    page = text(client.get(table))
    # Side A won game 1 (1 Strich), side B made a Match in game 2 (2 Striche).
    assert re.search(r'id="total-0">1<', page) and re.search(r'id="total-1">2<', page)
    games = re.findall(r'<li id="row-\d"><span class="n">(\d)</span> <span>([^<]*)</span> '
                       r'<span class="hint tricks">\(([^)]*)\)</span>', page)  # fmt: skip
    assert games == [("2", "0 : 2", "0 : 157"), ("1", "1 : 0", "100 : 57")]
    sums = re.search(r'id="tricks"[^>]*>([^<]*)<', page).group(1)
    assert sums == "Stichpunkte 100 : 214, zusammen 314 (Kontrolle: 2 × 157 = 314)"
    card = re.search(r'id="hand-in-tricks">([^<]*)<', page).group(1)
    assert card == sums and "Alle 2 Spiele sind eingetragen, zusammen 3." in page
    french = text(client.get(table, headers={"Accept-Language": "fr-CH"}))
    assert "Points des plis 100 : 214, en tout 314 (contrôle : 2 × 157 = 314)" in french

    sheet = text(client.get(f"{leader}/passe/1/standblatt"))
    cells = [
        re.findall(r"<td>([^<]*)</td>", line)
        for line in re.findall(r"<tr><td>\d</td>.*?</tr>", sheet)
    ]
    assert cells == [["1", "100", "1", "57", "0"], ["2", "0", "0", "157", "2"]]
    total = re.search(r"<tfoot><tr><th>Total</th>(.*?)</tr>", sheet).group(1)
    assert re.findall(r"<td>([^<]*)</td>", total) == ["100", "1", "214", "2"]
    assert "2 Spiele à 157: die Punkte zusammen 314" in sheet


def test_an_evening_ranked_by_points_shows_no_second_sum(client, app):
    form = evening(players="\n".join(EIGHT[:4]), games="other", games_other="2")
    leader = client.post("/abend/neu", data=form).headers["Location"]
    client.post(f"{leader}/auslosen", data={"passe": "1", "seen": "0"})
    (key,) = rows(app, "SELECT key FROM event_tables")[0]
    play(client, app, f"/tisch/{key}", 100, 0, 1)
    page = text(client.get(f"/tisch/{key}"))
    assert 'id="tricks"' not in page and "Stichpunkte 100" not in page
    assert "2 Spiele à 157: zusammen 314" in text(client.get(f"{leader}/passe/1/standblatt"))
