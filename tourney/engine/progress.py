"""Where each player stands (issue 11 item 9): a status for `player list`, a path for `player show`.

Derived from the folded state only: the tables of every stage and who dropped out. Which status a
player has and what a step of their path says are the format's (`state.kind.statuses`,
`state.kind.step_result`); the wording here follows its `unit` (stages, or rounds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.engine.roster import PlayerStatus, Step
from tourney.errors import Worded

if TYPE_CHECKING:
    from tourney.engine.format_registry import LiveState

__all__ = ["PlayerStatus", "Step", "path", "statuses"]


def statuses(state: LiveState) -> list[PlayerStatus]:
    """Every registered player's status, in registration order (the format's wording)."""
    return state.kind.statuses(state)


def path(state: LiveState, name: str) -> list[Step]:
    """`name`'s tables stage by stage, with what happened at each."""
    steps: list[Step] = []
    for tables in state.history:
        for table in tables:
            if name in table.seats:
                result = state.kind.step_result(state, table, name)
                steps.append(Step(table.stage, table.number, table.seats.index(name) + 1, str(result),
                                  result if isinstance(result, Worded) else None))
    return steps
