"""Backups that are whole: a SQLite copy taken while a writer appends holds every event committed
before it began and passes SQLite's integrity check, where a plain copy of the .db file misses what
the write-ahead log holds; the portable export loads back into any database with the same
tournament (events renumbered, floor reports and settings along), all or nothing."""

from __future__ import annotations

import os
import shutil
import sqlite3
import threading
import uuid
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from typer.testing import CliRunner

from tourney.app.operations.backup import backup, restore
from tourney.app.store.floor_store import ENTERED, PENDING, FloorStore, Report
from tourney.cli import app
from tourney.errors import InvalidInputError
from tourney.storage import events, repo
from tourney.storage.db import Database, open_database

runner = CliRunner()


def _invoke(url: str, *args: str) -> str:
    done = runner.invoke(app, [*args, "--db", url])
    assert done.exit_code == 0, done.output
    return done.stdout


def _evening(url: str) -> None:
    """A tournament with results, an undo, a correction, floor reports (one entered as an event)
    and the floor's settings."""
    for args in (["new", "Friday", "--game", "pp", "--seed", "1"], ["player", "add", "ann", "bob", "cy", "dan"],
                 ["seat"], ["result", "1", "ann"], ["result", "1", "bob"], ["undo"], ["result", "1", "cy"]):
        _invoke(url, *args)
    with open_database(url, create=False) as database:
        tournament, log = events.all_events(database)
        first = next(e for e in log if e.kind == "result")
        last = [e for e in log if e.kind == "result"][-1]
        with database.write() as session:
            store = FloorStore(session, tournament.uid)
            store.secret(create=True)
            store.put(Report(1, 1, 1, "1.0.0.0", "result", {"table": 1, "loser": "cy"},
                             {"link": "table 1", "device": "telefon ł"}, "k1", ENTERED, last.id, "by the director"))
            store.put(Report(2, 1, 1, "1.1.0.0", "result", {"table": 1, "loser": "dan"},
                             {"link": "table 1", "device": "telefon ł"}, "k2", PENDING))
    _invoke(url, "correct", str(first.id), "--loser", "dan", "--yes")


def _shown(url: str) -> tuple[str, str]:
    return (_invoke(url, "standings", "--json", "-t", "Friday"), _invoke(url, "tables", "1", "--json", "-t", "Friday"))


def _floor(url: str) -> tuple[str | None, list[Report]]:
    with open_database(url, create=False) as database, database.read() as session:
        uid = repo.find_tournament(session=session, ref="Friday").uid
        store = FloorStore(session, uid)
        return store.secret(), store.reports()


def _log(url: str) -> list[tuple[int, str, dict[str, object]]]:
    with open_database(url, create=False) as database:
        _tournament, log = events.all_events(database, tournament="Friday")
        return [(e.id, e.kind, e.data) for e in log]


def _another_tournament(url: str) -> None:
    """Events of another tournament first, so that the restored events get other ids."""
    for args in (["new", "Thursday", "--game", "pp", "--seed", "2"], ["player", "add", "ewa", "ola", "iza"]):
        _invoke(url, *args)


@pytest.fixture
def pg_target() -> Iterator[str]:
    """A second PostgreSQL database (a fresh schema) to restore into, beside the `url` fixture's."""
    base = os.environ.get("TOURNEY_TEST_PG_URL", "")
    if not base:
        if os.environ.get("TOURNEY_REQUIRE_PG", "") in ("1", "true", "yes"):
            pytest.fail("TOURNEY_REQUIRE_PG=1 but TOURNEY_TEST_PG_URL is not set")
        pytest.skip("PostgreSQL tests need TOURNEY_TEST_PG_URL (see .ci/postgres)")
    schema = f"r_{uuid.uuid4().hex[:16]}"
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


def _round_trip(source: str, target: str, tmp_path: Path) -> None:
    made = backup(str(tmp_path / "friday.jsonl"), db=source, portable=True)
    assert made.kind == "jsonl" and made.events == len(_log(source)) and made.tournaments == 1
    _another_tournament(target)
    done = restore(made.path, db=target)
    assert done.tournaments == ("Friday",) and done.events == made.events and done.reports == 2
    assert _shown(target) == _shown(source)
    before, after = _log(source), _log(target)
    renumbered = {old: new for (old, _, _), (new, _, _) in zip(before, after, strict=True)}
    assert any(old != new for old, new in renumbered.items())
    for (_, kind, data), (_, kind_after, data_after) in zip(before, after, strict=True):
        assert kind_after == kind
        if kind in ("undo", "correct"):
            assert data_after == {**data, "target": renumbered[data["target"]]}  # type: ignore[index]
        else:
            assert data_after == data
    secret, reports = _floor(source)
    secret_after, reports_after = _floor(target)
    assert secret_after == secret is not None
    assert reports_after[0].event == renumbered[reports[0].event]  # type: ignore[index]
    assert [r.to_json() | {"event": None} for r in reports_after] == [r.to_json() | {"event": None} for r in reports]


def test_the_portable_export_loads_back_into_sqlite(url: str, tmp_path: Path) -> None:
    _evening(url)
    _round_trip(url, f"sqlite:///{tmp_path / 'restored.db'}", tmp_path)


def test_the_portable_export_loads_back_into_postgresql(url: str, pg_target: str, tmp_path: Path) -> None:
    _evening(url)
    _round_trip(url, pg_target, tmp_path)


