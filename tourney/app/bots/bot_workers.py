"""`tourney run --workers N [--backend local|ray]`: a stage's bot tables played in parallel.

A table's match depends only on its seed and its seats, so batches of tables go to the arena's
backends (its process pool or Ray tasks: `Backend.call`) and come back as `TablePlay`s, which the
run enters in table order, exactly as a serial run would (the same events in the same order). Only
this process writes to the database; a worker plays and returns. A worker plays `cmd:`/`module:`
bots through a `TableReferee` of its own (its processes closed when the batch ends); the run's
referee absorbs its faults and forfeit streaks. The arena's containment holds: pool workers die
with the run, and `close` ends them after Ctrl-C or an error, when no half-entered table exists
(a table is never split across transactions).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.app.bots.table_play import TablePlay, play_one_table

if TYPE_CHECKING:
    from tourney.arena.backends import Backend, Handle
    from tourney.arena.bot_process import Limits
    from tourney.arena.faults import FaultCounter, ForfeitStreaks
    from tourney.arena.table_match import TableReferee
    from tourney.engine.autoplay import Bots, MatchPlayer
    from tourney.engine.tables import TableState

# A batch is at most this many tables (a fraction of a second of random play), so that the progress
# bar moves and the tables of a large stage are entered while the workers play the next ones.
LARGEST_BATCH = 100


@dataclass(frozen=True, slots=True)
class TableBatch:
    """Tables of one stage to play on a worker, with what their matches need (picklable)."""

    game: str
    stage: int
    event_seed: int
    tables: tuple[TableState, ...]
    bots: Bots  # the bot spec of every player at these tables
    play: MatchPlayer | None  # None: a `TableReferee` with `limits`
    limits: Limits | None
    streaks: ForfeitStreaks | None  # the forfeits in a row when the batch was sent


@dataclass(frozen=True, slots=True)
class PlayedBatch:
    plays: list[TablePlay]
    faults: dict[str, FaultCounter]
    observed: list[tuple[list[str], list[str]]]


def play_batch(batch: TableBatch) -> PlayedBatch:
    """Play a batch's tables in order (top level, so that a process pool or Ray can ship it)."""
    from tourney.rules.games import find_game

    descriptor = find_game(batch.game)
    referee: TableReferee | None = None
    play = batch.play
    if play is None:
        from tourney.arena.table_match import TableReferee

        play = referee = TableReferee(batch.limits, batch.streaks)
    try:
        plays = [play_one_table(descriptor, table, batch.stage, event_seed=batch.event_seed, bots=batch.bots,
                                play=play) for table in batch.tables]
    finally:
        if referee is not None:
            referee.close()
    if referee is None:
        return PlayedBatch(plays, {}, [])
    return PlayedBatch(plays, referee.faults, referee.observed)


@dataclass
class Workers:
    """Where a run's tables are played: a backend, and either a picklable `play` or the run's
    `referee` (whose limits each worker's referee takes, and which absorbs what they saw)."""

    backend: Backend
    play: MatchPlayer | None = None
    referee: TableReferee | None = None

    def play_tables(self, game: str, stage: int, tables: Sequence[TableState], *, event_seed: int,
                    bots: Bots) -> Iterator[TablePlay]:
        """The tables' plays in table order; up to two batches per worker are out at once."""
        size = max(1, min(LARGEST_BATCH, -(-len(tables) // (4 * self.backend.workers))))
        batches = deque(tables[start:start + size] for start in range(0, len(tables), size))
        sent: deque[Handle] = deque()
        while batches or sent:
            while batches and len(sent) < 2 * self.backend.workers:
                sent.append(self.backend.call(play_batch, self._batch(game, stage, batches.popleft(), event_seed,
                                                                      bots)))
            # The first batch sent alone: a later batch's error must not stop the run before the
            # tables ahead of it are entered.
            ((_handle, played),) = self.backend.wait([sent.popleft()])
            if self.referee is not None:
                self.referee.absorb(played.faults, played.observed)
            yield from played.plays

    def _batch(self, game: str, stage: int, tables: Sequence[TableState], event_seed: int, bots: Bots) -> TableBatch:
        # By name, only the players of these tables travel (a stage of 100,000 has 20,000 tables).
        at_tables = {name: bots[name] for table in tables for name in table.seats} if isinstance(bots, Mapping) \
            else bots
        referee = self.referee
        return TableBatch(game, stage, event_seed, tuple(tables), at_tables, self.play,
                          referee.limits if referee is not None else None,
                          referee.streaks.copy() if referee is not None else None)
