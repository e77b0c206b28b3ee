"""Swiss pairing CPU by field size: `python scripts/bench_swiss.py [--sizes 1000,10000,100000]`.

For each size: a field in seed order, round 1 paired, its duels decided by lot (5 % drawn), then
round 2 and round 3 paired; prints the CPU seconds of pairing each round (process time), for duels
(FIDE Dutch from round 2 up to `swiss.DUTCH_FIELD`, then the fast system above `swiss.FAST_FIELD`,
the matching at or below it; `--matching-up-to N` also times the matching for sizes up to N; for
sizes up to DUTCH_FIELD the rounds are also timed without Dutch, for the ratio) and for tables of 4.
Target for Dutch (issue 33): a round of 1,000 players under 10 s. The "dutch" lines (`--dutch-sizes`,
default 1000; `--dutch-rounds`, default 9) pair such a field by Dutch whatever `swiss.DUTCH_FIELD`
says, round 1 as the Swiss pairs it and every round's duels decided by lot (5 % drawn), and print
the CPU seconds of each round from 2 on and the slowest. `--dutch-up-to N` makes the other lines
pair fields up to N by Dutch (the default is swiss.DUTCH_FIELD).
Targets (issue 33): duels 10,000 players under 2 s and 100,000 under 30 s; tables of 4, 10,000
players under 5 s.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from tourney.engine.formats import swiss
from tourney.engine.rounds import PlayedRound, RoundPlan, TableResult


def played(plan: RoundPlan, rng: random.Random) -> PlayedRound:
    tables = []
    for table in plan.tables:
        places = list(range(1, len(table) + 1))
        rng.shuffle(places)
        if len(table) == 2 and rng.random() < 0.05:
            places = [1, 1]
        tables.append(TableResult(tuple(table), tuple(places)))
    return PlayedRound(tuple(tables), plan.byes)


def timed_rounds(n: int, table_size: int, rounds: int) -> list[float]:
    rng = random.Random(n)
    players = [f"P{i:06d}" for i in range(n)]
    history: list[PlayedRound] = []
    seconds = []
    for _ in range(rounds):
        start = time.process_time()
        plan = swiss.pair_round(players, history, random.Random(1), table_size=table_size)
        seconds.append(time.process_time() - start)
        history.append(played(plan, rng))
    return seconds


def with_fast_field(limit: int, run: Callable[[], list[float]]) -> list[float]:
    saved = swiss.FAST_FIELD
    swiss.FAST_FIELD = limit
    try:
        return run()
    finally:
        swiss.FAST_FIELD = saved


def with_dutch_field(limit: int, run: Callable[[], list[float]]) -> list[float]:
    saved = swiss.DUTCH_FIELD
    swiss.DUTCH_FIELD = limit
    try:
        return run()
    finally:
        swiss.DUTCH_FIELD = saved


def without_dutch(run: Callable[[], list[float]]) -> list[float]:
    saved = swiss.DUTCH_FIELD
    swiss.DUTCH_FIELD = 0
    try:
        return run()
    finally:
        swiss.DUTCH_FIELD = saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--matching-up-to", type=int, default=300, help="also time the matching up to this size")
    parser.add_argument("--dutch-up-to", type=int, default=swiss.DUTCH_FIELD, help="Dutch up to this size")
    parser.add_argument("--dutch-sizes", default="1000", help="fields timed by Dutch from round 2 ('' for none)")
    parser.add_argument("--dutch-rounds", type=int, default=9)
    args = parser.parse_args()
    for n in (int(size) for size in args.dutch_sizes.split(",") if size):
        dutch = with_dutch_field(n, lambda n=n: timed_rounds(n, 2, args.dutch_rounds))  # type: ignore[misc]
        print(f"dutch n={n}: " + ", ".join(f"round {i + 2} {s:.3f} s" for i, s in enumerate(dutch[1:]))
              + f"  (slowest {max(dutch[1:], default=0.0):.3f} s)")
    swiss.DUTCH_FIELD = args.dutch_up_to
    for n in (int(size) for size in args.sizes.split(",")):
        duels = timed_rounds(n, 2, args.rounds)
        system = "dutch" if n <= swiss.DUTCH_FIELD else "fast" if n > swiss.FAST_FIELD else "matching"
        print(f"duels n={n} ({system} from round 2): "
              + ", ".join(f"round {i + 1} {s:.3f} s" for i, s in enumerate(duels)))
        if n <= swiss.DUTCH_FIELD:
            without = without_dutch(lambda n=n: timed_rounds(n, 2, args.rounds))  # type: ignore[misc]
            ratio = sum(duels[1:]) / max(sum(without[1:]), 1e-9)
            print(f"  without dutch n={n}: " + ", ".join(f"round {i + 1} {s:.3f} s" for i, s in enumerate(without))
                  + f"  (dutch / without, rounds 2+: {ratio:.1f}x)")
        if n <= args.matching_up_to:
            matched = with_fast_field(n + 1, lambda n=n: timed_rounds(n, 2, args.rounds))  # type: ignore[misc]
            ratio = sum(matched) / max(sum(duels), 1e-9)
            print(f"  matching n={n}: " + ", ".join(f"round {i + 1} {s:.3f} s" for i, s in enumerate(matched))
                  + f"  (matching / fast: {ratio:.1f}x)")
        if n <= 10_000:
            fours = timed_rounds(n, 4, args.rounds)
            print(f"tables of 4 n={n}: " + ", ".join(f"round {i + 1} {s:.3f} s" for i, s in enumerate(fours)))


if __name__ == "__main__":
    main()
