"""The ratings as the Rückblick and the season show them (templates/lookback/_ratings.html):
the players ranked, the chart of how their ratings moved, and the same as CSV cells."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from flask import current_app

from scorer.ratings import Bout, Rating, Ratings, rate
from scorer.web.core.i18n import gettext
from scorer.web.lookback.chart import SERIES, Chart, chart

# Ratings by the very results they were rated from: the same results give the same ratings, so
# a view whose games did not change since the last one is not rated again; an edited or deleted
# game is another key. At most KEPT sets of results, then the kept ones are forgotten.
KEPT_RATINGS = "kept_ratings"
KEPT = 16


def ratings_of(bouts: Iterable[Bout]) -> Ratings:
    """The ratings of these results (scorer.ratings.rate), rated once per set of results."""
    key = tuple(bouts)
    kept = current_app.extensions.setdefault(KEPT_RATINGS, {})
    found = kept.get(key)
    if found is None:
        if len(kept) >= KEPT:
            kept.clear()
        found = kept[key] = rate(key)
    return found


@dataclass(frozen=True)
class Rated:
    """What a page shows of the ratings: the players listed (everyone, or the one asked for),
    the chart of the first of them (up to six lines), and whether the partner view has
    anything to say (a mode of teams)."""

    ratings: Ratings
    shown: tuple[Rating, ...]
    chart: Chart | None
    partners: bool
    player: str = ""

    @property
    def charted(self) -> tuple[str, ...]:
        """The legend's figure of each line: "27.4 ± 3.1"."""
        return tuple(value(r) for r in self.shown[:SERIES])


def share(wins: float) -> str:
    """Wins as counted: whole ("4"), or with the half of a shared first place ("2.5")."""
    return f"{wins:.0f}" if abs(wins - round(wins)) < 0.05 else f"{wins:.1f}"


def value(rating: Rating) -> str:
    """A rating as the page says it: "27.4 ± 3.1"."""
    return f"{rating.mu:.1f} ± {rating.sigma:.1f}"


def rated(ratings: Ratings, player: str = "") -> Rated | None:
    """The ratings as a page shows them; None when nothing was rated. With a player: theirs
    alone (None when they have none)."""
    if not ratings.players:
        return None
    if player:
        found = ratings.of(player)
        shown = (found,) if found else ()
    else:
        shown = ratings.players
    if not shown:
        return None
    lines = shown[:SERIES]
    course = tuple(tuple(round(v, 1) for v in ratings.course(r)) for r in lines)
    drawn = chart([r.name for r in lines], course, None, zero=False)
    return Rated(
        ratings,
        shown,
        drawn if len(ratings.bouts) > 0 else None,
        partners=any(r.partners for r in shown),
        player=player,
    )


def csv_header() -> list[str]:
    """The columns the ratings add to a CSV file."""
    return [
        gettext("Spielstärke"),
        gettext("Unsicherheit (±)"),
        gettext("mindestens"),
        gettext("Rang nach Spielstärke"),
    ]


def csv_cells(rating: Rating | None) -> list:
    """A player's rating in the columns of csv_header (empty where the player has none)."""
    if rating is None:
        return ["", "", "", ""]
    return [
        round(rating.mu, 1),
        round(rating.sigma, 1),
        round(rating.conservative, 1),
        rating.rank,
    ]


def after_text(ratings: Ratings | None, key) -> str:
    """The ratings of a game's players right after it, for the CSV's line of the game:
    "Anna 27.4 ± 3.1 · Ben 24.0 ± 5.2"."""
    if ratings is None or key not in ratings.after:
        return ""
    return " · ".join(f"{name} {mu:.1f} ± {sigma:.1f}" for name, mu, sigma in ratings.after[key])
