"""A season: this phone's evenings added up to one table (`/saison`), computed from their
stored games each time; nothing is stored. The leader ticks the evenings that count and how
(best k of them, the last one a final counted double, Formula-1 points instead of totals).
Players are matched across evenings by name. Beside the table, each player's rating through
their partners (scorer.ratings), replayed from the evenings' Passen at every view; the same as
a CSV file (`/saison.csv`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from flask import Blueprint, render_template, request, url_for

from scorer.club.rated import passe_bouts
from scorer.club.results import event_standings
from scorer.club.season import SeasonRow, SeasonRules, season
from scorer.ratings import Ratings
from scorer.storage import club as events
from scorer.storage import club_tables as tables
from scorer.web.club.evening import mine
from scorer.web.club.fairness import by_name, csv_rows, lines, named_plans
from scorer.web.club.forms import SeasonArgs
from scorer.web.core.forms import field_errors
from scorer.web.core.i18n import gettext
from scorer.web.core.transfer import csv_file
from scorer.web.db import get_db
from scorer.web.lookback.rated import csv_cells, csv_header, rated, ratings_of

bp = Blueprint("club_season", __name__)


@dataclass(frozen=True)
class Season:
    """The season as asked for: this phone's evenings, those ticked, the rules, the table, the
    ratings of the ticked evenings' players, and the form with its errors."""

    evenings: list
    chosen: list
    ticked: set
    rules: SeasonRules
    rows: list[SeasonRow]
    ratings: Ratings
    form: SeasonArgs
    errors: dict


def _evening(stored: events.StoredEvent) -> tuple[list, list]:
    """An evening's standings with each player named, so that evenings can be added up, and
    its Passen as results to rate."""
    names = {p.number: p.name for p in stored.players}
    found = tables.tables(get_db(), stored.id)
    rows = [
        replace(row, player=names[row.player])
        for row in event_standings(stored.event, stored.players, stored.plans, found)
    ]
    when = (stored.event.day, stored.id)
    return rows, passe_bouts(stored.event, stored.plans, found, names, when)


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


def _season() -> Season:
    evenings, chosen, form, errors, ticked = _chosen()
    rules = SeasonRules(
        best=form.beste.data or None,
        final_double=form.final.data == "1",
        f1_points=form.f1.data == "1",
        beyond_f1=1 if form.weitere.data == "1" else 0,
    )
    read = [_evening(e) for e in chosen]
    rows = season([r for r, _ in read], rules) if chosen else []
    ratings = ratings_of(b for _, bouts in read for b in bouts)
    return Season(evenings, chosen, ticked, rules, rows, ratings, form, errors)


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
    s = _season()
    query = request.query_string.decode()
    return render_template(
        "club/season.html",
        evenings=s.evenings,
        chosen=s.chosen,
        ticked=s.ticked,
        rules=s.rules,
        rows=s.rows,
        rated=rated(s.ratings),
        csv_url=f"{url_for('.export')}?{query}" if query else url_for(".export"),
        fairness=lines(_fairness(s.chosen)) if s.chosen else [],
        passen=sum(len(e.plans) for e in s.chosen),
        form=s.form,
        errors=s.errors,
    ), (422 if s.errors else 200)


@bp.get("/saison.csv")
def export():
    """The season table as a CSV file: rank, name, what each evening gives, the total, and the
    player's rating (none for a player who only sat out). Nothing ticked: the header alone."""
    s = _season()
    evenings = [f"{e.event.day} {e.event.name}" for e in s.chosen]
    rows = [[gettext("Rang"), gettext("Name"), *evenings, gettext("Total"), *csv_header()]]
    for row in s.rows:
        values = ["" if v is None else v for v in row.evenings]
        rating = s.ratings.of(row.player)
        rows.append([row.rank, row.player, *values, row.total, *csv_cells(rating)])
    return csv_file(rows, "jass-saison.csv")


@bp.get("/saison/wer-mit-wem.csv")
def fairness_csv():
    """Whom each player partnered and faced over the evenings ticked: every ordered pair."""
    _evenings, chosen, _form, errors, _ticked = _chosen()
    if errors:
        return show()
    return csv_file(csv_rows(_fairness(chosen)), "saison-wer-mit-wem.csv")
