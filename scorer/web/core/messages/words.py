"""Words that need more than a format string: a list's `more` (nothing where the list ends),
and a form of their own for one. Both are marked for extraction by their class's name
(babel.cfg: Words, Plural:1,2) and said by messages.worded_as in the phone's language.
"""

from __future__ import annotations


class Words(str):
    """Words that hold a list's `more`: nothing where the list ends (None)."""


class Plural(Words):
    """Words with a form of their own for one: `one` when the value named `count` is 1 (as
    German counts; another language counts its own way), else the words themselves."""

    def __new__(cls, one: str, many: str, *, count: str) -> Plural:
        words = super().__new__(cls, many)
        words.one = one
        words.count = count
        return words
