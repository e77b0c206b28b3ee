"""One transaction's connection, as the repository uses it: plain SQL with `:name` parameters, rows
as tuples. Two kinds:

- `SqliteTx` talks to the standard library's sqlite3 driver directly. A live event's commands run
  on SQLite, and SQLAlchemy plus SQLModel cost about 0.2 s of imports per command, most of a
  one-shot `tourney result`'s budget (issue 11: under 0.25 s at 3,000 players); the three
  statements a command runs never needed them.
- `SqlAlchemyTx` wraps a SQLAlchemy connection, for every other URL (PostgreSQL, ...).

The schema itself is still defined once, by the SQLModel rows of `models.py`; `create_schema`
compiles their DDL for whichever dialect the transaction speaks.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection
    from sqlalchemy.schema import Table

Row = tuple[Any, ...]


class Tx:
    """A transaction's connection. `dialect` is "sqlite", "postgresql" or another SQLAlchemy name."""

    dialect: str

    def run(self, sql: str, params: dict[str, Any] | None = None) -> list[Row]:
        """Execute one statement; every row it returns (none for most writes)."""
        raise NotImplementedError

    def table_names(self) -> set[str]:
        raise NotImplementedError

    def create_tables(self, tables: Iterable[Table]) -> None:
        """Create `tables` (and their indexes) inside this transaction."""
        raise NotImplementedError


class SqliteTx(Tx):
    dialect = "sqlite"

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def run(self, sql: str, params: dict[str, Any] | None = None) -> list[Row]:
        return self.connection.execute(sql, params or {}).fetchall()

    def table_names(self) -> set[str]:
        return {str(row[0]) for row in self.run("SELECT name FROM sqlite_master WHERE type = 'table'")}

    def create_tables(self, tables: Iterable[Table]) -> None:
        from sqlalchemy.dialects import sqlite
        from sqlalchemy.schema import CreateIndex, CreateTable

        dialect = sqlite.dialect()
        for table in tables:
            self.run(str(CreateTable(table).compile(dialect=dialect)))
            for index in sorted(table.indexes, key=lambda i: str(i.name)):
                self.run(str(CreateIndex(index).compile(dialect=dialect)))


class SqlAlchemyTx(Tx):
    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.dialect = connection.dialect.name
        self._paramstyle = connection.dialect.paramstyle

    def run(self, sql: str, params: dict[str, Any] | None = None) -> list[Row]:
        result = self.connection.exec_driver_sql(_native(self._paramstyle, sql), params or {})
        return [tuple(row) for row in result] if result.returns_rows else []

    def table_names(self) -> set[str]:
        from sqlalchemy import inspect

        return set(inspect(self.connection).get_table_names())

    def create_tables(self, tables: Iterable[Table]) -> None:
        for table in tables:
            table.create(self.connection)


@lru_cache(maxsize=64)
def _native(paramstyle: str, sql: str) -> str:
    """`:name` parameters in the driver's own style: psycopg2 wants `%(name)s`."""
    if paramstyle in ("pyformat", "format"):
        return re.sub(r"(?<![:\w]):(\w+)", r"%(\1)s", sql)
    return sql
