"""The phone behind a request: the name it gave itself, or one made from its random id."""

from __future__ import annotations

import re
import secrets
from functools import cache

from babel import support
from flask import Flask, Response, request

from scorer.names import clean
from scorer.web.core.i18n import LANGUAGES, TRANSLATIONS, gettext

PHONE_COOKIE = "phone"
DEVICE_COOKIE = "device"
PHONE_NAME_MAX = 24
YEAR = 365 * 24 * 3600


def clean_name(text: str | None, limit: int) -> str:
    """A name as typed, without control characters and surrounding space, cut at `limit`."""
    return clean(text)[:limit].strip()


def device_id() -> str:
    """This browser's random id (a cookie set on its first visit), or a fresh one."""
    value = request.cookies.get(DEVICE_COOKIE, "")
    return value if value.isalnum() and len(value) <= 32 else ""


def phone_name() -> str:
    """The name this phone gave itself ("Anna", "Tisch 3"), or one made from its id, in the
    phone's language ("Handy 7A3", "Phone 7A3")."""
    return phone_said(recorded_phone())


def recorded_phone() -> str:
    """This phone as the record of changes keeps it: its name, or "Handy 7A3" made from its
    id, in German whatever the phone's language, so that each reader sees it in their own."""
    name = clean_name(request.cookies.get(PHONE_COOKIE), PHONE_NAME_MAX)
    if name:
        return name
    device = device_id()
    return f"Handy {device[:3].upper()}" if device else "Handy"


@cache
def _unnamed() -> re.Pattern:
    """A phone's made-up name in any of the app's languages (a record written by a French
    phone before names were kept in German reads "Téléphone 7A3")."""
    words = {"Handy"}
    for language in LANGUAGES:
        catalogue = support.Translations.load(str(TRANSLATIONS), [language])
        words.add(catalogue.ugettext("Handy {id}").replace("{id}", "").strip())
    return re.compile(rf"(?:{'|'.join(map(re.escape, sorted(words)))})(?: ([0-9A-F]{{3}}))?")


def phone_said(recorded: str) -> str:
    """A phone of the record in the reader's language: "Handy 7A3" reads "Phone 7A3" in
    English; a name the phone was given stays as it was typed."""
    unnamed = _unnamed().fullmatch(recorded or "")
    if unnamed is None:
        return recorded
    device = unnamed.group(1)
    return gettext("Handy {id}").format(id=device) if device else gettext("Handy")


def device_cookie(response: Response) -> Response:
    """Every browser gets a random id once: its phone's default name is made from it."""
    if not device_id():
        response.set_cookie(
            DEVICE_COOKIE,
            secrets.token_hex(8),
            max_age=YEAR,
            httponly=True,
            samesite="Lax",
            secure=request.is_secure,
        )
    response.vary.add("HX-Request")  # pages and fragments share URLs
    return response


def init_app(app: Flask) -> None:
    """Every answer carries the browser's id, once; templates say a recorded phone in the
    reader's language (`c.phone | phone_said`)."""
    app.after_request(device_cookie)
    app.add_template_filter(phone_said)
