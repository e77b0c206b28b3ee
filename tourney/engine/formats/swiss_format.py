"""Swiss: each round paired from the results so far (`swiss.pair_round`, networkx imported only then).

A stored pairing is checked only for seating every entrant once (a correction later changes
scores, not the pairings made before it). A player may withdraw between rounds (or once their
match of the round is entered): paired no more, their points kept in the scores and tie-breaks.
A round after which fewer than 2 players are left to pair is the last: the event is complete once
its tables finish, the rounds left unplayable, and the standings are the points as they stand
(a withdrawn player keeps theirs, so the last player standing wins only by points).

Its options: the shared ones (best of, table size, seeding), the tie-breaks of a format of rounds,
its `rounds` (default ⌈log2 N⌉) and its own `pairing` (swiss.py's `pair_round` says each system).
An option of the Swiss alone is a `FormatOption` here, added to `option_specs`: nothing else changes.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from tourney.engine.format_options import FormatOption, OptionValue
from tourney.engine.format_registry import register_format
from tourney.engine.formats.live import entrants_of, min_table, played_rounds, withdrawn
from tourney.engine.formats.shared_options import BEST_OF, SEEDING, TABLE_SIZE, rounds_option
from tourney.engine.formats.table_rounds import TIEBREAKS, TableRoundsFormat
from tourney.engine.rounds import RoundPlan
from tourney.errors import InvalidInputError, Worded, worded
from tourney.rules.games import GameDescriptor

if TYPE_CHECKING:
    from tourney.engine.format_config import FormatConfig
    from tourney.engine.format_registry import LiveState


def _pairing_words(value: OptionValue) -> Worded:
    return worded("Dutch pairing") if value == "dutch" else worded("fast pairing")


SWISS_ROUNDS: Final = rounds_option("the number of rounds (default ⌈log2 N⌉).")
# The system of duels (swiss.py's PAIRINGS; that module is imported only when a round is paired).
PAIRING: Final = FormatOption(
    "pairing", str, "auto", "the pairing of duels: auto (the default: FIDE Dutch from round 2 up to 64 players, "
    "the fast system above 128), dutch (FIDE Dutch from round 2 at any size) or fast (top down by score "
    "groups, every round).", "docs/formats.md#swiss", ("auto", "dutch", "fast"), words=_pairing_words)


class SwissFormat(TableRoundsFormat):
    name = "swiss"
    label = "Swiss"
    order = 4
    view_kind: str | None = "score-groups"
    withdrawals = True
    option_specs: tuple[FormatOption, ...] = (BEST_OF, TABLE_SIZE, SWISS_ROUNDS, SEEDING, TIEBREAKS, PAIRING)

    def check(self, game: GameDescriptor, config: FormatConfig) -> None:
        super().check(game, config)
        if config.get_str(PAIRING.name) != PAIRING.default and config.get_int(TABLE_SIZE.name) != 2:
            raise InvalidInputError("--pairing is for duels (tables of 3 or more are grouped by score)")

    def total_rounds(self, state: LiveState) -> int:
        # swiss.py is imported on first use, so a fold of another format never loads it (networkx, its
        # matching, only when a round is paired).
        from tourney.engine.formats.swiss import default_rounds

        n = len(entrants_of(state))
        return (state.format.get_int(SWISS_ROUNDS.name) or default_rounds(n)) if n >= 2 else 0

    def is_last_round(self, state: LiveState) -> bool:
        if state.stage == 0:
            return False
        gone = withdrawn(state)
        left_to_pair = sum(1 for p in entrants_of(state) if p not in gone)
        return state.stage >= self.total_rounds(state) or left_to_pair < 2

    def round_plan(self, state: LiveState, entrants: list[str], stage: int, seed: int) -> RoundPlan:
        from tourney.engine.formats.swiss import pair_round

        history = played_rounds(state) if stage > 1 else []
        return pair_round(entrants, history, random.Random(f"tourney-swiss/{seed}"),
                          table_size=state.format.get_int(TABLE_SIZE.name), min_table=min_table(state),
                          withdrawn=withdrawn(state), total_rounds=self.total_rounds(state),
                          pairing=state.format.get_str(PAIRING.name))


SWISS = register_format(SwissFormat())
