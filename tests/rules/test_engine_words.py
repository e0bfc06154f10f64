"""The engine speaks codes, never sentences: the words live in scorer/web/core/messages, one place
for every language to come. Every code the engine can say has words there."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "scorer"
ENGINE = sorted(
    p for p in ROOT.rglob("*.py") if not {"web", "storage"} & set(p.relative_to(ROOT).parts)
)
SENTENCE = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}[ ,:;]+[A-Za-zÄÖÜäöüß]{2,}")


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes: a module's, a class's, a function's first string."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _strings(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
    ]


def test_the_engine_is_found():
    names = {p.relative_to(ROOT).as_posix() for p in ENGINE}
    assert {"weis.py", "schieber/game.py", "handjass/game.py", "exchange.py"} <= names
    assert not any(n.startswith(("web/", "storage/")) for n in names)


@pytest.mark.parametrize("path", ENGINE, ids=[p.relative_to(ROOT).as_posix() for p in ENGINE])
def test_no_sentence_in_the_engine(path):
    sentences = [(line, s) for line, s in _strings(path) if SENTENCE.search(s)]
    assert sentences == []


def test_a_sentence_is_caught():
    """The check itself: a refusal in words is found, a code key and a field name are not."""
    assert SENTENCE.search("Weis sind nie negativ.")
    assert SENTENCE.search("Stöck gehört einem der beiden Teams.")
    assert not SENTENCE.search("weis_points_impossible")
    assert not SENTENCE.search("rules.multipliers")
