"""The floor's pages (issue 18), as page models and their HTML: a table's phone page, the
director's page and the players' look-up. Built from a `FloorRead`; rendered with the templates of
`templates/floor/` through the render layer's environment (autoescaped: names are text, never HTML).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.app.floor.floor_words import note_text, status_word, where_label
from tourney.app.floor.live_changes import live_token
from tourney.app.floor.reports import describe
from tourney.app.floor.sheet_links import qr_svg
from tourney.app.floor.sheets import has_bracket_sheet
from tourney.app.floor.tokens import csrf_token
from tourney.app.store.floor_store import PENDING
from tourney.app.store.wall_kinds import KINDS
from tourney.i18n import ENGLISH, N_, Translator, page_language, translator

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.app.floor.report_queue import TableQueue
    from tourney.app.store.floor_store import Report
    from tourney.engine.events import Event
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState

POLL_URL = "/_token"  # the wall's: changes whenever the tournament does
WALL_SCREENS = (N_("standings"), N_("seating"), N_("tables"), N_("bracket"))  # the director pins them by name


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
    queue: tuple[QueueRow, ...]  # this table's reports waiting for the director, in the order he takes them
    settled: tuple[str, ...]  # this table's reports settled last, newest first, with why
    starter: str  # who starts the next round ("" where the game has no starter, or none is known)
    confirm: tuple[str, ...] = ()  # a finish to confirm: the order as chosen, winner first
    confirm_fields: tuple[tuple[str, str], ...] = ()  # the chosen form's fields, posted again with confirm=yes
    full: bool = False  # the table's queue is at its bound: nothing more is taken until it is settled
    lang_query: str = ""  # "?lang=ru" when the address asked for a language: kept on the page's forms


@dataclass(frozen=True, slots=True)
class QueueRow:
    """A pending report as its table's phone sees it: what it says, where it stands, who sent it."""

    id: int
    text: str
    state: str  # "next for the director", "after report 4", "disputes report 5"
    device: str
    device_label: str  # the label the sending page gave itself: the page that sent it says "your phone"
    withdraw: str  # the withdraw form's URL


@dataclass(frozen=True, slots=True)
class TableRow:
    table: int
    players: tuple[tuple[str, bool], ...]  # each name, and whether it holds a word too long for a phone's line
    state: str  # playing / playing the final / waiting for the director / done / blocking the next stage
    link: str  # the table's page (token included): for the director's eyes only
    qr_svg: str


@dataclass(frozen=True, slots=True)
class PendingRow:
    id: int
    table: int
    text: str
    source: str
    disputes: tuple[int, ...]
    after: int | None = None  # a report of a later round: the report of its table to accept first


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
    advance_lines: tuple[str, ...]  # the advance's preview (`console_stage.preview_advance`), to confirm
    advance_seen: int  # the log's last event that preview saw (its confirmation carries it)
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
    lang: str = ""  # the language the address asked for (`?lang=`), kept by the form


def poll_token(floor: FloorRead) -> str:
    """The live pages' token as of `floor` (the same as the wall's `/_token` and `/_live` send)."""
    return live_token(floor.tournament.uid, floor.state, floor.floor_mark)


def table_seats(state: TournamentState, table: TableState) -> tuple[Seat, ...]:
    out = set(table.eliminated)
    return tuple(Seat(i, name, table.counts[name] if table.reports_rounds and not table.best_of else None,
                      table.chips.get(name), table.games.count(name) if table.best_of else None, name in out)
                 for i, name in enumerate(table.seats, start=1))


