"""The Rückblick: the games this phone may see, filtered by mode and player (GET only), their
figures per team and player, the CSV file, each game's chart, and the printed score sheet."""

from __future__ import annotations

import csv
import io
import re

import pytest

from scorer.storage import games as store
from scorer.web.core.transfer import cell
from scorer.web.db import get_db
from tests.conftest import link, new_game_form, own
from tests.rules.test_handjass import full_game
from tests.rules.test_stats import coiffeur_game, differenzler_game, schieber_game

SCHIEBER, HANDJASS, DIFFERENZLER, COIFFEUR, OTHERS = 1, 2, 3, 4, 5


@pytest.fixture
def games(app, client):
    """1 the Schieber game of tests/rules/test_stats.py (Ost wins 1011 : 174, Schneider),
    2 a Handjass game (D loses), 3 a Differenzler game (Bea wins), 4 a Coiffeur game
    (Beat+Clara win 437 : 95): this phone's; 5 a Schieber game of another phone, with a
    player, Zora, who is in no game of this phone."""
    with app.app_context():
        db = get_db()
        for game in (schieber_game(), full_game(), differenzler_game(), coiffeur_game()):
            store.create(db, game)
        other = schieber_game()
        teams = (other.teams[0], type(other.teams[1])("Zora+Bo", ("Zora", "Bo")))
        store.create(db, type(other)(teams, other.rules, 0, other.hands))
    own(client, SCHIEBER, HANDJASS, DIFFERENZLER, COIFFEUR)
    return client


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def listed(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<li class="card" id="looked-(\d+)"', html)]


def figures(html: str, section: str, name: str) -> dict[str, int]:
    """The figures shown for a team or player in one mode's section: {key: value}."""
    part = html.split(f'id="standing-{section}"', 1)[1].split("</section>", 1)[0]
    for card in part.split('<li class="tally card">')[1:]:
        if re.search(rf"<b>{re.escape(name)}</b>", card):
            found = re.findall(r'class="count figure-(\w+)"><dt>[^<]*</dt><dd>(-?\d+)</dd>', card)
            return {key: int(value) for key, value in found}
    raise AssertionError(f"{name} not in {section}")


def test_the_start_page_links_the_rueckblick(games):
    html = page(games, "/")
    assert re.search(r'<a class="button" href="/rueckblick" id="lookback-link">Rückblick</a>', html)


def test_every_game_of_this_phone_and_none_of_another(games):
    html = page(games, "/rueckblick")
    assert listed(html) == [COIFFEUR, DIFFERENZLER, HANDJASS, SCHIEBER]
    assert "Zora" not in html
    assert "4 Spiele" in html


def test_a_game_stored_before_private_links_shows_on_every_phone(app, games):
    with app.app_context():
        get_db().execute("UPDATE games SET numbered = 1 WHERE id = ?", [OTHERS])
        get_db().conn.commit()
    assert OTHERS in listed(page(games, "/rueckblick"))


def test_a_deleted_game_is_not_looked_back_at(app, games):
    with app.app_context():
        store.delete(get_db(), HANDJASS)
    html = page(games, "/rueckblick")
    assert listed(html) == [COIFFEUR, DIFFERENZLER, SCHIEBER]
    assert 'id="standing-handjass"' not in html


def test_a_phone_without_games_sees_none(app, games):
    html = page(app.test_client(), "/rueckblick")
    assert listed(html) == [] and 'id="nothing"' in html


def test_schieber_figures_per_team_and_player(games):
    html = page(games, "/rueckblick?art=schieber")
    assert figures(html, "schieber", "Ost") == {
        "games": 1,
        "wins": 1,
        "schneider_given": 1,
        "schneider_taken": 0,
        "matches": 2,
        "weis": 150,
        "called": 3,
        "shoved": 1,
    }
    assert figures(html, "schieber", "West")["schneider_taken"] == 1
    assert figures(html, "schieber", "b2")["called"] == 2
    assert figures(html, "schieber", "a2")["shoved"] == 1


def test_other_modes_figures(games):
    html = page(games, "/rueckblick")
    assert figures(html, "handjass", "D") == {"games": 1, "losses": 1, "strokes": 2, "potatoes": 0}
    assert figures(html, "differenzler", "Bea")["wins"] == 1
    assert figures(html, "differenzler", "Anna")["difference"] == 30
    assert figures(html, "coiffeur", "Beat+<wbr>Clara")["points"] == 437


def test_filter_by_mode(games):
    html = page(games, "/rueckblick?art=handjass")
    assert listed(html) == [HANDJASS]
    assert 'id="standing-handjass"' in html and 'id="standing-schieber"' not in html
    assert '<option value="handjass" selected>' in html


def test_filter_by_player(games):
    html = page(games, "/rueckblick?spieler=bea")  # case does not matter
    assert listed(html) == [DIFFERENZLER]
    html = page(games, "/rueckblick?spieler=a1")
    assert listed(html) == [SCHIEBER]
    assert "<option selected>a1</option>" in html


def test_filter_by_mode_and_player_and_nothing_found(games):
    assert listed(page(games, "/rueckblick?art=schieber&spieler=Bea")) == []
    html = page(games, "/rueckblick?spieler=Zora")  # another phone's player: nothing
    assert listed(html) == [] and 'id="nothing"' in html
    assert listed(page(games, "/rueckblick?art=poker")) == [4, 3, 2, 1]  # unknown: all


def test_csv_has_a_line_per_game_with_its_values(games):
    response = games.get("/rueckblick.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert re.fullmatch(
        r'attachment; filename="jass-rueckblick-\d{4}-\d{2}-\d{2}\.csv"',
        response.headers["Content-Disposition"],
    )
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0] == [
        "Datum",
        "Spielart",
        "Teams oder Spieler",
        "Resultat",
        "Gewinner",
        "Verlierer",
        "Kennzahlen",
        "Spielstärke danach",
    ]
    assert len(rows) == 5
    by_mode = {row[1]: row for row in rows[1:]}
    schieber = by_mode["Schieber"]
    assert schieber[2:6] == ["Ost – West", "1011 : 174", "Ost", ""]
    assert schieber[6].startswith(
        "Ost: Schneider gemacht 1, Schneider gewesen 0, Matchs 2, Weis 150, angesagt 3, "
        "geschoben 1 · West: Schneider gemacht 0, Schneider gewesen 1, Matchs 0, Weis 50,"
    )
    assert "b2: angesagt 2, geschoben 0" in schieber[6]
    # Ost won with Schneider, counted twice: both of Ost up from 25, both of West down.
    assert schieber[7] == "a1 28.5 ± 8.0 · a2 28.5 ± 8.0 · b1 21.5 ± 8.0 · b2 21.5 ± 8.0"
    assert by_mode["Handjass"][2:6] == ["A, B, C, D", "7 : 7 : 7 : 2", "", "D"]
    assert by_mode["Differenzler"][3:5] == ["30 : 10 : 20", "Bea"]
    assert by_mode["Coiffeur"][3:5] == ["95 : 437", "Beat+Clara"]
    assert all(re.fullmatch(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}", row[0]) for row in rows[1:])


def test_csv_follows_the_filters_and_the_language(games):
    games.set_cookie("lang", "en")
    response = games.get("/rueckblick.csv?spieler=D")
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0][:2] == ["Date", "Mode"]
    assert [row[1] for row in rows[1:]] == ["Handjass"]
    assert "strokes 7" in rows[1][6]


