"""Benchmark of the bot arena (issue 8): prints one `key: value` per line.

    games_per_s[workers=1], games_per_s[workers=2], speedup_2_workers (target >= 1.7 on two cores),
    subprocess_decisions_per_s (target >= 5,000), bot_tournament_seconds[1000 players] (item 5)

Usage: python scripts/bench_arena.py [--games N] [--tournament-only]

The bot tournament: 1,000 players registered as built-in bots (prob, honest, bluffer, random in
turn) on a fresh SQLite file, then `tourney run`'s library function from the first seat draw to
the end of the final; every round is its own fsync'd transaction, as in a live event.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

import tourney.arena  # noqa: F401  (registers cmd:)
from tourney.app.bot_run import run_bot_tournament
from tourney.arena.backends import make_backend
from tourney.arena.bot_process import ProcessPool
from tourney.arena.run import run_arena
from tourney.arena.schedule import make_spec
from tourney.arena.subprocess_bot import SubprocessBot
from tourney.arena.table_match import TableReferee
from tourney.rules.games import find_game, resolve_options
from tourney.storage.db import open_database
from tourney.storage.events import create_tournament, transact

# The README's example bot: always the last legal action.
EXAMPLE_BOT = """\
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "last"}), flush=True)
    elif msg["type"] == "act":
        print(json.dumps({"type": "action", "id": msg["id"], "action": msg["legal"][-1]}), flush=True)
"""


def games_per_second(workers: int, games: int) -> float:
    spec = make_spec("polish-poker", "prob,honest,bluffer,random", seed=1)
    start = time.perf_counter()
    run_arena(spec, games, make_backend("local", workers))
    return games / (time.perf_counter() - start)


def subprocess_decisions_per_second(games: int) -> float:
    game = find_game("polish-poker")
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "bot.py"
        script.write_text(EXAMPLE_BOT)
        pool = ProcessPool()
        bots = [SubprocessBot(f"{sys.executable} {script}", random.Random(seat), pool=pool) for seat in range(2)]
        options = resolve_options(game)
        start = time.perf_counter()
        for seed in range(games):
            assert game.new_state is not None
            state = game.new_state(["a", "b"], random.Random(seed), options, seed)
            for seat, bot in enumerate(bots):  # as the referee greets them: every hello, then every ready
                bot.send_hello(game, seat, ["a", "b"], options)
            for bot in bots:
                bot.await_ready()
            game.play_out(state, bots)
            for bot in bots:
                bot.end(None)
        seconds = time.perf_counter() - start
        decisions = sum(bot._next_id for bot in bots)
        pool.close()
    return decisions / seconds


def bot_tournament_seconds(players: int) -> tuple[float, int, int]:
    """Seconds of the run (seat draw to the final's last entry), entries stored, stages."""
    strategies = ("prob", "honest", "bluffer", "random")
    with tempfile.TemporaryDirectory() as folder, open_database(f"sqlite:///{folder}/bench.db") as database:
        create_tournament(database, name="Bench", game="polish-poker", seed=1)
        transact(database, make=lambda _state, _row: [
            ("register", {"name": f"bot{i:04d}", "club": None, "bot": strategies[i % 4]}) for i in range(players)])
        referee = TableReferee()
        start = time.perf_counter()
        done = run_bot_tournament(database, play=referee)
        seconds = time.perf_counter() - start
        referee.close()
        assert done.state.complete
    return seconds, sum(done.entries.values()), len(done.entries)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--tournament-only", action="store_true", help="only bot_tournament_seconds")
    args = parser.parse_args()
    if args.tournament_only:
        print_tournament()
        return
    # Warm the odds caches first: pool workers fork from this process and inherit them, so a cold
    # single-worker run against warm forked workers would overstate the speed-up.
    games_per_second(1, 1000)
    one = games_per_second(1, args.games)
    two = games_per_second(2, args.games)
    print(f"games_per_s[workers=1]: {one:.0f}")
    print(f"games_per_s[workers=2]: {two:.0f}")
    print(f"speedup_2_workers: {two / one:.2f}")
    print(f"subprocess_decisions_per_s: {subprocess_decisions_per_second(300):.0f}")
    print_tournament()


def print_tournament() -> None:
    seconds, entries, stages = bot_tournament_seconds(1000)
    print(f"bot_tournament_seconds[1000 players]: {seconds:.1f}  ({entries} entries in {stages} stages, "
          f"one transaction each; target < 30)")


if __name__ == "__main__":
    main()
