"""A Chlust match dealt from chosen cards (issue 32: OpenSpiel's `resample_from_infostate`): its
first deals hand out the hands and upcards given, by player, and every later deal comes from
`rng`, as in a match from a seed. Pure and deterministic: the same arguments, the same match.

Records, replays and seeded matches are untouched (they deal through `RandomDealer` and the
replayer's dealer)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tourney.errors import InvalidInputError
from tourney.rules.chlust.dealer import RandomDealer
from tourney.rules.chlust.state import ChlustState
from tourney.rules.games import OptionValue
from tourney.rules.tricks.cards import ID_OF_TEXT

# One deal's cards: each player's hand by name, and the upcard, as texts.
DealCards = tuple[Mapping[str, Sequence[str]], str]


class ArrangedDealer:
    """Deals `deals` in order (the players dealt to must hold a hand in it), then as `then` does."""

    def __init__(self, deals: Sequence[DealCards], then: RandomDealer) -> None:
        self._deals = [({name: sorted(ID_OF_TEXT[card] for card in hand) for name, hand in hands.items()},
                        ID_OF_TEXT[upcard]) for hands, upcard in deals]
        self._next = 0
        self.then = then

    def __call__(self, deck: tuple[int, ...], names: list[str]) -> tuple[list[list[int]], int]:
        if self._next >= len(self._deals):
            return self.then(deck, names)
        hands, upcard = self._deals[self._next]
        self._next += 1
        dealt = [list(hands[name]) for name in names]
        cards = [card for hand in dealt for card in hand] + [upcard]
        if len(set(cards)) != len(cards) or not set(cards) <= set(deck) or any(len(hand) != 3 for hand in dealt):
            raise InvalidInputError(f"not a deal of three cards each and an upcard from the deck: {dealt} {upcard}")
        return dealt, upcard


def arranged_state(players: Sequence[str], deals: Sequence[DealCards], *, first_dealer: int, rng: random.Random,
                   options: Mapping[str, OptionValue]) -> ChlustState:
    """A new match whose first `len(deals)` deals are `deals`, then from `rng`."""
    return ChlustState(players, ArrangedDealer(deals, RandomDealer(rng)), first_dealer=first_dealer, options=options)
