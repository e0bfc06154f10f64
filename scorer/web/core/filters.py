"""Templating helpers every room's pages use: dates in the phone's language, times in the table's
time zone, names that wrap at their joins, the engine's words for a game, card and contract
names. create_app installs them (init_app) for every template."""

from __future__ import annotations

import re
from datetime import date, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import Flask, current_app
from flask_babel import format_date
from markupsafe import Markup, escape

from scorer.cards import suit
from scorer.web.core.messages import and_joined
from scorer.web.core.messages.deck import named, order_name, weis_name
from scorer.web.core.registry import game_url, say_for


def local_time(at: str | None) -> datetime | None:
    """A stored UTC time in the table's time zone (setting TIMEZONE, default Europe/Zurich)."""
    try:
        moment = datetime.fromisoformat(at or "")
    except ValueError:  # an imported change with a time of its own making
        return None
    try:
        return moment.astimezone(ZoneInfo(current_app.config.get("TIMEZONE", "Europe/Zurich")))
    except ZoneInfoNotFoundError:
        return moment
    except (OverflowError, ValueError):  # imported: a time at the calendar's edge has none
        return None


def day(stored: str) -> str:
    """A stored date (or the date of a stored time) as the phone's language writes it:
    28.11.2026, 28 nov. 2026, Nov 28, 2026; kept as stored when it is no date (an old import)."""
    try:
        return format_date(date.fromisoformat(str(stored)[:10]), "medium")
    except (TypeError, ValueError):
        return stored


def breakable(name: str) -> Markup:
    """A name that may wrap after its joins ("Anna+Ruedi", "Anna & Ruedi", "Ost/West"), never
    inside a word: a line break opportunity (<wbr>) after each +, &, / and -."""
    text = str(escape(name))
    for join in ("+", "&amp;", "/", "-"):
        text = text.replace(join, join + "<wbr>")
    return Markup(text)


def name_size(name: str) -> str:
    """Classes for a name in a narrow column, by its longest word ("w9" for "Hansruedi"): the
    styles size it to fit whole, so that it wraps only between words, never "Hansru|edi"; a
    "tall" one may stand upright where six players share a phone's width."""
    longest = max((len(word) for word in re.split(r"[\s+&/-]+", name)), default=0)
    if longest < 6:
        return ""
    return f"fit w{min(longest, 16)}" + (" tall" if longest > 6 else "")


def said(problem, game) -> str:
    """{{ line | say(game) }}: what the engine said, in the words of this game's table."""
    return say_for(problem, game)


def init_app(app: Flask) -> None:
    """The filters and globals for every template."""
    app.add_template_filter(day)
    app.add_template_filter(day, "local_day")
    app.add_template_filter(breakable)
    app.add_template_filter(name_size)
    app.add_template_filter(and_joined)
    app.add_template_filter(said, "say")
    app.add_template_global(game_url)
    app.add_template_global(weis_name)
    app.add_template_global(named)
    app.add_template_global(order_name, "order_label")
    app.add_template_global(suit, "deck_suit")
