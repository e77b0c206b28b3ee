"""Chlust cards as small integers (RULES §2.1, §2.6): id = 4 * rank + suit.

Ranks are indexed weakest first, 9 T J Q K A (0..5; the 20-card deck starts at T = 1); suits follow
`tourney.rules.cards.Suit`: S H D C (0..3). Integers keep the hot path (legal plays, trick winners)
to arithmetic; text is only made for records and views.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tourney.errors import InvalidCardError
from tourney.rules.cards import CHLUST_DECK, CHLUST_DECK_WITH_NINES, Card, Deck, parse_cards

RANKS: Final = "9TJQKA"
SUITS: Final = "SHDC"
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
NINE: Final = 0
TEN: Final = 1
JACK: Final = 2
ACE: Final = 5
SPADES: Final = 0
CLUBS: Final = 3
N_IDS: Final = 24

CARD_TEXT: Final[tuple[str, ...]] = tuple(RANKS[i >> 2] + SUITS[i & 3] for i in range(N_IDS))
ID_OF_TEXT: Final[dict[str, int]] = {text: i for i, text in enumerate(CARD_TEXT)}
DECK_20: Final[tuple[int, ...]] = tuple(range(4, N_IDS))
DECK_24: Final[tuple[int, ...]] = tuple(range(N_IDS))
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
