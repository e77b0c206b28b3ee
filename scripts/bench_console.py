"""The director's console at the speed of the desk (issue 28): a real `tourney serve --lan` over an
event of `--players` players (seated), and the console's Results page driven as a browser does.

- `results_page_s`: median seconds to serve `/director/TOKEN/results` (every table's card);
- `entry_median_s`, `entry_p95_s`: one line typed on the entry line (`T s1`, a round's loser by
  seat), from the POST until the whole answer page is read back: what the director waits for;
- `complete_median_s`: Tab's completion (`/results/complete?line=T `, the players still in there);
- `desk_entry_median_s`: the same entry through the application layer in this process (what a
  warm `tourney desk` runs), for the ratio `console_over_desk`.

    python scripts/bench_console.py [--players 3000] [--entries 100]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

from bench_floor import Client, start_serve, wait_until_serving

from tourney import app
from tourney.app.floor.entry_run import run_entry
from tourney.app.floor.floor_read import read_floor
from tourney.app.input.entry_line import read_entry_line


def seated_event(db: str, players: int) -> None:
    app.new_tournament("Bench", game="polish-poker", seed=7, db=db)
    app.add_players([f"Player {i:05d}" for i in range(players)], db=db)
    app.seat(db=db)


def timed(call: object) -> float:
    start = time.perf_counter()
    call()  # type: ignore[operator]
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--entries", type=int, default=100)
    parser.add_argument("--port", type=int, default=8791)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-console-"))
    db = f"sqlite:///{folder / 'bench.db'}"
    seated_event(db, args.players)
    tables = len(app.tables(db=db).tables)
    server = start_serve(args.port, db, "--post-rate", "1000000")
    client = Client(args.port, "127.0.0.1")
    try:
        wait_until_serving(server, client)
        token = read_floor(db, None).director_link()  # the link this server made
        base = f"/director/{token}"
        page_times = [timed(lambda: client.call("GET", f"{base}/results")) for _ in range(5)]
        status, html = client.call("GET", f"{base}/results")
        assert status == 200, status
        found = re.search(r'name="csrf" value="([^"]+)"', html)
        assert found is not None
        csrf = found.group(1)
        entry_times, complete_times = [], []
        for i in range(args.entries):
            table = 1 + i % tables
            complete_times.append(timed(lambda t=table: client.call(
                "GET", f"{base}/results/complete?line={urllib.parse.quote(f'{t} ')}")))
            start = time.perf_counter()
            status, answer = client.call("POST", f"{base}/results/entry", {"csrf": csrf, "line": f"{table} s1"})
            entry_times.append(time.perf_counter() - start)
            assert status == 200 and "error" not in answer.split('id="answer"')[1][:300], answer[:500]
    finally:
        server.terminate()
        server.wait(timeout=30)
    desk_times = [timed(lambda t=1 + i % tables: run_entry(read_entry_line(f"{t} s2"), db=db, tournament=None))
                  for i in range(min(args.entries, 50))]
    entry_median = statistics.median(entry_times)
    desk_median = statistics.median(desk_times)
    print(json.dumps({
        "players": args.players, "tables": tables,
        "results_page_s": round(statistics.median(page_times), 4),
        "entry_median_s": round(entry_median, 4),
        "entry_p95_s": round(statistics.quantiles(entry_times, n=20)[-1], 4),
        "complete_median_s": round(statistics.median(complete_times), 4),
        "desk_entry_median_s": round(desk_median, 4),
        "console_over_desk": round(entry_median / desk_median, 2),
    }))


if __name__ == "__main__":
    sys.exit(main())
