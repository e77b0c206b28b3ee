"""A deal of Хлюст or Lou from chosen cards (issue 32: OpenSpiel's `resample_from_infostate`).

`ArrangedDealer` deals its `deals` first, in order, then shuffles as `RandomDealer` does. A deal
names each player's three cards, the upcard and the top of the stock in the order it is drawn;
a card given as None is any card the deal does not name, drawn with the generator, and so is the
rest of the stock. Pure and deterministic: the same deals and seed, the same cards. Records,
replays and seeded matches are untouched (they deal through `RandomDealer` and the replayers').
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from tourney.errors import InvalidInputError
from tourney.rules.tricks.cards import ID_OF_TEXT
from tourney.rules.tricks.deal import FULL_DECK, RandomDealer


class DealCards(NamedTuple):
    hands: Mapping[str, Sequence[str | None]]  # by player: three cards, as texts (None: any)
    upcard: str | None
    stock: Sequence[str | None] = ()  # the stock's top cards, in the order they are drawn


class ArrangedDealer:
    """Deals `deals` (`dealer(names, deck)` as `RandomDealer`), then as `RandomDealer(rng, deck)`."""

    def __init__(self, deals: Sequence[DealCards], rng: random.Random, deck: Sequence[int] = FULL_DECK) -> None:
        self.deals = list(deals)
        self.next = 0
        self.random = RandomDealer(rng, deck)

    def __call__(self, names: Sequence[str], deck: Sequence[int] | None = None) -> list[int]:
        if self.next >= len(self.deals):
            return self.random(names, deck)
        deal = self.deals[self.next]
        self.next += 1
        pool = tuple(self.random.deck if deck is None else deck)
        if sorted(deal.hands) != sorted(names) or any(len(hand) != 3 for hand in deal.hands.values()):
            raise InvalidInputError(f"a deal names three cards for each of {sorted(names)}: {dict(deal.hands)}")
        texts = [deal.hands[name][r] for r in range(3) for name in names] + [deal.upcard, *deal.stock]
        ids = [None if text is None else ID_OF_TEXT[text] for text in texts]
        named = [card for card in ids if card is not None]
        if len(set(named)) != len(named) or not set(named) <= set(pool) or len(ids) > len(pool):
            raise InvalidInputError(f"not a deal from this deck (a card twice, or not in it): {texts}")
        free = iter(self.random(names, [card for card in pool if card not in set(named)]))
        return [card if card is not None else next(free) for card in ids] + list(free)
