"""One bot spec everywhere (issue 19 item 6): `player add --bot` takes what `arena run --bots` takes,
a `module:` bot may live in the current folder, and bot kinds keep their old names as aliases."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tourney.cli import app

runner = CliRunner()

FOLDER_BOT = """
class FirstLegal:
    name = "first"

    def __init__(self, rng):
        self.rng = rng

    def act(self, view):
        return view.legal_actions()[0]
"""


@pytest.fixture
def bot_in_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """`folderbot.py` in a fresh current folder, not yet imported; its `module:` spec."""
    (tmp_path / "folderbot.py").write_text(textwrap.dedent(FOLDER_BOT), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [entry for entry in sys.path if entry not in ("", str(tmp_path))])
    monkeypatch.delitem(sys.modules, "folderbot", raising=False)
    return "folderbot:FirstLegal"


def test_a_module_bot_in_the_current_folder_plays_in_the_arena(bot_in_current_folder: str) -> None:
    result = runner.invoke(app, ["arena", "run", "--bots", f"mine={bot_in_current_folder},random", "--games", "4",
                                 "--json"])
    assert result.exit_code == 0, result.output
    board = {row["bot"]: row for row in json.loads(result.stdout)["bots"]}
    assert board["mine"]["games"] == 4 and board["mine"]["faults"] == {}


def test_player_add_takes_every_spec_the_arena_takes(bot_in_current_folder: str, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 't.db'}"

    def run(*args: str) -> tuple[int, str]:
        result = runner.invoke(app, [*args, "--db", url])
        return result.exit_code, result.output

    assert run("new", "Specs", "--game", "chlust", "--seed", "3", "--format", "round-robin")[0] == 0
    for name, spec in [("Pyt", bot_in_current_folder), ("Mod", f"module:{bot_in_current_folder}"),
                       ("Old", "rules:2"), ("New", "rule")]:
        code, output = run("player", "add", name, "--bot", spec)
        assert code == 0, output
    code, output = run("player", "add", "Bad", "--bot", "folderbot:NoSuchClass")
    assert code != 0 and "has no class 'NoSuchClass'" in output
    code, output = run("run")
    assert code == 0, output
    assert "faults of" not in output


COMMA_BOT = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "name": sys.argv[1]}), flush=True)
    elif message["type"] == "act":
        print(json.dumps({"type": "action", "id": message["id"], "action": message["legal"][0]}), flush=True)
"""


def test_bot_repeats_so_that_a_command_line_may_hold_a_comma(tmp_path: Path) -> None:
    script = tmp_path / "comma_bot.py"
    script.write_text(textwrap.dedent(COMMA_BOT), encoding="utf-8")
    command = f"cmd:{sys.executable} {script} 'a,b'"
    result = runner.invoke(app, ["arena", "run", "--bot", f"mine={command}", "--bot", "random", "--bots", "prob",
                                 "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    board = {row["bot"]: row for row in json.loads(result.stdout)["bots"]}
    assert set(board) == {"mine", "random", "prob"} and board["mine"]["faults"] == {}
    # In --bots the comma splits the command line: its first half is a command that does not parse.
    split = runner.invoke(app, ["arena", "run", "--bots", f"mine={command},random", "--games", "1"])
    assert split.exit_code != 0
    nobody = runner.invoke(app, ["arena", "run", "--games", "1"])
    assert nobody.exit_code != 0 and "--bot" in nobody.output


TALKING_BOT = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print("thinking about", message["game"], file=sys.stderr, flush=True)
        print(json.dumps({"type": "ready", "name": "talker"}), flush=True)
    elif message["type"] == "act":
        print(json.dumps({"type": "action", "id": message["id"], "action": message["legal"][0]}), flush=True)
"""


def test_bot_logs_keep_each_bot_process_stderr_in_the_arena_and_in_tourney_run(tmp_path: Path) -> None:
    script = tmp_path / "talker.py"
    script.write_text(textwrap.dedent(TALKING_BOT), encoding="utf-8")
    spec = f"cmd:{sys.executable} {script}"
    logs = tmp_path / "arena-logs"
    result = runner.invoke(app, ["arena", "run", "--bot", spec, "--bot", "random", "--games", "2",
                                 "--bot-logs", str(logs)])
    assert result.exit_code == 0, result.output
    kept = sorted(logs.glob("talker.py-*.log"))
    assert kept and "thinking about polish-poker" in kept[0].read_text(encoding="utf-8")

    url = f"sqlite:///{tmp_path / 't.db'}"
    live_logs = tmp_path / "run-logs"
    for args in (["new", "Logs", "--game", "lou", "--seed", "2", "--format", "round-robin"],
                 ["player", "add", "Talker", "--bot", spec], ["player", "add", "R1", "R2", "--bot", "random"],
                 ["run", "--bot-logs", str(live_logs)]):
        result = runner.invoke(app, [*args, "--db", url])
        assert result.exit_code == 0, result.output
    named = live_logs.glob("Talker-*.log")  # named by the player
    assert any("thinking about lou" in log.read_text(encoding="utf-8") for log in named)


def test_tourney_play_takes_a_python_class_as_the_arena_does(bot_in_current_folder: str) -> None:
    result = runner.invoke(app, ["play", "lou", "--players", "3", "--seed", "4", "--bots",
                                 f"{bot_in_current_folder},rule", "-q"])
    assert result.exit_code == 0, result.output
