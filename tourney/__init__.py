"""tourney: tournament manager, rules engine and bot arena for Polish Poker and its family."""

# Before any other tourney module loads: refuse a compiled module older than its sources (_build.py).
from tourney._build import VERSION as _VERSION
from tourney._build import guard_import as _guard_import

_guard_import()

__version__ = _VERSION


def __getattr__(name: str) -> object:
    """`from tourney import seat, standings, ...`: the application's operations (`tourney.app`),
    imported on first use so that `import tourney` stays cheap."""
    import importlib

    app = importlib.import_module("tourney.app")
    if name == "__all__" or name in app.__all__:
        return getattr(app, name)
    raise AttributeError(f"module 'tourney' has no attribute {name!r}")
