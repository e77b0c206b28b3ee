"""The top-level command table (issue 11, item 12): a command imports and builds only itself, and every
listed command still loads and shows its help."""

from __future__ import annotations

import json
import subprocess
import sys

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


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_listed_command_loads(name: str) -> None:
    result = runner.invoke(app, [name, "--help"])
    assert result.exit_code == 0, result.stderr
    assert f"Usage: tourney {name}" in result.stdout


def test_help_lists_every_command_in_table_order() -> None:
    out = runner.invoke(app, ["--help"]).stdout
    listed = [line.split()[0] for line in out.split("Commands:", 1)[1].splitlines() if line.strip()]
    assert listed == list(COMMANDS)
