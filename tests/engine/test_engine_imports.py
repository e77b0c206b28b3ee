"""The engine's modules import one way: the formats (engine/formats/) above the fold (tournament.py)
above the event handlers (players, seats, entries, rewrites) above the pieces they share (tables,
standings, planner, log, the format seam format_registry.py...). Imports made only for type checking
count too: the formats and the handlers are typed against `format_registry.LiveState`, a protocol
the fold's state satisfies, never against `TournamentState` itself."""

from __future__ import annotations

import grimp
import pytest

ENGINE = "tourney.engine"
FOLD = {f"{ENGINE}.tournament"}
HANDLERS = {f"{ENGINE}.{name}" for name in ("players", "seats", "entries", "rewrites")}


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("tourney", exclude_type_checking_imports=False)


def _engine_modules(graph: grimp.ImportGraph) -> list[str]:
    return sorted(m for m in graph.modules if m.startswith(f"{ENGINE}."))


def test_no_engine_module_imports_itself_through_another(graph: grimp.ImportGraph) -> None:
    modules = _engine_modules(graph)
    cycles = [(a, b) for a in modules for b in modules
              if a < b and graph.chain_exists(a, b) and graph.chain_exists(b, a)]
    assert not cycles


def test_the_formats_import_neither_the_fold_nor_its_handlers(graph: grimp.ImportGraph) -> None:
    formats = [m for m in _engine_modules(graph) if m.startswith(f"{ENGINE}.formats")]
    upward = [(m, up) for m in formats for up in sorted(FOLD | HANDLERS) if graph.chain_exists(m, up)]
    assert not upward


def test_the_handlers_do_not_import_the_fold(graph: grimp.ImportGraph) -> None:
    assert not [h for h in sorted(HANDLERS) for f in FOLD if graph.chain_exists(h, f)]
