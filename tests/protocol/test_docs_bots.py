"""The bot authors' page's example bots (docs/bots.md) play every game unchanged (issue 19, "Done
when"): the page is
enough to write a bot for any game in any language, on the full protocol or the lean one (issue 20
item 6)."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest
from protocol_schemas import PLAYABLE
from typer.testing import CliRunner

from tourney.arena.subprocess_bot import FEATURES, SubprocessBot
from tourney.cli import app
from tourney.rules.games import GameDescriptor, resolve_options

BOTS_PAGE = Path(__file__).resolve().parents[2] / "docs" / "bots.md"
runner = CliRunner()


def readme_bot(introduced_by: str = "A complete bot:") -> str:
    """The Python program shown after `introduced_by` on the bot authors' page, as it is printed there."""
    text = BOTS_PAGE.read_text(encoding="utf-8")
    found = re.search(re.escape(introduced_by) + r"\n\n```python\n(.*?)```", text, re.DOTALL)
    assert found, f"docs/bots.md shows no program after {introduced_by!r}"
    return found.group(1)


LEAN = "A lean bot:"


@pytest.mark.parametrize("introduced_by", ["A complete bot:", LEAN])
def test_the_readme_bot_uses_the_standard_library_only(introduced_by: str) -> None:
    imports = re.findall(r"^import (.+)$|^from (\S+) import", readme_bot(introduced_by), re.MULTILINE)
    modules = {name.strip() for line in imports for part in line for name in part.split(",") if name.strip()}
    assert modules and modules <= set(sys.stdlib_module_names), modules


@pytest.mark.parametrize("introduced_by", ["A complete bot:", LEAN])
@pytest.mark.parametrize("game", PLAYABLE, ids=lambda game: game.name)
def test_the_readme_bot_plays_every_game_without_a_fault(game: GameDescriptor, introduced_by: str,
                                                         tmp_path: Path) -> None:
    script = tmp_path / "mybot.py"
    script.write_text(readme_bot(introduced_by), encoding="utf-8")
    result = runner.invoke(app, ["arena", "run", "--game", game.name, "--bots",
                                 f"mine=cmd:{sys.executable} {script},random", "--games", "4", "--seed", "9", "--json"])
    assert result.exit_code == 0, result.output
    board = {row["bot"]: row for row in json.loads(result.stdout)["bots"]}
    assert board["mine"]["games"] == 4 and board["mine"]["faults"] == {}, board["mine"]


def test_the_readme_lean_bot_accepts_the_lean_protocol(tmp_path: Path) -> None:
    script = tmp_path / "lean.py"
    script.write_text(readme_bot(LEAN), encoding="utf-8")
    game = PLAYABLE[0]
    bot = SubprocessBot(f"{sys.executable} {script}", random.Random(1))
    try:
        bot.begin(game, 0, ["a", "b"], resolve_options(game))
        assert bot._process is not None and bot._process.accepted == FEATURES
    finally:
        bot.close()
