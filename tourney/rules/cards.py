"""Cards and decks for every game of the project (RULES §0.1).

Output is always canonical (`TC`, `AS`, `JK`); input is lenient: any case, `10` for `T`,
suit symbols, `joker` for the joker, cards separated by spaces or commas.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from tourney.errors import InvalidCardError


class Rank(StrEnum):
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


SUIT_SYMBOLS: dict[str, Suit] = {
    "♠": Suit.SPADES, "♤": Suit.SPADES,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}
JOKER_TOKENS = frozenset({"JK", "JOKER"})


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card; `rank` and `suit` are both None for the joker."""

    rank: Rank | None
    suit: Suit | None

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JK"
        return f"{self.rank.value}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one card token leniently; raise `InvalidCardError` naming the token."""
        text = token.strip()
        upper = text.upper()
        if upper in JOKER_TOKENS:
            return JOKER
        if len(text) >= 2:
            suit_text = text[-1]
            suit = SUIT_SYMBOLS.get(suit_text) or _SUIT_LETTERS.get(suit_text.upper())
            rank_text = upper[:-1]
            rank = _RANK_TOKENS.get(rank_text)
            if suit is not None and rank is not None:
                return _CARD_CACHE[(rank, suit)]
        raise InvalidCardError(f"unknown card {token!r} (write rank then suit, e.g. 'TC', 'AS', 'JK')")


_SUIT_LETTERS = {s.value: s for s in Suit}
_RANK_TOKENS: dict[str, Rank] = {r.value: r for r in Rank} | {"10": Rank.TEN}
_CARD_CACHE = {(r, s): Card(r, s) for r in Rank for s in Suit}
JOKER = Card(None, None)

_SEPARATORS = re.compile(r"[\s,;]+")


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards of one game, with that game's rank order (weakest first)."""

    name: str
    ranks: tuple[Rank, ...]
    has_joker: bool = False

    @property
    def cards(self) -> tuple[Card, ...]:
        natural = tuple(_CARD_CACHE[(r, s)] for r in self.ranks for s in Suit)
        return natural + ((JOKER,) if self.has_joker else ())

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, Card):
            return False
        if card.rank is None:
            return self.has_joker
        return card.rank in self.ranks

    def __len__(self) -> int:
        return len(self.ranks) * 4 + (1 if self.has_joker else 0)

    def rank_value(self, rank: Rank) -> int:
        """Position of `rank` in this game's order, 0 = weakest."""
        return self.ranks.index(rank)


def _ranks(text: str) -> tuple[Rank, ...]:
    return tuple(Rank(c) for c in text)


POLISH_POKER_DECK = Deck("polish-poker", _ranks("9TJQKA"), has_joker=True)
CHLUST_DECK = Deck("chlust", _ranks("TJQKA"))
CHLUST_DECK_WITH_NINES = Deck("chlust-24", _ranks("9TJQKA"))
KHLYUST_DECK = Deck("khlyust", _ranks("789TJQKA"))
KHLYUST_DECK_36 = Deck("khlyust-36", _ranks("6789TJQKA"))
LOU_DECK = Deck("lou", _ranks("23456789TJQKA"))

DECKS: dict[str, Deck] = {
    deck.name: deck
    for deck in (POLISH_POKER_DECK, CHLUST_DECK, CHLUST_DECK_WITH_NINES, KHLYUST_DECK, KHLYUST_DECK_36, LOU_DECK)
}


def split_tokens(text: str) -> list[str]:
    return [t for t in _SEPARATORS.split(text.strip()) if t]


def parse_cards(
    text: str | Iterable[str], deck: Deck | None = None, *, allow_duplicates: bool = False
) -> tuple[Card, ...]:
    """Parse cards from text (or from tokens), checking deck membership and duplicates."""
    tokens = split_tokens(text) if isinstance(text, str) else [t for tok in text for t in split_tokens(tok)]
    cards: list[Card] = []
    seen: set[Card] = set()
    for token in tokens:
        card = Card.parse(token)
        if deck is not None and card not in deck:
            raise InvalidCardError(f"card {str(card)!r} is not in the {deck.name} deck")
        if not allow_duplicates and card in seen:
            raise InvalidCardError(f"card {str(card)!r} appears twice")
        seen.add(card)
        cards.append(card)
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)
