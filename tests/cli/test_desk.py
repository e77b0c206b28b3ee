"""`tourney desk` (issue 11, item 11): entries typed without `tourney`, each its own transaction
through the same error boundary, an error never ending the desk; the plain loop when standard input
is not a terminal, and the prompt_toolkit prompt (driven through a pipe input) with Tab completion
and a history kept across sessions."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from prompt_toolkit.application import create_app_session
from prompt_toolkit.history import FileHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from tourney_db_support import dump
from typer.testing import CliRunner, Result

from tourney.cli import app
from tourney.cli._desk_history import history_path
from tourney.cli._desk_prompt import open_history, run_prompt
from tourney.cli._desk_runner import Desk

runner = CliRunner()
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus")  # two tables: 4 + 3


def run(url: str, *args: str) -> str:
    result = runner.invoke(app, [*args, "--db", url])
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.fixture
def url(tmp_path: Path) -> str:
    db = f"sqlite:///{tmp_path / 'friday.db'}"
    run(db, "new", "Friday", "--game", "polish-poker", "--seed", "5")
    run(db, "player", "add", *NAMES)
    run(db, "seat")
    return db


def table(url: str, number: int) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(run(url, "tables", str(number), "--json"))
    return data


def seats(url: str, number: int) -> list[str]:
    return [p["name"] for p in table(url, number)["players"]]


def desk(url: str, lines: str, *extra: str) -> Result:
    return runner.invoke(app, ["desk", "--db", url, *extra], input=lines)


# ---------------------------------------------------------------- the plain loop (stdin not a terminal)
def test_piped_entries_run_like_one_shot_commands(url: str) -> None:
    first = seats(url, 1)[0]
    result = desk(url, f"result 1 {first.lower()}\ntables 2\nstandings\nquit\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    # Each entry is echoed after the prompt, then the affected table, then the other commands' output.
    assert out.startswith(f"Friday> result 1 {first.lower()}\ntable 1, stage 1:")
    assert f"{first}  2 cards" in out
    assert "table 2, stage 1:" in out and "rank  player" in out
    assert table(url, 1)["players"][0]["cards"] == 2


def test_errors_are_one_line_and_the_desk_goes_on(url: str) -> None:
    first = seats(url, 1)[0]
    before = dump(url)
    result = desk(url, "result 1 nobody\nresult\nbogus\nresult 1 'unclosed\ndesk\nresult 9 Ann\n"
                       f"result 1 {first}\n")
    errors = result.stderr.splitlines()
    assert len(errors) == 6 and all(line.startswith("error: ") for line in errors), errors
    assert "unknown player 'nobody'" in errors[0]
    assert "Missing argument" in errors[1]  # a usage error does not end the desk
    assert "No such command 'bogus'" in errors[2]
    assert "No closing quotation" in errors[3]
    assert "already at the desk" in errors[4]
    assert "no table 9" in errors[5]
    assert "Traceback" not in result.stdout + result.stderr
    # Only the last entry was recorded; the refused ones left nothing behind; EOF ends the desk.
    assert result.exit_code == 1
    after = dump(url)
    assert len(after["event"]) == len(before["event"]) + 1
    assert table(url, 1)["players"][0]["cards"] == 2


def test_each_entry_is_its_own_transaction_and_undo_reverts_the_last(url: str) -> None:
    first, second = seats(url, 1)[:2]
    before = table(url, 1)
    result = desk(url, f"result 1 {first}\nresult 1 {second}\nundo\nundo\nquit\nresult 1 {first}\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("Undone: event") == 2
    assert table(url, 1) == before  # and nothing after `quit` ran


def test_help_and_the_tourney_prefix(url: str) -> None:
    result = desk(url, "help\nhelp result\ntourney tables 1\n# a comment\n\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "At the desk:" in out and "Usage: tourney result" in out and "table 1, stage 1:" in out


def test_the_desk_tournament_applies_unless_an_entry_names_its_own(url: str) -> None:
    run(url, "new", "Other", "--game", "polish-poker")
    run(url, "player", "add", "Zed", "Yan", "--tournament", "Other")
    other = desk(url, "player list\n", "--tournament", "Other")
    assert other.exit_code == 0, other.stderr
    assert "Zed" in other.stdout and "Ann" not in other.stdout
    own = desk(url, "player list --tournament Friday\n", "--tournament", "Other")
    assert own.exit_code == 0, own.stderr
    assert "Ann" in own.stdout and "Zed" not in own.stdout


def test_desk_in_a_real_process_reads_piped_lines(url: str) -> None:
    first = seats(url, 2)[0]
    done = subprocess.run([sys.executable, "-m", "tourney", "desk", "--db", url],
                          input=f"result 2 {first}\nresult 2 nobody\nquit\n",
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert done.stdout.startswith(f"Friday> result 2 {first}\ntable 2, stage 1:")
    assert done.stderr.splitlines() == ["error: unknown player 'nobody'"]
    assert table(url, 2)["players"][0]["cards"] == 2


# ---------------------------------------------------------------- the interactive prompt
@pytest.fixture
def make_desk(url: str) -> Iterator[Desk]:
    made = Desk(typer.main.get_command(app), db=url, tournament=None)
    made.warm_up()
    yield made
    made.close()


def type_into_prompt(made: Desk, keys: str, history: FileHistory) -> None:
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys)
        run_prompt(made, history=history, input=pipe, output=DummyOutput())


def test_prompt_runs_entries_completes_with_tab_and_ends_on_ctrl_d(
        url: str, make_desk: Desk, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = seats(url, 1)[0]
    # "resu<Tab>" completes the command, "1 <prefix><Tab>" the player at table 1; Ctrl-D (\x04) leaves.
    keys = f"resu\t1 {first[:2].lower()}\t\r\x04"
    type_into_prompt(make_desk, keys, FileHistory(str(tmp_path / "h")))
    out = capsys.readouterr()
    assert "table 1, stage 1:" in out.out, out
    assert table(url, 1)["players"][0]["cards"] == 2
    assert f"+result 1 {first}" in (tmp_path / "h").read_text(encoding="utf-8")


def test_prompt_keeps_going_after_errors_and_quits(
        url: str, make_desk: Desk, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    type_into_prompt(make_desk, "result\rbogus\rquit\rresult 1 Ann\r", FileHistory(str(tmp_path / "h")))
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("error: ") for line in err)
    assert table(url, 1)["players"][0]["cards"] == 1


def test_history_is_kept_across_sessions(url: str, make_desk: Desk, tmp_path: Path) -> None:
    first = seats(url, 1)[0]
    path = tmp_path / "friday.db.desk-history"
    type_into_prompt(make_desk, f"result 1 {first}\rquit\r", FileHistory(str(path)))
    # A new session: the up arrow (ESC [ A) brings back the last entry but one ("quit" is the last).
    type_into_prompt(make_desk, "\x1b[A\x1b[A\rquit\r", FileHistory(str(path)))
    assert table(url, 1)["players"][0]["cards"] == 3


def test_history_lives_next_to_a_sqlite_file_or_in_the_data_dir(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert history_path(f"sqlite:///{tmp_path / 'friday.db'}") == tmp_path / "friday.db.desk-history"
    assert history_path("sqlite:///friday.db") == Path("friday.db.desk-history")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert history_path("postgresql+psycopg2://u@h/db") == tmp_path / "data" / "tourney" / "desk-history"
    # No file to sit beside (an in-memory URL, refused anyway): never a ":memory:.desk-history".
    assert history_path("sqlite:///:memory:") == tmp_path / "data" / "tourney" / "desk-history"


def test_an_unwritable_history_is_kept_in_memory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    history = open_history(blocker / "sub" / "h")  # a directory under a file cannot exist
    assert not isinstance(history, FileHistory)
    assert capsys.readouterr().err.startswith("note: history not kept")
