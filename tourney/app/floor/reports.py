"""Table-side reports (issue 18): a table's phone reports what the director would type.

A report becomes the very event `tourney result`, `finish` or `chips` appends (names resolved by
`app/input/names.py`, checked by the engine), with one key added to its payload: `source`, the link and
the device it came from and the report's idempotency key (the engine reads only the keys it knows,
so old logs and old readers are unaffected). Each operation here is one transaction: the event,
the report's record (`floor_store.py`) and the checks below commit together or not at all.

- A report names the table's progress its page showed (`progress_mark`); when the table moved on
  since (another phone, the desk), it is a second report of that round and is refused, saying what
  was entered.
- A report repeated with its idempotency key (a phone that lost Wi-Fi and posts again) enters
  nothing more: the answer is the first one's.
- In "approve" mode a report waits (`pending`) until the director accepts or rejects it; two
  pending reports of the same round that disagree are a dispute: accepting one rejects the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tourney.app.floor.floor_read import read_floor
from tourney.app.floor.tokens import check_table
from tourney.app.input.names import chip_counts, player_name
from tourney.app.store.floor_store import ENTERED, PENDING, REJECTED, FloorStore, Report
from tourney.app.store.unit_of_work import transaction
from tourney.errors import IllegalActionError, InvalidInputError

if TYPE_CHECKING:
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState

KINDS = ("result", "finish", "chips")
MAX_DEVICE = 40  # characters of a device's label kept in the event
MAX_KEY = 64


@dataclass(frozen=True, slots=True)
class TableReport:
    """What a phone posts: its table and link token, the entry (a loser, an order winner first, or
    chip counts NAME=N), the table's progress its page showed, an idempotency key and a device."""

    table: int
    token: str
    kind: str
    names: Sequence[str]
    at: str
    key: str
    device: str = ""


@dataclass(frozen=True, slots=True)
class Submitted:
    """The answer to a report: `entered` (its event id), `pending` (its report id), or `repeated`
    (the same idempotency key again: `report` is the first one, nothing new was stored)."""

    outcome: str
    report: Report
    state: TournamentState

    @property
    def text(self) -> str:
        what = describe(self.report.kind, self.report.data)
        if self.outcome == "pending":
            return f"report {self.report.id} waits for the director: {what}"
        if self.outcome == "repeated":
            return f"already received (report {self.report.id}, {self.report.status}): {what}"
        return f"entered (event {self.report.event}): {what}"


@dataclass(frozen=True, slots=True)
class Pending:
    """The reports waiting for the director, each with the reports it disputes (same round, other
    entry), and the mode of the tournament."""

    mode: str
    reports: tuple[Report, ...]
    disputes: dict[int, tuple[int, ...]]


def progress_mark(table: TableState) -> str:
    """Changes with every entry at `table` (a round, a game, an elimination, a finish)."""
    return f"{table.rounds}.{len(table.games)}.{len(table.eliminated)}.{int(table.finished)}"


def describe(kind: str, data: Mapping[str, Any]) -> str:
    """An entry as the director reads it: the log's sentence ("result table 3: Ann loses the round")."""
    from tourney.app.read_models.event_text import event_text

    return event_text(kind, data)


def last_entry(state: TournamentState, table: TableState) -> str:
    """What was entered last at `table` (of the current stage), with its event and source."""
    for event in reversed(state.events):
        if event.kind in KINDS and state.table_of_event(event.id) is table:
            source = event.data.get("source")
            where = f", from {source.get('link')}" if isinstance(source, dict) else ""
            return f"{describe(event.kind, event.data)} (event {event.id}{where})"
    return "a drop or a correction"


def _entry(state: TournamentState, report: TableReport) -> dict[str, Any]:
    """The event's payload as `tourney result/finish/chips` builds it, names resolved at the table."""
    if report.kind == "result":
        if len(report.names) != 1:
            raise InvalidInputError("a round has one loser")
        return {"table": report.table, "loser": player_name(state, report.names[0], table=report.table)}
    if report.kind == "finish":
        return {"table": report.table, "order": [player_name(state, p, table=report.table) for p in report.names]}
    if report.kind == "chips":
        return {"table": report.table, "counts": chip_counts(state, list(report.names), state.tables[report.table - 1])}
    raise InvalidInputError(f"a report is one of {', '.join(KINDS)}, not {report.kind!r}")


def _checked_text(text: str, what: str, limit: int) -> str:
    if not text or len(text) > limit or not text.isprintable():
        raise InvalidInputError(f"{what} must be 1-{limit} printable characters")
    return text


