"""Exact odds that a declaration exists, from one seat's knowledge (RULES §1.8).

A seat knows its own cards and the community card (the `known` mask); the other players hold
`unseen` cards drawn uniformly from the rest of the deck. Every declaration's existence test is
"at least `need` cards of a card set" (one set, or two disjoint sets for two pairs and full
houses) or "every rank of a straight", with the joker filling one gap. Each is a (multivariate)
hypergeometric sum over a handful of small integers: the known counts, the cards left of each set
and how many are drawn, so results are cached on those integers and a decision costs a few
`bit_count`s and dictionary lookups, whatever the cards.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations
from math import comb
from typing import Final

from tourney.rules.polish_poker import DECLARATIONS, N_DECLARATIONS, Category
from tourney.rules.polish_poker.declarations import BIG, PP_RANKS, PP_SUITS

JOKER_BIT: Final = 1 << 24
NATURAL: Final = JOKER_BIT - 1  # the 24 natural cards
_RANK_MASK: Final = tuple(0b1111 << (4 * r) for r in range(6))
_SUIT_MASK: Final = tuple(sum(1 << (4 * r + s) for r in range(6)) for s in range(4))

# How many gaps the joker may fill, given whether the seat holds it, draws it or neither.
Odds = Callable[[int, int, int, int], float]  # (known mask, remaining natural mask, drawn, gaps) -> P


@cache
def _at_least_p(need: int, available: int, pool: int, drawn: int) -> float:
    """P(at least `need` of `available` marked cards among `drawn` from `pool`)."""
    if need <= 0:
        return 1.0
    if drawn < 0 or need > min(available, drawn):
        return 0.0
    total = comb(pool, drawn)
    hits = sum(comb(available, x) * comb(pool - available, drawn - x) for x in range(need, min(available, drawn) + 1))
    return hits / total


@cache
def _two_p(need_a: int, avail_a: int, need_b: int, avail_b: int, gaps: int, pool: int, drawn: int) -> float:
    """P(the shortfalls of two disjoint sets add up to at most `gaps`)."""
    if drawn < 0:
        return 0.0
    rest = pool - avail_a - avail_b
    hits = 0
    for x in range(min(avail_a, drawn) + 1):
        short_a = max(0, need_a - x)
        if short_a > gaps:
            continue
        for y in range(min(avail_b, drawn - x) + 1):
            if short_a + max(0, need_b - y) <= gaps:
                hits += comb(avail_a, x) * comb(avail_b, y) * comb(rest, drawn - x - y)
    return hits / comb(pool, drawn)


@cache
def _all_hit_p(sizes: tuple[int, ...], pool: int, drawn: int) -> float:
    """P(at least one card of each set of `sizes` cards) by inclusion-exclusion."""
    if drawn < 0:
        return 0.0
    total = comb(pool, drawn)
    hits = 0
    for k in range(len(sizes) + 1):
        for subset in combinations(sizes, k):
            hits += (-1) ** k * comb(pool - sum(subset), drawn)
    return hits / total


@cache
def _straight_p(sizes: tuple[int, ...], gaps: int, pool: int, drawn: int) -> float:
    """P(at most `gaps` of the missing ranks (with `sizes` cards left each) stay missing)."""
    p = _all_hit_p(sizes, pool, drawn)
    if gaps >= 1:
        for i in range(len(sizes)):
            others = sizes[:i] + sizes[i + 1:]
            # Rank i missed, every other hit: draws only from outside rank i.
            pool_i = pool - sizes[i]
            if drawn <= pool_i:
                p += _all_hit_p(others, pool_i, drawn) * comb(pool_i, drawn) / comb(pool, drawn)
    return p


def _at_least(mask: int, need: int) -> Odds:
    def odds(known: int, remaining: int, drawn: int, gaps: int) -> float:
        return _at_least_p(need - gaps - (known & mask).bit_count(), (remaining & mask).bit_count(),
                           remaining.bit_count(), drawn)
    return odds


def _two(mask_a: int, need_a: int, mask_b: int, need_b: int) -> Odds:
    def odds(known: int, remaining: int, drawn: int, gaps: int) -> float:
        return _two_p(max(0, need_a - (known & mask_a).bit_count()), (remaining & mask_a).bit_count(),
                      max(0, need_b - (known & mask_b).bit_count()), (remaining & mask_b).bit_count(),
                      gaps, remaining.bit_count(), drawn)
    return odds


def _straight(rank_masks: tuple[int, ...]) -> Odds:
    def odds(known: int, remaining: int, drawn: int, gaps: int) -> float:
        sizes = tuple(sorted((remaining & m).bit_count() for m in rank_masks if not known & m))
        return _straight_p(sizes, gaps, remaining.bit_count(), drawn)
    return odds


def _compile(index: int) -> Odds:
    d = DECLARATIONS[index]
    ranks = [PP_RANKS.index(r) for r in d.ranks]
    suit = PP_SUITS.index(d.suit) if d.suit is not None else 0
    match d.category:
        case Category.HIGH | Category.PAIR | Category.TRIPS | Category.QUADS | Category.FIVE:
            need = {Category.HIGH: 1, Category.PAIR: 2, Category.TRIPS: 3, Category.QUADS: 4, Category.FIVE: 5}
            return _at_least(_RANK_MASK[ranks[0]], need[d.category])
        case Category.TWOPAIR:
            return _two(_RANK_MASK[ranks[0]], 2, _RANK_MASK[ranks[1]], 2)
        case Category.FULL:
            return _two(_RANK_MASK[ranks[0]], 3, _RANK_MASK[ranks[1]], 2)
        case Category.STRAIGHT:
            span = range(1, 6) if d.straight == BIG else range(0, 5)
            return _straight(tuple(_RANK_MASK[r] for r in span))
        case Category.FLUSH:
            return _at_least(_SUIT_MASK[suit], 5)
        case Category.SFLUSH | Category.ROYAL:
            span = range(1, 6) if d.category == Category.ROYAL else range(0, 5)
            return _at_least(sum(1 << (4 * r + suit) for r in span), 5)
    raise AssertionError(d)  # pragma: no cover


ODDS: Final[tuple[Odds, ...]] = tuple(_compile(i) for i in range(N_DECLARATIONS))


def existence_odds(index: int, known: int, unseen: int) -> float:
    """P(declaration `index` exists) for a seat that sees the cards of mask `known` (its hand and the
    community card) while the others hold `unseen` cards it cannot see."""
    remaining = NATURAL & ~known
    odds = ODDS[index]
    if known & JOKER_BIT:
        return odds(known, remaining, unseen, 1)
    pool = remaining.bit_count() + 1  # the joker is among the cards the seat cannot see
    p_joker = unseen / pool
    with_joker = odds(known, remaining, unseen - 1, 1) if unseen else 0.0
    return p_joker * with_joker + (1 - p_joker) * odds(known, remaining, unseen, 0)
