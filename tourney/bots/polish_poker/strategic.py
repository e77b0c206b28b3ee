"""Strategic Polish Poker bots: honest, prob and bluffer (issue 8 item 2).

All three reason from the exact odds (`odds.py`) that a declaration exists given the seat's own
cards, the community card and how many cards the others hold; the odds of a round are cached per
bot, since its knowledge does not change within a round.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from tourney.bots.polish_poker.odds import existence_odds
from tourney.rules.polish_poker import CALL, N_DECLARATIONS, View, exists, raise_options
from tourney.rules.polish_poker.raises import LEVELS_EQUAL, LEVELS_RANKED

DEFAULT_THRESHOLD: Final = 0.5
DEFAULT_BLUFF_RATE: Final = 0.2
_ALL: Final = tuple(range(N_DECLARATIONS))


class _OddsBot:
    """Shared: the seat's knowledge, the odds of each declaration this round, legal raises by level."""

    name = "odds"

    def __init__(self, threshold: float) -> None:
        if not 0.0 <= threshold <= 1.0:
            raise ValueError(f"threshold must be within 0..1, not {threshold}")
        self.threshold = threshold
        self._odds: dict[int, float] = {}
        self._known = -1  # no round observed yet
        self._unseen = -1

    def _observe(self, view: View) -> None:
        known = 1 << view.community_id
        for card in view.hand_ids:
            known |= 1 << card
        unseen = sum(view.counts) - len(view.hand_ids)
        if known != self._known or unseen != self._unseen:
            self._known, self._unseen = known, unseen
            self._odds = {}

    def odds(self, index: int) -> float:
        p = self._odds.get(index)
        if p is None:
            p = self._odds[index] = existence_odds(index, self._known, self._unseen)
        return p

    @staticmethod
    def raises(view: View) -> list[int]:
        """Legal declarations (raises, or any opening declaration), strongest first."""
        if view.last < 0:
            candidates: tuple[int, ...] = _ALL
        else:
            same, higher = raise_options(view.last, view.used, view.ranked_suits)
            candidates = same + higher
        levels = LEVELS_RANKED if view.ranked_suits else LEVELS_EQUAL
        return sorted(candidates, key=lambda d: (-levels[d], d))

    def strongest_likely(self, candidates: list[int], threshold: float) -> int:
        """The strongest candidate at least `threshold` likely, or -1."""
        for declaration in candidates:
            if self.odds(declaration) >= threshold:
                return declaration
        return -1


class HonestBot(_OddsBot):
    """Declares only what its own cards and the community card make true (the strongest such);
    calls a declaration that is less likely than the threshold, or when it has nothing true left."""

    name = "honest"

    def act(self, view: View) -> int:
        self._observe(view)
        if view.last >= 0 and self.odds(view.last) < self.threshold:
            return CALL
        known = self._known
        for declaration in self.raises(view):
            if exists(declaration, known):
                return declaration
        return CALL


class ProbBot(_OddsBot):
    """Raises to the strongest declaration at least `threshold` likely to exist; calls when there
    is none, or when calling is safer than that raise (the last declaration is less likely to exist
    than the raise is to be false)."""

    name = "prob"

    def act(self, view: View) -> int:
        self._observe(view)
        candidates = self.raises(view)
        best = self.strongest_likely(candidates, self.threshold)
        if view.last < 0:
            return best if best >= 0 else candidates[-1]
        if best < 0 or self.odds(view.last) < 1.0 - self.odds(best):
            return CALL
        return best


class BlufferBot(ProbBot):
    """`prob` that bluffs: with probability `rate` it declares the weakest raise above what `prob`
    would have played (above the last declaration when `prob` would call), likely or not."""

    name = "bluffer"

    def __init__(self, rng: random.Random, threshold: float = DEFAULT_THRESHOLD,
                 rate: float = DEFAULT_BLUFF_RATE) -> None:
        super().__init__(threshold)
        if not 0.0 <= rate <= 1.0:
            raise ValueError(f"bluff rate must be within 0..1, not {rate}")
        self.rate = rate
        self._random: Callable[[], float] = rng.random

    def act(self, view: View) -> int:
        honest_choice = super().act(view)
        if self._random() >= self.rate:
            return honest_choice
        candidates = self.raises(view)  # strongest first
        if honest_choice != CALL:
            candidates = candidates[:candidates.index(honest_choice)]
        return candidates[-1] if candidates else honest_choice
