"""Entering hands on the panel: scores, Weis and Stöck, undo, edit, delete, the end of a game."""

import re

import pytest

from tests.conftest import errors_in, link, new_game_form, numbered, totals_in


@pytest.fixture
def game(client):
    """A running four-player game to 2500 with the modern multipliers; its page URL."""
    client.post("/games/new", data=new_game_form())
    return "/games/1"


def post_hand(client, game, **fields):
    data = {"points_team": "0", **fields}
    return client.post(f"{game}/hands", data=data)


def test_bells_times_two_with_90_points(client, game):
    assert post_hand(client, game, contract="schellen", points="90").status_code == 303
    html = client.get(game).get_data(as_text=True)
    assert totals_in(html) == (180, 134)
    assert "Stich 90 : 67" in html


def test_a_weis_in_the_history_says_what_the_slate_counts(client, game):
    """The Weis beside the hand's score says its multiplier: 50 ×2 = 100 inside +280."""
    post_hand(client, game, contract="schellen", points="90", weis_a="50")
    post_hand(client, game, contract="rosen", points="90", weis_b="20")
    html = client.get(game).get_data(as_text=True)
    first = html.split('id="row-1"')[1].split("</li>")[0]
    assert "Stich 90 : 67 · Weis Wir 50 ×2 = 100" in first
    assert re.search(r'class="team-0">\+280 <b>280</b>', first)  # (90 + 50) × 2
    second = html.split('id="row-2"')[1].split("</li>")[0]
    assert "Stich 90 : 67 · Weis Ihr 20<" in second.replace("\n", "")  # ×1: no sum to show


def test_points_of_the_other_team(client, game):
    post_hand(client, game, contract="rosen", points="40", points_team="1")
    assert totals_in(client.get(game).get_data(as_text=True)) == (117, 40)


def test_match_gives_257_times_the_multiplier(client, game):
    post_hand(client, game, contract="obenabe", match="y", points_team="1")
    html = client.get(game).get_data(as_text=True)
    assert totals_in(html) == (0, 771)
    assert "Match Ihr" in html


def test_157_is_not_a_match(client, game):
    post_hand(client, game, contract="rosen", points="157")
    html = client.get(game).get_data(as_text=True)
    assert totals_in(html) == (157, 0)
    assert "Match" not in html.split('class="history"')[1].split("</section>")[0]


def test_weis_and_stoeck_are_multiplied(client, game):
    post_hand(
        client, game, contract="schellen", points="100", weis_a="50", stoeck_b="y", points_team="0"
    )
    # Wir: (100 + 50) x 2 = 300; Ihr: (57 + 20) x 2 = 154
    assert totals_in(client.get(game).get_data(as_text=True)) == (300, 154)


def test_weis_written_before_the_tricks_opens_the_hand(client, game):
    response = post_hand(client, game, contract="obenabe", weis_a="120")
    assert response.status_code == 303
    html = client.get(game).get_data(as_text=True)
    assert totals_in(html) == (360, 0)
    assert "Läuft in Obenabe ×3" in html
    assert re.search(r'value="rosen"[^>]*disabled', html)
    assert not re.search(r'value="obenabe"[^>]*disabled', html)
    post_hand(client, game, contract="obenabe", points="80")
    html = client.get(game).get_data(as_text=True)
    assert totals_in(html) == (360 + 240, 231)
    assert "Läuft in" not in html


def test_stoeck_can_follow_on_the_open_hand(client, game):
    post_hand(client, game, contract="rosen", weis_b="20")
    post_hand(client, game, contract="rosen", stoeck_a="y")
    post_hand(client, game, contract="rosen", points="60")
    assert totals_in(client.get(game).get_data(as_text=True)) == (80, 117)


def test_htmx_gets_the_live_fragment(client, game):
    response = client.post(
        f"{game}/hands",
        data={"contract": "schellen", "points": "90", "points_team": "0"},
        headers={"HX-Request": "true"},
    )
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html.startswith('<div id="live" data-seen="1-')
    assert "<html" not in html
    assert totals_in(html) == (180, 134)
    assert "HX-Request" in response.headers["Vary"]


def test_undo_takes_back_the_last_hand(client, game):
    post_hand(client, game, contract="schellen", points="90")
    post_hand(client, game, contract="rosen", points="50")
    client.post(f"{game}/undo")
    html = client.get(game).get_data(as_text=True)
    assert totals_in(html) == (180, 134)
    assert 'id="row-2"' not in html


