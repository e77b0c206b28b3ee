"""Closed or failing standard streams: a command that only reads fails with one line when its
answer cannot be written; a command that stored its entry succeeds and says it could not print;
a closed stdin is no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from terminal_support import events, one_line, seated_event, tourney_process
from tourney_db_support import ok

READS = [("tables",), ("tables", "1"), ("standings",), ("standings", "--csv"), ("standings", "--json"),
         ("log",), ("status",), ("list",), ("player", "list"), ("player", "show", "Ala"), ("plan",),
         ("pending",), ("print", "standings"), ("print", "seating")]


@pytest.fixture
def url(tmp_path: Path) -> str:
    return seated_event(tmp_path)


@pytest.mark.parametrize("command", READS, ids=" ".join)
def test_a_read_with_stdout_closed_fails_with_one_line(url: str, command: tuple[str, ...]) -> None:
    done = tourney_process(*command, "--db", url, shell_redirect=">&-")
    assert done.returncode == 1
    assert one_line(done.stderr) == "error: cannot write the output: stdout is closed"


@pytest.mark.parametrize("command", [("standings", "--csv"), ("print", "standings"), ("tables",)], ids=" ".join)
def test_a_read_to_a_full_disk_fails_with_one_line(url: str, command: tuple[str, ...]) -> None:
    done = tourney_process(*command, "--db", url, shell_redirect=">/dev/full")
    assert done.returncode == 1
    assert one_line(done.stderr) == "error: cannot write the output: No space left on device"


def test_help_with_stdout_closed_fails_with_one_line() -> None:
    done = tourney_process("--help", shell_redirect=">&-")
    assert done.returncode == 1
    assert one_line(done.stderr) == "error: cannot write the output: stdout is closed"


def test_a_sheet_to_a_file_with_stdout_closed_is_written(url: str, tmp_path: Path) -> None:
    out = tmp_path / "standings.html"
    done = tourney_process("print", "standings", "-o", str(out), "--db", url, shell_redirect=">&-")
    assert done.returncode == 0
    assert one_line(done.stderr) == "warning: written; could not print the answer: stdout is closed"
    assert out.read_text(encoding="utf-8").startswith("<!")


@pytest.mark.parametrize("redirect", [">&-", ">/dev/full"])
def test_a_result_with_stdout_closed_is_stored_once_and_succeeds(url: str, redirect: str) -> None:
    before = len(events(url))
    done = tourney_process("result", "1", "Ala", "--db", url, shell_redirect=redirect)
    assert done.returncode == 0, done.stderr
    assert one_line(done.stderr).startswith("warning: stored; could not print the answer: ")
    assert len(events(url)) == before + 1


def test_the_database_never_takes_the_number_of_a_closed_stdout(url: str, tmp_path: Path) -> None:
    """With fd 1 closed, the next file opened would be fd 1: what is printed must not land in it."""
    database = tmp_path / "friday.db"
    size = database.stat().st_size
    done = tourney_process("tables", "--db", url, shell_redirect=">&-")
    assert done.returncode == 1
    assert ok(url, "tables").stdout.startswith("final table:")
    assert database.stat().st_size == size


def test_the_desk_with_stdin_closed_says_so(url: str) -> None:
    done = tourney_process("desk", "--db", url, shell_redirect="<&-")
    assert done.returncode == 1
    assert one_line(done.stderr).startswith("error: standard input is closed: the desk reads its entries from it")


def test_the_desk_with_stdout_closed_says_so(url: str) -> None:
    before = len(events(url))
    done = tourney_process("desk", "--db", url, stdin="result 1 Ala\n", shell_redirect=">&-")
    assert done.returncode == 1
    assert one_line(done.stderr) == "error: cannot write the output: stdout is closed"
    assert len(events(url)) == before


def test_undo_with_stdin_closed_undoes_without_asking(url: str) -> None:
    ok(url, "result", "1", "Ala")
    before = len(events(url))
    done = tourney_process("undo", "--db", url, shell_redirect="<&-")
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().startswith("Undone: event")
    assert len(events(url)) == before + 1


def test_undo_of_a_seat_draw_with_stdin_closed_is_not_asked(url: str) -> None:
    before = len(events(url))
    done = tourney_process("undo", "--db", url, shell_redirect="<&-")
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    assert len(events(url)) == before + 1
