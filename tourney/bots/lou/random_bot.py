"""Lou's `random` bot: a legal action uniformly at random (IN and OUT alike, any discard set)."""

from __future__ import annotations

import random

from tourney.rules.lou import LouView


class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random

    def act(self, view: LouView) -> int:
        legal = view.legal_actions()
        return legal[int(self._random() * len(legal))]
