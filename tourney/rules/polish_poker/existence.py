"""Does a declared hand exist among the cards in play? (RULES §1.8)

Cards in play are a 25-bit mask: bit ``4*rank + suit`` for the natural cards (ranks 9..A,
suits S H D C) and bit 24 for the joker. Every declaration's deficit (the number of missing
cards) is the sum, over its precomputed (group of cards, how many needed) pairs, of what the mask
misses, counted with population counts: a check is one table lookup and a few integer
operations, a direct C call under mypyc. A declaration exists iff its deficit is at most 1 when
the joker is in play, else 0. Five of a kind is "five cards of a
rank", which only the joker can complete, so the same formula covers it.
"""

from __future__ import annotations

from collections.abc import Iterable
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


# A declaration needs, for each of its groups of cards (a rank, a suit, the cards of a straight
# flush), at least so many of that group: five (mask, need) pairs at most.
Requirements = tuple[tuple[int, int], ...]


def _straight(ranks: range) -> Requirements:
    return tuple((RANK_MASK[r], 1) for r in ranks)


def _requirements(index: int) -> Requirements:
    d = DECLARATIONS[index]
    ranks = [RANK_INDEX[r] for r in d.ranks]
    suit = SUIT_INDEX[d.suit] if d.suit is not None else 0
    match d.category:
        case Category.HIGH:
            return ((RANK_MASK[ranks[0]], 1),)
        case Category.PAIR:
            return ((RANK_MASK[ranks[0]], 2),)
        case Category.TWOPAIR:
            return ((RANK_MASK[ranks[0]], 2), (RANK_MASK[ranks[1]], 2))
        case Category.STRAIGHT:
            return _straight(BIG_RANKS if d.straight == BIG else SMALL_RANKS)
        case Category.TRIPS:
            return ((RANK_MASK[ranks[0]], 3),)
        case Category.FULL:
            return ((RANK_MASK[ranks[0]], 3), (RANK_MASK[ranks[1]], 2))
        case Category.FLUSH:
            return ((SUIT_MASK[suit], 5),)
        case Category.QUADS:
            return ((RANK_MASK[ranks[0]], 4),)
        case Category.SFLUSH:
            return ((_mask_of(SMALL_RANKS, suit), 5),)
        case Category.ROYAL:
            return ((_mask_of(BIG_RANKS, suit), 5),)
        case Category.FIVE:
            return ((RANK_MASK[ranks[0]], 5),)
    raise AssertionError(d)  # pragma: no cover


REQUIREMENTS: Final[tuple[Requirements, ...]] = tuple(_requirements(i) for i in range(len(DECLARATIONS)))


# Population counts of 13-bit numbers: two lookups count a 25-bit mask. mypyc has no primitive
# for int.bit_count(), which it would call as a Python method.
_LOW_BITS: Final = 13
_LOW_MASK: Final = (1 << _LOW_BITS) - 1
_POPCOUNT: Final[tuple[int, ...]] = tuple(i.bit_count() for i in range(1 << _LOW_BITS))


def deficit(index: int, mask: int) -> int:
    """Number of cards missing for declaration `index` among the cards in `mask`."""
    missing = 0
    for group, need in REQUIREMENTS[index]:
        held = mask & group
        short = need - _POPCOUNT[held & _LOW_MASK] - _POPCOUNT[held >> _LOW_BITS]
        if short > 0:
            missing += short
    return missing


def exists(index: int, mask: int) -> bool:
    """Whether declaration `index` exists among the cards in `mask` (the joker fills one gap)."""
    return deficit(index, mask) <= mask >> JOKER_ID


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
