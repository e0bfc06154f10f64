"""Looking back ("Rückblick"): the games this phone may see, their figures added up per team
and per player, each game's course as a chart, and the whole as a CSV file.

Only GET: filters are query parameters (?art=schieber&spieler=Anna), nothing is written. The
figures come from each mode's stats (scorer.modes, scorer.lookback), never from the kind here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from flask import Blueprint, current_app, render_template, request, url_for

from scorer import modes
from scorer.lookback import Look, Standing, fold, tally
from scorer.ratings import Ratings, bout
from scorer.storage import lookback as kept_store
from scorer.web.core.filters import local_time
from scorer.web.core.i18n import NP_, gettext, tr
from scorer.web.core.kept import load
from scorer.web.core.links import mine
from scorer.web.core.messages import and_joined
from scorer.web.core.registry import MODE_PAGES, game_url
from scorer.web.core.transfer import csv_file
from scorer.web.db import get_db
from scorer.web.lookback.chart import chart
from scorer.web.lookback.forms import LookbackArgs
from scorer.web.lookback.rated import (
    after_text,
    csv_cells,
    csv_header,
    rated,
    ratings_of,
    share,
)

bp = Blueprint("lookback", __name__)

PAGE = 20  # games per page of the list under the figures

# The words of every figure a mode's stats count, by key; in a context of their own, since
# the same German word means something else elsewhere (Handjass calls its deals "Spiele").
FIGURE_WORDS = {
    "games": NP_("figure", "Spiele"),
    "wins": NP_("figure", "gewonnen"),
    "losses": NP_("figure", "verloren"),
    "schneider_given": NP_("figure", "Schneider gemacht"),
    "schneider_taken": NP_("figure", "Schneider gewesen"),
    "matches": NP_("figure", "Matchs"),
    "weis": NP_("figure", "Weis"),
    "called": NP_("figure", "angesagt"),
    "shoved": NP_("figure", "geschoben"),
    "strokes": NP_("figure", "Striche"),
    "potatoes": NP_("figure", "Härdöpfel"),
    "difference": NP_("figure", "Differenz"),
    "hits": NP_("figure", "genau"),
    "rounds": NP_("figure", "Runden"),
    "points": NP_("figure", "Punkte"),
    "crossed": NP_("figure", "gestrichen"),
}


def figure_word(key: str) -> str:
    """A figure's name in the phone's language."""
    return tr(FIGURE_WORDS.get(key, key))


bp.add_app_template_global(figure_word)
bp.add_app_template_filter(share)


@dataclass(frozen=True)
class Looked:
    """A game in the Rückblick: where it is, when it was started, and how it looks back."""

    id: int
    kind: str
    created: str
    look: Look

    @property
    def names(self) -> str:
        """The sides as the list says them: "Wir – Ihr", "Anna, Ben, Clara"."""
        joiner = " – " if len(self.look.sides) == 2 else ", "
        return joiner.join(side.name for side in self.look.sides)

    @property
    def result(self) -> str:
        """Every side's final figure: "2574 : 1830"."""
        return " : ".join(str(figure) for figure in self.look.result)

    @property
    def winner_names(self) -> str:
        """Who won: the winner, or everyone sharing first place ("Anna und Ben")."""
        return and_joined([self.look.sides[side].name for side in self.look.winners])

    @property
    def outcome(self) -> str:
        """Who won, or lost, or that it runs still."""
        look = self.look
        if look.winner is not None:
            return gettext("{name} gewinnt").format(name=look.sides[look.winner].name)
        if look.shared:
            return gettext("{names} gewinnen").format(names=self.winner_names)
        if look.loser is not None:
            return gettext("{name} verliert").format(name=look.sides[look.loser].name)
        return gettext("unentschieden") if look.finished else gettext("läuft noch")


