"""The words for everything the engine says, one place for every code: German, marked for
extraction (N_), and said in the phone's language (the catalogues in scorer/translations).

The engine returns codes with values (scorer.codes); `say` words one for the table. Values are
named for what they hold, and `say` names them with the table's deck and names: a value called
(or ending in) `weis` is a Weis, `who`/`player`/`winner`/`loser` an index into `names`,
`winners` several of them ("Anna und Ben"), `team` one into `teams`, `suit` a suit key, `to` the
top card of a run ("zum König"), `rank` a card ("König"), `four` four of a rank ("vier Könige"),
`fours` the same without "vier", `card` a (suit, rank) pair, `run` a run's length, `step` a step
of the house order (`step_with` the same as "mit dem Stöck"), `order` a house order, `contract`
a contract key, `times` a multiplier (" ×2", nothing for ×1), `problem` another code and
`problems` several. Anything else is shown as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from flask_babel.speaklater import LazyString

from scorer.codes import Code
from scorer.web.core.i18n import N_, tr, tr_plural
from scorer.web.core.messages import core
from scorer.web.core.messages.deck import (
    FACES,
    Faces,
    contract_name,
    order_name,
    run_name,
    step_name,
    step_with,
    weis_name,
)
from scorer.web.core.messages.words import Plural, Words

CORE: dict[str, str] = core.WORDS
# Each mode's own words, looked up before the core's: two modes may give one code different
# words. A mode's room adds them (its words module), as does a club evening's: not a mode,
# but its engine speaks codes too.
MODE_WORDS: dict[str, dict[str, str]] = {}


def add_words(kind: str, words: dict[str, str]) -> None:
    """A mode's own words, for `say(..., kind=kind)`."""
    clash = CORE.keys() & words.keys()
    assert not clash, f"{kind} words core codes again: {clash}"
    MODE_WORDS[kind] = words


def words_of(key: str, kind: str | None = None) -> str | None:
    """The words for a code in a mode (its own, else the core's), or None when it has none."""
    return MODE_WORDS.get(kind, {}).get(key) or CORE.get(key)


Names = Sequence[str] | Mapping[int, str] | Callable[[int], str] | None
AND = N_(" und ")


def and_joined(names: Sequence[str]) -> str:
    """Names as a sentence lists them: "Anna", "Anna und Ben", "Anna, Ben und Clara"."""
    if not names:
        return ""
    *first, last = names
    return f"{', '.join(first)}{tr(AND)}{last}" if first else last


def _named(names: Names) -> Callable[[int], str]:
    if names is None:
        return str
    if callable(names):
        return names
    return lambda i: names[i]


def _value(name: str, value, faces: Faces, names: Callable[[int], str], teams, kind_of: str | None):
    kind = name.rsplit("_", 1)[-1]
    context = {"faces": faces, "names": names, "teams": teams, "kind": kind_of}
    if value is None:
        return value
    if isinstance(value, Code):
        return say(value, **context)
    if kind == "problems":
        return " ".join(say(c, **context) for c in value)
    if kind == "weis":
        return weis_name(value, faces)
    if kind == "team":
        return teams(value)
    if kind in ("who", "player", "winner", "loser"):
        return names(value)
    if kind == "winners":
        return and_joined([names(seat) for seat in value])
    if kind == "suit":
        return faces.suit(value)
    if kind == "to":
        return faces.to[value]
    if kind == "rank":
        return faces.ranks[value]
    if kind == "four":
        return faces.fours[value]
    if kind == "fours":
        return faces.many[value]
    if kind == "card":
        return f"{faces.suit(value[0])} {faces.letters[value[1]]}"
    if kind == "run":
        return run_name(value)
    if kind == "step":
        return step_name(value)
    if kind == "times":
        return "" if value == 1 else f" ×{value}"
    if kind == "with":
        return step_with(value)
    if kind == "order":
        return order_name(value)
    if kind == "contract":
        return contract_name(value, faces)
    return value


def say(
    code: Code | str | LazyString | None,
    *,
    faces: Faces | str = "swiss",
    names: Names = None,
    teams: Names = None,
    kind: str | None = None,
) -> str:
    """A code in the table's words; text that already is words stays as it is. Names are
    shown as written, so a sentence that starts with one starts with it as written.

    `faces` is the deck the table plays (its key or its Faces), `names` the players' names
    (by seat) and `teams` the teams' (by index; the players' when a game has no teams), `kind`
    the game's mode, whose words come before the core's."""
    if code is None:
        return ""
    if not isinstance(code, Code):  # words already (a str, or lazy words said now)
        return str(code)
    if isinstance(faces, str):
        # A deck no table plays (a file's, which is refused for it) is worded as the Swiss one.
        faces = FACES[faces if faces in FACES else "swiss"]
    named = _named(names)
    team_named = _named(teams) if teams is not None else named
    values = {k: _value(k, v, faces, named, team_named, kind) for k, v in code.values.items()}
    template = words_of(code.key, kind)
    if template is None:
        raise KeyError(f"no words for the code {code.key!r} ({kind})")
    return worded_as(template, values)


def worded_as(template: str, values: dict) -> str:
    """Words in the phone's language with their values filled in: the form for one or for
    many of a Plural, nothing for a Words' `more` where its list ends."""
    if isinstance(template, Plural):
        count = values.get(template.count)
        text = tr_plural(template.one, str(template), count if isinstance(count, int) else 2)
    else:
        text = tr(str(template))
    if isinstance(template, Words) and values.get("more") is None:
        values = {**values, "more": ""}
    return text.format(**values)


def said(codes: Mapping[str, Code | str], **context) -> dict[str, str]:
    """A form's problems by field, in words."""
    return {field: say(c, **context) for field, c in codes.items()}
