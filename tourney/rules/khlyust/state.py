"""The Хлюст state machine (RULES §3, with the match of §0.5-§0.6).

Three or four players (§3.1-§3.10), per deal: the antes join the carried kassa (K0), 3 cards each
from the заручный and an upcard for trump (K1), Листы shown at once (K2), one pass of
announcements Z ... D (K3: declare, exchange, play, pass), the answers to a Хлюст (K4), three
tricks under FOLLOW_TRUMP (K5) and the settlement (K6). Two players play the 36-card duel
(§3.11): antes, 3 cards each, the non-dealer leads, 2 tricks take the pot. The variant is fixed
by the number of players at the start: a 3-4 player match in which players bust goes on under the
same rules (with two left, the dealer's neighbour is both заручный and подручный) [resolved].
Chance comes only from the `Dealer` (a `random.Random` for play, the record's cards for replay).

This module holds the deal (K0-K2), the legal actions, `apply` and the views; the class stacks the
layers below it: the announcements and answers (announcements.py), the tricks (play.py), the
settlement and the end of the match (settlement.py), the match's data, hidden cards and results
(table.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tourney.errors import IllegalActionError, InvalidActionError
from tourney.rules.games import Bot
from tourney.rules.khlyust.actions import (
    CARD_BASE,
    DECLARE,
    EXCHANGE_BASE,
    N_ACTIONS,
    PASS,
    PLAY,
    action_text,
    exchange_action,
    exchange_cards,
)
from tourney.rules.khlyust.announcements import KhlyustAnnouncements
from tourney.rules.khlyust.combos import (
    NO_KHLYUST,
    is_three_aces,
    khlyust_kind,
    listy_rank,
)
from tourney.rules.khlyust.options import KhlyustOptions
from tourney.rules.khlyust.table import (
    ANNOUNCE,
    ANSWER,
    TRICKS,
    Dealer,
)
from tourney.rules.khlyust.view import FACE_DOWN, KhlyustView
from tourney.rules.tricks.actions import action_id
from tourney.rules.tricks.cards import CARD_TEXT, SUITS
from tourney.rules.tricks.deal import RandomDealer as RandomDealer  # the game's dealer: replay and tests take it here
from tourney.rules.tricks.deal import copy_dealer, deal_hands, discard_sets, first_dealer_by_lot
from tourney.rules.tricks.play import legal_plays, why_illegal
from tourney.rules.tricks.record import seat_name


class KhlyustState(KhlyustAnnouncements):
    """One Хлюст match at one table, from the first ante to the final chips."""

    def __init__(self, players: Sequence[str], dealer: Dealer, options: KhlyustOptions, *, first_dealer: int,
                 seed: int | None = None, start: bool = True) -> None:
        super().__init__(players, dealer, options, first_dealer=first_dealer, seed=seed)
        if start:  # `clone` builds an empty state and copies the match into it
            self._start_deal()

    @classmethod
    def new(cls, players: Sequence[str], rng: random.Random, options: KhlyustOptions | None = None,
            seed: int | None = None) -> KhlyustState:
        """A new match: the first dealer is drawn by lot (§3.4), every deal comes from `rng`."""
        first = first_dealer_by_lot(rng, len(players))
        return cls(players, RandomDealer(rng), options or KhlyustOptions(), first_dealer=first, seed=seed)

    # -- the deal --

    def _start_deal(self) -> None:
        """K0 and K1: the antes join the carried kassa, then the deal (§3.3, §3.4; the duel §3.11)."""
        match = self.match
        self.deal_no += 1
        deal = self.deal_no
        carry = self.pot
        antes, out = match.collect(match.seated_from_left_of(match.dealer), self.options.ante, deal)
        self.pot += sum(antes.values())
        self.antes = antes
        players = self.players
        self._events.append({"event": "ante", "deal": deal, "antes": {players[s]: a for s, a in antes.items()},
                             "busted": [players[s] for s in out], "carry": carry, "pot": self.pot})
        if match.seated_count() < 2:
            self._finish()
            return
        dealt = match.seated_from_left_of(match.dealer)
        self.hands, self.upcard, self.stock = deal_hands(self._dealer([players[s] for s in dealt], self.deck), dealt,
                                                         self.n)
        self.discards = [[] for _ in range(self.n)]
        self.trump = self.upcard & 3
        self.stock_pos = 0
        self.dealt = dealt
        self.kassa = self.pot
        dealer = match.dealer
        if self.duel:
            self.zaruchny = self.podruchny = -1
            self.obliged = tuple(dealt)
        else:
            self.zaruchny = dealt[0]
            before = dealt[-2] if dealt[-1] == dealer else dealt[-1]
            self.podruchny = dealt[0] if self.options.podruchny_side == "left" else before
            self.obliged = (dealer, self.podruchny)
        self.out = [False] * self.n
        self.declarer = -1
        self.locked = False
        self.concealers = []
        self.calls = []
        self.in_play = []
        self.trick = []
        self.trick_seats = []
        self.face_down = []
        self.trick_no = 0
        self.tricks_won = [0] * self.n
        self.seen_up = []
        self.seen_down = []
        self._legal = None
        self._events.append({
            "event": "deal", "deal": deal, "dealer": players[dealer], "zaruchny": seat_name(players, self.zaruchny),
            "podruchny": seat_name(players, self.podruchny), "pot": self.kassa,
            "hands": {players[s]: [CARD_TEXT[c] for c in self.hands[s]] for s in dealt},
            "upcard": CARD_TEXT[self.upcard], "trump": SUITS[self.trump]})
        if self.duel:
            if self.options.three_aces:
                aces = [s for s in dealt if is_three_aces(self.hands[s])]
                if aces:
                    self._take_all(aces[0], "three_aces")
                    return
            self._start_play(dealt, dealt[0])
            return
        # K2: every dealt Листы is shown, from Z; the highest takes the kassa (§3.6).
        shown = [s for s in dealt if listy_rank(self.hands[s]) >= 0]
        if shown:
            for seat in shown:
                self._events.append({"event": "listy", "deal": deal, "player": players[seat],
                                     "cards": [CARD_TEXT[c] for c in self.hands[seat]], "exchange": False})
            self._take_all(max(shown, key=lambda s: listy_rank(self.hands[s])), "listy")
            return
        self.phase = ANNOUNCE
        self.order = dealt
        self.turn = 0
        self.to_act = dealt[0]

    # -- actions --

    def legal_actions(self) -> list[int]:
        if self.terminal:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> list[int]:
        seat = self.to_act
        phase = self.phase
        if phase == TRICKS:
            return [CARD_BASE + c for c in legal_plays(self.hands[seat], self.trick, self.trump, self.policy,
                                                      self.face_down)]
        if phase == ANSWER:
            return [PLAY, PASS]
        options = self.options
        declarable = self._declarable(seat)
        obliged = seat in self.obliged
        legal: list[int] = []
        if options.allow_concealment or not declarable:
            legal.append(PLAY)
        if not obliged:
            legal.append(PASS)
        if declarable:
            legal.append(DECLARE)
        room = min(options.max_exchange, len(self.stock) - self.stock_pos)
        if room and (options.obliged_may_exchange or not obliged):
            legal += sorted(exchange_action(s) for s in discard_sets(self.hands[seat], room) if s)
        return legal

    def apply(self, action: object) -> None:
        """Play `action` for the player in turn: `InvalidActionError` if it is not an action id,
        `IllegalActionError` if the rules forbid it here; a refused action changes nothing."""
        action = action_id(action, N_ACTIONS)
        if action >= EXCHANGE_BASE and exchange_cards(action) is None:
            raise InvalidActionError(f"unknown action id {action}: not a set of 1-3 discards")
        if self.terminal:
            raise IllegalActionError(f"the match is over; {action_text(action)} cannot be played (§0.5)")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            who = self.players[self.to_act]
            raise IllegalActionError(f"{who} cannot {action_text(action)}: {self._why_not(action)}")
        self._legal = None
        self.decisions += 1
        seat = self.to_act
        phase = self.phase
        if phase == TRICKS:
            self._play(seat, action - CARD_BASE)
        elif phase == ANSWER:
            self._answer(seat, action)
        elif action == PLAY:
            self._stay(seat)
        elif action == PASS:
            self._pass(seat)
        elif action == DECLARE:
            self._declare(seat, None)
        else:
            cards = exchange_cards(action)
            assert cards is not None
            self._exchange(seat, cards)

    def _why_not(self, action: int) -> str:
        """Why a well-formed action is not legal now (one sentence with its rule)."""
        seat = self.to_act
        phase = self.phase
        if phase == TRICKS:
            if not CARD_BASE <= action < EXCHANGE_BASE:
                return "a card must be played now (PLAY:<card>) (§3.9)"
            return why_illegal(action - CARD_BASE, self.hands[seat], self.trick, self.trump, self.policy,
                               self.face_down) or "not legal here (§3.9)"
        if phase == ANSWER:
            return "a Хлюст is answered PLAY or PASS (§3.8)"
        if action >= CARD_BASE and action < EXCHANGE_BASE:
            return "no card is played before the announcements end (§3.7)"
        if action == PASS:
            return "the dealer and the подручный must play (§3.7)"
        if action == DECLARE:
            if self.locked:
                return "a Козырный Хлюст was declared: nothing more may be declared (§3.7)"
            return "the hand is no Хлюст (three of a suit, §3.5)"
        if action == PLAY:
            return "the Хлюст in hand must be declared (allow_concealment=false, §3.7)"
        cards = exchange_cards(action) or ()
        missing = [CARD_TEXT[c] for c in cards if c not in self.hands[seat]]
        if missing:
            return f"{' '.join(missing)} not in the hand (§3.7)"
        if seat in self.obliged and not self.options.obliged_may_exchange:
            return "the dealer and the подручный may not exchange (obliged_may_exchange=false, §3.7)"
        return f"at most {self.options.max_exchange} cards may be exchanged (max_exchange, §3.7)"

    # -- what players see --

    def view(self, seat: int) -> KhlyustView:
        legal = self.legal_actions() if seat == self.to_act else []
        hand = self.hands[seat]
        trick = tuple((s, FACE_DOWN if down and s != seat else c)
                      for s, c, down in zip(self.trick_seats, self.trick, self.face_down, strict=True))
        return KhlyustView(
            seat, self.players, self.duel, self.phase, legal, tuple(hand), self.upcard, tuple(self.match.chips),
            self.pot, self.kassa, self.match.dealer, self.zaruchny, self.podruchny, self.deal_no, self.declarer,
            self.locked, khlyust_kind(hand, self.trump) if not self.duel else NO_KHLYUST, tuple(self.calls),
            tuple(self.in_play), tuple(self.discards[seat]), trick, self.trick_no, tuple(self.tricks_won))

    def clone(self) -> KhlyustState:
        """An independent copy with the same cards and the same future deals (every mutable field
        copied)."""
        other = KhlyustState(self.players, copy_dealer(self._dealer), self.options, first_dealer=self.first_dealer,
                             seed=self.seed, start=False)
        self._copy_into(other)
        return other


def play_out(state: KhlyustState, bots: Sequence[Bot]) -> None:
    """The play loop (typed, so a compiled build calls the state directly)."""
    while not state.terminal:
        seat = state.to_act
        # `Any`: a bot's answer is untrusted; typed as `Bot.act`'s int, a compiled build would check it
        # itself and raise TypeError instead of the project's error (apply checks it).
        bot: Any = bots[seat]
        state.apply(bot.act(state.view(seat)))