def device_names(reports: tuple[Report, ...] | list[Report], tr: Translator = ENGLISH) -> dict[tuple[int, str], str]:
    """The label of each device as people read it: "phone 2 at table 3" (numbered at each table in
    the order its reports came), or any other label as it came. A page's own random label
    ("phone-cis9m3") is for telling phones apart, not for reading."""
    import re

    names: dict[tuple[int, str], str] = {}
    counts: dict[int, int] = {}
    for report in sorted(reports, key=lambda r: r.id):
        device = report.source.get("device", "")
        if (report.table, device) in names:
            continue
        if re.fullmatch(r"phone(-[a-z0-9]{1,12})?", device):
            counts[report.table] = counts.get(report.table, 0) + 1
            names[report.table, device] = tr.gettext("phone %(number)s at table %(table)s",
                                                     number=counts[report.table], table=report.table)
        else:
            names[report.table, device] = tr.gettext("%(device)s at table %(table)s", device=device,
                                                     table=report.table)
    return names


def _queue_rows(queue: TableQueue, action: str, names: dict[tuple[int, str], str], lang_query: str = "",
                tr: Translator = ENGLISH) -> tuple[QueueRow, ...]:
    first_at: dict[int, int] = {}  # each place's first report
    for queued in queue.live:
        first_at.setdefault(queued.place, queued.report.id)
    rows = []
    for queued in queue.live:
        report = queued.report
        if queued.disputes:
            state = tr.ngettext("disputes report %(reports)s: the director decides",
                                "disputes report %(reports)s: the director decides", len(queued.disputes),
                                reports=", ".join(map(str, queued.disputes)))
        elif queued.place - 1 in first_at:
            state = tr.gettext("after report %(report)s", report=first_at[queued.place - 1])
        else:
            state = tr.gettext("next for the director")
        rows.append(QueueRow(report.id, describe(report.kind, report.data, tr), state,
                             names.get((report.table, report.source.get("device", "")), tr.gettext("a phone")),
                             report.source.get("device", ""), f"{action}/withdraw/{report.id}{lang_query}"))
    return tuple(rows)


def _settled_text(report: Report, tr: Translator = ENGLISH) -> str:
    what = describe(report.kind, report.data, tr)
    if report.event is not None:
        return tr.gettext("report %(report)s entered as event %(event)s: %(what)s", report=report.id,
                          event=report.event, what=what)
    if report.note:
        return tr.gettext("report %(report)s %(status)s: %(what)s (%(note)s)", report=report.id,
                          status=status_word(report.status, tr), what=what, note=note_text(report.note, tr))
    return tr.gettext("report %(report)s %(status)s: %(what)s", report=report.id, status=status_word(report.status, tr),
                      what=what)


def table_page(floor: FloorRead, number: int, *, notice: str = "", ok: bool = True,
               confirm: tuple[str, ...] = (), confirm_fields: tuple[tuple[str, str], ...] = (),
               lang: str | None = None) -> str:
    """Table `number`'s phone page in `lang` (an address's `?lang=`; None: the event's language),
    with `notice` (already in that language) on top."""
    from tourney.app.floor.reports import MAX_PENDING
    from tourney.render.env import render

    language = page_language(lang, None, floor.lang)
    tr = translator(language)
    lang_query = f"?lang={language}" if lang and language == lang else ""

    state = floor.state
    table = state.tables[number - 1]
    token = floor.table_link(number)
    queue = floor.queue(number)
    ahead = queue.next_table  # the table once its queue is entered: what is left to report, who starts
    finished = table.finished or ahead.finished
    report = ("" if finished or state.closed else "winner" if table.best_of
              else "loser" if table.reports_rounds else "chips")
    action = f"/table/{number}/{token}"
    known = [*floor.reports, *floor.settled]
    names = device_names([r for r in known if r.table == number], tr)
    page = TablePage(
        event=floor.tournament.name, stage=where_label(state, state.stage, tr), table=number,
        seats=table_seats(state, table), cap=table.cap if table.reports_rounds and not table.best_of else None,
        best_of=table.best_of, report=report, finished=table.finished, action=action,
        csrf=csrf_token(floor.secret or "00", token), at=queue.next_mark, key=secrets.token_urlsafe(12),
        notice=notice, notice_ok=ok, poll_token=poll_token(floor),
        queue=_queue_rows(queue, action, names, lang_query, tr),
        settled=tuple(_settled_text(r, tr) for r in floor.settled if r.table == number)[:4],
        starter=ahead.starter if report and ahead.starter and not table.best_of else "",
        confirm=confirm, confirm_fields=confirm_fields,
        full=len(queue.live) + len(queue.stale) >= MAX_PENDING, lang_query=lang_query)
    return render("floor/table.html", None, language, page=page, poll_url=POLL_URL)


