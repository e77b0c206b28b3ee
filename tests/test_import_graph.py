"""No import cycle in tourney, at module level or at package level (ARCHITECTURE.md "The layers in one picture").

Every import counts: at module level, inside a function (an import made on first use) and under
`TYPE_CHECKING`, since each says that one module needs another, and a cycle hidden in a function is
still a cycle. At package level a module belongs to its package (`tourney.engine.tables` to
`tourney.engine`, `tourney.engine.formats.live` to `tourney.engine.formats`, a package's
`__init__` to the package itself), except the top-level modules anyone may import
(`PACKAGE_LEVEL_UNITS`), which are units of their own rather than parts of the root package.

Run-time look-ups by name (`importlib.import_module` in the format and bot registries' discovery)
are not imports and are not counted: a registry names no module it discovers.
"""

from __future__ import annotations

import itertools
import sys
import textwrap
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

import grimp
import pytest

ROOT_PACKAGE = "tourney"
PACKAGE_LEVEL_UNITS = frozenset({"tourney.errors", "tourney._build", "tourney.collector", "tourney.openspiel"})

SHOWN_PER_STEP = 4  # import lines printed for each step of a cycle found

Edges = Mapping[str, Iterable[str]]


def find_cycle(edges: Edges) -> list[str] | None:
    """One cycle of the directed graph `edges` (node -> the nodes it imports), as the path
    [a, b, ..., a]; None when the graph has none. A node importing itself is a cycle too."""
    done: set[str] = set()
    for start in sorted(edges):
        if start in done:
            continue
        path: list[str] = []
        on_path: dict[str, int] = {}
        stack: list[tuple[str, list[str]]] = [(start, sorted(edges.get(start, ())))]
        path.append(start)
        on_path[start] = 0
        while stack:
            node, pending = stack[-1]
            if not pending:
                stack.pop()
                path.pop()
                del on_path[node]
                done.add(node)
                continue
            nxt = pending.pop(0)
            if nxt in on_path:
                return [*path[on_path[nxt]:], nxt]
            if nxt in done:
                continue
            on_path[nxt] = len(path)
            path.append(nxt)
            stack.append((nxt, sorted(edges.get(nxt, ()))))
    return None


def module_edges(graph: grimp.ImportGraph, root: str) -> dict[str, set[str]]:
    """Each module of `root` -> the modules of `root` it imports directly."""
    inside = {m for m in graph.modules if m == root or m.startswith(f"{root}.")}
    return {m: {i for i in graph.find_modules_directly_imported_by(m) if i in inside} for m in inside}


def package_of(graph: grimp.ImportGraph, module: str, units: frozenset[str] = frozenset()) -> str:
    """The package-level unit `module` belongs to: itself for a package or a unit of its own, else
    its parent package."""
    if module in units or graph.find_children(module) or "." not in module:
        return module
    return module.rsplit(".", 1)[0]


def package_edges(graph: grimp.ImportGraph, root: str, units: frozenset[str] = frozenset()) -> dict[str, set[str]]:
    """Each package-level unit of `root` -> the other units it imports (through any of its modules)."""
    out: dict[str, set[str]] = {}
    for module, imported in module_edges(graph, root).items():
        unit = package_of(graph, module, units)
        out.setdefault(unit, set()).update(
            other for other in (package_of(graph, i, units) for i in imported) if other != unit)
    return out


def _explain(graph: grimp.ImportGraph, cycle: list[str], unit_of: Callable[[str], str]) -> str:
    """The cycle, then the import lines behind each of its steps (`unit_of`: a module's unit)."""
    lines = [" -> ".join(cycle)]
    for here, there in itertools.pairwise(cycle):
        step = [f"  {module}:{detail['line_number']}: {detail['line_contents']}"
                for module, imported in sorted(module_edges(graph, ROOT_PACKAGE).items()) if unit_of(module) == here
                for target in sorted(i for i in imported if unit_of(i) == there)
                for detail in graph.get_import_details(importer=module, imported=target)]
        lines.extend(step[:SHOWN_PER_STEP])
        if len(step) > SHOWN_PER_STEP:
            lines.append(f"  ... and {len(step) - SHOWN_PER_STEP} more imports from {here} of {there}")
    return "\n".join(lines)


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(ROOT_PACKAGE, exclude_type_checking_imports=False)


