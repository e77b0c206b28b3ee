"""Swiss: each round paired from the results so far (`swiss.pair_round`, networkx imported only then).

A stored pairing is checked only for seating every entrant once (a correction later changes
scores, not the pairings made before it). A player may withdraw between rounds (or once their
match of the round is entered): paired no more, their points kept in the scores and tie-breaks.
A round after which fewer than 2 players are left to pair is the last: the event is complete once
its tables finish, the rounds left unplayable, and the standings are the points as they stand
(a withdrawn player keeps theirs, so the last player standing wins only by points).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tourney.engine.format_registry import register_format
from tourney.engine.formats.live import entrants_of, min_table, played_rounds, withdrawn
from tourney.engine.formats.table_rounds import TableRoundsFormat
from tourney.engine.rounds import RoundPlan

if TYPE_CHECKING:
    from tourney.engine.format_registry import LiveState


class SwissFormat(TableRoundsFormat):
    name = "swiss"
    label = "Swiss"
    order = 4
    view_kind: str | None = "score-groups"
    withdrawals = True

    def total_rounds(self, state: LiveState) -> int:
        # swiss.py is imported on first use, so a fold of another format never loads it (networkx, its
        # matching, only when a round is paired).
        from tourney.engine.formats.swiss import default_rounds

        n = len(entrants_of(state))
        return (state.format.rounds or default_rounds(n)) if n >= 2 else 0

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
                          table_size=state.format.table_size, min_table=min_table(state), withdrawn=withdrawn(state),
                          total_rounds=self.total_rounds(state))


SWISS = register_format(SwissFormat())
