"""Issue 34 item 4: the examples in the public API's docstrings run (doctest), so the Python API
page, which shows them, shows what the functions return."""

from __future__ import annotations

import doctest
import importlib

import pytest

# The modules whose public functions carry examples (each must have at least one).
MODULES = (
    "tourney.app.operations.arbiter",
    "tourney.app.read_models.event_text",
    "tourney.app.read_models.table_views",
)


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