def test_editing_an_earlier_hand_recomputes_the_totals(client, game):
    post_hand(client, game, contract="schellen", points="90")
    post_hand(client, game, contract="rosen", points="50")
    page = client.get(f"{game}/hands/1").get_data(as_text=True)
    assert 'value="90"' in page
    response = client.post(
        f"{game}/hands/1", data={"contract": "obenabe", "points": "90", "points_team": "0"}
    )
    assert response.status_code == 303
    assert totals_in(client.get(game).get_data(as_text=True)) == (270 + 50, 201 + 107)


def test_the_edit_page_names_the_hands_vorhand_and_whether_it_was_shoved(client, game):
    post_hand(client, game, contract="schellen", points="90")
    post_hand(client, game, contract="rosen", points="50", shoved="y")
    who = r'<div class="who">\s*<span>(.*?)</span>\s*<label class="toggle">(.*?)</label>'
    first = re.search(who, client.get(f"{game}/hands/1").get_data(as_text=True), re.S)
    second = re.search(who, client.get(f"{game}/hands/2").get_data(as_text=True), re.S)
    assert first.group(1) == "Hand 1: Vorhand <b>Anna</b>"
    assert first.group(2).endswith('value="y"> gschobe → Clara')
    assert second.group(1) == "Hand 2: Vorhand <b>Ben</b>"
    assert second.group(2).endswith('value="y" checked> gschobe → Dani')


def test_deleting_an_earlier_hand(client, game):
    post_hand(client, game, contract="schellen", points="90")
    post_hand(client, game, contract="rosen", points="50")
    assert client.post(f"{game}/hands/1/delete").status_code == 303
    html = client.get(game).get_data(as_text=True)
    assert totals_in(html) == (50, 107)


def test_an_edit_that_would_end_the_game_early_is_refused(client):
    client.post("/games/new", data=new_game_form(target="400", preset="custom"))
    client.post("/games/1/hands", data={"contract": "rosen", "points": "100", "points_team": "0"})
    client.post("/games/1/hands", data={"contract": "rosen", "points": "100", "points_team": "0"})
    response = client.post(
        "/games/1/hands/1", data={"contract": "undenufe", "points": "150", "points_team": "0"}
    )
    assert response.status_code == 422
    assert (
        "Nach Hand 1 ist das Spiel schon entschieden"
        in errors_in(response.get_data(as_text=True))["game"]
    )
    assert totals_in(client.get("/games/1").get_data(as_text=True)) == (200, 114)


def test_reaching_the_target_ends_the_game_with_schneider(client):
    client.post("/games/new", data=new_game_form(target="1000", preset="custom"))
    client.post("/games/1/hands", data={"contract": "undenufe", "match": "y", "points_team": "0"})
    client.post("/games/1/hands", data={"contract": "obenabe", "points": "100", "points_team": "0"})
    html = client.get("/games/1").get_data(as_text=True)
    assert totals_in(html) == (771 + 300, 171)
    assert "Wir gewinnt doppelt: Ihr ist Schneider" in html
    assert 'id="panel"' not in html
    response = client.post(
        "/games/1/hands", data={"contract": "rosen", "points": "50", "points_team": "0"}
    )
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True))["game"].startswith(
        "Das Spiel ist entschieden"
    )


def test_a_change_after_the_end_is_one_line_while_the_game_goes_on(client):
    """Taking back the deciding hand reopens the game: the change stays on the page, as one
    line (it would push the panel off the screen hand after hand), open once it is decided."""
    client.post("/games/new", data=new_game_form(target="1000", preset="custom"))
    client.post("/games/1/hands", data={"contract": "undenufe", "match": "y", "points_team": "0"})
    client.post("/games/1/hands", data={"contract": "obenabe", "points": "100", "points_team": "0"})
    client.post("/games/1/undo")
    html = client.get("/games/1").get_data(as_text=True)
    box = html.split('<details class="card after-end" id="after-end"')[1].split("</details>")[0]
    assert box.startswith(">")  # closed
    assert "<summary>Nach Spielende geändert (1)</summary>" in box
    assert "Hand 2 zurückgenommen" in box
    assert "nach Spielende geändert: vorher Wir gewinnt, Ihr ist Schneider, jetzt noch nicht" in box
    assert 'id="panel"' in html
    client.post("/games/1/hands", data={"contract": "obenabe", "points": "90", "points_team": "0"})
    html = client.get("/games/1").get_data(as_text=True)
    assert "Wir gewinnt" in html
    assert '<details class="card after-end" id="after-end" open>' in html


