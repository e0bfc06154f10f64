"""A Passe drawn anew (nothing played at it yet) is drawn from the field as it stands: a player
added since its draw is seated or sits out in it, one who left since is in it no more; the
plan page says so before, the record after, the stored players agree (so the export imports),
and a stale page or too few players change nothing."""

from __future__ import annotations

import copy
import io
import json
import re

import pytest

from scorer.club import exchange
from scorer.club.event import Player, redraw_field
from scorer.exchange import ImportProblem
from tests.web.test_club_exchange import hand_made_document
from tests.web.test_club_pages import PAIRS, TEN, evening, rows, seat_plan, text, version


def set_up(client, app, players, **changes) -> str:
    """An evening of these players (3 Passen), Passe 1 drawn: the leader's page's path."""
    form = evening(players="\n".join(players), passen="3", **changes)
    leader = client.post("/abend/neu", data=form).headers["Location"]
    drawn = client.post(f"{leader}/auslosen", data={"passe": "1", "seen": version(app)})
    assert drawn.status_code == 303
    return leader


def redraw(client, app, leader: str, reason: str, seen: str | None = None):
    seen = version(app) if seen is None else seen
    return client.post(f"{leader}/passe/1/neu", data={"reason": reason, "seen": seen})


def field(page: str) -> tuple[list[str], list[str]]:
    """Who sits at a table of a seat plan page, and who sits out."""
    seated = sorted(name for table in seat_plan(page) for name in table)
    out = re.findall(r"Setzt aus \(Joker\): ([^<]+)<", page)
    return seated, sorted(out[0].split(", ")) if out else []


def joined_left(app, name: str) -> tuple:
    return rows(app, f"SELECT joined, left FROM event_players WHERE name = '{name}'")[0]


def exported_imports(client, leader: str) -> bool:
    exported = client.get(f"{leader}/export.json").get_data()
    file = (io.BytesIO(exported), "abend.json")
    answer = client.post("/abend/importieren", data={"file": file, "once": "redrawn-field"})
    return answer.status_code == 303


def test_a_player_added_since_the_draw_plays_the_passe_drawn_anew(client, app):
    leader = set_up(client, app, TEN[:8])
    added = client.post(f"{leader}/spieler", data={"names": "Ida", "seen": version(app)})
    assert added.status_code == 303
    assert joined_left(app, "Ida") == (2, None)
    before = text(client.get(f"{leader}/passe/1"))
    assert "Ida" not in sum(field(before), [])
    assert re.search(r'id="redraw-came"[^>]*>Seit dieser Auslosung dazugekommen: Ida\.', before)
    assert redraw(client, app, leader, "Ida ist da").status_code == 303
    seated, out = field(text(client.get(f"{leader}/passe/1")))
    assert sorted(seated + out) == sorted([*TEN[:8], "Ida"]) and len(out) == 1
    assert joined_left(app, "Ida") == (1, None)
    page = text(client.get(leader))
    assert page.index("ab Passe 1 dabei: Ida") < page.index("Passe 1 neu gelost: Ida ist da")
    assert "redraw-came" not in text(client.get(f"{leader}/passe/1"))
    assert exported_imports(client, leader)


def test_a_player_gone_since_the_draw_is_left_out_of_the_passe_drawn_anew(client, app):
    leader = set_up(client, app, TEN[:9])
    # One of nine sits out, as the draw falls: the one who leaves is one who was seated.
    tables = rows(app, "SELECT key, seats FROM event_tables")
    number = json.loads(tables[0][1])[0]
    gone = TEN[number]
    assert client.post(f"{leader}/spieler/{number}/weg", data={"seen": version(app)}).status_code
    assert joined_left(app, gone) == (1, 1)
    before = text(client.get(f"{leader}/passe/1"))
    assert gone in sum(field(before), [])  # as drawn, they still play Passe 1
    assert re.search(rf'id="redraw-gone"[^>]*>Seit dieser Auslosung gegangen: {gone}\.', before)
    old = [key for key, seats in tables if number in json.loads(seats)]
    assert len(old) == 1
    assert redraw(client, app, leader, f"{gone} muss weg").status_code == 303
    for key in old:  # their table's phone: where its players sit now, and that they are gone
        page = text(client.get(f"/tisch/{key}"))
        assert re.search(rf'id="left"[^>]*>Nicht mehr dabei: {gone}<', page)
        assert not re.search(rf"Setzt aus \(Joker\): [^<]*{gone}", page)
    seated, out = field(text(client.get(f"{leader}/passe/1")))
    assert seated == sorted(n for n in TEN[:9] if n != gone) and out == []
    assert joined_left(app, gone) == (1, 0)
    assert f"{gone} spielt nicht mit" in text(client.get(leader))
    drawn = client.post(f"{leader}/auslosen", data={"passe": "2", "seen": version(app)})
    assert drawn.status_code == 303
    assert gone not in sum(field(text(client.get(f"{leader}/passe/2"))), [])
    assert exported_imports(client, leader)


