"""Time `tourney --help` (start-up cost of the CLI): prints `help_seconds: <median of N runs>`.

Target: under 0.2 s, which needs every heavy import (sqlmodel, jinja2, rich) to stay lazy.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    exe = shutil.which("tourney")
    command = [exe, "--help"] if exe else [sys.executable, "-m", "tourney", "--help"]
    timings = []
    for _ in range(args.runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        timings.append(time.perf_counter() - start)
    print(f"help_seconds: {statistics.median(timings):.3f}")
    print(f"help_seconds_min: {min(timings):.3f}")


if __name__ == "__main__":
    main()