def points_of(svg: str) -> list[list[tuple[float, float]]]:
    lines = re.findall(r'<polyline class="line series-\d" points="([^"]+)"', svg)
    return [[tuple(map(float, p.split(","))) for p in line.split()] for line in lines]


def test_the_schieber_chart_has_a_point_per_hand_and_ends_on_the_totals(games):
    html = page(games, f"/games/{SCHIEBER}/verlauf")
    svg = html.split('<svg class="chart"', 1)[1].split("</svg>", 1)[0]
    lines = points_of(svg)
    assert [len(line) for line in lines] == [6, 6]  # the start and five hands
    values = re.findall(r'data-values="([^"]+)"', svg)
    assert values == ["0 357 414 671 811 1011", "0 0 150 150 167 174"]
    assert re.findall(r"<title>([^<]+)</title>", svg) == ["Ost: 1011", "West: 174"]
    assert "Ziel 1000" in svg
    # Higher totals are higher on the screen: Ost ends above West, both at the right end.
    (ost_x, ost_y), (west_x, west_y) = lines[0][-1], lines[1][-1]
    assert ost_x == west_x and ost_y < west_y
    assert re.findall(r'<b class="final">(\d+)</b>', html) == ["1011", "174"]


def test_the_charts_of_the_other_modes(games):
    handjass = page(games, f"/games/{HANDJASS}/verlauf")
    assert [len(line) for line in points_of(handjass)] == [13] * 4
    differenzler = page(games, f"/games/{DIFFERENZLER}/verlauf")
    assert re.findall(r'data-values="([^"]+)"', differenzler) == ["0 10 30", "0 0 10", "0 10 20"]
    assert "Ziel" not in differenzler
    coiffeur = page(games, f"/games/{COIFFEUR}/verlauf")
    assert re.findall(r'data-values="([^"]+)"', coiffeur)[1] == "0 0 257 257 437"


