"""The floor's reports in `floor_report`: every field round-trips on each database, each query the
floor runs filters in SQL, and on SQLite each one is answered through its index, not a scan."""

from __future__ import annotations

from typing import Any

from tourney.app.store.floor_store import ENTERED, PENDING, REJECTED, FloorStore, Report
from tourney.storage import events
from tourney.storage.db import Database
from tourney.storage.sql import Row, Tx


def _report(number: int, *, stage: int = 1, table: int = 1, status: str = PENDING, key: str = "k") -> Report:
    return Report(number, stage, table, f"{number}.0.0.0", "chips", {"table": table, "counts": {"Grażyna": 3}},
                  {"link": f"table {table}", "device": "telefon ł", "report": key}, key, status,
                  7 if status == ENTERED else None, "" if status == PENDING else "by the director")


def _filled(database: Database) -> str:
    uid = events.create_tournament(database, name="Floor", game="polish-poker", seed=1).uid
    other = events.create_tournament(database, name="Other", game="polish-poker", seed=2).uid
    with database.write() as session:
        store = FloorStore(session, uid)
        for number, (stage, table, status) in enumerate(
                [(1, 1, ENTERED), (1, 2, PENDING), (1, 1, REJECTED), (2, 1, PENDING), (2, 2, PENDING),
                 (2, 1, ENTERED)], start=1):
            store.put(_report(number, stage=stage, table=table, status=status, key=f"k{number}"))
        FloorStore(session, other).put(_report(1, key="k2"))
    return uid


def test_every_field_round_trips_and_each_query_answers_its_own(database: Database) -> None:
    uid = _filled(database)
    with database.read() as session:
        store = FloorStore(session, uid)
        assert store.report(2) == _report(2, table=2, key="k2")
        assert store.report(1) == _report(1, status=ENTERED, key="k1")
        assert [r.id for r in store.reports()] == [1, 2, 3, 4, 5, 6]
        assert [r.id for r in store.pending()] == [2, 4, 5]
        assert [r.id for r in store.pending(stage=2)] == [4, 5]
        assert [r.id for r in store.pending(stage=2, table=1)] == [4]
        assert [r.id for r in store.table_reports(1, 1)] == [1, 3]
        assert store.with_key("k2", link="table 2") == store.report(2)  # not the other tournament's k2
        assert store.with_key("k2", link="table 1") is None
        assert store.counts() == {ENTERED: 2, PENDING: 3, REJECTED: 1}
        assert store.counts(stage=1) == {ENTERED: 1, PENDING: 1, REJECTED: 1}
        assert store.next_id() == 7
    with database.write() as session:
        store = FloorStore(session, uid)
        store.put(store.report(4).settled(REJECTED, note="rejected by the director"))
        assert [r.id for r in store.pending(stage=2)] == [5]
        assert store.report(4).status == REJECTED and store.next_id() == 7


class _Recording(Tx):
    """A transaction that keeps the statements it runs."""

    def __init__(self, inner: Tx) -> None:
        self.inner, self.dialect, self.statements = inner, inner.dialect, []

    def run(self, sql: str, params: dict[str, Any] | None = None) -> list[Row]:
        self.statements.append((sql, params or {}))
        return self.inner.run(sql, params)


def test_each_query_of_the_floor_is_answered_through_an_index(sqlite_database: Database) -> None:
    uid = _filled(sqlite_database)
    asks = {"pending": (lambda s: s.pending(stage=2), "ix_floor_report_status"),
            "table": (lambda s: s.table_reports(1, 1), "ix_floor_report_table"),
            "key": (lambda s: s.with_key("k2", link="table 2"), "ix_floor_report_key"),
            "number": (lambda s: s.report(3), "sqlite_autoindex_floor_report_1"),
            "next": (lambda s: s.next_id(), "sqlite_autoindex_floor_report_1")}
    with sqlite_database.read() as session:
        for name, (ask, index) in asks.items():
            recording = _Recording(session)
            ask(FloorStore(recording, uid))
            [(sql, params)] = [s for s in recording.statements if "floor_report" in s[0]]
            plan = " ".join(str(row[-1]) for row in session.run(f"EXPLAIN QUERY PLAN {sql}", params))
            assert f"floor_report USING INDEX {index}" in plan or f"USING COVERING INDEX {index}" in plan, (name, plan)
