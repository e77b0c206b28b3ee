"""Latency of the director's commands at a 3,000-player event (issue 11, item 12).

Builds the event in a temporary directory (one `player import`, the seat draw, a result at every
other table), then runs the real CLI as processes and prints medians in seconds:

- `result_median_s`: a one-shot `tourney result TABLE LOSER` (target: under 0.25 s);
- `tables_median_s`: a one-shot `tourney tables TABLE`;
- `desk_entry_median_s`: one `result` typed at a warm `tourney desk` (target: under 0.05 s), timed
  in-process around each entry, which is what the director waits for at the prompt;
- `desk_pipe_per_entry_s`: wall time of one `tourney desk` process fed N entries on a pipe,
  start-up included, divided by N.

Each one-shot median also has a `_cpu_s` twin (user + system time of the process): on a busy
machine wall time waits for the CPU, CPU time does not.

    python scripts/bench_cli_latency.py [--players 3000] [--runs 15] [--desk-entries 200]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def tourney_command() -> list[str]:
    exe = shutil.which("tourney")
    return [exe] if exe else [sys.executable, "-m", "tourney"]


def run(db: str, *args: str, stdin: str | None = None) -> str:
    done = subprocess.run([*tourney_command(), *args, "--db", db], input=stdin, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"tourney {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout


def children_cpu() -> float:
    try:
        import resource
    except ImportError:  # Windows: no CPU times, the wall times still print
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(db: str, *args: str) -> tuple[float, float]:
    """(wall, CPU) seconds of one `tourney ARGS --db DB` process."""
    cpu = children_cpu()
    start = time.perf_counter()
    done = subprocess.run([*tourney_command(), *args, "--db", db], capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"tourney {' '.join(args)} failed: {done.stderr.strip()}")
    return elapsed, children_cpu() - cpu


def tables(db: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(run(db, "tables", "--json"))
    return data


def result_entries(db: str, count: int, skip: int = 0) -> list[tuple[int, str]]:
    """(table, loser) for `count` tables still playing, the first player still in losing."""
    found = []
    for table in tables(db)[skip:]:
        still_in = [p["name"] for p in table["players"] if not p["eliminated"]]
        if not table["finished"] and len(still_in) > 3:  # never the entry that finishes a table
            found.append((table["table"], still_in[0]))
        if len(found) == count:
            break
    return found


def build_event(folder: Path, players: int) -> str:
    db = f"sqlite:///{folder / 'bench.db'}"
    run(db, "new", "Bench", "--game", "polish-poker", "--seed", "7")
    csv = folder / "players.csv"
    rows = [f"Player {i:04d},Club {i % 40}" for i in range(1, players + 1)]
    csv.write_text("name,club\n" + "\n".join(rows) + "\n", encoding="utf-8")
    run(db, "player", "import", str(csv))
    run(db, "seat")
    every_other = [f"result {t} '{name}'" for t, name in result_entries(db, 10**9)[::2]]
    run(db, "desk", stdin="\n".join(every_other) + "\n")
    return db


def desk_in_process(db: str, entries: list[tuple[int, str]]) -> list[float]:
    """Time each entry at a warm desk in this process, as the director experiences it."""
    import typer.main

    from tourney.cli import app
    from tourney.cli._desk_runner import Desk

    desk = Desk(typer.main.get_command(app), db=db, tournament=None)
    desk.warm_up()
    timings = []
    try:
        for number, loser in entries:
            with contextlib.redirect_stdout(io.StringIO()):
                start = time.perf_counter()
                desk.run(f"result {number} '{loser}'")
                timings.append(time.perf_counter() - start)
    finally:
        desk.close()
    if desk.failures:
        raise SystemExit(f"{desk.failures} desk entries failed")
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=15, help="one-shot processes timed per command")
    parser.add_argument("--desk-entries", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.chdir(folder)  # the desk's history file lands next to the database, in here
        start = time.perf_counter()
        db = build_event(folder, args.players)
        print(f"players: {args.players}")
        print(f"build_s: {time.perf_counter() - start:.2f}")

        one_shot = result_entries(db, args.runs)
        result_times = [timed(db, "result", str(t), name) for t, name in one_shot]
        tables_times = [timed(db, "tables", str(t)) for t, _ in one_shot]
        for label, times in (("result", result_times), ("tables", tables_times)):
            print(f"{label}_median_s: {statistics.median(t for t, _ in times):.3f}")
            print(f"{label}_median_cpu_s: {statistics.median(c for _, c in times):.3f}")

        entries = result_entries(db, args.desk_entries, skip=args.runs)
        desk_times = desk_in_process(db, entries)
        print(f"desk_entry_median_s: {statistics.median(desk_times):.4f}")
        print(f"desk_entry_max_s: {max(desk_times):.4f}")

        piped = result_entries(db, args.desk_entries, skip=args.runs)
        lines = "".join(f"result {t} '{name}'\n" for t, name in piped)
        start = time.perf_counter()
        run(db, "desk", stdin=lines)
        print(f"desk_pipe_per_entry_s: {(time.perf_counter() - start) / len(piped):.4f}")


if __name__ == "__main__":
    main()
