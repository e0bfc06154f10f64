"""The ratings on the Rückblick and the season page, and in their CSV files: each player
"28.5 ± 8.0", ranked by the conservative estimate, with the partners; computed from the stored
games at every view, so an edited or deleted game changes them on the next one."""

from __future__ import annotations

import csv
import html as markup
import io
import re

from scorer import modes
from scorer.ratings import bout, rate
from scorer.storage import games as store
from scorer.web.db import get_db
from tests.conftest import new_game_form, own
from tests.rules.test_stats import differenzler_game, schieber_game
from tests.web.test_club_season import play_evening

MATCH = {"contract": "rosen", "match": "y", "points_team": "0"}


def ratings_of(html: str, key: str) -> list[tuple[int, str, str, str]]:
    """The ratings block `key` as listed: (rank, name, "mu ± sigma", conservative)."""
    part = html.split(f'id="ratings-{key}"', 1)[1].split("</section>", 1)[0]
    found = re.findall(
        r'<span class="rating-rank">(\d+)\.</span> <b class="rating-name">([^<]+)</b> '
        r'<span class="rating-value">([^<]+)</span> <span class="rating-floor">[^<\d-]*(-?[\d.]+)',
        markup.unescape(part),
    )
    return [(int(rank), name, value, floor) for rank, name, value, floor in found]


def partners_of(html: str, key: str, number: int) -> list[tuple[str, str, str]]:
    """One player's partners as listed: (name, record, surplus)."""
    part = html.split(f'id="rating-{key}-{number}"', 1)[1].split("</li>\n    <li", 1)[0]
    return re.findall(
        r'<span class="partner-name">([^<]+)</span> <span class="partner-record">([^<]+)</span>'
        r' <b class="surplus[^"]*">([^<]+)</b>',
        markup.unescape(part),
    )


def text(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def rows_of(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))


def won_by_wir(client, number: int) -> None:
    """A Schieber game to 450 (Wir: Anna and Clara, Ihr: Ben and Dani): two Matches of Wir
    (514 : 0) win it, Schneider."""
    client.post("/games/new", data=new_game_form(preset="simple", target="450"))
    for _ in range(2):
        assert client.post(f"/games/{number}/hands", data=MATCH).status_code == 303


def test_the_rueckblick_ranks_the_winners_above_with_mu_and_sigma(client):
    won_by_wir(client, 1)
    html = text(client, "/rueckblick")
    # A Schneider counts twice: 25 + 3.5 each way, the sigma from 8.3 to 8.0.
    assert ratings_of(html, "schieber") == [
        (1, "Anna", "28.5 ± 8.0", "4.4"),
        (1, "Clara", "28.5 ± 8.0", "4.4"),
        (3, "Ben", "21.5 ± 8.0", "-2.6"),
        (3, "Dani", "21.5 ± 8.0", "-2.6"),
    ]
    assert partners_of(html, "schieber", 1) == [("Clara", "1 von 1, erwartet 0.5", "+0.5")]
    # The chart: a line per player from 25, in the Verlauf's drawing.
    assert 'id="chart-schieber"' in html
    values = re.findall(r'data-values="([^"]+)"', html.split('id="chart-schieber"')[1])
    assert values[:4] == ["25.0 28.5", "25.0 28.5", "25.0 21.5", "25.0 21.5"]


def test_an_edited_game_changes_the_ratings_on_the_next_view(client):
    won_by_wir(client, 1)
    assert ratings_of(text(client, "/rueckblick"), "schieber")[0][1] == "Anna"
    # Hand 1 was Ihr's Match: 257 : 257, nobody has won yet, so nobody is rated.
    ihr = {**MATCH, "points_team": "1"}
    assert client.post("/games/1/hands/1", data=ihr).status_code == 303
    html = text(client, "/rueckblick")
    assert 'id="standing-schieber"' in html and 'id="ratings-schieber"' not in html
    # And hand 2 too: Ihr wins, and Ben and Dani are on top now.
    assert client.post("/games/1/hands/2", data=ihr).status_code == 303
    assert ratings_of(text(client, "/rueckblick"), "schieber") == [
        (1, "Ben", "28.5 ± 8.0", "4.4"),
        (1, "Dani", "28.5 ± 8.0", "4.4"),
        (3, "Anna", "21.5 ± 8.0", "-2.6"),
        (3, "Clara", "21.5 ± 8.0", "-2.6"),
    ]


def test_a_deleted_game_leaves_the_ratings_on_the_next_view(client):
    won_by_wir(client, 1)
    won_by_wir(client, 2)
    assert ratings_of(text(client, "/rueckblick"), "schieber")[0][2] == "30.6 ± 7.8"
    assert client.post("/games/2/delete").status_code == 303
    assert ratings_of(text(client, "/rueckblick"), "schieber")[0][2] == "28.5 ± 8.0"


