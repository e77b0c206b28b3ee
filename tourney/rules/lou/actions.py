"""Lou's actions as integers with a canonical text (RULES §4.5 table).

`OUT` 0 and `IN` 1; `PLAY:<card>` is 2 + the card id; `DRAW:<discards>` is `DRAW_BASE` plus the
code of the 0-3 discarded cards (`tricks.actions.discard_code`), so every discard set has one id
and its text needs no state: `DRAW:-` (keep all three), `DRAW:2H 7C`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tourney.errors import InvalidActionError, InvalidInputError
from tourney.rules.cards import LOU_DECK
from tourney.rules.tricks.actions import DISCARD_CODES, discard_code, discarded
from tourney.rules.tricks.cards import CARD_TEXT, parse_ids

OUT: Final = 0
IN: Final = 1
PLAY_BASE: Final = 2
DRAW_BASE: Final = 54
N_ACTIONS: Final = DRAW_BASE + DISCARD_CODES


def draw_action(discards: Sequence[int]) -> int:
    return DRAW_BASE + discard_code(discards)


def draw_cards(action: int) -> tuple[int, ...] | None:
    """The discards of a DRAW action id, or None if `action` is no DRAW id."""
    return discarded(action - DRAW_BASE)


def action_text(action: int) -> str:
    if action.__class__ is not int or not 0 <= action < N_ACTIONS:
        raise InvalidActionError(f"unknown action id {action!r} (0..{N_ACTIONS - 1})")
    if action == OUT:
        return "OUT"
    if action == IN:
        return "IN"
    if action < DRAW_BASE:
        return "PLAY:" + CARD_TEXT[action - PLAY_BASE]
    cards = draw_cards(action)
    if cards is None:
        raise InvalidActionError(f"unknown action id {action!r}: not a set of discards")
    return "DRAW:" + (" ".join(CARD_TEXT[c] for c in cards) if cards else "-")


def parse_action(text: str) -> int:
    """`IN`, `OUT`, `PLAY:QS`, `DRAW:2H 7C` or `DRAW:-` (any case, cards written leniently)."""
    word, _, rest = text.strip().partition(":")
    word = word.strip().upper()
    rest = rest.strip()
    try:
        if word in ("IN", "OUT") and not rest:
            return IN if word == "IN" else OUT
        if word == "PLAY":
            cards = parse_ids(rest, LOU_DECK)
            if len(cards) == 1:
                return PLAY_BASE + cards[0]
        elif word == "DRAW":
            cards = () if rest in ("", "-", "0") else parse_ids(rest, LOU_DECK)
            if len(cards) <= 3:
                return draw_action(cards)
    except InvalidInputError as error:
        raise InvalidActionError(f"{text!r}: {error}") from None
    raise InvalidActionError(f"unknown Lou action {text!r} (IN, OUT, DRAW:<0-3 cards> or DRAW:-, PLAY:<card>)")
