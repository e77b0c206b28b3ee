"""Cards as small integers for the trick-taking games (Chlust, Хлюст, Lou).

One encoding serves every deck: `id = rank * 4 + suit`, rank 0..12 for 2..A and suit 0..3 for
S H D C (RULES §0.1). Within a suit a higher id is a higher card (A is high in all three games),
so comparing two cards of one suit is comparing two ints, which keeps trick play cheap.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tourney.errors import InvalidCardError
from tourney.rules.cards import Card, Deck, Rank, Suit, parse_cards

RANKS: Final = "23456789TJQKA"
SUITS: Final = "SHDC"
N_IDS: Final = 52
CARD_TEXT: Final[tuple[str, ...]] = tuple(RANKS[i >> 2] + SUITS[i & 3] for i in range(N_IDS))
ID_OF_TEXT: Final[dict[str, int]] = {text: i for i, text in enumerate(CARD_TEXT)}


def card_id(rank: str, suit: str) -> int:
    """The id of the card of canonical rank `rank` ("T") and suit `suit` ("H")."""
    return RANKS.index(rank) * 4 + SUITS.index(suit)


def suit_of(card: int) -> int:
    return card & 3


def rank_of(card: int) -> int:
    """0 for a 2 ... 12 for an ace."""
    return card >> 2


def id_of_card(card: Card) -> int:
    if card.rank is None or card.suit is None:
        raise InvalidCardError("the joker is not used in the trick-taking games")
    return card_id(Rank(card.rank).value, Suit(card.suit).value)


def deck_ids(deck: Deck) -> tuple[int, ...]:
    """The ids of `deck`'s cards, in id order."""
    return tuple(sorted(id_of_card(card) for card in deck.cards))


def parse_ids(text: str, deck: Deck) -> tuple[int, ...]:
    """Cards given leniently (RULES §0.1), checked against `deck` and for duplicates, as ids."""
    return tuple(id_of_card(card) for card in parse_cards(text, deck))


def texts(cards: Iterable[int]) -> list[str]:
    """Canonical texts of ids."""
    return [CARD_TEXT[c] for c in cards]
