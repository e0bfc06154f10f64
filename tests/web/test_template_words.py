"""The templates' words (`_()`, `{% trans %}`, plurals, words with a context) come out as Jinja's
own newstyle gettext says them, in each language, escaping included."""

import pytest
from jinja2 import Environment

from scorer.web.core.i18n import LANGUAGES, catalogue_now

SAID = [
    '{{ _("Wir") }}·{{ _("noch keine Hand") }}',
    '{{ _("Ziel %(target)s", target="<b>2500</b>") }}',
    '{{ _("100%% sicher") }}',
    '{% trans team="Anna & <i>Ben</i>" %}{{ team }} gewinnt{% endtrans %}',
    "{% for n in [1, 2] %}{% trans count=n, target=1000 %}{{ count }} Hand, Ziel {{ target }}"
    "{% pluralize %}{{ count }} Hände, Ziel {{ target }}{% endtrans %};{% endfor %}",
    '{{ pgettext("status", "aus") }}·{{ pgettext("entry", "Hand") }}',
    '{{ pgettext("status", "%(context)s: %(who)s", who="<x>") }}',
    '{{ npgettext("status", "%(num)d Blinder", "%(num)d Blinde", 3) }}',
    '{{ ngettext("%(num)d Spieler", "%(num)d Spieler", 1) }}',
]


def jinja_own() -> Environment:
    """Jinja's i18n as Flask-Babel installs it, on the same catalogue."""
    env = Environment(extensions=["jinja2.ext.i18n"], autoescape=True)
    env.install_gettext_callables(
        gettext=lambda s: catalogue_now().ugettext(s),
        ngettext=lambda s, p, n: catalogue_now().ungettext(s, p, n),
        pgettext=lambda c, s: catalogue_now().upgettext(c, s),
        npgettext=lambda c, s, p, n: catalogue_now().unpgettext(c, s, p, n),
        newstyle=True,
    )
    return env


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("source", SAID)
def test_template_words_as_jinja_says_them(app, language, source):
    reference = jinja_own().from_string(source)
    with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
        ours = app.jinja_env.from_string(source).render()
        assert ours == reference.render()
        assert "<b>" not in ours and "<i>" not in ours and "<x>" not in ours


def test_words_are_translated_and_their_values_escaped(app):
    source = '{% trans team="A & B" %}{{ team }} gewinnt{% endtrans %}|{{ _("noch keine Hand") }}'
    with app.test_request_context("/", headers={"Cookie": "lang=fr"}):
        said = app.jinja_env.from_string(source).render()
    assert said == "A &amp; B gagne|pas encore de donne"
