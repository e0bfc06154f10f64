"""Random evenings through the web forms: whatever is entered, edited, deleted, undone or
redone (valid or not), the stored game replays to what the page shows, the kept changes
rebuild the stored entries, and the web does exactly what the engine says it should."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from scorer import create_app, handjass, modes, schieber
from scorer.cards import DECKS
from scorer.handjass.game import OUT, Deal, Entry
from scorer.schieber.game import Hand
from scorer.storage import games as store
from scorer.storage.migrations import migrate
from scorer.web.db import connect, get_db
from tests.conftest import by_number, game_number, new_game_form, totals_in

CONTRACTS = ("rosen", "eicheln", "schilten", "schellen", "obenabe", "undenufe")


@pytest.fixture(scope="module")
def shared_app(tmp_path_factory):
    """One app and database for all examples: each example plays a game of its own."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path_factory.mktemp("records") / "records.db"),
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    )
    by_number(app)
    with app.app_context():
        migrate(get_db())
    return app


def open_db(app):
    return connect(app.config["DATABASE"])


def history_rows(html: str) -> int:
    return len(re.findall(r'<li class="row[^"]*" id="row-\d+"', html))


def nets_in(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'id="net-\d">[^<]*<b>(-?\d+)</b>', html)]


def rebuilt(kept: list[store.Change]) -> list[tuple[int, dict]]:
    """The entries as the changes tell them, applied in order by entry id."""
    entries: list[tuple[int, dict]] = []
    for change in kept:
        if change.entry_id is None:
            continue
        ids = [i for i, _ in entries]
        if change.after is None:
            assert change.entry_id in ids, f"{change.kind} of an entry not there"
            del entries[ids.index(change.entry_id)]
        elif change.entry_id in ids:
            entries[ids.index(change.entry_id)] = (change.entry_id, change.after)
        else:
            entries.insert(change.number - 1, (change.entry_id, change.after))
    return entries


def stored_entries(stored: store.Stored) -> list[tuple[int, dict]]:
    return [(i, json.loads(d)) for i, d in zip(stored.entry_ids, stored.entry_data, strict=True)]


# --- Schieber hands as the panel sends them ---------------------------------------------------

WEIS = st.sampled_from([20, 50, 100, 150, 30])
TRUMPS = ("rosen", "eicheln", "schilten", "schellen")
VALID_POINTS = [p for p in range(158) if p not in (1, 156)]


def rarely(chance: int = 10):
    """True about once in `chance` draws (False is the simple case, that shrinking prefers)."""
    return st.sampled_from([False] * (chance - 1) + [True])


@st.composite
def valid_hands(draw) -> Hand:
    """A hand the table can write: closed with its trick points or Match, or open with what
    was announced; Weis for one team at most, Stöck only with a trump."""
    contract = draw(st.sampled_from(CONTRACTS))
    weis = (0, 0)
    if draw(rarely(3)):
        points = draw(st.sampled_from([20, 50, 100, 150, 200]))
        weis = (points, 0) if draw(st.booleans()) else (0, points)
    stoeck = None
    if contract in TRUMPS and draw(rarely(4)):
        stoeck = draw(st.sampled_from([0, 1]))
    open_hand = (any(weis) or stoeck is not None) and draw(rarely(3))
    match = not open_hand and draw(rarely(8))
    points = None if open_hand or match else draw(st.sampled_from(VALID_POINTS))
    return Hand(
        contract,
        shoved=draw(st.booleans()),
        points_team=draw(st.sampled_from([0, 1])),
        points=points,
        match=match,
        weis=weis,
        stoeck=stoeck,
    )


wild_hands = st.builds(
    Hand,
    contract=st.sampled_from(CONTRACTS + ("bogus",)),
    shoved=st.booleans(),
    points_team=st.sampled_from([0, 1]),
    points=st.one_of(st.none(), st.integers(0, 157), st.sampled_from([1, 156, 158, 257, 10**6])),
    match=st.booleans(),
    weis=st.tuples(st.sampled_from([0, 20, 30, 50]), st.sampled_from([0, 20, 30, 50])),
    stoeck=st.sampled_from([None, 0, 1]),
)
hands = st.one_of(valid_hands(), valid_hands(), valid_hands(), wild_hands)


