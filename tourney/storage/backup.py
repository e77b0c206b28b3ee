"""Copies of a database that are whole, and loading a portable copy back.

- `copy_sqlite`: a SQLite file copied through SQLite's online backup API in one read transaction,
  so the copy is the database as of one moment, results still in the write-ahead log (-wal) included,
  while the server goes on writing. A plain copy of the .db file misses whatever the log holds.
- `export_records` / `import_records`: the portable form of any database (PostgreSQL's too): each
  tournament's row, its event log, its floor reports and floor settings, as JSON values (one line of
  a `.jsonl` file each). Caches (checkpoints, overviews) are not exported: the log rebuilds them.

Event ids are the database's: a tournament loaded into another database gets new ones, so the ids
its events and reports refer to (an undo's or a correction's `target`, the event a report entered)
are renumbered with them. The tournament keeps its uid, so the floor's links still work.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from tourney.engine import names
from tourney.engine.tournament import fold
from tourney.errors import InvalidInputError, StorageError, TourneyError
from tourney.storage import repo
from tourney.storage.db import _sqlite_read_only
from tourney.storage.sql import Tx

EXPORT_FORMAT = "tourney-export"
EXPORT_VERSION = 1
_TARGETING = ("undo", "correct")
_REPORT_COLUMNS = ("number", "stage", "table_number", "status", "kind", "idempotency_key", "payload",
                   "created_at", "decided_at")


def copy_sqlite(source: str, target: str) -> int:
    """Copy the SQLite database `source` into the new file `target`; the number of events copied.

    The copy is made in one step (one read transaction of `source`: writers are never blocked in WAL
    mode), then set to a rollback journal so it is one self-contained file, and checked with
    `PRAGMA integrity_check`. `target` is left behind on failure: the caller made it and removes it."""
    try:
        reading = _sqlite_read_only(source)
    except sqlite3.Error as error:
        raise StorageError(f"cannot read {source}: {error}") from None
    try:
        copy = sqlite3.connect(target, isolation_level=None)
        try:
            reading.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")
            checked = copy.execute("PRAGMA integrity_check").fetchone()
            if checked is None or checked[0] != "ok":
                raise StorageError(f"the copy of {source} fails SQLite's integrity check: {checked}")
            events = copy.execute("SELECT count(*) FROM event").fetchone()
        finally:
            copy.close()
    except sqlite3.Error as error:
        raise StorageError(f"cannot copy {source} to {target}: {error}") from None
    finally:
        reading.close()
    return int(events[0])


def checkpoint_wal(path: str, *, truncate: bool, wait_seconds: float) -> bool:
    """Move what the write-ahead log of the SQLite file `path` holds into the file itself; whether
    all of it was. PASSIVE (`truncate=False`) never waits for anyone and is what a running server
    does; TRUNCATE also empties the -wal file, waiting up to `wait_seconds` for readers and writers
    (a server stopping). A file that cannot be written (read-only, missing) is a StorageError."""
    mode = "TRUNCATE" if truncate else "PASSIVE"
    try:
        # mode=rw: a file deleted meanwhile is an error, never made anew empty.
        location = quote(str(Path(path).absolute()))
        connection = sqlite3.connect(f"file:{location}?mode=rw", uri=True, timeout=wait_seconds,
                                     isolation_level=None)
        try:
            found = connection.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
        finally:
            connection.close()
    except sqlite3.Error as error:
        raise StorageError(f"cannot checkpoint {path}: {error}") from None
    busy, frames, moved = found if found is not None else (1, -1, -1)
    return bool(busy == 0 and frames == moved)


def sync_file(path: str) -> None:
    """fsync `path`, so a rename after it never leaves an empty file after a power cut."""
    handle = os.open(path, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def export_records(tx: Tx) -> Iterator[dict[str, Any]]:
    """Every tournament of the database as portable records: a header, then for each tournament its
    row, its events in log order, its floor reports and its floor settings."""
    tournaments = repo.list_tournaments(session=tx)
    tables = tx.table_names()
    yield {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "tournaments": len(tournaments)}
    for tournament in tournaments:
        yield {"tournament": {"name": tournament.name, "game": tournament.game, "seed": tournament.seed,
                              "uid": tournament.uid, "created_at": tournament.created_at.isoformat()}}
        rows = tx.run("SELECT id, kind, data, created_at FROM event WHERE tournament_id = :t ORDER BY id",
                      {"t": tournament.id})
        for event_id, kind, data, created in rows:
            event = repo.checked_event(int(event_id), str(kind), json.loads(data))
            yield {"event": {"tournament": tournament.uid, "id": event.id, "kind": event.kind, "data": event.data,
                             "created_at": _moment(created)}}
        if "floor_report" in tables:
            reports = tx.run(f"SELECT {', '.join(_REPORT_COLUMNS)} FROM floor_report WHERE tournament_id = :t "
                             "ORDER BY number", {"t": tournament.id})
            for row in reports:
                values = dict(zip(_REPORT_COLUMNS, row, strict=True))
                yield {"floor_report": {"tournament": tournament.uid, **values,
                                        "created_at": _moment(values["created_at"]),
                                        "decided_at": _moment(values["decided_at"])}}
        if "setting" in tables:
            for key, value in repo.settings_under(session=tx, prefix=f"floor:{tournament.uid}:"):
                yield {"setting": {"tournament": tournament.uid, "key": key, "value": value}}


@dataclass(frozen=True, slots=True)
class Imported:
    """What `import_records` loaded: the tournaments' names, and how many events and floor reports."""

    tournaments: tuple[str, ...]
    events: int
    reports: int


