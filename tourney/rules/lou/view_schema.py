"""The JSON schema of a Lou view (`LouView.to_json`, view.py) and the forms of its actions."""

from __future__ import annotations

from typing import Final

from tourney.rules.games import ActionForm
from tourney.rules.lou.actions import DRAW_BASE, IN, N_ACTIONS, OUT, PLAY_BASE
from tourney.rules.lou.view import PHASES
from tourney.rules.view_schema import (
    CARD,
    CARDS,
    CHIPS,
    COUNT,
    COUNT_BY_NAME,
    DEAL,
    DEALER,
    NAMES,
    POT,
    TRICK,
    TRICK_NO,
    choice,
    nullable,
    view_object,
)

VIEW_SCHEMA: Final = view_object("lou", {
    "phase": choice(*PHASES, description="what is being decided now"), "hand": {**CARDS, "description": "your cards"},
    "upcard": {**CARD, "description": "the card turned up: its suit is trumps"},
    "chips": CHIPS, "pot": POT, "deal_pot": COUNT, "dealer": DEALER, "deal": DEAL, "game_no": COUNT,
    "in": {**NAMES, "description": "the players who went in"},
    "my_choice": nullable(choice("IN", "OUT")),
    "draws": {**COUNT_BY_NAME, "description": "the cards each player drew"},
    "discards": {**CARDS, "description": "your discards"},
    "trick": TRICK, "trick_no": TRICK_NO, "tricks": {**COUNT_BY_NAME, "description": "tricks taken, players in"},
    "dummy_tricks": COUNT,
    "history": {"type": "array", "items": {
        "type": "object", "required": ["deal", "pot_start", "pot"], "additionalProperties": False,
        "properties": {"deal": COUNT, "pot_start": COUNT, "pot": COUNT}},
        "description": "earlier deals: the pot at their start and end"},
}, "What your seat knows when it is to act (RULES §4): your hand, the upcard, chips, who is in and the trick.")

_CARD: Final = "[2-9TJQKA][SHDC]"
ACTIONS: Final = (
    ActionForm(OUT, OUT, "OUT", "^OUT$", "stay out of this deal"),
    ActionForm(IN, IN, "IN", "^IN$", "go in"),
    ActionForm(PLAY_BASE, DRAW_BASE - 1, "PLAY:<card>", f"^PLAY:{_CARD}$", "play this card to the trick"),
    ActionForm(DRAW_BASE, N_ACTIONS - 1, "DRAW:<0-3 cards>", f"^DRAW:(-|{_CARD}( {_CARD}){{0,2}})$",
               "discard these cards (DRAW:- keeps all three) and draw as many; the cards in ascending card id "
               "(a card's id is its PLAY id - 2: rank 2..A, then suit S H D C), the id 54 + (a+1) + 53(b+1) + "
               "2809(c+1) for discards a < b < c (an absent one counts 0): 23,479 ids of the range exist"),
)
