"""No traceback, ever (issue 11, item 8): every command, fed arbitrary text in every argument, either
does its job or refuses with exactly one `error:` line, a non-zero exit and the database unchanged.

Hypothesis writes the text (any Unicode but NUL, which no command line can carry); a few hostile
values are always tried: superscript and Arabic-Indic digits, huge and negative numbers, escape
sequences, empty and very long text."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tourney.cli import app

runner = CliRunner()
TEXT = st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=40)
HOSTILE = ["²", "٣", "-1", "1" * 40, "\x1b[2J\x1b[31mred", "", " ", "9223372036854775808", "1e400", "nan",
           "x" * 300, "--", "-", "0", "s9", "ann\nbob", "ann\u2028bob", "x\x85y\x0cz", "Ąę ŁÓDŹ"]

# Each command with the places where the sweep puts its text ({} marks one).
COMMANDS: list[list[str]] = [
    ["result", "{}", "ann"], ["result", "1", "{}"], ["finish", "{}", "ann", "bob"], ["finish", "1", "{}", "bob"],
    ["chips", "1", "{}"], ["chips", "{}", "ann=3"], ["correct", "{}", "--loser", "ann"],
    ["correct", "1", "--loser", "{}"], ["correct", "2", "--name", "{}"], ["correct", "2", "--club", "{}"],
    ["undo", "{}"], ["player", "add", "{}"], ["player", "add", "zed", "--club", "{}"], ["player", "drop", "{}"],
    ["player", "rename", "{}", "x"], ["player", "rename", "ann", "{}"], ["player", "show", "{}"],
    ["tables", "{}"], ["use", "{}"], ["new", "{}", "--game", "pp"], ["new", "Next", "--game", "{}"],
    ["new", "Next", "--game", "pp", "--seed", "{}"], ["seat", "--seed", "{}"], ["plan", "--players", "{}"],
    ["plan", "--table-size", "{}"], ["standings", "--tournament", "{}"], ["log", "--tournament", "{}"],
    ["status", "--tournament", "{}"], ["play", "{}"], ["play", "pp", "--players", "{}"],
    ["play", "pp", "--seed", "{}"], ["play", "pp", "--option", "{}"], ["play", "pp", "--bots", "{}"],
    ["rules", "check", "{}", "--cards", "AS KS"], ["rules", "check", "PAIR:A", "--cards", "{}"],
    ["replay", "{}"], ["print", "{}"], ["print", "standings", "--stage", "{}"], ["games", "{}"],
    ["lang", "{}"], ["new", "Next", "--game", "pp", "--lang", "{}"], ["print", "standings", "--lang", "{}"],
]


EVENTS = {
    "stages": [["new", "Friday", "--game", "pp", "--seed", "5"]],
    "knockout": [["new", "Cup", "--game", "khlyust", "--format", "knockout", "--best-of", "3", "--seed", "5"]],
}


@pytest.fixture(scope="module", params=sorted(EVENTS))
def template(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A seated four-player event: Polish Poker stages, or a best-of-3 Хлюст-duel knockout."""
    path = tmp_path_factory.mktemp("sweep") / "template.db"
    url = f"sqlite:///{path}"
    for args in (*EVENTS[request.param], ["player", "add", "ann", "bob", "cy", "dee"], ["seat"]):
        result = runner.invoke(app, [*args, "--db", url])
        assert result.exit_code == 0, result.output
    table = runner.invoke(app, ["tables", "1", "--json", "--db", url])
    assert table.exit_code == 0
    return path


def rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    with sqlite3.connect(path) as connection:
        names = [r[0] for r in connection.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY 1")]
        return {name: connection.execute(f"SELECT * FROM {name} ORDER BY 1").fetchall() for name in names}


def sweep(template: Path, tmp_path: Path, command: list[str], text: str) -> None:
    path = tmp_path / "sweep.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    shutil.copy(template, path)
    before = rows(path)
    argv = [text if part == "{}" else part for part in command]
    result = runner.invoke(app, [*argv, "--db", f"sqlite:///{path}"] if command[0] not in NO_DB else argv)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"tourney {argv!r} raised {result.exception!r}") from result.exception
    if result.exit_code == 0:
        return  # the text happened to be a valid value (a unique prefix of a name, a number in range)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), (argv, result.stderr)
    assert "\x1b" not in lines[0], "an escape sequence reached the terminal"
    assert rows(path) == before, f"tourney {argv!r} failed but changed the database"


NO_DB = {"play", "rules", "replay", "games"}


def _sweeper(command: list[str]) -> Callable[..., None]:
    @settings(max_examples=12, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(text=TEXT)
    def check(template: Path, tmp_path: Path, text: str) -> None:
        sweep(template, tmp_path, command, text)

    for value in HOSTILE:
        check = example(text=value)(check)
    return check


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c))
def test_arbitrary_text_never_gives_a_traceback_or_a_half_change(
        command: list[str], template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a text that is a valid sheet name prints `sheets/` into the working directory
    _sweeper(command)(template, tmp_path)
