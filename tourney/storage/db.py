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
import stat
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl, quote

from tourney.errors import StorageError
from tourney.storage.sql import SqlAlchemyTx, SqliteTx, Tx
from tourney.storage.state_cache import StateCache

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

# The schema version of this tourney (kept in models.py with the rows; repeated here so that opening
# a database never imports SQLModel: models.py is imported only to create or upgrade the schema).
SCHEMA_VERSION = 5
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
    """One database: a SQLite file (through the standard library's sqlite3) or a SQLAlchemy engine
    (any other URL), plus the transaction helpers every command uses.

    `states` holds the tournaments' folded states between this database's transactions (events.py):
    they live as long as the Database, so a one-shot command starts cold and a front end that keeps
    its Database open (the desk, `tourney serve`) keeps them; Databases of one file may share one."""

    def __init__(self, shown: str, *, sqlite_path: str | None = None, engine: Engine | None = None,
                 read_only: bool = False, states: StateCache | None = None) -> None:
        # The URL for messages: never shows a password.
        self.shown = shown
        self.read_only = read_only
        self._sqlite_path = sqlite_path
        self._sqlite: sqlite3.Connection | None = None
        self._engine = engine
        self.dialect = "sqlite" if sqlite_path is not None else (engine.dialect.name if engine else "")
        self.is_sqlite = self.dialect == "sqlite"
        self.is_postgresql = self.dialect == "postgresql"
        # The schema version found (ensure_schema): a read-only open of an older file reads it as it is.
        self.version = SCHEMA_VERSION
        self.states = states if states is not None else StateCache()

    @property
    def has_settings(self) -> bool:
        """Whether the `setting` table exists (schema 2 on): the current tournament, the demo mark."""
        return self.version >= 2

    @property
    def has_checkpoints(self) -> bool:
        """Whether the `checkpoint` and `overview` tables exist (schema 4 on; storage/checkpoint.py)."""
        return self.version >= 4

    @property
    def has_floor_reports(self) -> bool:
        """Whether the floor's reports are in `floor_report` (schema 5 on), not in `setting`."""
        return self.version >= 5

    @property
    def sqlite_path(self) -> str | None:
        return self._sqlite_path

    @contextmanager
    def write(self) -> Iterator[Tx]:
        """One write transaction: commits when the block ends, rolls back on any error."""
        if self.read_only:
            raise StorageError(f"{self.shown} was opened read-only; this command cannot change it")
        with self._transaction(write=True) as tx:
            yield tx
            _pause_for_tests()

    @contextmanager
    def read(self) -> Iterator[Tx]:
        """One read transaction: a consistent snapshot, never blocks writers (WAL / MVCC)."""
        with self._transaction(write=False) as tx:
            yield tx

    @contextmanager
    def _transaction(self, *, write: bool) -> Iterator[Tx]:
        if self._sqlite_path is not None:
            with self._sqlite_transaction(write=write) as tx:
                yield tx
            return
        from sqlalchemy import text

        assert self._engine is not None
        with translate_errors(self), self._engine.begin() as connection:
            if self.is_postgresql:
                if write:
                    wait_ms = int(lock_wait_seconds() * 1000)
                    connection.execute(text(f"SET LOCAL lock_timeout = {wait_ms}"))
                elif self.read_only:
                    connection.execute(text("SET TRANSACTION READ ONLY"))
            yield SqlAlchemyTx(connection)

    @contextmanager
    def _sqlite_transaction(self, *, write: bool) -> Iterator[Tx]:
        try:
            connection = self._sqlite_connection()
            # IMMEDIATE takes the write lock up front: a second writer waits at BEGIN (busy timeout)
            # instead of failing at its first write after having read a state about to change.
            connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.Error as error:
            raise StorageError(_describe(self, str(error))) from None
        try:
            yield SqliteTx(connection)
        except BaseException as error:
            with suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise StorageError(_describe(self, str(error))) from None
            raise
        try:
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            with suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
            raise StorageError(_describe(self, str(error))) from None

    def _sqlite_connection(self) -> sqlite3.Connection:
        if self._sqlite is None:
            assert self._sqlite_path is not None
            if self.read_only:
                self._sqlite = _sqlite_read_only(self._sqlite_path)
            else:
                self._sqlite = _sqlite_writable(self._sqlite_path)
        return self._sqlite

    def close(self) -> None:
        if self._sqlite is not None:
            self._sqlite.close()
            self._sqlite = None
        if self._engine is not None:
            self._engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_database(url: str | None = None, *, create: bool = True, read_only: bool = False,
                  states: StateCache | None = None) -> Database:
    """Open (and, if `create`, create) the database at `url`; check its schema version.

    `create=False` is for every command but `tourney new`: a database without tourney's tables (or
    a SQLite file that does not exist) is refused, and nothing is created. An older schema is
    upgraded here, in one transaction, unless `read_only`.

    `read_only=True` is for the commands that only read: nothing is written, not even SQLite's
    journal mode, so a backup copy or a viewer's read-only file (or directory) can be read.

    `states`: the folded-state cache to keep (one shared by the Databases of one file), else a new one.
    """
    if create and read_only:
        raise ValueError("a database cannot be created read-only")
    raw = resolve_url(url)
    lock_wait_seconds()  # a bad $TOURNEY_LOCK_WAIT is refused by every command, on every backend
    if raw.startswith("sqlite:"):
        path = sqlite_file(raw)
        if not create and not Path(path).exists():
            raise _no_database_at(raw)
        problem = not_a_regular_file(path)
        if problem is not None:  # SQLite would wait forever on a FIFO, or fail on a device as a full disk
            raise StorageError(f"{path!r} {problem}, not a regular database file: "
                               "give a database file, e.g. sqlite:///tourney.db")
        database = Database(raw, sqlite_path=path, read_only=read_only, states=states)
    else:
        database = _sqlalchemy_database(raw, read_only=read_only, states=states)
    try:
        ensure_schema(database, create=create)
    except BaseException:
        database.close()
        raise
    return database


