"""Where the desk keeps its history across sessions: next to a SQLite database file
(`friday.db` -> `friday.db.desk-history`), else in the user's data directory; never in the package."""

from __future__ import annotations

import os
import sys
from contextlib import suppress
from pathlib import Path

HISTORY_SUFFIX = ".desk-history"


def history_path(url: str) -> Path:
    """The history file of the desk on database `url` (already resolved: `--db` or `$TOURNEY_DB`)."""
    from tourney.app.store.database import sqlite_file
    from tourney.errors import StorageError

    if url.startswith("sqlite:"):
        with suppress(StorageError):  # not a SQLite file the desk could open: no file to sit beside
            path = Path(sqlite_file(url))
            return path.with_name(path.name + HISTORY_SUFFIX)
    # A server database (PostgreSQL): one history per user, in the data directory.
    return data_dir() / "desk-history"


def check_history_file(path: Path) -> None:
    """Refuse a history that is not a regular file (a FIFO would hold the desk forever at its
    first read; a device or a directory cannot hold a history)."""
    from tourney.app.store.database import not_a_regular_file

    problem = not_a_regular_file(path)
    if problem is not None:
        from tourney.errors import InvalidInputError

        raise InvalidInputError(f"--history {str(path)!r} {problem}: give a file for the desk's history")


def data_dir() -> Path:
    """The user's data directory for tourney: $XDG_DATA_HOME/tourney, ~/.local/share/tourney, or
    %APPDATA%\\tourney on Windows."""
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "tourney"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tourney"
