"""A shard: a batch of game indices played in one worker, with its bot processes kept for the batch."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tourney.arena.bot_process import Limits
from tourney.arena.faults import ForfeitStreaks
from tourney.arena.lineup import SeatFactory
from tourney.arena.referee import play_game
from tourney.arena.schedule import RunSpec


@dataclass(frozen=True, slots=True)
class ShardResult:
    games: list[dict[str, Any]]  # one results-file line per game, in index order
    seconds: float


def run_shard(spec: RunSpec, indices: Sequence[int], limits: Limits, records: str | None = None,
              streaks: ForfeitStreaks | None = None) -> ShardResult:
    """Play games `indices` of the run (top level, so that process pools and Ray can ship it).
    `streaks` are the forfeits in a row known when the shard was sent; the shard goes on counting."""
    start = time.perf_counter()
    descriptor = spec.descriptor
    options = spec.option_values
    factory = SeatFactory(descriptor, limits)
    folder = Path(records) if records else None
    streaks = streaks.copy() if streaks is not None else ForfeitStreaks(limits.max_forfeits)
    games: list[dict[str, Any]] = []
    try:
        for index in indices:
            result = play_game(descriptor, spec.job(index), spec.entrants, options, factory, folder, streaks.out)
            streaks.observe(result.seats, result.forfeits)
            games.append(result.to_json())
    finally:
        factory.close()
    return ShardResult(games, time.perf_counter() - start)


class ShardSizer:
    """Shards of about `target` seconds: the first is small, later ones follow the measured pace."""

    def __init__(self, workers: int, target: float = 1.0, first: int = 4, largest: int = 20_000) -> None:
        self.workers = workers
        self.target = target
        self.size = first
        self.largest = largest

    def next(self, remaining: int) -> int:
        # Near the end, smaller shards keep every worker busy until the last game.
        share = max(1, -(-remaining // (2 * self.workers)))
        return max(1, min(self.size, share, remaining))

    def observe(self, games: int, seconds: float) -> None:
        if games and seconds > 0:
            self.size = max(1, min(self.largest, int(self.target * games / seconds)))
