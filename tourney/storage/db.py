"""The database: an engine from a URL, the schema version, and one transaction per command.

- SQLite (the default, `sqlite:///tourney.db` in the working directory): write transactions start
  with `BEGIN IMMEDIATE`, so two processes entering results at once queue on the write lock instead
  of failing half-way; the busy timeout bounds the wait. WAL journal: readers never wait for a writer.
- PostgreSQL (`postgresql+psycopg2://...`): write transactions lock the tournament's row
  `FOR UPDATE` (repo.find_tournament) with a `lock_timeout`, which serialises commands per tournament.
- A lock held too long by another process becomes a `StorageError` saying so, never a traceback.
- `TOURNEY_TEST_PAUSE_IN_TRANSACTION=SECONDS` (tests only) makes every write transaction print a
  line to stderr and sleep just before it commits, so a test can kill a process mid-command.
"""

from __future__ import annotations

import math
import os
import re
import sqlite3
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import event, inspect, text
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, SQLAlchemyError
from sqlmodel import Session, SQLModel, create_engine, select

from tourney.errors import StorageError
from tourney.storage.models import SCHEMA_VERSION, SchemaVersion, Setting

DEFAULT_URL = "sqlite:///tourney.db"
URL_ENV = "TOURNEY_DB"
# How long a command waits for another process's transaction before giving up (seconds).
LOCK_WAIT_ENV = "TOURNEY_LOCK_WAIT"
DEFAULT_LOCK_WAIT = 5.0
MAX_LOCK_WAIT = 600.0
PAUSE_ENV = "TOURNEY_TEST_PAUSE_IN_TRANSACTION"
PAUSE_MARKER = "tourney: paused in transaction"


def resolve_url(url: str | None = None) -> str:
    """The URL to use: the one given, else `$TOURNEY_DB`, else `tourney.db` in the working directory."""
    return url or os.environ.get(URL_ENV) or DEFAULT_URL


def lock_wait_seconds() -> float:
    """`$TOURNEY_LOCK_WAIT` in seconds: finite, above 0 and at most MAX_LOCK_WAIT (a NaN, an infinity
    or a huge number would reach SQLite's busy timeout and PostgreSQL's lock_timeout unchecked)."""
    raw = os.environ.get(LOCK_WAIT_ENV, "")
    if not raw.strip():
        return DEFAULT_LOCK_WAIT
    # float() accepts non-ASCII digits, "inf", "nan" and "1e400": only plain decimal text is a wait.
    plain = re.fullmatch(r"\s*([0-9]+\.?[0-9]*|\.[0-9]+)\s*", raw, flags=re.ASCII)
    wait = float(raw) if plain else math.nan
    if not 0 < wait <= MAX_LOCK_WAIT:
        raise StorageError(f"{LOCK_WAIT_ENV} must be a number of seconds above 0 and at most "
                           f"{MAX_LOCK_WAIT:g}, not {raw!r}")
    return wait


