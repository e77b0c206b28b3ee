"""A table's pending reports as a queue: a table may report its next rounds while earlier ones wait
for the director, and they are entered in order.

A report names the table's progress it was made at (`at`, a `progress_mark`). The table's page
shows the progress as it will be once every report ahead in its queue is entered (`next_mark`),
so the report of round 2 made while round 1 waits names the progress after round 1, never the
same one: it is the next round, not a dispute. Two pending reports naming the same progress are
the same round: the same entry is a repeat, another entry a dispute.

`table_queue` replays the queue on a copy of the state: each pending report whose `at` is reached
(the table's progress as entered, or the progress after an earlier report of the queue) is `live`;
one no chain reaches is `stale` (the report before it was rejected, withdrawn, or entered
otherwise). Pure: a state and reports in, a value out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.errors import TourneyError

if TYPE_CHECKING:
    from tourney.app.store.floor_store import Report
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState


def progress_mark(table: TableState) -> str:
    """Changes with every entry at `table` (a round, a game, an elimination, a finish)."""
    return f"{table.rounds}.{len(table.games)}.{len(table.eliminated)}.{int(table.finished)}"


@dataclass(frozen=True, slots=True)
class Queued:
    """A live report of the queue: `place` 1 is the next to accept; its disputes (same round, another
    entry) share its place."""

    report: Report
    place: int
    disputes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TableQueue:
    """One table's pending reports in the order they are to be accepted, and those no longer reachable."""

    table: int
    mark: str  # the table's progress as entered
    live: tuple[Queued, ...]
    stale: tuple[Report, ...]
    next_mark: str  # the progress a report of the next round names
    states: dict[str, TournamentState]  # the state at each progress the queue reaches

    def head(self) -> Report | None:
        """The report to accept first (the oldest naming the table's progress as entered)."""
        return next((q.report for q in self.live if q.report.at == self.mark), None)

    def place_of(self, number: int) -> Queued | None:
        return next((q for q in self.live if q.report.id == number), None)

    def same_round(self, at: str) -> tuple[Report, ...]:
        """The live reports of the round that progress `at` names."""
        return tuple(q.report for q in self.live if q.report.at == at)

    def state_at(self, at: str) -> TournamentState | None:
        return self.states.get(at)

    @property
    def next_table(self) -> TableState:
        """The table as it will be once the queue is entered (who starts, who is in)."""
        return self.states[self.next_mark].tables[self.table - 1]


def entered_copy(state: TournamentState, report: Report) -> TournamentState:
    """A copy of `state` with `report`'s event applied (the engine's checks: refused as the command)."""
    from tourney.engine.events import Event

    trial = state.copy()
    trial.apply(Event((state.events[-1].id if state.events else 0) + 1, report.kind, report.data))
    return trial


def table_queue(state: TournamentState, table: int, pending: Iterable[Report]) -> TableQueue:
    """The queue of `table`'s `pending` reports (of the current stage), replayed from `state`."""
    mark = progress_mark(state.tables[table - 1])
    states: dict[str, TournamentState] = {mark: state}
    places: dict[str, int] = {mark: 1}
    first_of: dict[str, Report] = {}
    live: list[tuple[Report, int]] = []
    stale: list[Report] = []
    end = mark
    for report in sorted(pending, key=lambda r: r.id):
        if report.table != table or report.at not in states:
            stale.append(report)
            continue
        live.append((report, places[report.at]))
        if report.at in first_of:
            continue  # a dispute of a round already replayed: the phones went on from the first
        first_of[report.at] = report
        try:
            after = entered_copy(states[report.at], report)
        except TourneyError:
            continue  # no longer enters (checked again, and refused with why, on accepting it)
        reached = progress_mark(after.tables[table - 1])
        if reached not in states:
            states[reached], places[reached] = after, places[report.at] + 1
            if report.at == end:
                end = reached
    queued = tuple(Queued(report, place, tuple(o.id for o, _ in live if o.at == report.at and o.id != report.id))
                   for report, place in live)
    return TableQueue(table, mark, queued, tuple(stale), end, states)
