"""Coiffeur on a phone: a game started from the start page, three cells filled by tapping, the
totals and a team's need read back from the board, undo, and a page that fits the screen."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, Response, expect

from tests.browser.conftest import PHONE, TIMEOUT_MS

SCREENSHOT = "/tmp/coiffeur.png"


def _swap(page: Page, action) -> Response:
    """Do something that posts from the board and wait until htmx swapped #live."""
    page.evaluate("document.getElementById('live').dataset.stale = '1'")
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        action()
    page.wait_for_function("() => !document.querySelector('#live[data-stale]')")
    return answer.value


def _fill(page: Page, team: int, contract: str, points: str | None = None, kind: str = ""):
    """Tap an open cell of the board, type the points or tap Match or gestrichen, and save."""
    page.locator(f"#cell-{team}-{contract} label").tap()
    expect(page.locator(f"#cell-{team}-{contract} input")).to_be_checked()
    if points is not None:
        page.locator("#points").tap()
        page.fill("#points", points)
    if kind:
        page.locator(f"#entry .seg label:has(input[name={kind}])").tap()
    return _swap(page, lambda: page.locator("#save").tap())


def _total(page: Page, team: int) -> int:
    return int(page.locator(f"#total-{team} b").inner_text())


def test_three_cells_on_a_phone(phone: Page, live_server: str):
    phone.goto(live_server + "/")
    phone.get_by_role("link", name="Neues Spiel: Coiffeur").tap()
    phone.fill("input[name=team1]", "Anna+Ruedi")
    phone.fill("input[name=team2]", "Beat+Clara")
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url("**/coiffeur/*")
    expect(phone.locator("#board tbody tr")).to_have_count(8)
    expect(phone.locator("#need-0")).to_have_text("gleichauf")

    # Saving without a cell is refused beside the panel; nothing is written.
    answer = _swap(phone, lambda: phone.locator("#save").tap())
    assert answer.status == 422
    expect(phone.locator("#error-cell")).to_have_text(
        "Zuerst ein offenes Feld auf der Tafel tippen."
    )

    # 1: Rosen ×1, Anna+Ruedi 95.
    assert _fill(phone, 0, "rosen", "95").status == 200
    expect(phone.locator("#note")).to_have_text("Rosen ×1 für Anna+Ruedi: 95 → 95 gespeichert.")
    expect(phone.locator("#cell-0-rosen")).to_contain_text("95")
    expect(phone.locator("#cell-0-rosen label")).to_have_count(0)  # filled: no longer offered
    # 2: Undenufe ×6, Beat+Clara make a Match: 257 × 6.
    _fill(phone, 1, "undenufe", kind="match")
    expect(phone.locator("#note")).to_have_text(
        "Undenufe ×6 für Beat+Clara: Match → 1542 gespeichert."
    )
    # 3: Schilten ×3, Anna+Ruedi 80: 240.
    _fill(phone, 0, "schilten", "80")

    assert (_total(phone, 0), _total(phone, 1)) == (95 + 240, 1542)
    expect(phone.locator("#sum-0")).to_have_text("335")
    expect(phone.locator("#cell-0-schilten")).to_contain_text("240")
    expect(phone.locator("#cell-1-undenufe")).to_contain_text("Match")
    # Anna+Ruedi are 1207 behind: 1208 more to lead; Trumpf nach Wahl ×8 alone: 151 points.
    expect(phone.locator("#need-0")).to_have_text("braucht noch 1208")
    expect(phone.locator("#need-1")).to_have_text("vorne")
    expect(phone.locator("#cell-0-free2 label")).to_contain_text("≥ 151")
    expect(phone.locator("#rows li.row")).to_have_count(3)
    assert phone.locator("#rows li.row").first.get_attribute("id") == "row-3"

    # A refusal: points no card can make, said beside the points.
    phone.locator("#cell-1-rosen label").tap()
    phone.fill("#points", "158")
    assert _swap(phone, lambda: phone.locator("#save").tap()).status == 422
    expect(phone.locator("#error-points")).to_have_text(
        "Punkte von 0 bis 157; 257 zählt als Match."
    )
    expect(phone.locator("#points")).to_have_value("158")
    assert (_total(phone, 0), _total(phone, 1)) == (335, 1542)

    # Every tap target of the board and the panel is at least 44 × 44 px.
    targets = phone.locator(
        "#board label, #entry .seg label, #save, #undo, #points, #rows a,"
        " #history ~ details summary"
    )
    assert targets.count() == 13 + 2 + 3 + 3 + 1  # 13 open cells, 3 entries, the rules
    for box in targets.evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [e.id || e.textContent.trim(), r.width, r.height]; })"
    ):
        assert box[1] >= 44 and box[2] >= 44, box
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=SCREENSHOT, full_page=True)

    # Undo takes back the Schilten cell; it is open again.
    _swap(phone, lambda: phone.locator("#undo").tap())
    expect(phone.locator("#note")).to_have_text("Eintrag 3 zurückgenommen.")
    assert (_total(phone, 0), _total(phone, 1)) == (95, 1542)
    expect(phone.locator("#cell-0-schilten label")).to_contain_text("offen")
    expect(phone.locator("#rows li.row")).to_have_count(2)


