"""Chlust games stepped for `VectorEnv`, their rows written from the rules' `View` (see trick_rows.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from tourney.envs.features import FeatureSpec
from tourney.envs.trick_rows import CARD_COLUMN, SUIT_COLUMN, TrickRows
from tourney.rules.chlust.state import ChlustState
from tourney.rules.games import GameState, OptionValue

NewChlust = Callable[[Sequence[str], random.Random, Mapping[str, OptionValue], int], ChlustState]


class ChlustRows(TrickRows):
    def __init__(self, spec: FeatureSpec, names: Sequence[str], options: Mapping[str, OptionValue],
                 new_state: NewChlust, count: int, action_count: int) -> None:
        super().__init__(spec, len(names), count, action_count, None)
        starts = self.starts
        self.phase = starts["phase"]
        self.hand = starts["hand"]
        self.upcard = starts["upcard"]
        self.trump = starts["trump"]
        self.deal = starts["deal"]
        self.dealer = starts["dealer"]
        self.pot = starts["pot"]
        self.chips = starts["chips"]
        self.level = starts["level"]
        self.contributions = starts["contributions"]
        self.raises = starts["raises"]
        self.max_raises = starts["max_raises"]
        self.raise_unit = starts["raise_unit"]
        self.cap = starts["cap"]
        self.active = starts["in"]
        self.trick = starts["trick"]
        self.trick_leader = starts["trick_leader"]
        self.tricks = starts["tricks"]
        self.names = tuple(names)
        self.options = options
        self.new_state = new_state
        self.states: list[ChlustState] = [new_state(self.names, random.Random(0), options, 0) for _ in range(count)]

    def reset(self, i: int, seed: int) -> int:
        self.states[i] = self.new_state(self.names, random.Random(seed), self.options, seed)
        return self.write(i)

    def advance(self, i: int, action: int) -> bool:
        state = self.states[i]
        state.apply(action)
        return state.terminal

    def state(self, i: int) -> GameState:
        return self.states[i]

    def write(self, i: int) -> int:
        state = self.states[i]
        seat = state.to_act
        self.to_act[i] = seat
        view = state.view(seat)
        n = self.n
        base = i * self.width
        ones = self.ones
        ones.append(base + self.phase + view.phase)
        self.cards(base + self.hand, view.hand)
        ones.append(base + self.upcard + CARD_COLUMN[view.upcard])
        ones.append(base + self.trump + SUIT_COLUMN[view.trump])
        self.number(base + self.deal, view.deal)
        ones.append(base + self.dealer + (view.dealer - seat) % n)
        self.number(base + self.pot, view.pot)
        self.per_seat(base + self.chips, view.chips, seat)
        self.number(base + self.level, view.level)
        self.per_seat(base + self.contributions, view.contributions, seat)
        self.number(base + self.raises, view.raises)
        self.number(base + self.max_raises, view.max_raises)
        self.number(base + self.raise_unit, view.raise_unit)
        self.number(base + self.cap, view.cap)
        active = view.active
        for other in range(n):
            if active[other]:
                ones.append(base + self.active + (other - seat) % n)
        self.cards(base + self.trick, view.trick)
        if view.trick_seats:
            ones.append(base + self.trick_leader + (view.trick_seats[0] - seat) % n)
        self.per_seat(base + self.tricks, view.tricks_won, seat)
        self.legal_ids(i, list(view.legal), view.hand)
        return seat
