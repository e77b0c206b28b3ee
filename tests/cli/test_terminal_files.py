"""A database or desk history that is not a regular file (a FIFO, a directory, a device) is one
error line, at once: never a hang, never "disk I/O error (is the disk full?)"."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from terminal_support import one_line, seated_event, tourney_process


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


def test_tourney_db_naming_a_fifo_is_refused_at_once(fifo: Path) -> None:
    done = tourney_process("tables", env={"TOURNEY_DB": f"sqlite:///{fifo}"})
    assert done.returncode == 1
    assert one_line(done.stderr) == (f"error: {str(fifo)!r} is a FIFO (named pipe), not a regular database file: "
                                     "give a database file, e.g. sqlite:///tourney.db")


@pytest.mark.parametrize("command", [("result", "1", "Ala"), ("desk",), ("status",)])
def test_every_command_refuses_a_fifo_database(fifo: Path, command: tuple[str, ...]) -> None:
    done = tourney_process(*command, "--db", f"sqlite:///{fifo}", stdin="tables\n")
    assert done.returncode == 1
    assert b"is a FIFO (named pipe)" in done.stderr and b"Traceback" not in done.stderr


def test_a_directory_is_not_a_database(tmp_path: Path) -> None:
    done = tourney_process("tables", "--db", f"sqlite:///{tmp_path}")
    assert done.returncode == 1
    assert "is a directory, not a regular database file" in one_line(done.stderr)


def test_new_on_dev_null_says_it_is_no_database_file() -> None:
    done = tourney_process("new", "Friday", "--game", "polish-poker", "--db", "sqlite:////dev/null")
    assert done.returncode == 1
    line = one_line(done.stderr)
    assert "'/dev/null' is a character device, not a regular database file" in line
    assert "disk" not in line


def test_a_desk_history_naming_a_fifo_is_refused_at_once(tmp_path: Path, fifo: Path) -> None:
    url = seated_event(tmp_path)
    done = tourney_process("desk", "--db", url, "--history", str(fifo), stdin="tables\n")
    assert done.returncode == 1
    assert one_line(done.stderr) == (f"error: --history {str(fifo)!r} is a FIFO (named pipe): "
                                     "give a file for the desk's history")
