"""A Polish Poker game dealt from chosen cards (issue 32: OpenSpiel's `resample_from_infostate`):
its first rounds deal the hands and community cards given, by seat, and every later round comes
from `rng`, as in a game from a seed. Pure and deterministic: the same arguments, the same game.

A search that knows one player's cards deals the others afresh with it; records, replays and
seeded games are untouched (they deal through `RandomDealer` and the replayer's dealer).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tourney.errors import InvalidInputError
from tourney.rules.cards import Card
from tourney.rules.polish_poker.dealer import RandomDealer, ReplayDealer
from tourney.rules.polish_poker.existence import CARD_TEXT, ID_OF_CARD, N_CARDS
from tourney.rules.polish_poker.options import PolishPokerOptions
from tourney.rules.polish_poker.state import PolishPokerState

DECK: tuple[str, ...] = CARD_TEXT  # the 25 cards' texts, in card-id order

# One round's cards: each seat's hand (empty for a player out) and the community card, as texts.
RoundCards = tuple[Sequence[Sequence[str]], str]


def card_id(text: str) -> int:
    card = ID_OF_CARD.get(Card.parse(text))
    if card is None:
        raise InvalidInputError(f"{text!r} is not a card of the Polish Poker deck (§1.1)")
    return card


def arranged_state(players: Sequence[str], rounds: Sequence[RoundCards], *, first_starter: int,
                   rng: random.Random, options: PolishPokerOptions | None = None) -> PolishPokerState:
    """A new game whose first `len(rounds)` rounds deal `rounds`, then from `rng`.

    Each round's hands must hold the cards the rules deal (a seat's count; none for a player
    out): the state checks nothing it would not check of any dealer, so a wrong count fails later."""
    deals: list[tuple[tuple[tuple[int, ...], ...], int]] = []
    for hands, community in rounds:
        ids = [tuple(card_id(text) for text in hand) for hand in hands]
        dealt = [card for hand in ids for card in hand] + [card_id(community)]
        if len(set(dealt)) != len(dealt) or len(dealt) > N_CARDS:
            raise InvalidInputError(f"a round deals a card twice: {hands} {community}")
        deals.append((tuple(ids), card_id(community)))
    dealer = ReplayDealer(deals, RandomDealer(rng))
    return PolishPokerState(players, dealer, first_starter=first_starter, options=options)