_KINDS = ((stat.S_ISFIFO, "is a FIFO (named pipe)"), (stat.S_ISDIR, "is a directory"),
          (stat.S_ISCHR, "is a character device"), (stat.S_ISBLK, "is a block device"),
          (stat.S_ISSOCK, "is a socket"))


def not_a_regular_file(path: str | os.PathLike[str]) -> str | None:
    """What `path` is when it exists but is no regular file ("is a FIFO (named pipe)"), else None.
    A symbolic link counts as what it points to; a file that cannot be examined is left to the
    open that follows, which says why."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    return next((text for test, text in _KINDS if test(mode)), "is not a regular file")


def sqlite_file(url: str) -> str:
    """The file of a `sqlite:///path` URL; an in-memory or malformed one is refused (StorageError)."""
    match = re.fullmatch(r"sqlite(?:\+pysqlite)?://(/(?P<path>[^?]*))?(\?(?P<query>.*))?", url, flags=re.DOTALL)
    if match is None:
        raise StorageError(f"not a database URL: {url!r} (e.g. sqlite:///tourney.db)")
    path = match.group("path") or ""
    query = dict(parse_qsl(match.group("query") or ""))
    # sqlite://, sqlite:///:memory:, and the URI forms file::memory: and ?mode=memory.
    if path in ("", ":memory:") or path.startswith("file::memory:") or query.get("mode") == "memory":
        raise StorageError(f"{url} is an in-memory database: nothing would be kept once the command "
                           "ends; give a file, e.g. sqlite:///tourney.db")
    if query:
        raise StorageError(f"{url}: a SQLite URL takes no options here ({', '.join(sorted(query))}); "
                           "give just the file, e.g. sqlite:///tourney.db")
    return path


def _sqlalchemy_database(url: str, *, read_only: bool, states: StateCache | None) -> Database:
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StorageError(f"not a database URL: {url!r} (e.g. sqlite:///tourney.db)") from None
    shown = parsed.render_as_string(hide_password=True)
    try:
        engine = create_engine(url, pool_pre_ping=False)
    except (NoSuchModuleError, ModuleNotFoundError, ArgumentError) as error:
        raise StorageError(f"cannot use database {shown}: {error}") from None
    return Database(shown, engine=engine, read_only=read_only, states=states)


def _sqlite_writable(path: str) -> sqlite3.Connection:
    # isolation_level=None: the sqlite3 module would issue a plain (deferred) BEGIN; we choose the
    # kind of BEGIN ourselves (see Database._sqlite_transaction).
    connection = sqlite3.connect(path, timeout=lock_wait_seconds(), isolation_level=None, check_same_thread=False)
    try:
        # WAL: readers never block and are never blocked. FULL sync fsyncs every commit, so a power
        # cut never loses a command that reported success (NORMAL would only guard against corruption).
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        connection.execute("PRAGMA foreign_keys=ON")
    except BaseException:
        connection.close()
        raise
    return connection


def _sqlite_read_only(path: str) -> sqlite3.Connection:
    """A connection that never writes: `mode=ro`, which still needs the WAL index (the -shm file),
    so a writable directory and room on the disk to size it. When that cannot be had (a backup on a
    read-only directory: "readonly" / "unable to open"; a full disk: "disk I/O error", "disk is
    full"), the WAL index is kept in this process's memory instead (`_sqlite_private_read`)."""
    location = quote(str(Path(path).absolute()))
    timeout = lock_wait_seconds()
    connection = sqlite3.connect(f"file:{location}?mode=ro", uri=True, timeout=timeout, isolation_level=None,
                                 check_same_thread=False)
    try:
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError as error:
        connection.close()
        if not any(reason in str(error).lower() for reason in _NO_WAL_INDEX):
            raise
        connection = _sqlite_private_read(location, timeout)
    # Belt and braces: even the fallbacks refuse any write.
    connection.execute("PRAGMA query_only=ON")
    return connection


# How SQLite says it could not make or size the WAL index of a read-only connection.
_NO_WAL_INDEX = ("readonly", "unable to open", "disk i/o error", "disk is full")


def _sqlite_private_read(location: str, timeout: float) -> sqlite3.Connection:
    """A read that sizes and locks no file: the `unix-none` VFS (no file locks) in EXCLUSIVE locking
    mode, set before the first read, which keeps the WAL index in heap memory and reads the WAL
    itself, so results committed to the WAL but not yet checkpointed (as a full disk leaves them: a
    checkpoint that must grow the file fails) are read too. Without file locks a checkpoint run by
    another process at that very moment could be read half-done; on a full disk or a read-only
    directory nobody is writing.

    With no WAL file at all, SQLite must create one, which a read-only directory refuses; the main
    file then holds everything, and `immutable=1` reads it alone (also where that VFS does not exist)."""
    try:
        connection = sqlite3.connect(f"file:{location}?mode=ro&vfs=unix-none", uri=True, timeout=timeout,
                                     isolation_level=None, check_same_thread=False)
    except sqlite3.OperationalError:  # no such VFS (not a Unix build of SQLite)
        return _sqlite_immutable(location, timeout)
    try:
        connection.execute("PRAGMA locking_mode=EXCLUSIVE")
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError as error:
        connection.close()
        if "readonly" not in str(error).lower() and "unable to open" not in str(error).lower():
            raise
        return _sqlite_immutable(location, timeout)
    return connection


def _sqlite_immutable(location: str, timeout: float) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{location}?immutable=1", uri=True, timeout=timeout, isolation_level=None,
                           check_same_thread=False)


