"""The Jass scorer: a rules engine (the modules beside this file) and a web app (scorer.web).

The engine imports neither Flask nor sqlite; only create_app() reaches for the web layer.
"""


def create_app(test_config: dict | None = None):
    """The Flask app; `flask --app scorer` finds it here."""
    from scorer.web import create_app as create

    return create(test_config)
