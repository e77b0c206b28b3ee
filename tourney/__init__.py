"""tourney: tournament manager, rules engine and bot arena for Polish Poker and its family."""

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """`from tourney import seat, standings, ...`: the application's operations (`tourney.app`),
    imported on first use so that `import tourney` stays cheap."""
    import importlib

    app = importlib.import_module("tourney.app")
    if name in app.__all__:
        return getattr(app, name)
    raise AttributeError(f"module 'tourney' has no attribute {name!r}")
