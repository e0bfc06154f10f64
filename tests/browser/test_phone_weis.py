"""Declaring Weis for three players on a phone, reading the ruling and the slate."""

from playwright.sync_api import Page, expect

from tests.browser.panel import chalk, open_extras, save, slate, tap_points, totals


def _posted(page: Page, tap) -> None:
    """Tap something on the Weis page and wait until htmx has swapped the form."""
    with page.expect_response(lambda r: r.url.endswith("/weis")):
        tap()
    expect(page.locator("#declare")).to_be_visible()


def test_three_players_declare_and_the_trump_run_wins(phone: Page, new_game):
    new_game()
    open_extras(phone)
    phone.locator("#declare-weis").tap()
    expect(phone.locator("h1")).to_have_text("Weis ansagen · Hand 1")
    _posted(phone, lambda: phone.locator(".contract-pick label", has_text="Schellen").tap())

    # Anna (Wir, Vorhand): a Vierblatt in Rosen to the King, chosen in her add row.
    anna = phone.locator("#seat-0")
    anna.locator("select[name=len0]").select_option("4")
    anna.locator("select[name=suit0]").select_option("rosen")
    anna.locator("select[name=top0]").select_option("K")
    _posted(phone, lambda: anna.get_by_role("button", name="+ Weis").tap())
    expect(phone.locator("#seat-0 .weis-chip")).to_have_text(["Vierblatt Rosen zum König · 50 ✕"])

    # Ben (Ihr): taps his nine cards; K-O-U-10 of Schellen (trumps) and so Stöck too.
    ben = phone.locator("#seat-1")
    ben.locator("summary").tap()
    for card in (
        "schellen:K",
        "schellen:O",
        "schellen:U",
        "schellen:10",
        "eicheln:A",
        "eicheln:10",
        "schilten:9",
        "schilten:7",
        "rosen:9",
    ):
        ben.locator(f"label.card-pick:has(input[value='{card}'])").tap()
    _posted(phone, lambda: ben.get_by_role("button", name="Weis finden").tap())
    expect(phone.locator("#seat-1 .weis-chip")).to_have_text(
        ["Vierblatt Schellen zum König · 50 ✕"]
    )
    expect(phone.locator(".stoeck-pick input[value='1']")).to_be_checked()

    # Clara (Wir): a Dreiblatt in Eicheln down to the 6.
    clara = phone.locator("#seat-2")
    clara.locator("select[name=len2]").select_option("3")
    clara.locator("select[name=suit2]").select_option("eicheln")
    clara.locator("select[name=top2]").select_option("8")
    _posted(phone, lambda: clara.get_by_role("button", name="+ Weis").tap())

    expect(phone.locator("#ruling li")).to_have_text(
        [
            "Beide 50.",
            "Beide 4 Karten.",
            "Beide zum König.",
            "Das Blatt in Schellen ist Trumpf: Vierblatt Schellen zum König (Ben).",
            "Weis für Ihr: 50.",
        ]
    )
    # The ruling stands where the eye is: on the screen right after Clara's Weis was added,
    # without scrolling down to it.
    expect(phone.locator("#ruling")).to_be_in_viewport()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    phone.locator("#write").tap()
    phone.wait_for_url("**/games/*")
    # Ihr: Stöck 20 x 2 = 40 (two 20s), then Weis 50 x 2 = 100 (one 100): 140. Wir: nothing.
    assert totals(phone) == (0, 140)
    assert slate(phone, 1) == chalk(140, hundreds=1, fifties=0, twenties=2, rest=0)
    expect(phone.locator("#open-hand")).to_contain_text("Weis Ihr 50, Stöck Ihr")
    expect(phone.locator("li.row .ruling-lines li").last).to_have_text("Weis für Ihr: 50.")

    # The tricks: 90 for Wir in Schellen ×2; only the open hand's contract can be tapped.
    tap_points(phone, "90")
    expect(phone.locator("button.contract[value=rosen]")).to_be_disabled()
    save(phone, "schellen")
    assert totals(phone) == (180, 140 + 134)
