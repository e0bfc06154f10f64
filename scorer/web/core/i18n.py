"""The table's language: German (every msgid is the German text, so German needs no
catalogue to speak), French or English, with Flask-Babel.

A phone speaks the language it chose on the page "Dieses Handy" (a cookie, kept a year), else
the first of its browser's languages the app speaks (Accept-Language), else German. Words kept
in tables (the engine's codes, the record of changes) are marked with N_ (NP_ with a context)
for extraction and translated when they are said.
"""

from __future__ import annotations

from pathlib import Path

from babel import Locale, support
from flask import Blueprint, Flask, has_request_context, redirect, request, url_for
from flask_babel import Babel, get_locale, get_translations
from flask_wtf import FlaskForm
from jinja2 import pass_eval_context
from markupsafe import Markup
from wtforms import StringField
from wtforms.i18n import messages_path

from scorer.web.core.inputs import written
from scorer.web.core.links import own_path

LANGUAGES = {"de": "Deutsch", "fr": "Français", "en": "English"}  # each in its own words
DEFAULT = "de"
COOKIE = "lang"
YEAR = 365 * 24 * 3600
TRANSLATIONS = Path(__file__).resolve().parents[2] / "translations"
LOCALES = {name: Locale.parse(name) for name in LANGUAGES}

bp = Blueprint("language", __name__)


def N_(text: str) -> str:
    """Marks words for extraction; they are translated (tr) when they are said."""
    return text


def NP_(context: str, text: str) -> tuple[str, str]:
    """Marks words with a context (one German word, two meanings) for extraction."""
    return context, text


def catalogue_now():
    """The catalogue of this request's language (Flask-Babel keeps it for the request)."""
    return get_translations()


class _WTFormsWords:
    """WTForms' own messages ("Not a valid integer value.") in the request's language, each
    catalogue read from disk once per process (Flask-WTF reads it again on every request)."""

    loaded: dict[str, support.Translations] = {}

    def _catalogue(self):
        locale = get_locale()
        if locale is None:
            return None
        key = str(locale)
        found = self.loaded.get(key)
        if found is None:
            found = support.Translations.load(messages_path(), [locale], domain="wtforms")
            self.loaded[key] = found
        return found

    def gettext(self, string):
        found = self._catalogue()
        return string if found is None else found.ugettext(string)

    def ngettext(self, singular, plural, n):
        found = self._catalogue()
        if found is None:
            return singular if n == 1 else plural
        return found.ungettext(singular, plural, n)


class Form(FlaskForm):
    """Every form of the app: Flask-WTF's (CSRF), with WTForms' messages in the phone's
    language from catalogues kept in memory."""

    class Meta:
        def get_translations(self, form):
            return WTFORMS_WORDS

        def render_field(self, field, render_kw):
            html = written(field, render_kw)
            return super().render_field(field, render_kw) if html is None else html


class GuardedForm(Form):
    """A form its page writes with the guard macro (templates/_macros.html), which carries the
    CSRF token: no token field of its own to bind on every post. CSRFProtect checks every
    post before its view all the same."""

    class Meta:
        csrf = False


WTFORMS_WORDS = _WTFormsWords()


def gettext(text: str, **values) -> str:
    """Flask-Babel's gettext (the words in the phone's language, `%(name)s` filled in from
    `values` when there are any), from the catalogue kept for the request."""
    found = tr(text)
    return found % values if values else found


def pgettext(context: str, text: str, **values) -> str:
    """gettext for words with a context (one German word, two meanings)."""
    found = tr((context, text))
    return found % values if values else found


def tr(words: str | tuple[str, str]) -> str:
    """Words marked with N_ (or NP_) in the phone's language; no formatting, so that the
    caller fills in its {named} values."""
    if isinstance(words, tuple):
        return catalogue_now().upgettext(*words)
    return catalogue_now().ugettext(words)


