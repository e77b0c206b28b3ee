"""The floor's reports in the `floor_report` table (schema 5): read by query, written a row at a
time, and moved there from the `setting` table by the upgrade from schema 4.

A row's columns are what the floor asks for (the pending reports of a tournament's stage, one
table's reports, one report by number, a phone's idempotency key, the next number, the counts by
status); `payload` is the rest of the report as JSON: the table's progress the phone saw (`at`),
the entry's data, its source, the event it entered and the director's note.

Schema 4 kept each report as one JSON object in `setting` under `floor:<uid>:report:NNNNNNNN`.
`move_from_settings` (the upgrade) moves them into the table and deletes them from `setting`, in
the upgrade's transaction; `select(..., in_settings=True)` reads them where they are, for a schema-4
file opened read-only (which is never upgraded). A blob that is not a report as tourney wrote it
(not JSON, a field missing or of another type) made every floor read of that release fail with a
traceback; the upgrade keeps it as a row of status `damaged` holding the text as found, and every
read skips it (in `setting` too), so the rest of the floor goes on; its number is never given again.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from tourney.errors import StorageError
from tourney.storage.repo import _timestamp, settings_under

if TYPE_CHECKING:
    from sqlalchemy.schema import Table

    from tourney.storage.sql import Tx as Session

PENDING = "pending"
DAMAGED = "damaged"
# A report's key in schema 4's `setting` table (its number: 8 digits, more past 99,999,999).
SETTING_KEY = re.compile(r"floor:(?P<uid>[^:]+):report:(?P<number>[0-9]{1,9})")
_OF_TOURNAMENT = "tournament_id = (SELECT id FROM tournament WHERE uid = :uid)"
_COLUMNS = "number, stage, table_number, status, kind, idempotency_key, payload"


@dataclass(frozen=True, slots=True)
class StoredReport:
    """One report as stored: the queried columns, and `details` (at, data, source, event, note)."""

    number: int
    stage: int
    table: int
    status: str
    kind: str
    key: str
    details: dict[str, Any]

    @staticmethod
    def from_blob(number: int, text: str) -> StoredReport:
        """A report as schema 4 kept it in `setting`; ValueError when it is not one as tourney wrote it."""
        try:
            blob = json.loads(text)
            if not isinstance(blob, dict) or int(blob["id"]) != number:
                raise ValueError("not the report its key names")
            event = blob.get("event")
            if event is not None and (not isinstance(event, int) or isinstance(event, bool)):
                raise ValueError("its event is not an event id")
            details = {"at": str(blob["at"]), "data": dict(blob["data"]),
                       "source": {str(k): str(v) for k, v in blob["source"].items()},
                       "event": event, "note": str(blob.get("note", ""))}
            return StoredReport(number, int(blob["stage"]), int(blob["table"]), str(blob["status"]),
                                str(blob["kind"]), str(blob["key"]), details)
        except (KeyError, TypeError, AttributeError, RecursionError) as error:
            raise ValueError(f"not a report: {error!r}") from None


def select(*, session: Session, uid: str, status: str | None = None, stage: int | None = None,
           table: int | None = None, number: int | None = None, key: str | None = None,
           in_settings: bool = False) -> list[StoredReport]:
    """The reports of tournament `uid` that match every filter given, by number (damaged ones never).
    `in_settings`: a schema-4 database, whose reports are still in `setting`."""
    wanted = {"status": status, "stage": stage, "table_number": table, "number": number,
              "idempotency_key": key}
    given = {column: value for column, value in wanted.items() if value is not None}
    if in_settings:
        return [report for report in _in_settings(session, uid)
                if report.status != DAMAGED and all(_column(report, c) == v for c, v in given.items())]
    conditions = [_OF_TOURNAMENT, f"status <> '{DAMAGED}'", *(f"{column} = :{column}" for column in given)]
    rows = session.run(f"SELECT {_COLUMNS} FROM floor_report WHERE {' AND '.join(conditions)} ORDER BY number",
                       {"uid": uid, **given})
    return [_from_row(uid, row) for row in rows]


def latest_settled(*, session: Session, uid: str, stage: int, limit: int,
                   in_settings: bool = False) -> list[StoredReport]:
    """The `limit` reports of `stage` settled last (entered or rejected), newest first: what the
    phones show of their table's recent reports, read without the stage's whole history."""
    if in_settings:
        settled = [r for r in _in_settings(session, uid) if r.stage == stage and r.status not in (PENDING, DAMAGED)]
        return sorted(settled, key=lambda report: -report.number)[:limit]
    rows = session.run(f"SELECT {_COLUMNS} FROM floor_report WHERE {_OF_TOURNAMENT} AND stage = :stage "
                       f"AND status NOT IN ('{PENDING}', '{DAMAGED}') ORDER BY number DESC LIMIT :limit",
                       {"uid": uid, "stage": stage, "limit": limit})
    return [_from_row(uid, row) for row in rows]


def kept_in_settings(session: Session) -> bool:
    """Whether the database still keeps its reports in `setting` (schema 4, opened read-only), asked
    of the database itself: another process may have upgraded it since this one opened it."""
    return "floor_report" not in session.table_names()


def next_number(*, session: Session, uid: str, in_settings: bool = False) -> int:
    """The number the tournament's next report gets (a damaged one's is taken too)."""
    if in_settings:
        return max((report.number for report in _in_settings(session, uid)), default=0) + 1
    found = session.run(f"SELECT max(number) FROM floor_report WHERE {_OF_TOURNAMENT}", {"uid": uid})
    return int(found[0][0] or 0) + 1


def counts(*, session: Session, uid: str, stage: int | None = None, in_settings: bool = False) -> dict[str, int]:
    """How many reports the tournament (of `stage`, if given) has by status (damaged ones not counted)."""
    if in_settings:
        found: dict[str, int] = {}
        for report in select(session=session, uid=uid, stage=stage, in_settings=True):
            found[report.status] = found.get(report.status, 0) + 1
        return found
    where = f"{_OF_TOURNAMENT} AND status <> '{DAMAGED}'" + (" AND stage = :stage" if stage is not None else "")
    rows = session.run(f"SELECT status, count(*) FROM floor_report WHERE {where} GROUP BY status",
                       {"uid": uid, "stage": stage})
    return {str(status): int(count) for status, count in rows}


def put(*, session: Session, uid: str, report: StoredReport) -> None:
    """Store `report` (a new one, or the same number settled): created now; decided now unless pending."""
    now = _timestamp(session, datetime.now(UTC).replace(tzinfo=None))
    _upsert(session, "(SELECT id FROM tournament WHERE uid = :uid)", {"uid": uid}, report,
            created=now, decided=None if report.status == PENDING else now)


def move_from_settings(tx: Session, table: Table) -> None:
    """The upgrade to schema 5: create `floor_report` and move every report of a tournament out of
    `setting` into it (the caller's transaction). A key naming no tournament of this file, which
    nothing ever read, is left where it is."""
    present = tx.table_names()
    if table.name not in present:
        tx.create_tables([table])
    if "setting" not in present:
        return
    tournaments = {str(uid): int(id_) for id_, uid in tx.run("SELECT id, uid FROM tournament")}
    # The pattern as a parameter: in the SQL text its ":report" would be read as one.
    for key, text in tx.run("SELECT key, value FROM setting WHERE key LIKE :pattern ORDER BY key",
                            {"pattern": "floor:%:report:%"}):
        match = SETTING_KEY.fullmatch(str(key))
        if match is None or match["uid"] not in tournaments:
            continue
        number = int(match["number"])
        try:
            report = StoredReport.from_blob(number, str(text))
            payload = _payload(report)
        except ValueError:
            report, payload = StoredReport(number, 0, 0, DAMAGED, "", "", {}), str(text)
        # That layout kept no times: NULL says so, rather than the upgrade's time.
        _upsert(tx, ":tournament", {"tournament": tournaments[match["uid"]]}, report,
                created=None, decided=None, payload=payload)
        tx.run("DELETE FROM setting WHERE key = :key", {"key": key})


def _upsert(session: Session, tournament: str, params: dict[str, Any], report: StoredReport, *,
            created: Any, decided: Any, payload: str | None = None) -> None:
    # A row already there is the same report settled: its creation time stays.
    session.run(
        "INSERT INTO floor_report (tournament_id, number, stage, table_number, status, kind, idempotency_key, "
        f"payload, created_at, decided_at) VALUES ({tournament}, :number, :stage, :table, :status, :kind, :key, "
        ":payload, :created, :decided) "
        "ON CONFLICT (tournament_id, number) DO UPDATE SET stage = excluded.stage, "
        "table_number = excluded.table_number, status = excluded.status, kind = excluded.kind, "
        "idempotency_key = excluded.idempotency_key, payload = excluded.payload, decided_at = excluded.decided_at",
        {**params, "number": report.number, "stage": report.stage, "table": report.table, "status": report.status,
         "kind": report.kind, "key": report.key, "payload": _payload(report) if payload is None else payload,
         "created": created, "decided": decided})


def _payload(report: StoredReport) -> str:
    return json.dumps(report.details, ensure_ascii=False, sort_keys=True)


def _in_settings(session: Session, uid: str) -> list[StoredReport]:
    found = []
    for key, text in settings_under(session=session, prefix=f"floor:{uid}:report:"):
        match = SETTING_KEY.fullmatch(key)
        if match is None:
            continue
        number = int(match["number"])
        try:
            found.append(StoredReport.from_blob(number, text))
        except ValueError:
            found.append(StoredReport(number, 0, 0, DAMAGED, "", "", {}))
    return sorted(found, key=lambda report: report.number)


def _column(report: StoredReport, column: str) -> object:
    return {"status": report.status, "stage": report.stage, "table_number": report.table, "number": report.number,
            "idempotency_key": report.key}[column]


def _from_row(uid: str, row: tuple[Any, ...]) -> StoredReport:
    """A row as tourney wrote it; one edited outside tourney is one `StorageError` naming it."""
    number, stage, table, status, kind, key, payload = row
    try:
        details = json.loads(payload)
        if not isinstance(details, dict) or set(details) != {"at", "data", "source", "event", "note"}:
            raise ValueError("not the details of a report")
        if not (isinstance(details["data"], dict) and isinstance(details["source"], dict)):
            raise ValueError("its data or source is not an object")
        return StoredReport(int(number), int(stage), int(table), str(status), str(kind), str(key), details)
    except (TypeError, ValueError, RecursionError):
        raise StorageError(f"floor report {number!r} of tournament {uid} is damaged: its payload is not "
                           "a report's; the database was edited outside tourney") from None
