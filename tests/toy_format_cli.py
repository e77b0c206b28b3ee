"""What the CLI and print tests of the toy format (toy_format.py) share: the format registered for
each test of the importing module, a database, and running a command that must succeed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from toy_format import register, unregister
from typer.testing import CliRunner

from tourney.cli import app

runner = CliRunner()
PLAYERS = ["Ada", "Bob", "Cy", "Dee"]


@pytest.fixture(name="toy", autouse=True)
def toy_registered() -> Iterator[None]:
    register()
    yield
    unregister()


@pytest.fixture(name="url")
def hill_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'hill.db'}"


def run(url: str, *args: str) -> str:
    result = runner.invoke(app, [*args, "--db", url])
    assert result.exit_code == 0, result.output
    return result.stdout


def lines(url: str, *args: str) -> list[str]:
    return run(url, *args).splitlines()
