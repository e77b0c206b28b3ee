"""The JSON schema of a Polish Poker view (`View.to_json`, views.py) and the forms of its actions."""

from __future__ import annotations

from typing import Any, Final

from tourney.rules.games import ActionForm
from tourney.rules.polish_poker.declarations import N_DECLARATIONS
from tourney.rules.view_schema import CARD, CARDS, COUNT, COUNT_BY_NAME, FLAG, NAME, nullable, view_object

DECLARATION_PATTERN: Final = "^(HIGH|PAIR|TWOPAIR|STRAIGHT|TRIPS|FULL|FLUSH|QUADS|SFLUSH|ROYAL|FIVE):[0-9A-Z/]+$"
_DECLARATION: Final[dict[str, Any]] = {"type": "string", "title": "declaration", "pattern": DECLARATION_PATTERN,
                                       "description": "a declaration, such as PAIR:K or FULL:9/K"}
_DECLARED: Final[dict[str, Any]] = {"type": "array", "items": {
    "type": "object", "required": ["player", "declaration"], "additionalProperties": False,
    "properties": {"player": NAME, "declaration": _DECLARATION}}}
_ROUND: Final[dict[str, Any]] = {
    "type": "object", "additionalProperties": False,
    "required": ["round", "starter", "cap", "hands", "community", "declarations", "caller", "auto_call",
                 "exists", "loser", "cards", "place"],
    "properties": {
        "round": COUNT, "starter": NAME, "cap": COUNT,
        "hands": {"type": "object", "additionalProperties": CARDS, "description": "every hand, revealed"},
        "community": CARD, "declarations": _DECLARED, "caller": NAME, "auto_call": FLAG, "exists": FLAG,
        "loser": NAME, "cards": {**COUNT, "description": "the loser's cards for the next round"},
        "place": nullable({**COUNT, "description": "the loser's final place when the round put them out"}),
    },
}

VIEW_SCHEMA: Final = view_object("polish-poker", {
    "hand": {**CARDS, "description": "your cards"},
    "community": {**CARD, "description": "the face-up community card"},
    "counts": {**COUNT_BY_NAME, "description": "the cards of every player still in"},
    "cap": {**COUNT, "description": "the most cards a player may hold (RULES §1.3)"},
    "round": {**COUNT, "description": "the round's number, 1 first"},
    "starter": {**NAME, "description": "who declared first this round"},
    "declarations": {**_DECLARED, "description": "this round's declarations, in order"},
    "last": nullable({**_DECLARATION, "description": "the declaration to beat (null: none yet)"}),
    "ranked_suits": {**FLAG, "description": "suits are ranked (option suit_order=ranked)"},
    "history": {"type": "array", "items": _ROUND, "description": "the earlier rounds, as revealed"},
}, "What your seat knows when it is to act: your cards, the community card, every count, this "
   "round's declarations and the earlier rounds as revealed (RULES §1.4).")

ACTIONS: Final = (
    ActionForm(0, N_DECLARATIONS - 1, "<declaration>", DECLARATION_PATTERN,
               "raise to this declaration (ids weakest first: HIGH:9 is 0, FIVE:A is 88)"),
    ActionForm(N_DECLARATIONS, N_DECLARATIONS, "CALL", "^CALL$", "call the last declaration: the cards are shown"),
)
