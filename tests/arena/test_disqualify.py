"""A dead bot does not cost every game (issue 19 item 4): disqualification after forfeits in a row,
memory and CPU limits per bot, the same options for `tourney run`."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tourney.app.bots.arena import run_arena_games
from tourney.arena.faults import ForfeitStreaks
from tourney.cli import app
from tourney.errors import InvalidInputError

# Notes each start in argv[1], then never says ready.
DEAD_BOT = """
import sys, time
with open(sys.argv[1], "a") as handle:
    handle.write("started\\n")
for line in sys.stdin:
    time.sleep(30)
"""

# Greets, then on its first decision does what argv[1] says: `memory` or `cpu`.
GREEDY_BOT = """
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif msg["type"] == "act":
        if sys.argv[1] == "memory":
            hog = bytearray(1 << 30)
        else:
            while True:
                pass
"""


def dead_bot(tmp_path: Path) -> tuple[str, Path]:
    script = tmp_path / "dead.py"
    script.write_text(textwrap.dedent(DEAD_BOT), encoding="utf-8")
    starts = tmp_path / "starts.txt"
    return f"cmd:{sys.executable} {script} {starts}", starts


def starts(path: Path) -> int:
    return len(path.read_text().split()) if path.exists() else 0


def test_streaks_count_forfeits_in_a_row_only() -> None:
    streaks = ForfeitStreaks(3)
    for forfeited in (["a"], ["a"], [], ["a"], ["a"]):
        streaks.observe(["a", "b"], forfeited)
    assert streaks.out == set() and streaks.streaks == {"a": 2, "b": 0}
    streaks.observe(["a", "b"], ["a"])
    assert streaks.out == {"a"}
    never = ForfeitStreaks(0)
    for _ in range(10):
        never.observe(["a"], ["a"])
    assert never.out == set()


def test_after_k_forfeits_in_a_row_a_bot_is_not_started_again(tmp_path: Path) -> None:
    spec, started = dead_bot(tmp_path)
    report = run_arena_games(f"dead={spec},random", games=6, seed=2, hello_timeout=0.3, max_forfeits=2, sandbox="off")
    assert starts(started) == 2
    lines = report.games
    assert all(game["forfeits"] == ["dead"] for game in lines)
    assert ["disqualified" in game for game in lines] == [False, False, True, True, True, True]
    assert lines[2]["disqualified"] == ["dead"] and lines[2]["faults"] == {"dead": {"forfeit": 1, "disqualified": 1}}
    assert all(game["places"][game["seats"].index("dead")] == 2 for game in lines)
    assert report.leaderboard.tallies["dead"].faults == {"timeout": 2, "forfeit": 6, "disqualified": 4}


def test_a_resumed_run_remembers_a_disqualification(tmp_path: Path) -> None:
    spec, started = dead_bot(tmp_path)
    out = tmp_path / "out.jsonl"
    run_arena_games(f"dead={spec},random", games=2, seed=2, hello_timeout=0.3, max_forfeits=2, out=out, sandbox="off")
    run_arena_games(f"dead={spec},random", games=4, seed=2, hello_timeout=0.3, max_forfeits=2, out=out, sandbox="off")
    assert starts(started) == 2


def test_max_forfeits_0_never_disqualifies(tmp_path: Path) -> None:
    spec, started = dead_bot(tmp_path)
    run_arena_games(f"dead={spec},random", games=3, seed=2, hello_timeout=0.3, max_forfeits=0, sandbox="off")
    assert starts(started) == 3


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is enforced on Linux")
@pytest.mark.parametrize(("hog", "limit"), [("memory", {"bot_memory": 200}), ("cpu", {"bot_cpu": 1})])
def test_a_bot_over_its_memory_or_cpu_limit_forfeits(tmp_path: Path, hog: str, limit: dict[str, int]) -> None:
    script = tmp_path / "greedy.py"
    script.write_text(textwrap.dedent(GREEDY_BOT), encoding="utf-8")
    report = run_arena_games(f"greedy=cmd:{sys.executable} {script} {hog},random", games=1, seed=1,
                             move_timeout=10, **limit)  # type: ignore[arg-type]
    game = report.games[0]
    assert game["forfeits"] == ["greedy"] and game["faults"]["greedy"]["crash"] == 1


@pytest.mark.parametrize(("options", "message"), [
    ({"max_forfeits": -1}, "--max-forfeits"), ({"bot_memory": 0}, "--bot-memory"), ({"bot_cpu": 0}, "--bot-cpu"),
])
def test_bad_limits_are_one_line_errors(options: dict[str, int], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        run_arena_games("random,random", games=1, **options)  # type: ignore[arg-type]


def test_tourney_run_takes_the_arena_limits_and_disqualifies(tmp_path: Path) -> None:
    runner = CliRunner()
    url = f"sqlite:///{tmp_path / 't.db'}"
    spec, started = dead_bot(tmp_path)

    def ok(*args: str) -> str:
        result = runner.invoke(app, [*args, "--db", url])
        assert result.exit_code == 0, result.output
        return result.stdout

    ok("new", "Bots", "--game", "polish-poker", "--seed", "3", "--format", "round-robin")
    ok("player", "add", "R1", "R2", "R3", "--bot", "random")
    ok("player", "add", "Dead", "--bot", spec)
    out = ok("run", "--hello-timeout", "0.3", "--max-forfeits", "1", "--max-strikes", "2", "--move-timeout", "0.5",
             "--bot-memory", "500", "--bot-cpu", "30", "--sandbox", "off")
    assert starts(started) == 1  # three matches; after its first forfeit it is not started again
    assert "faults of Dead: timeout 1, forfeit 3, disqualified 2" in out
    result = runner.invoke(app, ["run", "--max-forfeits", "-1", "--db", url])
    assert result.exit_code != 0 and "--max-forfeits" in result.stderr