def test_every_game_page_links_its_chart(games):
    for path in ("/games/1", "/handjass/2", "/differenzler/3", "/coiffeur/4"):
        html = page(games, path)
        assert f'href="{link(games, f"/games/{path[-1]}")}/verlauf" id="course-link"' in html


def test_the_watch_page_links_its_own_read_only_chart(app, games):
    with app.app_context():
        watch = get_db().execute("SELECT watch_key FROM games WHERE id = 1").fetchone()[0]
        write = get_db().execute("SELECT write_key FROM games WHERE id = 1").fetchone()[0]
    assert f'href="/s/{watch}/verlauf"' in page(games, f"/s/{watch}")
    html = page(app.test_client(), f"/s/{watch}/verlauf")
    assert 'data-values="0 357 414 671 811 1011"' in html
    assert write not in html  # a watcher never learns the writer's link
    assert f'href="/s/{watch}"' in html


def test_an_empty_game_has_no_chart_yet(app, client):
    client.post("/handjass/new", data={"seat1": "A", "seat2": "B", "seat3": "C"})
    html = page(client, "/games/1/verlauf")
    assert 'id="no-course"' in html and "<polyline" not in html


def test_the_rueckblick_pages_through_many_games(app, client):
    with app.app_context():
        for _ in range(23):
            store.create(get_db(), differenzler_game())
    own(client, *range(1, 24))
    first = page(client, "/rueckblick?art=differenzler")
    assert listed(first) == list(range(23, 3, -1))
    assert 'href="/rueckblick?art=differenzler&amp;seite=2"' in first
    assert listed(page(client, "/rueckblick?art=differenzler&seite=2")) == [3, 2, 1]
    assert figures(first, "differenzler", "Bea")["wins"] == 23


def test_a_game_page_has_the_styles_for_paper(games):
    html = page(games, "/games/1")
    style = re.search(r'<link rel="stylesheet" href="(/static/app\.css\?v=\w+)">', html)
    with games.get(style[1]) as response:
        css = response.get_data(as_text=True)
    paper = css[re.search(r"@media print\s*\{", css).start() :]  # sent without white space
    assert ".entry" in paper and ".bar" in paper and re.search(r"display:\s*none", paper)


def test_a_hand_entered_since_shows_in_the_next_rueckblick(client):
    """Each game's look is kept per version: a write makes the next Rückblick replay it."""
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    hand = {"contract": "rosen", "points": "100", "points_team": "0"}
    assert client.post("/games/1/hands", data=hand).status_code == 303
    before = page(client, "/rueckblick")
    assert figures(before, "schieber", "Ihr")["called"] == 0
    assert re.search(r'<span class="score">100 : 57</span>', before)
    hand = {"contract": "schellen", "points": "90", "points_team": "1"}  # Ben calls, x2
    assert client.post("/games/1/hands", data=hand).status_code == 303
    after = page(client, "/rueckblick")
    assert figures(after, "schieber", "Ihr")["called"] == 1
    assert re.search(r'<span class="score">234 : 237</span>', after)


def test_csv_never_hands_a_spreadsheet_a_formula(app, client):
    """Names as typed (a team "=HYPERLINK(...)", players "+cmd" and "@SUM(1)") are written so
    that a spreadsheet shows them as text (OWASP: a leading apostrophe), numbers as numbers."""
    hyperlink = '=HYPERLINK("http://evil.example","Ost")'
    game = schieber_game()
    teams = (type(game.teams[0])(hyperlink, ("+cmd", "@SUM(1)")), game.teams[1])
    with app.app_context():
        store.create(get_db(), type(game)(teams, game.rules, 0, game.hands))
    own(client, 1)
    body = client.get("/rueckblick.csv").get_data(as_text=True).lstrip("\ufeff")
    (row,) = list(csv.reader(io.StringIO(body)))[1:]
    assert row[2] == f"'{hyperlink} – West"
    assert row[3:5] == ["1011 : 174", f"'{hyperlink}"]
    assert "+cmd:" in row[6] and not any(cell.startswith(("=", "+", "-", "@")) for cell in row)
    # The club's files go through the same writer: each character that starts a formula.
    assert [cell(v) for v in ("-2+3", "\tx", "\rx", "@a", "a=b", -150, 7)] == [
        "'-2+3",
        "'\tx",
        "'\rx",
        "'@a",
        "a=b",
        -150,
        7,
    ]
