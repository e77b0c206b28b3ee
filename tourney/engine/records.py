"""Game records (RULES Appendix A): read and write JSON Lines, and replay any registered game.

The record's first line names its game; the game's own replayer (from the registry) re-derives
every line and names the first one that breaks a rule.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from tourney.errors import InvalidInputError, RecordError
from tourney.rules.games import GameDescriptor, GameState, RecordLine, find_game


def read_record(lines: Iterable[str]) -> list[RecordLine]:
    """Parse JSON Lines into (line number, event) pairs; blank lines are skipped."""
    events: list[RecordLine] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError as error:
            raise RecordError(number, f"not valid JSON ({error.msg})") from None
        except RecursionError:
            raise RecordError(number, "not valid JSON (nested too deeply)") from None
        if not isinstance(event, dict) or not isinstance(event.get("event"), str):
            raise RecordError(number, "each line must be a JSON object with an 'event' key")
        events.append((number, event))
    if not events:
        raise RecordError(1, "the record is empty")
    return events


def write_record(events: Iterable[dict[str, Any]]) -> str:
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events)


def game_of_record(events: list[RecordLine]) -> GameDescriptor:
    """The game a record is of, from its first line."""
    line, header = events[0]
    if header.get("event") != "game":
        raise RecordError(line, "the first line must be the 'game' event")
    name = header.get("game")
    if not isinstance(name, str):
        raise RecordError(line, f"'game' must name the game, not {name!r}")
    try:
        game = find_game(name)
    except InvalidInputError as error:
        raise RecordError(line, str(error)) from None
    if game.replay is None:
        raise RecordError(line, f"{game.title} records cannot be replayed: it has no rules engine yet")
    return game


def replay(lines: Iterable[str], *, check_seed: bool = False) -> GameState:
    """Replay a record of any registered game and return the final state; raise `RecordError` at
    the first bad line. With `check_seed`, the record's seed must also deal what the record shows."""
    events = read_record(lines)
    game = game_of_record(events)
    assert game.replay is not None
    return game.replay(events, check_seed)
