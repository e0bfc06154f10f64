"""Handjass on a phone: three deals for four players, read back from the corners of the slate."""

import re

from playwright.sync_api import Page, expect


def _deal(phone: Page, trump: str, points: dict[int, int], out=(), draw: str | None = None):
    phone.locator(f".trump-pick label:has(input[value={trump}])").tap()
    for seat in out:
        phone.locator(f"#player-{seat} label:has(input[value=out])").tap()
    for seat, value in points.items():
        phone.fill(f"input[name=cards{seat}]", str(value))
    with phone.expect_response(lambda r: r.url.endswith("/deals")) as answer:
        phone.locator("#save-deal").tap()
    if draw is not None:
        assert answer.value.status == 422
        # The draw is a question for the table, not a refusal.
        expect(phone.locator("#draw[role=alertdialog] #question-draw")).to_be_visible()
        expect(phone.locator("#live .error")).to_have_count(0)
        with phone.expect_response(lambda r: r.url.endswith("/deals")):
            phone.locator(f"#draw button:text-is('{draw}')").tap()
    expect(phone.locator("#live")).to_be_visible()


def _corner(phone: Page, seat: int) -> dict[str, int]:
    svg = phone.locator(f"svg.corner-svg[data-seat='{seat}']")
    return {
        "strokes": int(svg.get_attribute("data-strokes")),
        "potatoes": int(svg.get_attribute("data-potatoes")),
        "lines": svg.locator("line").count(),
        "circles": svg.locator("circle.potato").count(),
    }


def test_three_deals_for_four_players(phone: Page, live_server: str):
    phone.goto(f"{live_server}/handjass/new")
    for seat, name in enumerate(("Anna", "Ben", "Clara", "Dani"), 1):
        phone.fill(f"input[name=seat{seat}]", name)
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/handjass/[\w-]{24}$"))  # the game, not the set-up page
    expect(phone.locator("#deal .who")).to_contain_text("Spiel 1: Dani gibt, Vorhand Anna")

    # 1: 60, 50, 25, 22: strokes to Anna and Ben, potatoes to Clara and Dani.
    _deal(phone, "rosen", {0: 60, 1: 50, 2: 25, 3: 22})
    expect(phone.locator("#deal .who")).to_contain_text("Spiel 2: Anna gibt, Vorhand Ben")
    # 2: Dani drops out; Ben 80 and Anna 40 take the strokes, Clara's 37 is safe.
    _deal(phone, "schellen", {0: 40, 1: 80, 2: 37}, out=(3,))
    # 3: Ben and Clara tie with 40 for the second stroke; Ben draws the higher card.
    _deal(phone, "eicheln", {0: 60, 1: 40, 2: 40, 3: 17}, draw="Ben")

    expect(phone.locator(".figures .net b")).to_have_text(["3", "3", "-1", "-2"])
    assert _corner(phone, 0) == {"strokes": 3, "potatoes": 0, "lines": 3, "circles": 0}
    assert _corner(phone, 1) == {"strokes": 3, "potatoes": 0, "lines": 3, "circles": 0}
    assert _corner(phone, 2) == {"strokes": 0, "potatoes": 1, "lines": 0, "circles": 1}
    assert _corner(phone, 3) == {"strokes": 0, "potatoes": 2, "lines": 0, "circles": 2}
    expect(phone.locator("#row-3 .ruling-lines")).to_contain_text(
        "Gleichstand mit 40: Ben zieht die höhere Karte."
    )
    expect(phone.locator("#deal .who")).to_contain_text("Spiel 4: Clara gibt, Vorhand Dani")
    # The panel is fresh for the next deal.
    expect(phone.locator("input[name=cards0]")).to_have_value("")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def _keypad(phone: Page, digits: str) -> None:
    """Type into the field tapped last, on the panel's keypad (a key a digit)."""
    for digit in digits:
        phone.locator(f'.keypad [data-digit="{digit}"]').tap()


def _new_four(phone: Page, live_server: str) -> None:
    phone.goto(f"{live_server}/handjass/new")
    for seat, name in enumerate(("Anna", "Ben", "Clara", "Dani"), 1):
        phone.fill(f"input[name=seat{seat}]", name)
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url(re.compile(r"/handjass/[\w-]{24}$"))  # the game, not the set-up page


