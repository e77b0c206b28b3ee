"""Benchmark: `tourney run` to a champion with 1,000 and 10,000 random bots (issue 20, item 1).

Each size is a fresh Polish Poker event (default options) in a temporary SQLite file: register the
bots (one transaction), then time the run operation alone, as `tourney run` does it. Prints
`run_seconds[N]: S` per size and `peak_rss_mb: M`, the process's peak resident memory so far
(resource.getrusage), after each run.

    python scripts/bench_run.py [--players 1000 10000] [--seed 1]
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

from tourney import app


def peak_rss_mb() -> float:
    # ru_maxrss is in kilobytes on Linux.
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_seconds(players: int, seed: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        app.new_tournament("bench", game="pp", seed=seed, db=url)
        app.add_players([f"bot{i:06d}" for i in range(players)], bot="random", db=url)
        started = time.perf_counter()
        run = app.run_bots(db=url)
        elapsed = time.perf_counter() - started
        if not run.state.complete:
            raise SystemExit(f"the run of {players} stopped before the final: {run.left}")
        return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for players in args.players:
        print(f"run_seconds[{players}]: {run_seconds(players, args.seed):.2f}", flush=True)
        print(f"peak_rss_mb: {peak_rss_mb():.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
