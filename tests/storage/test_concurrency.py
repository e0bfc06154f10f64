"""Many phones at once, over real HTTP: the app served by waitress on a free port, clients in
threads. Every acknowledged entry is stored exactly once, none is lost, a change based on an
outdated view is refused (409) rather than written over another, and repeated forms land once.
The last tests play two phones one step after the other through the test client."""

from __future__ import annotations

import http.client
import logging
import re
import threading
from collections import Counter
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest
import waitress

from scorer import create_app, handjass, schieber
from scorer.storage import games as store
from scorer.storage import links
from scorer.storage.migrations import migrate
from scorer.web.db import connect, get_db
from tests.conftest import new_game_form, totals_in

# Trick points a hand can have: 0 to 157 except 1 and 156.
POINTS = [p for p in range(158) if p not in (1, 156)]


class Server:
    """The app served on 127.0.0.1 in a thread, and what it logged as errors."""

    def __init__(self, app, port: int, errors: list[str]):
        self.app = app
        self.port = port
        self.errors = errors

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def db(self):
        return connect(self.app.config["DATABASE"])


class Collect(logging.Handler):
    def __init__(self, found: list[str]):
        super().__init__(logging.ERROR)
        self.found = found

    def emit(self, record: logging.LogRecord) -> None:
        self.found.append(self.format(record))


@pytest.fixture
def server(tmp_path) -> Iterator[Server]:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "many.db"),
            "SECRET_KEY": "x",
            "WTF_CSRF_ENABLED": False,
        }
    )
    with app.app_context():
        migrate(get_db())
    errors: list[str] = []
    handler = Collect(errors)
    app.logger.addHandler(handler)
    httpd = waitress.create_server(app, host="127.0.0.1", port=0, threads=8, asyncore_use_poll=True)
    stopping = threading.Event()

    def serve():
        try:
            httpd.run()
        except OSError:  # its sockets closed under select() by the teardown below
            if not stopping.is_set():
                raise

    thread = threading.Thread(target=serve, name="waitress", daemon=True)
    thread.start()
    try:
        yield Server(app, httpd.effective_port, errors)
    finally:
        stopping.set()
        httpd.close()
        thread.join(timeout=5)
        app.logger.removeHandler(handler)


def call(conn, method: str, path: str, fields: dict | None = None, htmx: bool = False):
    """One request on a kept-alive connection: status, body, Location."""
    headers = {"HX-Request": "true"} if htmx else {}
    body = None
    if fields is not None:
        body = urlencode(fields)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    conn.request(method, path, body, headers)
    response = conn.getresponse()
    text = response.read().decode()
    return response.status, text, response.headers.get("Location")


def hidden(html: str, name: str) -> str:
    """The first hidden field of this name on a page (the entry panel's)."""
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found, f"no {name} on the page"
    return found.group(1)


def history_rows(html: str) -> int:
    return len(re.findall(r'<li class="row[^"]*" id="row-\d+"', html))


def run_threads(count: int, target, *args) -> list:
    """Run target(n, *args) in `count` threads at once; their results, and their exceptions
    raised here."""
    results: list = [None] * count
    failures: list[BaseException] = []

    def run(n):
        try:
            results[n] = target(n, *args)
        except BaseException as error:  # reported below, in the test's thread
            failures.append(error)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a client thread hangs"
    if failures:
        raise failures[0]
    return results


def new_schieber(conn, name: str = "Wir") -> str:
    """A new Schieber game's page: its writer's link."""
    status, _, location = call(
        conn, "POST", "/games/new", new_game_form(team_a=name, preset="custom", target="100000")
    )
    assert status == 303, status
    return location


def number(db, page: str) -> int:
    """The number of the game a writer's link opens."""
    return links.find(db, page.rsplit("/", 1)[1]).game_id


# --- 16 phones, one game ----------------------------------------------------------------------

THREADS = 16
PER_THREAD = 6


