"""What the pages of one server read and where its changes go.

The pages read through one read-only database kept open for the server's life (the wall's); its
single SQLite connection takes one read transaction at a time, so the worker threads that build
pages take turns on it (`_reading`: a read in WAL mode never waits for a writer, so a turn is a few
milliseconds). A change is an operation of `tourney.app` over `db`, which opens its own connection
and may wait there for the database's write lock without holding any reader.

The tournament served is a value the console switches (`serve`: the director chose another event);
None follows the database's current one (`tourney use`), read per request, so a server started
without `--tournament` on a database without any event serves the first one once it is made.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from anyio import CapacityLimiter

from tourney.app.floor.wall import Wall
from tourney.errors import NotFoundError
from tourney.web.pages import Refused

if TYPE_CHECKING:
    from tourney.app.floor.console_events import ConsoleRead
    from tourney.app.floor.floor_read import FloorRead
    from tourney.app.floor.wall import WallSnapshot
    from tourney.app.types import Database

# The threads that build pages. They take turns on the reader anyway, and each more thread makes
# the event loop wait longer for the interpreter lock between two requests (measured with
# scripts/bench_floor.py: 16 threads tripled the wall's p95 latency of one): one keeps them FIFO.
READERS = 1
T = TypeVar("T")


class Site:
    """One tournament (`tournament`: None for the database's current one) served from `reader`;
    the floor's changes are written to `db` (a URL, as `--db`)."""

    def __init__(self, reader: Database, tournament: str | None, *, db: str | None = None) -> None:
        self.db, self._tournament = db, tournament
        self.wall = Wall(reader, tournament)
        self._reading = threading.Lock()
        self.readers = CapacityLimiter(READERS)

    @property
    def tournament(self) -> str | None:
        """The tournament served (None: the database's current one); `serve` switches it."""
        return self._tournament

    def serve(self, tournament_id: int) -> None:
        """Serve the event the director chose from now on (made the database's current one too):
        a server that followed the current event keeps following it; one started for a named
        event serves the chosen one. Switched between two reads, never during one."""
        if self._tournament is None:
            return
        with self._reading:
            self._tournament = str(tournament_id)
            self.wall = Wall(self.wall.database, self._tournament)

    def read(self, reading: Callable[[Database], T]) -> T:
        """`reading(the reader)`, in the reader's turn (the console's pages, which read the whole database)."""
        with self._reading:
            return reading(self.wall.database)

    def console(self) -> ConsoleRead:
        """The console's link as the database keeps it."""
        from tourney.app.floor.console_events import console_of

        return self.read(console_of)

    def without_event(self) -> bool:
        """Whether there is no event to serve yet (the database has none, and none was named)."""
        from tourney.app.floor.wall import no_event

        return self._tournament is None and self.read(no_event)

    def snapshot(self) -> WallSnapshot:
        with self._reading:
            return self.wall.read()

    def floor(self) -> FloorRead:
        from tourney.app.floor.console_lang import event_read
        from tourney.app.floor.floor_read import floor_of
        from tourney.app.floor.wall import no_event

        with self._reading:
            try:
                current = floor_of(self.wall.database, self.tournament)
            except NotFoundError:
                if self._tournament is None and no_event(self.wall.database):  # no link to check yet
                    raise Refused(404, "there is no event in this database yet: the director creates it "
                                       "from the console") from None
                raise
        event_read(current.lang)  # a console request's refusals read in its event's language
        return current

    def wall_pin(self, tournament_uid: str) -> str:
        from tourney.app.floor.floor_read import stored_wall_pin

        with self._reading:
            return stored_wall_pin(self.wall.database, tournament_uid)
