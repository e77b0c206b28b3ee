"""Raise legality in Polish Poker (RULES §1.7) as precomputed tables.

A raise is legal when it names a higher level, or the same level in a suit not yet declared at that
level this round (suit categories only; never with `suit_order=ranked`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tourney.rules.polish_poker.declarations import DECLARATIONS, N_DECLARATIONS, SUIT_INDEX

# --- raise tables -----------------------------------------------------------------------------

def _higher(levels: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(j for j in range(N_DECLARATIONS) if levels[j] > levels[i]) for i in range(N_DECLARATIONS))


# Module constants are Final so that mypyc reads them as C globals rather than dict lookups.
LEVELS_EQUAL: Final[tuple[int, ...]] = tuple(d.level for d in DECLARATIONS)
LEVELS_RANKED: Final[tuple[int, ...]] = tuple(d.ranked_level for d in DECLARATIONS)
SUIT_BIT: Final[tuple[int, ...]] = tuple(
    (1 << SUIT_INDEX[d.suit]) if d.suit is not None and d.is_suit_category else 0 for d in DECLARATIONS)
HIGHER_EQUAL: Final[tuple[tuple[int, ...], ...]] = _higher(LEVELS_EQUAL)
HIGHER_RANKED: Final[tuple[tuple[int, ...], ...]] = _higher(LEVELS_RANKED)
# SAME_LEVEL_UNUSED[i][used]: same-level declarations (other suits) still open after `i` with
# `used` the bitmask of suits declared at that level; only suit categories have any.
SAME_LEVEL_UNUSED: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(j for j in range(N_DECLARATIONS)
              if LEVELS_EQUAL[j] == LEVELS_EQUAL[i] and SUIT_BIT[j] and not used & SUIT_BIT[j])
        for used in range(16))
    for i in range(N_DECLARATIONS))
_NO_RAISES: Final[tuple[int, ...]] = ()


def raise_options(last: int, used: int, ranked: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Legal raises over `last`: (same-level suits still open, strictly higher declarations)."""
    if ranked:
        return _NO_RAISES, HIGHER_RANKED[last]
    return SAME_LEVEL_UNUSED[last][used], HIGHER_EQUAL[last]


def legal_raises(last: int, used: int, ranked: bool) -> list[int]:
    same, higher = raise_options(last, used, ranked)
    return sorted(same + higher)
