"""The trick games' state machines stay flat (issue 30): per game one state class over one plain
table class, neither built on another class, and the step modules (deal, calls or bets, play,
settlement) are functions of the table that never import the state."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
GAMES = {
    "chlust": ("ChlustState", "ChlustTable", ("deal", "betting", "play", "settlement", "turns")),
    "khlyust": ("KhlyustState", "KhlyustTable", ("deal", "announcements", "play", "settlement")),
    "lou": ("LouState", "LouTable", ("deal", "choices", "play", "settlement")),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_one_state_class_over_one_plain_table(game: str) -> None:
    state_name, table_name, _ = GAMES[game]
    state = getattr(importlib.import_module(f"tourney.rules.{game}.state"), state_name)
    table = getattr(importlib.import_module(f"tourney.rules.{game}.table"), table_name)
    assert state.__mro__ == (state, object)
    assert table.__mro__ == (table, object)
    methods = {name for name, value in vars(table).items() if callable(value) and not name.startswith("__")}
    assert methods == {"copy"}, f"{table_name} is plain data; its rules belong in the step modules"


def imported_modules(path: Path) -> set[str]:
    modules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
        elif isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
    return modules


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_steps_are_functions_of_the_table(game: str) -> None:
    _, table_name, steps = GAMES[game]
    for step in steps:
        path = ROOT / "tourney" / "rules" / game / f"{step}.py"
        assert f"tourney.rules.{game}.state" not in imported_modules(path), f"{path.name} imports the state"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert not [node for node in tree.body if isinstance(node, ast.ClassDef)], f"{path.name} defines a class"
        firsts = [node.args.args[0].annotation for node in tree.body
                  if isinstance(node, ast.FunctionDef) and node.args.args]
        steps_of_the_table = [first for first in firsts if isinstance(first, ast.Name) and first.id == table_name]
        assert steps_of_the_table, f"{path.name} has no function of the {table_name}"
