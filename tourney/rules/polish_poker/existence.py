"""Does a declared hand exist among the cards in play? (RULES §1.8)

Cards in play are a 25-bit mask: bit ``4*rank + suit`` for the natural cards (ranks 9..A,
suits S H D C) and bit 24 for the joker. Every declaration's deficit (the number of missing
cards) is a precompiled function of that mask built from population counts, so a check is
one table lookup, one call and a few integer operations. A declaration exists iff its
deficit is at most 1 when the joker is in play, else 0. Five of a kind is "five cards of a
rank", which only the joker can complete, so the same formula covers it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from tourney.errors import InvalidCardError
from tourney.rules.cards import JOKER, Card
from tourney.rules.polish_poker.declarations import (
    BIG,
    DECLARATIONS,
    PP_RANKS,
    PP_SUITS,
    RANK_INDEX,
    SUIT_INDEX,
    Category,
)

JOKER_ID: Final = 24
JOKER_BIT: Final = 1 << 24
N_CARDS: Final = 25

# Card id <-> Card, in the deck's canonical order (9S 9H 9D 9C TS ... AC JK).
CARD_OF_ID: Final[tuple[Card, ...]] = (*tuple(Card(r, s) for r in PP_RANKS for s in PP_SUITS), JOKER)
CARD_TEXT: Final[tuple[str, ...]] = tuple(str(c) for c in CARD_OF_ID)
ID_OF_CARD: Final[dict[Card, int]] = {c: i for i, c in enumerate(CARD_OF_ID)}

RANK_MASK: tuple[int, ...] = tuple(0b1111 << (4 * r) for r in range(6))
SUIT_MASK: tuple[int, ...] = tuple(sum(1 << (4 * r + s) for r in range(6)) for s in range(4))
SMALL_RANKS, BIG_RANKS = range(0, 5), range(1, 6)


def _mask_of(ranks: Iterable[int], suit: int) -> int:
    return sum(1 << (4 * r + suit) for r in ranks)


Deficit = Callable[[int], int]


def _at_least(mask: int, need: int) -> Deficit:
    def deficit(m: int) -> int:
        d = need - (m & mask).bit_count()
        return d if d > 0 else 0
    return deficit


def _two(mask_a: int, need_a: int, mask_b: int, need_b: int) -> Deficit:
    def deficit(m: int) -> int:
        a = need_a - (m & mask_a).bit_count()
        b = need_b - (m & mask_b).bit_count()
        return (a if a > 0 else 0) + (b if b > 0 else 0)
    return deficit


def _straight(ranks: range) -> Deficit:
    r0, r1, r2, r3, r4 = (RANK_MASK[r] for r in ranks)

    def deficit(m: int) -> int:
        return (not m & r0) + (not m & r1) + (not m & r2) + (not m & r3) + (not m & r4)
    return deficit


def _compile(index: int) -> Deficit:
    d = DECLARATIONS[index]
    ranks = [RANK_INDEX[r] for r in d.ranks]
    suit = SUIT_INDEX[d.suit] if d.suit is not None else 0
    match d.category:
        case Category.HIGH:
            return _at_least(RANK_MASK[ranks[0]], 1)
        case Category.PAIR:
            return _at_least(RANK_MASK[ranks[0]], 2)
        case Category.TWOPAIR:
            return _two(RANK_MASK[ranks[0]], 2, RANK_MASK[ranks[1]], 2)
        case Category.STRAIGHT:
            return _straight(BIG_RANKS if d.straight == BIG else SMALL_RANKS)
        case Category.TRIPS:
            return _at_least(RANK_MASK[ranks[0]], 3)
        case Category.FULL:
            return _two(RANK_MASK[ranks[0]], 3, RANK_MASK[ranks[1]], 2)
        case Category.FLUSH:
            return _at_least(SUIT_MASK[suit], 5)
        case Category.QUADS:
            return _at_least(RANK_MASK[ranks[0]], 4)
        case Category.SFLUSH:
            return _at_least(_mask_of(SMALL_RANKS, suit), 5)
        case Category.ROYAL:
            return _at_least(_mask_of(BIG_RANKS, suit), 5)
        case Category.FIVE:
            return _at_least(RANK_MASK[ranks[0]], 5)
    raise AssertionError(d)  # pragma: no cover


DEFICIT: Final[tuple[Deficit, ...]] = tuple(_compile(i) for i in range(len(DECLARATIONS)))


def deficit(index: int, mask: int) -> int:
    """Number of cards missing for declaration `index` among the cards in `mask`."""
    return DEFICIT[index](mask)


def exists(index: int, mask: int) -> bool:
    """Whether declaration `index` exists among the cards in `mask` (the joker fills one gap)."""
    return DEFICIT[index](mask) <= mask >> JOKER_ID


def mask_of_ids(ids: Iterable[int]) -> int:
    mask = 0
    for i in ids:
        mask |= 1 << i
    return mask


def mask_of_cards(cards: Iterable[Card]) -> int:
    """The mask of Polish Poker cards; raise `InvalidCardError` for a foreign or repeated card."""
    mask = 0
    for card in cards:
        card_id = ID_OF_CARD.get(card)
        if card_id is None:
            raise InvalidCardError(f"card {str(card)!r} is not in the polish-poker deck")
        bit = 1 << card_id
        if mask & bit:
            raise InvalidCardError(f"card {str(card)!r} appears twice")
        mask |= bit
    return mask
