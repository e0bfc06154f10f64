"""A big club evening over real HTTP: 40 tables' phones enter their Passe at once, and two
phones share one table. Every acknowledged game is stored exactly once, none is lost, a game
based on an outdated view of the table is refused (409) and never written over another."""

from __future__ import annotations

import re
import sqlite3

from tests.storage.test_concurrency import call, run_threads, server  # noqa: F401 (fixture)

GAMES = 3


def evening(srv, players: int) -> list[str]:
    """An evening of `players` with Passe 1 drawn: each table phone's page."""
    conn = srv.connection()
    names = "\n".join(f"Spieler {n}" for n in range(players))
    form = {"name": "Grossanlass", "day": "2026-11-27", "players": names, "passen": "4"}
    form |= {"games": "other", "games_other": str(GAMES), "ranking": "points", "match_bonus": "0"}
    status, _, leader = call(conn, "POST", "/abend/neu", form)
    assert status == 303
    status, _, _ = call(conn, "POST", f"{leader}/auslosen", {"passe": "1", "seen": "0"})
    conn.close()
    assert status == 303
    db = sqlite3.connect(srv.app.config["DATABASE"])
    try:
        keys = [k for (k,) in db.execute("SELECT key FROM event_tables ORDER BY table_no")]
    finally:
        db.close()
    return [f"/tisch/{k}" for k in keys]


def seen(html: str) -> str:
    return re.search(r'name="seen" value="([\d-]+)"', html).group(1)


def play_passe(n: int, pages: list[str], srv) -> int:
    """Table n's phone enters its games one by one, each on the page the last answer showed."""
    conn = srv.connection()
    page = pages[n]
    _, html, _ = call(conn, "GET", page)
    acknowledged = 0
    for number in range(1, GAMES + 1):
        fields = {"points": str(50 + n + number), "side": str(number % 2), "number": str(number)}
        status, _, location = call(conn, "POST", f"{page}/spiele", {**fields, "seen": seen(html)})
        assert status == 303, status
        acknowledged += 1
        _, html, _ = call(conn, "GET", location)
    status, _, _ = call(conn, "POST", f"{page}/abgeben", {"seen": seen(html)})
    conn.close()
    assert status == 303
    return acknowledged


def test_forty_tables_enter_their_passe_at_once_and_every_game_is_stored_once(server):  # noqa: F811
    pages = evening(server, 160)
    assert len(pages) == 40
    acknowledged = run_threads(40, play_passe, pages, server)
    assert sum(acknowledged) == 40 * GAMES
    db = sqlite3.connect(server.app.config["DATABASE"])
    try:
        stored = db.execute(
            "SELECT table_no, number, data FROM event_games ORDER BY table_no, number"
        ).fetchall()
        states = {s for (s,) in db.execute("SELECT state FROM event_tables")}
    finally:
        db.close()
    assert len(stored) == 40 * GAMES
    for table_no, number, data in stored:
        points = 50 + (table_no - 1) + number
        tricks = [157 - points, 157 - points]
        tricks[number % 2] = points
        assert data == f'{{"tricks": [{tricks[0]}, {tricks[1]}], "match": null}}'
    assert states == {"handed_in"}
    assert server.errors == []


def test_two_phones_at_one_table_never_write_over_each_other(server):  # noqa: F811
    page = evening(server, 8)[0]
    first, second = server.connection(), server.connection()
    _, html_a, _ = call(first, "GET", page)
    _, html_b, _ = call(second, "GET", page)

    def tap(n: int):
        conn, html = (first, html_a) if n == 0 else (second, html_b)
        fields = {"points": str(60 + n), "side": "0", "number": "1", "seen": seen(html)}
        return call(conn, "POST", f"{page}/spiele", fields)

    answers = run_threads(2, tap)
    first.close()
    second.close()
    statuses = sorted(status for status, _, _ in answers)
    assert statuses == [303, 409]
    refused = next(text for status, text, _ in answers if status == 409)
    # Refused, not lost: the table is asked which game stands, with the refused one's points.
    assert "Inzwischen hat ein anderes Handy Spiel 1 eingetragen. Was gilt?" in refused
    assert re.search(r'id="conflict-mine">Spiel 1: .+ 6[01] : 9[67] ', refused)
    db = sqlite3.connect(server.app.config["DATABASE"])
    try:
        games = db.execute("SELECT number, data FROM event_games").fetchall()
    finally:
        db.close()
    assert len(games) == 1 and games[0][0] == 1
