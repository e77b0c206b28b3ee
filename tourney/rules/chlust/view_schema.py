"""The JSON schema of a Chlust view (`ChlustView.to_json`, views.py) and the forms of its actions."""

from __future__ import annotations

from typing import Final

from tourney.rules.chlust.actions import CALL, FOLD, KEEP, N_ACTIONS, PLAY_BASE, RAISE, SWAP
from tourney.rules.chlust.views import PHASES
from tourney.rules.games import ActionForm
from tourney.rules.view_schema import (
    CARD,
    CARDS,
    CHIPS,
    COUNT,
    COUNT_BY_NAME,
    DEAL,
    DEALER,
    NAME,
    NAMES,
    POT,
    TRICK,
    choice,
    view_object,
)

_ACTION_PATTERN: Final = "^(FOLD|CALL|RAISE|SWAP|KEEP|PLAY:[2-9TJQKA][SHDC])$"

VIEW_SCHEMA: Final = view_object("chlust", {
    "player": {**NAME, "description": "your name"},
    "phase": choice(*PHASES, description="what is being decided now"), "deal": DEAL, "dealer": DEALER,
    "hand": {**CARDS, "description": "your three cards"},
    "upcard": {**CARD, "description": "the card turned up: its suit is trumps"},
    "trump": choice("S", "H", "D", "C"), "pot": POT, "chips": CHIPS,
    "level": {**COUNT, "description": "the bet level of this betting round"},
    "contributions": {**COUNT_BY_NAME, "description": "what each player put in this betting round"},
    "raises": COUNT, "max_raises": COUNT, "raise_unit": COUNT, "cap": COUNT,
    "in": {**NAMES, "description": "the players still in this deal"},
    "trick": TRICK, "tricks": {**COUNT_BY_NAME, "description": "tricks taken this deal"},
    "history": {"type": "array", "items": {"type": "string"},
                "description": "this deal's public moves, such as 'ann RAISE'"},
    "legal": {"type": "array", "items": {"type": "string", "pattern": _ACTION_PATTERN},
              "description": "your legal actions' texts"},
}, "What your seat knows when it is to act (RULES §2): your hand, the upcard, chips, the betting and the trick.")

ACTIONS: Final = (
    ActionForm(FOLD, FOLD, "FOLD", "^FOLD$", "leave the deal"),
    ActionForm(CALL, CALL, "CALL", "^CALL$", "meet the bet level (stay in)"),
    ActionForm(RAISE, RAISE, "RAISE", "^RAISE$", "raise the bet level by the raise unit"),
    ActionForm(SWAP, SWAP, "SWAP", "^SWAP$", "swap your lowest trump for an Ace upcard (RULES §2.5)"),
    ActionForm(KEEP, KEEP, "KEEP", "^KEEP$", "do not swap"),
    ActionForm(PLAY_BASE, N_ACTIONS - 1, "PLAY:<card>", "^PLAY:[2-9TJQKA][SHDC]$", "play this card to the trick"),
)
