"""The upgrade to schema 5 from a database the release of schema 4 wrote (`fixtures/schema4_floor.db`,
made by `fixtures/make_schema4_floor.py` with that release's code): the floor's reports move out of
`setting` into `floor_report` in one transaction, keep their statuses, and the floor reads the same;
a read-only open upgrades nothing; an older release refuses the upgraded file; a damaged report is
kept and skipped. On PostgreSQL the fixture's rows are loaded into a schema-4 layout first."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Boolean, create_engine, inspect, text

from tourney.app.floor import reports
from tourney.app.floor.floor_pages import director_page, table_page
from tourney.app.floor.floor_read import floor_of, read_floor
from tourney.app.store.floor_store import ENTERED, PENDING, REJECTED, FloorStore, Report
from tourney.errors import StorageError
from tourney.storage import db as db_module
from tourney.storage import floor_reports, models
from tourney.storage.db import open_database

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "schema4_floor.db"
REPORT_KEY = re.compile(r"floor:(?P<uid>[^:]+):report:(?P<number>[0-9]+)")


def _fixture_rows() -> dict[str, tuple[list[str], list[tuple[Any, ...]]]]:
    connection = sqlite3.connect(f"file:{FIXTURE}?mode=ro", uri=True)
    try:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        found = {}
        for name in tables:
            cursor = connection.execute(f"SELECT * FROM {name}")
            found[name] = ([column[0] for column in cursor.description], cursor.fetchall())
        return found
    finally:
        connection.close()


def _load_into_postgresql(url: str) -> None:
    """The fixture's rows in a schema-4 layout of PostgreSQL: today's tables but `floor_report`."""
    rows = _fixture_rows()
    assert "floor_report" not in rows
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            tables = [t for t in models.METADATA.sorted_tables if t.name != "floor_report"]
            models.METADATA.create_all(connection, tables=tables)
            for table in tables:
                names, values = rows[table.name]
                kinds = {column.name: column.type for column in table.columns}
                converted = [{name: _for_postgresql(kinds[name], value) for name, value in zip(names, row, strict=True)}
                             for row in values]
                # Plain SQL: the server reads SQLite's timestamp text as a timestamp.
                insert = (f"INSERT INTO {table.name} ({', '.join(names)}) "
                          f"VALUES ({', '.join(':' + name for name in names)})")
                for one in converted:
                    connection.execute(text(insert), one)
            for table in ("tournament", "event"):
                connection.execute(text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                                        f"(SELECT max(id) FROM {table}))"))
    finally:
        engine.dispose()


def _for_postgresql(kind: Any, value: Any) -> Any:
    if isinstance(kind, Boolean) and value is not None:
        return bool(value)
    return value


@pytest.fixture
def schema4(url: str, tmp_path: Path) -> Iterator[str]:
    """A database of schema 4 with the fixture's two tournaments and their floor reports."""
    if url.startswith("sqlite:"):
        shutil.copy(FIXTURE, tmp_path / "store.db")
    else:
        _load_into_postgresql(url)
    yield url


def _run(url: str, sql: str, params: dict[str, Any] | None = None) -> list[tuple[Any, ...]]:
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            result = connection.execute(text(sql), params or {})
            return [tuple(row) for row in result] if result.returns_rows else []
    finally:
        engine.dispose()


def _tables(url: str) -> set[str]:
    engine = create_engine(url)
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def _version(url: str) -> int:
    return int(_run(url, "SELECT max(version) FROM schema_version")[0][0])


def _blobs(url: str) -> dict[tuple[str, int], str]:
    """The reports schema 4 keeps in `setting`, by (tournament uid, number)."""
    found = {}
    for key, value in _run(url, "SELECT key, value FROM setting WHERE key LIKE 'floor:%:report:%'"):
        match = REPORT_KEY.fullmatch(key)
        assert match is not None
        found[(match["uid"], int(match["number"]))] = value
    return found


def _uids(url: str) -> dict[str, str]:
    return {str(name): str(uid) for name, uid in _run(url, "SELECT name, uid FROM tournament")}


def _every_report(url: str, uid: str) -> list[Report]:
    with open_database(url, create=False, read_only=True) as database, database.read() as session:
        return FloorStore(session, uid, in_settings=not database.has_floor_reports).reports()


def _pages(url: str, tournament: str) -> list[str]:
    """The director's page and every table's page, without the key a table's page draws afresh."""
    floor = read_floor(url, tournament)
    pages = [director_page(floor)] + [table_page(floor, t.number) for t in floor.state.tables]
    return [re.sub(r'name="key" value="[^"]*"', 'name="key"', page) for page in pages]


def _pending(url: str, tournament: str) -> tuple[str, list[dict[str, Any]], dict[int, tuple[int, ...]]]:
    found = reports.pending(db=url, tournament=tournament)
    return found.mode, [r.to_json() for r in found.reports], found.disputes


