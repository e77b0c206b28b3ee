"""Backups that are whole: a copy of the database taken while `tourney serve` writes, rotating
snapshots of a running server, the write-ahead log checkpointed, and a portable copy loaded back.

- A SQLite database is copied with SQLite's online backup API (storage/backup.py) into a temporary
  file beside the backup, which is renamed to its name once complete and checked: a backup is
  never half a file. Any other database (PostgreSQL), or SQLite with `portable`, is exported as
  JSON lines: every tournament's row, event log, floor reports and floor settings.
- A backup never replaces a file unless told to (`overwrite`), and never the database itself.
- Default names carry the time in UTC (`friday-backup-20261202-213000.db`), so they sort by time.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tourney.app.store.database import open_db, resolve_url
from tourney.errors import InvalidInputError

SQLITE_HEADER = b"SQLite format 3\x00"
PORTABLE_SUFFIX = ".jsonl"
_STAMP = "%Y%m%d-%H%M%S"


@dataclass(frozen=True, slots=True)
class BackupMade:
    """A backup written: its file, its kind ("sqlite": a database file; "jsonl": the portable
    export), the events and tournaments in it, and the database it copies (shown for people)."""

    path: str
    kind: str
    events: int
    tournaments: int
    source: str

    def to_json(self) -> dict[str, Any]:
        return {"backup": self.path, "kind": self.kind, "events": self.events, "tournaments": self.tournaments,
                "db": self.source}


@dataclass(frozen=True, slots=True)
class Restored:
    """A portable backup loaded: the tournaments it held, and their events and floor reports."""

    path: str
    tournaments: tuple[str, ...]
    events: int
    reports: int
    target: str

    def to_json(self) -> dict[str, Any]:
        return {"restored": self.path, "tournaments": list(self.tournaments), "events": self.events,
                "reports": self.reports, "db": self.target}


def backup(file: str | None = None, *, db: str | None = None, portable: bool = False,
           overwrite: bool = False) -> BackupMade:
    """Back up the database `db` to `file` (default: `<db stem>-backup-<UTC time>.db` beside a SQLite
    database; `tourney-backup-<UTC time>.jsonl` here for any other). An existing `file` is refused
    unless `overwrite`; the database itself (and its -wal) always."""
    url = resolve_url(db)
    sqlite_path = _sqlite_path(url)
    as_sqlite = sqlite_path is not None and not portable
    if file is None:
        stem = Path(sqlite_path).stem if sqlite_path is not None else "tourney"
        folder = Path(sqlite_path).parent if sqlite_path is not None else Path()
        file = str(folder / f"{stem}-backup-{_now()}{'.db' if as_sqlite else PORTABLE_SUFFIX}")
    return _write(Path(file), url=url, sqlite_path=sqlite_path if as_sqlite else None, overwrite=overwrite)


def snapshot(directory: str, *, db: str | None = None, keep: int) -> BackupMade:
    """One rotating snapshot of a running server's database into `directory`, then only the newest
    `keep` snapshots of that database are kept there (a director's own backups are never touched)."""
    if keep < 1:
        raise InvalidInputError.in_words("keep at least one snapshot, not %(keep)s", keep=keep)
    url = resolve_url(db)
    sqlite_path = _sqlite_path(url)
    stem = Path(sqlite_path).stem if sqlite_path is not None else "tourney"
    suffix = ".db" if sqlite_path is not None else PORTABLE_SUFFIX
    made = _write(Path(directory) / f"{stem}-snapshot-{_now()}{suffix}", url=url, sqlite_path=sqlite_path,
                  overwrite=False)
    pattern = re.compile(rf"{re.escape(stem)}-snapshot-[0-9]{{8}}-[0-9]{{6}}{re.escape(suffix)}")
    kept = sorted(name for name in os.listdir(directory) if pattern.fullmatch(name))
    for name in kept[:-keep]:
        with suppress(FileNotFoundError):
            os.unlink(os.path.join(directory, name))
    return made


def checkpoint(db: str | None = None, *, final: bool = False) -> bool:
    """Move a SQLite database's write-ahead log into its file, so that a copy of the file alone is
    whole; `final` (a server stopping) also empties the -wal file. Whether all of it was moved;
    nothing to do (True) for other databases."""
    from tourney.storage.backup import checkpoint_wal
    from tourney.storage.db import lock_wait_seconds

    sqlite_path = _sqlite_path(resolve_url(db))
    if sqlite_path is None:
        return True
    return checkpoint_wal(sqlite_path, truncate=final, wait_seconds=lock_wait_seconds())


def restore(file: str, *, db: str | None = None) -> Restored:
    """Load the tournaments of the backup `file` (a portable export, or a SQLite backup) into the
    database `db` (created if need be), in one transaction; a tournament whose name the database
    already has is refused, and then nothing is loaded."""
    from tourney.storage.backup import import_records

    records = _records_of(Path(file))
    url = resolve_url(db)
    sqlite_path = _sqlite_path(url)
    new_file = sqlite_path is not None and not Path(sqlite_path).exists()
    try:
        with open_db(url, create=True) as database, database.write() as tx:
            imported = import_records(tx, records)
            shown = database.shown
    except BaseException:
        if new_file and sqlite_path is not None:  # a refused restore leaves no new empty database behind
            for leftover in ("", "-wal", "-shm"):
                with suppress(FileNotFoundError):
                    os.unlink(sqlite_path + leftover)
        raise
    return Restored(file, imported.tournaments, imported.events, imported.reports, shown)


def _records_of(path: Path) -> list[dict[str, Any]]:
    """The records of a backup file, whichever kind it is."""
    try:
        with path.open("rb") as handle:
            head = handle.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        raise InvalidInputError.in_words("no backup file %(file)s", file=repr(str(path))) from None
    if head == SQLITE_HEADER:
        return _records_of_sqlite(path)
    records = []
    try:
        with path.open(encoding="utf-8") as handle:
            for number, line in enumerate(handle, start=1):
                if line.strip():
                    record = json.loads(line)
                    if not isinstance(record, dict):
                        raise InvalidInputError.in_words("%(file)s: line %(line)s is not a record of a tourney export",
                                                         file=path, line=number)
                    records.append(record)
    except UnicodeDecodeError:
        raise InvalidInputError.in_words("%(file)s is neither a tourney export nor a SQLite backup",
                                         file=path) from None
    except json.JSONDecodeError as error:
        raise InvalidInputError.in_words("%(file)s: line %(line)s is not JSON (%(reason)s); not a tourney export",
                                         file=path, line=error.lineno, reason=error.msg) from None
    except RecursionError:
        raise InvalidInputError.in_words("%(file)s: a line is JSON nested too deeply; not a tourney export",
                                         file=path) from None
    return records


def _records_of_sqlite(path: Path) -> list[dict[str, Any]]:
    from tourney.storage.backup import export_records

    with open_db(f"sqlite:///{path.absolute()}", read_only=True) as source, source.read() as tx:
        return list(export_records(tx))


def _write(target: Path, *, url: str, sqlite_path: str | None, overwrite: bool) -> BackupMade:
    """Write the backup into a temporary file beside `target`, then give it `target`'s name."""
    from tourney.storage.backup import sync_file

    folder = target.parent
    if not folder.is_dir():
        raise InvalidInputError.in_words("cannot back up to %(file)s: no directory %(folder)s", file=repr(str(target)),
                                         folder=repr(str(folder)))
    _refuse_the_database(target, url)
    if target.exists() and not overwrite:
        raise InvalidInputError.in_words("%(file)s exists: choose another file, or --overwrite to replace it",
                                         file=repr(str(target)))
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".partial")
    os.close(handle)
    try:
        if sqlite_path is not None:
            made = _copy_sqlite(sqlite_path, temporary, url)
            # Readable by whoever may read the database (mkstemp makes it the owner's only); an
            # export stays the owner's: it holds the floor's secret too.
            os.chmod(temporary, os.stat(sqlite_path).st_mode & 0o666)
        else:
            made = _export(url, temporary)
        sync_file(temporary)
        _rename(temporary, target, overwrite=overwrite)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    return BackupMade(str(target), made.kind, made.events, made.tournaments, made.source)


