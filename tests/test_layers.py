"""The code's floors, read from every import statement in scorer/ (those inside functions too):
no module imports itself round a circle; the engine (the rules, one package per mode) imports
neither the web, nor storage, nor Flask or SQLite; no mode's engine imports another mode's;
no room of the web imports another mode's room; the web's core imports no room. docs/code.md
draws the same map."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MODES = ("schieber", "handjass", "differenzler", "coiffeur")


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


FILES = {_module(p): p for p in (ROOT / "scorer").rglob("*.py")}


def _resolved(name: str) -> str | None:
    """The module of scorer an imported name is, or is in; None outside scorer."""
    while name and name not in FILES:
        name = name.rpartition(".")[0]
    return name or None


def imports(module: str) -> set[str]:
    """Everything `module` imports, by name (within scorer: its modules)."""
    path = FILES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                found.add(whole if whole in FILES else base)
    return found


GRAPH = {m: {r for r in map(_resolved, imports(m)) if r and r != m} for m in FILES}


def cycles() -> list[list[str]]:
    """The groups of modules that import each other round a circle (Tarjan's components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(GRAPH[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(GRAPH):
        if node not in index:
            visit(node)
    return found


def test_the_scan_sees_the_imports():
    assert "scorer.web.core.writes" in GRAPH["scorer.web.schieber.views"]
    assert "scorer.schieber.game" in GRAPH["scorer.web.schieber.views"]
    assert len(FILES) > 80


def test_no_module_imports_itself_round_a_circle():
    assert cycles() == []


ENGINE = (
    "cards",
    "codes",
    "names",
    "slate",
    "weis",
    "modes",
    "exchange",
    "stakes",
    "lookback",
    "ratings",
)


def _engine(module: str) -> bool:
    parts = module.split(".")
    return len(parts) > 1 and parts[1] in (*ENGINE, *MODES, "club")


@pytest.mark.parametrize("module", sorted(m for m in FILES if _engine(m)))
def test_the_engine_imports_neither_web_nor_storage(module):
    outside = {
        name
        for name in imports(module)
        if name.split(".")[0] in ("flask", "sqlite3", "sqlite_utils", "werkzeug", "jinja2")
        or name.startswith(("scorer.web", "scorer.storage"))
    }
    assert not outside, outside


@pytest.mark.parametrize("mode", MODES)
def test_a_modes_engine_and_web_room_import_no_other_mode(mode):
    others = tuple(m for m in MODES if m != mode)
    for module in (m for m in FILES if m.startswith((f"scorer.{mode}", f"scorer.web.{mode}"))):
        crossing = {
            other
            for other in GRAPH[module]
            if other.startswith(tuple(f"scorer.{o}" for o in others))
            or other.startswith(tuple(f"scorer.web.{o}" for o in others))
        }
        assert not crossing, (module, crossing)


def test_the_webs_core_imports_no_room():
    rooms = tuple(f"scorer.web.{r}" for r in (*MODES, "club", "games", "lookback"))
    for module in (m for m in FILES if m.startswith("scorer.web.core")):
        assert not {o for o in GRAPH[module] if o.startswith(rooms)}, module
