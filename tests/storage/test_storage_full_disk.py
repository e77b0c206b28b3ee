"""On a full disk the read-only commands still work (issue 16 item 14).

A full disk is reproduced without a tmpfs or a loop device: the command runs in a child process
whose RLIMIT_FSIZE is 0 (with SIGXFSZ ignored), so every write that would grow a file fails with
EFBIG, as it would with ENOSPC. That is exactly where SQLite failed: a read-only connection must
create and size the WAL index (the -shm file) first, and reported "disk I/O error".
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from log_support import append_events

from tourney.engine.tournament import draw_seats
from tourney.storage import events
from tourney.storage.db import open_database

READS = [["tables"], ["standings"], ["status"], ["player", "list"], ["log"], ["list"], ["standings", "--json"]]


def _full_disk() -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def _tourney(url: str, *args: str, full: bool) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tourney", *args, "--db", url], capture_output=True, text=True,
                          preexec_fn=_full_disk if full else None, timeout=60,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})


@pytest.fixture
def seated(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'friday.db'}"
    with open_database(url) as database:
        events.create_tournament(database, name="Friday", game="polish-poker", seed=7)
        append_events(database, make=lambda _s, _t: [("register", {"name": n, "club": None})
                                                     for n in ("Ann", "Bob", "Cy", "Dee", "Eve")])
        append_events(database, make=lambda state, _t: [("seat", draw_seats(state, 5))])
    return url


def test_read_commands_work_on_a_full_disk(seated: str, tmp_path: Path) -> None:
    assert sorted(p.name for p in tmp_path.iterdir()) == ["friday.db"]  # no WAL index to reuse
    for args in READS:
        expected = _tourney(seated, *args, full=False)
        assert expected.returncode == 0, expected.stderr
        got = _tourney(seated, *args, full=True)
        assert (got.returncode, got.stderr) == (0, ""), (args, got.stderr)
        assert got.stdout == expected.stdout


def _crash_after_commit(url: str) -> None:
    """A command that committed to the WAL and died before any checkpoint (as a checkpoint that must
    grow the file fails on a full disk): its result lives in the -wal file only."""
    script = (
        "import os, sys\n"
        "from tourney.storage import events\n"
        "from tourney.storage.db import open_database\n"
        "database = open_database(sys.argv[1], create=False)\n"
        "database._sqlite_connection().execute('PRAGMA wal_autocheckpoint=0')\n"
        "with events.appending(database) as log:\n"
        "    log.append('register', {'name': 'Zed', 'club': None})\n"
        "os._exit(0)\n")
    subprocess.run([sys.executable, "-c", script, url], check=True, timeout=60)


@pytest.mark.parametrize("wal_index", ["kept", "lost"])
def test_a_full_disk_read_sees_what_only_the_wal_holds(seated: str, tmp_path: Path, wal_index: str) -> None:
    _crash_after_commit(seated)
    wal = tmp_path / "friday.db-wal"
    assert wal.stat().st_size > 0
    if wal_index == "lost":
        (tmp_path / "friday.db-shm").unlink()
    data = [tmp_path / "friday.db", wal]  # the -shm is SQLite's scratch index, which mode=ro rebuilds
    before = [path.read_bytes() for path in data]
    got = _tourney(seated, "player", "list", full=True)
    assert got.returncode == 0, got.stderr
    assert "Zed" in got.stdout  # committed, though only in the WAL: not a stale read of the main file
    assert [path.read_bytes() for path in data] == before  # and no data written


def test_a_write_on_a_full_disk_is_one_error_line_and_changes_nothing(seated: str, tmp_path: Path) -> None:
    before = _tourney(seated, "player", "list", full=False).stdout
    got = _tourney(seated, "player", "add", "Zed", full=True)
    assert got.returncode == 1 and len(got.stderr.splitlines()) == 1, got.stderr
    assert got.stderr.startswith("error: ") and "disk" in got.stderr
    assert _tourney(seated, "player", "list", full=False).stdout == before