def _copy_sqlite(sqlite_path: str, temporary: str, url: str) -> BackupMade:
    from tourney.storage.backup import copy_sqlite
    from tourney.storage.repo import list_tournaments

    # Opened first, as every command does: a file that is not a tourney database is refused by name.
    with open_db(url, read_only=True) as database, database.read() as tx:
        tournaments = len(list_tournaments(session=tx))
        shown = database.shown
    events = copy_sqlite(sqlite_path, temporary)
    return BackupMade(temporary, "sqlite", events, tournaments, shown)


def _export(url: str, temporary: str) -> BackupMade:
    from tourney.storage.backup import export_records

    events = tournaments = 0
    with open_db(url, read_only=True) as database, database.read() as tx, \
            open(temporary, "w", encoding="utf-8") as out:
        for record in export_records(tx):
            events += "event" in record
            tournaments += "tournament" in record
            out.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
        shown = database.shown
    return BackupMade(temporary, "jsonl", events, tournaments, shown)


def _rename(temporary: str, target: Path, *, overwrite: bool) -> None:
    if overwrite:
        os.replace(temporary, target)
        return
    try:
        os.link(temporary, target)  # refuses a file made meanwhile, where a rename would replace it
    except FileExistsError:
        raise InvalidInputError.in_words("%(file)s exists: choose another file, or --overwrite to replace it",
                                         file=repr(str(target))) from None
    except OSError:  # no hard links here (a FAT memory stick): checked just before
        os.replace(temporary, target)
        return
    os.unlink(temporary)


def _refuse_the_database(target: Path, url: str) -> None:
    sqlite_path = _sqlite_path(url)
    if sqlite_path is None:
        return
    database = Path(sqlite_path).absolute()
    own = {str(database) + ending for ending in ("", "-wal", "-shm", "-journal")}
    if str(target.absolute()) in own or (target.exists() and database.exists() and target.samefile(database)):
        raise InvalidInputError.in_words("%(file)s is the database itself: back up to another file",
                                         file=repr(str(target)))


def _sqlite_path(url: str) -> str | None:
    from tourney.app.store.database import sqlite_file

    return sqlite_file(url) if url.startswith("sqlite:") else None


def _now() -> str:
    return datetime.now(UTC).strftime(_STAMP)
