"""The tie-break chain an evening chooses (the Matches among its steps) is stored with it,
ranks its standings, goes with its export and comes back with its import; and a season may give
a point to every place beyond the 10th in Formula-1 points (issue 33)."""

from __future__ import annotations

import io
import json
import re

from tests.web.test_club_pages import evening
from tests.web.test_club_tables import EIGHT, hand_in, play, rows, text

TWELVE = [*EIGHT, "Ida", "Jakob", "Kurt", "Lena"]


def ranks(page: str) -> dict[str, int]:
    found = re.findall(r'<td class="rank">(\d+)\.</td>\s*<td class="st-name">([^<]*)<', page)
    return {name: int(rank) for rank, name in found}


def level_evening(client, app, **options) -> tuple[str, list[int]]:
    """Eight players, one Passe of two games: everyone makes 157, but side A of table 1 with a
    Match. The leader's page and the players of that side (numbers)."""
    form = evening(
        players="\n".join(EIGHT), passen="other", passen_other="1", games="other",
        games_other="2", **options,
    )  # fmt: skip
    leader = client.post("/abend/neu", data=form).headers["Location"]
    client.post(f"{leader}/auslosen", data={"passe": "1", "seen": "0"})
    found = rows(
        app,
        "SELECT key, seats FROM event_tables WHERE event_id = (SELECT max(id) FROM events)"
        " ORDER BY table_no",
    )
    (first, seats), (second, _) = found
    play(client, app, f"/tisch/{first}", "", 0, 1, match="y")
    play(client, app, f"/tisch/{first}", 157, 1, 2)
    play(client, app, f"/tisch/{second}", 100, 0, 1)
    play(client, app, f"/tisch/{second}", 100, 1, 2)
    for key in (first, second):
        assert hand_in(client, app, f"/tisch/{key}").status_code == 303
    return leader, json.loads(seats)[0::2]


def test_the_matches_break_a_tie_where_the_evening_says_so(client, app):
    plain, _ = level_evening(client, app)
    assert set(ranks(text(client.get(f"{plain}/rangliste"))).values()) == {1}
    leader, matched = level_evening(client, app, tie1="matches", tie2="passen", once="2")
    setup = json.loads(rows(app, "SELECT setup FROM events WHERE id = 2")[0][0])
    assert setup["tie_break"] == ["matches", "passen"]
    assert "tie_break" not in json.loads(rows(app, "SELECT setup FROM events WHERE id = 1")[0][0])
    summary = re.search(r'id="event-summary">([^<]*)<', text(client.get(leader))).group(1)
    assert summary.endswith(
        " · bei Gleichstand: mehr Matchs, dann die besseren Passen"
        " (die beste, dann die zweitbeste …)"
    )
    shown = ranks(text(client.get(f"{leader}/rangliste")))
    assert {name for name, rank in shown.items() if rank == 1} == {EIGHT[p] for p in matched}
    assert sorted(shown.values()) == [1, 1, 3, 3, 3, 3, 3, 3]
    # Exported with the evening, imported with it, replayed alike.
    exported = client.get(f"{leader}/export.json").get_data()
    assert json.loads(exported)["event"]["tie_break"] == ["matches", "passen"]
    upload = {"file": (io.BytesIO(exported), "abend.json")}
    imported = client.post("/abend/importieren", data=upload, content_type="multipart/form-data")
    assert imported.status_code == 303
    again = ranks(text(client.get(f"{imported.headers['Location']}/rangliste")))
    assert again == shown


def test_an_old_export_without_a_tie_break_imports_with_the_better_passen(client, app):
    leader, _ = level_evening(client, app)
    document = json.loads(client.get(f"{leader}/export.json").get_data())
    assert "tie_break" not in document["event"]
    upload = {"file": (io.BytesIO(json.dumps(document).encode()), "abend.json")}
    imported = client.post("/abend/importieren", data=upload, content_type="multipart/form-data")
    assert imported.status_code == 303
    assert set(ranks(text(client.get(f"{imported.headers['Location']}/rangliste")))) == set(EIGHT)
    broken = {**document, "event": {**document["event"], "tie_break": ["coin"]}}
    upload = {"file": (io.BytesIO(json.dumps(broken).encode()), "abend.json")}
    refused = client.post("/abend/importieren", data=upload, content_type="multipart/form-data")
    assert refused.status_code == 422
    assert "Die Einstellungen des Abends sind unlesbar." in text(refused)


def test_a_season_may_give_a_point_to_every_place_beyond_the_tenth(client, app):
    """Twelve players, one game at each of three tables: ranks 1, 3, 5, 7, 9 and 11, two players
    each; the two on 11th place get no Formula-1 points, or 1 each where the season says so."""
    form = evening(
        players="\n".join(TWELVE), passen="other", passen_other="1", games="other",
        games_other="1",
    )  # fmt: skip
    leader = client.post("/abend/neu", data=form).headers["Location"]
    client.post(f"{leader}/auslosen", data={"passe": "1", "seen": "0"})
    keys = [k for (k,) in rows(app, "SELECT key FROM event_tables ORDER BY table_no")]
    for key, points in zip(keys, (100, 90, 80), strict=True):
        play(client, app, f"/tisch/{key}", points, 0, 1)
        hand_in(client, app, f"/tisch/{key}")

    def season(url: str) -> list[int]:
        page = text(client.get(url))
        return sorted(int(t) for t in re.findall(r'<td class="total">(\d+)</td>', page))

    assert season("/saison?abend=1&f1=1") == [0, 0, 2, 2, 6, 6, 10, 10, 15, 15, 25, 25]
    assert season("/saison?abend=1&f1=1&weitere=1") == [1, 1, 2, 2, 6, 6, 10, 10, 15, 15, 25, 25]
    page = text(client.get("/saison?abend=1&f1=1"))
    assert re.search(r'<input checked id="weitere-0" name="weitere" type="radio" value="0">', page)
