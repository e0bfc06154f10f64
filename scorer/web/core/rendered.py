"""Parts of a page that stay the same for every game with the same rules, team names and
language, like the contract buttons and the Weis rows of an empty entry panel. Every entry's
answer renders the panel again; these parts are rendered once per app process and kept."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from markupsafe import Markup

from scorer.web.core.i18n import language

MOST = 2048  # parts kept; all are let go when more would be (a few KB each)
_kept: dict[tuple, Markup] = {}


def _frozen(value) -> Hashable:
    """A key's part as something a dict can hold: a dict by its sorted items, a list as a tuple."""
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    return value


def kept(key: tuple, macro: Callable[..., str], *args) -> Markup:
    """What `macro(*args)` renders, kept under `key` and the page's language. The key must name
    everything the macro's output depends on."""
    full = (language(), *(_frozen(part) for part in key))
    html = _kept.get(full)
    if html is None:
        if len(_kept) >= MOST:
            _kept.clear()
        html = _kept[full] = Markup(macro(*args))
    return html
