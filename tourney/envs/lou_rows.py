"""Lou games stepped for `VectorEnv`, their rows written from the rules' `LouView` (see trick_rows.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from tourney.envs.features import FeatureSpec
from tourney.envs.trick_rows import CARD_COLUMN, TrickRows
from tourney.rules.games import GameState, OptionValue
from tourney.rules.lou.state import LouState

NewLou = Callable[[Sequence[str], random.Random, Mapping[str, OptionValue], int], LouState]


class LouRows(TrickRows):
    def __init__(self, spec: FeatureSpec, names: Sequence[str], options: Mapping[str, OptionValue],
                 new_state: NewLou, count: int, action_count: int, factored_from: int | None) -> None:
        super().__init__(spec, len(names), count, action_count, factored_from)
        starts = self.starts
        self.phase = starts["phase"]
        self.hand = starts["hand"]
        self.upcard = starts["upcard"]
        self.deal = starts["deal"]
        self.game_no = starts["game_no"]
        self.dealer = starts["dealer"]
        self.pot = starts["pot"]
        self.deal_pot = starts["deal_pot"]
        self.chips = starts["chips"]
        self.my_choice = starts["my_choice"]
        self.players_in = starts["in"]
        self.draws = starts["draws"]
        self.discards = starts["discards"]
        self.trick = starts["trick"]
        self.trick_leader = starts["trick_leader"]
        self.trick_no = starts["trick_no"]
        self.tricks = starts["tricks"]
        self.dummy_tricks = starts["dummy_tricks"]
        self.names = tuple(names)
        self.options = options
        self.new_state = new_state
        self.states: list[LouState] = [new_state(self.names, random.Random(0), options, 0) for _ in range(count)]

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
        if view.upcard >= 0:
            ones.append(base + self.upcard + CARD_COLUMN[view.upcard])
        self.number(base + self.deal, view.deal)
        self.number(base + self.game_no, view.game_no)
        ones.append(base + self.dealer + (view.dealer - seat) % n)
        self.number(base + self.pot, view.pot)
        self.number(base + self.deal_pot, view.deal_pot)
        self.per_seat(base + self.chips, view.chips, seat)
        if view.my_choice >= 0:
            ones.append(base + self.my_choice + (0 if view.my_choice else 1))  # the features' order: IN, OUT
        self.seat_flags(base + self.players_in, view.players_in, seat)
        if view.draws:
            drawn = [0] * n  # by seat, the last draw of each (the JSON's mapping keeps the last)
            for other, count in view.draws:
                drawn[other] = count
            self.per_seat(base + self.draws, tuple(drawn), seat)
        self.cards(base + self.discards, view.discards)
        trick = view.trick
        for _, card in trick:
            if card >= 0:
                ones.append(base + self.trick + CARD_COLUMN[card])
        if trick and trick[0][0] >= 0:  # the dummy's lead has no seat
            ones.append(base + self.trick_leader + (trick[0][0] - seat) % n)
        self.number(base + self.trick_no, view.trick_no)
        self.some_seats(base + self.tricks, view.tricks_won, view.players_in, seat)
        self.number(base + self.dummy_tricks, view.dummy_tricks)
        self.legal_ids(i, view.legal_actions(), view.hand)
        return seat
