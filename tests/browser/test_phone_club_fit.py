"""A club evening as a tester's 390x844 phone met it: a count typed beside the Passen and games
buttons is what the page shows picked and what the evening gets; the table phone's «ändern»
links are a thumb high; the Leinwand opened on a phone fits its width."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.test_phone_club_queue import EIGHT, table_url, tap_points


def picked(page: Page, group: str) -> list[str]:
    """The buttons of a radio group that look picked (the picked colour behind them)."""
    return page.evaluate(
        """group => {
          const picked = getComputedStyle(document.documentElement).getPropertyValue('--picked');
          const probe = document.createElement('i');
          probe.style.color = picked;
          document.body.append(probe);
          const colour = getComputedStyle(probe).color;
          probe.remove();
          return [...document.querySelectorAll(`[aria-label="${group}"] label`)]
            .filter(l => getComputedStyle(l).backgroundColor === colour)
            .map(l => l.innerText.trim());
        }""",
        group,
    )


def test_a_count_typed_beside_the_buttons_shows_andere_picked_and_counts(
    phone: Page, live_server, tmp_path
):
    phone.goto(live_server + "/abend/neu")
    phone.get_by_label("Name des Anlasses").fill("Chlausjass")
    phone.locator("#players").fill("\n".join(EIGHT[:4]))
    assert picked(phone, "Passen") == ["4"] and picked(phone, "Spiele pro Passe") == ["12"]
    # Typed without tapping «andere»: the page lights «andere», and the evening gets it.
    phone.get_by_label("Anzahl Passen (1 bis 12)").fill("2")
    phone.get_by_label("Anzahl Spiele (1 bis 24)").fill("1")
    assert picked(phone, "Passen") == ["andere"]
    assert picked(phone, "Spiele pro Passe") == ["andere"]
    phone.screenshot(path=tmp_path / "club-new-typed.png", full_page=True)
    phone.get_by_role("button", name="Abend anlegen").tap()
    expect(phone.locator("#event-summary")).to_contain_text("2 Passen à 1 Spiel ·")


def test_the_table_phones_aendern_links_are_a_thumb_high(phone: Page, live_server, tmp_path):
    url, _ = table_url(phone, live_server, games=4)
    phone.goto(url)
    for count, (points, side) in enumerate((("95", 1), ("80", 0), ("57", 1)), 1):
        tap_points(phone, points)
        with phone.expect_response(lambda r: r.request.method == "POST"):
            phone.locator(f"#side-{side}").tap()
        expect(phone.locator("#rows li .edit")).to_have_count(count)
    # Measured once the answer has settled (htmx settles a moment after the swap).
    phone.wait_for_function(
        "() => !document.querySelector('.htmx-settling, .htmx-swapping, .htmx-request')"
    )
    boxes = [link.bounding_box() for link in phone.locator("#rows .edit").all()]
    phone.screenshot(path=tmp_path / "club-table-edits.png", full_page=True)
    assert len(boxes) == 3
    assert all(box["height"] >= 44 and box["width"] >= 44 for box in boxes), boxes
    # Stacked row above row, none overlaps the next.
    tops = sorted(box["y"] for box in boxes)
    assert all(b - a >= 44 for a, b in zip(tops, tops[1:], strict=False)), tops


def test_the_leinwand_opened_on_a_phone_fits_its_width(phone: Page, live_server, tmp_path):
    phone.goto(live_server + "/abend/neu")
    phone.get_by_label("Name des Anlasses").fill("Clubmeisterschaft der Jassfreunde")
    phone.locator("#players").fill("\n".join(EIGHT[:4]))
    phone.get_by_label("Anzahl Passen (1 bis 12)").fill("8")
    phone.get_by_label("Anzahl Spiele (1 bis 24)").fill("1")
    phone.get_by_role("button", name="Abend anlegen").tap()
    screen = phone.locator("#screen-link").get_attribute("href")
    phone.locator("#draw").tap()
    phone.locator("#table-link-1").tap()
    key = phone.locator("#table-url").inner_text().split("/tisch/")[1]
    screen = f"{live_server}/leinwand/{screen.split('/leinwand/')[1]}"

    def fits(name: str) -> None:
        phone.screenshot(path=tmp_path / f"club-leinwand-{name}.png", full_page=True)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    # While Passe 1 is played: its seat plan.
    phone.goto(screen)
    expect(phone.locator(".screen-table")).to_have_count(1)
    fits("plan")
    phone.goto(f"{live_server}/tisch/{key}")
    tap_points(phone, "95")
    phone.locator("#side-0").tap()
    phone.locator("#hand-in").tap()
    phone.locator("#confirm-button").tap()
    expect(phone.locator("#state")).to_have_text("Bestätigt: die Passe zählt.")
    # Then the standings: rank, name and total on the phone, each of the 8 Passen left out.
    phone.goto(screen)
    expect(phone.locator("#screen-progress")).to_have_text("Passe 1: 1 von 1 Tischen fertig")
    rows = phone.locator("#screen-standings tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.first.locator(".total")).to_have_text("95")
    expect(rows.first.locator(".st-name")).to_be_visible()
    fits("standings")
