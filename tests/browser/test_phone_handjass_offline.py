"""A Handjass deal kept on the phone without network, and the page reloaded without it: the
board shows the kept deals played in (static/projection-handjass.js) and the panel offers the
deal after them, with its dealer, Vorhand and players; typed there, every deal lands once, in
order, as typed. Real Chromium at 390x844, as tests/browser/test_phone_queue.py."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.test_phone_queue import back_online, controlled, posts
from tests.browser.test_phone_queue_modes import NAMES, deal_online, type_deal


def new_game(page: Page, base: str, target: str = "") -> str:
    """Anna, Ben, Clara and Dani in seat order; a potato under 26, out at 7 strokes (or
    `target`)."""
    page.goto(f"{base}/handjass/new")
    for seat, name in enumerate(NAMES, 1):
        page.fill(f"input[name=seat{seat}]", name)
    page.fill("input[name=target]", target)
    page.get_by_role("button", name="Spiel starten").tap()
    page.wait_for_url(re.compile(r"/handjass/[\w-]{24}$"))
    return page.url


def kept_deal(page: Page, trump: str, points) -> None:
    """Type a deal and save it without network: it waits, the panel is free for the next."""
    count = page.locator("#rows .pending").count()
    type_deal(page, trump, points)
    page.locator("#save-deal").tap()
    expect(page.locator("#rows .pending")).to_have_count(count + 1)
    expect(page.locator("input[name=cards0]")).to_have_value("")


def nets(page: Page) -> list[int]:
    return [int(b) for b in page.locator(".figures .net b").all_inner_texts()]


def corners(page: Page) -> list[tuple[int, int, str]]:
    """Each corner's strokes and potatoes as drawn (lines of a tally, circles) and its marks."""
    drawn = page.locator(".corner-svg").evaluate_all(
        """svgs => svgs.map(s => [s.querySelectorAll('line').length,
            s.querySelectorAll('circle').length,
            (s.querySelector('.marks') || {}).textContent || ''])"""
    )
    return [tuple(c) for c in drawn]


def rows_shown(page: Page) -> list[str]:
    """The players' rows of the deal panel, top to bottom as they are seen."""
    return page.locator("form.deal .player-row").evaluate_all(
        """rows => rows.filter(r => r.offsetParent)
            .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
            .map(r => r.querySelector('.name').textContent)"""
    )


def who(page: Page):
    return page.locator("form.deal .who")


def offers(page: Page, number: int, dealer: str, vorhand: str, players: int) -> None:
    """The deal panel's line names this deal, its dealer and Vorhand, and how many play."""
    line = f"Spiel {number}: {dealer} gibt, Vorhand {vorhand}"
    expect(who(page)).to_have_text(re.compile(rf"^\s*{line}\s+{players} Spieler\s*$"))


def entries(deal: dict) -> list[tuple[int, str, int]]:
    return [(e["seat"], e["status"], e["cards"]) for e in deal["entries"]]


def test_a_deal_kept_offline_counts_after_a_reload_and_the_panel_offers_the_next(
    phone: Page, live_server: str
):
    url = new_game(phone, live_server)
    controlled(phone)
    # Deal 1 (Dani deals, Anna leads): Anna and Ben a stroke, Clara and Dani a potato.
    deal_online(phone, "rosen", (60, 50, 25, 22))
    offers(phone, 2, "Anna", "Ben", 4)

    phone.context.set_offline(True)
    sent = posts(phone)
    # Deal 2 (Anna deals, Ben leads): Ben a potato, Clara and Dani a stroke.
    kept_deal(phone, "eicheln", (30, 20, 70, 37))

    phone.reload()
    expect(phone.locator("html")).to_have_attribute("data-offline-copy", re.compile(" GMT$"))
    expect(phone.locator("#rows .pending")).to_have_count(1)
    expect(phone.locator(".figures .net b.projected")).to_have_count(4)
    assert nets(phone) == [1, 0, 0, 0]
    assert corners(phone) == [(1, 0, ""), (1, 1, "gibt"), (1, 1, "Vorhand"), (1, 1, "")]
    expect(phone.locator(".corners .target")).to_contain_text("· 1 wartend mitgerechnet")
    offers(phone, 3, "Ben", "Clara", 4)
    assert rows_shown(phone) == ["Clara", "Dani", "Anna", "Ben"]

    # Deal 3 typed on the reloaded page: Clara and Anna a stroke.
    kept_deal(phone, "schellen", (45, 35, 50, 27))
    offers(phone, 4, "Clara", "Dani", 4)
    assert nets(phone) == [2, 0, 1, 0]
    assert rows_shown(phone) == ["Dani", "Anna", "Ben", "Clara"]
    expect(phone.locator(".corners .target")).to_contain_text("· 2 wartend mitgerechnet")
    assert sent == []

    deals = back_online(phone, url, 3)
    assert [d["trump"] for d in deals] == ["rosen", "eicheln", "schellen"]
    assert [entries(d) for d in deals] == [
        [(0, "play", 60), (1, "play", 50), (2, "play", 25), (3, "play", 22)],
        [(0, "play", 30), (1, "play", 20), (2, "play", 70), (3, "play", 37)],
        [(0, "play", 45), (1, "play", 35), (2, "play", 50), (3, "play", 27)],
    ]
    # The server's own page, as the phone showed it.
    expect(phone.locator(".figures .net b.projected")).to_have_count(0)
    assert nets(phone) == [2, 0, 1, 0]
    offers(phone, 4, "Clara", "Dani", 4)
    assert rows_shown(phone) == ["Dani", "Anna", "Ben", "Clara"]


