"""The events of a live tournament: what storage appends to the log and the engine folds.

Kinds and payloads (all JSON-serialisable):

    format   FormatConfig.to_json() (format_config.py)  the first event of a tournament not run in stages
    register {"name": str, "club": str | None}     names and clubs: see names.py (normal form, <= 60)
             "bot"?: str  (optional: the bot spec that plays this player in `tourney run`)
    drop     {"name": str}
    seat     {"stage": int, "seed": int, "tables": [{"table": int, "players": [names in seat order],
              "starter": name}], "plan": Plan.to_json_with_reasons()  (optional, stage 1 only: fixes the plan),
              "promoted": [names]  (stage 2 on: who replaces a qualifier who dropped out; absent in
              draws stored before promotions, which replay without them)}
    result   {"table": int, "loser": name}               one round at that table (games whose tables report rounds)
    finish   {"table": int, "order": [names, winner first]}  a whole table at once (paper sheet)
    chips    {"table": int, "counts": {name: int}}        pot games: chip counts give the order
    advance  {"stage": int}                               closes the stage (storage then appends
                                                          the next stage's `seat` event)
    undo     {"target": event_id}                         any entry in effect that no later entry depends on
    correct  {"target": event_id, "loser": name}          replaces the loser of a `result`
             {"target": event_id, "order": [names]}       the order of a `finish`
             {"target": event_id, "counts": {name: int}}  the counts of a `chips`
             {"target": event_id, "name"?: str, "club"?: str | None}   a `register` (as if so registered)
    rename   {"name": str, "new": str}                    from now on the player is called `new`
    bye      {"name": str, "round": int, "points": "zero" | "half"}   a requested bye: not paired in that
                                                          round (not seated yet), scoring those points
    rejoin   {"name": str}                                a player who dropped out is paired again
    avoid    {"players": [name, name]}                    never paired while another pairing exists

A `register` after round 1 of a Swiss may carry "missed": "zero" | "half", the points of each round
the late entrant missed (absent: zero). The last three kinds are the formats' that pair rounds
(the Swiss); the others refuse them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tourney.errors import IllegalActionError, Worded, worded

KINDS = ("format", "register", "drop", "seat", "result", "finish", "chips", "advance", "undo", "correct", "rename",
         "bye", "rejoin", "avoid")


@dataclass(frozen=True)
class Event:
    """One entry of the append-only log; `id` is assigned by storage and increases."""

    id: int
    kind: str
    data: dict[str, Any]


class EventError(IllegalActionError):
    """An event of the log that cannot be applied (any more); `event_id` names it. A `Worded`
    message (`reason_words`) is said in the CLI's language, the event's id before it."""

    def __init__(self, event_id: int, message: str | Worded) -> None:
        super().__init__(f"event {event_id}: {message}")
        self.event_id = event_id
        self.reason = str(message)
        self.reason_words = message if isinstance(message, Worded) else None
        if self.reason_words is not None:
            self.words = worded("event %(event)s: %(reason)s", event=event_id, reason=self.reason_words)

    @property
    def said_reason(self) -> str | Worded:
        """The reason, worded when it was raised so (to raise it again in another error)."""
        return self.reason_words if self.reason_words is not None else self.reason
