"""The append-only event log: the truth of a live tournament.

A command that changes a tournament is one `appending` block, which in ONE write transaction locks
the tournament and brings its folded state up to date; each `append` inserts an event and
validates it by applying it to the state at once. Any error rolls the whole transaction back: a
command happens wholly or not at all. Undo and corrections are events too; nothing is deleted.

The folded state of each tournament is cached by the `Database` (`Database.states`, a small LRU:
state_cache.py) with the id of the last event folded into it. Each command then reads and applies
only the events appended since (by this process or any other), so a command costs the same at the
first result and at the five-thousandth. An entry is taken out for a write and put back only after
the commit, so the cache never runs ahead of the database.

A Database with nothing cached (every one-shot command's) starts from the tournament's stored
checkpoint (checkpoint.py) instead of the log's first event; `appending` rewrites the checkpoint in
its own transaction once `checkpoint.REWRITE_AFTER` events were applied on top of it, and keeps the
tournament's `overview` row (what `tourney list` shows) with every entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from typing import Any, TypeVar

from tourney import collector
from tourney.engine.events import Event
from tourney.engine.tournament import TournamentState, fold
from tourney.errors import StorageError, TourneyError
from tourney.storage import checkpoint, repo
from tourney.storage.db import Database
from tourney.storage.repo import Tournament
from tourney.storage.sql import Tx as Session
from tourney.storage.state_cache import Folded

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A tournament row and its state as of one transaction: a detached value that later commands
    (in this process or another) never change; its state refuses `apply`."""

    tournament: Tournament
    state: TournamentState


@dataclass(frozen=True, slots=True)
class Created:
    """A new tournament, and the current one after it (itself, unless another one is running)."""

    tournament: Tournament
    current: Tournament
    running: list[Tournament]


@dataclass(frozen=True, slots=True)
class Summary:
    """What `tourney list` shows of a tournament's state (kept in its `overview` row)."""

    stage: int
    complete: bool
    players: int  # registered, not dropped

    @property
    def running(self) -> bool:
        """Seated and not complete."""
        return self.stage > 0 and not self.complete

    @classmethod
    def of(cls, state: TournamentState) -> Summary:
        return cls(state.stage, state.complete, sum(1 for p in state.players if not p.dropped))


@dataclass(frozen=True, slots=True)
class Overview:
    """One tournament of the database, for `tourney list`."""

    tournament: Tournament
    summary: Summary
    current: bool


def create_tournament(database: Database, *, name: str, game: str, seed: int) -> Tournament:
    """A new tournament (see `create_and_choose`, which also says which one is current)."""
    return create_and_choose(database, name=name, game=game, seed=seed).tournament


def language_key(tournament: Tournament) -> str:
    """The setting that holds a tournament's language (`tourney new --lang`, `tourney lang`): a
    setting rather than an event, since the language a sheet is printed in is no part of the event;
    one of the tournament's floor settings, so that `tourney backup` carries it like the others."""
    return f"floor:{tournament.uid}:lang"


def event_language(database: Database, tournament: Tournament) -> str | None:
    """The language stored for `tournament`, or None (none chosen, or a database without settings)."""
    if not database.has_settings:
        return None
    with database.read() as session:
        return repo.get_setting(session=session, key=language_key(tournament))


def set_event_language(database: Database, *, tournament: str | None, lang: str) -> Tournament:
    """Store `lang` as the language of `tournament` (None: the current one)."""
    with database.write() as session:
        row = repo.find_tournament(session=session, ref=tournament)
        repo.set_setting(session=session, key=language_key(row), value=lang)
    return row


