"""Previews of undos, corrections and renames: what a changed entry would do, computed without
storing anything. The preview applies the very event the command would store to a copy of the
state, so what it shows and what `--yes` stores are checked by the same code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tourney.engine.events import Event, EventError
from tourney.engine.tournament import TournamentState, fold
from tourney.errors import worded


def preview(state: TournamentState, kind: str, data: dict[str, Any]) -> TournamentState:
    """The state after appending one `undo`, `correct` or `rename` event to `state` (left as it is).

    Raises what storing it would raise: `EventError` naming the later entry that depends on the
    target or becomes impossible, `IllegalActionError` / `InvalidInputError` for a bad request.
    """
    after = state.copy()
    after.apply(Event((state.events[-1].id if state.events else 0) + 1, kind, data))
    return after


def preview_correction(game: str, events: Sequence[Event], target: int,
                       loser: str) -> tuple[TournamentState, TournamentState]:
    """(before, after) of replacing the loser of result event `target`; nothing is stored.

    Raises `EventError` naming the first later event the correction makes impossible (or the
    target itself when the new loser cannot have lost that round).
    """
    before = fold(game, events)
    try:
        after = preview(before, "correct", {"target": target, "loser": loser})
    except EventError as exc:
        if exc.event_id == target:
            raise
        raise EventError(exc.event_id, worded("the correction makes this event impossible: %(reason)s",
                                              reason=exc.said_reason)) from None
    return before, after
