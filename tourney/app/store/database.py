"""Opening the database of an operation (or of many reads of one tournament).

A one-shot command opens a fresh `Database` (with an empty state cache) and closes it when the
operation ends. A long-lived front end (the desk, `tourney serve`) runs its operations inside
`KeptDatabases.active()`: `open_db` then hands out the Database it keeps open for that URL, so its
cache of folded states lasts from one operation to the next.

The storage layer is imported inside `open_db` so that importing the application (and `tourney
--help`) never loads it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState
    from tourney.storage.db import Database
    from tourney.storage.state_cache import StateCache

T = TypeVar("T")


class KeptDatabases:
    """The databases a long-lived front end keeps open across its operations: one per URL and mode
    (a read-only one never waits for a writer), opened on first use. With `share_states` (the desk)
    the two of a URL share one state cache, so a completion reads the state the last entry left
    without copying it; without (`serve`, whose pages are read in worker threads while writes run in
    others) each keeps its own, so a page never finds the entry taken by a write and folds again.
    A SQLite file replaced meanwhile (`tourney demo` makes its file anew) is opened again, so
    nothing is ever read from the file it replaced."""

    def __init__(self, *, share_states: bool = True) -> None:
        self._open: dict[tuple[str, bool], tuple[Database, tuple[int, int] | None]] = {}
        self._states: dict[tuple[str, bool], StateCache] = {}
        self._share_states = share_states

    def database(self, url: str | None, *, read_only: bool = False) -> Database:
        """The Database kept for `url` (as `open_db` resolves it) in that mode, opened if need be."""
        from tourney.storage.db import SCHEMA_VERSION, ensure_schema, open_database, resolve_url
        from tourney.storage.state_cache import StateCache

        resolved = resolve_url(url)
        kept = self._open.get((resolved, read_only))
        if kept is not None:
            database, identity = kept
            if database.sqlite_path is None or _file_identity(database.sqlite_path) == identity:
                if database.version < SCHEMA_VERSION:
                    ensure_schema(database, create=False)  # another operation may have upgraded it since
                return database
            for mode in (False, True):  # the file was replaced: forget both Databases and their cache
                dropped = self._open.pop((resolved, mode), None)
                if dropped is not None:
                    dropped[0].close()
            for mode in (False, True):
                self._states.pop((resolved, mode), None)
        states = self._states.setdefault((resolved, read_only and not self._share_states), StateCache())
        database = open_database(resolved, create=False, read_only=read_only, states=states)
        path = database.sqlite_path
        self._open[(resolved, read_only)] = (database, _file_identity(path) if path is not None else None)
        return database

    @contextmanager
    def active(self) -> Iterator[KeptDatabases]:
        """Within the block (and the threads and tasks started in it), `open_db` uses these."""
        token = _KEPT.set(self)
        try:
            yield self
        finally:
            _KEPT.reset(token)

    def close(self) -> None:
        """Close every database kept open, and forget the states kept with them."""
        for database, _identity in self._open.values():
            database.close()
        self._open.clear()
        self._states.clear()


_KEPT: ContextVar[KeptDatabases | None] = ContextVar("tourney_kept_databases", default=None)


def _file_identity(path: str) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_dev, found.st_ino)


@contextmanager
def open_db(url: str | None, *, create: bool = False, read_only: bool = False) -> Iterator[Database]:
    """The database for one operation; closed (its connections released) when the operation ends,
    unless a front end keeps it open (`KeptDatabases.active`).

    `url` is a SQLAlchemy URL (`sqlite:///friday.db`); None means `$TOURNEY_DB`, else `tourney.db`
    in the working directory. Only creating a tournament creates a database (`create=True`); any
    other operation refuses one that does not exist yet instead of leaving an empty one behind.
    Reading operations pass `read_only=True`: they then work on a backup copy or a viewer's
    read-only file, and never upgrade an older schema (the next operation that writes does).
    """
    from tourney.storage.db import open_database

    kept = _KEPT.get()
    if kept is not None and not create:
        yield kept.database(url, read_only=read_only)
        return
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


def not_a_regular_file(path: str | os.PathLike[str]) -> str | None:
    """What `path` is when it exists but is no regular file ("is a FIFO (named pipe)"), else None."""
    from tourney.storage.db import not_a_regular_file as check

    return check(path)


class TournamentReader:
    """A read-only database kept open across many reads of one tournament (the desk's completion):
    opened on the first read (from `kept`, the desk's databases, when given); each read costs only
    the events appended since the last one."""

    def __init__(self, db: str | None, tournament: str | None, kept: KeptDatabases | None = None) -> None:
        self._db = db
        self._tournament = tournament
        self._kept = kept
        self._database: Database | None = None

    def view(self, read: Callable[[TournamentState], T]) -> T:
        """`read` of the tournament's state now (a `TourneyError` when there is no database or
        tournament yet). The state is not handed out (`storage.events.peek`), so the next entry
        applies to it without copying it first: `read` returns plain values, nothing of the state."""
        from tourney.storage.db import open_database
        from tourney.storage.events import peek

        if self._kept is not None:
            return peek(self._kept.database(self._db, read_only=True), tournament=self._tournament, read=read)
        if self._database is None:
            self._database = open_database(self._db, create=False, read_only=True)
        return peek(self._database, tournament=self._tournament, read=read)

    def close(self) -> None:
        if self._database is not None:
            self._database.close()
            self._database = None
