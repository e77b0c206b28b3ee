"""Reading event payloads: a field of the wrong type is one `InvalidInputError` naming the event kind."""

from __future__ import annotations

from typing import Any

from tourney.errors import InvalidInputError


def text_field(data: dict[str, Any], key: str, kind: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise InvalidInputError(f"{kind}: {key} must be text, not {value!r}")
    return value


def integer_field(data: dict[str, Any], key: str, kind: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidInputError(f"{kind}: {key} must be a whole number, not {value!r}")
    return value