def create_and_choose(database: Database, *, name: str, game: str, seed: int,
                      format: dict[str, Any] | None = None, day: date | None = None,
                      lang: str | None = None) -> Created:
    """A new tournament, in one transaction with the choice of the current one: the new tournament
    becomes current only when no other tournament of the database is running (seated and not
    complete), so a `tourney new` for next week never moves the desks of tonight's event.

    `format` (a bracket format's configuration) is stored as the tournament's first event, in the
    same transaction: the log says how the event is run, no column needed."""
    # Validate the game (and the format) by folding a log: the engine owns the list of games.
    first = fold(game, [Event(1, "format", format)] if format is not None else [])
    with database.write() as session:
        before = repo.list_tournaments(session=session)
        previous = repo.find_tournament(session=session) if before else None
        summaries = _summaries(database, session, before)
        running = [row for row in before if summaries[row.id].running]
        row = repo.create_tournament(session=session, name=name, game=game, seed=seed, day=day)
        last_id = 0
        if format is not None:
            last_id = repo.insert_event(session=session, tournament_id=row.id, kind="format", data=format).id
        if database.has_checkpoints:
            _write_overview(session, row.id, last_id, Summary.of(first))
        current = previous if running and previous is not None else row
        repo.set_setting(session=session, key=repo.CURRENT_KEY, value=str(current.id))
        if lang is not None:
            repo.set_setting(session=session, key=language_key(row), value=lang)
    return Created(row, current, running)


def use_tournament(database: Database, *, tournament: str) -> Tournament:
    """Make `tournament` (a name in any case, or an id) the current one of the database."""
    with database.write() as session:
        row = repo.find_tournament(session=session, ref=tournament)
        repo.set_setting(session=session, key=repo.CURRENT_KEY, value=str(row.id))
    return row


def overview(database: Database) -> list[Overview]:
    """Every tournament of the database with what `tourney list` shows of it, oldest first, marking
    the current one. Read from the `overview` rows the entries keep; a tournament whose row is
    missing or behind its log (a file written before schema 4) is folded."""
    with database.read() as session:
        rows = repo.list_tournaments(session=session)
        current = repo.find_tournament(session=session, settings=database.has_settings).id if rows else None
        summaries = _summaries(database, session, rows)
    return [Overview(row, summaries[row.id], row.id == current) for row in rows]


def _summaries(database: Database, session: Session, rows: list[Tournament]) -> dict[int, Summary]:
    kept: dict[int, Summary] = {}
    if database.has_checkpoints:
        found = session.run("SELECT o.tournament_id, o.stage, o.complete, o.players, o.last_event_id, "
                            "(SELECT max(e.id) FROM event e WHERE e.tournament_id = o.tournament_id) FROM overview o")
        kept = {int(t): Summary(int(stage), bool(complete), int(players))
                for t, stage, complete, players, last_id, newest in found if last_id == (newest or 0)}
    return {row.id: kept.get(row.id) or Summary.of(_shared_state(database, session, row)) for row in rows}


def mark_demo(database: Database) -> None:
    """Mark the database as made by `tourney demo`, the only kind of file the demo may replace."""
    with database.write() as session:
        repo.set_setting(session=session, key=repo.DEMO_KEY, value="1")


def is_demo(database: Database, *, legacy_name: str) -> bool:
    """Whether `tourney demo` made this database: it carries the demo mark or, made before the mark
    existed (schema 1), it holds only tournaments named `legacy_name`, the demo's own."""
    with database.read() as session:
        if database.has_settings:
            return repo.get_setting(session=session, key=repo.DEMO_KEY) == "1"
        names = {row.name for row in repo.list_tournaments(session=session)}
        return names == {legacy_name}


def snapshot(database: Database, *, tournament: str | None = None) -> Snapshot:
    """The tournament (`None`: the current one) and its current state, read-only."""
    with database.read() as session:
        row = repo.find_tournament(session=session, ref=tournament, settings=database.has_settings)
        return Snapshot(row, _shared_state(database, session, row))


def peek(database: Database, *, tournament: str | None = None, read: Callable[[TournamentState], T]) -> T:
    """`read(state)` of the tournament (`None`: the current one) as of now, without handing the
    state out: it is not frozen or marked shared, so the next command of this process applies to it
    in place, where after a `snapshot` it copies it first (the desk's Tab completion reads names
    this way before every entry). `read` must return values that share nothing mutable with the
    state, and must not change it."""
    with database.read() as session:
        row = repo.find_tournament(session=session, ref=tournament, settings=database.has_settings)
        folded = _current(database, session, row)
        seen = read(folded.peek())
    database.states.put(row.uid, folded)
    return seen


def all_events(database: Database, *, tournament: str | None = None) -> tuple[Tournament, list[Event]]:
    """The whole log of a tournament, oldest first (for `tourney log` and corrections).

    The log is folded too (from the cache, cheaply): a damaged row is then one error naming it
    before anyone prints or previews the events."""
    with database.read() as session:
        row = repo.find_tournament(session=session, ref=tournament, settings=database.has_settings)
        assert row.id is not None
        events = repo.load_events(session=session, tournament_id=row.id)
        _shared_state(database, session, row, log=events)
    return row, events


