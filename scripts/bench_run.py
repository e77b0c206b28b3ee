"""Benchmark: `tourney run` to a champion with 1,000 and 10,000 random bots (issue 20, item 1).

Each size is a fresh Polish Poker event (default options) in a temporary SQLite file: register the
bots (one transaction; `--bot`, default random), then time the run operation alone, as `tourney run`
does it, with `--workers` (default 1, the serial path) on `--backend` (local or ray). Prints per size
`run_seconds[N]: S` (wall), `cpu_seconds[N]: S` (this process and its local workers, user + system:
the figure to compare on a loaded machine; Ray's workers are not this process's children and are
not counted), then `peak_rss_mb: M` (this process's peak so far) and `peak_rss_with_workers_mb: M`
(the largest sum over this process and every process under it, Ray's included, of each one's
proportional share of memory, sampled every 0.1 s: forked workers share pages with this process).

    python scripts/bench_run.py [--players 1000 10000 100000] [--workers 2] [--backend local] [--bot prob]
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import threading
import time
from pathlib import Path

from tourney import app

SAMPLE_SECONDS = 0.1


def peak_rss_mb() -> float:
    # ru_maxrss is in kilobytes on Linux.
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _descendants(pid: int) -> list[int]:
    found: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                found += [int(child), *_descendants(int(child))]
    except OSError:  # ended meanwhile
        pass
    return found


def _pss_mb(pid: int) -> float:
    """A process's proportional share of memory: a page shared by k processes counts 1/k in each,
    so the sum over a forked pool is the memory it really takes."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:  # ended meanwhile
        pass
    return 0.0


class TreeMemory:
    """The peak of the summed memory (PSS) of this process and its descendants (Ray's too)."""

    def __init__(self) -> None:
        self.peak = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def __enter__(self) -> TreeMemory:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _sample(self) -> None:
        me = os.getpid()
        while not self._stop.wait(SAMPLE_SECONDS):
            self.peak = max(self.peak, sum(_pss_mb(pid) for pid in [me, *_descendants(me)]))


def _cpu_seconds() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run_seconds(players: int, seed: int, workers: int = 1, backend: str = "local",
                bot: str = "random") -> tuple[float, float]:
    """Wall and CPU seconds of the run (CPU of the workers counts once they have ended)."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        app.new_tournament("bench", game="pp", seed=seed, db=url)
        app.add_players([f"bot{i:06d}" for i in range(players)], bot=bot, db=url)
        cpu, started = _cpu_seconds(), time.perf_counter()
        run = app.run_bots(db=url, workers=workers, backend=backend)
        elapsed, cpu = time.perf_counter() - started, _cpu_seconds() - cpu
        if not run.state.complete:
            raise SystemExit(f"the run of {players} stopped before the final: {run.left}")
        return elapsed, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--backend", choices=["local", "ray"], default="local")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="random", help="every player's bot spec (prob: the strategic bot)")
    args = parser.parse_args(argv)
    print(f"workers: {args.workers} ({args.backend}), bots: {args.bot}", flush=True)
    with TreeMemory() as memory:
        for players in args.players:
            wall, cpu = run_seconds(players, args.seed, args.workers, args.backend, args.bot)
            print(f"run_seconds[{players}]: {wall:.2f}", flush=True)
            print(f"cpu_seconds[{players}]: {cpu:.2f}", flush=True)
            print(f"peak_rss_mb: {peak_rss_mb():.0f}", flush=True)
            print(f"peak_rss_with_workers_mb: {memory.peak:.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
