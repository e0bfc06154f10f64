"""A game as a file: its export (docs/export-format.md) and its import, in the same state."""

from __future__ import annotations

import json

from flask import (
    redirect,
    render_template,
    request,
)
from werkzeug.datastructures import CombinedMultiDict

from scorer import exchange
from scorer.codes import code
from scorer.storage import games as store
from scorer.web.core.i18n import gettext
from scorer.web.core.kept import load
from scorer.web.core.messages import say
from scorer.web.core.phone import (
    recorded_phone,
)
from scorer.web.core.registry import game_url, say_for
from scorer.web.core.transfer import attachment
from scorer.web.db import get_db
from scorer.web.games.blueprint import bp
from scorer.web.games.forms import ImportForm


@bp.get("/games/<game:game_id>/export.json")
def export_game(game_id: int):
    """The game's record as a versioned JSON file (docs/export-format.md), with its changes."""
    stored = load(game_id)
    data = exchange.export(stored.game)
    if stored.stakes:
        data["stakes"] = stored.stakes.to_dict()
    changes = store.changes(get_db(), game_id)
    changes = [c for c in changes if c.kind not in store.GAME_KINDS]  # this server's lists
    if changes:
        numbers = {entry_id: i + 1 for i, entry_id in enumerate(stored.entry_ids)}
        data["changes"] = [
            {
                "time": c.at,
                "phone": c.phone,
                "kind": c.kind,
                "hand": c.number,
                "now": numbers.get(c.entry_id),
                "before": c.before,
                "after": c.after,
            }
            for c in changes
            if c.kind not in ("create", "import")
        ]
    # Compact: indented, a long game's export grew past what an import takes (13 MB for 7.8).
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return attachment(body, "application/json", f"jass-{game_id}.json")


@bp.route("/games/import", methods=["GET", "POST"])
def import_game():
    """Read an exported game back in as a new game in the same state, with its changes."""
    posted = request.method == "POST"
    form = ImportForm(CombinedMultiDict((request.files, request.form)) if posted else None)
    error = None
    if posted:
        try:
            if form.file.data is None:
                raise exchange.ImportProblem(code("import_no_file"))
            game, changes, stakes = exchange.parse_document(form.file.data.read())
            game_id, _ = store.create(
                get_db(),
                game,
                phone=recorded_phone(),
                token=form.once.data or None,
                kind="import",
                changes=changes,
                stakes=stakes,
            )
        except exchange.ImportProblem as problem:
            error = import_words(problem)
        except store.TooLong as refused:
            if refused.what == "changes":
                error = gettext("Zu lang: ein Spiel hält höchstens {most} Änderungen fest.")
                error = error.format(most=store.MAX_CHANGES)
            else:
                error = gettext("Zu lang: ein Spiel hat höchstens {most} Einträge.").format(
                    most=store.MAX_ENTRIES
                )
        else:
            return redirect(game_url(game.KIND, game_id), 303)
    return render_template("games/import.html", form=form, error=error), (422 if error else 200)


def import_words(problem: exchange.ImportProblem) -> str:
    """Why a file cannot be imported, in words (with its game's names, when it has a game)."""
    if problem.game is None:
        return say(problem.code)
    return say_for(problem.code, problem.game)