def ensure_schema(database: Database, *, create: bool = True) -> None:
    """Create the tables of an empty database (if `create`); upgrade an older schema (unless the
    database is read-only, which reads it as it is); refuse a newer or unknown one."""
    with database.read() as tx:
        found = _schema_version(tx)
    if found is not None and found <= SCHEMA_VERSION:
        database.version = found
        if found == SCHEMA_VERSION or database.read_only:
            return
    elif found is not None:
        raise _wrong_version(database, found)
    elif not create:
        raise _no_database(database)
    # Only here is SQLModel imported: the rows of models.py define the schema.
    from tourney.storage import models

    assert models.SCHEMA_VERSION == SCHEMA_VERSION, "db.SCHEMA_VERSION and models.SCHEMA_VERSION differ"
    with database.write() as tx:
        if database.is_postgresql:
            # Two processes creating or upgrading the schema of one database at once take turns.
            tx.run("SELECT pg_advisory_xact_lock(7270000)")
        found = _schema_version(tx)
        if found is None:
            if not create:
                raise _no_database(database)
            tables = tx.table_names()
            if tables:
                if "tournament" not in tables:
                    raise StorageError(f"{database.shown} is not a tourney database (it has other tables)")
                raise StorageError(f"{database.shown} has tourney tables but no schema version; cannot use it")
            tx.create_tables(models.METADATA.sorted_tables)
            tx.run("INSERT INTO schema_version (version) VALUES (:v)", {"v": SCHEMA_VERSION})
        elif found < SCHEMA_VERSION:
            _upgrade(tx, found)
        elif found != SCHEMA_VERSION:
            raise _wrong_version(database, found)
    database.version = SCHEMA_VERSION


