"""Polish Poker's action ids and their canonical text: 0..88 declare the declaration of that
index (declarations.py), `CALL` (89) challenges the last one (§1.7, §1.9)."""

from __future__ import annotations

from typing import Final

from tourney.rules.polish_poker.declarations import CANONICAL, N_DECLARATIONS, parse_declaration

CALL: Final = 89
N_ACTIONS: Final = 90
ACTION_TEXT: Final[tuple[str, ...]] = (*CANONICAL, "CALL")
assert N_DECLARATIONS == CALL


def action_id(text: str) -> int:
    """The integer id of an action given as text: 'CALL' or a declaration in any accepted form."""
    if text.strip().upper() == "CALL":
        return CALL
    return parse_declaration(text)


def action_text(action: int) -> str:
    """The canonical text of an action id, or the repr of anything out of range (for messages)."""
    return ACTION_TEXT[action] if 0 <= action < N_ACTIONS else repr(action)
