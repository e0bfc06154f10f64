"""Hostile input on every form and route: each is refused with a clear 4xx and a message on the
page, never a 500, and the stored data stays exactly as it was.

The app runs with PROPAGATE_EXCEPTIONS off, so a fault in a view shows up as a 500 answer (the
app's own page) that the tests assert against, not as an exception in the test.
"""

from __future__ import annotations

import html as markup
import io
import json
import re
import shutil
import sqlite3
import unicodedata
from pathlib import Path

import pytest
from jinja2 import StrictUndefined

from scorer import create_app
from scorer.storage.migrations import migrate
from scorer.web.db import get_db
from tests.conftest import by_number, errors_in, new_game_form

SCHIEBER, HANDJASS, DECIDED, NO_OBENABE, EMPTY_HANDJASS = 1, 2, 3, 4, 5
PLAYERS = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}
HAND = {"contract": "rosen", "points": "90", "points_team": "0"}
ZEROS = {f"cards{seat}": "0" for seat in range(4)}
DEAL = {"trump": "rosen", **ZEROS, "cards0": "60", "cards1": "50", "cards2": "25", "cards3": "22"}
TIED_DEAL = {"trump": "rosen", "cards0": "60", "cards1": "40", "cards2": "40", "cards3": "17"}
BIG = 10**22
EXPORTS = Path(__file__).resolve().parents[1] / "exports" / "v1"
TABLES = {"games": "id", "entries": "id", "changes": "id", "tokens": "token"}


# --- the world every test starts from -------------------------------------------------------


