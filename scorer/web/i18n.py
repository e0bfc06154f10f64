"""The table's language: German (every msgid is the German text, so German needs no
catalogue to speak), French or English, with Flask-Babel.

A phone speaks the language it chose on the page "Dieses Handy" (a cookie, kept a year), else
the first of its browser's languages the app speaks (Accept-Language), else German. Words kept
in tables (the engine's codes, the record of changes) are marked with N_ (NP_ with a context)
for extraction and translated when they are said.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, has_request_context, redirect, request, url_for
from flask_babel import Babel, get_locale, get_translations

LANGUAGES = {"de": "Deutsch", "fr": "Français", "en": "English"}  # each in its own words
DEFAULT = "de"
COOKIE = "lang"
YEAR = 365 * 24 * 3600
TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"

bp = Blueprint("language", __name__)


def N_(text: str) -> str:
    """Marks words for extraction; they are translated (tr) when they are said."""
    return text


def NP_(context: str, text: str) -> tuple[str, str]:
    """Marks words with a context (one German word, two meanings) for extraction."""
    return context, text


def tr(words: str | tuple[str, str]) -> str:
    """Words marked with N_ (or NP_) in the phone's language; no formatting, so that the
    caller fills in its {named} values."""
    if isinstance(words, tuple):
        return get_translations().upgettext(*words)
    return get_translations().ugettext(words)


def tr_plural(one: str, many: str, count: int) -> str:
    """Words for one or for many (as the language counts), without formatting."""
    return get_translations().ungettext(one, many, count)


def chosen() -> str:
    """The phone's language: its cookie, else its browser's first one we speak, else German.
    Outside a request (a command, a test of the words alone) German."""
    if not has_request_context():
        return DEFAULT
    kept = request.cookies.get(COOKIE)
    if kept in LANGUAGES:
        return kept
    return request.accept_languages.best_match(LANGUAGES, default=DEFAULT)


def language() -> str:
    """The language this page is in: "de", "fr" or "en" (for <html lang>)."""
    locale = get_locale() if has_request_context() else None
    return locale.language if locale is not None else DEFAULT


@bp.post("/sprache")
def choose():
    """Keep the language chosen on this phone (the form carries its CSRF token, checked by
    CSRFProtect like every post) and go back where the switch was."""
    lang = request.form.get("lang", "")
    back = request.form.get("back", "")
    back = back if back.startswith("/") and not back.startswith("//") else url_for("games.index")
    response = redirect(back, 303)
    if lang in LANGUAGES:
        response.set_cookie(
            COOKIE, lang, max_age=YEAR, samesite="Lax", httponly=True, secure=request.is_secure
        )
    return response


def _vary(response):
    """Pages differ by the browser's languages (the cookie varies them already)."""
    response.vary.add("Accept-Language")
    return response


def init_app(app: Flask) -> None:
    """Flask-Babel with the app's catalogues, the switch, and <html lang> for templates.
    Flask-WTF's own messages follow the same language (WTF_I18N_ENABLED, its default)."""
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(TRANSLATIONS)
    app.config.setdefault("WTF_I18N_ENABLED", True)
    Babel(app, locale_selector=chosen)
    app.add_template_global(language, "language")
    app.add_template_global(LANGUAGES, "languages")
    app.register_blueprint(bp)
    app.after_request(_vary)


def catalogue(lang: str) -> Path:
    """The .po file of a language."""
    return TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"