LONG_WORD = 16  # characters of one word past which a name may break inside it (else it widens the page)


def _long_word(name: str) -> bool:
    return any(len(word) > LONG_WORD for word in name.split())


def _table_state(floor: FloorRead, table: TableState, waiting: set[int], unfinished: int,
                 tr: Translator = ENGLISH) -> str:
    if table.finished:
        return tr.gettext("done")
    if table.number in waiting:
        return tr.gettext("waiting for the director")
    if table.is_final or len(floor.state.tables) == 1:
        return tr.gettext("playing the final")  # no next stage to block
    if unfinished <= max(1, len(floor.state.tables) // 4):
        return tr.gettext("blocking the next stage")
    return tr.gettext("playing")


def director_page(floor: FloorRead, *, notice: str = "", ok: bool = True, confirm_advance: bool = False,
                  origin: str = "",
                  advance_preview: tuple[tuple[str, ...], int] | None = None) -> str:
    """The director's page; `advance_preview`: the advance's lines and the log's last id they saw,
    asked for confirmation at the top (`confirm_advance` without it: blocked, nothing to confirm).
    In the page's language (`console_lang`); the reports' and the log's sentences are the CLI's."""
    from tourney.app.floor.console_lang import page_lang, render_page, stage_words
    from tourney.app.read_models.table_views import advance_blockers

    lang = page_lang(floor.lang)
    tr = translator(lang)
    state = floor.state
    token = floor.director_link()
    pending: list[Report] = [r for r in floor.reports if r.status == PENDING and r.stage == state.stage]
    waiting = {r.table for r in pending}
    unfinished = sum(not t.finished for t in state.tables)
    rows = []
    for table in state.tables:
        link = f"{origin}/table/{table.number}/{floor.table_link(table.number)}"
        qr = qr_svg(link) if not table.finished else ""
        rows.append(TableRow(table.number, tuple((name, _long_word(name)) for name in table.seats),
                             _table_state(floor, table, waiting, unfinished, tr), link, qr))
    recent = [RecentEntry(e.id, _recent_text(e, tr)) for e in reversed(state.events) if _undoable_here(state, e)][:8]
    names = device_names([*pending, *floor.settled], tr)
    after: dict[int, int] = {}
    for number in sorted(waiting):
        queue = floor.queue(number)
        head = queue.head()
        after.update({q.report.id: head.id for q in queue.live if head is not None and q.place > 1})
    page = DirectorPage(
        event=floor.tournament.name, stage=stage_words(state, tr), mode=floor.mode, tables=tuple(rows),
        pending=tuple(PendingRow(r.id, r.table, describe(r.kind, r.data, tr),
                                 names.get((r.table, r.source.get("device", "")), r.source.get("link", "?")),
                                 tuple(o.id for o in pending if o.id != r.id and o.same_round(r)), after.get(r.id))
                      for r in pending),
        recent=tuple(recent), blockers=advance_blockers(state, tr), confirm_advance=confirm_advance,
        advance_lines=advance_preview[0] if advance_preview else (),
        advance_seen=advance_preview[1] if advance_preview else 0,
        base=f"/director/{token}", csrf=csrf_token(floor.secret or "00", token), notice=notice, notice_ok=ok,
        poll_token=poll_token(floor), wall_pin=floor.wall_pin,
        wall_kinds=tuple(kind for kind in KINDS if kind != "bracket" or has_bracket_sheet(state)))
    return render_page("floor/director.html", lang, page=page, poll_url=POLL_URL)


def _recent_text(event: Event, tr: Translator) -> str:
    """A latest entry as the log says it, with the phone link it came from."""
    entry = describe(event.kind, event.data, tr)
    source = event.data.get("source")
    if isinstance(source, dict):
        return tr.gettext("event %(event)s: %(entry)s (from %(link)s)", event=event.id, entry=entry,
                          link=source.get("link"))
    return tr.gettext("event %(event)s: %(entry)s", event=event.id, entry=entry)


def _undoable_here(state: TournamentState, event: Event) -> bool:
    """An entry the director's page offers to undo: a result, finish or chips of the stage being
    played, or the advance that seated it (undone with its seat draw)."""
    if event.kind == "advance":
        return bool(state.stage) and event.data.get("stage") == state.stage - 1
    return event.kind in ("result", "finish", "chips") and state.table_of_event(event.id) is not None


MIN_QUERY = 2
MAX_FOUND = 12


def lookup_page(floor: FloorRead, query: str, *, lang: str | None = None, accept_language: str | None = None) -> str:
    """Players whose name holds `query` (case and diacritics optional), or starts as it does, or a
    word of it does, in the other script (`vera` finds Вера): seat, table, path, rank. In `lang`
    (the address's `?lang=`), else the browser's `accept_language`, else the event's language."""
    from tourney.app.input import cross_script
    from tourney.app.read_models.player_words import step_result_text
    from tourney.engine import names
    from tourney.engine.progress import path, statuses
    from tourney.render.env import render

    language = page_language(lang, accept_language, floor.lang)
    tr = translator(language)
    state = floor.state
    wanted = names.plain(names.clean(query[:60])).casefold().strip()
    found: list[PlayerCard] = []
    notice = ""
    matches: list[str] = []
    if len(wanted) >= MIN_QUERY:
        matches = [p.name for p in state.players if wanted in names.plain(p.name).casefold()
                   or cross_script.match(p.name, query[:60]) is not None]
    elif query:
        notice = tr.ngettext("Type at least %(num)s letter of your name.",
                             "Type at least %(num)s letters of your name.", MIN_QUERY)
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
                playing = status_word("finished" if table.finished else "playing", tr)
                if table.reports_rounds and not table.best_of:
                    where = tr.ngettext("table %(table)s, seat %(seat)s: %(status)s, %(num)s card (cap %(cap)s)",
                                        "table %(table)s, seat %(seat)s: %(status)s, %(num)s cards (cap %(cap)s)",
                                        table.counts[name], table=table.number, seat=seat, status=playing,
                                        cap=table.cap)
                else:
                    where = tr.gettext("table %(table)s, seat %(seat)s: %(status)s", table=table.number, seat=seat,
                                       status=playing)
            steps = tuple(_step_text(state.kind.unit, s.stage, s.table, s.seat, step_result_text(s, tr), tr)
                          for s in path(state, name))
            found.append(PlayerCard(name, status_word(status.status, tr), f"{row.rank}" if row is not None else "-",
                                    where, steps))
    elif len(wanted) >= MIN_QUERY:
        notice = tr.gettext("No registered player's name holds that.")
    page = LookupPage(floor.tournament.name, query[:60], tuple(found), len(matches) > MAX_FOUND, notice,
                      poll_token(floor), language if lang and language == lang else "")
    return render("floor/lookup.html", None, language, page=page, poll_url=POLL_URL)


def _step_text(unit: str, stage: int, table: int, seat: int, result: str, tr: Translator) -> str:
    """A step of a player's path: "stage 1: table 2, seat 3, place 1, advances" (the result said as
    `tourney player show` says it: `step_result_text`)."""
    if unit == "stage":
        return tr.gettext("stage %(stage)s: table %(table)s, seat %(seat)s, %(result)s", stage=stage, table=table,
                          seat=seat, result=result)
    if unit == "round":
        return tr.gettext("round %(stage)s: table %(table)s, seat %(seat)s, %(result)s", stage=stage, table=table,
                          seat=seat, result=result)
    return f"{unit} {stage}: table {table}, seat {seat}, {result}"