def make_app(database: Path, **config):
    """The app on this database file; faults become 500 answers, CSRF off unless asked."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(database),
            "SECRET_KEY": "hostile",
            "WTF_CSRF_ENABLED": False,
            "PROPAGATE_EXCEPTIONS": False,
            **config,
        }
    )
    by_number(app)
    app.jinja_env.undefined = StrictUndefined
    return app


def checkpoint(database: Path) -> None:
    """Move everything from the write-ahead log into the database file."""
    conn = sqlite3.connect(database)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def dump(database: Path) -> str:
    """Every row of every table, in a fixed order."""
    conn = sqlite3.connect(database)
    try:
        return "\n".join(
            f"{table}: {row!r}"
            for table, key in TABLES.items()
            for row in conn.execute(f"SELECT * FROM {table} ORDER BY {key}")
        )
    finally:
        conn.close()


@pytest.fixture(scope="module")
def template_db(tmp_path_factory) -> Path:
    """A database with: 1 a Schieber game with two hands, 2 a Handjass game with one deal,
    3 a Schieber game already decided, 4 a Schieber game without Obenabe (factor 0) and no
    hand, 5 a Handjass game without a deal."""
    path = tmp_path_factory.mktemp("hostile") / "template.db"
    app = make_app(path)
    with app.app_context():
        migrate(get_db())
    client = app.test_client()
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    for hand in (
        {"contract": "schellen", "points": "90", "points_team": "0"},
        {"contract": "rosen", "points": "60", "points_team": "1"},
    ):
        assert client.post(f"/games/{SCHIEBER}/hands", data=hand).status_code == 303
    assert client.post("/handjass/new", data={**PLAYERS, "deck": "swiss"}).status_code == 303
    assert client.post(f"/handjass/{HANDJASS}/deals", data=DEAL).status_code == 303
    decided = new_game_form(preset="custom", target="1000")
    assert client.post("/games/new", data=decided).status_code == 303
    for _ in range(2):
        match = {"contract": "obenabe", "match": "y", "points_team": "0"}
        assert client.post(f"/games/{DECIDED}/hands", data=match).status_code == 303
    refused = client.post(f"/games/{DECIDED}/hands", data=HAND)
    assert "entschieden" in errors_in(refused.get_data(as_text=True))["game"]
    no_obenabe = new_game_form(preset="custom", mult_obenabe="0")
    assert client.post("/games/new", data=no_obenabe).status_code == 303
    assert client.post("/handjass/new", data={**PLAYERS, "deck": "swiss"}).status_code == 303
    checkpoint(path)
    return path


@pytest.fixture
def world(tmp_path, template_db):
    """A fresh copy of the template database, and an app and client on it."""
    path = tmp_path / "hostile.db"
    shutil.copyfile(template_db, path)
    app = make_app(path)
    return app, app.test_client(), path


def messages(page: str) -> list[str]:
    """Every message the page shows: beside a field, as the app's error page, or as a question
    the table must answer (a Handjass tie's draw)."""
    found = list(errors_in(page).values())
    found += re.findall(r'id="error-(?:page|game)"[^>]*>([^<]*)<', page)
    questions = re.findall(r'<p id="question-[\w-]+">(.*?)</p>', page, re.S)
    found += [re.sub(r"<[^>]+>", "", q) for q in questions]
    return [markup.unescape(m).strip() for m in found if m.strip()]


# --- the bad inputs -------------------------------------------------------------------------


def upload(content: bytes | str | object, name: str = "spiel.json") -> dict:
    """An import form whose file holds `content` (JSON-encoded unless bytes or text)."""
    if isinstance(content, str):
        content = content.encode()
    elif not isinstance(content, bytes):
        content = json.dumps(content).encode()
    return {"__upload__": (content, name)}


def exported(name: str) -> dict:
    return json.loads((EXPORTS / name).read_text(encoding="utf-8"))


GOOD = exported("schieber_modern_finished.json")
GOOD_HJ = exported("handjass_four_retired.json")
TEAM_0, TEAM_1 = GOOD["teams"]


def schieber_export(**changes) -> dict:
    return {**GOOD, **changes}


def with_rules(**changes) -> dict:
    return {**GOOD, "rules": {**GOOD["rules"], **changes}}


def with_change(**fields) -> dict:
    change = {
        "time": "2026-11-22T20:15:00+00:00",
        "phone": "Anna",
        "kind": "edit",
        "hand": 1,
        "now": 1,
        "before": None,
        "after": None,
        **fields,
    }
    return {**GOOD, "changes": [change]}


def case(name, method, url, fields, statuses, message=None):
    """One bad input: the request, the statuses that may answer it, and (part of) the message
    the app gives (None: any message will do)."""
    if isinstance(statuses, int):
        statuses = (statuses,)
    return pytest.param(method, url, fields, statuses, message, id=name)


S = f"/games/{SCHIEBER}"
HJ = f"/handjass/{HANDJASS}"
NOT_A_NUMBER = "Bitte eine ganze Zahl eingeben."
UNREADABLE_WEIS = "Die angesagten Weis sind unlesbar"
NOT_FOUND = "gibt es hier nicht"
NOT_ALLOWED = "nimmt das so nicht an"
NOT_JSON = "Die Datei ist kein JSON"
TOO_DEEP = "zu tief verschachtelt"
REFUSED = (400, 422)
NESTED_ARRAYS = "[" * 50_000 + "]" * 50_000
NESTED_OBJECTS = '{"a":' * 50_000 + "1" + "}" * 50_000

# fmt: off
CASES = [
    # The Schieber panel: the hidden field of declared Weis, points, contracts, Stöck, Weis.
    case("hand-declared-length-superscript", "POST", f"{S}/hands",
         {**HAND, "declared": "0=run:rosen:K:²"}, 422, UNREADABLE_WEIS),
    case("hand-declared-seat-superscript", "POST", f"{S}/hands",
         {**HAND, "declared": "²=run:rosen:K:4"}, 422, UNREADABLE_WEIS),
    case("hand-declared-length-5000-digits", "POST", f"{S}/hands",
         {**HAND, "declared": "0=run:rosen:K:" + "9" * 5000}, 422, UNREADABLE_WEIS),
    case("hand-declared-seat-5000-digits", "POST", f"{S}/hands",
         {**HAND, "declared": "9" * 5000 + "=run:rosen:K:4"}, 422, UNREADABLE_WEIS),
    case("hand-declared-seat-not-at-table", "POST", f"{S}/hands",
         {**HAND, "declared": "7=run:rosen:K:4"}, 422, "Weis gehören einem Spieler am Tisch."),
    case("hand-declared-four-of-nothing", "POST", f"{S}/hands",
         {**HAND, "declared": "0=four:ZZ"}, 422, UNREADABLE_WEIS),
    case("hand-points-156", "POST", f"{S}/hands", {**HAND, "points": "156"}, 422,
         "156 gibt es nicht"),
    case("hand-points-1", "POST", f"{S}/hands", {**HAND, "points": "1"}, 422, "1 gibt es nicht"),
    case("hand-points-158", "POST", f"{S}/hands", {**HAND, "points": "158"}, 422,
         "Stichpunkte von 0 bis 157"),
    case("hand-points-minus-1", "POST", f"{S}/hands", {**HAND, "points": "-1"}, 422,
         "Stichpunkte von 0 bis 157"),
    case("hand-points-10e30", "POST", f"{S}/hands", {**HAND, "points": str(10**30)}, 422,
         NOT_A_NUMBER),
    case("hand-points-5000-digits", "POST", f"{S}/hands", {**HAND, "points": "9" * 5000}, 422,
         NOT_A_NUMBER),
    case("hand-points-superscript", "POST", f"{S}/hands", {**HAND, "points": "²"}, 422,
         NOT_A_NUMBER),
    case("hand-points-decimal", "POST", f"{S}/hands", {**HAND, "points": "90.5"}, 422,
         NOT_A_NUMBER),
    case("hand-no-contract", "POST", f"{S}/hands", {"points": "90"}, 422, "Trumpf antippen"),
    case("hand-contract-unknown", "POST", f"{S}/hands", {**HAND, "contract": "slalom"}, 422,
         "nicht gespielt"),
    case("hand-contract-of-other-deck", "POST", f"{S}/hands", {**HAND, "contract": "hearts"},
         422, "nicht gespielt"),
    case("hand-contract-multiplier-0", "POST", f"/games/{NO_OBENABE}/hands",
         {**HAND, "contract": "obenabe"}, 422, "Faktor 0"),
    case("hand-stoeck-both-teams", "POST", f"{S}/hands",
         {**HAND, "stoeck_a": "y", "stoeck_b": "y"}, 422, "Stöck gibt es nur einmal pro Hand."),
    case("hand-weis-10e30", "POST", f"{S}/hands", {**HAND, "weis_a": str(10**30)}, 422,
         NOT_A_NUMBER),
    case("hand-weis-billion", "POST", f"{S}/hands", {**HAND, "weis_a": "1000000000"}, 422,
         "höchstens 600"),
    case("hand-weis-negative", "POST", f"{S}/hands", {**HAND, "weis_b": "-50"}, 422,
         "nie negativ"),
    case("hand-points-team-2", "POST", f"{S}/hands", {**HAND, "points_team": "2"}, REFUSED),
    case("hand-outdated-view", "POST", f"{S}/hands", {**HAND, "seen": "0"}, 409,
         "Nichts gespeichert"),
    case("hand-after-game-decided", "POST", f"/games/{DECIDED}/hands", HAND, 422,
         "Das Spiel ist entschieden"),
    case("hand-unknown-game", "POST", "/games/99/hands", HAND, 404, NOT_FOUND),
    case("hand-game-id-beyond-64-bits", "POST", f"/games/{BIG}/hands", HAND, 404, NOT_FOUND),
    case("hand-on-handjass-game", "POST", f"/games/{HANDJASS}/hands", HAND, 404, NOT_FOUND),
    case("undo-without-hands", "POST", f"/games/{NO_OBENABE}/undo", {}, 422, "Noch keine Hand"),
    case("redo-nothing-undone", "POST", f"{S}/redo", {}, 422, "Nichts wiederherzustellen"),
    case("first-claim-team-2", "POST", f"{S}/first-claim", {"team": "2"}, 400,
         "unvollständig oder unlesbar"),
    case("hand-points-team-5", "POST", f"{S}/hands", {**HAND, "points_team": "5"}, 422,
         "Die Stichpunkte gehören einem der beiden Teams."),
    # The Weis page: hidden declared Weis and actions.
    case("weis-run-of-two", "POST", f"{S}/weis",
         {"contract": "rosen", "d0": "run:rosen:K:2", "action": "write"}, 422),
    case("weis-run-of-two-beside-a-good-one", "POST", f"{S}/weis",
         {"contract": "rosen", "d0": "run:rosen:K:2", "d1": "run:eicheln:K:3",
          "action": "write"}, REFUSED),
    case("weis-four-of-no-rank", "POST", f"{S}/weis",
         {"contract": "rosen", "d0": "four:ZZ", "action": "write"}, 422),
    case("weis-run-to-no-rank", "POST", f"{S}/weis",
         {"contract": "rosen", "d0": "run:rosen:ZZ:4", "action": "write"}, 422),
    case("weis-action-add-superscript", "POST", f"{S}/weis",
         {"contract": "rosen", "action": "add:²"}, REFUSED),
    case("weis-action-remove-huge", "POST", f"{S}/weis",
         {"contract": "rosen", "d0": "four:U", "action": "remove:99999999999999"}, REFUSED),
    case("weis-action-add-seat-not-at-table", "POST", f"{S}/weis",
         {"contract": "rosen", "action": "add:9"}, REFUSED),
    case("weis-add-length-superscript", "POST", f"{S}/weis",
         {"contract": "rosen", "action": "add:0", "kind0": "run", "len0": "²",
          "suit0": "rosen", "top0": "K"}, REFUSED, "Weis wählen."),
    case("weis-add-length-5000-digits", "POST", f"{S}/weis",
         {"contract": "rosen", "action": "add:0", "kind0": "run", "len0": "9" * 5000,
          "suit0": "rosen", "top0": "K"}, REFUSED, "Weis wählen."),
    case("weis-find-in-ten-cards", "POST", f"{S}/weis",
         {"contract": "rosen", "action": "find:0",
          "cards0": [f"rosen:{r}" for r in ("6", "7", "8", "9", "10", "U", "O", "K", "A")]
          + ["eicheln:A"]}, REFUSED, "Eine Hand hat 9 Karten, nicht 10."),
    case("weis-write-without-contract", "POST", f"{S}/weis",
         {"d0": "four:U", "action": "write"}, 422, "Zuerst den Trumpf wählen"),
    case("weis-write-unknown-contract", "POST", f"{S}/weis",
         {"contract": "slalom", "d0": "four:U", "action": "write"}, 422,
         "Zuerst den Trumpf wählen"),
    case("weis-write-nothing-but-a-bad-stoeck", "POST", f"{S}/weis",
         {"contract": "rosen", "stoeck": "5", "action": "write"}, 422,
         "Stöck hat eines der beiden Teams, oder keines."),
    case("weis-on-handjass-game", "POST", f"/games/{HANDJASS}/weis",
         {"contract": "rosen", "action": "write"}, 404, NOT_FOUND),
    # The Weis page: a choice it does not offer, whatever the button.
    case("weis-add-kind-unknown", "POST", f"{S}/weis",
         {"contract": "rosen", "action": "add:0", "kind0": "pair", "len0": "4", "suit0": "rosen",
          "top0": "K"}, 422, "Ein Weis ist ein Blatt oder vier gleiche Karten."),
    case("weis-add-suit-of-another-deck", "POST", f"{S}/weis",
         {"contract": "rosen", "action": "add:0", "kind0": "run", "len0": "4", "suit0": "hearts",
          "top0": "K"}, 422, "Unbekannte Farbe"),
    case("weis-add-rank-unknown", "POST", f"{S}/weis",
         {"contract": "rosen", "action": "add:0", "kind0": "four", "rank0": "ZZ"}, 422,
         "Keine Karte"),
    case("weis-refresh-contract-unknown", "POST", f"{S}/weis",
         {"contract": "slalom", "d0": "four:U", "action": "refresh"}, 422,
         "Zuerst den Trumpf wählen"),
    case("weis-remove-contract-not-played", "POST", f"/games/{NO_OBENABE}/weis",
         {"contract": "obenabe", "d0": "four:U", "action": "remove:0:0"}, 422,
         "Zuerst den Trumpf wählen"),
    case("weis-write-contract-not-played", "POST", f"/games/{NO_OBENABE}/weis",
         {"contract": "obenabe", "d0": "four:U", "action": "write"}, 422,
         "Zuerst den Trumpf wählen"),
    case("weis-refresh-stoeck-team-5", "POST", f"{S}/weis",
         {"contract": "rosen", "stoeck": "5", "action": "refresh"}, 422,
         "Stöck hat eines der beiden Teams, oder keines."),
    # Claims.
    case("claim-team-5", "POST", f"{S}/claim",
         {"claim_team": "5", "contract": "rosen", "claim_points": "50"}, 422,
         "Welches Team bedankt sich?"),
    case("claim-points-10e30", "POST", f"{S}/claim",
         {"claim_team": "0", "contract": "rosen", "claim_points": str(10**30)}, 422,
         NOT_A_NUMBER),
    case("claim-points-200", "POST", f"{S}/claim",
         {"claim_team": "0", "contract": "rosen", "claim_points": "200"}, 422, "0 bis 157"),
    case("claim-stoeck-team-7", "POST", f"{S}/claim",
         {"claim_team": "0", "contract": "rosen", "claim_points": "50", "stoeck": "7"},
         REFUSED),
    case("claim-first-trick-maybe", "POST", f"{S}/claim",
         {"claim_team": "0", "contract": "rosen", "first_trick": "maybe", "claim_points": "50"},
         422, "Erster Stich: bitte Ja oder Nein wählen."),
    case("claim-trick-team-7", "POST", f"{S}/claim",
         {"claim_team": "0", "contract": "rosen", "first_trick": "no", "claim_points": "50",
          "trick_team": "7"}, 422, "Wer hat den ersten Stich gemacht?"),
    case("claim-team-empty", "POST", f"{S}/claim",
         {"claim_team": "", "contract": "rosen", "claim_points": "50"}, 422,
         "Welches Team bedankt sich?"),
    # Edits and deletions.
    case("edit-hand-0", "POST", f"{S}/hands/0", HAND, 404, NOT_FOUND),
    case("edit-hand-999", "POST", f"{S}/hands/999", HAND, 404, NOT_FOUND),
    case("show-edit-hand-0", "GET", f"{S}/hands/0", None, 404, NOT_FOUND),
    case("show-edit-hand-999", "GET", f"{S}/hands/999", None, 404, NOT_FOUND),
    case("delete-hand-0", "POST", f"{S}/hands/0/delete", {}, 404, NOT_FOUND),
    case("delete-hand-999", "POST", f"{S}/hands/999/delete", {}, 404, NOT_FOUND),
    case("edit-hand-points-158", "POST", f"{S}/hands/1", {**HAND, "points": "158"}, 422,
         "Stichpunkte von 0 bis 157"),
    case("edit-hand-outdated", "POST", f"{S}/hands/1", {**HAND, "seen": "deadbeef"}, 409,
         "Nichts gespeichert"),
    case("delete-hand-outdated", "POST", f"{S}/hands/1/delete", {"seen": "deadbeef"}, 409,
         "Nichts gespeichert"),
    case("edit-deal-0", "POST", f"{HJ}/deals/0", DEAL, 404, NOT_FOUND),
    case("edit-deal-999", "GET", f"{HJ}/deals/999", None, 404, NOT_FOUND),
    case("delete-deal-999", "POST", f"{HJ}/deals/999/delete", {}, 404, NOT_FOUND),
    case("edit-deal-cards-abc", "POST", f"{HJ}/deals/1", {**DEAL, "cards0": "abc"}, 422,
         NOT_A_NUMBER),
    case("edit-deal-outdated", "POST", f"{HJ}/deals/1", {**DEAL, "seen": "deadbeef"}, 409,
         "Nichts gespeichert"),
    # The Handjass deal panel.
    case("deal-draw-superscript", "POST", f"{HJ}/deals", {**TIED_DEAL, "draw": "²"}, 422,
         "Gleichstand um einen Strich"),
    case("deal-draw-5000-digits", "POST", f"{HJ}/deals", {**TIED_DEAL, "draw": "9" * 5000},
         422, "Gleichstand um einen Strich"),
    case("deal-action-add-superscript", "POST", f"{HJ}/deals", {**DEAL, "action": "add:²"},
         REFUSED),
    case("deal-action-add-seat-not-in-game", "POST", f"{HJ}/deals", {**DEAL, "action": "add:9"},
         REFUSED),
    case("deal-add-length-superscript", "POST", f"{HJ}/deals",
         {**DEAL, "action": "add:0", "kind0": "run", "len0": "²", "suit0": "rosen",
          "top0": "K"}, REFUSED, "Weis wählen."),
    case("deal-declared-run-of-two", "POST", f"{HJ}/deals", {**DEAL, "d0": "run:rosen:K:2"},
         REFUSED),
    case("deal-weis-billion", "POST", f"{HJ}/deals", {**DEAL, "weis0": "1000000000"}, 422,
         "höchstens 320"),
    case("deal-cards-minus-5", "POST", f"{HJ}/deals", {**DEAL, "cards0": "-5"}, 422,
         "Stichpunkte von 0 bis 157"),
    case("deal-cards-abc", "POST", f"{HJ}/deals", {**DEAL, "cards0": "abc"}, 422, NOT_A_NUMBER),
    case("deal-cards-10e30", "POST", f"{HJ}/deals", {**DEAL, "cards0": str(10**30)}, 422,
         NOT_A_NUMBER),
    case("deal-status-x", "POST", f"{HJ}/deals", {**DEAL, "status0": "x"}, 422,
         "Spielt, aus oder mit dem Blinden"),
    case("deal-trump-unknown", "POST", f"{HJ}/deals", {**DEAL, "trump": "slalom"}, 422,
         "Welche Farbe ist Trumpf?"),
    case("deal-unknown-game", "POST", "/handjass/99/deals", DEAL, 404, NOT_FOUND),
    case("deal-game-id-beyond-64-bits", "POST", f"/handjass/{BIG}/deals", DEAL, 404,
         NOT_FOUND),
    case("deal-on-schieber-game", "POST", f"/handjass/{SCHIEBER}/deals", DEAL, 404, NOT_FOUND),
    case("deal-undo-without-deals", "POST", f"/handjass/{EMPTY_HANDJASS}/undo", {}, 422,
         "Noch kein Spiel"),
    # New games.
    case("schieber-team-name-100kb", "POST", "/games/new", new_game_form(team_a="A" * 100_000),
         413, "höchstens 64 KB"),
    case("schieber-team-name-41", "POST", "/games/new", new_game_form(team_a="A" * 41),
         422, "Namen bis 40 Zeichen."),
    case("schieber-seat-name-100kb", "POST", "/games/new", new_game_form(seat1="A" * 100_000),
         413, "höchstens 64 KB"),
    case("schieber-two-players-one-name", "POST", "/games/new", new_game_form(seat3="Anna"),
         422, "gleichem Namen"),
    case("schieber-target-0", "POST", "/games/new", new_game_form(preset="custom", target="0"),
         422, "Zielpunkte"),
    case("schieber-target-superscript", "POST", "/games/new",
         new_game_form(preset="custom", target="²"), 422, NOT_A_NUMBER),
    case("schieber-multiplier-10e30", "POST", "/games/new",
         new_game_form(preset="custom", mult_rosen=str(10**30)), 422, NOT_A_NUMBER),
    case("schieber-multiplier-minus-1", "POST", "/games/new",
         new_game_form(preset="custom", mult_rosen="-1"), 422, "von 0 bis 20"),
    case("schieber-house-order-unknown", "POST", "/games/new", new_game_form(order="x,y"), 422,
         "Die Reihenfolge"),
    case("schieber-size-5", "POST", "/games/new", new_game_form(size="5"), REFUSED),
    case("schieber-deck-unknown", "POST", "/games/new", new_game_form(deck="tarot"), REFUSED),
    case("schieber-weis-medium", "POST", "/games/new", new_game_form(weis="medium"), 422,
         "Grossen oder kleinen Weis wählen."),
    case("schieber-preset-unknown", "POST", "/games/new", new_game_form(preset="xyz"), 422,
         "Eine der Voreinstellungen wählen, oder Eigene."),
    case("schieber-preset-unknown-no-multipliers", "POST", "/games/new",
         {k: v for k, v in new_game_form(preset="xyz").items() if not k.startswith("mult_")},
         422, "Eine der Voreinstellungen wählen, oder Eigene."),
    case("handjass-name-100kb", "POST", "/handjass/new", {**PLAYERS, "seat1": "A" * 100_000},
         413, "höchstens 64 KB"),
    case("handjass-name-41", "POST", "/handjass/new", {**PLAYERS, "seat1": "A" * 41},
         422, "Namen bis 40 Zeichen."),
    case("handjass-target-0", "POST", "/handjass/new", {**PLAYERS, "target": "0"}, 422,
         "Striche zum Aussteigen: 1 bis 100."),
    case("handjass-target-minus-1", "POST", "/handjass/new", {**PLAYERS, "target": "-1"}, 422,
         "Striche zum Aussteigen: 1 bis 100."),
    case("handjass-threshold-10e30", "POST", "/handjass/new",
         {**PLAYERS, "threshold": str(10**30)}, 422, NOT_A_NUMBER),
    case("handjass-one-player", "POST", "/handjass/new", {"seat1": "Anna"}, 422,
         "Handjass spielen 2, 3 oder 4 Spieler."),
    case("handjass-deck-unknown", "POST", "/handjass/new", {**PLAYERS, "deck": "tarot"},
         REFUSED),
    case("phone-name-only-control-characters", "POST", "/phone", {"name": "\x00\x01\u202e"},
         422, "Bitte einen Namen eingeben"),
    # Imports.
    case("import-arrays-50000-deep", "POST", "/games/import", upload(NESTED_ARRAYS), 422,
         TOO_DEEP),
    case("import-objects-50000-deep", "POST", "/games/import", upload(NESTED_OBJECTS), 422,
         TOO_DEEP),
    case("import-team-name-a-number", "POST", "/games/import",
         upload(schieber_export(teams=[{**TEAM_0, "name": 5}, TEAM_1])), 422,
         "teams.name: kein Text"),
    case("import-players-a-string", "POST", "/games/import",
         upload(schieber_export(teams=[{**TEAM_0, "players": "AB"}, TEAM_1])), 422,
         "teams.players: keine Liste"),
    case("import-setting-no-as-text", "POST", "/games/import",
         upload(with_rules(bergpreis="no")), 422, "rules.bergpreis"),
    case("import-first-vorhand-text", "POST", "/games/import",
         upload(schieber_export(first_vorhand="3")), 422, "first_vorhand: keine ganze Zahl"),
    case("import-first-vorhand-2.9", "POST", "/games/import",
         upload(schieber_export(first_vorhand=2.9)), 422, "first_vorhand: keine ganze Zahl"),
    case("import-handjass-target-true", "POST", "/games/import",
         upload({**GOOD_HJ, "rules": {**GOOD_HJ["rules"], "target": True}}), 422,
         "rules.target: keine ganze Zahl"),
    case("import-newer-version", "POST", "/games/import", upload(schieber_export(version=2)),
         422, "Version 2 kann diese Version nicht lesen"),
    case("import-wrong-format", "POST", "/games/import",
         upload(schieber_export(format="jass-scorer/poker")), 422, "kein exportiertes Spiel"),
    case("import-not-json", "POST", "/games/import", upload("Anna 120, Ben 80"), 422, NOT_JSON),
    case("import-empty-file", "POST", "/games/import", upload(b""), 422, NOT_JSON),
    case("import-not-utf8", "POST", "/games/import", upload(b"\xc3\x28\xff"), 422, NOT_JSON),
    case("import-number-of-5000-digits", "POST", "/games/import",
         upload('{"format": "jass-scorer/schieber", "version": ' + "9" * 5000 + "}"), 422,
         NOT_JSON),
    case("import-17-mb", "POST", "/games/import", upload(b" " * (17 * 1024 * 1024)), 413,
         "höchstens 16 MB"),
    case("import-no-file", "POST", "/games/import", {}, 422, "Bitte eine exportierte"),
    case("import-team-name-with-nul", "POST", "/games/import",
         upload(schieber_export(teams=[{**TEAM_0, "name": "W\x00ir"}, TEAM_1])), 422,
         "Namen ohne Steuerzeichen."),
    case("import-change-now-beyond-record", "POST", "/games/import", upload(with_change(now=99)),
         422, "now: kein Eintrag der Datei"),
    case("import-change-now-text", "POST", "/games/import", upload(with_change(now="1")), 422,
         "now: keine ganze Zahl"),
    case("import-change-now-true", "POST", "/games/import", upload(with_change(now=True)), 422,
         "now: keine ganze Zahl"),
    case("import-change-now-10e30", "POST", "/games/import", upload(with_change(now=10**30)),
         422, "now: kein Eintrag der Datei"),
    # Ids, unknown pages and methods.
    case("game-id-2-to-the-63", "GET", "/games/9223372036854775808", None, 404, NOT_FOUND),
    case("export-game-id-10e22", "GET", f"/games/{BIG}/export.json", None, 404, NOT_FOUND),
    case("changes-game-id-10e22", "GET", f"/games/{BIG}/changes", None, 404, NOT_FOUND),
    case("unknown-game", "GET", "/games/99", None, 404, NOT_FOUND),
    case("unknown-handjass-game", "GET", "/handjass/99", None, 404, NOT_FOUND),
    case("schieber-game-as-handjass", "GET", f"/handjass/{SCHIEBER}", None, 404, NOT_FOUND),
    case("weis-page-of-handjass-game", "GET", f"/games/{HANDJASS}/weis", None, 404, NOT_FOUND),
    case("unknown-page", "GET", "/spiele", None, 404, NOT_FOUND),
    case("delete-game-page", "DELETE", S, None, 405, NOT_ALLOWED),
    case("put-game-page", "PUT", S, HAND, 405, NOT_ALLOWED),
    case("post-game-page", "POST", S, HAND, 405, NOT_ALLOWED),
    case("get-undo", "GET", f"{S}/undo", None, 405, NOT_ALLOWED),
    case("get-delete-hand", "GET", f"{S}/hands/1/delete", None, 405, NOT_ALLOWED),
    case("put-edit-hand", "PUT", f"{S}/hands/1", HAND, 405, NOT_ALLOWED),
    case("delete-handjass-page", "DELETE", HJ, None, 405, NOT_ALLOWED),
    case("get-handjass-undo", "GET", f"{HJ}/undo", None, 405, NOT_ALLOWED),
    case("patch-import", "PATCH", "/games/import", {}, 405, NOT_ALLOWED),
]
# fmt: on


def send(client, method: str, url: str, fields: dict | None, headers=None):
    """Send the request (an uploaded file as multipart); the answer read whole, and the
    request's input stream closed (a large body is a temporary file)."""
    data = None if fields is None else dict(fields)
    extra = {}
    upload_of = data.pop("__upload__", None) if data else None
    if upload_of is not None:
        content, name = upload_of
        data["file"] = (io.BytesIO(content), name)
        extra["content_type"] = "multipart/form-data"
    response = client.open(url, method=method, data=data, headers=headers, **extra)
    response.get_data()
    response.close()
    # The test client closes a large body's temporary file only when it follows redirects.
    response.request.input_stream.close()
    return response


def test_there_are_at_least_seventy_bad_inputs():
    assert len(CASES) >= 70


@pytest.mark.parametrize(("method", "url", "fields", "statuses", "message"), CASES)
def test_hostile_input_is_refused_and_changes_nothing(
    world, method, url, fields, statuses, message
):
    _app, client, path = world
    before = dump(path)
    response = send(client, method, url, fields)
    page = response.get_data(as_text=True)
    shown = messages(page)
    assert response.status_code != 500, page
    assert response.status_code in statuses, (response.status_code, shown)
    assert shown, f"no message on the page ({response.status_code})"
    if message is not None:
        assert any(message in m for m in shown), shown
    assert dump(path) == before


# --- an edit based on an outdated view ------------------------------------------------------


def seen_in(page: str) -> str:
    return re.search(r'name="seen" value="([^"]*)"', page).group(1)


def test_an_outdated_hand_edit_shows_the_hand_as_it_now_stands(world):
    _app, client, path = world
    old = seen_in(client.get(f"{S}/hands/1").get_data(as_text=True))
    other_phone = {"contract": "schellen", "points": "100", "points_team": "0", "seen": old}
    assert client.post(f"{S}/hands/1", data=other_phone).status_code == 303
    before = dump(path)
    stale = {"contract": "schellen", "points": "70", "points_team": "0", "seen": old}
    response = client.post(f"{S}/hands/1", data=stale)
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Nichts gespeichert" in errors_in(page)["game"]
    assert 'value="100"' in page and 'value="70"' not in page
    assert seen_in(page) != old  # the next try is based on the hand as it stands
    assert dump(path) == before


def test_an_outdated_deal_edit_shows_the_deal_as_it_now_stands(world):
    _app, client, path = world
    old = seen_in(client.get(f"{HJ}/deals/1").get_data(as_text=True))
    other_phone = {**DEAL, "cards0": "65", "cards1": "45", "seen": old}
    assert client.post(f"{HJ}/deals/1", data=other_phone).status_code == 303
    before = dump(path)
    stale = {**DEAL, "cards0": "70", "cards1": "40", "seen": old}
    response = client.post(f"{HJ}/deals/1", data=stale)
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Nichts gespeichert" in errors_in(page)["game"]
    assert 'name="cards0" value="65"' in page and 'value="70"' not in page
    assert dump(path) == before


# --- names: control characters and markup ---------------------------------------------------

CONTROLS = ["\x00", "\x07", "\x1b[31m", "\u202e", "\u200b", "\n", "\ufeff"]


@pytest.mark.parametrize("control", CONTROLS, ids=[repr(c) for c in CONTROLS])
@pytest.mark.parametrize("mode", ["schieber", "handjass"])
def test_control_characters_in_names_never_reach_the_store(world, mode, control):
    """A name with a control character is refused beside its field, or stored without it
    (the app cleans typed names); never a 500, never a control character in the database."""
    _app, client, path = world
    name = f"An{control}na"
    if mode == "schieber":
        response = client.post("/games/new", data=new_game_form(seat1=name, team_a=name))
    else:
        response = client.post("/handjass/new", data={**PLAYERS, "seat1": name})
    assert response.status_code in (303, 422)
    if response.status_code == 422:
        assert messages(response.get_data(as_text=True))
    assert not control_characters(path)


def control_characters(database: Path) -> list[str]:
    """Every stored text (JSON decoded) that holds a control character."""
    found = []

    def walk(value):
        if isinstance(value, str):
            if any(c != "\u200d" and unicodedata.category(c).startswith("C") for c in value):
                found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    conn = sqlite3.connect(database)
    try:
        for table in TABLES:
            for row in conn.execute(f"SELECT * FROM {table}"):
                for value in row:
                    if isinstance(value, str):
                        try:
                            walk(json.loads(value))
                        except ValueError:
                            walk(value)
    finally:
        conn.close()
    return found


SCRIPT = "<script>alert(1)</script>"
IMG = '"><img src=x onerror=alert(1)>'


def test_markup_in_schieber_names_comes_back_escaped(world):
    _app, client, _path = world
    form = new_game_form(team_a=SCRIPT, seat1=IMG[:40], team_b="<b>Ihr</b>")
    response = client.post("/games/new", data=form)
    assert response.status_code == 303
    game = response.headers["Location"]
    client.post(f"{game}/hands", data={"contract": "rosen", "points": "90", "points_team": "0"})
    for url in ("/", game, f"{game}/weis", f"{game}/claim", f"{game}/changes", f"{game}/hands/1"):
        page = client.get(url).get_data(as_text=True)
        assert "<script>" not in page and "<img" not in page and "<b>Ihr" not in page, url
    assert "&lt;script&gt;" in client.get(game).get_data(as_text=True)


def test_markup_in_handjass_names_and_the_phone_name_comes_back_escaped(world):
    _app, client, _path = world
    assert client.post("/phone", data={"name": "<script>x</script>"}).status_code == 303
    response = client.post("/handjass/new", data={**PLAYERS, "seat1": SCRIPT, "seat2": IMG})
    assert response.status_code == 303
    game = response.headers["Location"]
    zeros = {"trump": "rosen", **ZEROS, "cards0": "60", "cards1": "50", "cards2": "25"}
    assert client.post(f"{game}/deals", data={**zeros, "cards3": "22"}).status_code == 303
    for url in ("/", game, f"{game}/deals/1", f"/games/{game.rsplit('/', 1)[1]}/changes"):
        page = client.get(url).get_data(as_text=True)
        assert "<script>" not in page and "<img" not in page, url


# --- CSRF: forged, missing, stale -----------------------------------------------------------


@pytest.fixture
def strict(tmp_path, template_db):
    """A client of an app with CSRF on, on a copy of the template database."""
    path = tmp_path / "strict.db"
    shutil.copyfile(template_db, path)
    app = make_app(path, WTF_CSRF_ENABLED=True, SECRET_KEY="strict")
    return app, app.test_client(), path


def csrf_token(page: str) -> str:
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)


