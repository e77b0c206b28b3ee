"""Where each player stands (issue 11 item 9): a status for `player list`, a path for `player show`.

Derived from the folded state only: the tables of every stage and who dropped out. Which status a
player has and what a step of their path says are the format's (`state.kind.statuses`,
`state.kind.step_result`); the wording here follows its `unit` (stages, or rounds).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState


@dataclass(frozen=True, slots=True)
class PlayerStatus:
    """`status`: "registered" (not seated yet), "playing" (at `table` of the current stage),
    "waiting" (to advance from a finished table), "out" (at `stage`, `table`, with `place`),
    "won", "dropped". `stage`, `table` and `place` are the player's last table (None before)."""

    name: str
    status: str
    stage: int | None
    table: int | None
    place: int | None
    rounds: bool = False  # the format is played in rounds (its `unit`), not RULES §1.12's stages

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "stage": self.stage, "table": self.table, "place": self.place}

    def text(self) -> str:
        if self.rounds:
            return self._round_text()
        if self.status == "playing":
            return f"playing at table {self.table}"
        if self.status == "waiting":
            return f"waiting to advance (table {self.table} of stage {self.stage})"
        if self.status == "out":
            return f"out at stage {self.stage}, place {self.place} (table {self.table})"
        if self.status == "won":
            return "won the tournament"
        if self.status == "dropped" and self.stage is not None:
            return f"dropped (stage {self.stage}, table {self.table}" + (
                f", place {self.place})" if self.place is not None else ")")
        return self.status


    def _round_text(self) -> str:
        where = f"table {self.table} of round {self.stage}"
        if self.status == "playing":
            return f"playing at table {self.table}"
        if self.status == "waiting":
            return f"waiting for the next round ({where})"
        if self.status == "out":
            return f"out, place {self.place}" if self.place is not None else f"out ({where})"
        if self.status == "won":
            return "won the tournament"
        if self.status == "dropped" and self.stage is not None:
            return f"dropped after round {self.stage}"
        return self.status


@dataclass(frozen=True, slots=True)
class Step:
    """One stage of a player's path: table, seat (1-based), and what happened there."""

    stage: int
    table: int
    seat: int
    result: str

    def to_json(self) -> dict[str, Any]:
        return {"stage": self.stage, "table": self.table, "seat": self.seat, "result": self.result}


def statuses(state: TournamentState) -> list[PlayerStatus]:
    """Every registered player's status, in registration order (the format's wording)."""
    return state.kind.statuses(state)


def path(state: TournamentState, name: str) -> list[Step]:
    """`name`'s tables stage by stage, with what happened at each."""
    steps: list[Step] = []
    for tables in state.history:
        for table in tables:
            if name in table.seats:
                steps.append(Step(table.stage, table.number, table.seats.index(name) + 1,
                                  state.kind.step_result(state, table, name)))
    return steps
