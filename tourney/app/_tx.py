"""One operation, one transaction: the two ways an operation meets storage.

`write` appends the events `make(state, tournament)` yields, validated against the state as of its
own transaction, all or none; `read` takes a detached snapshot. Both open and close the database,
so an operation is a whole unit whichever front end (or Python user) calls it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from tourney.app.database import open_db

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState
    from tourney.storage.events import Recorded, Snapshot
    from tourney.storage.repo import Tournament
    from tourney.storage.sql import Tx as Session

NewEvent = tuple[str, dict[str, Any]]
Make = Callable[["TournamentState", "Tournament"], Iterable[NewEvent]]
# Receives the transaction before `make` runs (settings written beside the events).
WithSession = Callable[["Session"], None]


def write(db: str | None, tournament: str | None, make: Make, with_session: WithSession | None = None) -> Recorded:
    """Append what `make` yields to `tournament` (None: the current one) in one transaction."""
    from tourney.storage.events import transact

    with open_db(db) as database:
        return transact(database, tournament=tournament, make=make, with_session=with_session)


def read(db: str | None, tournament: str | None) -> Snapshot:
    """The tournament and a read-only snapshot of its state."""
    from tourney.storage.events import snapshot

    with open_db(db, read_only=True) as database:
        return snapshot(database, tournament=tournament)