def hand_fields(hand: Hand) -> dict:
    """The panel's fields for a hand (HandForm reads them back to this hand)."""
    fields = {
        "contract": hand.contract,
        "points_team": str(hand.points_team),
        "points": "" if hand.points is None else str(hand.points),
        "weis_a": str(hand.weis[0]) if hand.weis[0] else "",
        "weis_b": str(hand.weis[1]) if hand.weis[1] else "",
    }
    for name, on in (
        ("shoved", hand.shoved),
        ("match", hand.match),
        ("stoeck_a", hand.stoeck == 0),
        ("stoeck_b", hand.stoeck == 1),
    ):
        if on:
            fields[name] = "y"
    return fields


GARBAGE = st.sampled_from(
    [
        {"contract": "", "points": "40"},
        {"contract": "rosen", "points": "vierzig"},
        {"contract": "rosen", "points": "40", "weis_a": "x"},
        {"contract": "rosen", "points": "40", "stoeck_a": "y", "stoeck_b": "y"},
    ]
)
entries = st.one_of(hands.map(hand_fields), hands.map(hand_fields), GARBAGE)

operations = st.one_of(
    st.tuples(st.just("enter"), entries),
    st.tuples(st.just("enter"), entries),
    st.tuples(st.just("enter"), entries),
    st.tuples(st.just("enter"), entries),
    st.tuples(st.just("edit"), st.integers(0, 50), entries),
    st.tuples(st.just("delete"), st.integers(0, 50)),
    st.tuples(st.just("undo")),
    st.tuples(st.just("redo")),
)


def post_operation(client, game_id: int, operation, count: int):
    kind = operation[0]
    if kind == "enter":
        return client.post(f"/games/{game_id}/hands", data=operation[1])
    if kind in ("edit", "delete"):
        number = operation[1] % count + 1 if count else 1
        path = f"/games/{game_id}/hands/{number}"
        if kind == "edit":
            return client.post(path, data=operation[2])
        return client.post(f"{path}/delete")
    return client.post(f"/games/{game_id}/{kind}")


def play_evening(shared_app, target: str, steps) -> None:
    """One game through the forms, checked after every step: a refused post changes nothing,
    an accepted one exactly one entry and keeps exactly one change of its kind; the changes
    rebuild the stored entries; the page shows what the stored record replays to."""
    client = shared_app.test_client()
    response = client.post(
        "/games/new", data=new_game_form(preset="custom", target=target, order="stich,weis,stoeck")
    )
    assert response.status_code == 303
    game_id = game_number(client, response.headers["Location"])
    db = open_db(shared_app)
    try:
        before = store.load(db, game_id)
        kept = store.changes(db, game_id)
        for operation in steps:
            response = post_operation(client, game_id, operation, len(before.entry_ids))
            status = response.status_code
            assert status in (303, 404, 409, 422), (operation, status)
            if status == 404:
                assert operation[0] in ("edit", "delete") and not before.entry_ids
            after = store.load(db, game_id)
            now = store.changes(db, game_id)
            new = now[len(kept) :]
            assert now[: len(kept)] == kept  # what was kept stays as it was
            changed = after.entry_data != before.entry_data
            if status != 303:
                assert not changed and not new, (operation, status)
            elif changed:
                assert len(new) == 1, (operation, new)
                assert new[0].kind == operation[0]
            else:  # saved, but the entry is as it was (an edit to the same hand)
                assert operation[0] == "edit" and not new
            assert rebuilt(now) == stored_entries(after)

            state = schieber.replay(after.game)
            html = client.get(f"/games/{game_id}").get_data(as_text=True)
            assert totals_in(html) == state.totals
            assert history_rows(html) == len(state.rows)
            assert ('id="result"' in html) == state.finished
            summary = db.execute("SELECT summary, finished FROM games WHERE id = ?", [game_id])
            text, finished = summary.fetchone()
            assert json.loads(text) == modes.summary(after.game)
            assert bool(finished) == state.finished
            before, kept = after, now
    finally:
        db.close()


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(target=st.sampled_from(["1000", "2500", "100000"]), steps=st.lists(operations, max_size=15))
def test_random_evenings_through_the_forms(shared_app, target, steps):
    play_evening(shared_app, target, steps)