def test_the_board_of_the_set_up_follows_the_deck(phone: Page, live_server: str):
    phone.goto(live_server + "/coiffeur/new")
    expect(phone.locator("#board .mult")).to_have_count(8)
    phone.locator("label:has(input[name=deck][value=french])").tap()
    expect(phone.locator("#board")).to_contain_text("Herz")
    phone.locator("label:has(input[name=board][value='10'])").tap()
    expect(phone.locator("#board .mult")).to_have_count(10)
    expect(phone.locator("#board")).to_contain_text("Gusti")
    phone.fill("input[name=team1]", "Wir")
    phone.fill("input[name=team2]", "Ihr")
    phone.fill("input[name=team3]", "Die")
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url("**/coiffeur/*")
    expect(phone.locator("#board tbody tr")).to_have_count(10)
    expect(phone.locator("#c-hearts")).to_contain_text("Herz")
    expect(phone.locator("#board thead th")).to_have_text(["Trumpf", "Wir", "Ihr", "Die"])
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_without_javascript_the_board_still_takes_cells(browser: Browser, live_server: str):
    context = browser.new_context(**PHONE, java_script_enabled=False)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        page.goto(live_server + "/coiffeur/new")
        page.fill("input[name=team1]", "Wir")
        page.fill("input[name=team2]", "Ihr")
        page.get_by_role("button", name="Spiel starten").tap()
        page.wait_for_url("**/coiffeur/*")
        # The open cell is a radio button of the entry form (form="entry"), outside the form.
        page.locator("#cell-1-obenabe label").tap()
        page.fill("#points", "100")
        with page.expect_navigation():
            page.locator("#save").tap()
        assert int(page.locator("#total-1 b").inner_text()) == 500  # 100 × 5
        page.locator("#cell-0-rosen label").tap()
        page.locator("#entry .seg label:has(input[name=crossed])").tap()
        with page.expect_navigation():
            page.locator("#save").tap()
        expect(page.locator("#cell-0-rosen")).to_contain_text("gestrichen")
        expect(page.locator("#need-0")).to_have_text("braucht noch 501")
        # A refusal comes back as a page with the message beside the points.
        page.locator("#cell-0-eicheln label").tap()
        page.fill("#points", "1")
        with page.expect_navigation():
            page.locator("#save").tap()
        expect(page.locator("#error-points")).to_have_text(
            "1 gibt es nicht: keine Karte zählt 1 Punkt."
        )
        expect(page.locator("#cell-0-eicheln input")).to_be_checked()
    finally:
        context.close()


def _fits_the_phone(page: Page, open_cells: int) -> None:
    """No panning sideways: the page no wider than 390 px, every cell of the board inside the
    screen, every open cell at least 44 x 44 px."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    cells = page.locator("#board th, #board td").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [e.id || e.textContent.trim(), r.left, r.right]; })"
    )
    assert len(cells) == 4 + 10 * 4 + 2 * 4  # heads, the rows, Total and Es fehlt
    for name, left, right in cells:
        assert 0 <= left and right <= 390, (name, left, right)
    labels = page.locator("#board label")
    assert labels.count() == open_cells
    for box in labels.evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [e.closest('td').id, r.width, r.height, r.right]; })"
    ):
        assert box[1] >= 44 and box[2] >= 44 and box[3] <= 390, box


def test_three_teams_with_long_names_fit_a_phone(phone: Page, live_server: str):
    """Three teams on the 10-round board, with the names a pub table gives itself: every
    column on the 390 px screen without panning sideways, every open cell a 44 px target."""
    phone.goto(live_server + "/coiffeur/new")
    phone.locator("label:has(input[name=board][value='10'])").tap()
    expect(phone.locator("#board .mult")).to_have_count(10)
    phone.fill("input[name=team1]", "Die Unschlagbaren")
    phone.fill("input[name=team2]", "Jasskönige Wil")
    phone.fill("input[name=team3]", "Stammtisch Oberdorf")
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url("**/coiffeur/*")
    expect(phone.locator("#board thead th")).to_have_text(
        ["Trumpf", "Die Unschlagbaren", "Jasskönige Wil", "Stammtisch Oberdorf"]
    )
    _fits_the_phone(phone, 10 * 3)
    # A filled cell and the need of a team behind: the longest words the board writes.
    _fill(phone, 2, "gusti", kind="match")
    expect(phone.locator("#need-0")).to_contain_text("braucht noch")
    _fits_the_phone(phone, 10 * 3 - 1)
    phone.screenshot(path="/tmp/coiffeur-three-teams.png", full_page=True)