def test_both_over_the_target_asks_who_claimed_first(client):
    client.post("/games/new", data=new_game_form(target="200", preset="custom"))
    client.post("/games/1/hands", data={"contract": "obenabe", "points": "80", "points_team": "0"})
    html = client.get("/games/1").get_data(as_text=True)
    assert "Beide Teams über 200" in html
    client.post("/games/1/first-claim", data={"team": "1"})
    html = client.get("/games/1").get_data(as_text=True)
    assert "Ihr gewinnt" in html
    assert "ist Schneider" not in html


def test_the_game_list_shows_running_and_finished_games(client):
    client.post("/games/new", data=new_game_form())
    client.post("/games/new", data=new_game_form(target="100", preset="custom", team_a="Blau"))
    client.post("/games/2/hands", data={"contract": "rosen", "points": "120", "points_team": "0"})
    html = numbered(client, client.get("/").get_data(as_text=True))
    running, finished = html.split("Beendete Spiele")
    assert "/games/1" in running and "/games/2" not in running
    assert "Blau gewinnt" in finished


def test_a_new_game_with_the_same_teams_and_rules(client):
    client.post("/games/new", data=new_game_form(target="300", preset="custom"))
    client.post("/games/1/hands", data={"contract": "rosen", "points": "100", "points_team": "0"})
    # Wir 100 + 220 = 320 reaches 300; Ihr 57 + 94 = 151 is not Schneider.
    client.post(
        "/games/1/hands", data={"contract": "schellen", "points": "110", "points_team": "0"}
    )
    assert "Wir gewinnt" in client.get("/games/1").get_data(as_text=True)
    response = client.post("/games/1/again")
    assert response.headers["Location"] == link(client, "/games/2")
    html = client.get("/games/2").get_data(as_text=True)
    assert totals_in(html) == (0, 0)
    assert "Ziel 300" in html
    # Two hands were played (Anna, Ben were Vorhand): Clara is Vorhand in the new game.
    assert "Vorhand <b>Clara</b>" in html and "Ben gibt" in html
    assert "Wir gewinnt" in client.get("/games/1").get_data(as_text=True)


def test_an_entry_answers_with_only_the_history_row_it_touched(client, game):
    htmx = {"HX-Request": "true"}
    for points in ("62", "90", "40"):
        post_hand(client, game, contract="rosen", points=points)
    html = client.post(
        f"{game}/hands", data={"contract": "rosen", "points": "80"}, headers=htmx
    ).get_data(as_text=True)
    assert totals_in(html) == (62 + 90 + 40 + 80, 95 + 67 + 117 + 77)
    assert '<ol hx-swap-oob="afterbegin:#rows"><li class="row" id="row-4"' in html
    assert 'id="row-3"' not in html and 'id="history"' not in html
    # Weis before the tricks opens hand 5; the tricks then replace its row, nothing else.
    post_hand(client, game, contract="obenabe", weis_a="50")
    html = client.post(
        f"{game}/hands", data={"contract": "obenabe", "points": "100"}, headers=htmx
    ).get_data(as_text=True)
    assert re.search(r'<li class="row" id="row-5"[^>]*hx-swap-oob="outerHTML"', html)
    assert "Stich 100 : 57 · Weis Wir 50" in html and 'id="row-4"' not in html
    html = client.post(f"{game}/undo", headers=htmx).get_data(as_text=True)
    assert '<li id="row-5" hx-swap-oob="delete"></li>' in html
    assert "Hand 5 zurückgenommen." in html
    html = client.post(f"{game}/redo", headers=htmx).get_data(as_text=True)
    assert '<ol hx-swap-oob="afterbegin:#rows"><li class="row" id="row-5"' in html
    assert totals_in(html) == (272 + 450, 356 + 171)  # (100 + 50) x 3 : 57 x 3


def test_a_hand_from_a_plain_panel_keeps_the_panel_and_sends_what_moves_on(client, game):
    plain = {"HX-Request": "true", "Jass-Panel": "plain"}
    page = client.get(game).get_data(as_text=True)
    assert """hx-headers='{"Jass-Panel": "plain"}'""" in page  # the panel says it is plain
    response = client.post(
        f"{game}/hands", data={"contract": "rosen", "points": "62"}, headers=plain
    )
    html = response.get_data(as_text=True)
    assert response.headers["HX-Trigger-After-Swap"] == "panel-kept"
    assert totals_in(html) == (62, 95)
    # The page keeps its panel; hand 2 (Vorhand Ben, Ihr's points, Anna deals) comes out of band.
    assert '<form id="panel" hx-preserve></form>' in html and 'id="points"' not in html
    assert re.search(
        r'<div id="next" data-number="2" hx-swap-oob="true">.*Hand 2: Vorhand <b>Ben</b>',
        html,
        re.S,
    )
    assert '<span class="dealer" id="dealer" hx-swap-oob="true">Anna gibt</span>' in html
    team = re.search(r'id="points-team".*?</div>', html, re.S).group(0)
    assert 'value="1" checked' in team and 'value="0" checked' not in team
    assert re.search(r'<input type="hidden" name="seen" value="1-', html)

    # Weis before the tricks opens hand 2: the panel changes (the hand runs), so it is sent.
    html = client.post(
        f"{game}/hands", data={"contract": "obenabe", "weis_a": "50"}, headers=plain
    ).get_data(as_text=True)
    assert "hx-preserve" not in html and "Läuft in Obenabe ×3." in html
    # Without the page saying its panel is plain, the whole panel comes too.
    html = client.post(
        f"{game}/hands",
        data={"contract": "obenabe", "points": "100"},
        headers={"HX-Request": "true"},
    ).get_data(as_text=True)
    assert "hx-preserve" not in html and 'id="points"' in html and "Hand 3: Vorhand" in html


