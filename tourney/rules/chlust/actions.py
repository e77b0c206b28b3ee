"""Chlust's action ids and their text: FOLD, CALL, RAISE, SWAP, KEEP, and PLAY_BASE + card id."""

from __future__ import annotations

from typing import Final

from tourney.errors import InvalidActionError
from tourney.rules.chlust.deck import parse_id
from tourney.rules.tricks.cards import CARD_TEXT, N_IDS

FOLD: Final = 0
CALL: Final = 1
RAISE: Final = 2
SWAP: Final = 3
KEEP: Final = 4
PLAY_BASE: Final = 5
N_ACTIONS: Final = PLAY_BASE + N_IDS
ACTION_TEXT: Final[tuple[str, ...]] = ("FOLD", "CALL", "RAISE", "SWAP", "KEEP",
                                       *(f"PLAY:{CARD_TEXT[c]}" for c in range(N_IDS)))


def action_id(text: str) -> int:
    """The id of an action given as text: FOLD, CALL, RAISE, SWAP, KEEP or PLAY:<card>."""
    word, _, card = text.strip().upper().partition(":")
    if word == "PLAY" and card:
        return PLAY_BASE + parse_id(card, True)
    if not card and word in ACTION_TEXT[:PLAY_BASE]:
        return ACTION_TEXT.index(word)
    raise InvalidActionError(f"unknown Chlust action {text!r} (FOLD, CALL, RAISE, SWAP, KEEP or PLAY:<card>)")
