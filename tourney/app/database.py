"""Opening the database of an operation (or of many reads of one tournament).

The storage layer is imported inside `open_db` so that importing the application (and `tourney
--help`) never loads it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState
    from tourney.storage.db import Database

T = TypeVar("T")


@contextmanager
def open_db(url: str | None, *, create: bool = False, read_only: bool = False) -> Iterator[Database]:
    """The database for one operation; closed (its connections released) when the operation ends.

    `url` is a SQLAlchemy URL (`sqlite:///friday.db`); None means `$TOURNEY_DB`, else `tourney.db`
    in the working directory. Only creating a tournament creates a database (`create=True`); any
    other operation refuses one that does not exist yet instead of leaving an empty one behind.
    Reading operations pass `read_only=True`: they then work on a backup copy or a viewer's
    read-only file, and never upgrade an older schema (the next operation that writes does).
    """
    from tourney.storage.db import open_database

    database = open_database(url, create=create, read_only=read_only)
    try:
        yield database
    finally:
        database.close()


def resolve_url(url: str | None) -> str:
    """The URL an operation opens for `url` (`--db`, else `$TOURNEY_DB`, else tourney.db here)."""
    from tourney.storage.db import resolve_url as resolve

    return resolve(url)


def sqlite_file(url: str) -> str:
    """The file of a `sqlite:` URL (a `StorageError` for any other)."""
    from tourney.storage.db import sqlite_file as file_of

    return file_of(url)


class TournamentReader:
    """A read-only database kept open across many reads of one tournament (the desk's completion):
    opened on the first read; each read costs only the events appended since the last one."""

    def __init__(self, db: str | None, tournament: str | None) -> None:
        self._db = db
        self._tournament = tournament
        self._database: Database | None = None

    def view(self, read: Callable[[TournamentState], T]) -> T:
        """`read` of the tournament's state now (a `TourneyError` when there is no database or
        tournament yet). The state is not handed out (`storage.events.peek`), so the next entry
        applies to it without copying it first: `read` returns plain values, nothing of the state."""
        from tourney.storage.db import open_database
        from tourney.storage.events import peek

        if self._database is None:
            self._database = open_database(self._db, create=False, read_only=True)
        return peek(self._database, tournament=self._tournament, read=read)

    def close(self) -> None:
        if self._database is not None:
            self._database.close()
            self._database = None
