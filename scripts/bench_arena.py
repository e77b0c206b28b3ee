"""Benchmark of the bot arena (issue 8): prints one `key: value` per line.

    games_per_s[workers=1], games_per_s[workers=2], speedup_2_workers (target >= 1.7 on two cores),
    echo_round_trips_per_s, subprocess_decisions_per_s (target >= 5,000), subprocess_vs_echo
    (issue 20 item 6: target >= 0.6), subprocess_decisions_per_s[legacy bot],
    echo_round_trips_per_s[full acts], subprocess_vs_echo[full acts],
    bot_tournament_seconds[1000 players] (item 5)

Usage: python scripts/bench_arena.py [--games N] [--tournament-only | --pipe-only]

The pipe: `subprocess_decisions_per_s` is two `cmd:` bots (always the last legal action) playing
Polish Poker duels through `SubprocessBot`, the lean protocol on (the bot opts in at `ready`);
`[legacy bot]` is the same bot written to the protocol of before (no opt-in: full messages, a
hello/ready per game). `echo_round_trips_per_s` is the floor under the lean bot: a child that reads
a JSON line and answers a JSON line, nothing else, sent the very act lines the lean bots read (same
sizes, same JSON to decode); `[full acts]` is the same echo of the legacy bots' act lines (2-3 KB,
what the issue measured the pipe against). Each figure is the best of a few runs taken in turn, by the wall clock; each
line also gives the rate per CPU-second (this process and its children), the fairer figure on a
busy machine.

The bot tournament: 1,000 players registered as built-in bots (prob, honest, bluffer, random in
turn) on a fresh SQLite file, then `tourney run`'s library function from the first seat draw to
the end of the final; a table's entries (or the tables played within a quarter of a second) share one
transaction, as `tourney run` enters them (issue 20, item 1).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import tourney.arena  # noqa: F401  (registers cmd:)
from tourney.app.bots.bot_run import run_bot_tournament
from tourney.arena.backends import make_backend
from tourney.arena.bot_process import ProcessPool
from tourney.arena.run import run_arena
from tourney.arena.schedule import make_spec
from tourney.arena.subprocess_bot import SubprocessBot
from tourney.arena.table_match import TableReferee
from tourney.rules.games import find_game, resolve_options
from tourney.storage.db import open_database
from tourney.storage.events import appending, create_tournament

# A bot on the lean protocol, always the last legal action: it accepts both features, so it keeps
# the view from the changes (a tourney that predates them sends whole views and hellos, which it
# reads as well). It reads and writes bytes (stdin.buffer, stdout.buffer), as the README's lean bot
# does: 2-3 µs less CPU per line than text streams and print (the echo keeps them: the floor is not
# made faster with the bot). At the end of its input it appends the act lines it read (its first
# 5,000) to argv[1].
LEAN_BOT = """\
import json, sys

out = sys.stdout.buffer
def send(message):
    out.write(json.dumps(message).encode() + b"\\n")
    out.flush()

acts = []
view, legal = {}, []
for line in sys.stdin.buffer:
    msg = json.loads(line)
    kind = msg["type"]
    if kind == "act":
        if len(acts) < 5000:
            acts.append(line)
        if "view" in msg:
            view = msg["view"]
        else:
            view.update(msg.get("set", ()))
            for key, items in msg.get("extend", {}).items():
                view[key] += items
            for key in msg.get("drop", ()):
                del view[key]
        legal = msg.get("legal", legal)
        send({"type": "action", "id": msg["id"], "action": legal[-1]})
    elif kind == "hello" or kind == "start":
        view, legal = {}, []
        if kind == "hello":
            send({"type": "ready", "name": "last", "accept": ["delta", "session"]})
