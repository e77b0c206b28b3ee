"""Benchmark: writing and reading a tournament's checkpoint (storage/checkpoint.py, issue 30 item 6).

Builds a `--players` Polish Poker event in the engine (registrations, the seat draw, a round result
at every other table, the stage played to its end when `--finished`), then, on a SQLite file, times
the checkpoint's `save` and `load` (medians of `--runs`), freeing the loaded state, and a fold of
the whole log from scratch, which is what a checkpoint spares, all in CPU seconds (a busy machine
delays them, but counts less of its load than wall time). Prints `save_median_s`, `load_median_s`,
`free_median_s`, `fold_s`, `load_over_fold` (the lower the better), `state_bytes` and `events`.

    python scripts/bench_checkpoint.py [--players 9000] [--runs 7] [--finished]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from typing import Any

from tourney.engine.events import Event
from tourney.engine.tournament import TournamentState, draw_seats, fold
from tourney.storage import checkpoint, events
from tourney.storage.db import open_database

GAME = "polish-poker"


def build(players: int, finished: bool) -> list[Event]:
    state = TournamentState(GAME)
    ids = iter(range(1, 10**9))
    for number in range(players):
        state.apply(Event(next(ids), "register", {"name": f"player{number:05d}", "club": f"club{number % 40}"}))
    state.apply(Event(next(ids), "seat", draw_seats(state, 1)))
    rng = random.Random(1)
    for table in state.tables[::2]:
        state.apply(Event(next(ids), "result", {"table": table.number, "loser": rng.choice(table.still_in)}))
    while finished and not all(t.finished for t in state.tables):
        for table in state.tables:
            if not table.finished:
                state.apply(Event(next(ids), "result", {"table": table.number, "loser": rng.choice(table.still_in)}))
    return list(state.events)


def measure(players: int, runs: int, finished: bool) -> dict[str, Any]:
    log = build(players, finished)
    started = time.process_time()
    state = fold(GAME, log)
    fold_s = time.process_time() - started
    stored_log = checkpoint.EMPTY_LOG.extended(log)
    saves: list[float] = []
    loads: list[float] = []
    frees: list[float] = []
    with tempfile.TemporaryDirectory() as folder, open_database(f"sqlite:///{folder}/bench.db") as database:
        row = events.create_tournament(database, name="bench", game=GAME, seed=1)
        assert row.id is not None
        for _ in range(runs):
            with database.write() as tx:
                started = time.process_time()
                assert checkpoint.save(tx, row.id, state, stored_log)
                saves.append(time.process_time() - started)
            with database.read() as tx:
                started = time.process_time()
                loaded = checkpoint.load(tx, row.id, GAME)
                loads.append(time.process_time() - started)
            assert loaded is not None and loaded.state.snapshot() == state.snapshot()
            started = time.process_time()
            del loaded  # what the command's end costs: every object of the state freed
            frees.append(time.process_time() - started)
        with database.read() as tx:
            size = tx.run("SELECT length(state) FROM checkpoint")[0][0]
    load = statistics.median(loads)
    return {"players": players, "events": len(log), "save_median_s": statistics.median(saves), "load_median_s": load,
            "free_median_s": statistics.median(frees), "fold_s": fold_s, "load_over_fold": load / fold_s,
            "state_bytes": int(size)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=9000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--finished", action="store_true", help="play stage 1 to its end first")
    args = parser.parse_args()
    for key, value in measure(args.players, args.runs, args.finished).items():
        print(f"{key}: {value:.4f}" if isinstance(value, float) else f"{key}: {value}")


if __name__ == "__main__":
    main()
