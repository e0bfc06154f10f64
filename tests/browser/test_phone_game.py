"""A Schieber game kept on a phone: keypad, contract buttons, Weis chips, Stöck, undo.

The game is "Wir" (Anna, Clara) against "Ihr" (Ben, Dani) with the modern preset:
Rosen and Eicheln x1, Schilten and Schellen x2, Obenabe and Undenufe x3, target 2500
(Bergpreis 1250). Vorhand goes Anna, Ben, Clara, Dani, Anna, ... and the panel starts each
hand on the team of its Vorhand. Every expected number below is worked out by hand.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.panel import (
    chalk,
    contract,
    history_numbers,
    open_extras,
    points_for,
    points_team,
    preview,
    save,
    slate,
    tap_points,
    tap_stoeck,
    tap_weis,
    totals,
    undo,
)


def test_schieber_game_on_a_phone(phone: Page, new_game):
    new_game()
    expect(phone.locator("#points")).to_have_attribute("readonly", "")
    assert totals(phone) == (0, 0)

    # Hand 1, Vorhand Anna (Wir is preselected): 90 for Wir in Schellen x2, in three taps.
    expect(phone.locator(".panel .who")).to_contain_text("Hand 1: Vorhand Anna")
    assert points_team(phone) == "0"
    tap_points(phone, "90")  # taps 1 and 2
    expect(phone.locator("#points")).to_have_value("90")
    expect(phone.locator("#split")).to_have_text("Wir 90 · Ihr 67")
    # Wir 90 x 2 = 180, Ihr (157 - 90) x 2 = 134.
    expect(preview(phone, "schellen")).to_have_text("180 : 134")
    expect(preview(phone, "rosen")).to_have_text("90 : 67")
    expect(preview(phone, "obenabe")).to_have_text("270 : 201")
    assert save(phone, "schellen").status == 200  # tap 3
    assert totals(phone) == (180, 134)
    # Wir 180 = 100 + 50 + 20 + 10; Ihr 134 = 100 + 20 + 14.
    assert slate(phone, 0) == chalk(180, hundreds=1, fifties=1, twenties=1, rest=10)
    assert slate(phone, 1) == chalk(134, hundreds=1, fifties=0, twenties=1, rest=14)
    expect(phone.locator("#points")).to_have_value("")  # a fresh panel

    # Hand 2, Vorhand Ben (Ihr preselected): Match for Ihr in Obenabe x3.
    expect(phone.locator(".panel .who")).to_contain_text("Hand 2: Vorhand Ben")
    assert points_team(phone) == "1"
    phone.locator("label.match-key").tap()
    expect(phone.locator("input[name=match]")).to_be_checked()
    expect(phone.locator("label.match-key")).to_have_class("match-key on")
    expect(phone.locator("#split")).to_have_text("Wir 0 · Ihr 257")
    expect(preview(phone, "obenabe")).to_have_text("0 : 771")  # 257 x 3
    save(phone, "obenabe")
    assert totals(phone) == (180, 905)
    # Ihr writes 771 = 7 x 100 + 50 + 20 + 1 on 134: 8 hundreds, 1 fifty, 2 twenties, rest 15.
    assert slate(phone, 1) == chalk(905, hundreds=8, fifties=1, twenties=2, rest=15)
    assert slate(phone, 0) == chalk(180, hundreds=1, fifties=1, twenties=1, rest=10)

    # Hand 3, Vorhand Clara (Wir preselected): switch to Ihr, 40 for Ihr in Rosen x1.
    assert points_team(phone) == "0"
    points_for(phone, "Ihr")
    assert points_team(phone) == "1"
    tap_points(phone, "40")
    expect(phone.locator("#split")).to_have_text("Wir 117 · Ihr 40")
    expect(preview(phone, "rosen")).to_have_text("117 : 40")
    save(phone, "rosen")
    assert totals(phone) == (297, 945)
    # Wir writes 117 = 100 + 17: rest 10 + 17 = 27 becomes one more 20 and rest 7.
    assert slate(phone, 0) == chalk(297, hundreds=2, fifties=1, twenties=2, rest=7)
    # Ihr writes 40 = 2 x 20.
    assert slate(phone, 1) == chalk(945, hundreds=8, fifties=1, twenties=4, rest=15)

    # Hand 4, Vorhand Dani (Ihr preselected): switch to Wir, 100 for Wir in Schilten x2,
    # Weis 150 for Wir with the chips +100 and +50, Stöck for Ihr.
    assert points_team(phone) == "1"
    points_for(phone, "Wir")
    tap_points(phone, "100")
    open_extras(phone)
    tap_weis(phone, "weis_a", 100, 50)
    expect(phone.locator("input[name=weis_a]")).to_have_value("150")
    tap_stoeck(phone, "stoeck_b")
    # Wir (100 + 150) x 2 = 500; Ihr (57 + 20) x 2 = 154.
    expect(preview(phone, "schilten")).to_have_text("500 : 154")
    # No trump in Obenabe, so no Stöck: the engine would refuse this hand there, and its button
    # promises nothing but says why.
    expect(preview(phone, "obenabe")).to_have_text("Stöck nur mit Trumpf")
    save(phone, "schilten")
    assert totals(phone) == (797, 1099)
    # Stöck first: Ihr 40 = 2 x 20. Weis: Wir 300 = 3 x 100. Stich: Wir 200 = 2 x 100;
    # Ihr 114 = 100 + 14, rest 15 + 14 = 29 becomes one more 20 and rest 9.
    assert slate(phone, 0) == chalk(797, hundreds=7, fifties=1, twenties=2, rest=7)
    assert slate(phone, 1) == chalk(1099, hundreds=9, fifties=1, twenties=7, rest=9)
    hand_4 = phone.locator("#row-4")
    expect(hand_4).to_contain_text("Stich 100 : 57")
    expect(hand_4).to_contain_text("Weis Wir 150")
    expect(hand_4).to_contain_text("Stöck Ihr")
    expect(hand_4.locator(".row-score")).to_have_text("+500 797 +154 1099", use_inner_text=True)

    # Hand 5, Vorhand Anna: 120 for Wir in Undenufe x3 (360 : 111), then taken back.
    expect(phone.locator(".panel .who")).to_contain_text("Hand 5: Vorhand Anna")
    points_for(phone, "Wir")
    tap_points(phone, "120")
    expect(preview(phone, "undenufe")).to_have_text("360 : 111")
    save(phone, "undenufe")
    assert totals(phone) == (1157, 1210)
    assert history_numbers(phone) == [5, 4, 3, 2, 1]

    assert undo(phone).status == 200
    assert totals(phone) == (797, 1099)
    assert slate(phone, 0) == chalk(797, hundreds=7, fifties=1, twenties=2, rest=7)
    assert slate(phone, 1) == chalk(1099, hundreds=9, fifties=1, twenties=7, rest=9)
    assert history_numbers(phone) == [4, 3, 2, 1]
    expect(phone.locator(".panel .who")).to_contain_text("Hand 5: Vorhand Anna")

    # The same state after a reload: it was saved, not only drawn.
    phone.reload()
    assert totals(phone) == (797, 1099)
    assert slate(phone, 1) == chalk(1099, hundreds=9, fifties=1, twenties=7, rest=9)
    assert history_numbers(phone) == [4, 3, 2, 1]


def test_refused_entry_on_a_phone(phone: Page, new_game):
    new_game()
    # Hand 1: 57 for Wir in Eicheln x1 -> 57 : 100.
    tap_points(phone, "57")
    save(phone, "eicheln")
    assert totals(phone) == (57, 100)

    # Hand 2 (Ihr preselected): 156 is impossible (the other side would have 1 point).
    tap_points(phone, "1567")  # the keypad stops at three digits
    expect(phone.locator("#points")).to_have_value("156")
    expect(preview(phone, "rosen")).to_have_text("")  # the engine would refuse it: no promise
    answer = save(phone, "rosen")
    assert answer.status == 422
    error = phone.locator("#error-points")
    expect(error).to_be_visible()
    expect(error).to_contain_text("156 gibt es nicht")
    # The error stands right under the points field and its split line, before the keypad.
    assert phone.evaluate(
        """() => {
            const under = document.querySelector('.panel .under-entry');
            return under.nextElementSibling === document.getElementById('error-points')
                && under.previousElementSibling.contains(document.getElementById('points'));
        }"""
    )
    expect(phone.locator("#points")).to_have_attribute("aria-invalid", "true")
    assert totals(phone) == (57, 100)
    assert history_numbers(phone) == [1]

    # What was typed is kept (and still typed on the keypad): one back tap makes it 15.
    expect(phone.locator("#points")).to_have_value("156")
    expect(phone.locator("#points")).to_have_attribute("readonly", "")
    assert points_team(phone) == "1"
    phone.locator('.keypad [data-digit="back"]').tap()
    expect(phone.locator("#points")).to_have_value("15")
    expect(preview(phone, "rosen")).to_have_text("142 : 15")
    assert save(phone, "rosen").status == 200
    expect(phone.locator("#error-points")).to_have_count(0)
    assert totals(phone) == (199, 115)
    assert history_numbers(phone) == [2, 1]


def test_weis_first_then_tricks(phone: Page, new_game):
    new_game()
    # Hand 1, Vorhand Anna: Wir announces 100 Weis in Obenabe x3 before the tricks are counted.
    open_extras(phone)
    tap_weis(phone, "weis_a", 100)
    expect(preview(phone, "obenabe")).to_have_text("300 : 0")
    save(phone, "obenabe")

    expect(phone.locator("#open-hand")).to_contain_text("Läuft in Obenabe ×3")
    expect(phone.locator("#open-hand")).to_contain_text("Weis Wir 100")
    assert totals(phone) == (300, 0)
    assert slate(phone, 0) == chalk(300, hundreds=3, fifties=0, twenties=0, rest=0)
    assert slate(phone, 1) == chalk(0, hundreds=0, fifties=0, twenties=0, rest=0)
    row = phone.locator("#row-1")
    expect(row).to_have_class("row open")
    expect(row).to_contain_text("läuft, Stiche noch nicht geschrieben")
    for other in ("rosen", "eicheln", "schilten", "schellen", "undenufe"):
        expect(contract(phone, other)).to_be_disabled()
    expect(contract(phone, "obenabe")).to_be_enabled()
    expect(phone.locator(".panel .who")).to_contain_text("Hand 1: Vorhand Anna")

    # The tricks: 80 for Wir. The preview counts the Weis already written:
    # Wir (80 + 100) x 3 = 540, Ihr 77 x 3 = 231.
    points_for(phone, "Wir")
    tap_points(phone, "80")
    expect(preview(phone, "obenabe")).to_have_text("540 : 231")
    save(phone, "obenabe")

    expect(phone.locator("#open-hand")).to_have_count(0)
    assert totals(phone) == (540, 231)
    # Wir: 300 as Weis, then 240 = 2 x 100 + 2 x 20. Ihr: 231 = 2 x 100 + 20 + 11.
    assert slate(phone, 0) == chalk(540, hundreds=5, fifties=0, twenties=2, rest=0)
    assert slate(phone, 1) == chalk(231, hundreds=2, fifties=0, twenties=1, rest=11)
    assert history_numbers(phone) == [1]
    expect(row).to_have_class("row")
    expect(row).to_contain_text("Stich 80 : 77")
    expect(row).to_contain_text("Weis Wir 100")
    for key in ("rosen", "eicheln", "schilten", "schellen", "obenabe", "undenufe"):
        expect(contract(phone, key)).to_be_enabled()
    expect(phone.locator(".panel .who")).to_contain_text("Hand 2: Vorhand Ben")


def test_lost_session_is_explained(phone: Page, new_game):
    new_game()
    tap_points(phone, "90")
    save(phone, "rosen")
    assert totals(phone) == (90, 67)

    # The phone's browser dropped its session cookie (restart, cleared data) with the page
    # still open: the form's CSRF token no longer matches anything.
    phone.context.clear_cookies()
    tap_points(phone, "40")
    with phone.expect_response(lambda r: r.url.endswith("/hands")) as answer:
        contract(phone, "rosen").tap()
    assert answer.value.status == 422
    assert totals(phone) == (90, 67)
    expect(phone.locator("#error-game")).to_contain_text("nichts gespeichert", timeout=2_000)
    # The panel kept the 40 and carries a fresh token: one more tap saves it.
    assert phone.locator("#points").input_value() == "40"
    save(phone, "rosen")
    # Hand 2: Vorhand Ben, so the 40 are Ihr's by default: Wir 90 + 117, Ihr 67 + 40.
    assert totals(phone) == (207, 107)
