"""Templating helpers every mode's pages use: times in the table's time zone."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import current_app


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
