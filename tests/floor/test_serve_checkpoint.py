"""A running `tourney serve` keeps its database file whole: it checkpoints SQLite's write-ahead log
periodically and empties it when stopped, so a plain copy of the .db file has every entry; with
`--backup-dir` it keeps rotating snapshots, and a failing snapshot is one line while serving goes on."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import time
import urllib.request
from contextlib import closing
from pathlib import Path

from serve_support import start_serve

from tourney import app

SNAPSHOT = "friday-snapshot-"


def _evening(url: str) -> None:
    app.new_tournament("Friday", game="pp", seed=11, db=url)
    app.add_players(["Anna", "Bartosz", "Celina"], db=url)


def _events_in_plain_copy(db: Path, folder: Path) -> int:
    """How many events a copy of the .db file alone holds (its -wal and -shm left behind)."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    shutil.copy(db, folder / db.name)
    return _events_in(folder / db.name)


def _events_in(path: Path) -> int:
    with closing(sqlite3.connect(path)) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        if copy.execute("SELECT count(*) FROM sqlite_master WHERE name = 'event'").fetchone() == (0,):
            return 0
        found = copy.execute("SELECT count(*) FROM event").fetchone()
        return int(found[0])


def _all_events(db: Path) -> int:
    with closing(sqlite3.connect(db)) as reader:
        return int(reader.execute("SELECT count(*) FROM event").fetchone()[0])


def _stop(process: subprocess.Popen[str]) -> str:
    process.terminate()
    _out, err = process.communicate(timeout=30)
    return err


def test_a_stopped_server_leaves_every_entry_in_the_db_file(tmp_path: Path) -> None:
    db = tmp_path / "friday.db"
    url = f"sqlite:///{db}"
    _evening(url)
    _base, process = start_serve("--db", url)
    try:
        app.add_players(["Dawid", "Ewa", "Filip"], db=url)  # while the server holds the file open
        entered = _all_events(db)
    finally:
        err = _stop(process)
    assert "Traceback" not in err
    wal = Path(f"{db}-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    assert _events_in_plain_copy(db, tmp_path / "copy") == entered


def test_a_running_server_checkpoints_its_log_periodically(tmp_path: Path) -> None:
    db = tmp_path / "friday.db"
    url = f"sqlite:///{db}"
    _evening(url)
    _base, process = start_serve("--db", url, "--checkpoint-every", "0.2")
    try:
        app.add_players(["Dawid", "Ewa", "Filip"], db=url)
        entered = _all_events(db)
        deadline = time.monotonic() + 30  # a bound on waiting, not a measured time: 0.2 s is expected
        while _events_in_plain_copy(db, tmp_path / "copy") < entered and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _events_in_plain_copy(db, tmp_path / "copy") == entered
    finally:
        _stop(process)


def _snapshots(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(SNAPSHOT)) if folder.is_dir() else []


def _wait_for(folder: Path, seen: set[str], more: int) -> None:
    """Until `more` snapshots not in `seen` appeared in `folder` (added to `seen`)."""
    wanted = len(seen) + more
    deadline = time.monotonic() + 60
    while len(seen) < wanted and time.monotonic() < deadline:
        seen.update(_snapshots(folder))
        time.sleep(0.05)
    assert len(seen) >= wanted, sorted(seen)


def test_serve_keeps_rotating_snapshots_and_goes_on_when_one_fails(tmp_path: Path) -> None:
    db = tmp_path / "friday.db"
    url = f"sqlite:///{db}"
    _evening(url)
    folder = tmp_path / "snapshots"
    folder.mkdir()
    base, process = start_serve("--db", url, "--backup-dir", str(folder), "--backup-every", "0.02",
                                "--backup-keep", "2")
    try:
        seen: set[str] = set()
        _wait_for(folder, seen, 3)  # one more than are kept: the oldest was removed
        app.add_players(["Dawid", "Ewa", "Filip"], db=url)
        entered = _all_events(db)
        shutil.rmtree(folder)
        time.sleep(3)  # a few periods with nowhere to write
        with urllib.request.urlopen(f"{base}/", timeout=10) as response:  # still serving
            assert response.status == 200
        folder.mkdir()
        _wait_for(folder, seen, 2)
    finally:
        err = _stop(process)
    kept = _snapshots(folder)
    assert 1 <= len(kept) <= 2 and len(seen) >= 5
    assert _events_in(folder / kept[-1]) == entered
    failures = [line for line in err.splitlines() if "snapshot failed" in line]
    assert failures and all(line.startswith("tourney serve: snapshot failed: ") for line in failures)
    assert "Traceback" not in err
