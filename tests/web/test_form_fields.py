"""The fields every room's forms share (scorer/web/core/forms.py): a number typed read strictly,
a radio that takes only what it offers, the Weis pages' declared Weis and cards, each a typed
value or an error said beside its field."""

import pytest
from werkzeug.datastructures import MultiDict
from wtforms import Form

from scorer.web.core.forms import (
    NOT_A_NUMBER,
    UNREADABLE_WEIS,
    CardsField,
    ChoiceField,
    DeclaredWeisField,
    SmallWholeField,
    WholeField,
    _choices,
    field_errors,
)
from scorer.weis import Weis

REFUSED = "Nur a oder b."


class Sample(Form):
    number = WholeField()
    counted = WholeField(empty=0)
    small = SmallWholeField(most=100)
    chosen = ChoiceField(choices=_choices([("a", "A"), ("b", "B")]), invalid_choice_message=REFUSED)
    kept = ChoiceField(
        choices=_choices([("a", "A"), ("b", "B")]), default="a", invalid_choice_message=REFUSED
    )
    declared = DeclaredWeisField()
    cards = CardsField()


def sent(**fields) -> Sample:
    return Sample(formdata=MultiDict(fields))


@pytest.mark.parametrize(
    ("typed", "number"),
    [("90", 90), (" 1'000 ", 1000), ("+5", 5), ("-3", -3), ("1 000", 1000), ("0", 0)],
)
def test_a_number_typed_on_a_phone(typed, number):
    form = sent(number=typed)
    assert form.number.data == number and form.number.validate(form)
    assert form.number.typed == typed  # shown as typed


@pytest.mark.parametrize("typed", ["²", "٣", "1e3", "x", "90.5", "9" * 5000, "--1", "1-"])
def test_anything_else_is_not_a_number_and_stays_as_typed(typed):
    form = sent(number=typed)
    assert form.number.data is None
    assert field_errors(form, ["number"]) == {"number": NOT_A_NUMBER}
    assert form.number.typed == typed


def test_blank_is_the_fields_empty_value():
    form = sent(number="  ", counted="")
    assert (form.number.data, form.counted.data) == (None, 0)
    assert field_errors(form, ["number", "counted"]) == {}
    assert (form.number.typed, form.counted.typed) == ("  ", "")
    assert Sample(formdata=MultiDict()).counted.typed == ""  # not sent: nothing shown


def test_a_number_given_is_shown_until_one_is_typed():
    form = Sample(formdata=None)
    assert form.number.typed == ""
    form.number.process(None, 90)
    assert (form.number.data, form.number.typed) == (90, "90")


@pytest.mark.parametrize(("typed", "number"), [("7", 7), ("100", 100), ("101", None), ("+7", None)])
def test_a_number_the_page_sends_is_ascii_digits_or_none(typed, number):
    form = sent(small=typed)
    assert form.small.data == number and field_errors(form, ["small"]) == {}


def test_a_choice_offered_one_not_sent_and_one_forged():
    assert field_errors(sent(chosen="b"), ["chosen", "kept"]) == {}
    missing = sent()
    assert (missing.chosen.data, missing.kept.data) == (None, "a")
    assert field_errors(missing, ["chosen", "kept"]) == {}  # the form asks for what is missing
    forged = sent(chosen="c", kept="")
    assert field_errors(forged, ["chosen", "kept"], {"kept": "chosen"}) == {"chosen": REFUSED}
    assert field_errors(forged, ["chosen", "kept"]) == {"chosen": REFUSED, "kept": REFUSED}


def test_declared_weis_by_seat_and_a_forged_one_refused():
    form = Sample(
        formdata=MultiDict(
            [("d0", "four:U"), ("d2", "run:rosen:K:3"), ("d0", "run:rosen:9:3"), ("x1", "?")]
        )
    )
    assert form.declared.data == {
        0: [Weis.four("U"), Weis.run("rosen", "9", 3)],
        2: [Weis.run("rosen", "K", 3)],
    }
    assert field_errors(form, ["declared"]) == {}
    for key in ("d1", "d77", "d" + "9" * 5000):
        forged = sent(d0="four:U", **{key: "run:rosen:K:²"})
        assert field_errors(forged, ["declared"], {"declared": "weis"}) == {"weis": UNREADABLE_WEIS}
    assert sent(d007="four:U").declared.data == {}  # no seat is written so
    assert Sample(formdata=None).declared.data == {}


def test_cards_tapped_as_read_and_as_sent():
    form = Sample(formdata=MultiDict([("cards", "rosen:K"), ("cards", "x"), ("cards", "rosen:Z")]))
    assert form.cards.data == (("rosen", "K"),)
    assert form.cards.raw_data == ["rosen:K", "x", "rosen:Z"]
