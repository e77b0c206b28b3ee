#!/usr/bin/env python3
"""Does `mc:N` beat `prob`? 2,000 duplicate games heads-up and at 4-player tables (issue 19 item 9).

Runs `tourney arena run --duplicate --json` for `mc` against one `prob` and against three, and
prints the mc bot's win rate, its margin over a fair share (1/seats) with a 95 % Wilson interval,
and its mean place. mc beats prob when the whole interval lies above the fair share.

    python scripts/bench_mc_bot.py [--games 2000] [--samples 200] [--workers 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys

Z95 = 1.959963984540054


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    p = wins / games
    centre = (p + Z95 * Z95 / (2 * games)) / (1 + Z95 * Z95 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + Z95 * Z95 / (4 * games * games)) / (1 + Z95 * Z95 / games)
    return centre - half, centre + half


def measure(bots: str, games: int, workers: int, seed: int) -> dict[str, dict[str, float]]:
    command = ["tourney", "arena", "run", "--bots", bots, "--games", str(games), "--duplicate",
               "--workers", str(workers), "--seed", str(seed), "--json"]
    report = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    return {entry["bot"]: entry for entry in report["bots"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    beaten = True
    for seats in (2, 4):
        opponents = ",".join(f"prob{i}=prob" for i in range(1, seats))
        table = measure(f"mc=mc:{args.samples},{opponents}", args.games, args.workers, args.seed)
        mc = table["mc"]
        wins, games = int(mc["wins"]), int(mc["games"])
        low, high = wilson(wins, games)
        fair = 1 / seats
        print(f"{seats} players, {games} duplicate games: mc:{args.samples} wins {wins / games:.1%} "
              f"(95 % interval {low:.1%}..{high:.1%}), margin over the fair {fair:.0%}: "
              f"{wins / games - fair:+.1%} ({low - fair:+.1%}..{high - fair:+.1%}); mean place "
              f"{mc['mean_place']:.2f} (fair {(seats + 1) / 2:.2f})")
        beaten = beaten and low > fair
    print("mc beats prob with 95 % confidence" if beaten else "mc does NOT beat prob with 95 % confidence")
    return 0 if beaten else 1


if __name__ == "__main__":
    sys.exit(main())
