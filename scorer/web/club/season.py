"""A season: this phone's evenings added up to one table (`/saison`), computed from their
stored games each time; nothing is stored. The leader ticks the evenings that count and how
(best k of them, the last one a final counted double, Formula-1 points instead of totals).
Players are matched across evenings by name."""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, render_template, request

from scorer.club.results import event_standings
from scorer.club.season import SeasonRules, season
from scorer.storage import club as events
from scorer.storage import club_tables as tables
from scorer.web.club.evening import mine
from scorer.web.club.fairness import by_name, csv_rows, lines, named_plans
from scorer.web.club.forms import SeasonArgs
from scorer.web.core.forms import field_errors
from scorer.web.core.transfer import csv_file
from scorer.web.db import get_db

bp = Blueprint("club_season", __name__)


def _rows(stored: events.StoredEvent) -> list:
    """An evening's standings with each player named, so that evenings can be added up."""
    names = {p.number: p.name for p in stored.players}
    found = tables.tables(get_db(), stored.id)
    return [
        replace(row, player=names[row.player])
        for row in event_standings(stored.event, stored.players, stored.plans, found)
    ]


def _chosen() -> tuple[list, list, SeasonArgs, dict, set]:
    """This phone's evenings by day, those ticked in the address, the form and its errors."""
    db = get_db()
    evenings = [e for e in (events.load(db, i) for i in mine()) if e is not None]
    evenings.sort(key=lambda e: (e.event.day, e.id))
    form = SeasonArgs(request.args)
    errors = {} if form.validate() else field_errors(form)
    ticked = form.ticked()
    chosen = [e for e in evenings if e.id in ticked] if ticked and not errors else []
    return evenings, chosen, form, errors, ticked


def _fairness(chosen: list):
    """Whom each player partnered and faced over the evenings ticked, players by name."""
    plans, names = [], set()
    for stored in chosen:
        named = {p.number: p.name for p in stored.players}
        plans += named_plans(stored.plans, named)
        names |= set(named.values())
    return by_name(plans, names)


@bp.get("/saison")
def show():
    """The season table of the evenings ticked (read only: the choice is in the address)."""
    evenings, chosen, form, errors, ticked = _chosen()
    rules = SeasonRules(
        best=form.beste.data or None,
        final_double=form.final.data == "1",
        f1_points=form.f1.data == "1",
        beyond_f1=1 if form.weitere.data == "1" else 0,
    )
    rows = season([_rows(e) for e in chosen], rules) if chosen else []
    return render_template(
        "club/season.html",
        evenings=evenings,
        chosen=chosen,
        ticked=ticked,
        rules=rules,
        rows=rows,
        fairness=lines(_fairness(chosen)) if chosen else [],
        passen=sum(len(e.plans) for e in chosen),
        form=form,
        errors=errors,
    ), (422 if errors else 200)


@bp.get("/saison/wer-mit-wem.csv")
def fairness_csv():
    """Whom each player partnered and faced over the evenings ticked: every ordered pair."""
    _evenings, chosen, _form, errors, _ticked = _chosen()
    if errors:
        return show()
    return csv_file(csv_rows(_fairness(chosen)), "saison-wer-mit-wem.csv")
