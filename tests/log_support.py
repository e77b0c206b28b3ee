"""Tests build logs in one line: `append_events(database, make=lambda state, row: [...])` appends what
`make` returns (a generator sees each event applied before it resumes) in one `events.appending`
block, as an operation would, and returns that block (its `state`, `events` and `tournament`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tourney.engine.tournament import TournamentState
from tourney.storage.db import Database
from tourney.storage.events import Appending, appending
from tourney.storage.repo import Tournament
from tourney.storage.state_cache import StateCache

Make = Callable[[TournamentState, Tournament], Iterable[tuple[str, dict[str, Any]]]]


def append_events(database: Database, *, tournament: str | None = None, make: Make) -> Appending:
    with appending(database, tournament=tournament) as log:
        for kind, data in make(log.state, log.tournament):
            log.append(kind, data)
    return log


def forget_states(database: Database) -> None:
    """Start `database`'s cache of folded states afresh, as a newly opened Database (a new process) would."""
    database.states = StateCache()