open(sys.argv[1], "ab").writelines(acts)
"""

# The same program written to the protocol of before issue 20 item 6: it accepts nothing, so it is
# sent whole views, a hello per match and a bye.
LEGACY_BOT = LEAN_BOT.replace(', "accept": ["delta", "session"]', "")
assert LEGACY_BOT != LEAN_BOT

# The floor under any bot: read a JSON line, answer a JSON line.
ECHO = """\
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    print(json.dumps({"type": "action", "id": msg["id"], "action": "CALL"}), flush=True)
"""


def games_per_second(workers: int, games: int) -> float:
    spec = make_spec("polish-poker", "prob,honest,bluffer,random", seed=1)
    start = time.perf_counter()
    run_arena(spec, games, make_backend("local", workers))
    return games / (time.perf_counter() - start)


@dataclass(frozen=True, slots=True)
class Pace:
    """Round trips (or decisions) per wall second and per CPU second of this process and its children."""

    wall: float
    cpu: float

    def best(self, other: Pace | None) -> Pace:
        return self if other is None else Pace(max(self.wall, other.wall), max(self.cpu, other.cpu))


def child_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a live child (its /proc stat: utime and stime, in clock ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def clocks(pids: list[int]) -> tuple[float, float]:
    return time.perf_counter(), time.process_time() + sum(child_cpu_seconds(pid) for pid in pids)


def pace(count: int, before: tuple[float, float], after: tuple[float, float]) -> Pace:
    return Pace(count / (after[0] - before[0]), count / (after[1] - before[1]))


def echo_round_trips(lines: list[bytes], round_trips: int) -> Pace:
    """A bare JSON-lines pipe: write a line (`lines` in turn), read the answer line, decode it."""
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "echo.py"
        script.write_text(ECHO)
        child = subprocess.Popen([sys.executable, str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert child.stdin is not None and child.stdout is not None
        send, answers = child.stdin.fileno(), child.stdout
        for line in lines[:100]:  # the child has started and imported json
            os.write(send, line)
            json.loads(answers.readline())
        before = clocks([child.pid])
        for trip in range(round_trips):
            os.write(send, lines[trip % len(lines)])
            json.loads(answers.readline())
        after = clocks([child.pid])
        child.stdin.close()
        child.wait()
    return pace(round_trips, before, after)


def subprocess_decisions(source: str, games: int) -> tuple[Pace, list[bytes]]:
    """Decisions per second of two bots running `source` in Polish Poker duels (after one warm-up
    game), and the act lines they wrote down (the lean bot does)."""
    game = find_game("polish-poker")
    options = resolve_options(game)
    assert game.new_state is not None
    with tempfile.TemporaryDirectory() as folder:
        script, acts = Path(folder) / "bot.py", Path(folder) / "acts"
        script.write_text(source)
        acts.touch()
        pool = ProcessPool()
        bots = [SubprocessBot(f"{sys.executable} {script} {acts}", random.Random(seat), pool=pool)
                for seat in range(2)]

        def play(seed: int) -> None:
            state = game.new_state(["a", "b"], random.Random(seed), options, seed)
            for seat, bot in enumerate(bots):  # as the referee greets them: every hello, then every ready
                bot.send_hello(game, seat, ["a", "b"], options)
            for bot in bots:
                bot.await_ready()
            game.play_out(state, bots)
            for bot in bots:
                bot.end(None)

        play(games)
        warm = sum(bot._next_id for bot in bots)
        pids = [process.pid for process in pool._started]
        before = clocks(pids)
        for seed in range(games):
            play(seed)
        after = clocks(pids)
        pool.close()
        lines = acts.read_bytes().splitlines(keepends=True)
    return pace(sum(bot._next_id for bot in bots) - warm, before, after), lines


def print_pipe(games: int, runs: int = 3) -> None:
    """The lean and the legacy bot, and the echo of the act lines each read, each the best of `runs`
    taken in turn."""
    lean = legacy = echo = full_echo = None
    for _ in range(runs):
        run, lines = subprocess_decisions(LEAN_BOT, games)
        lean = run.best(lean)
        echo = echo_round_trips(lines, 10 * games).best(echo)
        run, full_lines = subprocess_decisions(LEGACY_BOT, games)
        legacy = run.best(legacy)
        full_echo = echo_round_trips(full_lines, 10 * games).best(full_echo)
    assert lean is not None and legacy is not None and echo is not None and full_echo is not None

    def mean_size(sent: list[bytes]) -> float:
        return sum(map(len, sent)) / len(sent)

    print(f"echo_round_trips_per_s: {echo.wall:.0f}  (the lean bots' act lines, {mean_size(lines):.0f} bytes "
          f"on average; per CPU-second {echo.cpu:.0f})")
    print(f"subprocess_decisions_per_s: {lean.wall:.0f}  (per CPU-second {lean.cpu:.0f})")
    print(f"subprocess_vs_echo: {lean.wall / echo.wall:.2f}  (per CPU-second {lean.cpu / echo.cpu:.2f}; "
          f"target >= 0.6)")
    print(f"subprocess_decisions_per_s[legacy bot]: {legacy.wall:.0f}  (per CPU-second {legacy.cpu:.0f})")
    print(f"echo_round_trips_per_s[full acts]: {full_echo.wall:.0f}  (the legacy bots' act lines, "
          f"{mean_size(full_lines):.0f} bytes on average; per CPU-second {full_echo.cpu:.0f})")
    print(f"subprocess_vs_echo[full acts]: {lean.wall / full_echo.wall:.2f}  (per CPU-second "
          f"{lean.cpu / full_echo.cpu:.2f}: the lean bot against an echo of the acts of before)")


def bot_tournament_seconds(players: int) -> tuple[float, int, int]:
    """Seconds of the run (seat draw to the final's last entry), entries stored, stages."""
    strategies = ("prob", "honest", "bluffer", "random")
    with tempfile.TemporaryDirectory() as folder, open_database(f"sqlite:///{folder}/bench.db") as database:
        create_tournament(database, name="Bench", game="polish-poker", seed=1)
        with appending(database) as log:
            for i in range(players):
                log.append("register", {"name": f"bot{i:04d}", "club": None, "bot": strategies[i % 4]})
        referee = TableReferee()
        start = time.perf_counter()
        done = run_bot_tournament(database, play=referee)
        seconds = time.perf_counter() - start
        referee.close()
        assert done.state.complete
    return seconds, sum(done.entries.values()), len(done.entries)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--tournament-only", action="store_true", help="only bot_tournament_seconds")
    parser.add_argument("--pipe-only", action="store_true", help="only the echo and the subprocess bots")
    args = parser.parse_args()
    if args.pipe_only:
        print_pipe(1000)
        return
    if args.tournament_only:
        print_tournament()
        return
    # Warm the odds caches first: pool workers fork from this process and inherit them, so a cold
    # single-worker run against warm forked workers would overstate the speed-up.
    games_per_second(1, 1000)
    one = games_per_second(1, args.games)
    two = games_per_second(2, args.games)
    print(f"games_per_s[workers=1]: {one:.0f}")
    print(f"games_per_s[workers=2]: {two:.0f}")
    print(f"speedup_2_workers: {two / one:.2f}")
    print_pipe(1000)
    print_tournament()


def print_tournament() -> None:
    seconds, entries, stages = bot_tournament_seconds(1000)
    print(f"bot_tournament_seconds[1000 players]: {seconds:.1f}  ({entries} entries in {stages} stages, "
          f"a table's entries in one transaction; target < 30)")


if __name__ == "__main__":
    main()
