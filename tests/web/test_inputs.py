"""Every input of every form is written by scorer.web.core.inputs with the bytes WTForms' own widget
writes (escaping included), and what it does not write plainly WTForms still writes."""

import pytest
from markupsafe import Markup
from werkzeug.datastructures import MultiDict
from wtforms import Field, RadioField, SelectChoice, TextAreaField
from wtforms.meta import DefaultMeta

import scorer.web.club.forms
import scorer.web.coiffeur.forms
import scorer.web.differenzler.forms
import scorer.web.handjass.forms  # noqa: F401  (the forms register as subclasses of Form)
import scorer.web.schieber.forms
from scorer.web.core.i18n import Form
from scorer.web.core.inputs import written

TRICKY = 'Anna "die Grosse" <b>&amp; Co'
ASKED = [
    {},
    {"autocomplete": "off", "placeholder": TRICKY},
    {"class_": "seat", "data_team": 1, "aria_label": Markup('say "x"'), "size": 2},
    {"disabled": True, "checked": False, "value": TRICKY},
]


def forms() -> list[type]:
    """Every form of the app: the leaves of Form's subclasses (GuardedForm is a base)."""
    found, todo = [], Form.__subclasses__()
    while todo:
        kind = todo.pop()
        below = kind.__subclasses__()
        found.extend([] if below else [kind])
        todo.extend(below)
    return sorted(found, key=lambda kind: kind.__name__)


def inputs(form) -> list[Field]:
    every = []
    for field in form:
        every.extend(field if isinstance(field, RadioField) else [field])
    return every


@pytest.mark.parametrize("kind", forms(), ids=lambda kind: kind.__name__)
@pytest.mark.parametrize("sent", ["nothing", "tricky"])
def test_every_input_as_wtforms_writes_it(app, kind, sent):
    app.config["WTF_CSRF_ENABLED"] = True  # its hidden token too
    with app.test_request_context("/"):
        blank = kind(formdata=None)
        formdata = MultiDict({field.name: TRICKY for field in blank}) if sent == "tricky" else None
        form = kind(formdata=formdata)
        checked = 0
        for field in inputs(form):
            for asked in ASKED:
                expected = DefaultMeta.render_field(field.meta, field, dict(asked))
                assert field(**asked) == expected
                checked += 1
        assert checked >= len(ASKED)


def test_what_is_not_a_plain_input_goes_to_wtforms(app):
    class Notes(Form):
        note = TextAreaField()
        said = RadioField(choices=[SelectChoice("a", "A")], render_kw={"data_x": "1"})

    with app.test_request_context("/"):
        form = Notes(formdata=MultiDict({"note": TRICKY}))
        assert written(form.note, {}) is None
        assert written(form.said, {}) is None
        assert form.note() == Markup(
            '<textarea id="note" name="note">\r\nAnna &#34;die Grosse&#34; &lt;b&gt;&amp;amp; Co'
            "</textarea>"
        )


def test_a_plain_input_written_here(app):
    with app.test_request_context("/"):
        form = scorer.web.schieber.forms.NewGameForm(
            formdata=MultiDict({"team_a": TRICKY}), meta={"csrf": False}
        )
        assert written(form.team_a, {"placeholder": "Team"}) == Markup(
            '<input id="team_a" name="team_a" placeholder="Team" type="text"'
            ' value="Anna &#34;die Grosse&#34; &lt;b&gt;&amp;amp; Co">'
        )
