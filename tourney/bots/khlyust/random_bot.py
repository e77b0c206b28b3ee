"""Хлюст's `random` bot: a legal action uniformly at random."""

from __future__ import annotations

import random

from tourney.rules.khlyust import KhlyustView


class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random

    def act(self, view: KhlyustView) -> int:
        legal = view.legal_actions()
        return legal[int(self._random() * len(legal))]
