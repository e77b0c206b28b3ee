"""Хлюст's decks and combinations (RULES §3.1, §3.5, §3.11) as pure functions of card ids.

Cards are the trick core's ids (`id = 4 * rank + suit`, rank 0 = 2 ... 12 = A), so the 32-card
deck (7..A) is ids 20..51 and the 36-card duel deck (6..A) ids 16..51. There are no wild cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

DECK_32: Final[tuple[int, ...]] = tuple(range(20, 52))
DECK_36: Final[tuple[int, ...]] = tuple(range(16, 52))
ACE: Final = 12

NO_KHLYUST: Final = 0
PLAIN: Final = 1
TRUMP: Final = 2
KHLYUST_NAMES: Final[tuple[str | None, ...]] = (None, "plain", "trump")
RANK_WORDS: Final[dict[int, str]] = {4: "sixes", 5: "sevens", 6: "eights", 7: "nines", 8: "tens", 9: "jacks",
                                     10: "queens", 11: "kings", 12: "aces"}


def listy_rank(hand: Sequence[int]) -> int:
    """The rank (0..12) of a Листы, three cards of one rank (§3.5); -1 if the hand is none."""
    if len(hand) != 3:
        return -1
    rank = hand[0] >> 2
    return rank if hand[1] >> 2 == rank and hand[2] >> 2 == rank else -1


def khlyust_kind(hand: Sequence[int], trump: int) -> int:
    """`PLAIN` for three cards of one suit, `TRUMP` for three trumps (Козырный Хлюст), else
    `NO_KHLYUST` (§3.5)."""
    if len(hand) != 3:
        return NO_KHLYUST
    suit = hand[0] & 3
    if hand[1] & 3 != suit or hand[2] & 3 != suit:
        return NO_KHLYUST
    return TRUMP if suit == trump else PLAIN


def is_three_aces(hand: Sequence[int]) -> bool:
    """The duel's `three_aces` hand (§3.11)."""
    return listy_rank(hand) == ACE


def best_listy(hands: Sequence[Sequence[int]]) -> int:
    """The index of the hand with the highest Листы, or -1 when nobody holds one (§3.6: one
    Листы of each rank exists, so there is never a tie)."""
    best, best_rank = -1, -1
    for i, hand in enumerate(hands):
        rank = listy_rank(hand)
        if rank > best_rank:
            best, best_rank = i, rank
    return best


def describe(hand: Sequence[int], trump: int) -> str:
    """The combination of a hand in words."""
    rank = listy_rank(hand)
    if rank >= 0:
        return f"Листы of {RANK_WORDS.get(rank, str(rank))}"
    kind = khlyust_kind(hand, trump)
    if kind == TRUMP:
        return "Козырный Хлюст (three trumps)"
    if kind == PLAIN:
        return "Хлюст (three of a suit)"
    return "no combination"


# Card points of `instant_khlyust` (§3.10, after S10): A 11, K 4, Q 3, J 2, others their face value.
_POINTS: Final[dict[int, int]] = {12: 11, 11: 4, 10: 3, 9: 2}


def card_points(card: int) -> int:
    rank = card >> 2
    return _POINTS.get(rank, rank + 2)


def hand_points(hand: Sequence[int]) -> int:
    return sum(card_points(c) for c in hand)
