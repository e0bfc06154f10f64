"""An export always imports again: the largest export a game can reach is measured, and the
import's size limit (IMPORT_MAX_SIZE) is set from it with a margin (docs/performance.md).

A game holds at most MAX_ENTRIES entries and keeps at most MAX_CHANGES changes of them; its
export is the record and those changes, each with its time, its phone and the entry before
and after. The largest export therefore has the largest entries the rules allow, every change
an edit (two entries each), and every name, phone and time as long as they may be, in letters
of four bytes. The largest entry of any mode is a Schieber hand of six players: twelve runs of
three (every card of the deck in a run, two runs a player), each declared on its own, and a
claim; a Handjass deal holds at most 18 Weis between three players with twelve cards (below).
Schieber's record is the shorter (the target ends it), but its changes outweigh that.
"""

from __future__ import annotations

import io
import json
from functools import cache

from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from scorer import exchange
from scorer.handjass.game import Deal, Entry, HandjassGame, HandjassRules
from scorer.handjass.game import record_problem as handjass_problem
from scorer.names import NAME_MAX
from scorer.schieber.claims import Claim
from scorer.schieber.game import Declared, Game, Hand, Rules, Team, hand_problems, replay
from scorer.storage import games as store
from scorer.web.db import get_db
from scorer.weis import Weis
from tests.conftest import errors_in, link, new_game_form

SUITS = ("schilten", "schellen", "eicheln", "rosen")
TOPS = ("A", "U", "8")  # a suit's three runs of three: A-K-O, U-10-9, 8-7-6
# Four bytes a letter in UTF-8, as the export writes them: the longest text a name (and an
# imported change's time) may be.
WIDE = ("🂡", "🂢", "🂣", "🂤", "🂥", "🂦", "🂧", "🂨", "🂩", "🂪")
PHONE = "📱" * NAME_MAX
TIME = "🕰" * 40  # an imported change's time: any text of up to 40 letters


def name(i: int) -> str:
    return WIDE[i] * NAME_MAX


def runs_hand(shift: int, claim: Claim | None = None) -> Hand:
    """A hand of six players in which every card of the deck is in a run of three, each run
    declared on its own: two runs a player, never two of one suit. `shift` moves the runs one
    seat on, so that the Weis go to each team in turn."""
    runs = [(suit, top) for top in TOPS for suit in SUITS]
    declared = []
    for player in range(6):
        seat = (player + shift) % 6
        for suit, top in (runs[player], runs[player + 6]):
            declared.append(Declared(seat, (Weis.run(suit, top, 3),)))
    if claim is not None:
        return Hand("schilten", declarations=tuple(declared), claim=claim)
    return Hand("eicheln", points_team=shift % 2, points=100, declarations=tuple(declared))


@cache
def largest_schieber() -> tuple[Game, list[dict]]:
    """Six players to the highest target, as many hands of twelve runs as it takes to get
    there, the last one a claim; and MAX_CHANGES edits of that last hand."""
    teams = (Team(name(0), (name(1), name(2), name(3))), Team(name(4), (name(5), name(6), name(7))))
    rules = Rules.from_preset("classic", target=100_000)
    # Each hand: 157 and 120 of Weis, to each team in turn (99,997 each after 722 hands); the
    # last hand's claim ends the game.
    hands = [runs_hand(i) for i in range(722)]
    last = (
        runs_hand(0, Claim(0, points=100, other_points=57)),
        runs_hand(1, Claim(1, points=100, other_points=57)),
    )
    game = Game(teams, rules, 0, (*hands, last[0]))
    return game, edits(len(game.hands), last[0].to_dict(), last[1].to_dict())


@cache
def largest_handjass() -> tuple[HandjassGame, list[dict]]:
    """Three players with twelve cards each (nobody drops out), MAX_ENTRIES deals of 18 Weis:
    one player holds the Aces, Kings and Obers (three fours, four runs), one the Unders, 10s
    and 9s (three fours, four runs), one the 8s, 7s and 6s (four runs). The Under's four wins
    the Weis and two strokes, the others get potatoes: nobody ever retires. And MAX_CHANGES
    edits of the last deal."""

    def layout(top: str, fours: tuple[str, ...]) -> tuple[Weis, ...]:
        return (*(Weis.run(s, top, 3) for s in SUITS), *(Weis.four(r) for r in fours))

    layouts = (layout("U", ("U", "10", "9")), layout("A", ("A", "K", "O")), layout("8", ()))
    cards = (117, 20, 20)

    def deal(i: int) -> Deal:
        seats = range(3)
        return Deal(
            "schilten",
            tuple(Entry(s, cards=cards[(s + i) % 3], declared=layouts[(s + i) % 3]) for s in seats),
        )

    rules = HandjassRules(target=100, weis_large=True, four_nines=True, no_drop=True)
    deals = tuple(deal(i) for i in range(store.MAX_ENTRIES))
    game = HandjassGame((name(0), name(1), name(2)), rules, deals)
    number = len(deals)
    return game, edits(number, deal(number - 1).to_dict(), deal(number).to_dict())


