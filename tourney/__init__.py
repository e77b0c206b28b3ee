"""tourney: tournament manager, rules engine and bot arena for Polish Poker and its family."""

# Before any other tourney module loads: refuse a compiled module older than its sources (_build.py).
from tourney._build import guard_import as _guard_import

_guard_import()

__version__ = "0.1.0"
