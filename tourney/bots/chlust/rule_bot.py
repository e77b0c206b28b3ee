"""Chlust bots: `random` (a legal action uniformly) and `rules`, which plays the usual advice.

The rule-based bot sees only its view: it swaps an Ace upcard whenever it may, bets and stays in
on a combination or on strong trick cards (trumps, aces), folds a weak hand when staying costs
chips, heads a trick with its cheapest winning card and throws its cheapest card when it cannot win.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from tourney.rules.chlust.combos import best_combination
from tourney.rules.chlust.deck import ACE, DECK_24
from tourney.rules.chlust.state import CALL, FOLD, PLAY_BASE, RAISE, SWAP
from tourney.rules.chlust.views import View
from tourney.rules.tricks.play import trick_winner

KING: Final = ACE - 1
DEFAULT_CALL: Final = 3.0


class RandomBot:
    """A legal action uniformly at random."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self._random: Callable[[], float] = rng.random

    def act(self, view: View) -> int:
        legal = view.legal
        return legal[int(self._random() * len(legal))]


def trick_strength(hand: tuple[int, ...], trump: int) -> float:
    """A rough count of the tricks-winning power of a hand: trumps count most, high ones more."""
    score = 0.0
    for card in hand:
        rank = card >> 2
        if card & 3 == trump:
            score += 2.0 + (rank - 8) * 0.25
        elif rank == ACE:
            score += 1.0
        elif rank == KING:
            score += 0.4
    return score


class RuleBot:
    """Bets on combinations and strong trick hands, folds weak ones, heads tricks cheaply."""

    name = "rules"

    def __init__(self, call_threshold: float = DEFAULT_CALL) -> None:
        self.call_threshold = call_threshold

    def act(self, view: View) -> int:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if first >= PLAY_BASE:
            return self._play(view, legal)
        if first == SWAP or SWAP in legal:
            return SWAP
        return self._bet(view, legal)

    def _bet(self, view: View, legal: tuple[int, ...]) -> int:
        combo = best_combination(view.hand, view.trump, view.wild, DECK_24)
        if combo is not None:
            return RAISE if RAISE in legal else CALL
        strength = trick_strength(view.hand, view.trump)
        if strength >= self.call_threshold + 1.5 and RAISE in legal and view.raises == 0:
            return RAISE
        owed = view.level - view.contributions[view.seat]
        if strength >= self.call_threshold or owed == 0 or FOLD not in legal:
            return CALL
        return FOLD

    @staticmethod
    def _play(view: View, legal: tuple[int, ...]) -> int:
        cards = [action - PLAY_BASE for action in legal]
        trick, trump = list(view.trick), view.trump
        if not trick:
            # Lead the strongest card: a high trump or an ace draws the others' best cards.
            return PLAY_BASE + max(cards, key=lambda c: (c & 3 == trump, c >> 2))
        winners = [c for c in cards if trick_winner([*trick, c], trump) == len(trick)]
        if winners:
            return PLAY_BASE + min(winners, key=lambda c: (c & 3 == trump, c >> 2))
        return PLAY_BASE + min(cards, key=lambda c: (c & 3 == trump, c >> 2))
