"""The floor's links and what its pages read (issue 18): the tournament, its floor settings, and
the links of the director and of each table of the current stage.

`open_floor` (run by `tourney serve --lan`) makes the secret on first use and, unless the director
keeps it, a new director link; `revoke_table` and `revoke_director` replace a link (the old one
stops working at once). Reads take one read transaction for the state and the settings together.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.app.floor.live_changes import floor_mark
from tourney.app.floor.report_queue import TableQueue, table_queue
from tourney.app.floor.tokens import director_token, same, table_token
from tourney.app.store.database import open_db
from tourney.app.store.floor_store import REJECTED, FloorStore, Report
from tourney.app.store.unit_of_work import transaction
from tourney.storage.floor_reports import kept_in_settings

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState
    from tourney.storage.db import Database
    from tourney.storage.repo import Tournament


@dataclass(frozen=True, slots=True)
class FloorRead:
    """A tournament with its floor settings, as of one read transaction. `secret` is None until
    `open_floor` ran: then no link works. `reports` are the reports waiting for the director in the
    current stage (all the pages show), oldest first, read by query."""

    tournament: Tournament
    state: TournamentState
    mode: str
    reports: tuple[Report, ...]
    secret: str | None
    director_generation: int
    revoked: dict[str, int]
    wall_pin: str = ""  # the TV wall's pinned screen kind ("" rotates through every kind)
    floor_mark: str = ""  # live_changes.floor_mark: part of the live pages' token
    settled: tuple[Report, ...] = ()  # the current stage's reports settled last, newest first
    lang: str | None = None  # the event's language (`tourney lang`); None: none chosen (i18n.page_language)

    def queue(self, table: int) -> TableQueue:
        """`table`'s pending reports as the queue the director accepts in order."""
        return table_queue(self.state, table, (r for r in self.reports if r.table == table))

    def store_view(self) -> FloorStore:
        """The settings as a store the token checks read (no transaction: nothing is written)."""
        return _FrozenStore(self)

    def is_table_link(self, table: int, token: str) -> bool:
        """Whether `token` is `table`'s own link of the current stage (a finished table's link still
        shows its table, with nothing left to report)."""
        return (1 <= table <= len(self.state.tables) and bool(self.secret)
                and same(token, self.table_link(table)))

    def table_link(self, table: int) -> str:
        """The token of `table` of the current stage ("" before `open_floor`)."""
        if self.secret is None:
            return ""
        return table_token(self.secret, self.state.stage, table, self.revoked.get(f"{self.state.stage}/{table}", 0))

    def director_link(self) -> str:
        return "" if self.secret is None else director_token(self.secret, self.director_generation)


class _FrozenStore(FloorStore):
    """A `FloorStore` answering from a `FloorRead` (the checks of a GET need no transaction)."""

    def __init__(self, floor: FloorRead) -> None:
        super().__init__(None, floor.tournament.uid)
        self._floor = floor

    def secret(self, *, create: bool = False) -> str | None:
        return self._floor.secret

    def director_generation(self) -> int:
        return self._floor.director_generation

    def revoked(self) -> dict[str, int]:
        return dict(self._floor.revoked)

    def mode(self) -> str:
        return self._floor.mode

    def reports(self) -> list[Report]:
        return list(self._floor.reports)


REVOKED = "its table's link was revoked"


def read_floor(db: str | None, tournament: str | None) -> FloorRead:
    """The tournament, its state and its floor settings (the database opened for this read)."""
    with open_db(db, read_only=True) as database:
        return floor_of(database, tournament)


def floor_of(database: Database, tournament: str | None) -> FloorRead:
    """`read_floor` over a database kept open (the server's: no open per request)."""
    from tourney.storage.events import snapshot

    snap = snapshot(database, tournament=tournament)
    with database.read() as session:
        # A server's reader opened on schema 4 still reads the table once a write upgraded the file.
        in_settings = database.has_settings and not database.has_floor_reports and kept_in_settings(session)
        store = FloorStore(session if database.has_settings else None, snap.tournament.uid, in_settings=in_settings)
        return _floor_read(snap.tournament, snap.state, store)


SETTLED_SHOWN = 24  # the latest settled reports a page may show (a phone shows its table's few)


def _floor_read(row: Tournament, state: TournamentState, store: FloorStore) -> FloorRead:
    return FloorRead(row, state, store.mode(), tuple(store.pending(stage=state.stage)), store.secret(),
                     store.director_generation(), store.revoked(), store.wall_pin(), floor_mark(store),
                     tuple(store.latest_settled(state.stage, limit=SETTLED_SHOWN)), store.language())


def _with_store(db: str | None, tournament: str | None,
                change: Callable[[FloorStore, TournamentState], None]) -> FloorRead:
    """Change the floor's settings in one write transaction, and read the floor back in it."""
    with transaction(db, tournament) as tx:
        change(tx.floor, tx.state)
        return _floor_read(tx.tournament, tx.state, tx.floor)


def open_floor(*, keep_director: bool = False, db: str | None = None, tournament: str | None = None) -> FloorRead:
    """Make the floor's secret (first time) and a new director link, unless `keep_director` and one
    exists: a restarted server then shows the same link."""

    def change(store: FloorStore, _state: TournamentState) -> None:
        store.secret(create=True)
        if not keep_director or store.director_generation() == 0:
            store.new_director_generation()

    return _with_store(db, tournament, change)


def floor_with_links(db: str | None, tournament: str | None) -> FloorRead:
    """The floor with its secret, made now (one write transaction) when no server ever made it: the
    tables' links can be printed before `tourney serve --lan` first runs, and are the ones it serves."""
    floor = read_floor(db, tournament)
    if floor.secret is not None:
        return floor

    def change(store: FloorStore, _state: TournamentState) -> None:
        store.secret(create=True)

    return _with_store(db, tournament, change)


def pin_wall(kind: str, *, db: str | None = None, tournament: str | None = None) -> FloorRead:
    """Pin the TV wall to one screen kind ("": unpin); a TV whose URL names no pin follows it."""

    def change(store: FloorStore, _state: TournamentState) -> None:
        store.set_wall_pin(kind)

    return _with_store(db, tournament, change)


def stored_wall_pin(database: Database, tournament_uid: str) -> str:
    """The wall's pin as the director stored it ("" when none), read for one TV request."""
    with database.read() as session:
        return FloorStore(session if database.has_settings else None, tournament_uid).wall_pin()


def revoke_director(*, db: str | None = None, tournament: str | None = None) -> FloorRead:
    """A new director link; the old one stops working."""

    def change(store: FloorStore, _state: TournamentState) -> None:
        store.secret(create=True)
        store.new_director_generation()

    return _with_store(db, tournament, change)


def revoke_table(table: int, *, db: str | None = None, tournament: str | None = None) -> FloorRead:
    """A new link for `table` of the current stage; the old one stops working, and the reports it
    left waiting are rejected (a revoked link's word is not taken)."""

    def change(store: FloorStore, state: TournamentState) -> None:
        state.table(table)  # refuses a table the stage does not have
        store.secret(create=True)
        store.revoke_table(state.stage, table)
        for report in store.pending(stage=state.stage, table=table):
            store.put(report.settled(REJECTED, note=REVOKED))

    return _with_store(db, tournament, change)
