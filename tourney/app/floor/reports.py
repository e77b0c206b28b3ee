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
- In "approve" mode a report waits (`pending`) until the director accepts or rejects it. A table's
  pending reports are a queue (`report_queue.py`): its phone may report the next round while the
  last one waits, and the director accepts them in order. Two pending reports of the same round
  that disagree are a dispute (accepting one rejects the others); the same entry twice is a repeat.
  A report no longer reachable (the one before it was rejected, withdrawn or entered otherwise)
  is rejected saying why, for its phone to show.
- A table holds at most `MAX_PENDING` waiting reports (one link per table: a revoked link's
  pending reports are rejected with it), so a phone cannot fill the director's page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tourney.app.floor.floor_read import read_floor
from tourney.app.floor.report_queue import TableQueue, entered_copy, progress_mark, table_queue
from tourney.app.floor.tokens import check_table
from tourney.app.input.names import chip_counts, player_name
from tourney.app.store.floor_store import ENTERED, PENDING, REJECTED, FloorStore, Report
from tourney.app.store.unit_of_work import transaction
from tourney.errors import IllegalActionError, InvalidInputError, StorageError, TourneyError, Worded, worded
from tourney.i18n import ENGLISH, N_, Translator

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState

KINDS = ("result", "finish", "chips")
REPORT_KINDS = (*KINDS, "forfeit")  # a duel's forfeit is a `finish` with its `forfeit` key
MAX_DEVICE = 40  # characters of a device's label kept in the event
MAX_KEY = 64
MAX_PENDING = 8  # reports of one table waiting for the director at once
WITHDRAWN = "withdrawn from the table's page"


@dataclass(frozen=True, slots=True)
class TableReport:
    """What a phone posts: its table and link token, the entry (a loser, an order winner first,
    chip counts NAME=N, or who forfeits a duel), the table's progress its page showed, an
    idempotency key and a device."""

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
    (the same idempotency key again, or the same entry of the same round from another phone:
    `report` is the first one, nothing new was stored)."""

    outcome: str
    report: Report
    state: TournamentState

    @property
    def text(self) -> str:
        return self.text_in(ENGLISH)

    def text_in(self, tr: Translator) -> str:
        """The answer as the phone shows it, in `tr`'s language (the entry as the log says it)."""
        from tourney.app.floor.floor_words import status_word

        what = describe(self.report.kind, self.report.data, tr)
        if self.outcome == "pending":
            return tr.gettext("report %(report)s sent: it waits for the director (below)", report=self.report.id)
        if self.outcome == "repeated":
            return tr.gettext("already received (report %(report)s, %(status)s): %(what)s", report=self.report.id,
                              status=status_word(self.report.status, tr), what=what)
        return tr.gettext("entered (event %(event)s): %(what)s", event=self.report.event, what=what)


@dataclass(frozen=True, slots=True)
class Pending:
    """The reports waiting for the director, each with the reports it disputes (same round, other
    entry) and the report of its table to accept before it (`after`), and the mode of the tournament."""

    mode: str
    reports: tuple[Report, ...]
    disputes: dict[int, tuple[int, ...]]
    after: dict[int, int] = field(default_factory=dict)
    settled: tuple[Report, ...] = ()  # the stage's latest settled ones: phones are numbered as the pages number them


def describe(kind: str, data: Mapping[str, Any], tr: Translator = ENGLISH) -> str:
    """An entry as the director reads it: the log's sentence ("result table 3: Ann loses the round"),
    in `tr`'s language."""
    from tourney.app.read_models.event_text import event_text

    return event_text(kind, data, tr)


def last_entry(state: TournamentState, table: TableState) -> str:
    """What was entered last at `table` (of the current stage), with its event and source."""
    for event in reversed(state.events):
        if event.kind in KINDS and state.table_of_event(event.id) is table:
            source = event.data.get("source")
            where = f", from {source.get('link')}" if isinstance(source, dict) else ""
            return f"{describe(event.kind, event.data)} (event {event.id}{where})"
    return "a drop or a correction"


def _entry(state: TournamentState, report: TableReport) -> tuple[str, dict[str, Any]]:
    """The event as `tourney result/finish/chips/forfeit` builds it, names resolved at the table."""
    table = report.table
    if report.kind == "result":
        if len(report.names) != 1:
            raise InvalidInputError.in_words("a round has one loser")
        return "result", {"table": table, "loser": player_name(state, report.names[0], table=table)}
    if report.kind == "finish":
        return "finish", {"table": table, "order": [player_name(state, p, table=table) for p in report.names]}
    if report.kind == "chips":
        return "chips", {"table": table, "counts": chip_counts(state, list(report.names), state.tables[table - 1])}
    if report.kind == "forfeit":
        if len(report.names) != 1:
            raise InvalidInputError.in_words("a forfeit names the one player who forfeits")
        forfeited = player_name(state, report.names[0], table=table)
        winners = [p for p in state.tables[table - 1].still_in if p != forfeited]
        return "finish", {"table": table, "order": [*winners, forfeited], "forfeit": [forfeited]}
    raise InvalidInputError.in_words("a report is one of %(kinds)s, not %(kind)s", kinds=", ".join(KINDS),
                                     kind=repr(report.kind))