def enter_hands(n: int, server: Server, page: str, barrier: threading.Barrier):
    """A phone entering its hands: it reads the page, posts with what it saw, and on a
    conflict reads again and retries. Odd phones use htmx (200 with the fresh panel), even
    ones the plain form (303, then the page)."""
    htmx = n % 2 == 1
    conn = server.connection()
    acked, conflicts = [], 0
    status, html, _ = call(conn, "GET", page)
    assert status == 200
    barrier.wait()
    for i in range(PER_THREAD):
        value = POINTS[n * PER_THREAD + i]
        for _attempt in range(400):
            fields = {
                "contract": "rosen",
                "points_team": "0",
                "points": str(value),
                "seen": hidden(html, "seen"),
                "once": hidden(html, "once"),
            }
            status, body, _ = call(conn, "POST", f"{page}/hands", fields, htmx=htmx)
            if status == 409:
                conflicts += 1
                assert "Nichts gespeichert" in body
                html = body  # the fresh page (or its live part) comes with the refusal
                continue
            assert status == (200 if htmx else 303), (status, body[:300])
            acked.append(value)
            if htmx:
                assert f"Rosen ×1, {value} : {157 - value}." in body
                html = body
            else:
                status, html, _ = call(conn, "GET", page)
                assert status == 200
            break
        else:
            pytest.fail("a phone never got its hand in")
    conn.close()
    return acked, conflicts


def test_16_phones_entering_into_one_game_lose_nothing_and_store_nothing_twice(server):
    conn = server.connection()
    page = new_schieber(conn)
    barrier = threading.Barrier(THREADS)
    results = run_threads(THREADS, enter_hands, server, page, barrier)
    acked = [value for values, _ in results for value in values]
    assert len(acked) == THREADS * PER_THREAD
    assert sum(c for _, c in results) > 0, "the phones never got in each other's way"

    db = server.db()
    game_id = number(db, page)
    stored = store.load(db, game_id)
    points = [h.points for h in stored.game.hands]
    assert Counter(points) == Counter(acked)  # every acknowledged hand once, nothing else
    assert len(set(stored.entry_ids)) == len(points)
    for values, _ in results:  # each phone's hands in the order it entered them
        assert [p for p in points if p in values] == values
    kept = store.changes(db, game_id)
    assert [c.kind for c in kept] == ["create"] + ["enter"] * len(acked)
    assert [c.entry_id for c in kept[1:]] == list(stored.entry_ids)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()

    state = schieber.replay(stored.game)
    status, html, _ = call(conn, "GET", page)
    assert status == 200
    assert totals_in(html) == state.totals == (sum(acked), sum(157 - p for p in acked))
    assert history_rows(html) == len(acked)
    conn.close()
    assert not server.errors


# --- many phones, many games ------------------------------------------------------------------


def one_game_each(n: int, server: Server, barrier: threading.Barrier):
    """A phone with a game of its own: Schieber for even phones, Handjass for odd ones."""
    conn = server.connection()
    if n % 2 == 0:
        page = new_schieber(conn, f"Team {n}")
    else:
        fields = {"seat1": f"A{n}", "seat2": f"B{n}", "seat3": f"C{n}", "target": "100"}
        status, _, page = call(conn, "POST", "/handjass/new", fields)
        assert status == 303
    barrier.wait()
    sent = []
    for i in range(8):
        if n % 2 == 0:
            path = f"{page}/hands"
            fields = {"contract": "eicheln", "points_team": "1", "points": str(POINTS[i + n])}
        else:
            path = f"{page}/deals"
            a = POINTS[20 + i + n]
            fields = {"trump": "rosen", "cards0": str(a), "cards1": str(157 - a), "cards2": "0"}
        status, body, _ = call(conn, "POST", path, fields, htmx=i % 2 == 0)
        assert status in (200, 303), (status, body[:300])
        sent.append(fields)
    conn.close()
    return page, sent


def test_many_phones_writing_into_different_games_at_once(server):
    count = 12
    results = run_threads(count, one_game_each, server, threading.Barrier(count))
    db = server.db()
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == count
    for n, (page, sent) in enumerate(results):
        game_id = number(db, page)
        game = store.load(db, game_id).game
        if n % 2 == 0:
            assert [str(h.points) for h in game.hands] == [f["points"] for f in sent]
            assert all(h.points_team == 1 for h in game.hands)
        else:
            assert [str(d.entries[0].cards) for d in game.deals] == [f["cards0"] for f in sent]
            assert len(handjass.replay(game).rows) == len(sent)
        assert len(store.changes(db, game_id)) == 1 + len(sent)
    db.close()
    assert not server.errors


