"""Every form carries a CSRF token; a post without it changes nothing."""

import re

import pytest

from scorer import create_app
from scorer.storage.migrations import migrate
from scorer.web.db import get_db
from tests.conftest import new_game_form, totals_in


@pytest.fixture
def strict_client(tmp_path):
    """A client of an app with CSRF protection on, as in production."""
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "csrf.db"), "SECRET_KEY": "csrf-test"}
    )
    with app.app_context():
        migrate(get_db())
    return app.test_client()


def token(html: str) -> str:
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)


def test_posts_without_a_token_are_refused(strict_client):
    assert strict_client.post("/games/new", data=new_game_form()).status_code == 400
    assert "/games/1" not in strict_client.get("/").get_data(as_text=True)


def test_with_the_token_a_game_and_a_hand_are_written(strict_client):
    form = new_game_form(csrf_token=token(strict_client.get("/games/new").get_data(as_text=True)))
    assert strict_client.post("/games/new", data=form).status_code == 303
    page = strict_client.get("/games/1").get_data(as_text=True)
    hand = {"contract": "rosen", "points": "90", "points_team": "0"}
    assert strict_client.post("/games/1/hands", data=hand).status_code == 400
    assert strict_client.post("/games/1/undo", data={}).status_code == 400
    assert totals_in(strict_client.get("/games/1").get_data(as_text=True)) == (0, 0)
    response = strict_client.post("/games/1/hands", data={**hand, "csrf_token": token(page)})
    assert response.status_code == 303
    assert totals_in(strict_client.get("/games/1").get_data(as_text=True)) == (90, 67)
