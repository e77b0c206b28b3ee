"""The rules of the event log: which events are in effect after undos, what each correction
changes, and what one `tourney undo` reverts. The one place where undo and corrections are read;
the fold (tournament.py), the commands and the printed log all ask here.

An undo or a correction targets an earlier event by id. Walking from the newest event down settles
each undo before anything it could target, so an undo of an undo puts its target back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tourney.engine.events import Event, EventError

TARGETING = ("undo", "correct")
# What a correction may replace, by the kind of event it corrects.
CORRECTABLE = ("result",)


def target_of(event: Event) -> int:
    """The id an undo or correction points at (always an earlier event)."""
    target = event.data.get("target") if isinstance(event.data, dict) else None
    if not isinstance(target, int) or isinstance(target, bool) or target >= event.id:
        raise EventError(event.id, f"{event.kind}: target must be the id of an earlier event, not {target!r}")
    return target


def effective_ids(ordered: Sequence[Event]) -> set[int]:
    """Ids of the events in effect (`ordered` by id): an event is out when an undo in effect targets it."""
    ids = {e.id for e in ordered}
    kinds = {e.id: e.kind for e in ordered}
    undone: set[int] = set()
    effective: set[int] = set()
    for event in reversed(ordered):
        if event.id in undone:
            continue
        effective.add(event.id)
        if event.kind in TARGETING:
            target = target_of(event)
            if target not in ids:
                raise EventError(event.id, f"{event.kind}: there is no event {target}")
            if event.kind == "undo":
                undone.add(target)
            elif kinds[target] not in CORRECTABLE:
                raise EventError(event.id, f"correct: event {target} is a {kinds[target]}, not a round result")
    return effective


def corrections(ordered: Sequence[Event], effective: set[int]) -> dict[int, Event]:
    """The correction in effect for each corrected event (the latest one wins)."""
    out: dict[int, Event] = {}
    for event in ordered:
        if event.kind == "correct" and event.id in effective:
            out[target_of(event)] = event
    return out


def undo_group(ordered: Sequence[Event]) -> list[int]:
    """Ids one `tourney undo` reverts, latest first: a stage's seat draw comes with the `advance`
    just before it (they were one command), anything else alone. Empty when nothing is left."""
    effective = effective_ids(ordered)
    live = [e for e in ordered if e.id in effective and e.kind != "undo"]
    if not live:
        return []
    last = live[-1]
    if last.kind == "seat" and len(live) > 1 and live[-2].kind == "advance":
        return [last.id, live[-2].id]
    return [last.id]


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of `tourney log`: the event, whether it is undone, which event corrected it."""

    event: Event
    undone: bool
    corrected_by: int | None


def annotate(ordered: Sequence[Event]) -> list[LogEntry]:
    effective = effective_ids(ordered)
    corrected = {target: fix.id for target, fix in corrections(ordered, effective).items()}
    return [LogEntry(e, e.id not in effective, corrected.get(e.id)) for e in ordered]
