"""Chlust cards as small integers (RULES §2.1, §2.6), in the trick-taking core's encoding:
id = 4 * rank + suit, rank 0..12 for 2..A (Chlust uses 9 or T up to A), suit 0..3 for S H D C.
Integers keep the hot path (legal plays, trick winners) to arithmetic; text is only made for
records and views.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tourney.errors import InvalidCardError
from tourney.rules.cards import CHLUST_DECK, CHLUST_DECK_WITH_NINES, Card, Deck, parse_cards
from tourney.rules.tricks.cards import CARD_TEXT, ID_OF_TEXT, N_IDS, RANKS, SUITS

__all__ = ["CARD_TEXT", "ID_OF_TEXT", "N_IDS", "RANKS", "SUITS"]

SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
NINE: Final = 7
TEN: Final = 8
JACK: Final = 9
ACE: Final = 12
SPADES: Final = 0
CLUBS: Final = 3

DECK_20: Final[tuple[int, ...]] = tuple(range(TEN * 4, N_IDS))
DECK_24: Final[tuple[int, ...]] = tuple(range(NINE * 4, N_IDS))
CLUB_TEN: Final = TEN * 4 + CLUBS
SPADE_TEN: Final = TEN * 4 + SPADES


def card_id(rank: int, suit: int) -> int:
    return rank * 4 + suit


def rank_of(card: int) -> int:
    return card >> 2


def suit_of(card: int) -> int:
    return card & 3


def deck_ids(with_nines: bool) -> tuple[int, ...]:
    return DECK_24 if with_nines else DECK_20


def card_deck(with_nines: bool) -> Deck:
    """The `tourney.rules.cards` deck (for lenient parsing and its error messages)."""
    return CHLUST_DECK_WITH_NINES if with_nines else CHLUST_DECK


def lowest_rank(with_nines: bool) -> int:
    return NINE if with_nines else TEN


def id_of(card: Card) -> int:
    return ID_OF_TEXT[str(card)]


def parse_ids(text: str | Iterable[str], with_nines: bool = False) -> tuple[int, ...]:
    """Cards of the Chlust deck, read leniently (RULES §0.1); `InvalidCardError` names a bad one."""
    return tuple(id_of(card) for card in parse_cards(text, card_deck(with_nines)))


def parse_id(text: str, with_nines: bool = False) -> int:
    cards = parse_ids(text, with_nines)
    if len(cards) != 1:
        raise InvalidCardError(f"expected one card, not {text!r}")
    return cards[0]


def texts(cards: Iterable[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def wild_card(upcard: int, rule: str = "clubs_trump") -> int:
    """The wild card W (RULES §2.6): ♣T, or ♠T when clubs are trumps (`clubs_trump`, default) or
    only when the upcard is ♣T itself (`club_ten_upcard`, the Polish article)."""
    if rule == "club_ten_upcard":
        return SPADE_TEN if upcard == CLUB_TEN else CLUB_TEN
    return SPADE_TEN if suit_of(upcard) == CLUBS else CLUB_TEN