class Database:
    """One database: an engine plus the transaction helpers every command uses."""

    def __init__(self, engine: Engine, shown: str, *, read_only: bool = False) -> None:
        self.engine = engine
        # The URL for messages: never shows a password.
        self.shown = shown
        self.is_sqlite = engine.dialect.name == "sqlite"
        self.is_postgresql = engine.dialect.name == "postgresql"
        self.read_only = read_only
        # The schema version found (ensure_schema): a read-only open of an older file reads it as it is.
        self.version = SCHEMA_VERSION
        self._writer = engine.execution_options(tourney_write=True)

    @property
    def has_settings(self) -> bool:
        """Whether the `setting` table exists (schema 2 on): the current tournament, the demo mark."""
        return self.version >= 2

    @property
    def key(self) -> str:
        """Identifies this database in the in-process state cache (with the tournament's uid)."""
        return self.shown

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One write transaction: commits when the block ends, rolls back on any error."""
        if self.read_only:
            raise StorageError(f"{self.shown} was opened read-only; this command cannot change it")
        with translate_errors(self), Session(self._writer, expire_on_commit=False) as session, session.begin():
            if self.is_postgresql:
                wait_ms = int(lock_wait_seconds() * 1000)
                session.execute(text(f"SET LOCAL lock_timeout = {wait_ms}"))
            yield session
            _pause_for_tests()

    @contextmanager
    def read(self) -> Iterator[Session]:
        """One read transaction: a consistent snapshot, never blocks writers (WAL / MVCC)."""
        with translate_errors(self), Session(self.engine, expire_on_commit=False) as session, session.begin():
            if self.read_only and self.is_postgresql:
                session.execute(text("SET TRANSACTION READ ONLY"))
            yield session

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_database(url: str | None = None, *, create: bool = True, read_only: bool = False) -> Database:
    """Open (and, if `create`, create) the database at `url`; check its schema version.

    `create=False` is for every command but `tourney new`: a database without tourney's tables (or
    a SQLite file that does not exist) is refused, and nothing is created. An older schema is
    upgraded here, in one transaction, unless `read_only`.

    `read_only=True` is for the commands that only read: nothing is written, not even SQLite's
    journal mode, so a backup copy or a viewer's read-only file (or directory) can be read.
    """
    if create and read_only:
        raise ValueError("a database cannot be created read-only")
    raw = resolve_url(url)
    try:
        parsed = make_url(raw)
    except ArgumentError:
        raise StorageError(f"not a database URL: {raw!r} (e.g. sqlite:///tourney.db)") from None
    shown = parsed.render_as_string(hide_password=True)
    if parsed.get_backend_name() == "sqlite":
        path = parsed.database or ""
        if _in_memory(path, parsed.query):
            raise StorageError(f"{shown} is an in-memory database: nothing would be kept once the command "
                               "ends; give a file, e.g. sqlite:///tourney.db")
        if not create and not Path(path).exists():
            raise _no_database_at(shown)
    try:
        engine = _make_engine(raw, read_only=read_only)
    except (NoSuchModuleError, ModuleNotFoundError, ArgumentError) as error:
        raise StorageError(f"cannot use database {shown}: {error}") from None
    database = Database(engine, shown, read_only=read_only)
    try:
        ensure_schema(database, create=create)
    except BaseException:
        database.close()
        raise
    return database


def _in_memory(path: str, query: Mapping[str, Any]) -> bool:
    # sqlite://, sqlite:///:memory:, and the URI forms file::memory: and ?mode=memory.
    return path in ("", ":memory:") or path.startswith("file::memory:") or query.get("mode") == "memory"


def _make_engine(url: str, *, read_only: bool = False) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if read_only:
            path = str(parsed.database)
            engine = create_engine(url, creator=lambda: _sqlite_read_only(path))
            event.listen(engine, "connect", _sqlite_connect_read_only)
        else:
            engine = create_engine(url, connect_args={"timeout": lock_wait_seconds()})
            event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    return create_engine(url, pool_pre_ping=False)


def _sqlite_read_only(path: str) -> sqlite3.Connection:
    """A connection that never writes: `mode=ro`, which still needs the WAL index (the -shm file)
    and so a writable directory, or the file's own -shm; when that cannot be had (a backup on a
    read-only directory), `immutable=1`, which reads the main file alone without any locking."""
    location = quote(str(Path(path).absolute()))
    timeout = lock_wait_seconds()
    connection = sqlite3.connect(f"file:{location}?mode=ro", uri=True, timeout=timeout, check_same_thread=False)
    try:
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return connection
    except sqlite3.OperationalError as error:
        connection.close()
        lowered = str(error).lower()
        if "readonly" not in lowered and "unable to open" not in lowered:
            raise
    return sqlite3.connect(f"file:{location}?immutable=1", uri=True, timeout=timeout, check_same_thread=False)


def _sqlite_connect_read_only(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # as in _sqlite_connect: _sqlite_begin issues BEGIN
    # Belt and braces: even the immutable fallback refuses any write.
    dbapi_connection.execute("PRAGMA query_only=ON")


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    # Take transaction control away from the sqlite3 module, which would issue a plain (deferred)
    # BEGIN: `_sqlite_begin` chooses the kind of BEGIN itself.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        # WAL: readers never block and are never blocked. FULL sync fsyncs every commit, so a power
        # cut never loses a command that reported success (NORMAL would only guard against corruption).
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    # IMMEDIATE takes the write lock up front: a second writer waits at BEGIN (busy timeout) instead
    # of failing at its first write after having read a state that is about to change.
    write = connection.get_execution_options().get("tourney_write", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def ensure_schema(database: Database, *, create: bool = True) -> None:
    """Create the tables of an empty database (if `create`); upgrade an older schema (unless the
    database is read-only, which reads it as it is); refuse a newer or unknown one."""
    with database.read() as session:
        found = _schema_version(session)
    if found is not None and found <= SCHEMA_VERSION:
        database.version = found
        if found == SCHEMA_VERSION or database.read_only:
            return
    elif found is not None:
        raise _wrong_version(database, found)
    elif not create:
        raise _no_database(database)
    with database.write() as session:
        if database.is_postgresql:
            # Two processes creating or upgrading the schema of one database at once take turns.
            session.execute(text("SELECT pg_advisory_xact_lock(7270000)"))
        found = _schema_version(session)
        connection = session.connection()
        if found is None:
            if not create:
                raise _no_database(database)
            if inspect(connection).get_table_names():
                if not inspect(connection).has_table("tournament"):
                    raise StorageError(f"{database.shown} is not a tourney database (it has other tables)")
                raise StorageError(f"{database.shown} has tourney tables but no schema version; cannot use it")
            SQLModel.metadata.create_all(connection)
            session.add(SchemaVersion(version=SCHEMA_VERSION))
        elif found < SCHEMA_VERSION:
            _upgrade(session, found)
        elif found != SCHEMA_VERSION:
            raise _wrong_version(database, found)
    database.version = SCHEMA_VERSION


def _upgrade(session: Session, found: int) -> None:
    """Bring a schema of version `found` up to SCHEMA_VERSION inside the caller's transaction:
    either every step is committed or none (a killed upgrade leaves the old version intact)."""
    connection = session.connection()
    if found < 2:
        # Version 2: the `setting` table. Nothing else changed; no row needs rewriting.
        Setting.__table__.create(connection)  # type: ignore[attr-defined]
    session.add(SchemaVersion(version=SCHEMA_VERSION))


def _schema_version(session: Session) -> int | None:
    if not inspect(session.connection()).has_table("schema_version"):
        return None
    versions = list(session.exec(select(SchemaVersion.version)))
    return max(versions) if versions else None


def _no_database(database: Database) -> StorageError:
    return _no_database_at(database.shown)


def _no_database_at(shown: str) -> StorageError:
    return StorageError(f"no tournament database at {shown}: create a tournament with `tourney new NAME --game ...`")


def _wrong_version(database: Database, found: int) -> StorageError:
    return StorageError(
        f"{database.shown} has schema version {found}, this tourney uses version {SCHEMA_VERSION}; "
        "use a tourney release that matches it or another database (--db)")


@contextmanager
def translate_errors(database: Database) -> Iterator[None]:
    """Database failures become one-line `StorageError`s (a locked database says so)."""
    try:
        yield
    except DBAPIError as error:
        raise StorageError(_describe(database, error)) from None
    except SQLAlchemyError as error:
        raise StorageError(f"database {database.shown}: {error.__class__.__name__}: {error}") from None


def _describe(database: Database, error: DBAPIError) -> str:
    message = str(error.orig).strip().splitlines()[0] if error.orig is not None else str(error)
    lowered = message.lower()
    if "locked" in lowered or "lock timeout" in lowered or "busy" in lowered:
        return (f"database {database.shown} is locked by another tourney command (waited "
                f"{lock_wait_seconds():g} s); try again in a moment")
    if error.connection_invalidated or "could not connect" in lowered or "connection" in lowered:
        return f"cannot connect to database {database.shown}: {message}"
    if "unable to open database file" in lowered:
        return f"cannot open database {database.shown}: check that the directory exists and is writable"
    if "not a database" in lowered:
        return f"{database.shown} is not a SQLite database"
    return f"database {database.shown}: {message}"


def _pause_for_tests() -> None:
    raw = os.environ.get(PAUSE_ENV)
    if not raw:
        return
    print(PAUSE_MARKER, file=sys.stderr, flush=True)
    time.sleep(float(raw))
