"""The observation encoding every environment uses, the same for every game.

A seat's observation is its view's JSON (`view(seat).to_json()`, exactly what a subprocess bot is
sent), written compactly with sorted keys as UTF-8 bytes, one byte per element of a vector of
`OBSERVATION_SIZE` (zero-padded: JSON never contains a zero byte). A view too long for the vector
drops its oldest `history` entries (earlier rounds, Polish Poker) until it fits; the current
round is always whole. The action ids of a game are 0..`action_count(game)`-1, the ids its
`action_text` accepts.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, Final

from tourney.errors import TourneyError
from tourney.rules.games import GameDescriptor, GameView, require_engine

OBSERVATION_SIZE: Final = 32_768
_ACTION_ID_LIMIT: Final = 1 << 31


class ObservationTooLargeError(TourneyError):
    """A view that does not fit the observation vector even without its history."""


def view_bytes(view: GameView) -> bytes:
    """The view's JSON as it is encoded, history trimmed from the oldest to fit."""
    data: dict[str, Any] = view.to_json()
    history = data.get("history")
    dropped = 0
    while True:
        if isinstance(history, list):
            data["history"] = history[dropped:]
        encoded = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
        if len(encoded) <= OBSERVATION_SIZE:
            return encoded
        if not isinstance(history, list) or dropped >= len(history):
            raise ObservationTooLargeError(f"a view of {len(encoded)} bytes exceeds {OBSERVATION_SIZE}")
        dropped += 1


def encode_view(view: GameView) -> list[int]:
    """The observation vector: the view's bytes, zero-padded to `OBSERVATION_SIZE`."""
    encoded = view_bytes(view)
    return [*encoded, *bytes(OBSERVATION_SIZE - len(encoded))]


def action_count(game: GameDescriptor) -> int:
    """How many action ids `game` has: the first id its `action_text` cannot name (ids are 0..n-1;
    a game refuses an id with `InvalidActionError`, a plain one may fail to look it up)."""
    require_engine(game)
    text = game.action_text
    assert text is not None  # every game with a rules engine has one
    low, high = 0, _ACTION_ID_LIMIT  # text(low) is accepted, text(high) refused
    while high - low > 1:
        middle = (low + high) // 2
        try:
            text(middle)
        except (TourneyError, LookupError, ValueError):
            high = middle
        else:
            low = middle
    return high


def rewards(places: dict[str, int], players: int) -> dict[str, float]:
    """Zero-sum rewards by place: +1 for first, -1 for last, evenly between (1 - 2(k-1)/(n-1) for
    the k-th of n); players who share a place split the places they take between them (two tied
    for first of three share 1 and 0: 0.5 each), so the rewards always total 0 and a table where
    everyone ties earns 0 each. `places` ranks the players as `Outcome.places` does (equal numbers
    tie; gaps, as in 1, 1, 3, do not matter)."""
    if players == 1:
        return dict.fromkeys(places, 0.0)
    ranked = sorted(places, key=places.__getitem__)
    result: dict[str, float] = {}
    start = 0
    while start < len(ranked):
        end = start
        while end < len(ranked) and places[ranked[end]] == places[ranked[start]]:
            end += 1
        # positions start..end-1 (0-based) shared: their rewards' mean, as an exact fraction
        shared = Fraction(sum(players - 1 - 2 * k for k in range(start, end)), (players - 1) * (end - start))
        for name in ranked[start:end]:
            result[name] = float(shared)
        start = end
    return result