def _checked_text(text: str, what: Worded, limit: int) -> str:
    if not text or len(text) > limit or not text.isprintable():
        raise InvalidInputError.in_words("%(what)s must be 1-%(limit)s printable characters", what=what, limit=limit)
    return text


def phone_message(error: TourneyError, tr: Translator = ENGLISH) -> str:
    """A refusal as a phone shows it: a storage error names the server's database (a file path);
    the phone is told only what to do (in `tr`'s language)."""
    from tourney.app.read_models.refusals import error_text

    if isinstance(error, StorageError):
        busy = "locked" in str(error).lower()
        return (tr.gettext("the server is busy storing another entry; send it again in a moment") if busy
                else tr.gettext("the server could not store this report; send it again, or tell the director"))
    return error_text(error, tr)


def _queue(store: FloorStore, state: TournamentState, table: int) -> TableQueue:
    return table_queue(state, table, store.pending(stage=state.stage, table=table))


def submit(report: TableReport, *, db: str | None = None, tournament: str | None = None) -> Submitted:
    """A table link's report: entered at once or kept for the director (the tournament's mode)."""
    key = _checked_text(report.key, worded("a report's key"), MAX_KEY)
    device = _checked_text(report.device or "phone", worded("a device's label"), MAX_DEVICE)
    with transaction(db, tournament) as tx:
        store, state = tx.floor, tx.state
        table = check_table(store, state, report.table, report.token)
        link = f"table {report.table}"
        earlier = store.with_key(key, link=link)
        if earlier is not None:
            return Submitted("repeated", earlier, state)
        queue = _queue(store, state, table.number)
        if report.at == progress_mark(table) and store.mode() == "apply" and not queue.live:
            kind, data = _entry(state, report)
            source = {"link": link, "device": device, "report": key}
            event = tx.append(kind, {**data, "source": source})
            entry = Report(store.next_id(), state.stage, table.number, report.at, kind, data, source, key)
            store.put(entry.settled(ENTERED, event=event.id))
            return Submitted("entered", entry.settled(ENTERED, event=event.id), tx.state)
        at_round = queue.state_at(report.at)
        if at_round is None:
            raise IllegalActionError(
                f"table {table.number}: that round was entered already: {last_entry(state, table)}")
        kind, data = _entry(at_round, report)
        same = next((r for r in queue.same_round(report.at) if (r.kind, r.data) == (kind, data)), None)
        if same is not None:
            return Submitted("repeated", same, state)  # another phone of the table said the same
        waiting = len(queue.live) + len(queue.stale)
        if waiting >= MAX_PENDING:
            raise IllegalActionError.in_words(
                "table %(table)s has %(waiting)s reports waiting for the director (at most %(most)s): wait until "
                "they are settled", table=table.number, waiting=waiting, most=MAX_PENDING)
        source = {"link": link, "device": device, "report": key}
        entry = Report(store.next_id(), state.stage, table.number, report.at, kind, data, source, key)
        entered_copy(at_round, entry)  # the engine's checks: refused exactly as the command would be
        store.put(entry)
    return Submitted("pending", entry, tx.state)


def preview(report: TableReport, floor: FloorRead) -> None:
    """Check `report` as `submit` would, against the floor as read, storing nothing: the finish a
    phone is asked to confirm is one the engine takes (every player still in, each once)."""
    state = floor.state
    table = check_table(floor.store_view(), state, report.table, report.token)
    queue = floor.queue(table.number)
    at_round = queue.state_at(report.at)
    if at_round is None:
        raise IllegalActionError(f"table {table.number}: that round was entered already: {last_entry(state, table)}")
    kind, data = _entry(at_round, report)
    entered_copy(at_round, Report(0, state.stage, table.number, report.at, kind, data, {}, report.key))


def pending(*, db: str | None = None, tournament: str | None = None) -> Pending:
    """The reports waiting for the director (oldest first), the disputes among them, and for a
    report of a later round, the report of its table to accept before it."""
    floor = read_floor(db, tournament)
    waiting = tuple(r for r in floor.reports if r.status == PENDING and r.stage == floor.state.stage)
    disputes: dict[int, tuple[int, ...]] = {}
    after: dict[int, int] = {}
    for number in sorted({r.table for r in waiting}):
        queue = table_queue(floor.state, number, (r for r in waiting if r.table == number))
        head = queue.head()
        for queued in queue.live:
            if queued.disputes:
                disputes[queued.report.id] = queued.disputes
            if head is not None and queued.place > 1:
                after[queued.report.id] = head.id
    return Pending(floor.mode, waiting, disputes, after, floor.settled)


@dataclass(frozen=True, slots=True)
class Settled:
    """A report accepted (its event id in `report.event`) or rejected, and the other reports of its
    table that settling it rejected (a dispute of its round, a later one it left unreachable)."""

    report: Report
    rejected: tuple[Report, ...]
    state: TournamentState


