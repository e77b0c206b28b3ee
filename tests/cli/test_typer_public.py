"""The CLI uses only Typer's public API: no module of tourney imports a private module of Typer
(`typer._click`, `typer._coercion`, ...) or replaces a function of Typer's, so another Typer app in the
same process converts its arguments and shows its help exactly as stock Typer does."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import Annotated

import typer
import typer.core
from typer.testing import CliRunner

import tourney
from tourney.cli import app

PACKAGE = Path(tourney.__file__).resolve().parent
runner = CliRunner()


def private_typer_imports(source: str) -> list[str]:
    """The private modules of Typer (a name part starting with `_`) that `source` imports."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                 else [node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
        if isinstance(node, ast.ImportFrom) and node.module == "typer":
            names += [f"typer.{alias.name}" for alias in node.names]
        found += [name for name in names
                  if name.split(".")[0] == "typer" and any(part.startswith("_") for part in name.split(".")[1:])]
    return found


def test_the_check_finds_each_way_of_importing_a_private_module() -> None:
    assert private_typer_imports("import typer._click\nfrom typer._coercion import RuntimeParam\n"
                                 "from typer import _click\nfrom typer.core import TyperGroup\nimport typer\n"
                                 ) == ["typer._click", "typer._coercion", "typer._click"]


def test_no_module_of_tourney_imports_a_private_module_of_typer() -> None:
    offenders = {str(path.relative_to(PACKAGE.parent)): found for path in sorted(PACKAGE.rglob("*.py"))
                 if (found := private_typer_imports(path.read_text(encoding="utf-8")))}
    assert offenders == {}


# A user's own small Typer app: stock Typer converts `--count` through pydantic, with its own messages.
OTHER_APP = """
from typing import Annotated
import typer
from typer.testing import CliRunner

other = typer.Typer(rich_markup_mode=None, add_completion=False)

@other.command()
def main(count: Annotated[int, typer.Option(min=1, help="How many.")] = 2, name: str = "x") -> None:
    typer.echo(f"{count!r} {name!r}")

runner = CliRunner()
for args in (["--count", "3"], ["--count", "x"], ["--count", "0"], ["--count", "٣"], ["--help"]):
    result = runner.invoke(other, args)
    print(result.exit_code, repr(result.output))
"""


def run_other_app(before: str) -> str:
    done = subprocess.run([sys.executable, "-c", before + OTHER_APP], capture_output=True, text=True,
                          timeout=120, check=True)
    return done.stdout


def test_another_typer_app_in_the_same_process_behaves_as_stock_typer() -> None:
    stock = run_other_app("")
    # tourney's CLI loaded, every command built (`--help` lists them all) and one command run first.
    after_tourney = run_other_app("from typer.testing import CliRunner as R\nfrom tourney.cli import app\n"
                                  "assert R().invoke(app, ['--help']).exit_code == 0\n"
                                  "assert R().invoke(app, ['games', '--json']).exit_code == 0\n")
    assert after_tourney == stock
    # Typer's own (pydantic's) words: tourney's conversion would say "'x' is not a whole number."
    assert "Invalid value for '--count': Input should be a valid integer" in stock and "How many." in stock


def test_the_other_app_in_this_process_keeps_typers_own_conversion() -> None:
    assert runner.invoke(app, ["--help"]).exit_code == 0  # builds every tourney command
    other = typer.Typer(rich_markup_mode=None, add_completion=False)

    @other.command()
    def main(count: Annotated[int, typer.Option()] = 2) -> None:
        typer.echo(repr(count))

    command = typer.main.get_command(other)
    assert {type(param) for param in command.params} == {typer.core.TyperOption}
    assert runner.invoke(other, ["--count", "3"]).output == "3\n"
    assert runner.invoke(other, ["--count", "x"]).exit_code == 2
    assert typer.core.build_runtime_param.__module__ == "typer._coercion"  # Typer's own, not replaced


def test_tourneys_own_parameters_convert_without_pydantic_and_say_so_in_its_words() -> None:
    from tourney.cli._coercion import PlainOption
    from tourney.cli._lazy import build_command

    new = build_command("new", "tournament_cmd:new")
    assert any(isinstance(param, PlainOption) and param.name == "seed" for param in new.params)
    refused = runner.invoke(app, ["new", "Friday", "--game", "pp", "--seed", "٣", "--db", "sqlite://"])
    assert refused.exit_code == 2
    assert "seed must be a whole number, got '٣'" in refused.stderr
