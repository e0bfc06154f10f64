"""Fixtures shared by the web and browser tests: an app on a temporary database."""

from __future__ import annotations

import re

import pytest
from jinja2 import StrictUndefined

from scorer import create_app
from scorer.storage.migrations import migrate
from scorer.web.db import get_db

SEATS = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}


def new_game_form(**changes) -> dict:
    """The set-up form of a four-player game with the modern preset (Swiss faces)."""
    data = {
        "team_a": "Wir",
        "team_b": "Ihr",
        "size": "4",
        **SEATS,
        "deck": "swiss",
        "preset": "modern",
        "mult_rosen": "1",
        "mult_eicheln": "1",
        "mult_schilten": "2",
        "mult_schellen": "2",
        "mult_obenabe": "3",
        "mult_undenufe": "3",
        "target": "2500",
        "bergpreis": "y",
        "undenufe_six": "y",
        "weis": "large",
        "four_nines": "y",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


@pytest.fixture
def app(tmp_path):
    """The app on a fresh, migrated database; CSRF off unless a test turns it on."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "test.db"),
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    )
    app.jinja_env.undefined = StrictUndefined
    with app.app_context():
        migrate(get_db())
    return app


@pytest.fixture
def client(app):
    """A test client of the app."""
    return app.test_client()


def errors_in(html: str) -> dict[str, str]:
    """The error messages on a page, by the field they stand beside."""
    return dict(re.findall(r'<p class="error" id="error-([\w-]+)" role="alert">([^<]*)</p>', html))


def totals_in(html: str) -> tuple[int, int]:
    """The two totals in figures under the slate."""
    found = re.findall(r'id="total-(\d)">[^<]*<b>(-?\d+)</b>', html)
    values = dict(found)
    return int(values["0"]), int(values["1"])
