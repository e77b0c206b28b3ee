"""An arena no bot can break (issue 19 items 1-3): deadlines per bot, deep JSON, no process outlives a run."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import tourney.arena  # noqa: F401  (registers the cmd: and module: kinds)
from tourney.app.bots.arena import run_arena_games
from tourney.arena.bot_process import BotProcess, Limits, ProcessPool
from tourney.arena.faults import Forfeit
from tourney.arena.subprocess_bot import SubprocessBot
from tourney.arena.table_match import TableReferee
from tourney.errors import InvalidInputError
from tourney.rules.games import find_game, resolve_options

GAME = find_game("polish-poker")
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc and prctl are Linux's")

# Writes its pid to argv[1], double-forks a grandchild into a session of its own (out of reach of
# killpg) that writes its pid and sleeps, then plays slowly: the last legal action, 50 ms a move.
ESCAPING_BOT = """
import json, os, sys, time
pids = sys.argv[1]
def note():
    with open(pids, "a") as handle:
        handle.write(f"{os.getpid()}\\n")
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        note()
        time.sleep(120)
    os._exit(0)
note()
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif msg["type"] == "act":
        time.sleep(0.05)
        print(json.dumps({"type": "action", "id": msg["id"], "action": msg["legal"][-1]}), flush=True)
"""


def write_bot(folder: Path, name: str, source: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return path


def escaping_spec(tmp_path: Path) -> tuple[str, Path]:
    pids = tmp_path / "pids.txt"
    return f"cmd:{sys.executable} {write_bot(tmp_path, 'escaping.py', ESCAPING_BOT)} {pids}", pids


def is_gone(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")  # a zombie has ended; only its parent has not reaped it


def noted(pids: Path, at_least: int, timeout: float = 20) -> list[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pids.exists():
            found = [int(line) for line in pids.read_text().split()]
            if len(found) >= at_least:
                return found
        time.sleep(0.05)
    raise AssertionError(f"the bot noted fewer than {at_least} processes")


def assert_all_end(pids: list[int], timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not all(is_gone(pid) for pid in pids):
        time.sleep(0.05)
    alive = [pid for pid in pids if not is_gone(pid)]
    for pid in alive:  # leave nothing behind, even when failing
        os.kill(pid, signal.SIGKILL)
    assert alive == []


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


# -- item 1: each bot its own hello deadline; an answer already received is never a timeout --

READY_AFTER = """
import json, sys, time
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        time.sleep({delay})
        print(json.dumps({{"type": "ready"}}), flush=True)
