"""One operation, one transaction: the two ways an operation meets storage.

    with transaction(db, tournament) as tx:
        tx.append("result", {"table": 3, "loser": player_name(tx.state, "ann", table=3)})
        return Entered(tx.state, tx.state.table(3))

Every append is validated against the state as of its own transaction and applied at once
(`tx.state` is current after it); the block commits whole or, on any error (a refused append, an
exception of the operation's own), not at all. `tx.floor` is the floor's report store in the same
transaction, so a report, its event and its record commit together. `read` takes a detached
snapshot. `db` is a URL (`--db`), opened for the operation unless a front end keeps it open
(`database.KeptDatabases`), or an open `Database` (a bot run's, the demo's).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from tourney.app.store.database import open_db

if TYPE_CHECKING:
    from tourney.app.store.floor_store import FloorStore
    from tourney.engine.events import Event
    from tourney.engine.tournament import TournamentState
    from tourney.storage.db import Database
    from tourney.storage.events import Appending, Snapshot
    from tourney.storage.repo import Tournament


class UnitOfWork:
    """An operation's write transaction of one tournament (see `transaction`)."""

    def __init__(self, log: Appending) -> None:
        self._log = log
        self._floor: FloorStore | None = None

    @property
    def state(self) -> TournamentState:
        """The tournament's state as of this transaction, with every append so far applied."""
        return self._log.state

    @property
    def tournament(self) -> Tournament:
        """The tournament this transaction writes to (locked for its length)."""
        return self._log.tournament

    @property
    def events(self) -> tuple[Event, ...]:
        """The events appended so far (with their ids)."""
        return tuple(self._log.events)

    def append(self, kind: str, data: dict[str, Any]) -> Event:
        """Append event `kind`, applied to `state` at once; a refusal (the engine's error) undoes
        the whole transaction."""
        return self._log.append(kind, data)

    @property
    def floor(self) -> FloorStore:
        """The floor's settings and reports of this tournament, read and written in this transaction."""
        if self._floor is None:
            from tourney.app.store.floor_store import FloorStore

            self._floor = FloorStore(self._log.session, self._log.tournament.uid)
        return self._floor


@contextmanager
def transaction(db: str | Database | None, tournament: str | None = None) -> Iterator[UnitOfWork]:
    """One write transaction of `tournament` (None: the current one) of the database `db`."""
    from tourney.storage.events import appending

    if db is None or isinstance(db, str):
        with open_db(db) as database, appending(database, tournament=tournament) as log:
            yield UnitOfWork(log)
    else:
        with appending(db, tournament=tournament) as log:
            yield UnitOfWork(log)


def read(db: str | None, tournament: str | None) -> Snapshot:
    """The tournament and a read-only snapshot of its state."""
    from tourney.storage.events import snapshot

    with open_db(db, read_only=True) as database:
        return snapshot(database, tournament=tournament)
