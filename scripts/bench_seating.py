"""Benchmark the seeded seat draw (`tourney.engine.seating.draw_tables`) on large fields.

Prints one line per field size on stdout (details go to stderr):

    seat_seconds[1000]: <CPU seconds>
    ...

Each field has tables of 6 (the last one smaller), a third of the players clubless and the rest in
clubs of about 30; the figure is the best CPU time of `--repeat` draws, as the machine may be shared.
"""

from __future__ import annotations

import argparse
import sys
import time

from tourney.engine.seating import draw_tables

SIZES = (1_000, 3_000, 10_000, 30_000)
TABLE_SEATS = 6
CLUB_SIZE = 30


def field(players: int) -> tuple[list[tuple[str, str | None]], list[int]]:
    """`players` named players, two in three in a club, and the tables of six that seat them."""
    clubs = max(1, players // CLUB_SIZE)
    entrants = [(f"p{n:05d}", f"club{n % clubs}" if n % 3 else None) for n in range(players)]
    tables = [TABLE_SEATS] * (players // TABLE_SEATS)
    if players % TABLE_SEATS:
        tables.append(players % TABLE_SEATS)
    return entrants, tables


def seat_seconds(players: int, repeat: int) -> float:
    """The best CPU time of `repeat` seat draws of a field of `players`."""
    entrants, tables = field(players)
    best = float("inf")
    for seed in range(repeat):
        start = time.process_time()
        draw_tables(entrants, tables, seed)
        best = min(best, time.process_time() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="draws per size; the best counts (default 5)")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="field sizes (default 1k 3k 10k 30k)")
    args = parser.parse_args(argv)
    print(f"tables of {TABLE_SEATS}, clubs of about {CLUB_SIZE}, a third clubless; best of {args.repeat}",
          file=sys.stderr)
    for players in args.sizes:
        print(f"seat_seconds[{players}]: {seat_seconds(players, args.repeat):.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
