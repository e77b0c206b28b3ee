"""The cards of one deal of Хлюст or Lou (RULES §3.4, §3.7, §4.4, §4.6): the seeded shuffle, three
cards each one at a time from the dealer's left and the upcard, the stock drawn from the top, the
sets of cards a player may discard, and the order round the table from a given player; the first
dealer drawn by lot (Chlust too) and the copy of a dealer a cloned state deals from.

Chlust shuffles only the cards it deals (its own `RandomDealer`), so its deals are not these.
In `HOT_MODULES`: the compiled Хлюст state calls it on every deal and every announcement.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import TypeVar, cast

from tourney.rules.tricks.cards import N_IDS

D = TypeVar("D")

FULL_DECK: tuple[int, ...] = tuple(range(N_IDS))


class RandomDealer:
    """Shuffles with the `random.Random` it is given: same seed, same deals, on every machine.
    `dealer(names)` shuffles its own deck (by default all 52 cards, Lou's); `dealer(names, deck)`
    shuffles `deck` (Хлюст: 32 or 36 cards)."""

    def __init__(self, rng: random.Random, deck: Sequence[int] = FULL_DECK) -> None:
        self.rng = rng
        self.deck = tuple(deck)

    def clone(self) -> RandomDealer:
        """A dealer that deals what this one will deal from now on."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return RandomDealer(rng, self.deck)

    def __call__(self, names: Sequence[str], deck: Sequence[int] | None = None) -> list[int]:
        """`deck` (else the dealer's own) in a fresh order: Fisher-Yates from the bottom card up."""
        cards = list(self.deck if deck is None else deck)
        rnd = self.rng.random
        for i in range(len(cards) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            cards[i], cards[j] = cards[j], cards[i]
        return cards


def first_dealer_by_lot(rng: random.Random, players: int) -> int:
    """The seat of the first dealer, drawn by lot (§2.4, §3.4, §4.4): the generator's first number."""
    return int(rng.random() * players)


def copy_dealer(dealer: D) -> D:
    """A dealer that deals what `dealer` will deal from now on, for a cloned state: a
    `RandomDealer`'s clone, a copy of any other (a replay's scripted deals)."""
    if isinstance(dealer, RandomDealer):
        return cast(D, dealer.clone())
    return copy.deepcopy(dealer)


def deal_hands(deck: Sequence[int], dealt: Sequence[int], seats: int) -> tuple[list[list[int]], int, list[int]]:
    """Three cards to each seat of `dealt` one at a time, in that order (the dealer's left first),
    then the upcard: the hands of all `seats` (empty for a seat not dealt in), the upcard, and the
    rest of the deck as the stock, drawn from its top (index 0)."""
    m = len(dealt)
    hands: list[list[int]] = [[] for _ in range(seats)]
    for i, seat in enumerate(dealt):
        hands[seat] = [deck[i], deck[i + m], deck[i + 2 * m]]
    return hands, deck[3 * m], list(deck[3 * m + 1:])


def discard_sets(hand: Sequence[int], most: int) -> list[list[int]]:
    """Every set of at most `most` cards of `hand`, the empty set first, each in hand order."""
    sets: list[list[int]] = [[]]
    for card in hand:
        sets += [[*s, card] for s in sets if len(s) < most]
    return sets


def draw(hand: Sequence[int], discards: Sequence[int], stock: Sequence[int], top: int) -> tuple[list[int], list[int]]:
    """`hand` after discarding `discards` and drawing as many cards from `stock` at `top`: the new
    hand (the cards kept, then the cards drawn) and the cards drawn."""
    drawn = list(stock[top:top + len(discards)])
    return [c for c in hand if c not in discards] + drawn, drawn


def round_from(seats: Sequence[int], first: int) -> list[int]:
    """`seats` (in clockwise order) starting with `first`: who plays to a trick `first` leads."""
    i = seats.index(first)
    return [*seats[i:], *seats[:i]]
