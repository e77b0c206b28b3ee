"""What the pages of one server read and where its changes go.

The pages read through one read-only database kept open for the server's life (the wall's); its
single SQLite connection takes one read transaction at a time, so the worker threads that build
pages take turns on it (`_reading`: a read in WAL mode never waits for a writer, so a turn is a few
milliseconds). A change is an operation of `tourney.app` over `db`, which opens its own connection
and may wait there for the database's write lock without holding any reader.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from anyio import CapacityLimiter

from tourney.app.floor.wall import Wall

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.app.floor.wall import WallSnapshot
    from tourney.app.types import Database

# The threads that build pages. They take turns on the reader anyway, and each more thread makes
# the event loop wait longer for the interpreter lock between two requests (measured with
# scripts/bench_floor.py: 16 threads tripled the wall's p95 latency of one): one keeps them FIFO.
READERS = 1


class Site:
    """One tournament (`tournament`: None for the database's current one) served from `reader`;
    the floor's changes are written to `db` (a URL, as `--db`)."""

    def __init__(self, reader: Database, tournament: str | None, *, db: str | None = None) -> None:
        self.db, self.tournament = db, tournament
        self.wall = Wall(reader, tournament)
        self._reading = threading.Lock()
        self.readers = CapacityLimiter(READERS)

    def snapshot(self) -> WallSnapshot:
        with self._reading:
            return self.wall.read()

    def floor(self) -> FloorRead:
        from tourney.app.floor.floor_read import floor_of

        with self._reading:
            return floor_of(self.wall.database, self.tournament)

    def wall_pin(self, tournament_uid: str) -> str:
        from tourney.app.floor.floor_read import stored_wall_pin

        with self._reading:
            return stored_wall_pin(self.wall.database, tournament_uid)