# Each app's looks by game version (Kept.key): a game's look changes only when its version
# does, so a Rückblick replays only the games written since the last one. At most LOOKS_KEPT,
# then only those of the latest Rückblick are kept.
LOOKS = "lookback_looks"
LOOKS_KEPT = 5000


def _looked(kind: str | None) -> list[Looked]:
    """Every game this phone may see (of this kind), looked back at, the newest first."""
    kept = current_app.extensions.setdefault(LOOKS, {})
    found, seen = [], {}
    for k in kept_store.kept_games(get_db(), mine(), kind, known=kept):
        look = kept[k.key] if k.game is None else modes.look(k.game)
        kept[k.key] = seen[k.key] = look
        found.append(Looked(k.id, k.kind, k.created, look))
    if len(kept) > LOOKS_KEPT:
        current_app.extensions[LOOKS] = seen  # a new dict: other requests keep the one they read
    return found


@bp.get("/rueckblick")
def index():
    """The Rückblick: the figures per team and per player of every mode, for the games this
    phone may see (filtered by mode and player), and those games, 20 a page, each with its
    chart."""
    form = LookbackArgs(request.args)
    kind, player = form.kind, form.player
    everything = _looked(kind)
    people = sorted({p for g in everything for p in g.look.people}, key=fold)
    shown = [g for g in everything if not player or g.look.has(player)]
    page = form.page
    listed = shown[(page - 1) * PAGE : page * PAGE]
    args = {k: v for k, v in (("art", kind), ("spieler", player)) if v}

    def page_url(number: int) -> str:
        return url_for(".index", **args, **({"seite": number} if number > 1 else {}))

    return render_template(
        "lookback/index.html",
        kind=kind,
        player=player,
        people=people,
        modes=[MODE_PAGES[k] for k in modes.MODES if k in MODE_PAGES],
        mode_names={k: MODE_PAGES[k].name for k in MODE_PAGES},
        figures={k: m.figures for k, m in modes.MODES.items()},
        standings=_standings(shown, player),
        rated={k: rated(r, player) for k, r in _ratings(everything).items()},
        listed=listed,
        count=len(shown),
        # A running game counts in every mode with what is written so far, but for nobody as
        # won or lost: the page says so, and how many there are.
        running=sum(not g.look.finished for g in shown),
        page=page,
        more=len(shown) > page * PAGE,
        page_url=page_url,
        csv_url=url_for(".export", **args),
        ratings_csv_url=url_for(".ratings_export", **args),
    )


def _standings(shown: list[Looked], player: str) -> list[tuple[str, Standing]]:
    """Each mode's figures per team and per player (only the player's, when one is asked)."""
    standings = []
    for kind in modes.MODES:
        looks = [g.look for g in shown if g.kind == kind]
        if looks:
            standing = tally(looks)
            standings.append((kind, standing.only(player) if player else standing))
    return standings


def _ratings(looked: list[Looked]) -> dict[str, Ratings]:
    """Each mode's ratings from its finished games, replayed from the first (by start, then
    number): computed at every view, so an edited or deleted game counts as it now stands."""
    bouts: dict[str, list] = {}
    for g in looked:
        found = bout(g.look, (g.created, g.id), key=g.id)
        if found is not None:
            bouts.setdefault(g.kind, []).append(found)
    return {kind: ratings_of(bouts[kind]) for kind in modes.MODES if kind in bouts}


def _figures_text(look: Look, words: dict[str, str]) -> str:
    """A game's figures in one cell: each side's (but the games and who won), then what each
    player counts on their own (Schieber: the contracts called and shoved). `words`: each
    figure's name, said once for the whole file."""
    shown = [k for k in look.figures if k not in ("games", "wins", "losses")]
    parts = [(side, shown) for side in look.sides] + [(p, look.own) for p in look.players]
    return " · ".join(
        f"{side.name}: " + ", ".join(f"{words[k]} {side.figures[k]}" for k in keys)
        for side, keys in parts
        if keys
    )


