"""Contracts, multipliers and the presets of RULES.md section 2."""

import pytest

from scorer.cards import DECKS
from scorer.codes import code
from scorer.schieber.contracts import PRESETS, Rules, contracts_for
from scorer.web.schieber.words import PRESET_NAMES, preset_label

MODERN_SWISS = dict(rosen=1, eicheln=1, schilten=2, schellen=2, obenabe=3, undenufe=3)


def test_contracts_of_a_deck_in_order():
    assert [c.key for c in contracts_for("swiss")] == [
        "rosen",
        "eicheln",
        "schilten",
        "schellen",
        "obenabe",
        "undenufe",
    ]
    assert [c.key for c in contracts_for("french")] == [
        "hearts",
        "diamonds",
        "clubs",
        "spades",
        "obenabe",
        "undenufe",
    ]


def test_only_trump_suits_have_trump():
    has_trump = {c.key: c.has_trump for c in contracts_for("swiss")}
    assert has_trump == dict(
        rosen=True, eicheln=True, schilten=True, schellen=True, obenabe=False, undenufe=False
    )


def test_classic_swiss():
    rules = Rules.from_preset("classic")
    assert rules.target == 3000
    assert rules.multipliers == dict(
        eicheln=1, rosen=1, schilten=2, schellen=2, obenabe=3, undenufe=4
    )


def test_classic_french():
    rules = Rules.from_preset("classic", "french")
    assert rules.target == 3000
    assert rules.multipliers == dict(clubs=1, spades=1, hearts=2, diamonds=2, obenabe=3, undenufe=4)


def test_modern_swiss():
    rules = Rules.from_preset("modern")
    assert rules.target == 2500
    assert rules.multipliers == MODERN_SWISS


def test_modern_french():
    # 002: the black suits x1, the red ones x2.
    rules = Rules.from_preset("modern", "french")
    assert rules.target == 2500
    assert rules.multipliers == dict(clubs=1, spades=1, hearts=2, diamonds=2, obenabe=3, undenufe=3)


def test_pairing_003_french():
    # 003 pairs roses with hearts and acorns with diamonds: hearts and diamonds x1.
    rules = Rules.from_preset("pairing_003", "french")
    assert rules.target == 2500
    assert rules.multipliers == dict(hearts=1, diamonds=1, spades=2, clubs=2, obenabe=3, undenufe=3)
    assert rules.preset == "pairing_003"


def test_pairing_003_swiss_is_modern():
    # For Swiss faces the 003 pairing holds the same multipliers as modern: the first preset that
    # matches names it.
    rules = Rules.from_preset("pairing_003")
    assert rules.target == 2500
    assert rules.multipliers == MODERN_SWISS
    assert rules.preset == "modern"


@pytest.mark.parametrize("deck", ["swiss", "french"])
def test_simple(deck):
    rules = Rules.from_preset("simple", deck)
    assert rules.target == 1000
    assert set(rules.multipliers.values()) == {1}
    assert len(rules.multipliers) == 6


def test_default_rules_are_modern_swiss():
    rules = Rules()
    assert (rules.deck, rules.target, rules.multipliers) == ("swiss", 2500, MODERN_SWISS)
    assert rules.undenufe_six is True
    assert rules.bergpreis is True


def test_multiplier_lookup():
    rules = Rules.from_preset("classic")
    assert rules.multiplier("schellen") == 2
    assert rules.multiplier("undenufe") == 4
    assert rules.multiplier("slalom") == 0


def test_half_target():
    assert Rules.from_preset("classic").half_target == 1500
    assert Rules.from_preset("modern").half_target == 1250
    assert Rules.from_preset("simple").half_target == 500


@pytest.mark.parametrize("key", ["classic", "modern", "simple"])
@pytest.mark.parametrize("deck", ["swiss", "french"])
def test_preset_recognised(key, deck):
    assert Rules.from_preset(key, deck).preset == key


def test_preset_keys():
    assert set(PRESETS) == {"classic", "modern", "pairing_003", "simple"}


def test_preset_names_and_their_figures():
    assert {key: p.name for key, p in PRESETS.items()} == {
        "classic": "Klassisch",
        "modern": "Modern",
        "pairing_003": "003",
        "simple": "Einfach",
    }
    assert PRESET_NAMES == {key: p.name for key, p in PRESETS.items()}


