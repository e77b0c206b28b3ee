"""Shared by the live-tournament CLI tests: database backends, row dumps, CLI helpers.

Every test gets a fresh database: a SQLite file in its tmp_path, and, when TOURNEY_TEST_PG_URL is
set (by .ci/postgres), a fresh schema on that PostgreSQL server. With TOURNEY_REQUIRE_PG=1 (CI) a
missing PostgreSQL URL fails the PostgreSQL tests instead of skipping them.

Import the fixture into a test module: `from tourney_db_support import db_url  # noqa: F401`.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
import typer.main
import typer.testing
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import make_url
from typer.testing import CliRunner, Result

from tourney.cli import app

BACKENDS = ["sqlite", "postgresql"]
runner = CliRunner()


def pg_base_url() -> str:
    """The PostgreSQL server of the tests, or skip (fail under TOURNEY_REQUIRE_PG=1)."""
    url = os.environ.get("TOURNEY_TEST_PG_URL", "")
    if not url:
        if os.environ.get("TOURNEY_REQUIRE_PG", "") in ("1", "true", "yes"):
            pytest.fail("TOURNEY_REQUIRE_PG=1 but TOURNEY_TEST_PG_URL is not set: PostgreSQL tests cannot run")
        pytest.skip("PostgreSQL tests need TOURNEY_TEST_PG_URL (see .ci/postgres)")
    return url


def fresh_url(backend: str, tmp_path: Path) -> Iterator[str]:
    """A database URL nobody else uses; PostgreSQL schemas are dropped afterwards."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.db'}"
        return
    base = pg_base_url()
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = create_engine(base)
    try:
        with admin.begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
        # Every connection of the test sees only its own schema.
        url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        admin.dispose()


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield from fresh_url(request.param, tmp_path)


def dump(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in key order: equal dumps mean an unchanged database."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            tables = sorted(inspect(connection).get_table_names())
            return {name: [tuple(row) for row in connection.execute(text(f"SELECT * FROM {name} ORDER BY 1"))]
                    for name in tables}
    finally:
        engine.dispose()


_built: list[Any] = []


def _built_command(_app: Any) -> Any:
    # Typer rebuilds the whole click command tree on every invoke (~45 ms, 10x a command's own
    # work); a whole event is hundreds of commands, so build it once.
    if not _built:
        _built.append(typer.main.get_command(app))
    return _built[0]


def tourney(url: str, *args: str, tournament: str | None = None) -> Result:
    """Run one `tourney` command against `url` (through the real CLI and its error boundary)."""
    argv = [*args, "--db", url]
    if tournament is not None:
        argv += ["--tournament", tournament]
    with patch.object(typer.testing, "_get_command", _built_command):
        return runner.invoke(app, argv)


def ok(url: str, *args: str, tournament: str | None = None) -> Result:
    result = tourney(url, *args, tournament=tournament)
    assert result.exit_code == 0, f"tourney {' '.join(args)}: {result.stderr or result.stdout}"
    return result


def assert_one_error_line(result: Result, *fragments: str) -> str:
    assert result.exit_code != 0, result.stdout
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: "), lines[0]
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


def chips_each(url: str, tournament: str | None = None) -> int:
    """The chips each player sits down with at a table of the current tournament (its game's
    `start_chips` default): a table's `chips` entry adds up to this times its players."""
    from tourney.engine.entries import start_chips
    from tourney.rules.games import find_game

    game = json.loads(ok(url, "status", "--json", tournament=tournament).stdout)["game"]
    each = start_chips(find_game(game))
    assert each is not None, f"{game} has no start_chips option"
    return each
