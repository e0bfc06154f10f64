"""A phone switched to French on "Dieses Handy" stays French: the start page, a new game and
the game's page, after a reload too."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.conftest import SEATS


def test_a_phone_switched_to_french_stays_french(phone: Page, live_server: str):
    phone.goto(f"{live_server}/")
    expect(phone.locator("html")).to_have_attribute("lang", "de")  # the phone says de-CH
    # One tap on the start page's bar: FR, in the bar, at least a thumb wide.
    choice = phone.locator("#bar-lang-fr")
    expect(choice).to_have_text("FR")
    box = choice.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    choice.tap()
    expect(phone.locator("html")).to_have_attribute("lang", "fr")
    expect(phone.locator("#bar-lang-fr")).to_have_attribute("aria-pressed", "true")
    phone.locator("#phone-link").tap()
    phone.wait_for_url(re.compile(r"/phone"))
    expect(phone.locator("h1")).to_have_text("Ce téléphone")
    expect(phone.locator("label[for=name]")).to_have_text("Comment s'appelle ce téléphone ?")
    expect(phone.locator("html")).to_have_attribute("lang", "fr")
    expect(phone.locator("#lang-fr")).to_have_attribute("aria-pressed", "true")

    phone.goto(f"{live_server}/")
    expect(phone.get_by_role("heading", name="Parties en cours")).to_be_visible()
    phone.get_by_role("link", name="Nouvelle partie : Chibre").tap()
    expect(phone.locator("h1")).to_have_text("Nouvelle partie : Chibre")
    phone.fill("input[name=team_a]", "Nous")
    phone.fill("input[name=team_b]", "Vous")
    for name, player in SEATS.items():
        phone.fill(f"input[name={name}]", player)
    phone.get_by_role("button", name="Commencer la partie").tap()
    phone.wait_for_url(re.compile(r"/games/[\w-]{24}$"))
    expect(phone.locator(".panel .label")).to_have_text("Toucher l'atout = enregistrer la donne")
    expect(phone.locator("#history h2")).to_have_text("Donnes")

    phone.reload()
    expect(phone.locator("html")).to_have_attribute("lang", "fr")
    expect(phone.locator(".panel .label")).to_have_text("Toucher l'atout = enregistrer la donne")
    expect(phone.get_by_role("link", name="Remercier …")).to_be_visible()