def test_presets_say_what_they_do_with_the_chosen_faces():
    labels = {deck: [preset_label(p, deck) for p in PRESETS.values()] for deck in DECKS}
    assert labels["swiss"] == [
        "Klassisch: 3000, Schilten/Schellen ×2, Obenabe ×3, Undenufe ×4, sonst ×1",
        "Modern: 2500, Schilten/Schellen ×2, Obenabe/Undenufe ×3, sonst ×1",
        "003: 2500, Schilten/Schellen ×2, Obenabe/Undenufe ×3, sonst ×1",
        "Einfach: 1000, alles ×1",
    ]
    # French faces: the modern preset doubles the red suits, 003 the black ones.
    assert labels["french"][1] == "Modern: 2500, Herz/Ecken ×2, Obenabe/Undenufe ×3, sonst ×1"
    assert labels["french"][2] == "003: 2500, Kreuz/Schaufel ×2, Obenabe/Undenufe ×3, sonst ×1"


def test_changed_multiplier_is_custom():
    rules = Rules(multipliers={**MODERN_SWISS, "undenufe": 4})
    assert rules.preset == "custom"


def test_changed_target_is_custom():
    assert Rules.from_preset("modern", target=3000).preset == "custom"


def test_other_settings_keep_the_preset():
    assert Rules.from_preset("modern", undenufe_six=False, bergpreis=False).preset == "modern"


def test_multiplier_zero_hides_a_contract():
    rules = Rules(multipliers={**MODERN_SWISS, "undenufe": 0})
    assert [c.key for c in rules.contracts] == [
        "rosen",
        "eicheln",
        "schilten",
        "schellen",
        "obenabe",
    ]
    assert rules.contract("undenufe") is None
    assert rules.contract("obenabe").name == "Obenabe"
    assert rules.multiplier("undenufe") == 0
    assert rules.problems() == {}


def test_contract_from_other_deck_is_none():
    assert Rules().contract("hearts") is None
    assert Rules().contract("rosen").suit.key == "rosen"


def test_presets_have_no_problems():
    for key in PRESETS:
        for deck in ("swiss", "french"):
            assert Rules.from_preset(key, deck).problems() == {}


@pytest.mark.parametrize("bad", [-1, 21, 1.5, "2", None, True])
def test_bad_multiplier(bad):
    problems = Rules(multipliers={**MODERN_SWISS, "schilten": bad}).problems()
    assert problems == {"mult_schilten": code("rules_multiplier", most=20)}


@pytest.mark.parametrize("good", [0, 1, 20])
def test_multiplier_bounds_accepted(good):
    assert Rules(multipliers={**MODERN_SWISS, "schilten": good}).problems() == {}


def test_missing_multiplier():
    multipliers = dict(MODERN_SWISS)
    del multipliers["rosen"]
    problems = Rules(multipliers=multipliers).problems()
    assert problems["mult_rosen"] == code("rules_multiplier", most=20)


def test_no_visible_contract():
    problems = Rules(multipliers={k: 0 for k in MODERN_SWISS}).problems()
    assert problems == {"multipliers": code("rules_no_contract")}


@pytest.mark.parametrize("bad", [99, 100_001, 0, -2500, "2500", 2500.0, None])
def test_bad_target(bad):
    problems = Rules(target=bad).problems()
    assert problems == {"target": code("rules_target", least=100, most=100_000)}


@pytest.mark.parametrize("good", [100, 1000, 1500, 2500, 3000, 100_000])
def test_target_bounds_accepted(good):
    assert Rules(target=good).problems() == {}


def test_unknown_deck():
    problems = Rules(deck="tarot").problems()
    assert problems == {"deck": code("rules_deck")}


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules.from_preset("classic", "french", undenufe_six=False, bergpreis=False),
        Rules(multipliers={**MODERN_SWISS, "obenabe": 0, "rosen": 7}, target=1234),
        Rules(weis_large=False, four_nines=False, four_sixes=True, any_four=True),
        Rules(order=("stich", "stoeck", "weis"), auto_end=True),
    ],
)
def test_dict_round_trip(rules):
    assert Rules.from_dict(rules.to_dict()) == rules


def test_to_dict_values():
    assert Rules.from_preset("simple", undenufe_six=False).to_dict() == {
        "deck": "swiss",
        "multipliers": dict(rosen=1, eicheln=1, schilten=1, schellen=1, obenabe=1, undenufe=1),
        "target": 1000,
        "undenufe_six": False,
        "bergpreis": True,
        "bergpreis_ask": True,
        "weis_large": True,
        "four_nines": True,
        "four_sixes": False,
        "any_four": False,
        "order": ["stoeck", "weis", "stich"],
        "auto_end": False,
    }


def test_from_dict_defaults():
    rules = Rules.from_dict({"deck": "swiss", "multipliers": MODERN_SWISS, "target": 2500})
    assert rules.undenufe_six is True
    assert rules.bergpreis is True
    # Stored before the setting came: both teams at once share the Bergpreis, as then.
    assert rules == Rules(bergpreis_ask=False)