def test_the_hands_ahead_name_each_vorhand_partner_dealer_and_team_escaped(client):
    """Every hand of a round of the table (for entries kept on a phone without network): in
    turn around the table its Vorhand, partner and dealer, the team of its Vorhand, and the
    place of its number; names as text, never as markup. The panel says its own number."""
    client.post("/games/new", data=new_game_form(seat2="<i>Bé&n</i>"))
    plain = {"HX-Request": "true", "Jass-Panel": "plain"}
    html = client.post(
        "/games/1/hands", data={"contract": "rosen", "points": "62"}, headers=plain
    ).get_data(as_text=True)
    ahead = re.findall(
        r'<template data-turn="(\d)" data-team="(\d)" data-dealer="([^"]*)"><span>Hand '
        r"<span data-n></span>: Vorhand <b>([^<]*)</b></span>\s*<label class=\"toggle\">"
        r'<input id="shoved" name="shoved" type="checkbox" value="y"> gschobe → ([^<]*)</label>'
        r"</template>",
        html,
    )
    ben = "&lt;i&gt;Bé&amp;n&lt;/i&gt;"
    seats = ["Anna", ben, "Clara", "Dani"]  # hand 1's Vorhand is the first seat
    dealer = [f"{seats[(t + 3) % 4]} gibt".replace("&", "&amp;") for t in range(4)]
    assert ahead == [
        (str(t), str(t % 2), dealer[t], seats[t], seats[(t + 2) % 4]) for t in range(4)
    ]
    assert '<div id="next" data-number="2"' in html
    assert "<i>" not in html


def test_a_rows_contract_says_its_own_games_multiplier_in_the_phones_language(client):
    """The contract of a history row is rendered once per process and kept: kept by the
    deck, the contract, its multiplier and the language, so another game or phone gets its own."""
    client.post("/games/new", data=new_game_form())  # Schellen x2
    client.post("/games/new", data=new_game_form(preset="custom", mult_schellen="4"))
    for number in (1, 2):
        hand = {"contract": "schellen", "points": "90", "points_team": "0"}
        assert post_hand(client, f"/games/{number}", **hand).status_code == 303

    def what(game, language="de"):
        client.set_cookie("lang", language)
        html = client.get(game).get_data(as_text=True)
        label = re.search(r'id="row-1".*?<span class="what">(.*?)</span>', html, re.S).group(1)
        return label.rsplit("</svg>", 1)[1].strip()

    assert [what("/games/1"), what("/games/2")] == ["Schellen ×2", "Schellen ×4"]
    assert [what("/games/1", "fr"), what("/games/2", "fr")] == ["Grelots ×2", "Grelots ×4"]


def test_the_hand_that_ends_the_game_sends_no_panel_to_keep(client):
    client.post("/games/new", data=new_game_form(target="300", preset="custom"))
    plain = {"HX-Request": "true", "Jass-Panel": "plain"}
    client.post("/games/1/hands", data={"contract": "rosen", "points": "100", "points_team": "0"})
    response = client.post(
        "/games/1/hands",
        data={"contract": "schellen", "points": "110", "points_team": "0"},
        headers=plain,
    )
    html = response.get_data(as_text=True)
    assert "Wir gewinnt" in html and 'id="panel"' not in html and 'id="next"' not in html
    assert "HX-Trigger-After-Swap" not in response.headers


def _note_row(html: str) -> str:
    return html.split('<div class="note-row">')[1].split("</div>")[0]