def other_sessions_token(app) -> str:
    """A well-formed token signed for another browser's session."""
    other = app.test_client()
    return csrf_token(other.get("/games/new").get_data(as_text=True))


WRITES = [
    ("/games/new", new_game_form()),
    ("/handjass/new", {**PLAYERS}),
    (f"{S}/hands", HAND),
    (f"{S}/undo", {}),
    (f"{S}/weis", {"contract": "rosen", "d0": "four:U", "action": "write"}),
    (f"{S}/claim", {"claim_team": "0", "contract": "rosen", "claim_points": "50"}),
    (f"{S}/hands/1", HAND),
    (f"{S}/hands/1/delete", {}),
    (f"{S}/again", {}),
    (f"{HJ}/deals", DEAL),
    (f"{HJ}/undo", {}),
    (f"{HJ}/deals/1/delete", {}),
    ("/phone", {"name": "Anna"}),
    ("/games/import", upload(GOOD)),
]


@pytest.mark.parametrize("token", ["missing", "forged", "other-session"])
@pytest.mark.parametrize(("url", "fields"), WRITES, ids=[url for url, _ in WRITES])
def test_a_post_without_a_valid_csrf_token_changes_nothing(strict, url, fields, token):
    app, client, path = strict
    client.get("/games/new")  # this browser has a session of its own
    fields = dict(fields)
    if token == "forged":
        fields["csrf_token"] = "IjRmZ2VkIg.forged.signature"
    elif token == "other-session":
        fields["csrf_token"] = other_sessions_token(app)
    before = dump(path)
    response = send(client, "POST", url, fields)
    page = response.get_data(as_text=True)
    assert response.status_code == 400, messages(page)
    assert any("nichts gespeichert" in m for m in messages(page))
    assert dump(path) == before


