"""Round robin: every pair meets once (Berger tables), or balanced tables of K over R rounds;
`--cycles 2` plays the whole schedule twice (a double round robin, colours swapped).

The whole schedule follows from round 1's seed and the entrants (round_robin.py); round r's stored
tables must be round r of it. Equal chips at a table are a draw; a bye scores nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tourney.engine.format_config import FormatConfig
from tourney.engine.format_registry import format_data, register_format
from tourney.engine.formats import round_robin
from tourney.engine.formats.live import CheckedRound, RoundsData, entrants_of, min_table, stored_entrants, stored_rounds
from tourney.engine.formats.table_rounds import TableRoundsFormat
from tourney.engine.rounds import RoundPlan
from tourney.errors import IllegalActionError, InvalidInputError
from tourney.rules.games import GameDescriptor

if TYPE_CHECKING:
    from tourney.engine.format_registry import LiveState

# A round robin played more than twice is rare; this keeps a typo from scheduling hundreds of rounds.
MAX_CYCLES = 4


@dataclass
class RoundRobinData(RoundsData):
    """A round robin's rounds, and its whole schedule as last worked out (from the entrants and round
    1's seed: a cache, neither compared nor stored, shared by copies)."""

    schedule_cache: tuple[Any, list[RoundPlan]] | None = field(default=None, compare=False, repr=False)

    def copy(self) -> RoundRobinData:
        return RoundRobinData(list(self.entrants), list(self.round_plans), self.schedule_cache)


class RoundRobinFormat(TableRoundsFormat):
    name = "round-robin"
    label = "round robin"
    order = 3
    view_kind: str | None = "crosstable"
    bye_points = 0  # sitting out a round of the schedule is no game (FIDE Berger tables, brackets-manager)

    options = frozenset({*TableRoundsFormat.options, "cycles"})

    def check(self, game: GameDescriptor, config: FormatConfig) -> None:
        super().check(game, config)
        if config.rounds is not None and config.table_size == 2:
            raise InvalidInputError("--rounds: a round robin of duels plays every pair once (N-1 rounds, N when odd)")
        if not 1 <= config.cycles <= MAX_CYCLES:
            raise InvalidInputError(f"--cycles {config.cycles}: a round robin is played 1 to {MAX_CYCLES} times "
                                    "(2: a double round robin)")

    def new_data(self) -> RoundRobinData:
        return RoundRobinData()

    def data_from_json(self, data: Any, game: GameDescriptor, config: FormatConfig) -> RoundRobinData:
        return RoundRobinData(stored_entrants(data), stored_rounds(data))

    def rounds_for(self, state: LiveState, entrants: Sequence[str]) -> int:
        config, n = state.format, len(entrants)
        if config.table_size == 2:
            return (n if n % 2 else n - 1) * config.cycles
        return (config.rounds or round_robin.default_rounds(n, config.table_size, min_table(state))) * config.cycles

    def total_rounds(self, state: LiveState) -> int:
        entrants = entrants_of(state)
        return self.rounds_for(state, entrants) if len(entrants) >= 2 else 0

    def schedule(self, state: LiveState, entrants: Sequence[str], first_seed: int) -> list[RoundPlan]:
        """Every round, from the entrants and round 1's seed (cached on the state)."""
        key = (tuple(entrants), first_seed)
        data = format_data(state, RoundRobinData)
        cached = data.schedule_cache
        if cached is not None and cached[0] == key:
            return cached[1]
        config = state.format
        if config.table_size == 2:
            schedule = round_robin.berger(entrants)
        else:
            schedule = round_robin.balanced_tables(entrants, config.table_size,
                                                   random.Random(f"tourney-rr/{first_seed}"),
                                                   rounds=config.rounds, min_table=min_table(state))
        if config.cycles > 1:
            schedule = round_robin.repeat_cycles(schedule, config.cycles)
        data.schedule_cache = (key, schedule)
        return schedule

    def round_plan(self, state: LiveState, entrants: list[str], stage: int, seed: int) -> RoundPlan:
        schedule = self.schedule(state, entrants, self.first_seed(state, stage, seed))
        if stage > len(schedule):
            raise IllegalActionError("every round of the round robin has been played")
        return schedule[stage - 1]

    def check_tables(self, state: LiveState, checked: CheckedRound, stage: int) -> None:
        super().check_tables(state, checked, stage)
        limit = self.rounds_for(state, checked.entrants)
        if stage > limit:
            raise IllegalActionError(f"seat: the round robin has {limit} rounds")


ROUND_ROBIN = register_format(RoundRobinFormat())
