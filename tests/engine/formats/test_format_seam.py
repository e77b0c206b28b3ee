"""Nothing outside the format modules names a format (as nothing outside a game's packages names a
game): the engine, the application, render and cli ask the format object (`state.kind`,
format_registry.py). No file is allowed an exception.

The scan reads every module of tourney/ outside tourney/engine/formats/ and the seam itself
(tourney/engine/format_registry.py: it names the format of a log without a `format` event) and
reports, by file and line: a string that is a registered format's name (a dict key or a subscript, which name a JSON
field such as a plan's "stages", excepted), `.is_bracket` / `.is_stages`, a comparison of
`format.name`, and an import of the format-name constants of format_config.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tourney.engine.format_registry import format_names

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "tourney"
FORMAT_PACKAGE = PACKAGE / "engine" / "formats"
SEAM = PACKAGE / "engine" / "format_registry.py"
NAME_CONSTANTS = {"FORMATS", "ROUND_ROBIN", "SWISS", "KNOCKOUT", "DOUBLE", "STAGES", "BRACKETS", "ROUND_FORMATS"}
FLAG_ATTRIBUTES = {"is_bracket", "is_stages"}
FORMAT_IMPORTS = ("tourney.engine.formats", "tourney.engine.format_")  # the formats and the seam's modules
VIEW_CLASSES = {"BracketView", "RoundsView"}  # `isinstance(view, BracketView)` picks a format's sheet


def _docstrings(tree: ast.Module) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _json_fields(tree: ast.Module) -> set[int]:
    """String constants used as dict keys or subscripts: field names, not format names."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            found.update(id(key) for key in node.keys if key is not None)
        elif isinstance(node, ast.Subscript):
            found.add(id(node.slice))
    return found


def format_checks(source: str, names: set[str]) -> list[tuple[int, str]]:
    """(line, what) for every place `source` names a format."""
    tree = ast.parse(source)
    skip = _docstrings(tree) | _json_fields(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in names and id(node) not in skip:
            found.append((node.lineno, f"the format name {node.value!r}"))
        elif isinstance(node, ast.Attribute) and node.attr in FLAG_ATTRIBUTES:
            found.append((node.lineno, f".{node.attr}"))
        elif isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if (isinstance(side, ast.Attribute) and side.attr == "name" and isinstance(side.value, ast.Attribute)
                        and side.value.attr == "format"):
                    found.append((node.lineno, "a comparison of format.name"))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance"
              and len(node.args) == 2 and isinstance(node.args[1], ast.Name) and node.args[1].id in VIEW_CLASSES):
            found.append((node.lineno, f"isinstance of {node.args[1].id}"))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(FORMAT_IMPORTS):
            found.extend((node.lineno, f"import of {alias.name}") for alias in node.names
                         if alias.name in NAME_CONSTANTS)
    return sorted(found)


def _scan() -> dict[str, list[tuple[int, str]]]:
    names = set(format_names())
    found: dict[str, list[tuple[int, str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if FORMAT_PACKAGE in path.parents or path == SEAM:
            continue
        checks = format_checks(path.read_text(encoding="utf-8"), names)
        if checks:
            found[path.relative_to(ROOT).as_posix()] = checks
    return found


def test_no_module_outside_the_format_package_names_a_format() -> None:
    outside = _scan()
    assert not outside, "ask the format object (state.kind) instead: " + "; ".join(
        f"{path}:{line} {what}" for path, checks in outside.items() for line, what in checks)


def test_the_scan_finds_each_kind_of_check() -> None:
    source = '''
from tourney.engine.format_config import SWISS
"""a docstring may say knockout"""
plan = {"stages": []}
x = data["stages"]
if state.format.is_bracket or state.format.name == "swiss" or kind == "knockout":
    pass
if isinstance(view, BracketView):
    pass
'''
    found = format_checks(source, set(format_names()))
    assert [line for line, _ in found] == [2, 6, 6, 6, 6, 8]
    assert {what for _, what in found} == {"import of SWISS", ".is_bracket", "a comparison of format.name",
                                           "the format name 'swiss'", "the format name 'knockout'",
                                           "isinstance of BracketView"}
