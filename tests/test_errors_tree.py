"""Every exception class of tourney is drawn in the tree at the top of tourney/errors.py, under its
own parent and with its other built-in bases: the drawing is the one map of what can be raised."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

import tourney
import tourney.errors

PACKAGE = Path(tourney.__file__).resolve().parent
# `python -m tourney` runs the CLI on import: it defines no class.
NOT_IMPORTED = {"tourney.__main__"}
_NAME = re.compile(r"[A-Za-z_]\w*")
_EXTRAS = re.compile(r"\(([A-Za-z_][\w, ]*)\)")
# The packages of the optional extras ([rl], [ray]): the README's test command installs only [test],
# so a module that needs one is read, not imported, when it is missing.
OPTIONAL_PACKAGES = {"numpy", "pettingzoo", "gymnasium", "pyspiel", "open_spiel", "ray"}


@dataclass(frozen=True)
class Drawn:
    """One class of the drawing: its parent in the tree (None for the root) and its other bases."""

    parent: str | None
    extra_bases: tuple[str, ...]


def drawn_tree(docstring: str) -> dict[str, Drawn]:
    """The classes of the tree drawing in `docstring`, read by the column their name starts at."""
    lines = docstring.splitlines()
    start = lines.index("") + 1  # the drawing is the paragraph after the first line
    drawn: dict[str, Drawn] = {}
    stack: list[tuple[int, str]] = []  # (column, name) of the ancestors of the next line
    for line in lines[start:]:
        if not line.strip():
            break
        stripped = line.lstrip(" │├└─")
        if line.rstrip().endswith("│") or not stripped or not _NAME.match(stripped):
            continue
        name = _NAME.match(stripped).group()  # type: ignore[union-attr]
        column = len(line) - len(stripped)
        if stack and not re.search("[├└]", line[:column]):
            continue  # a continuation of the description above
        while stack and stack[-1][0] >= column:
            stack.pop()
        after = stripped[len(name):]
        extras = _EXTRAS.match(after.strip())
        assert name not in drawn, f"{name} is drawn twice"
        drawn[name] = Drawn(stack[-1][1] if stack else None,
                            tuple(b.strip() for b in extras.group(1).split(",")) if extras else ())
        stack.append((column, name))
    return drawn


def _modules() -> list[str]:
    return [m.name for m in pkgutil.walk_packages(tourney.__path__, "tourney.") if m.name not in NOT_IMPORTED]


def exception_classes() -> dict[str, type[BaseException]]:
    """Every exception class defined in tourney/, by name: module-level classes found by importing
    every module, and classes defined inside functions found in the source."""
    found: dict[str, type[BaseException]] = {}

    def add(cls: type[BaseException]) -> None:
        other = found.setdefault(cls.__name__, cls)
        assert other is cls, f"two exception classes are called {cls.__name__}: {other} and {cls}"

    for name in _modules():
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as missing:
            if (missing.name or "").split(".")[0] not in OPTIONAL_PACKAGES:
                raise
            _defines_no_exception(name)
            continue
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__ == name:
                add(value)
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = {id(node) for node in tree.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and id(node) not in top:
                bases = {ast.unparse(base).rsplit(".", 1)[-1] for base in node.bases}
                assert not any(b.endswith(("Error", "Exception")) or b in found for b in bases), (
                    f"{path.relative_to(PACKAGE.parent)}: exception class {node.name} is defined inside a "
                    "function; define it at module level and draw it in tourney/errors.py")
    return found


def _defines_no_exception(module: str) -> None:
    """A module that needs an optional extra that is not installed: it must define no exception
    class at its top level, or this test could not see it (install the extra to check it)."""
    path = PACKAGE.parent / (module.replace(".", "/") + ".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            bases = {ast.unparse(base).rsplit(".", 1)[-1] for base in node.bases}
            assert not any(b.endswith(("Error", "Exception")) for b in bases), (
                f"{module} defines {node.name} but cannot be imported without its optional extra: install it")


def tree_problems(drawn: dict[str, Drawn], classes: dict[str, type[BaseException]]) -> list[str]:
    """What the drawing gets wrong about `classes` (empty when it is true)."""
    problems = [f"{name} ({cls.__module__}) is not drawn" for name, cls in sorted(classes.items()) if name not in drawn]
    problems += [f"{name} is drawn but no class has that name" for name in sorted(drawn) if name not in classes]
    for name, place in sorted(drawn.items()):
        cls = classes.get(name)
        if cls is None:
            continue
        own = [base.__name__ for base in cls.__bases__ if base.__module__.startswith("tourney")]
        builtin = [base.__name__ for base in cls.__bases__ if base.__module__ == "builtins"]
        parent = own[0] if own else None
        # Its other bases, tourney's first, in parentheses; the root's `Exception` goes without saying.
        expected_extras = (*own[1:], *(b for b in builtin if place.parent is not None or b != "Exception"))
        if parent != place.parent:
            problems.append(f"{name} is drawn under {place.parent} but subclasses "
                            f"{', '.join(own) or 'no tourney class'}")
        if place.extra_bases != expected_extras:
            problems.append(f"{name} is drawn with ({', '.join(place.extra_bases)}) but also subclasses "
                            f"({', '.join(expected_extras)})")
    return problems


def test_every_exception_class_is_drawn_under_its_own_parent() -> None:
    drawn = drawn_tree(tourney.errors.__doc__ or "")
    classes = exception_classes()
    assert {"TourneyError", "EventError", "Forfeit", "BotTimeout"} <= set(classes)
    assert tree_problems(drawn, classes) == []


def test_the_tree_has_one_root_and_it_is_tourney_error() -> None:
    drawn = drawn_tree(tourney.errors.__doc__ or "")
    assert [name for name, place in drawn.items() if place.parent is None] == ["TourneyError"]
    assert drawn["NotFoundError"] == Drawn("StorageError", ("LookupError",))
    assert drawn["NotInTournamentError"] == Drawn("NotFoundError", ("IllegalActionError",))
    assert drawn["BotLineTooLong"] == Drawn("BotPipeError", ())


def test_the_check_names_an_undrawn_class_a_wrong_parent_and_a_stale_name() -> None:
    class StrayError(tourney.errors.RecordError):
        pass

    class Misplaced(tourney.errors.StorageError, KeyError):
        pass

    class TwoParents(tourney.errors.StorageError, tourney.errors.RecordError):
        pass

    drawing = """Tree.

    TourneyError
    ├── RecordError (ValueError)
    ├── StorageError
    │   └── TwoParents
    ├── Misplaced
    └── GoneError
