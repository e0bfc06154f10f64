"""A club evening's standings: the leader's page (`/abend/<key>/rangliste`) and the projector
(`/leinwand/<screen_key>`), read only, which refreshes and pages through by itself.

Both compute the standings from the stored games at every request (scorer.club.results);
nothing is counted twice. The projector's key opens this page and nothing else: it has no
form, and no POST route takes it.
"""

from __future__ import annotations

import time

from flask import Blueprint, render_template, request, url_for
from jinja2_fragments.flask import render_block

from scorer.club.results import event_standings, progress
from scorer.storage import club as events
from scorer.storage import club_tables as tables
from scorer.web.club.evening import opened
from scorer.web.club.forms import ScreenArgs
from scorer.web.core.links import public_url
from scorer.web.db import get_db
from scorer.web.games.share import qr_svg

bp = Blueprint("club_standings", __name__)
SCREEN_ROWS = 14  # standings lines on one projector page at 1920x1080
SCREEN_TABLES = 10  # seat-plan tables on one projector page
SCREEN_SECONDS = 12  # each projector page stays this long
POLL_SECONDS = 4


def board(stored: events.StoredEvent) -> dict:
    """The standings and each Passe's progress as the pages show them."""
    found = tables.tables(get_db(), stored.id)
    names = {p.number: p.name for p in stored.players}
    rows = [
        {
            "rank": row.rank,
            "name": names[row.player],
            "total": row.total,
            "passen": row.passen,
            "provisional": row.provisional,
        }
        for row in event_standings(stored.event, stored.players, stored.plans, found)
    ]
    return {
        "rows": rows,
        "progress": progress(stored.plans, found),
        "provisional": any(r["provisional"] for r in rows),
        "names": names,
    }


@bp.app_template_global()
def screen_link(stored: events.StoredEvent) -> dict:
    """The projector's address and its QR code, for the leader's page."""
    url = public_url(url_for("club_standings.screen", key=stored.screen_key))
    return {"url": url, "qr": qr_svg(url)}


@bp.get("/abend/<key>/rangliste")
def standings(key: str):
    """The leader's standings: rank, name, each Passe, total; provisional while it is."""
    stored = opened(key, "leader")
    return render_template("club/standings.html", stored=stored, key=key, **board(stored))


@bp.get("/leinwand/<key>")
def screen(key: str):
    """The projector: how far the Passe is, its seat plan while it is played, and the
    standings, a page at a time; htmx asks for the block again every few seconds."""
    stored = opened(key, "screen")
    shown = board(stored)
    pages = _pages(stored, shown)
    asked = ScreenArgs(request.args).seite.data
    index = (asked - 1 if asked else int(time.time() // SCREEN_SECONDS)) % len(pages)
    context = {
        "stored": stored,
        "key": key,
        "page": pages[index],
        "page_number": index + 1,
        "page_count": len(pages),
        "poll": POLL_SECONDS,
        **shown,
    }
    if request.headers.get("HX-Request") and not request.headers.get("HX-History-Restore-Request"):
        response = render_block("club/screen.html", "screen", **context)
        return response, 200, {"Vary": "HX-Request", "Cache-Control": "no-store"}
    return render_template("club/screen.html", **context), 200, {"Vary": "HX-Request"}


def _pages(stored: events.StoredEvent, shown: dict) -> list[dict]:
    """What the projector shows in turn: the seat plan of the Passe being played (its tables a
    page at a time), then the standings a page at a time, unless the evening hides them
    during its last Passe."""
    plans, playing = stored.plans, None
    if plans and not shown["progress"][-1].complete:
        playing = len(plans)
    pages: list[dict] = []
    if playing:
        seated = list(enumerate(plans[-1].tables, 1))
        out = ", ".join(shown["names"][p] for p in plans[-1].sit_out)
        for start in range(0, len(seated), SCREEN_TABLES):
            part = seated[start : start + SCREEN_TABLES]
            pages.append({"kind": "plan", "passe": playing, "tables": part, "sit_out": out})
    hidden = stored.event.hide_last and playing == stored.event.passen
    if hidden:
        pages.append({"kind": "hidden"})
    elif any(p.done for p in shown["progress"]):
        rows = shown["rows"]
        for start in range(0, len(rows), SCREEN_ROWS):
            pages.append({"kind": "standings", "rows": rows[start : start + SCREEN_ROWS]})
    return pages or [{"kind": "waiting"}]
