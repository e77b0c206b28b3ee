"""Polish Poker games stepped for `VectorEnv` without the JSON view (issue 32 item 6).

`PolishPokerRows` steps many games and writes, for each, the seat to act's feature vector and
legal ids straight from the rules' `View` object (its card ids, counts and declarations), not
from `view.to_json()`: the same numbers as `features.feature_spec("polish-poker")` gives for the
JSON (tests/envs/test_vector_and_single_envs.py compares them), at a fraction of the cost. It
returns the positions of the 1s and of the other numbers with their values, as lists, and each
game's legal ids as the number of a set of them, which the caller turns into its numpy arrays at
once; so this module needs no numpy: it is plain typed Python that mypyc compiles (`HOT_MODULES`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from tourney.envs.features import CARD_INDEX, FeatureSpec
from tourney.rules.games import OptionValue
from tourney.rules.polish_poker.existence import CARD_TEXT
from tourney.rules.polish_poker.state import PolishPokerState

# The feature column of each Polish Poker card id (the features number 53 cards in their own order).
CARD_COLUMN: Final[tuple[int, ...]] = tuple(CARD_INDEX[text] for text in CARD_TEXT)

NewState = Callable[[Sequence[str], random.Random, Mapping[str, OptionValue], int], PolishPokerState]


class PolishPokerRows:
    """`count` games of Polish Poker, each dealt by `reset(i, seed)` and stepped by `step`."""

    def __init__(self, spec: FeatureSpec, names: Sequence[str], options: Mapping[str, OptionValue],
                 new_state: NewState, count: int) -> None:
        starts = {name: first for first, _, name, _ in spec.positions()}
        self.hand = starts["hand"]
        self.community = starts["community"]
        self.counts = starts["counts"]
        self.cap = starts["cap"]
        self.round = starts["round"]
        self.starter = starts["starter"]
        self.last = starts["last"]
        self.last_declarer = starts["last_declarer"]
        self.declarations = starts["declarations"]
        self.ranked = starts["ranked_suits"]
        self.names = tuple(names)
        self.options = options
        self.new_state = new_state
        self.states: list[PolishPokerState] = []
        for _ in range(count):
            self.states.append(new_state(self.names, random.Random(0), options, 0))
        self.to_act: list[int] = [0] * count  # each game's seat to act, as last written
        # The non-zero numbers of the rows written since the last `clear`, by their positions in the
        # observations flattened (row x `width` + column): the 1s, then the other numbers (whole
        # numbers all: no float to box for each) with their values.
        self.width = spec.size
        self.ones: list[int] = []
        self.positions: list[int] = []
        self.values: list[int] = []
        # The legal ids follow from the declaration to beat and the suits used at its level: each
        # game's set is a number (`legal_key`), an index into `legal_sets`, which only grows.
        self.legal_key: list[int] = [0] * count
        self.legal_sets: list[list[int]] = []
        self._legal_index: dict[tuple[int, int, bool], int] = {}

    def clear(self) -> None:
        self.ones = []
        self.positions = []
        self.values = []

    def reset(self, i: int, seed: int) -> int:
        """Deal game `i` from `seed` and write its first decision; the seat to act."""
        state = self.new_state(self.names, random.Random(seed), self.options, seed)
        self.states[i] = state
        return self.write(i)

    def step(self, actions: list[int]) -> list[int]:
        """Play `actions[i]` in game i (legal: the caller checked its mask) and write each game's next
        decision; the games that ended (not written: the caller scores and deals them)."""
        ended: list[int] = []
        states = self.states
        for i in range(len(states)):
            state = states[i]
            state.apply(actions[i])
            if state.terminal:
                ended.append(i)
            else:
                self.write(i)
        return ended

    def write(self, i: int) -> int:
        """Row `i`'s numbers and legal ids for the seat to act; that seat."""
        state = self.states[i]
        seat = state.to_act
        self.to_act[i] = seat
        view = state.view(seat)
        n = len(self.names)
        base = i * self.width
        ones = self.ones
        positions = self.positions
        values = self.values
        for card in view.hand_ids:
            ones.append(base + self.hand + CARD_COLUMN[card])
        ones.append(base + self.community + CARD_COLUMN[view.community_id])
        counts = view.counts
        for other in range(n):
            count = counts[other]
            if count:
                positions.append(base + self.counts + (other - seat) % n)
                values.append(count)
        if view.cap:
            positions.append(base + self.cap)
            values.append(view.cap)
        if view.round:
            positions.append(base + self.round)
            values.append(view.round)
        ones.append(base + self.starter + (view.starter - seat) % n)
        declarations = view.declarations
        if view.last >= 0:
            ones.append(base + self.last + view.last)
        if declarations:
            ones.append(base + self.last_declarer + (declarations[-1][0] - seat) % n)
            positions.append(base + self.declarations)
            values.append(len(declarations))
        if view.ranked_suits:
            ones.append(base + self.ranked)
        key = (view.last, view.used, view.ranked_suits)
        index = self._legal_index.get(key)
        if index is None:
            index = self._legal_index[key] = len(self.legal_sets)
            self.legal_sets.append(state.legal_actions())
        self.legal_key[i] = index
        return seat