def _upgrade(tx: Tx, found: int) -> None:
    """Bring a schema of version `found` up to SCHEMA_VERSION inside the caller's transaction:
    either every step is committed or none (a killed upgrade leaves the old version intact)."""
    from tourney.storage import models

    if found < 2:
        # Version 2: the `setting` table. No row needs rewriting.
        tx.create_tables([models.Setting.__table__])  # type: ignore[attr-defined]
    if found < 3 and tx.dialect == "postgresql":
        # Version 3: seeds up to 2^63 - 1 (SQLite's INTEGER is already 64-bit).
        tx.run("ALTER TABLE tournament ALTER COLUMN seed TYPE BIGINT")
    if found < 4:
        # Version 4: a tournament's checkpoint and overview (caches of its log: empty until the next
        # entry writes them; until then commands fold the log as before). A file a newer tourney
        # wrote and someone set back keeps them: emptied, since older releases did not keep them.
        caches = [models.CheckpointRow.__table__, models.OverviewRow.__table__]  # type: ignore[attr-defined]
        present = tx.table_names()
        for table in caches:
            if table.name in present:
                tx.run(f"DELETE FROM {table.name}")
        tx.create_tables([table for table in caches if table.name not in present])
    if found < 5:
        # Version 5: the floor's reports in a table of their own, moved out of `setting`.
        from tourney.storage.floor_reports import move_from_settings

        move_from_settings(tx, models.FloorReportRow.__table__)  # type: ignore[attr-defined]
    tx.run("INSERT INTO schema_version (version) VALUES (:v)", {"v": SCHEMA_VERSION})


def _schema_version(tx: Tx) -> int | None:
    if "schema_version" not in tx.table_names():
        return None
    found = tx.run("SELECT max(version) FROM schema_version")
    return int(found[0][0]) if found and found[0][0] is not None else None


def _no_database(database: Database) -> StorageError:
    return _no_database_at(database.shown)


def _no_database_at(shown: str) -> StorageError:
    return StorageError.in_words("no tournament database at %(database)s: create a tournament with `tourney new NAME "
                                 "--game ...`", database=shown)


def _wrong_version(database: Database, found: int) -> StorageError:
    return StorageError(
        f"{database.shown} has schema version {found}, this tourney uses version {SCHEMA_VERSION}; "
        "use a tourney release that matches it or another database (--db)")


@contextmanager
def translate_errors(database: Database) -> Iterator[None]:
    """SQLAlchemy's failures become one-line `StorageError`s (a locked database says so)."""
    from sqlalchemy.exc import DBAPIError, SQLAlchemyError

    try:
        yield
    except DBAPIError as error:
        message = str(error.orig).strip().splitlines()[0] if error.orig is not None else str(error)
        raise StorageError(_describe(database, message, lost=error.connection_invalidated)) from None
    except SQLAlchemyError as error:
        raise StorageError(f"database {database.shown}: {error.__class__.__name__}: {error}") from None


def _describe(database: Database, message: str, *, lost: bool = False) -> str:
    message = message.strip().splitlines()[0] if message.strip() else message
    lowered = message.lower()
    if "locked" in lowered or "lock timeout" in lowered or "busy" in lowered:
        return (f"database {database.shown} is locked by another tourney command (waited "
                f"{lock_wait_seconds():g} s); try again in a moment")
    if lost or "could not connect" in lowered or "connection" in lowered:
        return f"cannot connect to database {database.shown}: {message}"
    if "unable to open database file" in lowered:
        return f"cannot open database {database.shown}: check that the directory exists and is writable"
    if "not a database" in lowered:
        return f"{database.shown} is not a SQLite database"
    if "disk i/o error" in lowered or "disk is full" in lowered:
        return f"database {database.shown}: {message} (is the disk full?)"
    return f"database {database.shown}: {message}"


def _pause_for_tests() -> None:
    raw = os.environ.get(PAUSE_ENV)
    if not raw:
        return
    print(PAUSE_MARKER, file=sys.stderr, flush=True)
    time.sleep(float(raw))