def test_the_rest_of_157_is_one_tap(phone: Page, live_server: str):
    _new_four(phone, live_server)
    phone.locator(".trump-pick label:has(input[value=rosen])").tap()
    expect(phone.locator("#rest-text")).to_have_text(
        "Ein Punktefeld leer lassen: es bekommt den Rest auf 157."
    )
    for seat, points in ((0, "50"), (1, "40"), (2, "45")):
        phone.locator(f"#cards{seat}").tap()
        _keypad(phone, points)
    expect(phone.locator("#rest-text")).to_have_text("Rest für Dani: 157 − 135 = 22")
    rest = phone.locator("#rest-fill")
    expect(rest).to_have_text("22 für Dani eintragen")
    rest.tap()
    expect(phone.locator("#cards3")).to_have_value("22")
    expect(phone.locator("#rest-text")).to_have_text("Zusammen 157 ✓")
    with phone.expect_response(lambda r: r.url.endswith("/deals")) as answer:
        phone.locator("#save-deal").tap()
    assert answer.value.status == 200
    row = phone.locator("#row-1")
    expect(row.locator(".row-detail")).to_have_text("Anna 50 · Ben 40 · Clara 45 · Dani 22")
    expect(row.locator(".ruling-lines")).to_contain_text("Striche: Anna 1 Strich, Clara 1 Strich.")
    expect(row.locator(".ruling-lines")).to_contain_text("Härdöpfel (unter 26): Dani.")
    expect(phone.locator(".figures .net b")).to_have_text(["1", "0", "1", "-1"])
    assert _corner(phone, 0)["lines"] == 1 and _corner(phone, 3)["circles"] == 1
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_rest_box_answering_leaves_the_page_where_the_thumb_is(phone: Page, live_server: str):
    """Typing the last player's points far down the page: the rest box's answer (sent as each
    digit is typed) does not scroll the page back to the slate under the thumb."""
    _new_four(phone, live_server)
    phone.locator(".trump-pick label:has(input[value=rosen])").tap()
    for seat, points in ((0, "50"), (1, "40")):
        phone.locator(f"#cards{seat}").tap()
        _keypad(phone, points)
    phone.locator("#save-deal").scroll_into_view_if_needed()
    phone.locator("#cards2").tap()
    scrolled = phone.evaluate("scrollY")
    assert scrolled > 0
    _keypad(phone, "45")
    expect(phone.locator("#rest-text")).to_have_text("Rest für Dani: 157 − 135 = 22")
    phone.wait_for_timeout(100)  # the swap settles 20 ms after it lands
    assert phone.evaluate("scrollY") == scrolled


def test_points_that_do_not_add_up_are_a_question(phone: Page, live_server: str, tmp_path):
    _new_four(phone, live_server)
    phone.locator(".trump-pick label:has(input[value=rosen])").tap()
    for seat, points in enumerate(("50", "40", "35", "20")):
        phone.fill(f"#cards{seat}", points)
    with phone.expect_response(lambda r: r.url.endswith("/deals")) as answer:
        phone.locator("#save-deal").tap()
    assert answer.value.status == 422
    question = phone.locator("#question-sum[role=alertdialog]")
    expect(question).to_be_visible()
    expect(question).to_contain_text("Die Punkte ergeben zusammen 145, nicht 157.")
    expect(phone.locator("#live .error")).to_have_count(0)
    expect(phone.locator("#rows li.row")).to_have_count(0)
    expect(question).to_be_in_viewport()
    phone.screenshot(path=str(tmp_path / "question.png"))
    # "Korrigieren": the question goes, the points stay to be changed.
    phone.locator("#question-fix").tap()
    expect(question).to_have_count(0)
    expect(phone.locator("#cards0")).to_be_focused()
    with phone.expect_response(lambda r: r.url.endswith("/deals")):
        phone.locator("#save-deal").tap()
    # "Trotzdem speichern": written as counted.
    with phone.expect_response(lambda r: r.url.endswith("/deals")) as answer:
        phone.locator("#confirm-sum").tap()
    assert answer.value.status == 200
    row = phone.locator("#row-1")
    expect(row.locator(".row-detail")).to_have_text("Anna 50 · Ben 40 · Clara 35 · Dani 20")
    expect(phone.locator(".figures .net b")).to_have_text(["1", "1", "0", "-1"])


