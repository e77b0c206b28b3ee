"""What the protocol tests share: the games a bot can play and a validator of the published schemas."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from jsonschema import Draft202012Validator

from tourney.rules.games import GameDescriptor, all_games

PLAYABLE = [game for game in all_games() if game.playable and not game.name.startswith("toy")]


def schema_errors(schema: Mapping[str, Any], message: object) -> list[str]:
    """Every way `message` breaks `schema` (empty: it conforms), as readable lines."""
    return [f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
            for error in Draft202012Validator(schema).iter_errors(message)]


def published(game: GameDescriptor) -> dict[str, Any]:
    """The game's entry of `tourney games --json`, as a bot author reads it (through JSON)."""
    from tourney.app.operations.games import list_games

    entry = next(info for info in list_games() if info.descriptor.name == game.name)
    loaded: dict[str, Any] = json.loads(json.dumps(entry.to_json()))
    return loaded


def form_of(entry: Mapping[str, Any], action_id: int) -> Mapping[str, Any]:
    """The published action form whose id range holds `action_id`."""
    forms = [form for form in entry["actions"] if form["ids"][0] <= action_id <= form["ids"][1]]
    assert len(forms) == 1, f"{entry['name']}: action id {action_id} is in {len(forms)} published forms"
    return forms[0]
