"""Issue 11, items 3, 5 and 8: read commands work on a read-only copy, an in-memory database is
refused, an older schema is read as it is and upgraded by the next command that writes, and a
damaged event row is one error line naming it."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from log_support import append_events
from tourney_db_support import assert_one_error_line, db_url, dump, ok, tourney  # noqa: F401

from tourney.storage import events
from tourney.storage.db import SCHEMA_VERSION

READS = [["tables"], ["standings"], ["status"], ["log"], ["player", "list"], ["list"], ["tables", "--json"]]
NOBODY = 65534


def _event(url: str) -> str:
    ok(url, "new", "Friday", "--game", "polish-poker", "--seed", "7")
    ok(url, "player", "add", "Ann", "Bob", "Cy", "Dee", "Eve")
    ok(url, "seat")
    ok(url, "result", "1", json.loads(ok(url, "tables", "--json").stdout)[0]["players"][0]["name"])
    return url


def _as_reader(url: str, args: list[str]) -> tuple[int, str, str]:
    """Run a command as someone who may not write the copy. Root writes anywhere, so as root the
    command runs in a forked child that became `nobody` (everything it needs is imported already:
    the parent ran the same command first)."""
    if os.geteuid() != 0:
        result = tourney(url, *args)
        return result.exit_code, result.stdout, result.stderr
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child's coverage is not collected)
        try:
            os.close(read_end)
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            result = tourney(url, *args)
            payload = [result.exit_code, result.stdout, result.stderr]
        except BaseException as error:
            payload = [99, "", f"child: {error!r}"]
        os.write(write_end, json.dumps(payload).encode())
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    code, out, err = json.loads(data)
    return int(code), str(out), str(err)


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    # Not tmp_path: as root it lies under a directory only root may enter.
    path = Path(tempfile.mkdtemp(prefix="tourney-ro-"))
    path.chmod(0o755)
    try:
        yield path
    finally:
        path.chmod(0o755)
        shutil.rmtree(path)


@pytest.mark.parametrize("directory_writable", [True, False], ids=["read-only-file", "read-only-directory"])
def test_read_commands_work_on_a_read_only_copy(tmp_path: Path, shared_dir: Path, directory_writable: bool) -> None:
    url = _event(f"sqlite:///{tmp_path / 'friday.db'}")
    copy = shared_dir / "backup.db"
    shutil.copyfile(tmp_path / "friday.db", copy)
    copy.chmod(0o444)
    # A writable directory lets SQLite make its WAL index (mode=ro); a read-only one does not
    # (the immutable fallback).
    shared_dir.chmod(0o777 if directory_writable else 0o555)
    copy_url = f"sqlite:///{copy}"
    before = copy.read_bytes()
    for args in READS:
        expected = tourney(url, *args)  # the original, writable: also imports what the command needs
        assert expected.exit_code == 0, expected.stderr
        code, out, err = _as_reader(copy_url, args)
        assert (code, err) == (0, ""), (args, err)
        assert out == expected.stdout.replace(str(tmp_path / "friday.db"), str(copy))
    assert copy.read_bytes() == before


def test_a_write_on_a_read_only_copy_is_one_error_line(tmp_path: Path, shared_dir: Path) -> None:
    _event(f"sqlite:///{tmp_path / 'friday.db'}")
    copy = shared_dir / "backup.db"
    shutil.copyfile(tmp_path / "friday.db", copy)
    copy.chmod(0o444)
    shared_dir.chmod(0o555)
    code, out, err = _as_reader(f"sqlite:///{copy}", ["player", "add", "Zed"])
    assert code != 0 and len(err.splitlines()) == 1 and err.startswith("error: "), (code, out, err)


def test_the_read_only_open_writes_nothing(tmp_path: Path) -> None:
    url = _event(f"sqlite:///{tmp_path / 'friday.db'}")
    from tourney.errors import StorageError
    from tourney.storage.db import open_database

    with open_database(url, create=False, read_only=True) as database:
        assert events.snapshot(database).state.stage == 1
        with pytest.raises(StorageError, match="read-only"):
            append_events(database, make=lambda _s, _t: [("register", {"name": "Zed", "club": None})])


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:", "sqlite:///file::memory:?uri=true"])
@pytest.mark.parametrize("args", [["new", "Friday", "--game", "lou"], ["tables"], ["list"], ["use", "1"]])
def test_an_in_memory_database_is_refused(url: str, args: list[str]) -> None:
    assert_one_error_line(tourney(url, *args), "in-memory")


# --- an older schema ------------------------------------------------------------------------------------

def _make_schema_1(path: Path) -> None:
    """What tourney wrote before schema 2: no `setting` table, version 1."""
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("DROP TABLE setting")
        connection.execute("UPDATE schema_version SET version = 1")
    connection.close()


def _version(path: Path) -> tuple[int, bool]:
    connection = sqlite3.connect(path)
    try:
        version = connection.execute("SELECT max(version) FROM schema_version").fetchone()[0]
        has_setting = connection.execute(
            "SELECT count(*) FROM sqlite_master WHERE name = 'setting'").fetchone()[0] == 1
    finally:
        connection.close()
    return int(version), has_setting


def test_an_older_schema_is_read_as_it_is_and_upgraded_by_the_next_write(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    url = _event(f"sqlite:///{path}")
    expected = {tuple(args): ok(url, *args).stdout for args in READS}
    _make_schema_1(path)
    for args in READS:
        assert ok(url, *args).stdout == expected[tuple(args)]
    assert _version(path) == (1, False)  # reading changed nothing
    ok(url, "undo")
    assert _version(path) == (SCHEMA_VERSION, True)
    assert "[undone]" in ok(url, "log").stdout


@pytest.mark.parametrize("command", [["use", "Friday"], ["new", "Saturday", "--game", "lou"]])
def test_use_and_new_upgrade_an_older_schema(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "old.db"
    url = _event(f"sqlite:///{path}")
    _make_schema_1(path)
    ok(url, *command)
    assert _version(path) == (SCHEMA_VERSION, True)


# --- damaged rows ---------------------------------------------------------------------------------------

DAMAGE = [
    ("UPDATE event SET data = '{not json' WHERE id = :id", "not valid JSON"),
    ("UPDATE event SET data = '[1, 2]' WHERE id = :id", "not an object"),
    ("UPDATE event SET data = 'null' WHERE id = :id", "not an object"),
    ("UPDATE event SET kind = 'explode' WHERE id = :id", "no such kind"),
    # Payloads of the wrong shape: the engine names a rule it breaks, or storage the event it cannot read.
    ("UPDATE event SET data = '{\"table\": 1}' WHERE id = :id", "result"),
    ("UPDATE event SET data = '{\"table\": [], \"loser\": 5}' WHERE id = :id", "result"),
    ("UPDATE event SET data = '{\"table\": 1, \"loser\": []}' WHERE id = :id", "result"),
    ("UPDATE event SET kind = 'undo', data = '{\"target\": \"x\"}' WHERE id = :id", "not an event id"),
]


@pytest.mark.parametrize(("sql", "fragment"), DAMAGE)
def test_a_damaged_event_row_is_one_error_line_naming_it(db_url: str, sql: str, fragment: str) -> None:  # noqa: F811
    from sqlalchemy import create_engine, text

    _event(db_url)
    engine = create_engine(db_url)
    with engine.begin() as connection:
        damaged = connection.execute(text("SELECT max(id) FROM event WHERE kind = 'result'")).scalar_one()
        connection.execute(text(sql), {"id": damaged})
    engine.dispose()
    before = dump(db_url)
    # `list` reads the overview rows the entries keep, not the events (issue 20, item 3).
    for args in [*(r for r in READS if r != ["list"]), ["result", "1", "Ann"], ["undo"], ["advance"], ["plan"]]:
        assert_one_error_line(tourney(db_url, *args), f"event {damaged}", fragment)
    assert dump(db_url) == before
