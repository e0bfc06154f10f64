"""A form's plain inputs written out quickly: WTForms' text, hidden, checkbox and radio inputs,
the same bytes as its widgets write, without its general attribute writer, which formats every
attribute through a template string (a third of the time of a new game's form, 33 inputs).
Any other widget, or an input with flags or attributes of the field's own, WTForms writes."""

from __future__ import annotations

from markupsafe import Markup, escape
from wtforms.widgets import CheckboxInput, HiddenInput, RadioInput, TextInput
from wtforms.widgets.core import clean_key

PLAIN = (TextInput, HiddenInput, CheckboxInput, RadioInput)


def written(field, render_kw: dict) -> Markup | None:
    """The field's <input> as its widget would write it, or None when it is not a plain one."""
    widget = field.widget
    kind = type(widget)
    if (
        kind not in PLAIN
        or getattr(field, "render_kw", None)
        or getattr(field, "_datalist", None) is not None
        or any(getattr(field.flags, flag) for flag in widget.validation_attrs)
    ):
        return None
    attrs = {clean_key(key): value for key, value in render_kw.items()}
    if "name" in attrs:
        return None  # WTForms refuses it
    if kind is CheckboxInput and getattr(field, "checked", field.data):
        attrs.setdefault("checked", True)
    elif kind is RadioInput and field.checked:
        attrs.setdefault("checked", True)
    attrs.setdefault("id", field.id)
    attrs.setdefault("type", widget.input_type)
    if "value" not in attrs:
        attrs["value"] = field._value()
    attrs["name"] = field.name
    return Markup(f"<input {' '.join(_attributes(attrs))}>")


def _attributes(attrs: dict):
    """As WTForms writes them: by name, True alone, False left out, values escaped."""
    for key, value in sorted(attrs.items()):
        if value is True:
            yield key
        elif value is not False:
            yield f'{key}="{str(escape(value)).replace(chr(34), "&quot;")}"'