def edits(number: int, one: dict, other: dict) -> list[dict]:
    """MAX_CHANGES edits of entry `number`, from one to the other and back, each with the
    longest time and phone."""
    change = {"time": TIME, "phone": PHONE, "kind": "edit", "hand": number, "now": number}
    there = {**change, "before": one, "after": other}
    back = {**change, "before": other, "after": one}
    return [there, back] * (store.MAX_CHANGES // 2)


def compact(data) -> bytes:
    """As the export writes JSON: compact, in UTF-8."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def written(game, changes: list[dict]) -> bytes:
    """The file the export writes for this game with these changes (as export_game does)."""
    return compact({**exchange.export(game), "changes": changes})


def size(game, changes: list[dict]) -> int:
    """The bytes of written(game, changes), each of the few distinct changes written once."""
    seen: dict[int, int] = {}
    for change in changes:
        if id(change) not in seen:
            seen[id(change)] = len(compact(change))
    shown = len(written(game, []))
    return shown + sum(seen[id(change)] for change in changes) + len(changes) - 1


def upload(client, body: bytes):
    """The import page's form sent with this file. Encoded here in memory: the test client
    would spool a large body to a temporary file it never closes."""
    file = FileStorage(io.BytesIO(body), "jass-1.json", content_type="application/json")
    boundary, form = encode_multipart({"file": file})
    return client.post(
        "/games/import", data=form, content_type=f"multipart/form-data; boundary={boundary}"
    )


def test_the_largest_entries_are_ones_the_rules_accept():
    rules = Rules.from_preset("classic", target=100_000)
    for hand in (runs_hand(0), runs_hand(1, Claim(1, points=100, other_points=57))):
        assert hand_problems(hand, rules, players_per_team=3) == {}
    game, _ = largest_schieber()
    state = replay(game)
    assert state.finished and len(state.rows) == len(game.hands) == 723
    assert state.rows[-2].totals == (99_997, 99_997)  # the claim ends it
    handjass, _ = largest_handjass()
    assert handjass_problem(handjass) is None


def test_the_largest_export_is_a_schieber_game_of_runs():
    schieber = size(*largest_schieber())
    handjass = size(*largest_handjass())
    assert handjass < schieber


def test_the_largest_export_a_game_can_reach_imports_again(app, client):
    game, changes = largest_schieber()
    with app.app_context():
        store.create(get_db(), game, changes=changes)
    exported = client.get("/games/1/export.json")
    body = exported.get_data()
    assert exported.status_code == 200
    assert len(body) == size(game, changes)
    limit = app.config["IMPORT_MAX_SIZE"]
    # Under the limit, with a margin for what this construction may have missed; the limit
    # no larger than it needs to be.
    assert len(body) * 1.2 < limit < len(body) * 1.5, (len(body), limit)

    response = upload(client, body)
    assert response.status_code == 303
    assert response.headers["Location"] == link(client, "/games/2")
    with app.app_context():
        imported = store.load(get_db(), 2)
        assert imported.game == game and len(imported.entry_ids) == 723
        assert store.kept_changes(get_db(), 2) == store.MAX_CHANGES
        *_, last, imported = store.changes(get_db(), 2)
        assert imported.kind == "import"
        assert (last.at, last.phone, last.kind, last.before, last.after) == (
            TIME,
            PHONE,
            "edit",
            changes[-1]["before"],
            changes[-1]["after"],
        )


def test_a_game_at_its_most_changes_says_so_and_keeps_what_it_has(client, monkeypatch):
    monkeypatch.setattr(store, "MAX_CHANGES", 2)
    client.post("/games/new", data=new_game_form())
    for points in ("100", "90"):
        hand = {"contract": "rosen", "points": points, "points_team": "0"}
        assert client.post("/games/1/hands", data=hand).status_code == 303
    refusal = (
        "Dieses Spiel hat schon 2 Änderungen festgehalten, mehr nimmt es nicht auf: bitte ein "
        "neues beginnen."
    )
    response = client.post("/games/1/hands", data={"contract": "rosen", "points": "80"})
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))["game"] == refusal
    response = client.post("/games/1/undo")
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))["game"] == refusal
    with client.application.app_context():
        assert len(store.load(get_db(), 1).entry_ids) == 2


def test_an_import_with_more_changes_than_a_game_keeps_is_refused(client):
    teams = (Team("Wir", ("A", "B")), Team("Ihr", ("C", "D")))
    game = Game(teams, hands=(Hand("rosen", points=80),))
    change = {"time": "2026-11-28T20:00:00+00:00", "phone": "Anna", "kind": "undo", "hand": 1}
    body = written(game, [change] * (store.MAX_CHANGES + 1))
    response = upload(client, body)
    assert response.status_code == 422
    assert "Die Änderungen: eine Liste von höchstens 5000." in response.get_data(as_text=True)
    assert client.get("/games/1").status_code == 404
