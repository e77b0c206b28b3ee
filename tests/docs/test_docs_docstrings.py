"""Issue 34 item 3: every public name of tourney.app and tourney.errors has a docstring (the Python
API page is made from them), and so has each public method or property of a public class."""

from __future__ import annotations

import inspect
from collections.abc import Iterator

import tourney.app
import tourney.errors
from tourney.app import public_homes


def _own_doc(obj: object) -> str | None:
    doc = getattr(obj, "__doc__", None)
    if inspect.isclass(obj):
        doc = vars(obj).get("__doc__")
        # A dataclass without a docstring gets its signature as one: that documents nothing.
        if doc and doc.startswith(f"{obj.__name__}("):
            return None
    return doc.strip() if isinstance(doc, str) and doc.strip() else None


def public_objects() -> Iterator[tuple[str, object]]:
    for name in public_homes():
        yield f"tourney.app.{name}", getattr(tourney.app, name)
    for name, value in vars(tourney.errors).items():
        if inspect.isclass(value) and value.__module__ == "tourney.errors" and not name.startswith("_"):
            yield f"tourney.errors.{name}", value


def undocumented() -> list[str]:
    missing = []
    for qualified, obj in public_objects():
        if _own_doc(obj) is None:
            missing.append(qualified)
        if inspect.isclass(obj):
            for member, value in vars(obj).items():
                if member.startswith("_"):
                    continue
                function = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
                if (inspect.isfunction(function) or isinstance(value, property)) and _own_doc(function) is None:
                    missing.append(f"{qualified}.{member}")
    return missing


def test_every_public_name_has_a_docstring() -> None:
    assert undocumented() == []


def test_the_check_sees_the_public_names() -> None:
    names = [qualified for qualified, _ in public_objects()]
    assert "tourney.app.enter_result" in names and "tourney.errors.TourneyError" in names
    assert len(names) > 60
