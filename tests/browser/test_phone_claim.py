"""Playing to a first-trick claim on a phone and reading the ruling."""

from playwright.sync_api import Page, expect

from tests.browser.panel import open_extras, save, tap_points, tap_weis, totals


def test_first_trick_double_claim(phone: Page, live_server: str):
    phone.goto(f"{live_server}/games/new")
    phone.fill("input[name=team_a]", "Wir")
    phone.fill("input[name=team_b]", "Ihr")
    for seat, name in enumerate(("Anna", "Ben", "Clara", "Dani"), 1):
        phone.fill(f"input[name=seat{seat}]", name)
    with phone.expect_response(lambda r: "/games/new/rules" in r.url):
        phone.locator("label", has_text="Einfach").tap()
    # The rules come back with the preset's target (1000): type over it once they are in, or
    # the swap, a moment after the answer, would put 1000 back.
    expect(phone.locator("input[name=target]")).to_have_value("1000")
    phone.fill("input[name=target]", "450")
    phone.get_by_role("button", name="Spiel starten").tap()
    phone.wait_for_url("**/games/*")

    # Simple rules, all ×1, to 450. Vorhand's team counts: Wir, Ihr, Wir, Ihr.
    phone.locator(".match-key").tap()
    save(phone, "obenabe")  # Wir Match: 257 : 0
    phone.locator(".match-key").tap()
    save(phone, "obenabe")  # Ihr Match: 257 : 257
    tap_points(phone, "120")
    save(phone, "rosen")  # 377 : 294
    tap_points(phone, "120")
    save(phone, "rosen")  # 414 : 414
    assert totals(phone) == (414, 414)

    # Hand 5 in Rosen: Ihr's Weis of 50 is written during the first trick.
    open_extras(phone)
    tap_weis(phone, "weis_b", 50)
    save(phone, "rosen")
    assert totals(phone) == (414, 464)
    expect(phone.locator("#open-hand")).to_contain_text("Weis Ihr 50")

    # Both teams claim while the first trick is on the table; Wir were first, and have Stöck.
    phone.locator("#claim").tap()
    phone.wait_for_url("**/claim")
    expect(phone.locator(".open-hand")).to_contain_text("Weis Ihr 50")
    phone.locator(".claim label", has_text="Wir (414)").tap()
    phone.locator("fieldset", has_text="Stöck jetzt angesagt").locator(
        "label", has_text="Wir"
    ).tap()
    phone.locator("label", has_text="Ja, erster Stich").tap()
    phone.locator(".first label", has_text="Wir").tap()
    # The points come from the same keypad as the panel's, into the field tapped.
    phone.locator("input[name=trick_points]").tap()
    for digit in "30":
        phone.locator(f'.claim-pad [data-digit="{digit}"]').tap()
    expect(phone.locator("input[name=trick_points]")).to_have_value("30")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # A claim decides the game: the phone asks once more, in the page, not in a dialog.
    dialogs = []
    phone.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    phone.locator("#rule").tap()
    asked = phone.locator("#asked[role=alertdialog]")
    expect(asked.locator("p")).to_have_text("Das Bedanken entscheidet das Spiel: so eintragen?")
    asked.get_by_role("button", name="Ja").tap()
    phone.wait_for_url("**/games/*")
    assert dialogs == []

    # Stöck first: Wir 414 + 20 = 434, short; then Weis: Ihr 414 + 50 = 464, there first.
    expect(phone.locator("#result h2")).to_have_text("Ihr gewinnt")
    expect(phone.locator("#ending li")).to_have_text(
        [
            "Wir bedankt sich im ersten Stich: es zählt Stöck – Weis – Stich, "
            "wer zuerst am Ziel ist.",
            "Stöck Wir: 414 + 20 = 434.",
            "Weis Ihr: 414 + 50 = 464, am Ziel: Ihr gewinnt.",
            # The slate puts Wir over the target too (434 + 30 = 464 ≥ 450): the ruling says
            # why that does not count.
            "Wir steht auf der Tafel auch über dem Ziel, doch zu spät: es zählt, wer in der "
            "Reihenfolge des Hauses (Stöck – Weis – Stich) zuerst am Ziel war, und das war Ihr.",
        ]
    )
    assert totals(phone) == (434 + 30, 464)
    expect(phone.locator("#again")).to_be_visible()


def _pad(phone: Page, keys: str) -> None:
    for key in keys:
        phone.locator(f'.claim-pad [data-digit="{"next" if key == "↓" else key}"]').tap()


def test_the_claim_keypad_types_the_trick_points_first_and_the_weis_after(
    phone: Page, new_game, live_server: str
):
    """Nothing tapped yet: the keypad types into the claiming team's trick points (outlined),
    not into a Weis field above them; ↓ goes to the other team's points, then to the Weis."""
    new_game()
    phone.locator("#claim").tap()
    phone.wait_for_url("**/claim")
    claim_points = phone.locator("input[name=claim_points]")
    expect(claim_points).to_have_class("typing")
    _pad(phone, "120")
    expect(claim_points).to_have_value("120")
    expect(phone.locator("input[name=weis_a]")).to_have_value("")
    _pad(phone, "↓30↓5")
    expect(phone.locator("input[name=other_points]")).to_have_value("30")
    expect(phone.locator("input[name=weis_a]")).to_have_value("5")
    expect(phone.locator("input[name=weis_a]")).to_have_class("typing")
    # In the first trick other fields are shown: the keypad goes on in the first one of them.
    phone.reload()
    phone.locator("label", has_text="Ja, erster Stich").tap()
    expect(phone.locator("input[name=trick_points]")).to_have_class("typing")
    _pad(phone, "11")
    expect(phone.locator("input[name=trick_points]")).to_have_value("11")