def test_a_fixed_pair_added_since_the_draw_plays_the_passe_drawn_anew(client, app):
    leader = set_up(client, app, PAIRS[:4], partners="fixed")
    added = client.post(f"{leader}/spieler", data={"names": "Kurt + Lena", "seen": version(app)})
    assert added.status_code == 303
    assert redraw(client, app, leader, "Kurt und Lena sind da").status_code == 303
    seated, out = field(text(client.get(f"{leader}/passe/1")))
    assert {"Kurt", "Lena"} <= set(seated + out) and len(out) in (0, 2)
    assert joined_left(app, "Kurt") == joined_left(app, "Lena") == (1, None)


def test_a_stale_page_redraws_nothing_and_moves_nobody(client, app):
    leader = set_up(client, app, TEN[:5])
    seen = version(app)
    assert client.post(f"{leader}/spieler/0/weg", data={"seen": seen}).status_code == 303
    stale = redraw(client, app, leader, "Anna geht", seen=seen)
    assert stale.status_code == 409
    assert "Ein anderes Handy hat den Abend eben geändert" in text(stale)
    assert joined_left(app, "Anna") == (1, 1)
    assert rows(app, "SELECT count(*) FROM event_draws") == [(1,)]


def test_a_redraw_that_would_leave_too_few_is_refused_and_moves_nobody(client, app):
    leader = set_up(client, app, TEN[:4])
    assert client.post(f"{leader}/spieler/0/weg", data={"seen": version(app)}).status_code == 303
    refused = redraw(client, app, leader, "Anna geht")
    assert refused.status_code == 422
    assert "Eine Auslosung braucht mindestens 4 Spieler, nicht 3." in text(refused)
    assert joined_left(app, "Anna") == (1, 1)
    assert rows(app, "SELECT count(*) FROM event_draws") == [(1,)]


def test_the_field_of_a_redraw_reads_who_came_and_went_while_the_passe_was_the_latest():
    players = [
        Player(0, "Anna"),
        Player(1, "Beat", left=1),  # went after Passe 1 was drawn
        Player(2, "Clara", left=0),  # went before it
        Player(3, "Dani", joined=2),  # came after it was drawn
        Player(4, "Eva", joined=2, left=1),  # came and went again after it: never plays
        Player(5, "Fritz", joined=1),
    ]
    said = redraw_field(players, 1)
    assert (said.playing, said.came, said.gone) == ((0, 3, 5), (3,), (1,))


def test_a_file_whose_redraw_left_out_a_player_who_went_imports_and_no_other():
    """The first draw of Passe 1 seated P8, who left before it (`left` 0) when the redraw took
    him out: that file imports. A latest draw seating him is refused, as ever."""
    document = hand_made_document()
    document["players"].append({"number": 8, "name": "P8", "joined": 1, "left": 0})
    first = copy.deepcopy(document["draws"][0])
    first["plan"]["sit_out"] = [8]
    redrawn = {**copy.deepcopy(document["draws"][0]), "reason": "P8 ging"}
    redrawn["plan"]["attempt"] = 1
    document["draws"] = [first, redrawn]
    read = exchange.load(document)
    assert [d.plan.sit_out for d in read.draws] == [(8,), ()]
    document["draws"] = [redrawn | {"reason": None}, first | {"reason": "P8 kam doch"}]
    with pytest.raises(ImportProblem) as refused:
        exchange.load(document)
    said = refused.value.code.values
    assert said["where"] == "draws" and said["problem"] == ("club_import_seated", {"passe": 1})