"""
    classes = {cls.__name__: cls for cls in (tourney.errors.TourneyError, tourney.errors.RecordError,
                                             tourney.errors.StorageError, StrayError, Misplaced, TwoParents)}
    assert tree_problems(drawn_tree(drawing), classes) == [
        f"StrayError ({__name__}) is not drawn",
        "GoneError is drawn but no class has that name",
        "Misplaced is drawn under TourneyError but subclasses StorageError",
        "Misplaced is drawn with () but also subclasses (KeyError)",
        "TwoParents is drawn with () but also subclasses (RecordError)",
    ]



def test_an_unknown_player_or_table_is_not_found_and_still_an_illegal_action() -> None:
    from tourney.engine.events import Event
    from tourney.engine.tournament import TournamentState, draw_seats
    from tourney.errors import IllegalActionError, NotFoundError, NotInTournamentError

    state = TournamentState("polish-poker")
    for number, name in enumerate(["Ann", "Bob", "Cy"], start=1):
        state.apply(Event(number, "register", {"name": name, "club": None}))
    with pytest.raises(NotInTournamentError, match=r"^no table is seated yet"):
        state.table(1)
    state.apply(Event(4, "seat", draw_seats(state, 1)))
    refusals = []
    for look_up in (lambda: state.player("Anne"), lambda: state.table(2)):
        with pytest.raises(NotFoundError) as refused:
            look_up()
        assert isinstance(refused.value, IllegalActionError) and isinstance(refused.value, LookupError)
        refusals.append(str(refused.value))
    assert refusals == ["unknown player 'Anne' (did you mean 'Ann'?)", "no table 2 in stage 1 (tables 1-1)"]
