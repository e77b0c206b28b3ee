"""Polish Poker games stepped for `VectorEnv` without the JSON view (issue 32 item 6).

`PolishPokerRows` steps many games and writes, for each, the seat to act's feature vector and
legal ids straight from the rules' `View` object (its card ids, counts and declarations), not
from `view.to_json()`: the same numbers as `features.feature_spec("polish-poker")` gives for the
JSON (tests/envs/test_vector_and_single_envs.py compares them), at a fraction of the cost. It
returns every non-zero number as two lists (position in the flattened rows, value), and each game's legal ids
as the number of a set of them, which the caller turns into its numpy arrays at once; so this
module needs no numpy: it is plain typed Python that mypyc compiles (`HOT_MODULES`).
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
        # The non-zero numbers of the rows written since the last `clear`: their positions in the
        # observations flattened (row x `width` + column) and their values.
        self.width = spec.size
        self.positions: list[int] = []
        self.values: list[float] = []
        # The legal ids follow from the declaration to beat and the suits used at its level: each
        # game's set is a number (`legal_key`), an index into `legal_sets`, which only grows.
        self.legal_key: list[int] = [0] * count
        self.legal_sets: list[list[int]] = []
        self._legal_index: dict[tuple[int, int, bool], int] = {}

    def clear(self) -> None:
        self.positions = []
        self.values = []

    def reset(self, i: int, seed: int) -> int:
        """Deal game `i` from `seed` and write its first decision; the seat to act."""
        state = self.new_state(self.names, random.Random(seed), self.options, seed)
        self.states[i] = state
        return self.write(i)

    def step(self, actions: Sequence[int]) -> list[int]:
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
        positions = self.positions
        values = self.values
        for card in view.hand_ids:
            positions.append(base + self.hand + CARD_COLUMN[card])
            values.append(1.0)
        positions.append(base + self.community + CARD_COLUMN[view.community_id])
        values.append(1.0)
        counts = view.counts
        for other in range(n):
            count = counts[other]
            if count:
                positions.append(base + self.counts + (other - seat) % n)
                values.append(float(count))
        for column, value in ((self.cap, view.cap), (self.round, view.round)):
            if value:
                positions.append(base + column)
                values.append(float(value))
        positions.append(base + self.starter + (view.starter - seat) % n)
        values.append(1.0)
        declarations = view.declarations
        if view.last >= 0:
            positions.append(base + self.last + view.last)
            values.append(1.0)
        if declarations:
            positions.append(base + self.last_declarer + (declarations[-1][0] - seat) % n)
            values.append(1.0)
            positions.append(base + self.declarations)
            values.append(float(len(declarations)))
        if view.ranked_suits:
            positions.append(base + self.ranked)
            values.append(1.0)
        key = (view.last, view.used, view.ranked_suits)
        index = self._legal_index.get(key)
        if index is None:
            index = self._legal_index[key] = len(self.legal_sets)
            self.legal_sets.append(state.legal_actions())
        self.legal_key[i] = index
        return seat
