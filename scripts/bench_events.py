"""Benchmark: a 1,000-player Polish Poker event through the library on SQLite (issue 3, item 13).

Register everyone (one import), plan, seat, enter every round result as its own transaction (as a
director's `tourney result` would), advance stage by stage to the final, compute the standings.
Prints `seconds_total: N` and `results_per_s: N`; the target is the whole event in under 10 s.

    python scripts/bench_events.py [--players 1000] [--seed 1] [--db URL]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tourney.engine.planner import plan_stages
from tourney.engine.tournament import draw_seats
from tourney.storage.db import open_database
from tourney.storage.events import appending, create_tournament, snapshot

CLUBS = ("Asy", "Blefiarze", "Jokers", "Kareta", "Strit", None)


def run_event(url: str, players: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    started = time.perf_counter()
    with open_database(url) as database:
        # A new name each run, so that `--db` may point at a database that already has one.
        create_tournament(database, name=f"bench {time.time_ns()}", game="polish-poker", seed=seed)
        with appending(database) as log:
            for i in range(players):
                log.append("register", {"name": f"player{i:04d}", "club": CLUBS[i % len(CLUBS)]})
        plan = plan_stages(players)
        with appending(database) as log:
            log.append("seat", draw_seats(log.state, log.tournament.seed))
        state = log.state
        results = 0
        while not state.complete:
            playing = [t for t in state.tables if not t.finished]
            if not playing:
                with appending(database) as log:
                    log.append("advance", {"stage": log.state.stage})
                    log.append("seat", draw_seats(log.state, log.tournament.seed + log.state.stage))
                state = log.state
                continue
            for table in playing:
                loser = rng.choice(table.still_in)
                number = table.number
                with appending(database) as log:
                    log.append("result", {"table": number, "loser": loser})
                state = log.state
                results += 1
        standings = snapshot(database).state.standings()
    seconds = time.perf_counter() - started
    assert len(standings) == players and standings[0].rank == 1
    return {"players": players, "stages": len(plan.stages), "results": results, "seconds_total": seconds,
            "results_per_s": results / seconds, "winner": standings[0].player}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="database URL (default: a fresh SQLite file in a temporary directory)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{Path(tmp) / 'bench.db'}"
        out = run_event(url, args.players, args.seed)
    print(f"players: {out['players']}  stages: {out['stages']}  results: {out['results']}  winner: {out['winner']}")
    print(f"seconds_total: {out['seconds_total']:.2f}")
    print(f"results_per_s: {out['results_per_s']:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