def _switched_off(phone: Page, seat: int) -> list:
    """Whether each of a player's own fields is disabled, and how their row shows them."""
    return phone.locator(f"#player-{seat}").evaluate(
        """row => [
            row.querySelector("input[name^=cards]").disabled,
            row.querySelector("input[name^=weis]").disabled,
            row.querySelector(".declare-row select").disabled,
            getComputedStyle(row.querySelector(".pts")).opacity,
        ]"""
    )


def test_a_player_out_has_the_fields_switched_off(phone: Page, live_server: str):
    _new_four(phone, live_server)
    phone.locator(".trump-pick label:has(input[value=rosen])").tap()
    assert _switched_off(phone, 3) == [False, False, False, "1"]
    phone.locator("#cards3").tap()
    _keypad(phone, "30")
    # "aus": no points, no Weis; the fields say so at once, not only when the deal is saved.
    phone.locator("#player-3 label:has(input[value=out])").tap()
    assert _switched_off(phone, 3) == [True, True, True, "0.4"]
    expect(phone.locator("#cards3")).to_be_disabled()
    expect(phone.locator("#cards3")).to_have_value("")
    expect(phone.locator("#player-3 .declare-row")).not_to_have_attribute("open", "")
    assert _switched_off(phone, 2) == [False, False, False, "1"]  # the others play on
    # "spielt" again: the fields are back, to be typed in.
    phone.locator("#player-3 label:has(input[value=play])").tap()
    assert _switched_off(phone, 3) == [False, False, False, "1"]
    phone.locator("#cards3").tap()
    _keypad(phone, "22")
    expect(phone.locator("#cards3")).to_have_value("22")

    # Out once more, and a refusal (Clara left blank): the panel comes back with Dani still
    # out and switched off.
    phone.locator("#player-3 label:has(input[value=out])").tap()
    phone.fill("#cards0", "60")
    phone.fill("#cards1", "50")
    with phone.expect_response(lambda r: r.url.endswith("/deals")) as answer:
        phone.locator("#save-deal").tap()
    assert answer.value.status == 422
    expect(phone.locator("#error-p2")).to_contain_text("nicht alle Karten sind im Spiel")
    expect(phone.locator("#player-3 input[value=out]")).to_be_checked()
    expect(phone.locator("#cards3")).to_be_disabled()  # once the answer has settled
    assert _switched_off(phone, 3) == [True, True, True, "0.4"]
    phone.screenshot(path="/tmp/handjass-out.png")

    # Saved: the word on it has the undo beside it, not a screen further down.
    phone.fill("#cards2", "37")
    with phone.expect_response(lambda r: r.url.endswith("/deals")) as answer:
        phone.locator("#save-deal").tap()
    assert answer.value.status == 200
    expect(phone.locator(".note-row #note")).to_have_text("Spiel 1 gespeichert.")
    note, undo = phone.evaluate(
        """["note", "undo"].map(id => {
            const r = document.getElementById(id).getBoundingClientRect();
            return {top: r.top, left: r.left, right: r.right, height: r.height};
        })"""
    )  # in one go: the page may still be scrolling to the word
    assert undo["top"] == note["top"] and undo["left"] >= note["right"]
    assert undo["right"] <= 390 and undo["height"] >= 44
    expect(phone.locator("#undo")).to_have_count(1)
    assert _switched_off(phone, 3) == [False, False, False, "1"]  # a fresh panel: all play
    phone.screenshot(path="/tmp/handjass-note.png")
    with phone.expect_response(lambda r: r.url.endswith("/undo")):
        phone.locator("#undo").tap()
    expect(phone.locator(".note-row #note")).to_have_text("Spiel 1 zurückgenommen.")
    expect(phone.locator(".note-row #redo")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