def _validate(state: TournamentState, kind: str, data: dict[str, Any]) -> None:
    """The engine's checks of the event, on a copy: refused exactly as the command would be."""
    from tourney.engine.events import Event

    trial = state.copy()
    trial.apply(Event((state.events[-1].id if state.events else 0) + 1, kind, data))


def submit(report: TableReport, *, db: str | None = None, tournament: str | None = None) -> Submitted:
    """A table link's report: entered at once or kept for the director (the tournament's mode)."""
    key = _checked_text(report.key, "a report's key", MAX_KEY)
    device = _checked_text(report.device or "phone", "a device's label", MAX_DEVICE)
    with transaction(db, tournament) as tx:
        store, state = tx.floor, tx.state
        table = check_table(store, state, report.table, report.token)
        link = f"table {report.table}"
        earlier = store.with_key(key, link=link)
        if earlier is not None:
            return Submitted("repeated", earlier, state)
        if report.at != progress_mark(table):
            raise IllegalActionError(
                f"table {table.number}: that round was entered already: {last_entry(state, table)}")
        data = _entry(state, report)
        source = {"link": link, "device": device, "report": key}
        entry = Report(store.next_id(), state.stage, table.number, report.at, report.kind, data, source, key)
        if store.mode() == "apply":
            event = tx.append(report.kind, {**data, "source": source})
            entry, outcome = entry.settled(ENTERED, event=event.id), "entered"
        else:
            _validate(state, report.kind, data)
            same = next((r for r in store.pending(stage=entry.stage, table=entry.table) if r.same_round(entry)
                         and (r.kind, r.data) == (entry.kind, entry.data)), None)
            if same is not None:
                raise IllegalActionError(f"table {table.number}: report {same.id} says the same and waits for "
                                         f"the director: {describe(same.kind, same.data)}")
            outcome = "pending"
        store.put(entry)
    return Submitted(outcome, entry, tx.state)


def pending(*, db: str | None = None, tournament: str | None = None) -> Pending:
    """The reports waiting for the director (oldest first) and the disputes among them."""
    floor = read_floor(db, tournament)
    waiting = tuple(r for r in floor.reports if r.status == PENDING and r.stage == floor.state.stage)
    disputes = {r.id: tuple(o.id for o in waiting if o.id != r.id and o.same_round(r)) for r in waiting}
    return Pending(floor.mode, waiting, {k: v for k, v in disputes.items() if v})


@dataclass(frozen=True, slots=True)
class Settled:
    """A report accepted (its event id in `report.event`) or rejected, and the disputing reports
    that accepting it rejected."""

    report: Report
    rejected: tuple[Report, ...]
    state: TournamentState


def accept(number: int, *, db: str | None = None, tournament: str | None = None) -> Settled:
    """Enter pending report `number` as its event (source kept); a disputing report of the same
    round is rejected with it. Refused when the table moved on since the report was made."""
    with transaction(db, tournament) as tx:
        store, state = tx.floor, tx.state
        report = _waiting(store, number, state)
        table = state.table(report.table)
        if report.at != progress_mark(table):
            raise IllegalActionError(f"report {number} is out of date: table {report.table} has moved on "
                                     f"({last_entry(state, table)}); reject it")
        event = tx.append(report.kind, {**report.data, "source": report.source})
        entered = report.settled(ENTERED, event=event.id, note="accepted by the director")
        store.put(entered)
        others = tuple(r.settled(REJECTED, note=f"dispute settled by report {number}")
                       for r in store.pending(stage=report.stage, table=report.table) if r.same_round(report))
        for other in others:
            store.put(other)
    return Settled(entered, others, tx.state)


def reject(number: int, *, db: str | None = None, tournament: str | None = None) -> Settled:
    """Drop pending report `number`: nothing is entered."""
    with transaction(db, tournament) as tx:
        rejected = _waiting(tx.floor, number, tx.state).settled(REJECTED, note="rejected by the director")
        tx.floor.put(rejected)
    return Settled(rejected, (), tx.state)


def _waiting(store: FloorStore, number: int, state: TournamentState) -> Report:
    report = store.report(number)
    if report.status != PENDING:
        raise IllegalActionError(f"report {number} was {report.status} already"
                                 + (f" ({report.note})" if report.note else ""))
    if report.stage != state.stage or state.closed:
        raise IllegalActionError(f"report {number} is for {state.kind.unit} {report.stage}, which is over; reject it")
    return report


def set_mode(mode: str, *, db: str | None = None, tournament: str | None = None) -> str:
    """How the tournament takes table reports from now on: "apply" (at once) or "approve"."""
    with transaction(db, tournament) as tx:
        tx.floor.set_mode(mode)
    return mode
