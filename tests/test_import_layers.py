"""The package's modules import in one direction only: each layer of docs/architecture.md
("Layers") imports only from itself and the layers below it, and no modules import each
other in a circle. Imports are read from the source with `ast`, so the ones deferred into
a function and those under `if TYPE_CHECKING:` count as much as the rest: they hide a
dependency, they do not remove it (as /work/shared/tools/import_cycles.py reads them)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "fuba_rules"
DOC = ROOT / "docs" / "architecture.md"


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    out = {}
    for f in sorted(PACKAGE.rglob("*.py")):
        parts = list(f.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = f
    return out


def imports(mods: dict[str, Path]) -> dict[str, dict[str, int]]:
    """Module -> the package's modules it imports -> the first line that does. A package
    importing its own submodules, and a module its enclosing package, do not count."""
    out: dict[str, dict[str, int]] = {}
    for name, f in mods.items():
        is_pkg = f.name == "__init__.py"
        found: dict[str, int] = {}
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    here = name.split(".") if is_pkg else name.split(".")[:-1]
                    base = ".".join(here[: len(here) - (node.level - 1)] + ([base] if base else []))
                targets = [base, *(f"{base}.{a.name}" for a in node.names)]
            else:
                continue
            for t in targets:
                while t and t not in mods:
                    t = t.rpartition(".")[0]
                if t and t != name and not (mods[t].name == "__init__.py" and name.startswith(t + ".")):
                    found[t] = min(found.get(t, node.lineno), node.lineno)
        out[name] = found
    return out


def layers() -> list[list[str]]:
    """The layers, lowest first, from the ```layers block of docs/architecture.md (written
    highest first, one layer a line, its modules and subpackages by name)."""
    block = re.search(r"```layers\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block, f"{DOC.name} has no ```layers block"
    return [line.split() for line in reversed(block.group(1).strip().splitlines())]


def layer_of(module: str, order: list[list[str]]) -> int | None:
    """The layer of a module: that of its top-level module or subpackage under the package."""
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else parts[0]  # `fuba_rules` itself: its lazy exports
    return next((i for i, names in enumerate(order) if top in names), None)


MODS = modules()
EDGES = imports(MODS)
ORDER = layers()


def test_every_module_has_a_layer():
    missing = sorted({m for m in MODS if layer_of(m, ORDER) is None})
    assert not missing, f"not in the layers of {DOC.name}: {missing} (add each to the layer it belongs to)"


def test_no_module_imports_from_a_higher_layer():
    upward = []
    for m, targets in EDGES.items():
        here = layer_of(m, ORDER)
        for t, line in sorted(targets.items()):
            there = layer_of(t, ORDER)
            if here is not None and there is not None and there > here:
                upward.append(f"{MODS[m].relative_to(ROOT)}:{line}: {m} ({' '.join(ORDER[here])}) imports {t} ({' '.join(ORDER[there])})")
    assert not upward, "imports from a higher layer:\n" + "\n".join(upward)


def cycles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """Every group of modules that import each other in a circle (Tarjan's strongly
    connected components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in edges:
        if v not in index:
            strong(v)
    return out


def test_no_modules_import_each_other_in_a_circle():
    found = cycles(EDGES)
    assert not found, "import cycles:\n" + "\n".join(" <-> ".join(g) for g in found)


@pytest.mark.parametrize(("edges", "expected"), [
    ({"a": {"b": 1}, "b": {"a": 1}}, [["a", "b"]]),
    ({"a": {"b": 1}, "b": {"c": 1}, "c": {}}, []),
    ({"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}, "d": {"a": 1}}, [["a", "b", "c"]]),
])
def test_a_circle_is_found_however_long(edges, expected):
    assert cycles(edges) == expected


def test_deferred_and_type_checking_imports_count(tmp_path):
    """An import inside a function or under TYPE_CHECKING is a dependency all the same."""
    pkg = tmp_path / "fuba_rules"
    (pkg / "engine").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "agents.py").write_text("")
    (pkg / "engine" / "__init__.py").write_text("")
    (pkg / "engine" / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..agents import X\n")
    (pkg / "engine" / "b.py").write_text("def f():\n    from fuba_rules import agents\n")
    mods = {name: pkg / f for name, f in [
        ("fuba_rules", "__init__.py"), ("fuba_rules.agents", "agents.py"), ("fuba_rules.engine", "engine/__init__.py"),
        ("fuba_rules.engine.a", "engine/a.py"), ("fuba_rules.engine.b", "engine/b.py"),
    ]}
    found = imports(mods)
    assert found["fuba_rules.engine.a"] == {"fuba_rules.agents": 3}
    assert found["fuba_rules.engine.b"] == {"fuba_rules.agents": 2}