@bp.get("/rueckblick.csv")
def export():
    """The Rückblick as a CSV file, one line per game (with the filters of the page): date,
    mode, teams or players, result, winner, loser, and the figures."""
    form = LookbackArgs(request.args)
    kind, player = form.kind, form.player
    everything = _looked(kind)
    shown = [g for g in everything if not player or g.look.has(player)]
    ratings = _ratings(everything)
    rows = [
        [
            gettext("Datum"),
            gettext("Spielart"),
            gettext("Teams oder Spieler"),
            gettext("Resultat"),
            gettext("Gewinner"),
            gettext("Verlierer"),
            gettext("Kennzahlen"),
            gettext("Spielstärke danach"),
        ]
    ]
    words = {key: figure_word(key) for key in FIGURE_WORDS}
    names = {kind: str(pages.name) for kind, pages in MODE_PAGES.items()}
    for g in shown:
        look = g.look
        moment = local_time(g.created)
        rows.append(
            [
                moment.strftime("%Y-%m-%d %H:%M") if moment else g.created[:10],
                names[g.kind],
                g.names,
                g.result,
                g.winner_names,
                look.sides[look.loser].name if look.loser is not None else "",
                _figures_text(look, words),
                after_text(ratings.get(g.kind), g.id),
            ]
        )
    return csv_file(rows, f"jass-rueckblick-{date.today():%Y-%m-%d}.csv")


@bp.get("/rueckblick/spielstaerke.csv")
def ratings_export():
    """The ratings as a CSV file, one line per mode and player, ranked (with the page's
    filters: a mode, a player): the rating, its uncertainty, the conservative estimate, the
    games, wins and wins expected, and each partner's wins beyond expectation."""
    form = LookbackArgs(request.args)
    kind, player = form.kind, form.player
    names = {kind: str(pages.name) for kind, pages in MODE_PAGES.items()}
    rows = [
        [
            gettext("Spielart"),
            gettext("Spieler"),
            *csv_header(),
            gettext("Spiele"),
            gettext("gewonnen"),
            gettext("erwartet"),
            gettext("Partner: mehr gewonnen als erwartet"),
        ]
    ]
    for mode_kind, ratings in _ratings(_looked(kind)).items():
        for r in ratings.players:
            if player and fold(r.name) != fold(player):
                continue
            partners = ", ".join(f"{q.name} {q.surplus:+.1f}" for q in r.partners)
            rows.append(
                [
                    names[mode_kind],
                    r.name,
                    *csv_cells(r),
                    r.games,
                    int(r.wins) if r.wins == int(r.wins) else round(r.wins, 1),
                    round(r.expected, 1),
                    partners,
                ]
            )
    return csv_file(rows, f"jass-spielstaerke-{date.today():%Y-%m-%d}.csv")


def _course_page(stored, back: str, **values):
    """A game's course as a chart, with each side's figure after every entry."""
    game = stored.game
    look = modes.look(game)
    names = [side.name for side in look.sides]
    return render_template(
        "lookback/course.html",
        game=game,
        look=look,
        chart=chart(names, look.course, look.goal),
        entry=MODE_PAGES[game.KIND].entry,
        mode_name=MODE_PAGES[game.KIND].name,
        title=" – ".join(names) if len(names) == 2 else ", ".join(names),
        back=back,
        **values,
    )


@bp.get("/games/<game:game_id>/verlauf")
def course(game_id: int):
    """A game's course, from its writer's link."""
    stored = load(game_id)
    return _course_page(
        stored, game_url(stored.game.KIND, game_id), game_id=game_id, watching=False
    )


@bp.get("/s/<watch:game_id>/verlauf")
def watched_course(game_id: int):
    """A game's course, from its watch link (read only as the board is)."""
    # No game_id for the page: it would make writer's links of it.
    return _course_page(load(game_id), url_for("share.watch", game_id=game_id), watching=True)
