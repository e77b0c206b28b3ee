"""What a director waits for in a large Swiss: `python scripts/bench_swiss_event.py [--players 10000]`.

Builds a Swiss event of Chlust duels through the library on SQLite (every player registered,
the rounds played out by lot, the next round seated), then times the commands a director runs
after a round as the director runs them, each a fresh `tourney` process: `status --json`,
`standings --json`, `print standings`, `print seating`, `print pairings` and `print bracket` (a
Swiss's score groups and every round's pairings); then enters that round's results and
times `advance` (which closes the round and pairs and seats the next). Prints the wall seconds and
the CPU seconds (user + system, of the command's process) of each: on a busy machine the CPU figure
is the one to compare. Target (issue 33, item 4): `status`, `standings` and `print` under 1 s at
10,000 players after any round; `seat` and `advance` print their line without a full standings.

`--database PATH` keeps the event in PATH (built there if PATH does not exist, reused as it is if it
does), so a profile can run against it (`TOURNEY_DB=sqlite:///PATH python -m cProfile -s cumtime -m
tourney status --json`) without building it again; `advance` then runs on a copy, PATH stays after
the round's seating.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tourney.engine.tournament import draw_seats
from tourney.storage.db import open_database
from tourney.storage.events import appending, create_tournament

COMMANDS = (("status --json", ["status", "--json"]), ("standings --json", ["standings", "--json"]),
            ("print standings", ["print", "standings", "-o", "{dir}/standings.html"]),
            ("print seating", ["print", "seating", "-o", "{dir}/seating.html"]),
            ("print pairings", ["print", "pairings", "-o", "{dir}/pairings.html"]),
            ("print bracket", ["print", "bracket", "-o", "{dir}/bracket.html"]))


def build_event(url: str, players: int, rounds_played: int, seed: int) -> None:
    rng = random.Random(seed)
    with open_database(url) as database:
        create_tournament(database, name="big swiss", game="chlust", seed=seed)
        with appending(database) as log:
            log.append("format", {"format": "swiss", "best_of": 1, "third_place": False, "rounds": None,
                                  "table_size": 2, "seeding": "lot"})
            for i in range(players):
                log.append("register", {"name": f"player{i:05d}"})
        for round_number in range(1, rounds_played + 2):
            with appending(database) as log:
                if round_number > 1:
                    log.append("advance", {"stage": log.state.stage})
                log.append("seat", draw_seats(log.state, seed + round_number))
            if round_number > rounds_played:
                break
            with appending(database) as log:
                for table in list(log.state.tables):
                    log.append("result", {"table": table.number, "loser": rng.choice(table.still_in)})


def play_round(url: str, seed: int) -> bool:
    """Enter the seated round's results by lot; whether they completed the event (its last round)."""
    rng = random.Random(seed)
    with open_database(url) as database, appending(database) as log:
        for table in list(log.state.tables):
            log.append("result", {"table": table.number, "loser": rng.choice(table.still_in)})
        return log.state.complete


def timed(args: list[str], url: str) -> tuple[float, float]:
    """Wall and CPU seconds of `tourney ARGS` in a process of its own."""
    env = {**os.environ, "TOURNEY_DB": url, "TOURNEY_LANG": "en"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "tourney", *args], env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"tourney {' '.join(args)} failed: {done.stderr.strip()}")
    return seconds, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--rounds-played", type=int, default=1, help="rounds played out before the timing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3,
                        help="run each command this many times and report its lowest CPU (a shared machine's noise "
                             "only ever adds time)")
    parser.add_argument("--database", type=Path, default=None,
                        help="the SQLite file to keep the event in: built if missing, reused if present")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database if args.database is not None else Path(tmp) / "swiss.db"
        url = f"sqlite:///{database}"
        if database.exists():
            print(f"reusing {database} (--players and --rounds-played are what it was built with)")
        else:
            started = time.perf_counter()
            build_event(url, args.players, args.rounds_played, args.seed)
            print(f"players: {args.players}  rounds played: {args.rounds_played}  "
                  f"built in {time.perf_counter() - started:.1f} s")
        for label, command in COMMANDS:
            wall, cpu = min((timed([part.format(dir=tmp) for part in command], url)
                            for _ in range(max(1, args.repeat))), key=lambda timing: timing[1])
            print(f"{label:18s} {wall:6.2f} s wall  {cpu:6.2f} s CPU   (target < 1 s)")
        if args.database is not None:
            copy = Path(tmp) / "advance.db"
            shutil.copyfile(database, copy)
            url = f"sqlite:///{copy}"
        if play_round(url, args.seed + 1000):
            print(f"{'advance':18s} none: that round was the last, and its results completed the event")
            return 0
        wall, cpu = timed(["advance"], url)
        print(f"{'advance':18s} {wall:6.2f} s wall  {cpu:6.2f} s CPU   (pairs and seats the next round)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