def test_beside_an_undo_is_its_redo_and_beside_a_save_its_undo(client, game):
    """What was just done has the button that takes it back beside it: after an undo the redo
    (a second tap of "Zurück" would take back a second hand), the undo further down."""
    htmx = {"HX-Request": "true"}
    post_hand(client, game, contract="rosen", points="62")
    html = client.post(
        f"{game}/hands", data={"contract": "rosen", "points": "90"}, headers=htmx
    ).get_data(as_text=True)
    assert 'id="undo"' in _note_row(html) and 'id="redo"' not in html
    for undone in (2, 1):
        html = client.post(f"{game}/undo", headers=htmx).get_data(as_text=True)
        row = _note_row(html)
        assert f"Hand {undone} zurückgenommen." in row
        assert "/redo" in row and "Wiederherstellen" in row and 'id="undo"' not in row
        assert html.count('id="redo"') == 1
    assert 'id="undo"' not in html  # nothing left to take back
    html = client.post(f"{game}/redo", headers=htmx).get_data(as_text=True)
    assert "Hand 1 wiederhergestellt." in _note_row(html) and "/redo" in _note_row(html)
    assert "Hand 1 zurücknehmen" in html.split('<div class="actions-row">')[1]
    html = client.post(f"{game}/redo", headers=htmx).get_data(as_text=True)
    row = _note_row(html)  # all brought back: nothing to redo, the undo beside
    assert "Hand 2 wiederhergestellt." in row and 'id="undo"' in row and 'id="redo"' not in html
    assert totals_in(html) == (62 + 90, 95 + 67)


def test_redo_only_until_something_new_is_entered(client, game):
    post_hand(client, game, contract="rosen", points="62")
    post_hand(client, game, contract="rosen", points="90")
    client.post(f"{game}/undo")
    assert 'id="redo"' in client.get(game).get_data(as_text=True)
    post_hand(client, game, contract="schellen", points="40")
    html = client.get(game).get_data(as_text=True)
    assert 'id="redo"' not in html
    response = client.post(f"{game}/redo")
    assert response.status_code == 422
    assert "Nichts wiederherzustellen" in errors_in(response.get_data(as_text=True))["game"]
    assert totals_in(client.get(game).get_data(as_text=True)) == (62 + 80, 95 + 234)


def test_the_previews_say_when_more_points_are_typed_than_a_hand_holds(client, game):
    """Typed 160: no contract button previews a score, and the line under the points says
    why before the tap that would be refused."""
    htmx = {"HX-Request": "true"}
    html = client.get(f"{game}/preview?points=160&points_team=0", headers=htmx).get_data(
        as_text=True
    )
    assert '<b class="too-many">höchstens 157</b>' in html
    assert re.findall(r'id="preview-rosen" hx-swap-oob="true">([^<]*)<', html) == [""]
    html = client.get(f"{game}/preview?points=62&points_team=0", headers=htmx).get_data(
        as_text=True
    )
    assert "too-many" not in html and re.search(
        r'>Wir</span> 62 · <span class="split-name">Ihr</span> 95', html
    )
    assert re.findall(r'id="preview-rosen" hx-swap-oob="true">([^<]*)<', html) == ["62 : 95"]


def test_with_stoeck_ticked_obenabe_and_undenufe_say_why_they_show_no_preview(client, game):
    htmx = {"HX-Request": "true"}
    html = client.get(f"{game}/preview?points=62&points_team=0&stoeck_a=y", headers=htmx).get_data(
        as_text=True
    )
    previews = dict(re.findall(r'id="preview-(\w+)" hx-swap-oob="true">(.*?)</span>', html))
    assert previews["rosen"] == "82 : 95" and previews["schellen"] == "164 : 190"
    why = '<small class="why">Stöck nur mit Trumpf</small>'
    assert previews["obenabe"] == previews["undenufe"] == why
    plain = client.get(f"{game}/preview?points=62&points_team=0", headers=htmx)
    assert "Stöck nur mit Trumpf" not in plain.get_data(as_text=True)  # no Stöck, no word


def test_the_last_hands_deletion_sent_twice_lands_once_and_is_answered_alike(client, game):
    """A double tap on "Löschen" of the last hand: the second post finds the hand gone. It is
    the same form (its `once` is spent), so it gets the first one's answer, not "gibt es
    hier nicht"; an unspent token still gets the 404."""
    post_hand(client, game, contract="schellen", points="90")
    post_hand(client, game, contract="rosen", points="50")
    form = {"once": "tap-once-delete-2"}
    first = client.post(f"{game}/hands/2/delete", data=form)
    again = client.post(f"{game}/hands/2/delete", data=form)
    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    assert totals_in(client.get(game).get_data(as_text=True)) == (180, 134)  # Schellen ×2
    other = client.post(f"{game}/hands/2/delete", data={"once": "another-form"})
    assert other.status_code == 404
