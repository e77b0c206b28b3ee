"""Хлюст's actions as integers with a canonical text (RULES §3.7-§3.9).

`PLAY` 0 is "Играю" (stay in at the announcements, or answer a Хлюст), `PASS` 1 is "Пас" (leave
the deal, or concede to a Хлюст), `DECLARE` 2 declares the Хлюст in hand. `PLAY:<card>` plays a
card to the trick (3 + its id). `EXCHANGE:<cards>` discards 1-3 cards and draws as many:
`EXCHANGE_BASE` plus the code of the discards (`tricks.actions.discard_code`), so every discard
set has one id and its text needs no state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tourney.errors import InvalidActionError, InvalidInputError
from tourney.rules.cards import KHLYUST_DECK_36
from tourney.rules.tricks.actions import DISCARD_CODES, discard_code, discarded
from tourney.rules.tricks.cards import CARD_TEXT, N_IDS, parse_ids

PLAY: Final = 0
PASS: Final = 1
DECLARE: Final = 2
CARD_BASE: Final = 3
EXCHANGE_BASE: Final = CARD_BASE + N_IDS
N_ACTIONS: Final = EXCHANGE_BASE + DISCARD_CODES
WORDS: Final = ("PLAY", "PASS", "DECLARE")


def exchange_action(discards: Sequence[int]) -> int:
    return EXCHANGE_BASE + discard_code(discards)


def exchange_cards(action: int) -> tuple[int, ...] | None:
    """The discards (1-3 ascending ids) of an EXCHANGE action id, or None if it is none."""
    code = action - EXCHANGE_BASE
    return discarded(code) if code else None


def action_text(action: int) -> str:
    if action.__class__ is not int or not 0 <= action < N_ACTIONS:
        raise InvalidActionError(f"unknown action id {action!r} (0..{N_ACTIONS - 1})")
    if action < CARD_BASE:
        return WORDS[action]
    if action < EXCHANGE_BASE:
        return "PLAY:" + CARD_TEXT[action - CARD_BASE]
    cards = exchange_cards(action)
    if cards is None:
        raise InvalidActionError(f"unknown action id {action!r}: not a set of 1-3 discards")
    return "EXCHANGE:" + " ".join(CARD_TEXT[c] for c in cards)


def parse_action(text: str) -> int:
    """`PLAY`, `PASS`, `DECLARE`, `PLAY:QS` or `EXCHANGE:7S KD` (any case, cards written leniently)."""
    word, colon, rest = text.strip().partition(":")
    word = word.strip().upper()
    rest = rest.strip()
    try:
        if not colon and word in WORDS:
            return WORDS.index(word)
        if word == "PLAY" and rest:
            cards = parse_ids(rest, KHLYUST_DECK_36)
            if len(cards) == 1:
                return CARD_BASE + cards[0]
        elif word == "EXCHANGE" and rest:
            cards = parse_ids(rest, KHLYUST_DECK_36)
            if 1 <= len(cards) <= 3:
                return exchange_action(cards)
    except InvalidInputError as error:
        raise InvalidActionError(f"{text!r}: {error}") from None
    raise InvalidActionError(
        f"unknown Хлюст action {text!r} (PLAY, PASS, DECLARE, EXCHANGE:<1-3 cards>, PLAY:<card>)")
