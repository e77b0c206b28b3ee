"""The Lou state machine (RULES §4 with the match of §0.5-§0.6).

A match is a run of *games*; a game is a run of deals that ends with a deal where nobody is
looed (or a lone player takes the pot). Every deal: 3 cards each from the dealer's left, an upcard
for trump, secret IN/OUT choices (sequential actions, revealed together once all have chosen),
draws of 0-3 cards in turn, three tricks, settlement. Chance comes only from the `Dealer` (a
`random.Random` for play, the record's cards for replay).

This module holds the games and deals, the legal actions, `apply`, the IN/OUT choices, the draws
and the views; the class stacks the layers below it: the tricks (play.py), the settlement and the
end of the match (settlement.py), the match's data, hidden cards and results (table.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tourney.errors import IllegalActionError, InvalidActionError
from tourney.rules.lou.actions import DRAW_BASE, IN, N_ACTIONS, OUT, PLAY_BASE, action_text, draw_action, draw_cards
from tourney.rules.lou.options import LouOptions
from tourney.rules.lou.play import LouPlay
from tourney.rules.lou.record import deal_event
from tourney.rules.lou.table import DECLARE, DRAW, Dealer
from tourney.rules.lou.view import LouView
from tourney.rules.tricks.actions import action_id
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import RandomDealer as RandomDealer  # the game's dealer: replay and tests take it here
from tourney.rules.tricks.deal import copy_dealer, deal_hands, discard_sets, draw, first_dealer_by_lot
from tourney.rules.tricks.play import why_illegal


class LouState(LouPlay):
    """One Lou match at one table, from the first ante to the final chips."""

    def __init__(self, players: Sequence[str], dealer: Dealer, options: LouOptions, *, first_dealer: int,
                 seed: int | None = None, start: bool = True) -> None:
        super().__init__(players, dealer, options, first_dealer=first_dealer, seed=seed)
        if start:  # `clone` builds an empty state and copies the match into it
            self._start_game()

    @classmethod
    def new(cls, players: Sequence[str], rng: random.Random, options: LouOptions | None = None,
            seed: int | None = None) -> LouState:
        """A new match: the first dealer is drawn by lot, every deal comes from `rng`."""
        first = first_dealer_by_lot(rng, len(players))
        return cls(players, RandomDealer(rng), options or LouOptions(), first_dealer=first, seed=seed)

    # -- games and deals --

    def _start_game(self) -> None:
        """A new game: the antes (§4.3), then its first deal."""
        self.game_no += 1
        match = self.match
        deal = self.deal_no + 1
        payers = [match.dealer] if self.options.ante_by == "dealer" else match.seated_from_left_of(match.dealer)
        antes, out = match.collect(payers, self.options.ante, deal)
        self.pot += sum(antes.values())
        players = self.players
        self._events.append({"event": "ante", "game_no": self.game_no, "deal": deal,
                             "antes": {players[s]: a for s, a in antes.items()}, "busted": [players[s] for s in out],
                             "pot": self.pot})
        if match.seated_count() < 2:
            self._finish()
            return
        self._start_deal()

    def _start_deal(self) -> None:
        match = self.match
        self.deal_no += 1
        dealt = match.seated_from_left_of(match.dealer)
        self.hands, self.upcard, self.stock = deal_hands(self._dealer([self.players[s] for s in dealt]), dealt, self.n)
        self.discards = [[] for _ in range(self.n)]
        self.trump = self.upcard & 3
        self.stock_pos = 0
        self.dealt = dealt
        self.deal_pot = self.pot
        self.choices = [-1] * self.n
        self.order = dealt
        self.turn = 0
        self.ins = []
        self.draws = ()
        self.trick_pairs = ()
        self.dummy = []
        self.has_dummy = False
        self.dummy_tricks = 0
        self.trick = []
        self.trick_seats = []
        self.trick_no = 0
        self.tricks_won = [0] * self.n
        self.played = []
        self.phase = DECLARE
        self.to_act = dealt[0]
        self._events.append(deal_event(self.players, self.deal_no, self.game_no, match.dealer, self.pot,
                                       [(s, self.hands[s]) for s in dealt], self.upcard))

    # -- actions --

    def legal_actions(self) -> list[int]:
        return list(self._legal_now())

    def _legal_now(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[int]:
        if self.terminal:
            return []
        phase = self.phase
        if phase == DECLARE:
            return [OUT, IN]
        hand = self.hands[self.to_act]
        if phase == DRAW:
            return sorted(draw_action(s) for s in discard_sets(hand, len(self.stock) - self.stock_pos))
        return [PLAY_BASE + c for c in self._playable(self.to_act)]

    def apply(self, action: object) -> None:
        """Play `action` for the player in turn: `InvalidActionError` if it is not an action id,
        `IllegalActionError` if the rules forbid it here; a refused action changes nothing."""
        action = action_id(action, N_ACTIONS)
        if self.terminal:
            raise IllegalActionError(f"the match is over; {action_text(action)} cannot be played (§0.5)")
        phase = self.phase
        seat = self.to_act
        who = self.players[seat]
        if phase == DECLARE:
            if action > IN:
                raise IllegalActionError(f"{who} must declare IN or OUT first, not {action_text(action)} (§4.5)")
            self.decisions += 1
            self._legal = None
            self._declare(seat, action)
        elif phase == DRAW:
            if action < DRAW_BASE:
                raise IllegalActionError(
                    f"{who} must draw (DRAW:<discards> or DRAW:-), not {action_text(action)} (§4.6)")
            cards = draw_cards(action)
            if cards is None:
                raise InvalidActionError(f"unknown action id {action}: not a set of discards")
            hand = self.hands[seat]
            missing = [CARD_TEXT[c] for c in cards if c not in hand]
            if missing:
                raise IllegalActionError(f"{who} cannot discard {' '.join(missing)}: not in the hand (§4.6)")
            if len(cards) > len(self.stock) - self.stock_pos:
                raise IllegalActionError(f"{who} cannot draw {len(cards)}: the stock is too small (§4.5)")
            self.decisions += 1
            self._legal = None
            self._draw(seat, cards)
        else:
            if not PLAY_BASE <= action < DRAW_BASE:
                raise IllegalActionError(f"{who} must play a card (PLAY:<card>), not {action_text(action)} (§4.7)")
            card = action - PLAY_BASE
            if action not in self._legal_now():
                raise IllegalActionError(f"{who} cannot play {CARD_TEXT[card]}: {self._why_not(seat, card)}")
            self.decisions += 1
            self._legal = None
            self._play(seat, card)

    def _why_not(self, seat: int, card: int) -> str:
        hand = self.hands[seat]
        if card in hand and self.options.strict_loo and self.trick_no == 1 and not self.trick:
            return f"strict_loo: the first lead is {CARD_TEXT[self._forced_lead()]} (§4.7)"
        return why_illegal(card, hand, self.trick, self.trump, self.policy) or "not legal here (§4.7)"

    def _declare(self, seat: int, choice: int) -> None:
        self.choices[seat] = choice
        self.turn += 1
        if self.turn < len(self.order):
            self.to_act = self.order[self.turn]
            return
        # Everyone has chosen: the choices are revealed together (§4.5).
        for s in self.dealt:
            self._events.append({"event": "in" if self.choices[s] == IN else "out", "deal": self.deal_no,
                                 "player": self.players[s]})
        self.ins = [s for s in self.dealt if self.choices[s] == IN]
        if not self.ins:
            self._settle_without_play("misdeal", {})
            return
        if len(self.ins) == 1 and self.options.lone_player == "takes_pot":
            lone = self.ins[0]
            won = self.pot
            self.match.receive(lone, won)
            self.pot = 0
            self._settle_without_play("lone", {self.players[lone]: won})
            return
        if len(self.ins) == 1:
            self.dummy = self.stock[:3]
            self.has_dummy = True
            self.stock_pos = 3
            self._events.append({"event": "dummy", "deal": self.deal_no, "hand": [CARD_TEXT[c] for c in self.dummy]})
        self.phase = DRAW
        self.order = self.ins
        self.turn = 0
        self.to_act = self.ins[0]

    def _draw(self, seat: int, cards: tuple[int, ...]) -> None:
        self.hands[seat], drawn = draw(self.hands[seat], cards, self.stock, self.stock_pos)
        self.stock_pos += len(cards)
        self.discards[seat] = list(cards)
        self.draws += ((seat, len(cards)),)
        self._events.append({"event": "draw", "deal": self.deal_no, "player": self.players[seat],
                             "discards": [CARD_TEXT[c] for c in cards], "cards": [CARD_TEXT[c] for c in drawn]})
        self.turn += 1
        if self.turn < len(self.order):
            self.to_act = self.order[self.turn]
            return
        self._start_play()

    # -- what players see --

    def view(self, seat: int) -> LouView:
        match = self.match
        legal = self._legal_now() if seat == self.to_act else []
        revealed = self.phase != DECLARE
        return LouView(seat, self.players, self.phase, legal, tuple(self.hands[seat]), self.upcard,
                       tuple(match.chips), self.pot, self.deal_pot, match.dealer, self.deal_no, self.game_no,
                       tuple(self.ins) if revealed else (), self.choices[seat], self.draws,
                       tuple(self.discards[seat]), self.trick_pairs,
                       self.trick_no, tuple(self.tricks_won), self.dummy_tricks, self.history)

    def clone(self) -> LouState:
        """An independent copy with the same cards and the same future deals."""
        other = LouState(self.players, copy_dealer(self._dealer), self.options, first_dealer=self.first_dealer,
                         seed=self.seed, start=False)
        self._copy_into(other)
        return other
