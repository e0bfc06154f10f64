"""A player who came during the evening and one who left: once the last Passe is in, the
standings are final (no "provisorisch") on the leader's page, the projector, the CSV file and
in a replay of the exported evening (issue 33)."""

from __future__ import annotations

import json
import re

from tests.web.test_club_pages import evening
from tests.web.test_club_tables import hand_in, play, rows, text

EIGHT = ["Anna", "Beat", "Clara", "Dani", "Eva", "Fritz", "Greti", "Hans"]


def version(app) -> str:
    return str(rows(app, "SELECT version FROM events")[0][0])


def play_passe(client, app, passe: int) -> None:
    found = rows(app, "SELECT key FROM event_tables WHERE passe = ?", [passe])
    for (key,) in found:
        assert play(client, app, f"/tisch/{key}", 100, 0, 1).status_code == 303
        assert hand_in(client, app, f"/tisch/{key}").status_code == 303


def test_the_standings_are_final_after_the_last_passe_with_players_come_and_gone(
    client, app, tmp_path
):
    form = evening(
        players="\n".join(EIGHT), passen="other", passen_other="2", games="other",
        games_other="1", dropped="y",
    )  # fmt: skip
    leader = client.post("/abend/neu", data=form).headers["Location"]
    assert (
        client.post(f"{leader}/auslosen", data={"passe": "1", "seen": version(app)}).status_code
        == 303
    )
    play_passe(client, app, 1)
    # Hans (number 7) goes home after Passe 1; Ida comes for Passe 2.
    left = client.post(f"{leader}/spieler/7/weg", data={"seen": version(app)})
    assert left.status_code == 303
    came = client.post(f"{leader}/spieler", data={"names": "Ida", "seen": version(app)})
    assert came.status_code == 303
    assert (
        client.post(f"{leader}/auslosen", data={"passe": "2", "seen": version(app)}).status_code
        == 303
    )
    standings = text(client.get(f"{leader}/rangliste"))
    assert 'id="provisional"' in standings  # Passe 2 is being played
    play_passe(client, app, 2)

    standings = text(client.get(f"{leader}/rangliste"))
    assert "provisorisch" not in standings and 'class="provisional"' not in standings
    for name in ("Hans", "Ida"):
        line = re.search(
            rf'<td class="st-name">{name}</td>.*?<td class="total">([^<]*)<', standings, re.S
        )
        assert not line.group(1).endswith("*"), name
    (screen,) = rows(app, "SELECT screen_key FROM events")[0]
    pages = [text(client.get(f"/leinwand/{screen}?seite={n}")) for n in (1, 2, 3)]
    assert any('class="standings"' in p for p in pages)
    assert not any("provisorisch" in p for p in pages)
    csv = client.get(f"{leader}/rangliste.csv").get_data(as_text=True)
    assert not any(line.endswith(",ja") for line in csv.splitlines())
    path = tmp_path / "abend.json"
    path.write_bytes(client.get(f"{leader}/export.json").get_data())
    result = app.test_cli_runner().invoke(args=["replay", str(path)])
    assert result.exit_code == 0, result.output
    state = json.loads(result.output)
    assert not any(row["provisional"] for row in state["standings"])
    by_name = {row["name"]: row for row in state["standings"]}
    assert by_name["Hans"]["passen"][1] is None and by_name["Ida"]["passen"][0] is None
    # Who played both Passen has the worse one struck; Hans and Ida keep the one they played.
    assert sum(r is not None and r["dropped"] for r in by_name["Anna"]["passen"]) == 1
    assert not any(r and r["dropped"] for n in ("Hans", "Ida") for r in by_name[n]["passen"])
