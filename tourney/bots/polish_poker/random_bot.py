"""The random bot: uniform over the legal raises; calls with a set probability."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from tourney.rules.polish_poker import CALL, N_DECLARATIONS, View, raise_options

DEFAULT_CALL_PROBABILITY: Final = 0.3


class RandomBot:
    """Opens with any declaration; then calls with probability `call_probability`, else raises
    uniformly over the legal raises (and calls when no raise is left)."""

    name = "random"

    def __init__(self, rng: random.Random, call_probability: float = DEFAULT_CALL_PROBABILITY) -> None:
        if not 0.0 <= call_probability <= 1.0:
            raise ValueError(f"call probability must be within 0..1, not {call_probability}")
        self._random: Callable[[], float] = rng.random
        self.call_probability = call_probability

    def act(self, view: View) -> int:
        rnd = self._random
        last = view.last
        if last < 0:
            return int(rnd() * N_DECLARATIONS)
        if rnd() < self.call_probability:
            return CALL
        same, higher = raise_options(last, view.used, view.ranked_suits)
        n_same = len(same)
        total = n_same + len(higher)
        if total == 0:
            return CALL
        k = int(rnd() * total)
        return same[k] if k < n_same else higher[k - n_same]