def test_no_module_imports_itself_through_others(graph: grimp.ImportGraph) -> None:
    cycle = find_cycle(module_edges(graph, ROOT_PACKAGE))
    assert cycle is None, "an import cycle between modules:\n" + _explain(graph, cycle, lambda module: module)


def test_no_package_imports_itself_through_others(graph: grimp.ImportGraph) -> None:
    cycle = find_cycle(package_edges(graph, ROOT_PACKAGE, PACKAGE_LEVEL_UNITS))
    assert cycle is None, "an import cycle between packages:\n" + _explain(
        graph, cycle, lambda module: package_of(graph, module, PACKAGE_LEVEL_UNITS))


def test_the_graph_has_the_engine_and_its_formats(graph: grimp.ImportGraph) -> None:
    """The scan sees the tree it is meant to (a wrong root would find no cycle in nothing)."""
    units = package_edges(graph, ROOT_PACKAGE, PACKAGE_LEVEL_UNITS)
    assert {"tourney.engine", "tourney.engine.formats", "tourney.app", "tourney._build"} <= set(units)
    assert "tourney.engine" in units["tourney.engine.formats"]


def test_the_graph_has_the_applications_subpackages_as_units(graph: grimp.ImportGraph) -> None:
    """The application's subpackages are package-level units, so a cycle between them is one the
    package-level scan finds; an operation reaching the store is an edge between two of them."""
    units = package_edges(graph, ROOT_PACKAGE, PACKAGE_LEVEL_UNITS)
    subpackages = {f"tourney.app.{name}" for name in ("input", "read_models", "store", "operations", "bots", "floor")}
    assert subpackages <= set(units)
    assert "tourney.app.store" in units["tourney.app.operations"]
    assert "tourney.app.operations" not in units["tourney.app.store"]


# ---------------------------------------------------------------- the cycle finder can fail
@pytest.mark.parametrize(("edges", "cycle"), [
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"]),
    ({"a": {"a"}}, ["a", "a"]),
    ({"a": {"b", "c"}, "b": {"d"}, "c": {"d"}, "d": {"c"}}, ["d", "c", "d"]),
    ({"a": {"b", "c"}, "b": {"d"}, "c": {"d"}, "d": set()}, None),
    ({}, None),
])
def test_the_cycle_finder_finds_a_planted_cycle(edges: dict[str, set[str]], cycle: list[str] | None) -> None:
    assert find_cycle(edges) == cycle


def _planted_package(tmp_path: Path, name: str, files: dict[str, str]) -> str:
    package = tmp_path / name
    for relative, source in files.items():
        path = package / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source), encoding="utf-8")
    return name


@pytest.mark.parametrize("hidden", [
    "def later():\n    from planted.a import A\n",
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from planted.a import A\n",
])
def test_a_cycle_hidden_in_a_function_or_type_checking_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  hidden: str) -> None:
    name = _planted_package(tmp_path, "planted", {
        "__init__.py": "", "a.py": "from planted.b import B\nA = 1\n", "b.py": f"{hidden}B = 2\n"})
    monkeypatch.syspath_prepend(str(tmp_path))
    planted = grimp.build_graph(name, exclude_type_checking_imports=False, cache_dir=None)
    assert find_cycle(module_edges(planted, name)) == ["planted.a", "planted.b", "planted.a"]
    sys.modules.pop(name, None)


def test_a_cycle_between_packages_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No module cycle, but `deep` imports the core and the core imports `deep`: a package cycle."""
    name = _planted_package(tmp_path, "layered", {
        "__init__.py": "", "core/__init__.py": "", "core/fold.py": "from layered.core.deep.impl import X\n",
        "core/tables.py": "T = 1\n", "core/deep/__init__.py": "",
        "core/deep/impl.py": "from layered.core.tables import T\nX = T\n"})
    monkeypatch.syspath_prepend(str(tmp_path))
    planted = grimp.build_graph(name, exclude_type_checking_imports=False, cache_dir=None)
    assert find_cycle(module_edges(planted, name)) is None
    assert find_cycle(package_edges(planted, name)) == ["layered.core", "layered.core.deep", "layered.core"]
    sys.modules.pop(name, None)
