"""A club evening as a file: export it as JSON (`jass-scorer/event`, docs/export-format.md),
and import such a file as a new evening with new links."""

from __future__ import annotations

import json

from flask import Blueprint, redirect, render_template, request, session, url_for
from werkzeug.datastructures import CombinedMultiDict

from scorer import exchange
from scorer.club import exchange as club_exchange
from scorer.codes import code
from scorer.storage import club_exchange as store
from scorer.web.club.evening import MINE, MINE_MAX, mine, opened
from scorer.web.club.forms import ImportForm
from scorer.web.core.messages import say
from scorer.web.core.phone import recorded_phone
from scorer.web.core.transfer import attachment
from scorer.web.db import get_db

bp = Blueprint("club_exchange", __name__, url_prefix="/abend")


@bp.get("/<key>/export.json")
def export(key: str):
    """The evening as a file: set-up, players, draws, tables with their games, the record."""
    stored = opened(key)
    document = club_exchange.export(store.evening(get_db(), stored.id))
    body = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    return attachment(body, "application/json", f"jass-abend-{stored.id}.json")


@bp.route("/importieren", methods=["GET", "POST"])
def import_event():
    """Read an exported evening back in as a new evening, with its record."""
    posted = request.method == "POST"
    form = ImportForm(CombinedMultiDict((request.files, request.form)) if posted else None)
    error = None
    if posted:
        try:
            if form.file.data is None:
                raise exchange.ImportProblem(code("import_no_file"))
            read = club_exchange.parse(form.file.data.read())
        except exchange.ImportProblem as problem:
            error = say(problem.code, kind="club")
        else:
            event_id, key = store.restore(
                get_db(), read, phone=recorded_phone(), token=form.once.data or None
            )
            session[MINE] = [event_id, *(i for i in mine() if i != event_id)][:MINE_MAX]
            session.permanent = True
            return redirect(url_for("club.show", key=key), 303)
    return render_template("club/import.html", form=form, error=error), (422 if error else 200)