def import_records(tx: Tx, records: Iterable[dict[str, Any]]) -> Imported:
    """Load exported records into the database of `tx` (the caller's one transaction). A tournament
    whose name or uid the database already has is refused, as is any record not as `export_records`
    writes it; each loaded log is folded before the caller commits, so a log that does not replay is
    refused too."""
    loader = _Loader(tx)
    for line, record in enumerate(records, start=1):
        try:
            loader.load(record, line)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            if isinstance(error, InvalidInputError):
                raise
            raise InvalidInputError(f"line {line} is not a record of a tourney export ({error!r})") from None
    return loader.finish()


class _Loader:
    def __init__(self, tx: Tx) -> None:
        self._tx = tx
        self._header = False
        self._ids: dict[str, int] = {}  # uid -> the new tournament's id
        self._games: dict[str, str] = {}
        self._names: list[str] = []
        self._event_ids: dict[str, dict[int, int]] = {}  # uid -> {exported id: new id}
        self._events = 0
        self._reports = 0

    def load(self, record: dict[str, Any], line: int) -> None:
        if not self._header:
            if record.get("format") != EXPORT_FORMAT or record.get("version") != EXPORT_VERSION:
                raise InvalidInputError(f"not a tourney export (line 1 is not its header, {EXPORT_FORMAT} "
                                        f"version {EXPORT_VERSION})")
            self._header = True
            return
        (kind, value), = record.items()
        if kind == "tournament":
            self._tournament(value)
        elif kind == "event":
            self._event(value)
        elif kind == "floor_report":
            self._report(value)
        elif kind == "setting":
            self._setting(value)
        else:
            raise InvalidInputError(f"line {line}: unknown record {kind!r}")

    def _tournament(self, value: dict[str, Any]) -> None:
        name, uid = names.check(str(value["name"]), what="tournament name"), str(value["uid"])
        for other in repo.list_tournaments(session=self._tx):
            if names.key(other.name) == names.key(name):
                raise InvalidInputError.in_words("a tournament named %(name)s already exists (id %(id)s); nothing was "
                                                 "restored", name=repr(other.name), id=other.id)
            if other.uid == uid:
                raise InvalidInputError.in_words("tournament %(name)s is already in this database (as %(other)s); "
                                                 "nothing was restored", name=repr(name), other=repr(other.name))
        seed, game = int(value["seed"]), str(value["game"])
        created = datetime.fromisoformat(str(value["created_at"])).replace(tzinfo=None)
        found = self._tx.run("INSERT INTO tournament (name, game, seed, uid, created_at) "
                             "VALUES (:name, :game, :seed, :uid, :created) RETURNING id",
                             {"name": name, "game": game, "seed": seed, "uid": uid,
                              "created": repo._timestamp(self._tx, created)})
        self._ids[uid], self._games[uid] = int(found[0][0]), game
        self._names.append(name)
        self._event_ids[uid] = {}

    def _owner(self, value: dict[str, Any]) -> str:
        uid = str(value["tournament"])
        if uid not in self._ids:
            raise InvalidInputError(f"a record of tournament {uid} comes before that tournament's own")
        return uid

    def _event(self, value: dict[str, Any]) -> None:
        uid = self._owner(value)
        event = repo.checked_event(value["id"], value["kind"], value["data"])
        data = dict(event.data)
        if event.kind in _TARGETING:
            data["target"] = self._renumbered(uid, data["target"])
        created = datetime.fromisoformat(str(value["created_at"])).replace(tzinfo=None)
        found = self._tx.run(
            "INSERT INTO event (tournament_id, kind, data, created_at) VALUES (:t, :kind, :data, :created) "
            "RETURNING id", {"t": self._ids[uid], "kind": event.kind,
                             "data": json.dumps(data, ensure_ascii=False, sort_keys=True),
                             "created": repo._timestamp(self._tx, created)})
        self._event_ids[uid][event.id] = int(found[0][0])
        self._events += 1

    def _renumbered(self, uid: str, exported: Any) -> int:
        found = self._event_ids[uid].get(exported) if isinstance(exported, int) else None
        if found is None:
            raise InvalidInputError(f"event {exported!r} of tournament {uid} is referred to before it is loaded")
        return found

    def _report(self, value: dict[str, Any]) -> None:
        uid = self._owner(value)
        payload = str(value["payload"])
        if value["status"] != "damaged":
            details = json.loads(payload)
            if isinstance(details.get("event"), int):
                details["event"] = self._renumbered(uid, details["event"])
            payload = json.dumps(details, ensure_ascii=False, sort_keys=True)
        row = {column: value[column] for column in _REPORT_COLUMNS}
        for column in ("created_at", "decided_at"):
            moment = row[column]
            row[column] = None if moment is None else repo._timestamp(
                self._tx, datetime.fromisoformat(str(moment)).replace(tzinfo=None))
        row["payload"] = payload
        self._tx.run(f"INSERT INTO floor_report (tournament_id, {', '.join(_REPORT_COLUMNS)}) "
                     f"VALUES (:tournament, {', '.join(':' + c for c in _REPORT_COLUMNS)})",
                     {"tournament": self._ids[uid], **row})
        self._reports += 1

    def _setting(self, value: dict[str, Any]) -> None:
        uid = self._owner(value)
        key = str(value["key"])
        if not key.startswith(f"floor:{uid}:"):
            raise InvalidInputError(f"setting {key!r} is not one of tournament {uid}'s floor")
        repo.set_setting(session=self._tx, key=key, value=str(value["value"]))

    def finish(self) -> Imported:
        if not self._header:
            raise InvalidInputError("an empty file is not a tourney export")
        for uid, tournament_id in self._ids.items():
            events = repo.load_events(session=self._tx, tournament_id=tournament_id)
            try:
                fold(self._games[uid], events)
            except TourneyError:
                raise
            except Exception as error:  # a payload of the wrong shape fails deep in the fold
                raise InvalidInputError(f"the log of tournament {uid} does not replay ({error!r}); "
                                        "nothing was restored") from None
        return Imported(tuple(self._names), self._events, self._reports)


def _moment(value: Any) -> str | None:
    """A stored time as ISO text (SQLite keeps text, PostgreSQL a datetime)."""
    if value is None:
        return None
    return value.isoformat() if isinstance(value, datetime) else datetime.fromisoformat(str(value)).isoformat()
