"""The phone behind a request: the name it gave itself, or one made from its random id."""

from __future__ import annotations

import secrets

from flask import Flask, Response, request

from scorer.names import clean
from scorer.web.core.i18n import gettext

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
    """The name this phone gave itself ("Anna", "Tisch 3"), or one made from its id."""
    name = clean_name(request.cookies.get(PHONE_COOKIE), PHONE_NAME_MAX)
    if name:
        return name
    device = device_id()
    if device:
        return gettext("Handy {id}").format(id=device[:3].upper())
    return gettext("Handy")


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
    """Every answer carries the browser's id, once."""
    app.after_request(device_cookie)
