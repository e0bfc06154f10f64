"""A club evening on paper and in spreadsheets: a Standblatt per table of a Passe (names by
seat, a line per game with what is entered so far, the sums, a signature line per side), to
print on A4; and CSV files of every game and of the standings. Leader's link only.
The seat plan and the standings print from their own pages (static/club.css, @media print).
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from scorer.club.results import event_standings
from scorer.club.standings import side_scores
from scorer.storage import club as events
from scorer.storage import club_tables as tables
from scorer.web.club.evening import opened
from scorer.web.club.fairness import by_name, csv_rows, named_plans
from scorer.web.club.tables import SEATS, sides
from scorer.web.core.i18n import N_, gettext
from scorer.web.core.messages.deck import named
from scorer.web.core.transfer import csv_file
from scorer.web.db import get_db

bp = Blueprint("club_paper", __name__, url_prefix="/abend")
STATES = {
    "playing": N_("spielt"),
    "handed_in": N_("abgegeben"),
    "confirmed": N_("bestätigt"),
    "disputed": N_("Einspruch"),
}


@bp.get("/<key>/passe/<int:number>/standblatt")
def sheets(key: str, number: int):
    """One Standblatt per table of the Passe, each on its own A4 page."""
    stored = opened(key)
    if not 1 <= number <= len(stored.plans):
        abort(404)
    names = {p.number: p.name for p in stored.players}
    found = tables.tables(get_db(), stored.id, passe=number)
    sheets = [_sheet(table, stored.event, names) for table in found]
    striche = stored.event.scoring.ranking == "striche"
    return render_template(
        "club/sheets.html", stored=stored, key=key, number=number, sheets=sheets, striche=striche
    )


def _sheet(table, event, names: dict[int, str]) -> dict:
    """A table's Standblatt: seats, sides, a line per game (what each side scores, its trick
    points: ranked by Striche, the sheet adds both up, the points to 157 a game), the totals."""
    scores = [side_scores(g, event.scoring) for g in table.games]
    lines = [scores[n] if n < len(scores) else None for n in range(event.games)]
    tricks = [g.tricks for g in table.games]
    called = [_called(g) for g in table.games]
    return {
        "number": table.number,
        "seats": [(SEATS[i], names[p]) for i, p in enumerate(table.seats)],
        "sides": sides(table.seats, names),
        "lines": lines,
        "tricks": tricks + [None] * (len(lines) - len(tricks)),
        "called": called + [""] * (len(lines) - len(called)),
        "totals": [sum(s[side] for s in scores) for side in (0, 1)] if scores else None,
        "trick_totals": [sum(t[side] for t in tricks) for side in (0, 1)] if tricks else None,
    }


def _called(game) -> str:
    """The contract of a game at an evening with multipliers: "Rosen ×1"; else nothing."""
    return f"{named(game.contract)} ×{game.multiplier}" if game.contract else ""


@bp.get("/<key>/spiele.csv")
def games_csv(key: str):
    """Every game of every table, one line each: Passe, table, state, game, both sides'
    players, their trick points, the Match, and what each side scores."""
    stored = opened(key)
    names = {p.number: p.name for p in stored.players}
    head = [
        gettext("Passe"),
        gettext("Tisch"),
        gettext("Stand"),
        gettext("Spiel"),
        gettext("Seite A"),
        gettext("Seite B"),
        gettext("Stichpunkte A"),
        gettext("Stichpunkte B"),
        gettext("Match"),
        gettext("Wertung A"),
        gettext("Wertung B"),
    ]
    with_contracts = bool(stored.event.contracts())
    if with_contracts:
        head.append(gettext("Trumpf"))
    rows = [head]
    for table in tables.tables(get_db(), stored.id):
        players = sides(table.seats, names)
        for n, game in enumerate(table.games, 1):
            scored = side_scores(game, stored.event.scoring)
            match = "" if game.match is None else "AB"[game.match]
            state = gettext(STATES[table.state])
            row = [table.passe, table.number, state, n, *players, *game.tricks, match, *scored]
            rows.append([*row, _called(game)] if with_contracts else row)
    return csv_file(rows, f"{_file_name(stored)}-spiele.csv")


@bp.get("/<key>/rangliste.csv")
def standings_csv(key: str):
    """The standings, one line per player: rank, name, each Passe (J before a Joker, a
    dropped Passe in brackets), total, and whether it is provisional."""
    stored = opened(key)
    names = {p.number: p.name for p in stored.players}
    found = tables.tables(get_db(), stored.id)
    passen = [gettext("Passe %(number)s", number=n) for n in range(1, stored.event.passen + 1)]
    rows = [[gettext("Rang"), gettext("Name"), *passen, gettext("Total"), gettext("provisorisch")]]
    for row in event_standings(stored.event, stored.players, stored.plans, found):
        cells = []
        for result in row.passen:
            if result is None:
                cells.append("")
                continue
            cell = f"J {result.value}" if result.joker else str(result.value)
            cells.append(f"({cell})" if result.dropped else cell)
        provisional = gettext("ja") if row.provisional else ""
        rows.append([row.rank, names[row.player], *cells, row.total, provisional])
    return csv_file(rows, f"{_file_name(stored)}-rangliste.csv")


@bp.get("/<key>/wer-mit-wem.csv")
def fairness_csv(key: str):
    """Whom each player partnered and faced over the Passen drawn: every ordered pair."""
    stored = opened(key)
    names = {p.number: p.name for p in stored.players}
    found = by_name(named_plans(stored.plans, names), names.values())
    return csv_file(csv_rows(found), f"{_file_name(stored)}-wer-mit-wem.csv")


def _file_name(stored: events.StoredEvent) -> str:
    """A file name from the evening's day and name, in plain letters and digits."""
    word = "".join(c if c.isalnum() else "-" for c in stored.event.name.lower())
    word = "-".join(part for part in word.split("-") if part)[:40] or "abend"
    return f"{stored.event.day}-{word}".encode("ascii", "ignore").decode() or "abend"
