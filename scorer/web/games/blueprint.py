"""The blueprint of the pages for any game, which its modules (lists, exchange, changes, phone)
add their routes to."""

from flask import Blueprint

bp = Blueprint("games", __name__)
