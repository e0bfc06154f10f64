"""A season of this phone's evenings: totals added up by name, the best k evenings, the final
counted double, Formula-1 points; read only, from the stored games."""

from __future__ import annotations

import html as markup
import json
import re
import sqlite3

from tests.web.test_club_pages import evening

FOUR = ["Anna", "Beat", "Clara", "Dani"]


def rows(app, sql: str, args=()) -> list:
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def play_evening(client, app, name: str, day: str, points_a: int) -> dict[str, int]:
    """An evening of four, one Passe of one game: side A makes `points_a`; each player's total."""
    form = evening(
        name=name, day=day, players="\n".join(FOUR), passen="other", passen_other="1",
        games="other", games_other="1",
    )  # fmt: skip
    leader = client.post("/abend/neu", data=form).headers["Location"]
    event_id = rows(app, "SELECT max(id) FROM events")[0][0]
    client.post(f"{leader}/auslosen", data={"passe": "1", "seen": "0"})
    key, seats, version = rows(
        app, "SELECT key, seats, version FROM event_tables WHERE event_id = ?", [event_id]
    )[0]
    page = f"/tisch/{key}"
    fields = {"points": str(points_a), "side": "0", "number": "1", "seen": str(version)}
    assert client.post(f"{page}/spiele", data=fields).status_code == 303
    (version,) = rows(app, "SELECT version FROM event_tables WHERE key = ?", [key])[0]
    assert client.post(f"{page}/abgeben", data={"seen": str(version)}).status_code == 303
    seated = json.loads(seats)
    return {FOUR[p]: points_a if seat % 2 == 0 else 157 - points_a for seat, p in enumerate(seated)}


def season_rows(response) -> list[tuple]:
    page = markup.unescape(response.get_data(as_text=True))
    body = re.search(r'<table class="standings" id="season">.*?<tbody>(.*?)</tbody>', page, re.S)
    lines = re.findall(
        r'<td class="rank">(\d+)\.</td>\s*<td class="st-name">([^<]+)</td>'
        r'.*?<td class="total">(\d+)</td>',
        body.group(1),
        re.S,
    )
    return [(int(rank), name, int(total)) for rank, name, total in lines]


def test_a_season_adds_up_this_phones_evenings_by_name(client, app):
    first = play_evening(client, app, "Herbst 1", "2026-10-02", 100)
    second = play_evening(client, app, "Herbst 2", "2026-10-09", 120)
    final = play_evening(client, app, "Final", "2026-10-16", 90)
    page = markup.unescape(client.get("/saison").get_data(as_text=True))
    assert "Herbst 1" in page and "Final" in page and 'id="season"' not in page
    every = client.get("/saison?abend=1&abend=2&abend=3")
    expected = {n: first[n] + second[n] + final[n] for n in FOUR}
    got = season_rows(every)
    assert {name: total for _, name, total in got} == expected
    assert [total for _, _, total in got] == sorted(expected.values(), reverse=True)
    # The best two evenings of each, the final counted double.
    double = season_rows(client.get("/saison?abend=1&abend=2&abend=3&beste=2&final=1"))
    for _, name, total in double:
        values = sorted([first[name], second[name], 2 * final[name]], reverse=True)
        assert total == values[0] + values[1]
    # Formula-1 points: the two of the winning side share rank 1 (25 each), the others rank 3.
    f1 = season_rows(client.get("/saison?abend=1&f1=1"))
    winners = sorted(n for n in FOUR if first[n] == 100)
    assert sorted((rank, total) for rank, _, total in f1) == [(1, 25), (1, 25), (3, 15), (3, 15)]
    assert sorted(name for rank, name, _ in f1 if rank == 1) == winners


def test_another_phone_has_no_season_of_these_evenings(client, app):
    play_evening(client, app, "Herbst 1", "2026-10-02", 100)
    other = app.test_client()
    page = markup.unescape(other.get("/saison?abend=1").get_data(as_text=True))
    assert "Herbst 1" not in page and "Noch kein Jassabend auf diesem Handy" in page
