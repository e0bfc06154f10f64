"""Wer mit wem: the leader's page, the season page and their CSV files say whom each player
partnered and faced, counted from the seats stored at the tables."""

from __future__ import annotations

import csv
import html as markup
import io
import json
import re
import sqlite3
from itertools import combinations

from tests.web.test_club_pages import evening

EIGHT = ["Anna", "Beat", "Clara", "Dani", "Eva", "Fritz", "=Greti", "Hans"]


def rows(app, sql: str, args=()) -> list:
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def drawn_evening(client, app, name="Herbst", day="2026-10-02", passen=2) -> str:
    """Eight players, `passen` Passen drawn: the leader's path."""
    form = evening(
        name=name, day=day, players="\n".join(EIGHT), passen="other",
        passen_other=str(passen), games="other", games_other="1",
    )  # fmt: skip
    leader = client.post("/abend/neu", data=form).headers["Location"]
    event_id = rows(app, "SELECT max(id) FROM events")[0][0]
    for passe in range(1, passen + 1):
        (seen,) = rows(app, "SELECT version FROM events WHERE id = ?", [event_id])[0]
        drawn = client.post(f"{leader}/auslosen", data={"passe": str(passe), "seen": str(seen)})
        assert drawn.status_code == 303
    return leader


def counted(app) -> dict[tuple[str, str], list[int]]:
    """[partners, opponents] of every ordered pair, counted here from the stored seats: seats
    of one parity are partners."""
    met: dict[tuple[str, str], list[int]] = {(a, b): [0, 0] for a in EIGHT for b in EIGHT if a != b}
    for (seats,) in rows(app, "SELECT seats FROM event_tables"):
        seated = json.loads(seats)
        for i, j in combinations(range(len(seated)), 2):
            a, b = EIGHT[seated[i]], EIGHT[seated[j]]
            side = 0 if i % 2 == j % 2 else 1
            met[(a, b)][side] += 1
            met[(b, a)][side] += 1
    return met


def text(response) -> str:
    return markup.unescape(response.get_data(as_text=True))


def line_of(page: str, name: str) -> dict[str, str]:
    """The fairness line of one player: its "mit", "gegen" and "nie am Tisch" parts as text."""
    for item in re.findall(r'<li id="fair-\d+">(.*?)</li>', page, re.S):
        if re.search(rf'<b class="fair-name">{re.escape(name)}</b>', item):
            parts = re.findall(
                r'<span class="fair-label">([^<]+)</span>\s*<span>(.*?)</span></span>', item, re.S
            )
            return {label: re.sub(r"<[^>]+>", "", value) for label, value in parts}
    raise AssertionError(f"no line for {name}")


def test_the_leaders_page_lists_whom_each_player_partnered_and_faced(client, app):
    leader = drawn_evening(client, app)
    met = counted(app)
    page = text(client.get(leader))
    assert "Wer mit wem" in page and "Über die 2 gelosten Passen." in page
    for name in EIGHT:
        line = line_of(page, name)
        partners = {b: m[0] for (a, b), m in met.items() if a == name and m[0]}
        opponents = {b: m[1] for (a, b), m in met.items() if a == name and m[1]}
        never = {b for (a, b), m in met.items() if a == name and m == [0, 0]}
        assert how_often(line["mit"]) == partners
        assert how_often(line["gegen"]) == opponents
        assert set(line.get("nie am Tisch", "").split(", ")) - {""} == never
        # Two Passen at tables of four: two partners, four opponents' seats.
        assert sum(partners.values()) == 2 and sum(opponents.values()) == 4


def how_often(listed: str) -> dict[str, int]:
    """A listed part such as "Beat, Dani 2×" as {"Beat": 1, "Dani": 2}."""
    found = {}
    for part in listed.split(", "):
        name, _, times = re.fullmatch(r"(.+?)( (\d+)×)?", part).group(1, 2, 3)
        found[name] = int(times) if times else 1
    return found


def test_the_csv_has_every_ordered_pair_with_its_counts_and_neutralised_names(client, app):
    leader = drawn_evening(client, app)
    met = counted(app)
    got = client.get(f"{leader}/wer-mit-wem.csv")
    assert got.status_code == 200 and got.mimetype == "text/csv"
    assert "wer-mit-wem.csv" in got.headers["Content-Disposition"]
    table = list(csv.reader(io.StringIO(got.get_data(as_text=True).lstrip("\ufeff"))))
    assert table[0] == ["Spieler", "Mitspieler", "Partner", "Gegner", "am selben Tisch"]
    assert len(table) == 1 + 8 * 7
    for a, b, partners, opponents, mates in table[1:]:
        # A name that would start a formula begins with an apostrophe.
        a, b = (n[1:] if n.startswith("'=") else n for n in (a, b))
        assert [int(partners), int(opponents)] == met[(a, b)]
        assert int(mates) == sum(met[(a, b)])
    assert ["'=Greti"] == sorted({r[0] for r in table[1:] if "Greti" in r[0]})


def test_before_any_draw_the_leaders_page_has_no_sheet(client, app):
    form = evening(players="\n".join(EIGHT))
    leader = client.post("/abend/neu", data=form).headers["Location"]
    assert 'id="fairness"' not in text(client.get(leader))


def test_the_season_adds_up_the_evenings_ticked_by_name(client, app):
    drawn_evening(client, app, "Herbst 1", "2026-10-02", passen=2)
    first = counted(app)
    drawn_evening(client, app, "Herbst 2", "2026-10-09", passen=1)
    both = counted(app)  # every table of both evenings
    ids = [i for (i,) in rows(app, "SELECT id FROM events ORDER BY id")]
    page = text(client.get("/saison", query_string={"abend": ids}))
    assert "Über 2 Abende, 3 Passen." in page
    for name in EIGHT:
        opponents = {b: m[1] for (a, b), m in both.items() if a == name and m[1]}
        assert how_often(line_of(page, name)["gegen"]) == opponents
    got = client.get("/saison/wer-mit-wem.csv", query_string={"abend": ids})
    table = list(csv.reader(io.StringIO(got.get_data(as_text=True).lstrip("\ufeff"))))
    by_pair = {(r[0].removeprefix("'"), r[1].removeprefix("'")): r[2:] for r in table[1:]}
    assert all(by_pair[pair] == [str(m[0]), str(m[1]), str(sum(m))] for pair, m in both.items())
    # One evening ticked: only its Passen.
    one = client.get("/saison/wer-mit-wem.csv", query_string={"abend": ids[:1]})
    table = list(csv.reader(io.StringIO(one.get_data(as_text=True).lstrip("\ufeff"))))
    by_pair = {(r[0].removeprefix("'"), r[1].removeprefix("'")): r[2:] for r in table[1:]}
    assert all(by_pair[pair] == [str(m[0]), str(m[1]), str(sum(m))] for pair, m in first.items())