# --- a Schieber table as a state machine ------------------------------------------------------


class SchieberTable(RuleBasedStateMachine):
    """A phone at a Schieber table. The model is the engine itself: each accepted form must
    change the stored game exactly as the engine changes the model, each refused one nothing."""

    app = None

    def __init__(self):
        super().__init__()
        self.client = self.app.test_client()
        response = self.client.post(
            "/games/new", data=new_game_form(preset="custom", target="1000")
        )
        self.game_id = game_number(self.client, response.headers["Location"])
        self.db = open_db(self.app)
        self.model = store.load(self.db, self.game_id).game
        self.undone: list[Hand] = []

    def teardown(self):
        self.db.close()

    def expect(self, response, changed: schieber.Game | None, kind: str) -> None:
        """The web did what the engine did: `changed` is the model's new game, or None when
        the engine refuses."""
        if changed is None:
            assert response.status_code in (409, 422), response.status_code
            return
        assert response.status_code == 303, (response.status_code, kind)
        if changed != self.model:
            if kind == "undo":
                self.undone.append(self.model.hands[-1])
            elif kind == "redo":
                self.undone.pop()
            else:
                self.undone.clear()
        self.model = changed

    @rule(hand=hands, other_contract=rarely(4))
    def enter(self, hand, other_contract):
        current = schieber.replay(self.model).open_hand
        if current is not None and not other_contract:  # the open hand goes on, mostly
            hand = replace(hand, contract=current.contract)
        game, errors = schieber.enter(self.model, hand)
        response = self.client.post(f"/games/{self.game_id}/hands", data=hand_fields(hand))
        self.expect(response, None if errors else game, "enter")

    @rule(fields=GARBAGE)
    def enter_garbage(self, fields):
        response = self.client.post(f"/games/{self.game_id}/hands", data=fields)
        self.expect(response, None, "enter")

    @precondition(lambda self: self.model.hands)
    @rule(k=st.integers(0, 50), hand=hands)
    def edit(self, k, hand):
        index = k % len(self.model.hands)
        changed = None
        last = index == len(self.model.hands) - 1
        # Only the open last hand may stay open: a played hand needs its trick points.
        if not hand.is_open or (last and self.model.hands[index].is_open):
            hands_now = list(self.model.hands)
            hands_now[index] = hand
            game, problem = schieber.change_record(self.model, hands_now)
            changed = None if problem else game
        response = self.client.post(
            f"/games/{self.game_id}/hands/{index + 1}", data=hand_fields(hand)
        )
        self.expect(response, changed, "edit")

    @precondition(lambda self: self.model.hands)
    @rule(k=st.integers(0, 50))
    def delete(self, k):
        index = k % len(self.model.hands)
        hands_now = list(self.model.hands)
        del hands_now[index]
        game, problem = schieber.change_record(self.model, hands_now)
        response = self.client.post(f"/games/{self.game_id}/hands/{index + 1}/delete")
        self.expect(response, None if problem else game, "delete")

    @precondition(lambda self: self.model.hands)  # undo with none: the random evenings
    @rule()
    def undo(self):
        hands_now = self.model.hands
        changed = self.model.with_hands(hands_now[:-1]) if hands_now else None
        response = self.client.post(f"/games/{self.game_id}/undo")
        self.expect(response, changed, "undo")

    # Nothing to redo is refused; tried now and then, not at every other step.
    @precondition(lambda self: self.undone or len(self.model.hands) % 4 == 1)
    @rule()
    def redo(self):
        changed = None
        if self.undone:
            game, problem = schieber.change_record(self.model, [*self.model.hands, self.undone[-1]])
            changed = None if problem else game
        response = self.client.post(f"/games/{self.game_id}/redo")
        self.expect(response, changed, "redo")

    @precondition(lambda self: schieber.replay(self.model).tie)
    @rule(team=st.sampled_from([0, 1]))
    def first_claim(self, team):
        response = self.client.post(f"/games/{self.game_id}/first-claim", data={"team": team})
        self.expect(response, schieber.settle_tie(self.model, team), "enter")

    @invariant()
    def the_page_shows_the_stored_game(self):
        stored = store.load(self.db, self.game_id)
        assert stored.game == self.model
        state = schieber.replay(stored.game)
        html = self.client.get(f"/games/{self.game_id}").get_data(as_text=True)
        assert totals_in(html) == state.totals
        assert history_rows(html) == len(state.rows)
        assert ('id="result"' in html) == state.finished
        assert ('id="tie"' in html) == state.tie
        assert ('id="redo"' in html) == bool(self.undone)
        assert rebuilt(store.changes(self.db, self.game_id)) == stored_entries(stored)


