"""Chance in Polish Poker: a `Dealer` hands out the cards of every round (`RandomDealer` takes a
`random.Random`; a replay scripts the recorded deals with `ReplayDealer`)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Final, Protocol, cast

from tourney.rules.polish_poker.existence import N_CARDS

# The deck in order (copied, never changed). Its card ids are typed `object` because the shuffle only
# moves them: typed int, mypyc would unbox every card it reads and box it again to store it.
_DECK_IDS: Final[list[object]] = list(range(N_CARDS))


class Dealer(Protocol):
    def __call__(self, names: Sequence[str], counts: Sequence[int]) -> tuple[list[tuple[int, ...]], int]:
        """Hands (card ids) for players `names` holding `counts` cards, and the community card."""
        ...


class RandomDealer:
    """Shuffles with the `random.Random` it is given: same seed, same deals, on every machine."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._random: Callable[[], float] = rng.random

    def clone(self) -> RandomDealer:
        """A dealer whose future deals are this one's: the generator's state is copied."""
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        return RandomDealer(rng)

    def __call__(self, names: Sequence[str], counts: Sequence[int]) -> tuple[list[tuple[int, ...]], int]:
        hands, community, _ = self.deal_by_seat(list(counts))
        return hands, community

    def deal_by_seat(self, counts: list[int]) -> tuple[list[tuple[int, ...]], int, int]:
        """Hands for `counts` (an empty hand for a count of 0, so a state passes its counts by seat,
        players out included), the community card and the mask of every card in play.

        The draws are a partial Fisher-Yates over the cards needed (at most 21 of the 25 are ever
        used); a player out draws nothing, so the draws are the same as dealing the players in."""
        total = 0
        for count in counts:
            total += count
        deck = _DECK_IDS.copy()
        rnd = self._random
        mask = 0
        for i in range(total + 1):
            j = i + int(rnd() * (N_CARDS - i))
            card = deck[j]
            deck[j] = deck[i]
            deck[i] = card
            mask |= 1 << cast(int, card)
        dealt = cast(tuple[int, ...], tuple(deck))  # one copy, then a tuple slice per hand
        hands: list[tuple[int, ...]] = []
        start = 0
        for count in counts:
            end = start + count
            hands.append(dealt[start:end])
            start = end
        return hands, dealt[total], mask


class ReplayDealer:
    """Deals recorded rounds again (hands by seat, empty for players out), then hands over."""

    def __init__(self, deals: list[tuple[tuple[tuple[int, ...], ...], int]], then: Dealer) -> None:
        self._deals = deals
        self._next = 0
        self.then = then

    @property
    def exhausted(self) -> bool:
        return self._next >= len(self._deals)

    def remaining(self) -> list[tuple[tuple[tuple[int, ...], ...], int]]:
        return self._deals[self._next:]

    def __call__(self, names: Sequence[str], counts: Sequence[int]) -> tuple[list[tuple[int, ...]], int]:
        if self._next >= len(self._deals):
            return self.then(names, counts)
        hands, community = self._deals[self._next]
        self._next += 1
        return [hand for hand in hands if hand], community


def copy_future_dealer(dealer: Dealer) -> Dealer:
    """A copy of whatever deals `dealer` will hand out next."""
    if isinstance(dealer, ReplayDealer) and dealer.exhausted:
        dealer = dealer.then
    if isinstance(dealer, RandomDealer):
        return dealer.clone()
    if isinstance(dealer, ReplayDealer):
        return ReplayDealer(dealer.remaining(), copy_future_dealer(dealer.then))
    return copy.deepcopy(dealer)