"""


def test_a_ready_in_the_pipe_before_the_deadline_is_not_a_timeout(tmp_path: Path) -> None:
    prompt = write_bot(tmp_path, "prompt.py", READY_AFTER.format(delay=0))
    process = BotProcess(f"{sys.executable} {prompt}")
    try:
        process.send({"type": "hello"}, time.monotonic() + 5)
        deadline = time.monotonic() + 1.0
        time.sleep(1.5)  # the referee was busy with another seat until after this bot's deadline
        assert json.loads(process.receive(deadline)) == {"type": "ready"}
    finally:
        process.close()


def test_a_slow_starter_does_not_cost_another_bot_its_match(tmp_path: Path) -> None:
    slow = write_bot(tmp_path, "slow.py", READY_AFTER.format(delay=1.3))
    prompt = write_bot(tmp_path, "prompt.py", READY_AFTER.format(delay=0))
    limits = Limits(hello_timeout=1.0)
    pool = ProcessPool(limits)
    bots = [SubprocessBot(f"{sys.executable} {path}", random.Random(seat), limits=limits, pool=pool)
            for seat, path in enumerate((slow, prompt))]
    try:
        for seat, bot in enumerate(bots):
            bot.send_hello(GAME, seat, ["slow", "prompt"], resolve_options(GAME))
        with pytest.raises(Forfeit, match="no ready"):
            bots[0].await_ready()  # its ready comes 1.3 s after its hello: late
        bots[1].await_ready()  # it answered at once; that we read it after 1.0 s is no fault of its own
        assert bots[1].faults.total() == 0
    finally:
        pool.close()


def test_a_good_bot_beside_a_dead_one_keeps_its_match_in_the_arena_and_in_tourney_run(
        bot_script: Callable[[str], str]) -> None:
    # The dead bot's hello times out first; ending its process takes a while (a polite exit is awaited),
    # by which time the good bot's own deadline has passed, though its ready came long before.
    dead, good = bot_script("silent"), bot_script("good")
    report = run_arena_games(f"dead={dead},good={good}", games=1, seed=1, hello_timeout=0.5)
    assert report.games[0]["forfeits"] == ["dead"]
    referee = TableReferee(Limits(hello_timeout=0.5))
    try:
        referee(GAME, ["Dead", "Good"], [dead, good], 1, {})
    finally:
        referee.close()
    assert set(referee.fault_report()) == {"Dead"}


# -- item 2: a 100k-deep JSON answer is a malformed answer, one strike --

def test_a_deeply_nested_answer_is_one_malformed_strike(tmp_path: Path) -> None:
    deep = write_bot(tmp_path, "deep.py", """
        import json, sys
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] == "hello":
                print(json.dumps({"type": "ready"}), flush=True)
            elif msg["type"] == "act" and msg["id"] == 1:
                print("[" * 100000 + "]" * 100000, flush=True)
            elif msg["type"] == "act":
                print(json.dumps({"type": "action", "id": msg["id"], "action": msg["legal"][-1]}), flush=True)
        """)
    report = run_arena_games(f"deep=cmd:{sys.executable} {deep},random", games=1, seed=3)
    assert report.games[0]["faults"] == {"deep": {"malformed": 1}}
    assert "forfeits" not in report.games[0]


# -- item 3: every process a bot starts ends with the run --

@linux_only
def test_a_double_forked_grandchild_ends_with_the_run(tmp_path: Path) -> None:
    spec, pids = escaping_spec(tmp_path)
    run_arena_games(f"{spec},random", games=2, seed=1)
    assert_all_end(noted(pids, 2))


class Crash:
    """A Python bot whose decision crashes the whole run (not an `Exception`, so no referee catches it)."""

    def act(self, view: object) -> int:
        raise SystemExit("the run crashes")


@linux_only
def test_a_run_that_crashes_mid_game_ends_its_bots(tmp_path: Path) -> None:
    spec, pids = escaping_spec(tmp_path)
    with pytest.raises(SystemExit):
        run_arena_games(f"{spec},{__name__}:Crash", games=3, seed=1)  # the module as pytest imported it
    assert_all_end(noted(pids, 2))


def arena_command(spec: str, tmp_path: Path, *extra: str) -> subprocess.Popen[bytes]:
    # A session of its own, as a terminal gives a command: Ctrl-C signals its whole process group.
    return subprocess.Popen([sys.executable, "-m", "tourney", "arena", "run", "--bots", f"{spec},random",
                             "--games", "400", "--out", str(tmp_path / "out.jsonl"), *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


@linux_only
@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_ends_the_bots_of_the_current_games(tmp_path: Path, workers: int) -> None:
    spec, pids = escaping_spec(tmp_path)
    arena = arena_command(spec, tmp_path, "--workers", str(workers))
    try:
        noted(pids, 2 * workers)
        os.killpg(arena.pid, signal.SIGINT)
        assert arena.wait(timeout=20) != 0
    finally:
        arena.kill()
    assert_all_end(noted(pids, 2 * workers))


@linux_only
@pytest.mark.parametrize("workers", [1, 2])
def test_kill_9_of_an_arena_ends_its_workers_and_bots(tmp_path: Path, workers: int) -> None:
    spec, pids = escaping_spec(tmp_path)
    arena = arena_command(spec, tmp_path, "--workers", str(workers))
    try:
        started = noted(pids, 2 * workers)  # each worker plays a game: a bot and its grandchild each
        workers_and_bots = children(arena.pid)  # the workers (with 1: the bot), and the watchdog
        assert len(workers_and_bots) >= 2
        arena.kill()  # SIGKILL: no finally, no handler runs in the arena itself
        arena.wait(timeout=5)
    finally:
        arena.kill()
    # Bots started after our count (a worker that began another game meanwhile) are noted too.
    assert_all_end(workers_and_bots + noted(pids, len(started)))


def test_a_bad_command_still_fails_as_one_line() -> None:
    with pytest.raises(InvalidInputError, match="cannot start bot"):
        BotProcess("/no/such/program")