def test_a_schieber_table_as_a_state_machine(shared_app):
    SchieberTable.app = shared_app
    run_state_machine_as_test(
        SchieberTable, settings=settings(max_examples=30, stateful_step_count=25, deadline=None)
    )


# --- a Handjass table as a state machine ------------------------------------------------------

SUITS = tuple(s.key for s in DECKS["swiss"])


@st.composite
def deals_for(draw, game: handjass.HandjassGame, seats: list[int], in_game: int):
    """A deal for these seats, mostly one the rules allow: the card points of those who play
    add up to 157, Weis for one player at most."""
    trump = draw(st.sampled_from(SUITS * 3 + ("",)))
    allowed = handjass.choices(game.rules, in_game)
    statuses = [draw(st.sampled_from((handjass.PLAY,) * 3 + allowed)) for _ in seats]
    playing = [s for s, status in zip(seats, statuses, strict=True) if status != OUT]
    splits = max(len(playing) - 1, 0)
    cuts = sorted(draw(st.lists(st.integers(0, 157), min_size=splits, max_size=splits)))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, 157], strict=True)]
    cards = dict(zip(playing, parts, strict=False))
    if playing and draw(rarely(12)):  # sometimes impossible points
        cards[playing[0]] = draw(st.sampled_from([1, 158, 200]))
    weis = {}
    if playing and draw(st.booleans()):
        weis[draw(st.sampled_from(playing))] = draw(st.sampled_from([20, 50, 100, 20, 30]))
    entries = tuple(
        Entry(seat, status, cards.get(seat, 0), weis.get(seat, 0))
        for seat, status in zip(seats, statuses, strict=True)
    )
    agreed = draw(rarely(16))
    return Deal(trump, entries, agreed)


def deal_fields(deal: Deal) -> dict:
    fields: dict = {"trump": deal.trump}
    for e in deal.entries:
        fields[f"status{e.seat}"] = e.status
        fields[f"cards{e.seat}"] = str(e.cards)
        fields[f"weis{e.seat}"] = str(e.weis) if e.weis else ""
    if deal.agreed:
        fields["agreed"] = "y"
    if deal.draw:
        fields["draw"] = [str(s) for s in deal.draw]
    return fields


def with_draw(draw, game: handjass.HandjassGame, deal: Deal, state) -> Deal:
    """The deal with the draw a tie for a stroke asks for (mostly)."""
    _, errors = handjass.enter_deal(game, deal)
    if "draw" not in errors or draw(rarely(5)):
        return deal
    tie = handjass.award(deal, game.rules, len(state.in_game), state.vorhand)
    return replace(deal, draw=tuple(draw(st.permutations(tie.tied))[: tie.needed]))


