"""The events of a live tournament: what storage appends to the log and the engine folds.

Kinds and payloads (all JSON-serialisable):

    register {"name": str, "club": str | None}
    drop     {"name": str}
    seat     {"stage": int, "seed": int, "tables": [{"table": int, "players": [names in seat order],
              "starter": name}], "plan": Plan.to_json_with_reasons()  (optional, stage 1 only: fixes the plan)}
    result   {"table": int, "loser": name}               one Polish Poker round at that table
    finish   {"table": int, "order": [names, winner first]}  a whole table at once (paper sheet)
    chips    {"table": int, "counts": {name: int}}        pot games: chip counts give the order
    advance  {"stage": int}                               closes the stage (storage then appends
                                                          the next stage's `seat` event)
    undo     {"target": event_id}
    correct  {"target": event_id, "loser": name}          replaces the loser of a `result` event
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tourney.errors import IllegalActionError

KINDS = ("register", "drop", "seat", "result", "finish", "chips", "advance", "undo", "correct")


@dataclass(frozen=True)
class Event:
    """One entry of the append-only log; `id` is assigned by storage and increases."""

    id: int
    kind: str
    data: dict[str, Any]


class EventError(IllegalActionError):
    """An event of the log that cannot be applied (any more); `event_id` names it."""

    def __init__(self, event_id: int, message: str) -> None:
        super().__init__(f"event {event_id}: {message}")
        self.event_id = event_id
        self.reason = message