# --- 200 new games at the same moment --------------------------------------------------------

GAMES = 200


def start_games(n: int, server: Server, barrier: threading.Barrier, jobs, pair_barriers):
    """Post this phone's set-up forms, all phones starting together; phones that share a
    list of forms (and a barrier) send each form, the same `once`, at the same moment."""
    conn = server.connection()
    answers = []
    barrier.wait()
    for fields in jobs[n]:
        if pair_barriers[n] is not None:
            pair_barriers[n].wait()
        status, body, location = call(conn, "POST", "/games/new", fields)
        assert status == 303, (status, body[:300])
        answers.append((fields["once"], fields["team_a"], location))
    conn.close()
    return answers


@pytest.mark.parametrize("twice", [False, True], ids=["distinct", "same-token-twice"])
def test_16_phones_starting_200_games_at_once(server, twice):
    forms = [
        new_game_form(team_a=f"Team {g}", once=f"token-{g}", preset="custom", target="5000")
        for g in range(GAMES // 2 if twice else GAMES)
    ]
    if twice:  # phones 2k and 2k+1 share a list: every form is sent by both at once
        jobs = [forms[n // 2 :: THREADS // 2] for n in range(THREADS)]
        shared = [threading.Barrier(2) for _ in range(THREADS // 2)]
        pair_barriers = [shared[n // 2] for n in range(THREADS)]
    else:
        jobs = [forms[n::THREADS] for n in range(THREADS)]
        pair_barriers = [None] * THREADS
    start = threading.Barrier(THREADS)
    results = run_threads(THREADS, start_games, server, start, jobs, pair_barriers)
    answers = [a for found in results for a in found]
    assert len(answers) == GAMES

    by_token: dict[str, set[str]] = {}
    for token, _, location in answers:
        by_token.setdefault(token, set()).add(location)
    assert len(by_token) == len(forms)
    assert all(len(places) == 1 for places in by_token.values()), "one token, one game"

    db = server.db()
    names = [
        row[0] for row in db.execute("SELECT json_extract(setup, '$.teams[0].name') FROM games")
    ]
    assert sorted(names) == sorted(f["team_a"] for f in forms)  # every game stored once
    for token, team, location in answers:
        game_id = number(db, location)
        assert store.token_game(db, token) == game_id
        assert store.load(db, game_id).game.teams[0].name == team
    assert db.execute("SELECT count(*) FROM tokens").fetchone()[0] == len(forms)
    db.close()
    assert not server.errors


# --- two phones, one step after the other -----------------------------------------------------


@pytest.fixture
def two_phones(app):
    """Two phones on one game with five hands, hands 2 and 3 alike (Rosen 20 : 137)."""
    a, b = app.test_client(), app.test_client()
    a.post("/games/new", data=new_game_form(preset="custom", target="100000"))
    for points in (10, 20, 20, 40, 50):
        a.post("/games/1/hands", data={"contract": "rosen", "points": str(points)})
    return a, b


def stored_points(app) -> list[int]:
    db = connect(app.config["DATABASE"])
    try:
        return [h.points for h in store.load(db, 1).game.hands]
    finally:
        db.close()


def test_an_entry_based_on_an_outdated_view_is_refused(app, two_phones):
    a, b = two_phones
    page_a = a.get("/games/1").get_data(as_text=True)
    b.post("/games/1/undo", data={"seen": hidden(b.get("/games/1").get_data(as_text=True), "seen")})
    response = a.post(
        "/games/1/hands",
        data={"contract": "rosen", "points": "70", "seen": hidden(page_a, "seen")},
    )
    assert response.status_code == 409
    assert "Hand 5 zurückgenommen" in response.get_data(as_text=True)
    assert stored_points(app) == [10, 20, 20, 40]


@pytest.mark.parametrize("first", ["delete", "undo"])
def test_a_second_undo_or_delete_on_the_same_view_is_refused(app, two_phones, first):
    a, b = two_phones
    if first == "undo":
        path = "/games/1/undo"
        seen_a = hidden(a.get("/games/1").get_data(as_text=True), "seen")
        seen_b = hidden(b.get("/games/1").get_data(as_text=True), "seen")
    else:
        path = "/games/1/hands/4/delete"
        seen_a = hidden(a.get("/games/1/hands/4").get_data(as_text=True), "seen")
        seen_b = hidden(b.get("/games/1/hands/4").get_data(as_text=True), "seen")
    assert a.post(path, data={"seen": seen_a}).status_code == 303
    response = b.post(path, data={"seen": seen_b})
    assert response.status_code == 409
    assert stored_points(app) == ([10, 20, 20, 40] if first == "undo" else [10, 20, 20, 50])


def test_deleting_a_hand_another_phone_deleted_is_refused_when_the_next_is_alike(app, two_phones):
    """Both phones see hand 2 (Rosen 20); phone B deletes it. Phone A then deletes "hand 2"
    as it saw it: that hand is gone, and the hand now numbered 2 (the old hand 3, also Rosen
    20) is another entry. A must get 409, not delete a second hand."""
    a, b = two_phones
    seen_a = hidden(a.get("/games/1/hands/2").get_data(as_text=True), "seen")
    seen_b = hidden(b.get("/games/1/hands/2").get_data(as_text=True), "seen")
    assert b.post("/games/1/hands/2/delete", data={"seen": seen_b}).status_code == 303
    assert stored_points(app) == [10, 20, 40, 50]
    response = a.post("/games/1/hands/2/delete", data={"seen": seen_a})
    assert stored_points(app) == [10, 20, 40, 50], "a second hand was deleted"
    assert response.status_code == 409


def test_editing_a_hand_another_phone_deleted_is_refused_when_the_next_is_alike(app, two_phones):
    a, b = two_phones
    seen_a = hidden(a.get("/games/1/hands/2").get_data(as_text=True), "seen")
    seen_b = hidden(b.get("/games/1/hands/2").get_data(as_text=True), "seen")
    assert b.post("/games/1/hands/2/delete", data={"seen": seen_b}).status_code == 303
    response = a.post(
        "/games/1/hands/2",
        data={"contract": "schellen", "points": "100", "points_team": "0", "seen": seen_a},
    )
    assert stored_points(app) == [10, 20, 40, 50], "the edit landed on another hand"
    assert response.status_code == 409


def test_an_edit_of_a_hand_changed_meanwhile_is_refused(app, two_phones):
    a, b = two_phones
    seen_a = hidden(a.get("/games/1/hands/4").get_data(as_text=True), "seen")
    seen_b = hidden(b.get("/games/1/hands/4").get_data(as_text=True), "seen")
    edit = {"contract": "rosen", "points_team": "0"}
    assert b.post("/games/1/hands/4", data={**edit, "points": "44", "seen": seen_b}).status_code
    response = a.post("/games/1/hands/4", data={**edit, "points": "48", "seen": seen_a})
    assert response.status_code == 409
    assert stored_points(app) == [10, 20, 20, 44, 50]
    assert 'name="points" value="44"' in response.get_data(as_text=True)


def test_the_same_form_sent_twice_lands_once(app, two_phones):
    a, _ = two_phones
    page = a.get("/games/1").get_data(as_text=True)
    fields = {
        "contract": "rosen",
        "points": "60",
        "seen": hidden(page, "seen"),
        "once": hidden(page, "once"),
    }
    assert a.post("/games/1/hands", data=fields).status_code == 303
    again = a.post("/games/1/hands", data=fields, headers={"HX-Request": "true"})
    assert again.status_code == 200
    assert "Schon gespeichert" in again.get_data(as_text=True)
    assert stored_points(app) == [10, 20, 20, 40, 50, 60]


def test_a_token_used_in_another_game_is_no_server_error(app, two_phones):
    """A form's one-time token that already saved something in game 1, sent with an entry
    for game 2 (a page kept from another game, a phone's cache): no 500."""
    a, _ = two_phones
    app.config["PROPAGATE_EXCEPTIONS"] = False
    a.post("/games/new", data=new_game_form(team_a="Andere"))
    fields = {"contract": "rosen", "points": "60", "once": "already-used"}
    assert a.post("/games/1/hands", data=fields).status_code == 303
    response = a.post("/games/2/hands", data=fields)
    assert response.status_code < 500
