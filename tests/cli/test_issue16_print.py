"""Issue 16 (second trial), item 1: `tourney print -o` replaces only a sheet tourney wrote (never
the event's database or any other file), and writes through a temporary file renamed into place,
so a full disk leaves the previous sheet whole."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from tourney_db_support import assert_one_error_line, ok, tourney

from tourney.app.input.files import HTML_MARKER as SHEET_MARKER


@pytest.fixture
def url(tmp_path: Path) -> str:
    made = f"sqlite:///{tmp_path / 'friday.db'}"
    ok(made, "new", "Friday", "--game", "pp", "--seed", "5")
    ok(made, "player", "add", "Ann", "Bob", "Cy", "Dee", "Eve")
    ok(made, "seat")
    return made


def test_print_never_replaces_the_database(url: str, tmp_path: Path) -> None:
    database = tmp_path / "friday.db"
    before = database.read_bytes()
    assert_one_error_line(tourney(url, "print", "standings", "-o", str(database)), "is a database", "friday.db")
    assert database.read_bytes() == before
    assert ok(url, "tables", "1").stdout  # the event is still there


@pytest.mark.parametrize("sheet", ["standings", "seating"])
def test_print_never_replaces_a_file_it_did_not_write(url: str, tmp_path: Path, sheet: str) -> None:
    notes = tmp_path / "notes.html"
    notes.write_text("<!doctype html><p>the director's own notes</p>", encoding="utf-8")
    assert_one_error_line(tourney(url, "print", sheet, "-o", str(notes)), "not a sheet tourney wrote",
                          "notes.html")
    assert notes.read_text(encoding="utf-8") == "<!doctype html><p>the director's own notes</p>"
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


def test_print_replaces_its_own_sheet(url: str, tmp_path: Path) -> None:
    sheet = tmp_path / "standings.html"
    assert ok(url, "print", "standings", "-o", str(sheet)).stdout.strip() == str(sheet)
    assert SHEET_MARKER in sheet.read_bytes()
    ok(url, "result", "1", "s1")
    ok(url, "print", "standings", "-o", str(tmp_path))  # a folder: standings.html in it
    assert SHEET_MARKER in sheet.read_bytes()
    ok(url, "print", "seating", "-o", str(sheet))  # any sheet tourney wrote may be replaced by another
    assert "seat" in sheet.read_text(encoding="utf-8").lower()
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


def test_print_all_writes_nothing_when_one_file_is_not_its_own(url: str, tmp_path: Path) -> None:
    folder = tmp_path / "sheets"
    folder.mkdir()
    (folder / "seating.html").write_text("mine", encoding="utf-8")
    assert_one_error_line(tourney(url, "print", "all", "-o", str(folder)), "seating.html", "not a sheet")
    assert sorted(os.listdir(folder)) == ["seating.html"]
    (folder / "seating.html").unlink()
    ok(url, "print", "all", "-o", str(folder))
    ok(url, "print", "all", "-o", str(folder))  # its own sheets are replaced
    assert len(os.listdir(folder)) == 5


def _small_file_limit() -> None:
    # Files may grow to 64 KB only (the database is smaller, the sheet larger): a write beyond
    # fails with EFBIG, as on a full disk.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (65536, 65536))


def test_a_full_disk_leaves_the_previous_sheet_whole(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'big.db'}"
    ok(url, "new", "Big", "--game", "pp", "--seed", "5")
    ok(url, "player", "add", *(f"Player {n}" for n in range(1, 81)))
    ok(url, "seat")
    sheet = tmp_path / "tables.html"
    ok(url, "print", "table-sheets", "-o", str(sheet))
    ok(url, "result", "1", "s1")
    before = sheet.read_bytes()
    assert len(before) > 65536
    done = subprocess.run([sys.executable, "-m", "tourney", "print", "table-sheets", "-o", str(sheet), "--db", url],
                          capture_output=True, text=True, timeout=60, check=False, preexec_fn=_small_file_limit)
    assert done.returncode == 1
    assert done.stderr.startswith("error: cannot write") and len(done.stderr.splitlines()) == 1, done.stderr
    assert sheet.read_bytes() == before
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


def test_a_game_record_and_an_arena_report_never_replace_a_file_tourney_did_not_write(
        url: str, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tourney.cli import app

    runner = CliRunner()
    database = tmp_path / "friday.db"
    before = database.read_bytes()
    record = tmp_path / "game.jsonl"
    for _ in range(2):  # a record it wrote is replaced
        assert runner.invoke(app, ["play", "pp", "--seed", "3", "--record", str(record)]).exit_code == 0
    assert_one_error_line(runner.invoke(app, ["play", "pp", "--record", str(database)]), "is a database")
    results = tmp_path / "arena.jsonl"
    ran = runner.invoke(app, ["arena", "run", "--bots", "random,random", "--games", "2", "--out", str(results)])
    assert ran.exit_code == 0, ran.stderr
    report = tmp_path / "report.html"
    for _ in range(2):
        assert runner.invoke(app, ["arena", "report", str(results), "--html", str(report)]).exit_code == 0
    for target in (database, record):
        assert_one_error_line(runner.invoke(app, ["arena", "report", str(results), "--html", str(target)]),
                              "not replaced" if target == record else "is a database")
    assert database.read_bytes() == before
    assert record.read_bytes().startswith(b'{"event": "game"')
