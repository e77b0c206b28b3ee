"""The floor's pages (issue 18), as page models and their HTML: a table's phone page, the
director's page and the players' look-up. Built from a `FloorRead`; rendered with the templates of
`templates/floor/` through the render layer's environment (autoescaped: names are text, never HTML).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.app.floor.live_changes import live_token
from tourney.app.floor.reports import describe, progress_mark
from tourney.app.floor.sheet_links import qr_svg
from tourney.app.floor.tokens import csrf_token
from tourney.app.store.floor_store import PENDING
from tourney.app.store.wall_kinds import KINDS

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.app.store.floor_store import Report
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState

POLL_URL = "/_token"  # the wall's: changes whenever the tournament does


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int
    name: str
    cards: int | None  # games reported in rounds: the cards held now
    chips: int | None  # pot games, once counted
    games: int | None  # a best-of-N duel: games won
    out: bool


@dataclass(frozen=True, slots=True)
class TablePage:
    """One table as its players know it, and what its phone may report (`report`: "loser" for
    games of rounds, "winner" for a duel, "chips" for pot games; "" once nothing is left)."""

    event: str
    stage: str
    table: int
    seats: tuple[Seat, ...]
    cap: int | None
    best_of: int
    report: str
    finished: bool
    action: str  # the form's URL
    csrf: str
    at: str
    key: str  # a new idempotency key each time the page is drawn: a re-sent form carries the same one
    notice: str
    notice_ok: bool
    poll_token: str
    waiting: tuple[str, ...]  # this table's reports waiting for the director


@dataclass(frozen=True, slots=True)
class TableRow:
    table: int
    players: str
    state: str  # playing / waiting for the director / done / blocking the next stage
    link: str  # the table's page (token included): for the director's eyes only
    qr_svg: str


@dataclass(frozen=True, slots=True)
class PendingRow:
    id: int
    table: int
    text: str
    source: str
    disputes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RecentEntry:
    event: int
    text: str


@dataclass(frozen=True, slots=True)
class DirectorPage:
    event: str
    stage: str
    mode: str
    tables: tuple[TableRow, ...]
    pending: tuple[PendingRow, ...]
    recent: tuple[RecentEntry, ...]  # the latest entries in effect, newest first
    blockers: tuple[str, ...]
    confirm_advance: bool
    confirm_undo: RecentEntry | None  # an undo asked for, to be confirmed
    base: str  # the director page's URL (token included)
    csrf: str
    notice: str
    notice_ok: bool
    poll_token: str
    wall_pin: str = ""  # the TV wall's pinned screen kind ("": it rotates)
    wall_kinds: tuple[str, ...] = ()  # the kinds the director may pin


@dataclass(frozen=True, slots=True)
class PlayerCard:
    name: str
    status: str
    rank: str
    table: str  # "table 3, seat 2: playing, 2 cards" or ""
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LookupPage:
    event: str
    query: str
    found: tuple[PlayerCard, ...]
    more: bool
    notice: str
    poll_token: str


def poll_token(floor: FloorRead) -> str:
    """The live pages' token as of `floor` (the same as the wall's `/_token` and `/_live` send)."""
    return live_token(floor.tournament.uid, floor.state, floor.floor_mark)


def table_seats(state: TournamentState, table: TableState) -> tuple[Seat, ...]:
    out = set(table.eliminated)
    return tuple(Seat(i, name, table.counts[name] if table.reports_rounds and not table.best_of else None,
                      table.chips.get(name), table.games.count(name) if table.best_of else None, name in out)
                 for i, name in enumerate(table.seats, start=1))


def table_page(floor: FloorRead, number: int, *, notice: str = "", ok: bool = True) -> str:
    from tourney.render.env import render

    state = floor.state
    table = state.tables[number - 1]
    token = floor.table_link(number)
    report = ("" if table.finished or state.closed else "winner" if table.best_of
              else "loser" if table.reports_rounds else "chips")
    page = TablePage(
        event=floor.tournament.name, stage=state.kind.stage_label(state, state.stage), table=number,
        seats=table_seats(state, table), cap=table.cap if table.reports_rounds and not table.best_of else None,
        best_of=table.best_of, report=report, finished=table.finished, action=f"/table/{number}/{token}",
        csrf=csrf_token(floor.secret or "00", token), at=progress_mark(table), key=secrets.token_urlsafe(12),
        notice=notice, notice_ok=ok, poll_token=poll_token(floor),
        waiting=tuple(f"report {r.id}: {describe(r.kind, r.data)}" for r in floor.reports
                      if r.status == PENDING and r.stage == state.stage and r.table == number))
    return render("floor/table.html", None, page=page, poll_url=POLL_URL)


def _table_state(floor: FloorRead, table: TableState, waiting: set[int], unfinished: int) -> str:
    if table.finished:
        return "done"
    if table.number in waiting:
        return "waiting for the director"
    if unfinished <= max(1, len(floor.state.tables) // 4):
        return "blocking the next stage"
    return "playing"


def director_page(floor: FloorRead, *, notice: str = "", ok: bool = True, confirm_advance: bool = False,
                  confirm_undo: int | None = None, origin: str = "") -> str:
    from tourney.render.env import render

    state = floor.state
    token = floor.director_link()
    pending: list[Report] = [r for r in floor.reports if r.status == PENDING and r.stage == state.stage]
    waiting = {r.table for r in pending}
    unfinished = sum(not t.finished for t in state.tables)
    rows = []
    for table in state.tables:
        link = f"{origin}/table/{table.number}/{floor.table_link(table.number)}"
        qr = qr_svg(link) if not table.finished else ""
        rows.append(TableRow(table.number, ", ".join(table.seats), _table_state(floor, table, waiting, unfinished),
                             link, qr))
    recent = [RecentEntry(e.id, f"event {e.id}: {describe(e.kind, e.data)}"
                          + (f" (from {e.data['source'].get('link')})" if isinstance(e.data.get("source"), dict)
                             else ""))
              for e in reversed(state.events) if e.kind in ("result", "finish", "chips")
              and state.table_of_event(e.id) is not None][:8]
    page = DirectorPage(
        event=floor.tournament.name, stage=state.kind.stage_label(state, state.stage) if state.stage else "not seated",
        mode=floor.mode, tables=tuple(rows),
        pending=tuple(PendingRow(r.id, r.table, describe(r.kind, r.data),
                                 f"{r.source.get('link', '?')}, {r.source.get('device', '?')}",
                                 tuple(o.id for o in pending if o.id != r.id and o.same_round(r))) for r in pending),
        recent=tuple(recent), blockers=tuple(state.can_advance()), confirm_advance=confirm_advance,
        confirm_undo=next((r for r in recent if r.event == confirm_undo), None),
        base=f"/director/{token}", csrf=csrf_token(floor.secret or "00", token), notice=notice, notice_ok=ok,
        poll_token=poll_token(floor), wall_pin=floor.wall_pin, wall_kinds=KINDS)
    return render("floor/director.html", None, page=page, poll_url=POLL_URL)


MIN_QUERY = 2
MAX_FOUND = 12


def lookup_page(floor: FloorRead, query: str) -> str:
    """Players whose name holds `query` (case and diacritics optional): seat, table, path, rank."""
    from tourney.engine import names
    from tourney.engine.progress import path, statuses
    from tourney.render.env import render

    state = floor.state
    wanted = names.plain(names.clean(query[:60])).casefold().strip()
    found: list[PlayerCard] = []
    notice = ""
    matches: list[str] = []
    if len(wanted) >= MIN_QUERY:
        matches = [p.name for p in state.players if wanted in names.plain(p.name).casefold()]
    elif query:
        notice = f"Type at least {MIN_QUERY} letters of your name."
    if matches:
        ranks = {row.player: row for row in state.standings()} if state.stage else {}
        by_name = {s.name: s for s in statuses(state)}
        for name in matches[:MAX_FOUND]:
            status = by_name[name]
            row = ranks.get(name)
            table = state.table_of_player(name)
            where = ""
            if table is not None:
                seat = table.seats.index(name) + 1
                cards = table.counts[name]
                held = (f", {cards} card{'' if cards == 1 else 's'} (cap {table.cap})"
                        if table.reports_rounds and not table.best_of else "")
                where = (f"table {table.number}, seat {seat}: "
                         f"{'finished' if table.finished else 'playing'}{held}")
            steps = tuple(f"{state.kind.unit} {s.stage}: table {s.table}, seat {s.seat}, {s.result}"
                          for s in path(state, name))
            found.append(PlayerCard(name, status.status, f"{row.rank}" if row is not None else "-", where, steps))
    elif len(wanted) >= MIN_QUERY:
        notice = "No registered player's name holds that."
    page = LookupPage(floor.tournament.name, query[:60], tuple(found), len(matches) > MAX_FOUND, notice,
                      poll_token(floor))
    return render("floor/lookup.html", None, page=page, poll_url=POLL_URL)
