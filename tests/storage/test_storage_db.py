"""The database layer: URLs, schema version, locks, errors as one line."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from log_support import append_events
from sqlalchemy import create_engine, text

from tourney.errors import StorageError
from tourney.storage import events
from tourney.storage.db import DEFAULT_URL, Database, open_database, resolve_url
from tourney.storage.models import SCHEMA_VERSION


def test_url_resolution(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOURNEY_DB", raising=False)
    assert resolve_url(None) == DEFAULT_URL == "sqlite:///tourney.db"
    monkeypatch.setenv("TOURNEY_DB", "sqlite:///friday.db")
    assert resolve_url(None) == "sqlite:///friday.db"
    assert resolve_url("sqlite:///given.db") == "sqlite:///given.db"


def test_schema_is_created_once_with_its_version(url: str) -> None:
    with open_database(url):
        pass
    # Reopening finds the schema and changes nothing.
    with open_database(url) as again, again.read() as tx:
        versions = tx.run("SELECT version FROM schema_version")
    assert [tuple(v) for v in versions] == [(SCHEMA_VERSION,)]


def test_another_schema_version_is_refused(url: str) -> None:
    with open_database(url):
        pass
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE schema_version SET version = 7"))
    engine.dispose()
    with pytest.raises(StorageError, match=rf"schema version 7, this tourney uses version {SCHEMA_VERSION}"):
        open_database(url)


def test_a_foreign_database_is_refused(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE invoices (id INTEGER PRIMARY KEY)"))
    engine.dispose()
    with pytest.raises(StorageError, match="not a tourney database"):
        open_database(url)


def test_create_false_creates_nothing(tmp_path: Path) -> None:
    path = tmp_path / "none.db"
    with pytest.raises(StorageError, match="no tournament database"):
        open_database(f"sqlite:///{path}", create=False)
    assert not path.exists()


@pytest.mark.parametrize(("bad", "fragment"), [
    ("not a url", "not a database URL"),
    ("nosuch://x/y", "cannot use database"),
    ("sqlite:////no/such/dir/t.db", "cannot open database"),
    ("postgresql+psycopg2://nobody@127.0.0.1:1/none", "cannot connect"),
])
def test_bad_urls_are_one_line_errors(bad: str, fragment: str) -> None:
    with pytest.raises(StorageError, match=fragment) as caught:
        open_database(bad)
    assert "\n" not in str(caught.value)


def test_passwords_never_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(StorageError) as caught:
        open_database("postgresql+psycopg2://user:s3cret@127.0.0.1:1/db")
    assert "s3cret" not in str(caught.value)


def test_a_locked_sqlite_database_waits_then_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOURNEY_LOCK_WAIT", "0.2")
    url = f"sqlite:///{tmp_path / 'lock.db'}"
    with open_database(url) as database:
        events.create_tournament(database, name="T", game="polish-poker", seed=1)
        other = sqlite3.connect(tmp_path / "lock.db", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(StorageError, match=r"locked by another tourney command \(waited 0.2 s\)"):
                append_events(database, make=lambda _s, _t: [("register", {"name": "Ann", "club": None})])
            assert events.snapshot(database).state.players == []  # reading does not wait
        finally:
            other.execute("ROLLBACK")
            other.close()
        append_events(database, make=lambda _s, _t: [("register", {"name": "Ann", "club": None})])
        assert [p.name for p in events.snapshot(database).state.players] == ["Ann"]


def test_write_transactions_start_immediately_on_sqlite(sqlite_database: Database) -> None:
    database = sqlite_database
    assert database.is_sqlite
    with database.write():
        # The write lock is taken at BEGIN: another writer cannot get in even before we write.
        path = database.sqlite_path
        assert path is not None
        other = sqlite3.connect(path, timeout=0, isolation_level=None)
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            other.execute("BEGIN IMMEDIATE")
        other.close()


def test_a_schema_2_database_is_upgraded_to_64_bit_seeds(url: str) -> None:
    """Schema 2 kept the seed in a 32-bit INTEGER on PostgreSQL: a seed above 2^31 was refused
    there. Opening it upgrades the column in one transaction; SQLite's INTEGER already held 2^63-1."""
    with open_database(url):
        pass
    engine = create_engine(url)
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("ALTER TABLE tournament ALTER COLUMN seed TYPE INTEGER"))
        connection.execute(text("DROP TABLE checkpoint"))  # added by version 4
        connection.execute(text("DROP TABLE overview"))
        connection.execute(text("DROP TABLE floor_report"))  # added by version 5
        connection.execute(text("DELETE FROM schema_version"))
        connection.execute(text("INSERT INTO schema_version (version) VALUES (2)"))
    engine.dispose()
    with open_database(url, create=False) as database:
        events.create_tournament(database, name="Big seed", game="polish-poker", seed=2**63 - 1)
        with database.read() as tx:
            assert tx.run("SELECT max(version) FROM schema_version")[0][0] == SCHEMA_VERSION == 5
            assert tx.run("SELECT seed FROM tournament")[0][0] == 2**63 - 1
