"""The append-only event log: the truth of a live tournament.

A command that changes a tournament is one call to `record`, which in ONE write transaction locks
the tournament, brings its folded state up to date, asks the caller which events to append, inserts
each one and validates it by applying it to the state. Any error rolls the whole transaction back:
a command happens wholly or not at all. Undo and corrections are events too; nothing is deleted.

The folded state of each tournament is cached in the process, keyed by the database and the
tournament's uid, together with the id of the last event folded into it. Each command then reads
and applies only the events appended since (by this process or any other), so a command costs the
same at the first result and at the five-thousandth. The cache is updated only after a commit
succeeds and is dropped on any failure, so it never runs ahead of the database.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from tourney.engine.events import Event
from tourney.engine.tournament import TournamentState, fold
from tourney.storage import repo
from tourney.storage.db import Database
from tourney.storage.repo import Tournament

# An event to append, before the database gives it an id.
NewEvent = tuple[str, dict[str, Any]]


@dataclass(slots=True)
class _Folded:
    state: TournamentState
    last_id: int
    # True once the state was handed out by `snapshot`: it is frozen, and the next command copies
    # it before applying anything, so a reader's snapshot never changes under it.
    shared: bool = False


_cache: dict[tuple[str, str], _Folded] = {}


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A tournament row and its state as of one transaction: a detached value that later commands
    (in this process or another) never change; its state refuses `apply`."""

    tournament: Tournament
    state: TournamentState


@dataclass(frozen=True, slots=True)
class Recorded:
    """What a `record` call committed: the new events (with ids) and the state after them."""

    tournament: Tournament
    events: list[Event]
    state: TournamentState


def clear_cache() -> None:
    """Forget every cached state (tests; a process that rewrote a database behind our back)."""
    _cache.clear()


def create_tournament(database: Database, *, name: str, game: str, seed: int) -> Tournament:
    """A new tournament; it becomes the current one (the last created)."""
    # Validate the game by folding an empty log: the engine owns the list of games.
    fold(game, [])
    with database.write() as session:
        return repo.create_tournament(session=session, name=name, game=game, seed=seed)


def snapshot(database: Database, *, tournament: str | None = None) -> Snapshot:
    """The tournament (`None`: the last created) and its current state, read-only."""
    with database.read() as session:
        row = repo.find_tournament(session=session, ref=tournament)
        state, last_id = _current(database, session, row)
    state.freeze()
    _cache[_key(database, row)] = _Folded(state, last_id, shared=True)
    return Snapshot(row, state)


def all_events(database: Database, *, tournament: str | None = None) -> tuple[Tournament, list[Event]]:
    """The whole log of a tournament, oldest first (for `tourney log` and corrections)."""
    with database.read() as session:
        row = repo.find_tournament(session=session, ref=tournament)
        assert row.id is not None
        return row, repo.load_events(session=session, tournament_id=row.id)


def record(
    database: Database,
    *,
    tournament: str | None = None,
    make: Callable[[TournamentState, Tournament], Iterable[NewEvent]],
) -> Recorded:
    """Append the events `make(state, tournament)` returns, validated against the current state, atomically.

    `make` sees the state as of this transaction (after every event committed before it), so a
    seat draw or an advance is computed from exactly the state it is applied to. If `make` is a
    generator, each event is applied before it resumes: `advance` then the next stage's `seat`
    drawn from the state the advance left.
    """
    with database.write() as session:
        row = repo.find_tournament(session=session, ref=tournament, lock=True)
        assert row.id is not None
        # Taken out of the cache for the whole transaction: if anything fails, it is simply gone.
        state, last_id = _current(database, session, row, for_write=True)
        appended: list[Event] = []
        for kind, data in make(state, row):
            event = repo.insert_event(session=session, tournament_id=row.id, kind=kind, data=data)
            # Raises (IllegalActionError, InvalidInputError, ...) without changing the state; the
            # transaction then rolls back, taking the inserted rows with it.
            state.apply(event)
            appended.append(event)
            last_id = event.id
    # Committed: only now may the cache hold the new state.
    _cache[_key(database, row)] = _Folded(state, last_id)
    return Recorded(row, appended, state)


def _key(database: Database, row: Tournament) -> tuple[str, str]:
    return (database.key, row.uid)


def _current(database: Database, session: Session, row: Tournament, *,
             for_write: bool = False) -> tuple[TournamentState, int]:
    """The folded state of `row` as of this transaction and the last event id in it.

    Taken out of the cache (from which the caller puts it back when done), brought up to date with
    the events appended since it was cached, or folded from the whole log on a cache miss.
    """
    assert row.id is not None
    cached = _cache.pop(_key(database, row), None)
    newer = None
    if cached is not None:
        newer = repo.events_since(session=session, tournament_id=row.id, last_id=cached.last_id)
    if cached is None or newer is None:
        # No cached state, or the log no longer holds what it was folded from: fold it all.
        events = repo.load_events(session=session, tournament_id=row.id)
        return fold(row.game, events), (events[-1].id if events else 0)
    state, last_id = cached.state, cached.last_id
    if cached.shared:
        if not newer and not for_write:
            return state, last_id  # nothing new: the frozen snapshot is still the current state
        state = state.copy()
    for event in newer:
        state.apply(event)
        last_id = event.id
    return state, last_id