def test_a_player_asked_for_sees_their_rating_and_partners_only(client, app):
    with app.app_context():
        for game in (schieber_game(), differenzler_game()):
            store.create(get_db(), game)
    own(client, 1, 2)
    html = text(client, "/rueckblick?spieler=a2")
    assert [r[1] for r in ratings_of(html, "schieber")] == ["a2"]
    assert "<details open>" in html
    assert partners_of(html, "schieber", 1)[0][0] == "a1"
    assert 'id="ratings-differenzler"' not in html  # a2 played no Differenzler
    # Differenzler: Bea wins, Cla second, Anna last; nobody has partners.
    html = text(client, "/rueckblick?art=differenzler")
    assert [(r[0], r[1]) for r in ratings_of(html, "differenzler")] == [
        (1, "Bea"),
        (2, "Cla"),
        (3, "Anna"),
    ]
    assert 'class="partners"' not in html.split('id="ratings-differenzler"')[1]


def test_the_rueckblick_csv_has_the_ratings_after_each_game(client, app):
    with app.app_context():
        for game in (schieber_game(), differenzler_game()):
            store.create(get_db(), game)
    own(client, 1, 2)
    rows = rows_of(client.get("/rueckblick.csv"))
    assert rows[0][-1] == "Spielstärke danach"
    schieber = next(row for row in rows if row[1] == "Schieber")
    assert schieber[-1] == "a1 28.5 ± 8.0 · a2 28.5 ± 8.0 · b1 21.5 ± 8.0 · b2 21.5 ± 8.0"
    ratings = rows_of(client.get("/rueckblick/spielstaerke.csv"))
    assert ratings[0] == [
        "Spielart",
        "Spieler",
        "Spielstärke",
        "Unsicherheit (±)",
        "mindestens",
        "Rang nach Spielstärke",
        "Spiele",
        "gewonnen",
        "erwartet",
        "Partner: mehr gewonnen als erwartet",
    ]
    assert ratings[1] == ["Schieber", "a1", "28.5", "8.0", "4.4", "1", "1", "1", "0.5", "a2 +0.5"]
    assert ratings[-1][:3] == ["Differenzler", "Anna", "21.4"]
    expected = rate([bout(modes.look(differenzler_game()), (1,))]).of("Anna")
    assert float(ratings[-1][2]) == round(expected.mu, 1)
    english = client.get("/rueckblick/spielstaerke.csv?art=schieber&spieler=b1", headers={})
    assert [row[1] for row in rows_of(english)[1:]] == ["b1"]


def test_the_pages_speak_french_and_english(client):
    won_by_wir(client, 1)
    for lang, heading, record in (
        ("fr", "Force de jeu", "1 partie, 1 gagnée, attendu 0.5"),
        ("en", "Playing strength", "1 game, 1 won, expected 0.5"),
    ):
        client.set_cookie("lang", lang)
        html = markup.unescape(text(client, "/rueckblick"))
        assert f"<h3>{heading}</h3>" in html and record in html
        assert rows_of(client.get("/rueckblick/spielstaerke.csv"))[0][2] == heading


def test_the_season_rates_the_passen_and_exports_them(client, app):
    first = play_evening(client, app, "Herbst 1", "2026-10-02", 100)
    second = play_evening(client, app, "Herbst 2", "2026-10-09", 120)
    html = text(client, "/saison?abend=1&abend=2")
    listed = ratings_of(html, "season")
    assert sorted(name for _, name, _, _ in listed) == ["Anna", "Beat", "Clara", "Dani"]
    # Side A won both Passen (100 and 120 of 157): who sat there twice is on top, who never
    # at the bottom, whatever the draw sat together.
    won = {n: (first[n] == 100) + (second[n] == 120) for n in first}
    rank = {name: r for r, name, _, _ in listed}
    for a in won:
        for b in won:
            if won[a] > won[b]:
                assert rank[a] < rank[b], (won, listed)
    page = markup.unescape(html)
    for name, wins in won.items():
        number = next(i for i, row in enumerate(listed, 1) if row[1] == name)
        record = page.split(f'id="rating-season-{number}"')[1].split("</p>")[0]
        assert f"2 Passen, {wins} gewonnen, erwartet" in record
    assert 'id="chart-season"' in html and "Passen →" in html
    response = client.get("/saison.csv?abend=1&abend=2")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = rows_of(response)
    assert rows[0] == [
        "Rang",
        "Name",
        "2026-10-02 Herbst 1",
        "2026-10-09 Herbst 2",
        "Total",
        "Spielstärke",
        "Unsicherheit (±)",
        "mindestens",
        "Rang nach Spielstärke",
    ]
    by_name = {row[1]: row for row in rows[1:]}
    for name in first:
        assert by_name[name][2:5] == [
            str(first[name]),
            str(second[name]),
            str(first[name] + second[name]),
        ]
        shown = next(value for _, n, value, _ in listed if n == name)
        assert f"{by_name[name][5]} ± {by_name[name][6]}" == shown
    assert 'href="/saison.csv?abend=1&amp;abend=2"' in html


def test_a_season_of_nothing_ticked_has_no_ratings(client, app):
    play_evening(client, app, "Herbst 1", "2026-10-02", 100)
    html = text(client, "/saison")
    assert 'id="ratings-season"' not in html
    assert rows_of(client.get("/saison.csv"))[0][:2] == ["Rang", "Name"]
