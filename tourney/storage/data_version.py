"""Whether a SQLite file may have changed since last asked, for almost nothing: SQLite's
`PRAGMA data_version`, on a read-only connection of its own (the value is per connection: it moves
when any other connection commits). The live pages' feed asks it a few times a second and reads the
tournament only when it moved. Any other database has no such marker: `moved` always says yes.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from tourney.errors import StorageError
from tourney.storage.db import _sqlite_read_only

if TYPE_CHECKING:
    from tourney.storage.db import Database


class DataVersion:
    """The data version of `database`'s file, watched from a connection opened on first use."""

    def __init__(self, database: Database) -> None:
        self._path = database.sqlite_path
        self._connection: sqlite3.Connection | None = None
        self._seen: int | None = None

    def moved(self) -> bool:
        """Whether anything was committed since the last call (always true on the first one, and for
        a database that is not a SQLite file)."""
        if self._path is None:
            return True
        try:
            if self._connection is None:
                self._connection = _sqlite_read_only(self._path)
            found = int(self._connection.execute("PRAGMA data_version").fetchone()[0])
        except sqlite3.Error as error:
            self.close()
            raise StorageError(f"cannot watch the database for changes: {error}") from None
        moved, self._seen = found != self._seen, found
        return moved

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        self._seen = None