def test_the_fixture_is_what_the_release_before_wrote(schema4: str) -> None:
    assert _version(schema4) == 4
    tables = _tables(schema4)
    assert "floor_report" not in tables and "setting" in tables
    statuses = sorted(json.loads(blob)["status"] for blob in _blobs(schema4).values())
    assert statuses == [ENTERED, ENTERED, PENDING, PENDING, PENDING, REJECTED]


def test_the_upgrade_moves_every_report_with_its_status_and_deletes_the_settings(schema4: str) -> None:
    blobs = _blobs(schema4)
    before = {uid: [Report.from_json(json.loads(blobs[key])) for key in sorted(blobs) if key[0] == uid]
              for uid in _uids(schema4).values()}
    with open_database(schema4, create=False):
        pass  # a command that may write: the upgrade
    assert _version(schema4) == 5
    assert _blobs(schema4) == {}
    kept = _run(schema4, "SELECT key FROM setting WHERE key LIKE 'floor:%'")
    assert len(kept) == 5  # the secrets, the director generations and Friday's mode stay settings
    for uid, expected in before.items():
        assert _every_report(schema4, uid) == expected
    rows = _run(schema4, "SELECT t.name, r.number, r.stage, r.table_number, r.status, r.kind, r.idempotency_key, "
                         "r.created_at, r.decided_at FROM floor_report r JOIN tournament t ON t.id = r.tournament_id "
                         "ORDER BY t.name, r.number")
    assert rows == [("Friday", 1, 1, 1, ENTERED, "result", "a1", None, None),
                    ("Friday", 2, 1, 1, REJECTED, "result", "r1", None, None),
                    ("Friday", 3, 1, 2, PENDING, "result", "d1", None, None),
                    ("Friday", 4, 1, 2, PENDING, "result", "d2", None, None),
                    ("Friday", 5, 1, 1, ENTERED, "result", "e1", None, None),
                    ("Saturday", 1, 1, 1, PENDING, "result", "s1", None, None)]


def test_the_floor_reads_the_same_before_and_after_the_upgrade(schema4: str) -> None:
    before = {name: (_pages(schema4, name), _pending(schema4, name)) for name in ("Friday", "Saturday")}
    assert before["Friday"][1][0] == "apply" and [r["id"] for r in before["Friday"][1][1]] == [3, 4]
    assert before["Friday"][1][2] == {3: (4,), 4: (3,)}  # the dispute
    assert "report 3" in before["Friday"][0][0]
    assert "Report 1:</strong> result table 1: Szymon loses the round" in before["Saturday"][0][1]
    with open_database(schema4, create=False):
        pass
    assert _version(schema4) == 5
    after = {name: (_pages(schema4, name), _pending(schema4, name)) for name in ("Friday", "Saturday")}
    assert after == before


def test_a_read_only_open_reads_schema_4_as_it_is_and_upgrades_nothing(schema4: str) -> None:
    everything = {name: _run(schema4, f"SELECT * FROM {name} ORDER BY 1") for name in ("setting", "schema_version")}
    assert [r["id"] for r in _pending(schema4, "Friday")[1]] == [3, 4]
    with open_database(schema4, create=False, read_only=True) as database:
        assert database.version == 4 and not database.has_floor_reports
        floor = floor_of(database, "Saturday")
        assert [r.key for r in floor.reports] == ["s1"]
    assert _version(schema4) == 4
    assert {name: _run(schema4, f"SELECT * FROM {name} ORDER BY 1") for name in everything} == everything
    assert "floor_report" not in _tables(schema4)


