"""The Rückblick counts a Differenzler game as the game itself does: its total is the engine's
(the differences less the bonus for exact hits), and a game still running counts with what is
written so far, as in every mode, which the page says."""

from __future__ import annotations

import csv
import io
import re

import pytest

from scorer.differenzler import DifferenzlerGame, DifferenzlerRules, Round
from scorer.storage import games as store
from scorer.web.db import get_db
from tests.conftest import own
from tests.web.test_history import figures, page

FINISHED, RUNNING = 1, 2


def finished_game() -> DifferenzlerGame:
    """Three rounds, four players, 10 off a total for each exact prediction.

    Anna: exact, exact, 22 off: differences 22, 2 hits, total 2 (she wins with 2).
    Beat: exact, 14, 15:        differences 29, 1 hit,  total 19.
    Cla:  10, 10, 10:           differences 30,         total 30.
    Dora: 13, 1, exact:         differences 14, 1 hit,  total 4.
    """
    rounds = (
        Round("rosen", (50, 40, 30, 40), (50, 40, 40, 27)),
        Round("obenabe", (30, 50, 40, 40), (30, 36, 50, 41)),
        Round("eicheln", (40, 40, 40, 40), (62, 25, 30, 40)),
    )
    players = ("Anna", "Beat", "Cla", "Dora")
    return DifferenzlerGame(players, DifferenzlerRules(rounds=3, exact_bonus=10), rounds)


def running_game() -> DifferenzlerGame:
    """Six players, one round of twelve played: Anna exact (total -10), Beat 7 off."""
    players = ("Anna", "Beat", "Cla", "Dora", "Emil", "Fritz")
    one = Round("schellen", (30, 20, 20, 30, 27, 30), (30, 27, 20, 30, 20, 30))
    return DifferenzlerGame(players, DifferenzlerRules(exact_bonus=10), (one,))


@pytest.fixture
def games(app, client):
    with app.app_context():
        for game in (finished_game(), running_game()):
            store.create(get_db(), game)
    own(client, FINISHED, RUNNING)
    return client


def game_totals(client, number: int) -> list[int]:
    """The totals the game's own page shows, seat by seat."""
    html = page(client, f"/differenzler/{number}")
    return [int(v) for v in re.findall(r'<td id="total-\d">(-?\d+)</td>', html)]


def test_the_game_itself_says_anna_wins_with_2_and_beat_has_19(games):
    html = page(games, f"/differenzler/{FINISHED}")
    assert '<h2 id="winner">Anna gewinnt mit 2</h2>' in html
    assert game_totals(games, FINISHED) == [2, 19, 30, 4]
    assert game_totals(games, RUNNING) == [-10, 7, -10, -10, 7, -10]


def test_a_finished_game_counts_with_the_games_own_totals(games):
    html = page(games, "/rueckblick?art=differenzler&spieler=Dora")
    # Dora played both games: 4 in the finished one, -10 so far in the running one.
    assert figures(html, "differenzler", "Dora") == {
        "games": 2,
        "wins": 0,
        "difference": 4 - 10,
        "hits": 2,
        "rounds": 4,
    }
    rows = list(csv.reader(io.StringIO(games.get("/rueckblick.csv").text.lstrip("\ufeff"))))
    finished = next(row for row in rows if row[2] == "Anna, Beat, Cla, Dora")
    assert finished[3:5] == ["2 : 19 : 30 : 4", "Anna"]
    assert finished[6].startswith("Anna: Differenz 2, genau 2, Runden 3 · Beat: Differenz 19,")


def test_the_tally_adds_the_games_totals_up_and_wins_only_where_a_game_is_won(games):
    html = page(games, "/rueckblick?art=differenzler")
    anna = figures(html, "differenzler", "Anna")
    beat = figures(html, "differenzler", "Beat")
    # Anna: 2 in the finished game and -10 after the running game's first round.
    assert anna == {"games": 2, "wins": 1, "difference": 2 - 10, "hits": 3, "rounds": 4}
    assert beat == {"games": 2, "wins": 0, "difference": 19 + 7, "hits": 1, "rounds": 4}
    # Emil played only the running game: it counts, but nobody has won it yet.
    assert figures(html, "differenzler", "Emil")["wins"] == 0
    assert figures(html, "differenzler", "Emil")["difference"] == 7


def test_the_page_says_that_a_running_game_counts(games):
    html = page(games, "/rueckblick")
    assert re.search(
        r'<p class="hint" id="running">1 Spiel läuft noch: es zählt mit, was bisher eingetragen'
        r" ist; gewonnen oder verloren hat darin noch niemand.</p>",
        html,
    )
    assert f'id="looked-{RUNNING}"' in html and "läuft noch" in html
    # Without a running game among those shown, nothing is said.
    assert 'id="running"' not in page(games, "/rueckblick?spieler=nobody")