def test_a_restore_refuses_a_tournament_the_database_has_and_loads_nothing(url: str, tmp_path: Path) -> None:
    _evening(url)
    made = backup(str(tmp_path / "friday.jsonl"), db=url, portable=True)
    _invoke(url, "result", "1", "dan")
    before = _log(url)
    with pytest.raises(InvalidInputError, match="a tournament named 'Friday' already exists"):
        restore(made.path, db=url)
    assert _log(url) == before


def test_a_sqlite_backup_restores_as_a_portable_one_does(tmp_path: Path) -> None:
    source = f"sqlite:///{tmp_path / 'friday.db'}"
    _evening(source)
    made = backup(str(tmp_path / "copy.db"), db=source)
    assert made.kind == "sqlite"
    target = f"sqlite:///{tmp_path / 'other.db'}"
    restore(made.path, db=target)
    assert _shown(target) == _shown(source)


def test_a_refused_restore_into_a_new_file_leaves_no_database_behind(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "tourney-export", "version": 1, "tournaments": 1}\n'
                   '{"tournament": {"name": "X", "game": "polish-poker", "seed": 1, "uid": "u", '
                   '"created_at": "2026-12-01T20:00:00+00:00"}}\n'
                   '{"event": {"tournament": "u", "id": 1, "kind": "undo", "data": {"target": 9}, '
                   '"created_at": "2026-12-01T20:00:00+00:00"}}\n', encoding="utf-8")
    with pytest.raises(InvalidInputError, match="event 9 of tournament u is referred to before it is loaded"):
        restore(str(bad), db=f"sqlite:///{tmp_path / 'new.db'}")
    assert not (tmp_path / "new.db").exists()
    bad.write_text("not json\n", encoding="utf-8")
    with pytest.raises(InvalidInputError, match="line 1 is not JSON"):
        restore(str(bad), db=f"sqlite:///{tmp_path / 'new.db'}")


def _registered(database: Database, tournament_id: int, count: int, start: int = 0) -> list[int]:
    ids = []
    for number in range(start, start + count):
        with database.write() as session:
            ids.append(repo.insert_event(session=session, tournament_id=tournament_id, kind="register",
                                         data={"name": f"player {number}", "club": None}).id)
    return ids


def _events_in(path: Path) -> set[int]:
    """The event ids in the SQLite file `path`, which must pass the integrity check (none: no log yet)."""
    with closing(sqlite3.connect(path)) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        if copy.execute("SELECT count(*) FROM sqlite_master WHERE name = 'event'").fetchone() == (0,):
            return set()
        return {row[0] for row in copy.execute("SELECT id FROM event")}


def test_a_plain_copy_misses_the_write_ahead_log_and_a_backup_does_not(tmp_path: Path) -> None:
    db = tmp_path / "friday.db"
    with open_database(f"sqlite:///{db}") as database:  # kept open, as `tourney serve` keeps it
        tournament = events.create_tournament(database, name="Friday", game="polish-poker", seed=1)
        committed = _registered(database, tournament.id, 20)
        (tmp_path / "plain").mkdir()
        shutil.copy(db, tmp_path / "plain" / "friday.db")
        assert not set(committed) <= _events_in(tmp_path / "plain" / "friday.db")
        made = backup(str(tmp_path / "backup.db"), db=f"sqlite:///{db}")
    assert made.events == len(committed)
    assert _events_in(tmp_path / "backup.db") == set(committed)
    assert not (tmp_path / "backup.db-wal").exists()  # one self-contained file


def test_a_backup_taken_while_a_writer_appends_has_every_event_committed_before_it(tmp_path: Path) -> None:
    db = tmp_path / "friday.db"
    url = f"sqlite:///{db}"
    with open_database(url) as database:
        tournament = events.create_tournament(database, name="Friday", game="polish-poker", seed=1)
        _registered(database, tournament.id, 200)
    committed: list[int] = []
    stop = threading.Event()

    def write() -> None:
        with open_database(url, create=False) as writer:
            number = 1000
            while not stop.is_set():
                committed.extend(_registered(writer, tournament.id, 1, start=number))
                number += 1

    writer = threading.Thread(target=write)
    writer.start()
    try:
        while len(committed) < 20:  # the writer is under way
            threading.Event().wait(0.01)
        for number in range(3):
            before = set(committed)
            made = backup(str(tmp_path / f"backup{number}.db"), db=url)
            copied = _events_in(Path(made.path))
            assert before <= copied
            assert len(copied) == made.events
    finally:
        stop.set()
        writer.join()


def test_a_backup_never_replaces_a_file_unless_told_and_never_the_database(tmp_path: Path) -> None:
    db = tmp_path / "friday.db"
    url = f"sqlite:///{db}"
    _invoke(url, "new", "Friday", "--game", "pp", "--seed", "1")
    other = tmp_path / "notes.db"
    other.write_text("the director's notes", encoding="utf-8")
    with pytest.raises(InvalidInputError, match="exists: choose another file, or --overwrite"):
        backup(str(other), db=url)
    assert other.read_text(encoding="utf-8") == "the director's notes"
    assert backup(str(other), db=url, overwrite=True).events == 0
    assert _events_in(other) == set()
    for own in (db, Path(f"{db}-wal")):
        with pytest.raises(InvalidInputError, match="is the database itself"):
            backup(str(own), db=url, overwrite=True)
    with pytest.raises(InvalidInputError, match="no directory"):
        backup(str(tmp_path / "missing" / "b.db"), db=url)
    assert sorted(p.name for p in tmp_path.iterdir() if "partial" in p.name) == []
