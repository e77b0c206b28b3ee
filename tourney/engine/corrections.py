"""Previews of corrections: what a changed entry would do, computed without storing anything."""

from __future__ import annotations

from collections.abc import Sequence

from tourney.engine.events import Event, EventError
from tourney.engine.tournament import TournamentState, fold


def preview_correction(game: str, events: Sequence[Event], target: int,
                       loser: str) -> tuple[TournamentState, TournamentState]:
    """(before, after) of replacing the loser of result event `target`; nothing is stored.

    Raises `EventError` naming the first later event the correction makes impossible (or the
    target itself when the new loser cannot have lost that round).
    """
    before = fold(game, events)
    event = Event((before.events[-1].id if before.events else 0) + 1, "correct", {"target": target, "loser": loser})
    before._check_target(event)
    try:
        after = fold(game, [*events, event])
    except EventError as exc:
        if exc.event_id == target:
            raise
        raise EventError(exc.event_id, f"the correction makes this event impossible: {exc.reason}") from None
    return before, after
