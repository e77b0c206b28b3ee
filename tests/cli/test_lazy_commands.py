"""The top-level command table (issue 11, item 12): a command imports and builds only itself, and every
listed command still loads and shows its help."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tourney.cli import COMMANDS, app

runner = CliRunner()

# Runs `tourney ARGS` in a fresh interpreter, then prints which modules were imported.
PROBE = """
import json, sys
from tourney.cli import main
sys.argv = ["tourney", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
sys.__stdout__.write("\\n" + json.dumps(sorted(sys.modules)) + "\\n")
"""


def imported_by(*args: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=60,
                          check=False)
    modules: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return set(modules)


def test_a_command_imports_only_its_own_module() -> None:
    modules = imported_by("tables", "--help")
    command_modules = {m for m in modules if m.startswith("tourney.cli.") and m.endswith("_cmd")}
    assert command_modules == {"tourney.cli.results_cmd"}
    # Help needs neither the database layer nor the desk's line editor.
    assert not {"sqlmodel", "sqlalchemy", "prompt_toolkit"} & modules


def test_the_format_list_of_new_is_made_only_when_its_help_is_shown() -> None:
    """`new --help`'s --format help, made from the format registry, is made when that screen shows
    it: `tourney --help` and another command's help import no registry (nor the formats)."""
    assert "tourney.engine.format_registry" not in imported_by("--help")
    assert "tourney.engine.format_registry" not in imported_by("status", "--help")
    assert "tourney.engine.format_registry" in imported_by("new", "--help")


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_listed_command_loads(name: str) -> None:
    result = runner.invoke(app, [name, "--help"])
    assert result.exit_code == 0, result.stderr
    assert f"Usage: tourney {name}" in result.stdout


def test_help_lists_every_command_in_table_order_under_its_group_whole() -> None:
    """`tourney --help` groups the commands by what a user does (issue 34 item 6); each line is
    whole (none cut with "..."), and listing them builds no command."""
    from tourney.cli import GROUPS

    out = runner.invoke(app, ["--help"]).stdout
    body = out.split("Start here:", 1)[1]
    listed = [line.split()[0] for line in body.splitlines() if line.startswith("  ") and line.strip()]
    assert listed == list(COMMANDS)
    headings = [line[:-1] for line in out.splitlines() if line.endswith(":") and not line.startswith(" ")]
    assert headings[-len(GROUPS):] == [heading for heading, _ in GROUPS]
    assert not [line for line in body.splitlines() if line.rstrip().endswith("...")]
    assert {"Players", "Results", "Corrections", "Printing", "Bots"} <= set(headings)
    modules = imported_by("--help")
    assert not {m for m in modules if m.startswith("tourney.cli.") and m.endswith("_cmd")}


def test_a_live_command_on_sqlite_needs_no_orm_no_pydantic_and_no_other_game(tmp_path: Path) -> None:
    """What a one-shot `tourney result` costs (issue 11 item 12): SQLite through the standard
    library, arguments converted without pydantic, and only the event's own game imported."""
    url = f"sqlite:///{tmp_path / 'live.db'}"
    for args in (["new", "Friday", "--game", "pp", "--seed", "1"], ["player", "add", "ann", "bob", "cy"],
                 ["seat"]):
        assert runner.invoke(app, [*args, "--db", url]).exit_code == 0
    modules = imported_by("result", "1", "ann", "--db", url)
    assert "tourney.engine.tournament" in modules and "tourney.rules.polish_poker" in modules
    assert not {"sqlmodel", "sqlalchemy", "pydantic", "prompt_toolkit", "jinja2"} & modules
    assert not {"tourney.rules.chlust", "tourney.rules.lou", "tourney.rules.khlyust"} & modules
    # ... and it did its job, through the plain conversions.
    shown = runner.invoke(app, ["tables", "1", "--json", "--db", url])
    assert shown.exit_code == 0 and [p["cards"] for p in json.loads(shown.stdout)["players"]].count(2) == 1


@pytest.mark.parametrize(("args", "message"), [
    (["plan", "--players", "x"], "--players must be a whole number, got 'x'"),
    (["plan", "--players", "٣"], "--players"),
    (["serve", "--port", "70000"], "70000 is not in the range 1<=x<=65535"),
    (["play", "pp", "--players", "1.5"], "'1.5' is not a whole number"),
])
def test_plain_conversions_refuse_bad_values_in_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_sheet_written_to_a_file_converts_its_path_without_pydantic(tmp_path: Path) -> None:
    """`print -o FILE`: a path option (Typer's `readable` check on by default) converts as our plain
    parameters do; pydantic was a twentieth of `print standings` at 10,000 players."""
    url = f"sqlite:///{tmp_path / 'swiss.db'}"
    for args in (["new", "Friday", "--game", "chlust", "--format", "swiss"], ["player", "add", "ann", "bob", "cy"],
                 ["seat"]):
        assert runner.invoke(app, [*args, "--db", url]).exit_code == 0
    sheet = tmp_path / "standings.html"
    modules = imported_by("print", "standings", "-o", str(sheet), "--db", url)
    assert "pydantic" not in modules and "ann" in sheet.read_text(encoding="utf-8")


def test_a_path_option_keeps_typers_checks_of_a_path_that_exists(tmp_path: Path) -> None:
    # desk --history takes a file (dir_okay=False): a folder is refused, in one line, before anything runs.
    refused = runner.invoke(app, ["desk", "--history", str(tmp_path), "--db", "sqlite://"])
    assert refused.exit_code == 2
    assert f"'{tmp_path}' is a folder, not a file." in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
