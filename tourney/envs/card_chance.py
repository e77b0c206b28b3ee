"""The first round of a game dealt card by card, for algorithms that traverse chance (issue 32: CFR
and exact exploitability through OpenSpiel).

The rules deal a match from a seed; OpenSpiel sees that seed as 2^64 outcomes, which sampling
algorithms take in their stride and a full-width traversal (CFR, a best response) cannot enumerate.
A `CardChance` deals the first round instead as explicit chance: every card of every hand, then the
community card, each drawn uniformly from the cards of a chosen deck not dealt yet (the rules' deck,
or a shorter one that makes the game small). The game is then that round: `round_over` says when
its showdown is done, and `round_returns` pays the round's loser -1 and shares +1 among the others.

`possible` lists the declarations some deal of the round could make true: the others are always
false, so a player who makes one loses to a call. Leaving them out changes neither the value of
the game nor what an equilibrium plays (a call answers each of them at once), and turns a round of
89 declarations into a game a tabular solver finishes.

Polish Poker has one (`card_chance`); the trick games' deals are not a single round.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from tourney.errors import InvalidInputError
from tourney.rules.games import GameDescriptor, GameState, OptionValue
from tourney.rules.polish_poker import CALL, PolishPokerOptions, PolishPokerState
from tourney.rules.polish_poker.arranged import DECK, arranged_state, card_id
from tourney.rules.polish_poker.declarations import N_DECLARATIONS
from tourney.rules.polish_poker.existence import REQUIREMENTS, exists, mask_of_ids

FULL_DECK: Final[tuple[str, ...]] = DECK
# The round's deals never reach a later round (the game ends at the first showdown): the rules
# deal one all the same, from this fixed generator, and no seat ever sees it.
_UNSEEN_LATER_DEALS: Final = 0


@dataclass(frozen=True)
class CardChance:
    """The first round of a match as explicit chance over `deck` (card texts), for `players` seats."""

    deck: tuple[str, ...]
    players: int
    options: Mapping[str, OptionValue]

    def __post_init__(self) -> None:
        ids = [card_id(text) for text in self.deck]
        if len(set(ids)) != len(ids):
            raise InvalidInputError(f"the deck names a card twice: {' '.join(self.deck)}")
        if len(self.deck) < self.cards_dealt:
            raise InvalidInputError(
                f"a deck of {len(self.deck)} cards cannot deal {self.players} hands of {self.hand_size} "
                f"and a community card ({self.cards_dealt} cards)")

    @property
    def hand_size(self) -> int:
        return int(self.options["start_cards"])

    @property
    def cards_dealt(self) -> int:
        return self.players * self.hand_size + 1

    @property
    def deck_ids(self) -> tuple[int, ...]:
        return tuple(card_id(text) for text in self.deck)

    def outcomes(self, dealt: Sequence[int]) -> list[tuple[int, float]]:
        """The next card's chance outcomes (card ids, each as likely) after the cards `dealt`."""
        left = [card for card in self.deck_ids if card not in dealt]
        return [(card, 1.0 / len(left)) for card in left]

    def start(self, seat_names: Sequence[str], dealt: Sequence[int]) -> Callable[[], GameState]:
        """How to start the match whose first round deals `dealt` (by seat, then the community card)."""
        size = self.hand_size
        hands = [[DECK[card] for card in dealt[seat * size:(seat + 1) * size]] for seat in range(self.players)]
        community = DECK[dealt[-1]]
        options = PolishPokerOptions.from_dict(dict(self.options))
        return lambda: arranged_state(seat_names, [(hands, community)], first_starter=0,
                                      rng=random.Random(_UNSEEN_LATER_DEALS), options=options)

    def possible(self) -> frozenset[int]:
        """The declarations some deal of the round makes true: as many cards as are in play hold
        all they need (the joker standing for one), and the deck has them."""
        deck_mask = mask_of_ids(self.deck_ids)
        return frozenset(index for index in range(N_DECLARATIONS)
                         if sum(need for _, need in REQUIREMENTS[index]) <= self.cards_dealt
                         and exists(index, deck_mask))

    def actions_left(self) -> frozenset[int]:
        """The actions a game with `possible_only` offers: the possible declarations and CALL."""
        return self.possible() | {CALL}

    def resampled(self, dealt: Sequence[int], seat: int, rng: random.Random) -> list[int]:
        """`dealt` with every card `seat` has not seen (the other hands) drawn again from the rest."""
        size = self.hand_size
        mine = range(seat * size, (seat + 1) * size)
        seen = {dealt[i] for i in mine} | {dealt[-1]}
        unseen = [card for card in self.deck_ids if card not in seen]
        rng.shuffle(unseen)
        again = list(dealt)
        for position in range(len(dealt) - 1):
            if position not in mine:
                again[position] = unseen.pop()
        return again


def round_over(state: GameState) -> bool:
    """Whether the first round's showdown is done."""
    assert isinstance(state, PolishPokerState)
    return state.terminal or bool(state.history)


def round_returns(state: GameState) -> list[float]:
    """The first round's loser -1, every other seat an equal share of +1: the returns sum to 0."""
    assert isinstance(state, PolishPokerState)
    loser = state.history[0].loser
    others = state.n - 1
    return [-1.0 if seat == loser else 1.0 / others for seat in range(state.n)]


def card_chance(game: GameDescriptor, players: int, options: Mapping[str, OptionValue],
                deck: Sequence[str]) -> CardChance | None:
    """The first round of `game` dealt from `deck` as explicit chance, if the game has one."""
    if game.name != "polish-poker":
        return None
    return CardChance(tuple(deck), players, options)


def has_card_chance(game: GameDescriptor) -> bool:
    return game.name == "polish-poker"
