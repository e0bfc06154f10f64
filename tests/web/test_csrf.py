"""Every form carries a CSRF token; a post without it changes nothing."""

import re
import time

import pytest
from itsdangerous import URLSafeTimedSerializer

from scorer import create_app
from scorer.storage.migrations import migrate
from scorer.web.db import get_db
from tests.conftest import by_number, errors_in, new_game_form, numbered, totals_in


@pytest.fixture
def strict_client(tmp_path):
    """A client of an app with CSRF protection on, as in production."""
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "csrf.db"), "SECRET_KEY": "csrf-test"}
    )
    by_number(app)
    with app.app_context():
        migrate(get_db())
    return app.test_client()


def token(html: str) -> str:
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)


def test_posts_without_a_token_are_refused(strict_client):
    response = strict_client.post("/games/new", data=new_game_form())
    assert response.status_code == 400
    assert "nichts gespeichert" in response.get_data(as_text=True)
    page = numbered(strict_client, strict_client.get("/").get_data(as_text=True))
    assert not re.search(r"/games/1\b", page)  # keys read as numbers: a key may begin with 1


def test_an_expired_panel_keeps_the_entry_and_a_fresh_token(strict_client):
    form = new_game_form(csrf_token=token(strict_client.get("/games/new").get_data(as_text=True)))
    strict_client.post("/games/new", data=form)
    hand = {"contract": "rosen", "points": "40", "points_team": "0", "csrf_token": "stale"}
    response = strict_client.post("/games/1/hands", data=hand, headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "nichts gespeichert" in errors_in(html)["game"]
    assert 'value="40"' in html
    hand["csrf_token"] = token(html)
    strict_client.post("/games/1/hands", data=hand, headers={"HX-Request": "true"})
    assert totals_in(strict_client.get("/games/1").get_data(as_text=True)) == (40, 117)


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


def older_token(client, age: int) -> str:
    """A valid token of this client's session, as signed `age` seconds ago."""

    class Then(URLSafeTimedSerializer):
        def make_signer(self, salt=None):
            signer = super().make_signer(salt)
            signer.get_timestamp = lambda: int(time.time()) - age
            return signer

    with client.session_transaction() as session:
        raw = session["csrf_token"]
    return Then(client.application.secret_key, salt="wtf-csrf-token").dumps(raw)


def test_an_entry_answers_with_a_token_the_next_entry_takes(strict_client):
    form = new_game_form(csrf_token=token(strict_client.get("/games/new").get_data(as_text=True)))
    strict_client.post("/games/new", data=form)
    brought = older_token(strict_client, 600)
    assert brought != token(strict_client.get("/games/1").get_data(as_text=True))
    hand = {"contract": "rosen", "points": "40", "points_team": "0", "csrf_token": brought}
    response = strict_client.post("/games/1/hands", data=hand, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert token(response.get_data(as_text=True))
    hand["csrf_token"] = token(response.get_data(as_text=True))
    strict_client.post("/games/1/hands", data=hand, headers={"HX-Request": "true"})
    assert totals_in(strict_client.get("/games/1").get_data(as_text=True)) == (80, 234)


def test_where_tokens_expire_an_entry_answers_with_a_new_one(strict_client):
    strict_client.application.config["WTF_CSRF_TIME_LIMIT"] = 3600
    form = new_game_form(csrf_token=token(strict_client.get("/games/new").get_data(as_text=True)))
    strict_client.post("/games/new", data=form)
    brought = older_token(strict_client, 600)
    hand = {"contract": "rosen", "points": "40", "points_team": "0", "csrf_token": brought}
    response = strict_client.post("/games/1/hands", data=hand, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert token(response.get_data(as_text=True)) not in (brought, "")