class Appending:
    """One write transaction of a tournament's log (see `appending`): `state` is current after
    every `append`; `session` is the transaction itself, for rows written beside the events."""

    def __init__(self, session: Session, tournament: Tournament, folded: Folded) -> None:
        self.session = session
        self.tournament = tournament
        self.events: list[Event] = []
        self._folded = folded
        self._state = folded.for_writer()
        self.open = True  # False once the block ended: an append then is refused
        # An append that was refused: the transaction can only roll back, even if the caller
        # caught the error and went on.
        self.refused: BaseException | None = None

    @property
    def state(self) -> TournamentState:
        return self._state

    def append(self, kind: str, data: dict[str, Any]) -> Event:
        """Insert event `kind` and apply it to the state; refused (raising the engine's error) when
        it breaks a rule, and then nothing of this transaction is kept."""
        if not self.open:
            raise StorageError("this transaction has ended: open another to append")
        if self.refused is not None:
            raise StorageError("an append of this transaction was refused: it can only roll back")
        assert self.tournament.id is not None
        try:
            event = repo.insert_event(session=self.session, tournament_id=self.tournament.id, kind=kind, data=data)
            # Raises (IllegalActionError, InvalidInputError, ...) without changing the state; the
            # transaction then rolls back, taking the inserted rows with it.
            self._state.apply(event)
        except BaseException as error:
            self.refused = error
            raise
        self.events.append(event)
        self._folded.last_id = event.id
        return event


@contextmanager
def appending(database: Database, *, tournament: str | None = None) -> Iterator[Appending]:
    """One write transaction of `tournament` (None: the current one), all or none.

    The state is as of this transaction (after every event committed before it), so a seat draw
    or an advance is computed from exactly the state it is applied to, and each append is applied
    before the next is computed: `advance` then the next stage's `seat` drawn from the state the
    advance left. An error inside the block, or a refused append, rolls everything back; the
    cache then holds what it held before (or nothing for the tournament once an append reached
    its state). A second write of the same Database inside the block is refused; other threads
    wait their turn."""
    with database.states.writer(database.shown), database.write() as session:
        row = repo.find_tournament(session=session, ref=tournament, lock=True, settings=database.has_settings)
        # Taken out of the cache for the whole transaction: if anything fails, it is simply gone.
        folded = _current(database, session, row, for_write=True)
        log = Appending(session, row, folded)
        try:
            yield log
        except BaseException:
            if not log.events and log.refused is None:
                database.states.put(row.uid, folded)  # nothing reached the state: it is as committed
            raise
        finally:
            log.open = False
        if log.refused is not None:
            raise log.refused
        folded.since += len(log.events)
        if database.has_checkpoints:
            _keep_checkpoint(session, row, folded)
    # Committed: only now may the cache hold the new state.
    database.states.put(row.uid, folded)


def _keep_checkpoint(session: Session, row: Tournament, folded: Folded) -> None:
    """Write the tournament's overview row, and its checkpoint when enough events were applied on
    top of the stored one (or there is none), in the entry's own transaction."""
    _write_overview(session, row.id, folded.last_id, Summary.of(folded.peek()))
    if folded.since < checkpoint.REWRITE_AFTER:
        return
    state = folded.peek()
    stored = folded.stored
    log = (stored.extended(state.events_after(stored.last_id)) if stored is not None
           else checkpoint.EMPTY_LOG.extended(state.events))
    if checkpoint.save(session, row.id, state, log):
        folded.stored = log
    # Counted from now even when the state could not be stored: trying again at every entry would
    # pay for the attempt each time; the next try is another REWRITE_AFTER events away.
    folded.since = 0


def _write_overview(session: Session, tournament_id: int, last_id: int, summary: Summary) -> None:
    session.run("INSERT INTO overview (tournament_id, last_event_id, stage, complete, players) "
                "VALUES (:t, :last, :stage, :complete, :players) ON CONFLICT (tournament_id) DO UPDATE SET "
                "last_event_id = excluded.last_event_id, stage = excluded.stage, complete = excluded.complete, "
                "players = excluded.players",
                {"t": tournament_id, "last": last_id, "stage": summary.stage, "complete": summary.complete,
                 "players": summary.players})


