"""Benchmark the trick-taking games on one core: random bots playing seeded matches.

Prints one line per game on stdout (details go to stderr):

    decisions_per_s[lou]: <number>
    decisions_per_s[chlust]: <number>
    decisions_per_s[khlyust]: <number>

A decision is one action a player chose (the dummy's automatic cards are not decisions); a view is
built for every decision and the record kept in memory, as in any bot match.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from tourney.engine.match import make_bots, play_match, seat_names


def lou_runner(players: int) -> Callable[[int], int]:
    names = seat_names("lou", players)
    bots = make_bots("lou", ["random"], players, seed=0)

    def run(seed: int) -> int:
        state = play_match("lou", names, bots, seed=seed)
        return int(getattr(state, "decisions"))  # noqa: B009 - the descriptor's state type is the protocol

    return run


def chlust_runner(players: int) -> Callable[[int], int]:
    names = seat_names("chlust", players)
    bots = make_bots("chlust", ["random"], players, seed=0)

    def run(seed: int) -> int:
        state = play_match("chlust", names, bots, seed=seed)
        return int(getattr(state, "decisions"))  # noqa: B009 - the descriptor's state type is the protocol

    return run


def khlyust_runner(players: int) -> Callable[[int], int]:
    names = seat_names("khlyust", players)
    bots = make_bots("khlyust", ["random"], players, seed=0)

    def run(seed: int) -> int:
        state = play_match("khlyust", names, bots, seed=seed)
        return int(getattr(state, "decisions"))  # noqa: B009 - the descriptor's state type is the protocol

    return run


def measure(run: Callable[[int], int], seconds: float) -> tuple[float, int]:
    """Decisions per second over whole matches for about `seconds`, and the matches played."""
    decisions = matches = 0
    start = time.perf_counter()
    while True:
        for _ in range(20):
            decisions += run(matches)
            matches += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed, matches


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game (default 3)")
    parser.add_argument("--players", type=int, default=5, help="players per Lou match (default 5)")
    parser.add_argument("--chlust-players", type=int, default=3, help="players per Chlust match (default 3)")
    parser.add_argument("--khlyust-players", type=int, default=3, help="players per Хлюст match (default 3)")
    args = parser.parse_args(argv)
    from tourney._build import build_description

    print(f"build: {build_description()}", file=sys.stderr)
    rate, matches = measure(lou_runner(args.players), args.seconds)
    print(f"lou: {matches} matches of {args.players} players", file=sys.stderr)
    print(f"decisions_per_s[lou]: {rate:.0f}")
    rate, matches = measure(chlust_runner(args.chlust_players), args.seconds)
    print(f"chlust: {matches} matches of {args.chlust_players} players", file=sys.stderr)
    print(f"decisions_per_s[chlust]: {rate:.0f}")
    rate, matches = measure(khlyust_runner(args.khlyust_players), args.seconds)
    print(f"khlyust: {matches} matches of {args.khlyust_players} players", file=sys.stderr)
    print(f"decisions_per_s[khlyust]: {rate:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
