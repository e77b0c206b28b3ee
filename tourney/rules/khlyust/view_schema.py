"""The JSON schema of a Хлюст view (`KhlyustView.to_json`, view.py) and the forms of its actions."""

from __future__ import annotations

from typing import Final

from tourney.rules.games import ActionForm
from tourney.rules.khlyust.actions import CARD_BASE, DECLARE, EXCHANGE_BASE, N_ACTIONS, PASS, PLAY
from tourney.rules.khlyust.view import CALL_TEXT, PHASES
from tourney.rules.view_schema import (
    CARD,
    CARDS,
    CHIPS,
    COUNT,
    COUNT_BY_NAME,
    DEAL,
    DEALER,
    FLAG,
    NAME,
    NAMES,
    POT,
    TRICK,
    TRICK_NO,
    choice,
    nullable,
    view_object,
)

_CALL_PATTERN: Final = "^(" + "|".join(CALL_TEXT) + ")(:[0-9]+)?$"

VIEW_SCHEMA: Final = view_object("khlyust", {
    "duel": {**FLAG, "description": "two players left: the duel rules (RULES §3)"},
    "phase": choice(*PHASES, description="what is being decided now"), "hand": {**CARDS, "description": "your cards"},
    "upcard": {**CARD, "description": "the card turned up: its suit is trumps"},
    "chips": CHIPS, "pot": POT, "kassa": COUNT, "dealer": DEALER, "deal": DEAL,
    "zaruchny": nullable(NAME), "podruchny": nullable(NAME),
    "khlyustovshchik": nullable({**NAME, "description": "who declared a Хлюст"}),
    "trump_khlyust_declared": FLAG,
    "calls": {"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2, "prefixItems": [
        NAME, {"type": "string", "pattern": _CALL_PATTERN}]},
        "description": "this deal's public calls, [player, call] (EXCHANGE:n: n cards exchanged)"},
    "in_play": NAMES, "discards": {**CARDS, "description": "your discards"},
    "trick": TRICK, "trick_no": TRICK_NO, "tricks": {**COUNT_BY_NAME, "description": "tricks taken, players in play"},
}, "What your seat knows when it is to act (RULES §3): your hand, the upcard, chips, the calls and the trick.")

_CARD: Final = "[2-9TJQKA][SHDC]"
ACTIONS: Final[tuple[ActionForm, ...]] = (
    ActionForm(PLAY, PLAY, "PLAY", "^PLAY$", "Играю: stay in, or answer a Хлюст"),
    ActionForm(PASS, PASS, "PASS", "^PASS$", "Пас: leave the deal, or concede to a Хлюст"),
    ActionForm(DECLARE, DECLARE, "DECLARE", "^DECLARE$", "declare the Хлюст in your hand"),
    ActionForm(CARD_BASE, EXCHANGE_BASE - 1, "PLAY:<card>", f"^PLAY:{_CARD}$",
               "play this card to the trick (the deck is 6..A, or 7..A for 3-4 players: the ids of lower cards "
               "never occur)"),
    ActionForm(EXCHANGE_BASE, N_ACTIONS - 1, "EXCHANGE:<1-3 cards>", f"^EXCHANGE:{_CARD}( {_CARD}){{0,2}}$",
               "discard these cards and draw as many; the cards in ascending card id (a card's id is its PLAY id "
               "- 3: rank 2..A, then suit S H D C), the id 55 + (a+1) + 53(b+1) + 2809(c+1) for discards "
               "a < b < c (an absent one counts 0): only sets of cards in the deck exist"),
)
