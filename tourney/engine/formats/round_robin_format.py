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
from tourney.engine.format_options import FormatOption, OptionValue
from tourney.engine.format_registry import format_data, register_format
from tourney.engine.formats import round_robin
from tourney.engine.formats.live import CheckedRound, RoundsData, entrants_of, min_table, stored_entrants, stored_rounds
from tourney.engine.formats.shared_options import BEST_OF, SEEDING, TABLE_SIZE, rounds_option
from tourney.engine.formats.table_rounds import TIEBREAKS, TableRoundsFormat
from tourney.engine.rounds import RoundPlan
from tourney.errors import IllegalActionError, InvalidInputError, Worded, worded, worded_n
from tourney.rules.games import GameDescriptor

if TYPE_CHECKING:
    from tourney.engine.format_registry import LiveState

# A round robin played more than twice is rare; this keeps a typo from scheduling hundreds of rounds.
MAX_CYCLES = 4


def _cycles_words(value: OptionValue) -> Worded:
    assert isinstance(value, int)
    return worded("double round robin") if value == 2 else worded_n("%(num)s cycles", "%(num)s cycles", value)


RR_ROUNDS = rounds_option("the rounds of a round robin of tables (default: every pair once).")
CYCLES = FormatOption("cycles", int, 1, "play the whole schedule N times (2 = a double round robin, colours "
                      "swapped).", "docs/formats.md#round-robin", low=1, high=MAX_CYCLES, words=_cycles_words)


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

    option_specs: tuple[FormatOption, ...] = (BEST_OF, TABLE_SIZE, RR_ROUNDS, SEEDING, CYCLES, TIEBREAKS)

    def check(self, game: GameDescriptor, config: FormatConfig) -> None:
        super().check(game, config)
        if config.get_int(RR_ROUNDS.name) and config.get_int(TABLE_SIZE.name) == 2:
            raise InvalidInputError("--rounds: a round robin of duels plays every pair once (N-1 rounds, N when odd)")
        cycles = config.get_int(CYCLES.name)
        if not 1 <= cycles <= MAX_CYCLES:
            raise InvalidInputError(f"--cycles {cycles}: a round robin is played 1 to {MAX_CYCLES} times "
                                    "(2: a double round robin)")

    def new_data(self) -> RoundRobinData:
        return RoundRobinData()

    def data_from_json(self, data: Any, game: GameDescriptor, config: FormatConfig) -> RoundRobinData:
        return RoundRobinData(stored_entrants(data), stored_rounds(data))

    def rounds_for(self, state: LiveState, entrants: Sequence[str]) -> int:
        config, n = state.format, len(entrants)
        size, cycles = config.get_int(TABLE_SIZE.name), config.get_int(CYCLES.name)
        if size == 2:
            return (n if n % 2 else n - 1) * cycles
        return (config.get_int(RR_ROUNDS.name) or round_robin.default_rounds(n, size, min_table(state))) * cycles

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
        size, cycles = config.get_int(TABLE_SIZE.name), config.get_int(CYCLES.name)
        if size == 2:
            schedule = round_robin.berger(entrants)
        else:
            schedule = round_robin.balanced_tables(entrants, size, random.Random(f"tourney-rr/{first_seed}"),
                                                   rounds=config.get_int(RR_ROUNDS.name) or None,
                                                   min_table=min_table(state))
        if cycles > 1:
            schedule = round_robin.repeat_cycles(schedule, cycles)
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
