"""Issue 16 (second trial) at the desk: names are taken as typed, `#` included (item 4); a line that
is not UTF-8 is one error line (item 6); a colour code pasted at the prompt is no traceback (item
10); `serve` says it is a separate command instead of blocking (item 15)."""

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
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from typer.testing import CliRunner

from tourney.cli import app
from tourney.cli._desk_prompt import run_prompt
from tourney.cli._desk_runner import Desk

runner = CliRunner()


def run(url: str, *args: str) -> str:
    result = runner.invoke(app, [*args, "--db", url])
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.fixture
def url(tmp_path: Path) -> str:
    db = f"sqlite:///{tmp_path / 'friday.db'}"
    run(db, "new", "Friday", "--game", "polish-poker", "--seed", "5")
    run(db, "player", "add", "Ann", "Ann#2", "Bob")
    run(db, "seat")
    return db


def cards(url: str) -> dict[str, int]:
    players: list[dict[str, Any]] = json.loads(run(url, "tables", "1", "--json"))["players"]
    return {p["name"]: p["cards"] for p in players}


def test_a_hash_is_part_of_a_name_and_a_line_starting_with_it_is_a_comment(url: str) -> None:
    result = runner.invoke(app, ["desk", "--db", url], input="# the first round\nresult 1 Ann#2\n")
    assert result.exit_code == 0, result.stderr
    assert cards(url) == {"Ann": 1, "Ann#2": 2, "Bob": 1}


def test_a_line_that_is_not_utf8_is_one_error_line_and_the_desk_goes_on(url: str) -> None:
    done = subprocess.run([sys.executable, "-m", "tourney", "desk", "--db", url],
                          input=b"result 1 Kami\xb6ski\nresult 1 bob\n", capture_output=True, timeout=60,
                          check=False, env={"PATH": "", "LC_ALL": "en_US.UTF-8", "PYTHONIOENCODING": "utf-8"})
    errors = done.stderr.decode().splitlines()
    assert len(errors) == 1, errors
    assert errors[0].startswith("error: the line 'result 1 Kami\\xb6ski' is not UTF-8: the terminal's encoding")
    assert done.returncode == 1
    assert cards(url)["Bob"] == 2


def test_serve_at_the_desk_says_it_is_a_separate_command(url: str) -> None:
    result = runner.invoke(app, ["desk", "--db", url], input="serve\nresult 1 bob\n")
    assert result.stderr.splitlines() == [
        "error: `serve` is a separate command: run `tourney serve` in another terminal; "
        "the wall shows each entry made here"]
    assert cards(url)["Bob"] == 2


@pytest.fixture
def desk(url: str) -> Iterator[Desk]:
    made = Desk(typer.main.get_command(app), db=url, tournament=None)
    made.warm_up()
    yield made
    made.close()


@pytest.mark.parametrize("pasted", ["\x1b[31mresult 1 bob\x1b[0m", "result 1 \x1b[1;31mbob\x1b[0m",
                                    "result 1 bob\x1b[38;5;196m", "\x1b[<0;1;2Mresult 1 bob\x1b[M!!!"])
def test_a_colour_code_pasted_at_the_prompt_is_dropped(
        url: str, desk: Desk, pasted: str, capsys: pytest.CaptureFixture[str]) -> None:
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(pasted + "\r\x04")
        run_prompt(desk, history=InMemoryHistory(), input=pipe, output=DummyOutput())
    out = capsys.readouterr()
    assert out.err == ""  # no traceback, and the entry ran as typed around the codes
    assert cards(url)["Bob"] == 2


def test_a_line_typed_in_another_encoding_at_the_prompt_is_one_error_line(
        url: str, desk: Desk, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tourney.cli._desk_prompt import open_history

    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_bytes(b"result 1 Kami\xb6ski\rresult 1 bob\r\x04")
        run_prompt(desk, history=open_history(tmp_path / "history"), input=pipe, output=DummyOutput())
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 1 and errors[0].startswith("error: the line 'result 1 Kami\\xb6ski' is not UTF-8"), errors
    assert cards(url)["Bob"] == 2
