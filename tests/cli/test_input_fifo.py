"""A player list or ratings file that is a FIFO is one error line, at once, never a hang (opening a
FIFO waits for a writer that never comes): the wording the database's own FIFO check uses."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from terminal_support import one_line, seated_event, tourney_process


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "players.csv"
    os.mkfifo(path)
    return path


def test_player_import_refuses_a_fifo_at_once(tmp_path: Path, fifo: Path) -> None:
    url = f"sqlite:///{tmp_path / 'friday.db'}"
    assert tourney_process("new", "Friday", "--game", "polish-poker", "--db", url).returncode == 0
    done = tourney_process("player", "import", str(fifo), "--db", url)  # the helper's timeout fails a hang
    assert done.returncode == 1
    assert one_line(done.stderr).endswith(f"{str(fifo)!r} is a FIFO (named pipe), not a regular file: give a file")


def test_seat_ratings_refuses_a_fifo_at_once(tmp_path: Path, fifo: Path) -> None:
    url = seated_event(tmp_path)
    done = tourney_process("seat", "--ratings", str(fifo), "--db", url)
    assert done.returncode == 1
    line = one_line(done.stderr)
    assert "is a FIFO (named pipe), not a regular file" in line and "Traceback" not in line