class HandjassTable(RuleBasedStateMachine):
    """A phone at a Handjass table of three, playing to 3 strokes: deals, undo, redo, edits
    and deletions, each checked against the engine."""

    app = None

    def __init__(self):
        super().__init__()
        self.client = self.app.test_client()
        response = self.client.post(
            "/handjass/new", data={"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "target": "3"}
        )
        self.game_id = game_number(self.client, response.headers["Location"])
        self.db = open_db(self.app)
        self.model = store.load(self.db, self.game_id).game
        self.undone: list[Deal] = []

    def teardown(self):
        self.db.close()

    def expect(self, response, changed, kind: str) -> None:
        if changed is None:
            assert response.status_code in (409, 422), response.status_code
            return
        assert response.status_code == 303, (response.status_code, kind)
        if changed != self.model:
            if kind == "undo":
                self.undone.append(self.model.deals[-1])
            elif kind == "redo":
                self.undone.pop()
            else:
                self.undone.clear()
        self.model = changed

    @precondition(lambda self: not handjass.replay(self.model).finished)
    @rule(data=st.data())
    def enter(self, data):
        state = handjass.replay(self.model)
        deal = data.draw(deals_for(self.model, state.in_game, len(state.in_game)))
        deal = with_draw(data.draw, self.model, deal, state)
        game, errors = handjass.enter_deal(self.model, deal)
        response = self.client.post(f"/handjass/{self.game_id}/deals", data=deal_fields(deal))
        self.expect(response, None if errors else game, "enter")

    @precondition(lambda self: self.model.deals)
    @rule(data=st.data(), k=st.integers(0, 50))
    def edit(self, data, k):
        index = k % len(self.model.deals)
        before = self.model.with_record(self.model.deals[:index])
        state = handjass.replay(before)
        deal = data.draw(deals_for(self.model, state.in_game, len(state.in_game)))
        deal = with_draw(data.draw, before, deal, state)
        deals = list(self.model.deals)
        deals[index] = deal
        game = self.model.with_record(deals)
        problem = handjass.record_problem(game)
        response = self.client.post(
            f"/handjass/{self.game_id}/deals/{index + 1}", data=deal_fields(deal)
        )
        self.expect(response, None if problem else game, "edit")

    @precondition(lambda self: self.model.deals)
    @rule(k=st.integers(0, 50))
    def delete(self, k):
        index = k % len(self.model.deals)
        game = self.model.with_record(self.model.deals[:index] + self.model.deals[index + 1 :])
        problem = handjass.record_problem(game)
        response = self.client.post(f"/handjass/{self.game_id}/deals/{index + 1}/delete")
        self.expect(response, None if problem else game, "delete")

    @precondition(lambda self: self.model.deals)
    @rule()
    def undo(self):
        deals = self.model.deals
        changed = self.model.with_record(deals[:-1]) if deals else None
        response = self.client.post(f"/handjass/{self.game_id}/undo")
        self.expect(response, changed, "undo")

    @precondition(lambda self: self.undone or len(self.model.deals) % 3 == 1)
    @rule()
    def redo(self):
        changed = None
        if self.undone:
            game = self.model.with_record((*self.model.deals, self.undone[-1]))
            changed = None if handjass.record_problem(game) else game
        response = self.client.post(f"/handjass/{self.game_id}/redo")
        self.expect(response, changed, "redo")

    @invariant()
    def the_page_shows_the_stored_game(self):
        stored = store.load(self.db, self.game_id)
        assert stored.game == self.model
        state = handjass.replay(stored.game)
        html = self.client.get(f"/handjass/{self.game_id}").get_data(as_text=True)
        assert nets_in(html) == list(state.net)
        assert history_rows(html) == len(state.rows)
        assert ('id="result"' in html) == state.finished
        assert ('id="deal"' in html) == (not state.finished)
        assert ('id="redo"' in html) == bool(self.undone)
        assert rebuilt(store.changes(self.db, self.game_id)) == stored_entries(stored)


def test_a_handjass_table_as_a_state_machine(shared_app):
    HandjassTable.app = shared_app
    run_state_machine_as_test(
        HandjassTable, settings=settings(max_examples=25, stateful_step_count=12, deadline=None)
    )
