"""The web app: Flask views over the rules engine and the game store."""

from __future__ import annotations

import secrets
from pathlib import Path

from flask import Flask
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()


def _secret_key(instance: Path) -> str:
    """The instance's own secret, made once and kept in instance/secret_key."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
    return path.read_text().strip()


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app; tests pass their own DATABASE and SECRET_KEY."""
    root = Path(__file__).resolve().parents[2]
    app = Flask(
        __name__,
        instance_path=str(root / "instance"),
        instance_relative_config=True,
        template_folder=str(root / "templates"),
        static_folder=str(root / "static"),
    )
    app.config.update(
        DATABASE=str(Path(app.instance_path) / "scorer.db"),
        # A phone left open all evening must still be able to save a hand.
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=1024 * 1024,
    )
    if test_config is None:
        Path(app.instance_path).mkdir(parents=True, exist_ok=True)
        app.config.from_pyfile("config.py", silent=True)
        app.config.setdefault("SECRET_KEY", None)
        if not app.config["SECRET_KEY"]:
            app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))
    else:
        app.config.update(test_config)

    csrf.init_app(app)

    from scorer.web import db, handjass_views, views

    db.init_app(app)
    app.register_blueprint(views.bp)
    app.register_blueprint(handjass_views.bp)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.jinja_env.add_extension("jinja2.ext.do")
    return app