def tr_plural(one: str, many: str, count: int) -> str:
    """Words for one or for many (as the language counts), without formatting."""
    return catalogue_now().ungettext(one, many, count)


def chosen() -> Locale:
    """The phone's language: its cookie, else its browser's first one we speak, else German.
    Outside a request (a command, a test of the words alone) German. A Locale kept for each
    language: Flask-Babel takes it as it is, where it would parse a language's name anew on
    every request."""
    if not has_request_context():
        return LOCALES[DEFAULT]
    kept = request.cookies.get(COOKIE)
    if kept in LANGUAGES:
        return LOCALES[kept]
    return LOCALES[request.accept_languages.best_match(LANGUAGES, default=DEFAULT)]


def language() -> str:
    """The language this page is in: "de", "fr" or "en" (for <html lang>)."""
    locale = get_locale() if has_request_context() else None
    return locale.language if locale is not None else DEFAULT


class LanguageForm(GuardedForm):
    """A language switch's post: the language tapped and the page to go back to."""

    lang = StringField()
    back = StringField()


@bp.post("/sprache")
def choose():
    """Keep the language chosen on this phone (the form carries its CSRF token, checked by
    CSRFProtect like every post) and go back where the switch was; a language the app does not
    speak changes nothing."""
    form = LanguageForm(request.form)
    response = redirect(own_path(form.back.data or "", url_for("games.index")), 303)
    lang = form.lang.data
    if lang in LANGUAGES:
        response.set_cookie(
            COOKIE, lang, max_age=YEAR, samesite="Lax", httponly=True, secure=request.is_secure
        )
    return response


def _vary(response):
    """Pages differ by the browser's languages (the cookie varies them already)."""
    response.vary.add("Accept-Language")
    return response


# The words of templates: `_()`, `{% trans %}` and their plural and context forms, as Jinja's
# "newstyle" gettext says them (Markup where the template escapes, then `%` with the values),
# from the catalogue kept for the request: one call a word, where Jinja's own take three and
# format every string (figures in docs/performance.md).


@pass_eval_context
def _template_gettext(scope, text: str, **values) -> str:
    return _filled(scope, catalogue_now().ugettext(text), values)


@pass_eval_context
def _template_ngettext(scope, one: str, many: str, num: int, **values) -> str:
    values.setdefault("num", num)
    return _filled(scope, catalogue_now().ungettext(one, many, num), values)


@pass_eval_context
def _template_pgettext(scope, context: str, text: str, **values) -> str:
    values.setdefault("context", context)
    return _filled(scope, catalogue_now().upgettext(context, text), values)


@pass_eval_context
def _template_npgettext(scope, context: str, one: str, many: str, num: int, **values) -> str:
    values.setdefault("context", context)
    values.setdefault("num", num)
    return _filled(scope, catalogue_now().unpgettext(context, one, many, num), values)


def _filled(scope, words: str, values: dict) -> str:
    if scope.autoescape:
        words = Markup(words)
    return words % values if "%" in words else words  # without a %, % changes nothing


def init_app(app: Flask) -> None:
    """Flask-Babel with the app's catalogues, the switch, and <html lang> for templates.
    Flask-WTF's own messages follow the same language (WTF_I18N_ENABLED, its default)."""
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(TRANSLATIONS)
    app.config.setdefault("WTF_I18N_ENABLED", True)
    Babel(app, locale_selector=chosen)
    app.jinja_env.newstyle_gettext = True  # {% trans %} passes its values to the call
    app.jinja_env.globals.update(
        _=_template_gettext,
        gettext=_template_gettext,
        ngettext=_template_ngettext,
        pgettext=_template_pgettext,
        npgettext=_template_npgettext,
    )
    app.add_template_global(language, "language")
    app.add_template_global(LANGUAGES, "languages")
    app.register_blueprint(bp)
    app.after_request(_vary)


def catalogue(lang: str) -> Path:
    """The .po file of a language."""
    return TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"