def test_an_older_release_refuses_the_upgraded_file(schema4: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_database(schema4, create=False):
        pass
    # The release before runs this very check with its own version.
    monkeypatch.setattr(db_module, "SCHEMA_VERSION", 4)
    for read_only in (False, True):
        with pytest.raises(StorageError, match="has schema version 5, this tourney uses version 4; use a tourney "
                                               "release that matches it"):
            open_database(schema4, create=False, read_only=read_only)


def test_a_failed_upgrade_leaves_schema_4_whole(schema4: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The move is the upgrade's transaction: a failure after some reports moved keeps them all where
    they were, and the version too."""
    settings = _run(schema4, "SELECT * FROM setting ORDER BY 1")
    moved: list[int] = []
    original = floor_reports._upsert

    def failing(*args: Any, **kwargs: Any) -> None:
        original(*args, **kwargs)
        moved.append(1)
        if len(moved) == 3:
            raise StorageError("the disk went away")

    monkeypatch.setattr(floor_reports, "_upsert", failing)
    with pytest.raises(StorageError, match="the disk went away"):
        open_database(schema4, create=False)
    assert _version(schema4) == 4
    assert _run(schema4, "SELECT * FROM setting ORDER BY 1") == settings
    assert "floor_report" not in _tables(schema4)


def test_the_upgraded_schema_is_the_one_a_new_database_gets(schema4: str, tmp_path: Path) -> None:
    fresh = f"sqlite:///{tmp_path / 'fresh.db'}"
    with open_database(schema4, create=False), open_database(fresh):
        pass

    def shape(url: str) -> dict[str, Any]:
        engine = create_engine(url)
        found = inspect(engine)
        shown = {"columns": [(c["name"], str(c["type"]), c["nullable"]) for c in found.get_columns("floor_report")],
                "key": found.get_pk_constraint("floor_report")["constrained_columns"],
                "indexes": sorted((i["name"], tuple(i["column_names"])) for i in found.get_indexes("floor_report"))}
        engine.dispose()
        return shown

    upgraded = shape(schema4)
    assert upgraded["key"] == ["tournament_id", "number"]
    assert [name for name, _columns in upgraded["indexes"]] == [
        "ix_floor_report_key", "ix_floor_report_status", "ix_floor_report_table"]
    if schema4.startswith("sqlite:"):
        assert upgraded == shape(fresh)


def test_the_floor_goes_on_after_the_upgrade(schema4: str) -> None:
    """Accepting a moved pending report settles its dispute; the next report gets the next number."""
    settled = reports.accept(3, db=schema4, tournament="Friday")
    assert settled.report.status == ENTERED and [r.id for r in settled.rejected] == [4]
    assert _pending(schema4, "Friday")[1] == []
    uid = _uids(schema4)["Friday"]
    with open_database(schema4, create=False) as database, database.read() as session:
        store = FloorStore(session, uid)
        assert store.next_id() == 6
        assert store.counts() == {ENTERED: 3, REJECTED: 2}
        assert [r.id for r in store.table_reports(1, 2)] == [3, 4]
        assert store.with_key("e1", link="table 1") == store.report(5)
        assert store.with_key("e1", link="table 2") is None
    decided = _run(schema4, "SELECT number, created_at IS NULL, decided_at IS NULL FROM floor_report r "
                            "WHERE r.tournament_id = (SELECT id FROM tournament WHERE name = 'Friday') ORDER BY number")
    # Moved rows keep no time (that layout had none); the director's decisions now have one.
    assert decided == [(1, True, True), (2, True, True), (3, True, False), (4, True, False), (5, True, True)]


def _damage(url: str, tournament: str, number: int, blob: str) -> None:
    uid = _uids(url)[tournament]
    _run(url, "UPDATE setting SET value = :blob WHERE key = :key",
         {"blob": blob, "key": f"floor:{uid}:report:{number:08d}"})


@pytest.mark.parametrize("blob", ["{not json", '{"id": 3}', "[3]", '{"id": 4, "stage": 1}'])
def test_a_damaged_report_is_kept_by_the_upgrade_and_skipped_by_every_read(schema4: str, blob: str) -> None:
    """The release before failed every floor read with a traceback on such a blob; now the upgrade
    goes through, keeps the text as found (status `damaged`), and the floor reads the rest."""
    _damage(schema4, "Friday", 3, blob)
    before = _pending(schema4, "Friday")  # read as it is (read-only): skipped there too
    assert [r["id"] for r in before[1]] == [4] and before[2] == {}
    pages = _pages(schema4, "Friday")
    with open_database(schema4, create=False):
        pass
    assert _pending(schema4, "Friday") == before
    assert _pages(schema4, "Friday") == pages
    assert _run(schema4, "SELECT status, payload FROM floor_report WHERE number = 3 AND tournament_id = "
                         "(SELECT id FROM tournament WHERE name = 'Friday')") == [("damaged", blob)]
    assert _blobs(schema4) == {}
    uid = _uids(schema4)["Friday"]
    with open_database(schema4, create=False) as database, database.read() as session:
        store = FloorStore(session, uid)
        assert [r.id for r in store.reports()] == [1, 2, 4, 5]
        assert store.next_id() == 6  # the damaged report's number is never given again
    assert reports.accept(4, db=schema4, tournament="Friday").report.status == ENTERED


def test_a_row_edited_outside_tourney_is_one_error_and_only_for_the_reads_that_meet_it(schema4: str) -> None:
    with open_database(schema4, create=False):
        pass
    _run(schema4, "UPDATE floor_report SET payload = '{\"at\": 1}' WHERE number = 1")
    uid = _uids(schema4)["Friday"]
    with open_database(schema4, create=False) as database, database.read() as session:
        store = FloorStore(session, uid)
        # The pending reports are read by query: the entered report 1 is never parsed for them.
        assert [r.id for r in store.pending(stage=1)] == [3, 4]
        with pytest.raises(StorageError, match=rf"floor report 1 of tournament {uid} is damaged: .* edited "
                                               "outside tourney"):
            store.reports()


def test_a_reader_opened_on_schema_4_reads_the_reports_once_another_open_upgraded_the_file(schema4: str) -> None:
    """The server's reader stays open while the commands of the floor write (and so upgrade)."""
    with open_database(schema4, create=False, read_only=True) as reader:
        assert [r.id for r in floor_of(reader, "Friday").reports] == [3, 4]
        with open_database(schema4, create=False):
            pass
        assert _blobs(schema4) == {} and reader.version == 4
        assert [r.id for r in floor_of(reader, "Friday").reports] == [3, 4]
