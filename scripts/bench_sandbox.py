"""Benchmark of the walls between bots (issue 31): prints one `key: value` per line.

    start_ms[MODE]      a `cmd:` bot process started, greeted (hello/ready) and ended, in milliseconds
    games_per_s[MODE]   Polish Poker duels of that bot against `random` (`arena run`, one worker)
    start_ratio, games_ratio   sandbox on against off

MODE is `on` (bubblewrap) and `off` (as root: a user id of its own per process, when the bot's files
are readable by every user, as here: the system's Python in an open folder).

Usage: python scripts/bench_sandbox.py [--starts N] [--games N]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import tourney.arena  # noqa: F401  (registers cmd:)
from tourney.app.bots.arena import run_arena_games
from tourney.arena.bot_process import BotProcess, Limits

BOT = """
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready", "accept": ["delta", "session"]}), flush=True)
    elif msg["type"] == "act":
        print(json.dumps({"type": "action", "id": msg["id"], "action": msg["legal"][-1]}), flush=True)
"""


def start_ms(command: str, mode: str, starts: int) -> float:
    best = float("inf")
    for _ in range(starts):
        began = time.perf_counter()
        process = BotProcess(command, Limits(sandbox=mode))
        process.send({"type": "hello"}, time.monotonic() + 10)
        process.receive(time.monotonic() + 10)
        process.close()
        best = min(best, time.perf_counter() - began)
    return 1000 * best


def games_per_s(command: str, mode: str, games: int) -> float:
    began = time.perf_counter()
    run_arena_games([f"bot=cmd:{command}", "random"], games=games, seed=1, sandbox=mode)
    return games / (time.perf_counter() - began)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--starts", type=int, default=10)
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tourney-bench-"))
    folder.chmod(0o755)
    try:
        script = folder / "bot.py"
        script.write_text(textwrap.dedent(BOT), encoding="utf-8")
        python = shutil.which("python3", path="/usr/bin:/bin") or sys.executable
        command = f"{python} {script}"
        figures: dict[str, dict[str, float]] = {"start_ms": {}, "games_per_s": {}}
        for mode in ("on", "off"):
            figures["start_ms"][mode] = start_ms(command, mode, args.starts)
            figures["games_per_s"][mode] = games_per_s(command, mode, args.games)
        for key, by_mode in figures.items():
            for mode, value in by_mode.items():
                print(f"{key}[{mode}]: {value:.1f}")
        print(f"start_ratio: {figures['start_ms']['on'] / figures['start_ms']['off']:.2f}")
        print(f"games_ratio: {figures['games_per_s']['on'] / figures['games_per_s']['off']:.2f}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
