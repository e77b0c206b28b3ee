"""The JSON schema of a lean act (subprocess_bot.py, `delta`), from a game's view schema: what
`tourney games --json` publishes as `lean_act_schema` beside `view_schema`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def lean_act_schema(view_schema: Mapping[str, Any]) -> dict[str, Any]:
    """An act that carries the view's changes: `set` holds whole values of the view's keys, `extend`
    the new items of its lists, `drop` the keys it lost, `legal` the legal list when it changed."""
    properties: Mapping[str, Any] = view_schema.get("properties", {})
    lists = {key: {"type": "array", "items": value.get("items", {}), "minItems": 1}
             for key, value in properties.items() if value.get("type") == "array"}
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{view_schema.get('title', 'view')} changes (a lean act)",
        "type": "object",
        "required": ["type", "id"],
        "additionalProperties": False,
        "properties": {
            "type": {"const": "act"},
            "id": {"type": "integer", "minimum": 1},
            "set": {"type": "object", "properties": dict(properties), "additionalProperties": False,
                    "minProperties": 1, "description": "keys whose value is new or changed, with their whole value"},
            "extend": {"type": "object", "properties": lists, "additionalProperties": False, "minProperties": 1,
                       "description": "lists that grew: the items to append"},
            "drop": {"type": "array", "items": {"enum": list(properties)}, "minItems": 1,
                     "description": "keys the view no longer has"},
            "legal": {"type": "array", "items": {"type": "string"},
                      "description": "the legal actions, when not the same as in the last act"},
        },
    }
    if "$defs" in view_schema:
        schema["$defs"] = view_schema["$defs"]
    return schema
