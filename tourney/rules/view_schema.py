"""Building blocks of the JSON schemas the games publish for their views (`GameDescriptor.view_schema`).

Each game writes its schema next to its view code from these pieces, so a card, a player's name or
a count per player reads the same in every game's `tourney games --json`. Standard library only.
"""

from __future__ import annotations

from typing import Any, Final

CARD_PATTERN: Final = "^([2-9TJQKA][SHDC]|JK)$"
# Each building block has a `title`: the word the README's tables use for it (app/operations/protocol_doc.py).
NAME: Final[dict[str, Any]] = {"type": "string", "title": "name", "description": "a player's name"}
CARD: Final[dict[str, Any]] = {"type": "string", "title": "card", "pattern": CARD_PATTERN,
                               "description": "rank 2-9, T, J, Q, K, A then suit S, H, D, C (JK: joker)"}
COUNT: Final[dict[str, Any]] = {"type": "integer", "title": "count", "minimum": 0}
FLAG: Final[dict[str, Any]] = {"type": "boolean", "title": "true/false"}
CARDS: Final[dict[str, Any]] = {"type": "array", "items": CARD}
NAMES: Final[dict[str, Any]] = {"type": "array", "items": NAME}
COUNT_BY_NAME: Final[dict[str, Any]] = {"type": "object", "additionalProperties": COUNT,
                                        "description": "a count per player's name"}
# The fields every trick game's view shares.
DEAL: Final[dict[str, Any]] = {**COUNT, "description": "the deal's number, 1 first"}
DEALER: Final[dict[str, Any]] = {**NAME, "description": "who dealt"}
POT: Final[dict[str, Any]] = {**COUNT, "description": "chips in the pot"}
CHIPS: Final[dict[str, Any]] = {**COUNT_BY_NAME, "description": "every player's chips"}
TRICK_NO: Final[dict[str, Any]] = {**COUNT, "description": "the trick's number in this deal (0: none yet)"}
# A trick so far, lead first: [player, card]; a null player is Lou's dummy, a null card one played
# face down to another player (Хлюст).
TRICK: Final[dict[str, Any]] = {"type": "array", "items": {
    "type": "array", "minItems": 2, "maxItems": 2,
    "prefixItems": [{"type": ["string", "null"], "title": "name or null (Lou's dummy)"},
                    {"type": ["string", "null"], "title": "card or null (face down)", "pattern": CARD_PATTERN}]},
    "description": "the trick so far, lead first"}


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` or null."""
    return {"anyOf": [schema, {"type": "null"}]}


def choice(*values: str, description: str = "") -> dict[str, Any]:
    return {"type": "string", "enum": list(values), **({"description": description} if description else {})}


def view_object(game: str, properties: dict[str, dict[str, Any]], description: str) -> dict[str, Any]:
    """A view's schema: every property required, no other allowed, `game` fixed to the game's name."""
    every = {"game": {"const": game}, "seat": {"type": "integer", "minimum": 0,
                                               "description": "your seat, 0 first"},
             "players": {**NAMES, "description": "every player's name, by seat"}, **properties}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": f"{game} view",
            "description": description, "type": "object", "required": list(every),
            "additionalProperties": False, "properties": every}
