"""Chance in Chlust: a dealer object hands out the cards of every deal (`RandomDealer` takes a
`random.Random`; the replayer scripts the recorded deals)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol


class Dealer(Protocol):
    def __call__(self, deck: tuple[int, ...], names: list[str]) -> tuple[list[list[int]], int]:
        """Three cards for each of the players `names` (in dealing order), and the upcard."""
        ...


class RandomDealer:
    """Shuffles with the `random.Random` it is given: same seed, same deals, on every machine."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._random: Callable[[], float] = rng.random

    def clone(self) -> RandomDealer:
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        return RandomDealer(rng)

    def __call__(self, deck: tuple[int, ...], names: list[str]) -> tuple[list[list[int]], int]:
        players = len(names)
        cards = list(deck)
        size = len(cards)
        needed = 3 * players + 1
        rnd = self._random
        # A partial Fisher-Yates over the cards needed (at most 13 of 20).
        for i in range(needed):
            j = i + int(rnd() * (size - i))
            cards[i], cards[j] = cards[j], cards[i]
        # Dealt one at a time, clockwise: card k goes to player k mod n (§2.4).
        hands: list[list[int]] = [sorted(cards[p:3 * players:players]) for p in range(players)]
        return hands, cards[3 * players]