@pytest.mark.parametrize(
    "url",
    [f"{HJ}/deals", f"{HJ}/undo", f"{HJ}/redo", f"{HJ}/deals/1", f"{S}/hands", f"{S}/weis"],
)
def test_an_htmx_post_with_a_stale_token_answers_in_place(strict, url):
    """The panel comes back with the message and a fresh token: never a 500."""
    _app, client, path = strict
    client.get(HJ)
    before = dump(path)
    response = client.post(
        url, data={**DEAL, "csrf_token": "stale"}, headers={"HX-Request": "true"}
    )
    page = response.get_data(as_text=True)
    assert response.status_code in (400, 422), page
    assert "<html" not in page
    assert any("nichts gespeichert" in m for m in messages(page))
    assert dump(path) == before


def test_a_stale_token_on_the_handjass_panel_keeps_what_was_typed(strict):
    _app, client, path = strict
    client.get(HJ)
    typed = {**DEAL, "cards0": "61", "cards1": "49", "csrf_token": "stale"}
    response = client.post(f"{HJ}/deals", data=typed, headers={"HX-Request": "true"})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'value="61"' in page
    fresh = csrf_token(page)
    response = client.post(
        f"{HJ}/deals", data={**typed, "csrf_token": fresh}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert '"cards": 61' in dump(path)
