"""Storage tests: a fresh database per test on SQLite, and on PostgreSQL when TOURNEY_TEST_PG_URL is
set (.ci/postgres); under TOURNEY_REQUIRE_PG=1 a missing URL fails instead of skipping."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from tourney.storage.db import Database, open_database


def _pg_url(base: str) -> Iterator[str]:
    schema = f"s_{uuid.uuid4().hex[:16]}"
    admin = create_engine(base)
    try:
        with admin.begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
        yield make_url(base).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
        return
    base = os.environ.get("TOURNEY_TEST_PG_URL", "")
    if not base:
        if os.environ.get("TOURNEY_REQUIRE_PG", "") in ("1", "true", "yes"):
            pytest.fail("TOURNEY_REQUIRE_PG=1 but TOURNEY_TEST_PG_URL is not set")
        pytest.skip("PostgreSQL tests need TOURNEY_TEST_PG_URL (see .ci/postgres)")
    yield from _pg_url(base)


@pytest.fixture
def database(url: str) -> Iterator[Database]:
    with open_database(url) as db:
        yield db


@pytest.fixture
def sqlite_database(tmp_path: Path) -> Iterator[Database]:
    """For behaviour that only SQLite has (its write lock at BEGIN IMMEDIATE)."""
    with open_database(f"sqlite:///{tmp_path / 'store.db'}") as db:
        yield db
