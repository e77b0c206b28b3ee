"""The README's example bot plays every game unchanged (issue 19, "Done when"): its bot section is
enough to write a bot for any game in any language."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from protocol_schemas import PLAYABLE
from typer.testing import CliRunner

from tourney.cli import app
from tourney.rules.games import GameDescriptor

README = Path(__file__).resolve().parents[2] / "README.md"
runner = CliRunner()


def readme_bot() -> str:
    """The Python program shown after "A complete bot:" in the README, as it is printed there."""
    text = README.read_text(encoding="utf-8")
    found = re.search(r"A complete bot:\n\n```python\n(.*?)```", text, re.DOTALL)
    assert found, "the README shows no complete bot"
    return found.group(1)


def test_the_readme_bot_uses_the_standard_library_only() -> None:
    imports = re.findall(r"^import (.+)$|^from (\S+) import", readme_bot(), re.MULTILINE)
    modules = {name.strip() for line in imports for part in line for name in part.split(",") if name.strip()}
    assert modules and modules <= set(sys.stdlib_module_names), modules


@pytest.mark.parametrize("game", PLAYABLE, ids=lambda game: game.name)
def test_the_readme_bot_plays_every_game_without_a_fault(game: GameDescriptor, tmp_path: Path) -> None:
    script = tmp_path / "mybot.py"
    script.write_text(readme_bot(), encoding="utf-8")
    result = runner.invoke(app, ["arena", "run", "--game", game.name, "--bots",
                                 f"mine=cmd:{sys.executable} {script},random", "--games", "4", "--seed", "9", "--json"])
    assert result.exit_code == 0, result.output
    board = {row["bot"]: row for row in json.loads(result.stdout)["bots"]}
    assert board["mine"]["games"] == 4 and board["mine"]["faults"] == {}, board["mine"]
