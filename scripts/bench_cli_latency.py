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

Then the same one-shot `result` late in events whose logs are long (issue 20, item 3: a command
costs the same whatever the log's length), each built in-process in one transaction of random
losers (seeded), advancing and seating each stage when its tables have finished:

- `late_result_median_s` / `_cpu_s`: the `--players` event after 80 % of all its results (a dry run
  of the whole event, engine only, counts them); `late_events` its log's length;
- `result_1k_median_s` / `_cpu_s` and `result_50k_median_s` / `_cpu_s`: logs of 1,000 and 50,000
  events (300 and 9,000 players), and `result_50k_over_1k_cpu`, their ratio (target: 1.2 or less);
- `result_9k_early_median_s` / `_cpu_s`: the same 9,000-player event as the 50k case with a log of
  10,000 events (its players' registrations alone are 9,000), and `result_50k_over_early_cpu`: the
  cost of one event's log growing fivefold, its size unchanged.

    python scripts/bench_cli_latency.py [--players 3000] [--runs 15] [--desk-entries 200] [--no-long]
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


def random_results(tx: Any, *, seed: int, results: int) -> int:
    """Append `results` random results to `tx` (a random table still playing, a random player still
    in losing), each stage advanced and the next one seated as its tables finish: in a unit of work
    (`unit_of_work.transaction`), or a dry run's copy (see `count_results`). Stops early when the
    event is complete; returns the results appended."""
    import random

    from tourney.app.operations.seating import advance_and_seat

    rng = random.Random(seed)
    entered = 0
    while entered < results and not tx.state.complete:
        playing = [t for t in tx.state.tables if not t.finished]
        if not playing:
            advance_and_seat(tx)
            continue
        table = rng.choice(playing)
        tx.append("result", {"table": table.number, "loser": rng.choice(table.still_in)})
        entered += 1
    return entered


class DryRun:
    """A unit of work over a copy of a state: appends are applied to it, nothing is stored."""

    def __init__(self, state: Any, tournament: Any) -> None:
        self.state, self.tournament, self.appended = state, tournament, 0
        self._next_id = state.events[-1].id + 1 if state.events else 1

    def append(self, kind: str, data: dict[str, Any]) -> Any:
        from tourney.engine.events import Event

        event = Event(self._next_id + self.appended, kind, data)
        self.state.apply(event)
        self.appended += 1
        return event


def dry_run(state: Any, row: Any, *, seed: int, results: int) -> tuple[int, int]:
    """(results entered, events appended) when `random_results` plays on `state` (a copy: applied
    here, nothing stored)."""
    tx = DryRun(state, row)
    entered = random_results(tx, seed=seed, results=results)
    return entered, tx.appended


def long_event(folder: Path, players: int, *, events: int | None = None, share: float | None = None) -> tuple[str, int]:
    """A seated event of `players` with random results entered until its log holds `events` events,
    or until `share` of all the results the whole event takes; (its URL, its log's length)."""
    from tourney.app.store.unit_of_work import transaction
    from tourney.storage.db import open_database
    from tourney.storage.events import snapshot

    folder.mkdir()
    db = f"sqlite:///{folder / 'long.db'}"
    run(db, "new", "Long", "--game", "polish-poker", "--seed", "7")
    csv = folder / "players.csv"
    csv.write_text("name,club\n" + "".join(f"Player {i:05d},Club {i % 40}\n" for i in range(1, players + 1)),
                   encoding="utf-8")
    run(db, "player", "import", str(csv))
    run(db, "seat")
    with open_database(db, create=False) as database:
        taken = snapshot(database)
        logged = len(taken.state.events)
        if share is not None:
            total, _ = dry_run(taken.state.copy(), taken.tournament, seed=11, results=10**9)
            results = int(total * share)
        else:
            assert events is not None
            if logged > events:
                raise SystemExit(f"{players} players log {logged} events before any result: more than {events}")
            # Results add one event each, and a stage's advance and seat draw two more.
            results, appended = events - logged, 0
            while True:
                _, appended = dry_run(taken.state.copy(), taken.tournament, seed=11, results=results)
                if logged + appended <= events:
                    break
                results -= logged + appended - events
        with transaction(database) as tx:
            random_results(tx, seed=11, results=results)
        logged += len(tx.events)
    return db, logged


def one_shot_results(db: str, runs: int) -> list[tuple[float, float]]:
    return [timed(db, "result", str(t), name) for t, name in result_entries(db, runs)]


def print_medians(label: str, times: list[tuple[float, float]]) -> float:
    """Print `LABEL_median_s` and `LABEL_median_cpu_s`; the CPU median."""
    cpu = statistics.median(c for _, c in times)
    print(f"{label}_median_s: {statistics.median(t for t, _ in times):.3f}")
    print(f"{label}_median_cpu_s: {cpu:.3f}")
    return cpu


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
    parser.add_argument("--no-long", action="store_true", help="skip the long logs (late, 1k and 50k events)")
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
        if args.no_long:
            return

        late, logged = long_event(folder / "late", args.players, share=0.8)
        print(f"late_events: {logged}")
        print_medians("late_result", one_shot_results(late, args.runs))
        short, logged = long_event(folder / "1k", 300, events=1_000)
        print(f"short_events: {logged}")
        short_cpu = print_medians("result_1k", one_shot_results(short, args.runs))
        long, logged = long_event(folder / "50k", 9_000, events=50_000)
        print(f"long_events: {logged}")
        long_cpu = print_medians("result_50k", one_shot_results(long, args.runs))
        print(f"result_50k_over_1k_cpu: {long_cpu / short_cpu:.2f}")
        early, logged = long_event(folder / "9k-early", 9_000, events=10_000)
        print(f"early_events: {logged}")
        early_cpu = print_medians("result_9k_early", one_shot_results(early, args.runs))
        print(f"result_50k_over_early_cpu: {long_cpu / early_cpu:.2f}")


if __name__ == "__main__":
    main()
