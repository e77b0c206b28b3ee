"""Хлюст games stepped for `VectorEnv`, their rows written from the rules' `KhlyustView` (see trick_rows.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from tourney.envs.features import KHLYUST_CALLS, FeatureSpec
from tourney.envs.trick_rows import CARD_COLUMN, TrickRows
from tourney.rules.games import GameState, OptionValue
from tourney.rules.khlyust.phases import C_EXCHANGE
from tourney.rules.khlyust.state import KhlyustState

NewKhlyust = Callable[[Sequence[str], random.Random, Mapping[str, OptionValue], int], KhlyustState]
# A seat's positions in the calls block: one per kind, then the cards it exchanged.
CALL_WIDTH: Final = len(KHLYUST_CALLS) + 1


class KhlyustRows(TrickRows):
    def __init__(self, spec: FeatureSpec, names: Sequence[str], options: Mapping[str, OptionValue],
                 new_state: NewKhlyust, count: int, action_count: int, factored_from: int | None) -> None:
        super().__init__(spec, len(names), count, action_count, factored_from)
        starts = self.starts
        self.phase = starts["phase"]
        self.duel = starts["duel"]
        self.hand = starts["hand"]
        self.upcard = starts["upcard"]
        self.deal = starts["deal"]
        self.dealer = starts["dealer"]
        self.pot = starts["pot"]
        self.kassa = starts["kassa"]
        self.chips = starts["chips"]
        self.zaruchny = starts["zaruchny"]
        self.podruchny = starts["podruchny"]
        self.declarer = starts["khlyustovshchik"]
        self.locked = starts["trump_khlyust_declared"]
        self.calls = starts["calls"]
        self.in_play = starts["in_play"]
        self.discards = starts["discards"]
        self.trick = starts["trick"]
        self.trick_leader = starts["trick_leader"]
        self.trick_no = starts["trick_no"]
        self.tricks = starts["tricks"]
        self.names = tuple(names)
        self.options = options
        self.new_state = new_state
        self.states: list[KhlyustState] = [new_state(self.names, random.Random(0), options, 0) for _ in range(count)]

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
        if view.duel:
            ones.append(base + self.duel)
        self.cards(base + self.hand, view.hand)
        if view.upcard >= 0:
            ones.append(base + self.upcard + CARD_COLUMN[view.upcard])
        self.number(base + self.deal, view.deal)
        ones.append(base + self.dealer + (view.dealer - seat) % n)
        self.number(base + self.pot, view.pot)
        self.number(base + self.kassa, view.kassa)
        self.per_seat(base + self.chips, view.chips, seat)
        if view.zaruchny >= 0:
            ones.append(base + self.zaruchny + (view.zaruchny - seat) % n)
        if view.podruchny >= 0:
            ones.append(base + self.podruchny + (view.podruchny - seat) % n)
        if view.declarer >= 0:
            ones.append(base + self.declarer + (view.declarer - seat) % n)
        if view.locked:
            ones.append(base + self.locked)
        if view.calls:
            exchanged = [0] * n  # by seat, the cards of its last exchange (the JSON's last call wins)
            for other, kind, count in view.calls:
                ones.append(base + self.calls + (other - seat) % n * CALL_WIDTH + kind)
                if kind == C_EXCHANGE:
                    exchanged[other] = count
            for other in range(n):
                if exchanged[other]:
                    self.positions.append(base + self.calls + (other - seat) % n * CALL_WIDTH + CALL_WIDTH - 1)
                    self.values.append(exchanged[other])
        self.seat_flags(base + self.in_play, view.in_play, seat)
        self.cards(base + self.discards, view.discards)
        trick = view.trick
        for _, card in trick:
            if card >= 0:  # a card face down (okhlupku) to another player is no card
                ones.append(base + self.trick + CARD_COLUMN[card])
        if trick:
            ones.append(base + self.trick_leader + (trick[0][0] - seat) % n)
        self.number(base + self.trick_no, view.trick_no)
        self.some_seats(base + self.tricks, view.tricks_won, view.in_play, seat)
        self.legal_ids(i, view.legal_actions(), view.hand)
        return seat
