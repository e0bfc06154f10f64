"""What the engine says: a code and its values, never a sentence.

A refusal ("points_impossible", {"points": 156}) or a line of a ruling is a Code. The web layer
words every code in the table's language (scorer/web/core/messages, and each mode's words), so
a second language needs no change here. Values are plain data: numbers, keys of the deck (a
suit key, a rank letter), seat or team indices, and Weis; the words layer names them with the
table's faces and names.
"""

from __future__ import annotations

from typing import NamedTuple


class Code(NamedTuple):
    """One thing the engine says; equal to the plain tuple (key, values)."""

    key: str
    values: dict


def code(key: str, /, **values) -> Code:
    """A code with its values: code("points_impossible", points=156)."""
    return Code(key, values)


class Invalid(ValueError):
    """Data that cannot be read (an import, a stored game), with the code that says why."""

    def __init__(self, key: str, /, **values):
        super().__init__(key, values)
        self.code = Code(key, values)