def accept(number: int, *, db: str | None = None, tournament: str | None = None) -> Settled:
    """Enter pending report `number` as its event (source kept); a disputing report of the same
    round is rejected with it. Refused when a report of an earlier round of its table waits (accept
    that first), and when the table moved on since the report was made."""
    with transaction(db, tournament) as tx:
        store, state = tx.floor, tx.state
        report = _waiting(store, number, state)
        table = state.table(report.table)
        if report.at != progress_mark(table):
            queue = _queue(store, state, report.table)
            head = queue.head()
            first_place = queue.place_of(head.id) if head is not None else None
            if queue.place_of(number) is not None and first_place is not None:
                first = " or ".join(str(n) for n in (first_place.report.id, *first_place.disputes))
                raise IllegalActionError.in_words(
                    "report %(report)s is of a later round of table %(table)s: accept report %(first)s first",
                    report=number, table=report.table, first=first)
            raise IllegalActionError(f"report {number} is out of date: table {report.table} has moved on "
                                     f"({last_entry(state, table)}); reject it")
        event = tx.append(report.kind, {**report.data, "source": report.source})
        entered = report.settled(ENTERED, event=event.id, note="accepted by the director")
        store.put(entered)
        disputes = tuple(r.settled(REJECTED, note=f"dispute settled by report {number}")
                         for r in store.pending(stage=report.stage, table=report.table) if r.same_round(report))
        for other in disputes:
            store.put(other)
        stale = _reject_stale(store, tx.state, report.table,
                              f"the round before was entered otherwise (report {number}): report this round again")
    return Settled(entered, disputes + stale, tx.state)


def withdrawn_notice(settled: Settled, tr: Translator = ENGLISH) -> str:
    """What the phone says after withdrawing a report (and the later ones that followed it)."""
    if settled.rejected:
        return tr.gettext("report %(report)s withdrawn; report %(later)s after it too: report again what was played",
                          report=settled.report.id, later=", ".join(str(r.id) for r in settled.rejected))
    return tr.gettext("report %(report)s withdrawn: report again what was played", report=settled.report.id)


def reject(number: int, *, db: str | None = None, tournament: str | None = None) -> Settled:
    """Drop pending report `number`: nothing is entered; a later report of its table that followed
    it is rejected too (its round is to be reported again)."""
    with transaction(db, tournament) as tx:
        rejected = _waiting(tx.floor, number, tx.state).settled(REJECTED, note="rejected by the director")
        tx.floor.put(rejected)
        stale = _reject_stale(tx.floor, tx.state, rejected.table,
                              f"report {number}, of the round before, was rejected: report this round again")
    return Settled(rejected, stale, tx.state)


def withdraw(table: int, token: str, number: int, *, db: str | None = None,
             tournament: str | None = None) -> Settled:
    """A table's phone takes back a pending report of its table (through the table's link)."""
    with transaction(db, tournament) as tx:
        check_table(tx.floor, tx.state, table, token)
        report = tx.floor.report(number) if number >= 1 else None
        if report is None or report.table != table or report.stage != tx.state.stage:
            raise IllegalActionError.in_words("report %(report)s is not one of table %(table)s's", report=number,
                                               table=table)
        withdrawn = _waiting(tx.floor, number, tx.state).settled(REJECTED, note=WITHDRAWN)
        tx.floor.put(withdrawn)
        stale = _reject_stale(tx.floor, tx.state, table,
                              f"report {number}, of the round before, was withdrawn: report this round again")
    return Settled(withdrawn, stale, tx.state)


def _reject_stale(store: FloorStore, state: TournamentState, table: int, note: str) -> tuple[Report, ...]:
    """Reject the pending reports of `table` that its queue no longer reaches, saying why."""
    stale = tuple(r.settled(REJECTED, note=note) for r in _queue(store, state, table).stale)
    for report in stale:
        store.put(report)
    return stale


def _waiting(store: FloorStore, number: int, state: TournamentState) -> Report:
    report = store.report(number)
    if report.status != PENDING:
        raise IllegalActionError(f"report {number} was {report.status} already"
                                 + (f" ({report.note})" if report.note else ""))
    if report.stage != state.stage or state.closed:
        over = (N_("report %(report)s is for round %(stage)s, which is over; reject it") if state.kind.unit == "round"
                else N_("report %(report)s is for stage %(stage)s, which is over; reject it"))
        raise IllegalActionError.in_words(over, report=number, stage=report.stage)
    return report


def set_mode(mode: str, *, db: str | None = None, tournament: str | None = None) -> str:
    """How the tournament takes table reports from now on: "apply" (at once) or "approve"."""
    with transaction(db, tournament) as tx:
        tx.floor.set_mode(mode)
    return mode


def mode_line(mode: str, tr: Translator = ENGLISH) -> str:
    """How reports are taken, as `tourney pending` and the director's page say it."""
    if mode == "apply":
        return tr.gettext("Reports from the tables are entered at once.")
    return tr.gettext("Reports from the tables are kept for the director's approval.")
