"""A bot tournament, run: the library function behind `tourney run` (and the demo).

Every unfinished table of the current stage whose players are all bots is played as one seeded
match of the tournament's game (`engine.autoplay`; the arena's referee for `cmd:`/`module:` bots),
and each of its entries (a round's loser, or the final chips) is stored exactly as a director's
`tourney result` / `chips` would store it: one transaction each, so standings, printouts, the wall
display, `undo` and `log` see an ordinary live event. When the stage is over, it advances and seats
the next stage as `tourney advance` does, and goes on to the final. Tables with a person at them
are left to the director. Everything follows from the tournament's seed (or `seed`): the seat
draws from the stage seeds, each match from `table_seed(seed, stage, table)`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tourney.cli._db_options import stage_seed
from tourney.engine.autoplay import Entry, MatchPlayer, bot_specs, builtin_match, humans_at, play_table, table_seed
from tourney.engine.tournament import TournamentState, draw_seats
from tourney.errors import IllegalActionError, InvalidInputError
from tourney.storage.db import Database
from tourney.storage.events import record, snapshot
from tourney.storage.repo import Tournament

NewEvents = Iterator[tuple[str, dict[str, Any]]]
# Told before a stage's bot tables are played (stage, tables to play) and after each one (stage, done).
StageObserver = Callable[[int, int], None]
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


def run_bot_tournament(database: Database, *, tournament: str | None = None, seed: int | None = None,
                       until_stage: int | None = None, advance: bool = True, play: MatchPlayer = builtin_match,
                       observer: Observer | None = None) -> BotRun:
    """Play the bot tables of the current stage, then (with `advance`) advance and repeat until the
    final is over, a table needs the director, or stage `until_stage` is over."""
    snap = snapshot(database, tournament=tournament)
    row, state = snap.tournament, snap.state
    ref = str(row.id)  # the same tournament for every transaction, whatever `tourney use` says meanwhile
    event_seed = row.seed if seed is None else seed
    if until_stage is not None and state.stage > until_stage:
        raise InvalidInputError(f"--until-stage {until_stage}: the tournament is at stage {state.stage} already")
    run = BotRun(state, row)
    if state.complete:
        return run
    if state.stage == 0 or state.closed:  # nothing seated yet, or a closed stage whose successor is not
        if not bot_specs(state):
            raise InvalidInputError("no player is a bot: register bots with `tourney player add NAME --bot SPEC`")
        state = record(database, tournament=ref, make=_seat_next).state
        run.seated.append(state.stage)
    while True:
        state = _play_stage(database, ref, state, run, event_seed, play, observer or Observer())
        run.state = state
        if run.left or state.complete or not advance:
            return run
        if until_stage is not None and state.stage >= until_stage:
            return run
        state = record(database, tournament=ref, make=_advance).state
        run.seated.append(state.stage)


def _play_stage(database: Database, ref: str, state: TournamentState, run: BotRun, event_seed: int,
                play: MatchPlayer, observer: Observer) -> TournamentState:
    specs = bot_specs(state)
    stage = state.stage
    numbers: list[int] = []
    for table in state.tables:
        if table.finished:
            continue
        humans = humans_at(table, specs)
        if humans:
            run.left.append(LeftTable(stage, table.number, f"{', '.join(humans)} {'is' if len(humans) == 1 else 'are'} "
                                                           "not a bot"))
        else:
            numbers.append(table.number)
    if observer.stage_started is not None:
        observer.stage_started(stage, len(numbers))
    for done, number in enumerate(numbers, start=1):
        table = state.table(number)
        try:
            entries = play_table(state.rules, table, seed=table_seed(event_seed, stage, number), bots=specs, play=play)
        except IllegalActionError as error:
            run.left.append(LeftTable(stage, number, str(error).removeprefix(f"table {number} ")))
            continue
        for entry in entries:
            state = record(database, tournament=ref, make=_entry(entry)).state
        run.entries[stage] = run.entries.get(stage, 0) + len(entries)
        run.tables[stage] = run.tables.get(stage, 0) + 1
        if observer.table_done is not None:
            observer.table_done(stage, done)
    run.left.sort(key=lambda left: left.table)
    return state


def _entry(entry: Entry) -> Callable[[TournamentState, Tournament], NewEvents]:
    def make(_state: TournamentState, _row: Tournament) -> NewEvents:
        yield entry

    return make


def _seat_next(state: TournamentState, row: Tournament) -> NewEvents:
    yield "seat", draw_seats(state, stage_seed(row.seed, state.stage + 1))


def _advance(state: TournamentState, row: Tournament) -> NewEvents:
    """As `tourney advance`: close the stage, then seat the next one from the state it left."""
    blockers = state.can_advance()
    if blockers:
        raise InvalidInputError(f"cannot advance stage {state.stage}: {'; '.join(blockers)}")
    yield "advance", {"stage": state.stage}
    yield from _seat_next(state, row)
