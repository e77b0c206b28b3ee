"""A bot tournament, run: the operation behind `tourney run` (and the demo).

Every unfinished table of the current stage whose players are all bots is played as one seeded
match of the tournament's game (`engine.autoplay`; the arena's referee for `cmd:`/`module:` bots),
and its entries (each round's loser, or the final chips) are stored exactly as a director's
`tourney result` / `chips` would store them, the same events in the same order, so standings,
printouts, the wall display, `undo` and `log` see an ordinary live event. A table's entries are
stored whole (all or none), with the other tables played in the same quarter of a second: the match
is reproducible from its seed, so a durable commit per entry (or table) would buy nothing but disk
flushes; a director's entries keep one transaction each. When the
stage is over, it advances and seats the next stage as `tourney advance` does
(`seating.advance_and_seat`), and goes on to the final. Tables with a person at them are left to
the director. Everything follows from the tournament's seed (or `seed`): the seat draws from the
stage seeds, each match from `table_seed(seed, stage, table)`.

`stage_plays` is the one loop over a stage's tables; `play_stage` runs it on a state alone (no
database), for tests and benchmarks that build an event in memory. With `workers` (`tourney run
--workers N`), the tables are played ahead on the arena's backends (`bot_workers`) and still come
back, and are entered, in table order: the same log as one process.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.app.bots.bot_workers import Workers
from tourney.app.bots.table_play import TablePlay, play_one_table
from tourney.app.operations.seating import advance_and_seat, seat_next
from tourney.app.store.database import open_db
from tourney.app.store.unit_of_work import transaction
from tourney.errors import IllegalActionError, InvalidInputError, TourneyError

if TYPE_CHECKING:
    from tourney.arena.backends import Backend
    from tourney.arena.bot_process import Limits
    from tourney.arena.table_match import TableReferee
    from tourney.engine.autoplay import Bots, Entry, MatchPlayer
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState
    from tourney.storage.db import Database
    from tourney.storage.repo import Tournament

# The bot tables played in about this long share a transaction (one table at least): one disk flush
# for them all instead of one per table, which was most of a run's time (a flush cost 2-5 ms here).
GROUP_SECONDS = 0.25

# Told before a stage's bot tables are played (stage, tables to play, the format's word for a stage:
# "stage", or "round" in a format of rounds) and after each one (stage, done).
StageObserver = Callable[[int, int, str], None]
TableObserver = Callable[[int, int], None]


@dataclass
class Observer:
    """Hooks for a progress display (the CLI's rich bar); both optional."""

    stage_started: StageObserver | None = None
    table_done: TableObserver | None = None


@dataclass(frozen=True, slots=True)
class LeftTable:
    """A table of the stage where the run stopped that bots did not play, and why."""

    stage: int
    table: int
    reason: str


@dataclass
class BotRun:
    """What a run did."""

    state: TournamentState
    tournament: Tournament
    seated: list[int] = field(default_factory=list)  # stages this run seated
    entries: dict[int, int] = field(default_factory=dict)  # stage -> entries stored
    tables: dict[int, int] = field(default_factory=dict)  # stage -> tables played
    left: list[LeftTable] = field(default_factory=list)
    faults: dict[str, dict[str, int]] = field(default_factory=dict)  # player -> fault kind -> count
    reasons: dict[str, list[str]] = field(default_factory=dict)  # player -> why its first faults happened
    cmd_bots: bool = False  # whether a player is a `cmd:` bot (the sandbox's notice concerns the run)


def database_files(db: str | None) -> list[Path]:
    """The files of the database `db` (a SQLite file and its journals; none for a server), which
    no sandboxed bot may see even where they lie in its program's folder."""
    from tourney.app.store.database import resolve_url, sqlite_file
    from tourney.errors import StorageError

    try:
        path = sqlite_file(resolve_url(db))
    except StorageError:
        return []
    return [Path(path + suffix) for suffix in ("", "-wal", "-shm", "-journal")]


def _humans(table: TableState, bots: Bots) -> list[str]:
    """The players of `table` no bot plays (none when every seat takes the same list of specs)."""
    from tourney.engine.autoplay import humans_at

    return humans_at(table, bots) if isinstance(bots, Mapping) else []


def playable_tables(state: TournamentState, bots: Bots) -> int:
    """How many unfinished tables of the current stage bots play alone."""
    return sum(1 for table in state.tables if not table.finished and not _humans(table, bots))


def stage_plays(state: TournamentState, *, event_seed: int, bots: Bots, play: MatchPlayer,
                workers: Workers | None = None) -> Iterator[TablePlay]:
    """Every unfinished table of the current stage, in table order: the tables with a person at them
    first (left to the director), then each table bots play, played when the iteration reaches it
    (with `workers`: played ahead on them, in batches, and handed back in the same order)."""
    if state.stage == 0 or state.closed:
        raise IllegalActionError.in_words("no stage is being played: seat the next stage first")
    open_tables = [table for table in state.tables if not table.finished]
    for table in open_tables:
        humans = _humans(table, bots)
        if humans:
            yield TablePlay(table.number, left=f"{', '.join(humans)} {'is' if len(humans) == 1 else 'are'} not a bot")
    bot_tables = [table for table in open_tables if not _humans(table, bots)]
    if workers is not None:
        yield from workers.play_tables(state.descriptor.name, state.stage, bot_tables, event_seed=event_seed,
                                       bots=bots)
        return
    for table in bot_tables:
        yield play_one_table(state.descriptor, table, state.stage, event_seed=event_seed, bots=bots, play=play)


def play_stage(state: TournamentState, *, event_seed: int, bots: Bots = ("random",),
               play: MatchPlayer | None = None) -> Iterator[Entry]:
    """The entries for every table of the current stage that has not finished, table by table,
    for an event built in memory (no database); a table bots cannot play raises `IllegalActionError`."""
    from tourney.engine.autoplay import builtin_match

    for table_play in stage_plays(state, event_seed=event_seed, bots=bots, play=play or builtin_match):
        if table_play.left is not None:
            raise IllegalActionError(f"table {table_play.table} {table_play.left}")
        yield from table_play.entries


def run_bots(*, db: str | None = None, tournament: str | None = None, seed: int | None = None,
             until_stage: int | None = None, advance: bool = True, play: MatchPlayer | None = None,
             observer: Observer | None = None, limits: Limits | None = None, workers: int = 1,
             backend: str = "local") -> BotRun:
    """`run_bot_tournament` on the database at `db` (opened for the run, closed after it). Unless
    `play` says how to play a match, the arena's referee plays it with `limits` (so `cmd:` and
    `module:` bots are refereed, their processes closed after the run) and `BotRun.faults` reports
    their faults. With `workers` above 1 or the `ray` backend, a stage's tables are played on the
    arena's process pool or Ray (`bot_workers`; a given `play` must then be picklable) and entered
    in table order, so the log is that of a serial run."""
    chosen = None
    if workers != 1 or backend != "local":
        from tourney.arena.backends import make_backend

        chosen = make_backend(backend, workers)
    referee = None
    if play is None:
        import tourney.arena  # noqa: F401  (registers the cmd: and module: bot kinds)
        from tourney.arena.table_match import TableReferee

        referee = TableReferee(limits)
    try:
        with open_db(db) as database:
            run = run_bot_tournament(database, tournament=tournament, seed=seed, until_stage=until_stage,
                                     advance=advance, play=play or referee, observer=observer,
                                     workers=_workers(chosen, play, referee))
    finally:
        if chosen is not None:
            chosen.close()
        if referee is not None:
            referee.close()
    if referee is not None:
        run.faults = referee.fault_report()
        run.reasons = referee.fault_reasons()
    return run


def _workers(backend: Backend | None, play: MatchPlayer | None, referee: TableReferee | None) -> Workers | None:
    """Where the tables are played: here (None), or on `backend`."""
    if backend is None:
        return None
    return Workers(backend, play, referee)


def run_bot_tournament(database: Database, *, tournament: str | None = None, seed: int | None = None,
                       until_stage: int | None = None, advance: bool = True, play: MatchPlayer | None = None,
                       observer: Observer | None = None, workers: Workers | None = None) -> BotRun:
    """Play the bot tables of the current stage, then (with `advance`) advance and repeat until the
    final is over, a table needs the director, or stage `until_stage` is over (with `workers`, each
    stage's tables are played on them and entered in table order)."""
    from tourney.engine.autoplay import bot_specs, builtin_match
    from tourney.storage.events import snapshot

    snap = snapshot(database, tournament=tournament)
    row, state = snap.tournament, snap.state
    ref = str(row.id)  # the same tournament for every transaction, whatever `tourney use` says meanwhile
    event_seed = row.seed if seed is None else seed
    if until_stage is not None and state.stage > until_stage:
        if state.kind.unit == "round":  # the format's word for its stage
            raise InvalidInputError.in_words("--until-stage %(until)s: the tournament is at round %(stage)s already",
                                             until=until_stage, stage=state.stage)
        if state.kind.unit != "stage":  # a format's own word: English, as it brings no catalog
            raise InvalidInputError(f"--until-stage {until_stage}: the tournament is at {state.kind.unit} "
                                    f"{state.stage} already")
        raise InvalidInputError.in_words("--until-stage %(until)s: the tournament is at stage %(stage)s already",
                                         until=until_stage, stage=state.stage)
    run = BotRun(state, row)
    if state.complete:
        return run
    run.cmd_bots = any(str(spec).startswith("cmd:") for spec in bot_specs(state).values())
    if (state.stage == 0 or state.closed) and not bot_specs(state):  # nothing seated yet, or a closed stage
        raise InvalidInputError.in_words("no player is a bot: register bots with `tourney player add NAME --bot SPEC`")
    watch = observer or Observer()
    with _long_lived_heap() as stored:
        if state.stage == 0 or state.closed:  # ... whose successor is not seated
            with transaction(database, ref) as tx:
                seat_next(tx)
            state = tx.state
            run.seated.append(state.stage)
        while True:
            stored()
            state = _play_stage(database, ref, state, run, event_seed, play or builtin_match, watch, workers, stored)
            run.state = state
            if run.left or state.complete or not advance:
                return run
            if until_stage is not None and state.stage >= until_stage:
                return run
            with transaction(database, ref) as tx:
                advance_and_seat(tx)
            state = tx.state
            run.seated.append(state.stage)


@contextmanager
def _long_lived_heap() -> Iterator[Callable[[], None]]:
    """A hook to call when a table or a seat draw is stored: it takes every object alive then (the
    state, the events so far) out of the garbage collector's passes until the run ends (`gc.freeze`,
    a list splice). They live as long as the run, and the collector's full passes over them took
    15-19 % of a run's CPU at 10,000-100,000 bots; a run leaves next to no cyclic garbage that this
    would keep (5 objects in a run of 2,000). Forked workers then also leave those pages shared."""
    import gc

    try:
        yield gc.freeze
    finally:
        gc.unfreeze()


def _play_stage(database: Database, ref: str, state: TournamentState, run: BotRun, event_seed: int,
                play: MatchPlayer, observer: Observer, workers: Workers | None,
                stored: Callable[[], None]) -> TournamentState:
    from tourney.engine.autoplay import bot_specs

    specs = bot_specs(state)
    stage = state.stage
    if observer.stage_started is not None:
        observer.stage_started(stage, playable_tables(state, specs), state.kind.unit)
    group: list[TablePlay] = []
    began = time.monotonic()
    try:
        for table_play in stage_plays(state, event_seed=event_seed, bots=specs, play=play, workers=workers):
            if table_play.left is not None:
                run.left.append(LeftTable(stage, table_play.table, table_play.left))
                continue
            group.append(table_play)
            if time.monotonic() - began >= GROUP_SECONDS:
                full, group = group, []  # taken first: a refused group is not stored again below
                state = _store(database, ref, full, run, stage, observer)
                stored()
                began = time.monotonic()
    finally:
        # Also when a table's play fails or Ctrl-C stops it: the tables played before it are stored.
        if group:
            state = _store(database, ref, group, run, stage, observer)
            stored()
    run.left.sort(key=lambda left: left.table)
    return state


def _store(database: Database, ref: str, group: list[TablePlay], run: BotRun, stage: int,
           observer: Observer) -> TournamentState:
    """Enter the tables of `group` in one transaction. If it is refused, again one table per
    transaction, so that the tables before the refused one are stored and nothing of it is."""
    try:
        state = _enter_tables(database, ref, group)
    except TourneyError:
        if len(group) == 1:
            raise
        for table_play in group:
            state = _enter_tables(database, ref, [table_play])
    for table_play in group:
        run.entries[stage] = run.entries.get(stage, 0) + len(table_play.entries)
        run.tables[stage] = run.tables.get(stage, 0) + 1
        if observer.table_done is not None:
            observer.table_done(stage, run.tables[stage])
    return state


def _enter_tables(database: Database, ref: str, group: list[TablePlay]) -> TournamentState:
    """Tables' entries as one transaction: each is applied before the next, any refusal rolls back all."""
    with transaction(database, ref) as tx:
        for table_play in group:
            for kind, data in table_play.entries:
                tx.append(kind, data)
    return tx.state