def _current(database: Database, session: Session, row: Tournament, *,
             for_write: bool = False, log: list[Event] | None = None) -> Folded:
    """The folded state of `row` as of this transaction, with the last event id in it.

    Taken out of the cache (from which the caller puts it back when done), brought up to date with
    the events appended since it was cached; on a cache miss, the stored checkpoint and the events
    after it, or else the whole log folded (`log`, when the caller has read the whole log in this
    transaction already, instead of reading it again). The cycle collector is paused meanwhile: a
    state is tens of thousands of containers at 10,000 players, none of them garbage, and the
    collector's passes over them were a third of a command's time (`collector`).
    """
    with collector.paused():
        return _current_state(database, session, row, for_write=for_write, log=log)


def _current_state(database: Database, session: Session, row: Tournament, *,
                   for_write: bool, log: list[Event] | None) -> Folded:
    assert row.id is not None
    cached = database.states.take(row.uid)
    newer = None
    if cached is not None:
        newer = repo.events_since(session=session, tournament_id=row.id, last_id=cached.last_id)
    if cached is None or newer is None:
        # No cached state, or the log no longer holds what it was folded from.
        if log is None and database.has_checkpoints:
            restored = _from_checkpoint(session, row)
            if restored is not None:
                return restored
        events = log if log is not None else repo.load_events(session=session, tournament_id=row.id)
        return Folded(_fold_stored(row, events), events[-1].id if events else 0, None, len(events))
    if not newer and not for_write:
        return cached  # nothing new: a frozen snapshot is still the current state
    state = cached.for_writer()
    for event in newer:
        _apply_stored(row, state, event)
        cached.last_id = event.id
    cached.since += len(newer)
    return cached


def _from_checkpoint(session: Session, row: Tournament) -> Folded | None:
    """The stored checkpoint brought up to date with the events after it, or None: no checkpoint
    this tourney may use, or its last event is not in the log (the database is not the one it was
    written with), or the events after it do not apply to it (then the full fold says why)."""
    loaded = checkpoint.load(session, row.id, row.game)
    if loaded is None:
        return None
    newer = repo.events_since(session=session, tournament_id=row.id, last_id=loaded.log.last_id)
    if newer is None:
        return None
    try:
        for event in newer:
            loaded.state.apply(event)
    except Exception:
        return None
    return Folded(loaded.state, newer[-1].id if newer else loaded.log.last_id, loaded.log, len(newer))


def _apply_stored(row: Tournament, state: TournamentState, event: Event) -> None:
    try:
        state.apply(event)
    except TourneyError:
        raise
    except Exception as error:  # a hand-edited payload of the wrong shape: see _fold_stored
        raise _damaged(row, event, error) from None


def _shared_state(database: Database, session: Session, row: Tournament, *,
                  log: list[Event] | None = None) -> TournamentState:
    """The state of `row` as of this transaction, handed to a reader: frozen, and cached as shared,
    so the next command copies it before applying anything (`Folded.for_reader`)."""
    folded = _current(database, session, row, log=log)
    state = folded.for_reader()
    database.states.put(row.uid, folded)
    return state


def _fold_stored(row: Tournament, events: list[Event]) -> TournamentState:
    """`fold` of events read from the database. The engine names an event that breaks a rule; an
    event whose payload has the wrong shape (a hand-edited file) fails deeper, with a KeyError or a
    TypeError: it is found by folding ever shorter prefixes (only on this error path) and named."""
    try:
        return fold(row.game, events)
    except TourneyError:
        raise
    except Exception as error:
        low, high = 0, len(events) - 1  # the shortest failing prefix ends at events[high]
        while low < high:
            middle = (low + high) // 2
            try:
                fold(row.game, events[:middle + 1])
                low = middle + 1
            except Exception:
                high = middle
        raise _damaged(row, events[high], error) from None


def _damaged(row: Tournament, event: Event, error: Exception) -> StorageError:
    reason = f"{type(error).__name__}: {error}".splitlines()[0]
    return StorageError(f"event {event.id} ({event.kind}) of tournament {row.name!r} cannot be read "
                        f"({reason}): the row is damaged or was edited outside tourney")
