"""A whole run: game indices go out in shards of about a second, results come back to one place.

Only this (the parent) process writes the results file, a shard at a time, so a killed run leaves
whole games behind and resuming plays exactly the missing ones.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tourney.arena.backends import Backend, Handle
from tourney.arena.bot_process import Limits
from tourney.arena.containment import not_dumpable
from tourney.arena.faults import ForfeitStreaks
from tourney.arena.leaderboard import Leaderboard
from tourney.arena.results import ResultsFile
from tourney.arena.schedule import RunSpec
from tourney.arena.shards import ShardResult, ShardSizer

# Called after each shard with the games played so far in this run and the total to play.
Observer = Callable[[Leaderboard, int, int], None]


@dataclass
class RunReport:
    games: list[dict[str, Any]]  # every game of the run (resumed ones included), by index
    played: int  # games played by this invocation
    leaderboard: Leaderboard


def run_arena(spec: RunSpec, games: int, backend: Backend, *, limits: Limits | None = None,
              out: Path | None = None, records: Path | None = None, observer: Observer | None = None,
              shard_seconds: float = 1.0) -> RunReport:
    limits = limits or Limits()
    not_dumpable()  # no bot reads the run (its --out, its games) from this process's memory
    results = ResultsFile(out, spec.header()) if out is not None else None
    board = Leaderboard(entrant.label for entrant in spec.entrants)
    # Forfeits in a row, as far as the games back so far tell (shards finish in any order).
    streaks = ForfeitStreaks(limits.max_forfeits)
    collected: dict[int, dict[str, Any]] = {}
    if results is not None:
        for index in sorted(results.games):
            line = results.games[index]
            if index < games:
                collected[index] = line
                board.add(line)
                streaks.observe(line["seats"], line.get("forfeits", ()))
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    queue = deque(index for index in range(games) if index not in collected)
    sizer = ShardSizer(backend.workers, target=shard_seconds)
    in_flight: dict[Handle, int] = {}
    played = 0
    if observer is not None:
        observer(board, len(collected), games)
    try:
        while queue or in_flight:
            while queue and len(in_flight) < 2 * backend.workers:
                size = sizer.next(len(queue))
                shard = [queue.popleft() for _ in range(size)]
                # The inline backend reads `streaks` when the shard starts; others take it as it is now.
                in_flight[backend.submit(spec, shard, limits, str(records) if records else None,
                                         streaks)] = len(shard)
            for handle, finished in backend.wait(list(in_flight)):
                shard_result: ShardResult = finished
                sizer.observe(in_flight.pop(handle), shard_result.seconds)
                if results is not None:
                    results.append(shard_result.games)
                for game in shard_result.games:
                    collected[game["game"]] = game
                    board.add(game)
                    streaks.observe(game["seats"], game.get("forfeits", ()))
                played += len(shard_result.games)
                if observer is not None:
                    observer(board, len(collected), games)
    finally:
        backend.close()
        if results is not None:
            results.close()
    return RunReport([collected[index] for index in sorted(collected)], played, board)