def test_a_kept_deal_that_retires_its_vorhand_leaves_the_next_deal_to_the_three_left(
    phone: Page, live_server: str
):
    url = new_game(phone, live_server, target="2")
    controlled(phone)
    deal_online(phone, "rosen", (60, 50, 25, 22))  # nets 1 1 -1 -1
    phone.context.set_offline(True)
    # Deal 2 (Anna deals, Ben leads): Ben and Clara a stroke, Dani a potato: Ben has 2 and is
    # out. Clara leads deal 3, and Anna deals again (the one before Clara still in).
    kept_deal(phone, "eicheln", (27, 80, 30, 20))

    phone.reload()
    expect(phone.locator(".figures .net b.projected")).to_have_count(4)
    assert nets(phone) == [1, 2, 0, -2]
    assert corners(phone) == [
        (1, 0, "gibt"),
        (2, 0, "draussen (Spiel 2)"),
        (1, 1, "Vorhand"),
        (0, 2, ""),
    ]
    expect(phone.locator(".corner.retired")).to_have_count(1)
    expect(phone.locator(".corner.retired .corner-svg")).to_have_attribute("data-seat", "1")
    offers(phone, 3, "Anna", "Clara", 3)
    assert rows_shown(phone) == ["Clara", "Dani", "Anna"]

    # Deal 3 among the three: Clara and Dani a stroke.
    phone.locator(".trump-pick label:has(input[value=schellen])").tap()
    for seat, points in ((0, 40), (2, 60), (3, 57)):
        phone.fill(f"input[name=cards{seat}]", str(points))
    phone.locator("#save-deal").tap()
    expect(phone.locator("#rows .pending")).to_have_count(2)
    assert nets(phone) == [1, 2, 1, -1]
    offers(phone, 4, "Clara", "Dani", 3)
    assert rows_shown(phone) == ["Dani", "Anna", "Clara"]

    deals = back_online(phone, url, 3)
    assert [entries(d) for d in deals[1:]] == [
        [(0, "play", 27), (1, "play", 80), (2, "play", 30), (3, "play", 20)],
        [(0, "play", 40), (2, "play", 60), (3, "play", 57)],
    ]
    assert nets(phone) == [1, 2, 1, -1]
    offers(phone, 4, "Clara", "Dani", 3)
    assert rows_shown(phone) == ["Dani", "Anna", "Clara"]


def test_a_kept_deal_whose_stroke_needs_the_draw_counts_nothing_until_the_table_draws(
    phone: Page, live_server: str
):
    url = new_game(phone, live_server)
    controlled(phone)
    deal_online(phone, "rosen", (60, 50, 25, 22))
    phone.context.set_offline(True)
    # Deal 2: Ben 57 a stroke; Clara and Dani 40 each, tied for the second: drawn for.
    kept_deal(phone, "eicheln", (20, 57, 40, 40))
    phone.reload()
    expect(phone.locator(".corners .target")).to_contain_text(
        "· ab Spiel 2 rechnet erst der Server"
    )
    expect(phone.locator(".corners .target")).not_to_contain_text("mitgerechnet")
    assert nets(phone) == [1, 1, -1, -1]
    expect(phone.locator(".corner-svg.projected")).to_have_count(0)
    expect(who(phone)).to_have_text("Spiel 3: Geber und Vorhand erst mit Netz")

    # With the network the server asks who drew the higher card, the deal back in the panel.
    phone.context.set_offline(False)
    question = phone.locator("#draw")
    expect(question).to_contain_text("Clara und Dani", timeout=8_000)
    question.locator("button", has_text="Dani").tap()
    expect(phone.locator("#rows .pending")).to_have_count(0, timeout=8_000)
    deals = back_online(phone, url, 2)
    assert (entries(deals[1]), deals[1]["draw"]) == (
        [(0, "play", 20), (1, "play", 57), (2, "play", 40), (3, "play", 40)],
        [3],
    )
    assert nets(phone) == [0, 2, -1, 0]
