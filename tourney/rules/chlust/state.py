"""The Chlust state machine (RULES §2) over a match of deals (§0.5, §0.6), and its record.

A deal: antes (§2.3), three cards each from the dealer's left and a trump upcard (§2.4), the
optional Ace swap (§2.5), fixed-limit betting (§2.7), the showdown of combinations (§2.8) and,
when nobody has one, three tricks with must-head where most tricks take the pot (§2.9).
Actions are the integers of actions.py; chance comes only from the dealer (dealer.py). This
module holds the deal, the swap, the betting, the showdown and the tricks, `apply` and the views;
the class stacks the layers below it: the pot paid out and the end of the match (settlement.py),
the match's data, hidden cards and results (table.py).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tourney.errors import IllegalActionError, InvalidActionError, InvalidInputError
from tourney.rules.chlust.actions import ACTION_TEXT, CALL, FOLD, KEEP, N_ACTIONS, PLAY_BASE, RAISE, SWAP
from tourney.rules.chlust.combos import showdown
from tourney.rules.chlust.dealer import Dealer, RandomDealer
from tourney.rules.chlust.deck import ACE, wild_card
from tourney.rules.chlust.settlement import ChlustSettlement
from tourney.rules.chlust.table import PHASE_BET, PHASE_PLAY, PHASE_SWAP
from tourney.rules.chlust.views import View
from tourney.rules.games import Bot, OptionValue
from tourney.rules.tricks.cards import CARD_TEXT, N_IDS, SUITS
from tourney.rules.tricks.deal import first_dealer_by_lot
from tourney.rules.tricks.play import FOLLOW_HEAD, legal_plays, trick_winner, why_illegal
from tourney.rules.tricks.record import trick_cards

# The action ids and the dealer, re-exported for the bots and the tests that import them from here.
__all__ = ["CALL", "FOLD", "KEEP", "PLAY_BASE", "RAISE", "SWAP", "ChlustState", "RandomDealer", "play_out"]


class ChlustState(ChlustSettlement):
    """A match of Chlust at one table, from the first deal to the final chips."""

    def __init__(self, players: Sequence[str], dealer: Dealer, *, first_dealer: int,
                 options: Mapping[str, OptionValue], seed: int | None = None, deal_now: bool = True) -> None:
        super().__init__(players, dealer, first_dealer=first_dealer, options=options, seed=seed)
        if deal_now:  # `clone` builds an empty state and copies the deal into it
            self._start_deal()

    @classmethod
    def new(cls, players: Sequence[str], rng: random.Random, options: Mapping[str, OptionValue],
            seed: int | None = None) -> ChlustState:
        """A new match: the first dealer is drawn by lot and every deal comes from `rng`."""
        first = first_dealer_by_lot(rng, len(players))
        return cls(players, RandomDealer(rng), first_dealer=first, options=options, seed=seed)

    # -- deals --

    def _start_deal(self) -> None:
        match = self.match
        ante = self.descriptor.ante
        if match.finished:
            self._finish()
            return
        self.deal += 1
        deal = self.deal
        self.pot_before = self.pot
        self.paid = [0] * self.n
        self.received = [0] * self.n
        self.anted = match.seated_from_left_of(match.dealer)
        paid, out = match.collect(self.anted, ante, deal)
        for seat, amount in paid.items():
            self.paid[seat] = amount
        self.pot += sum(paid.values())
        antes = {self.players[s]: a for s, a in paid.items()}
        busted = [self.players[s] for s in out]
        if match.seated_count() < 2:
            # The short players paid what they had and are out (§0.6): one player (or none) holds
            # chips, so the match ends (§0.5) and this deal is not dealt.
            self._events.append({
                "event": "deal", "deal": deal, "dealer": self.players[match.dealer], "antes": antes,
                "busted": busted, "hands": {}, "upcard": None, "trump": None, "pot": self.pot})
            self._finish()
            return
        self.active = [match.seated[s] for s in range(self.n)]
        order = self._order_from_left(self.active)
        self.n_active = len(order)
        dealt, upcard = self._dealer(self.deck, [self.players[s] for s in order])
        self.hands = [[] for _ in range(self.n)]
        for seat, hand in zip(order, dealt, strict=True):
            self.hands[seat] = list(hand)
        self.upcard = upcard
        self.trump = upcard & 3
        self.shown = set()
        self.history = ()
        self.tricks_won = [0] * self.n
        self.trick_winners = []
        self.trick, self.trick_seats = [], []
        self._events.append({
            "event": "deal", "deal": deal, "dealer": self.players[match.dealer], "antes": antes, "busted": busted,
            "hands": {self.players[s]: [CARD_TEXT[c] for c in self.hands[s]] for s in order},
            "upcard": CARD_TEXT[upcard], "trump": SUITS[self.trump], "pot": self.pot})
        self.swapper = self._swapper() if upcard >> 2 == ACE else -1
        if self.swapper >= 0:
            self.phase = PHASE_SWAP
            self.to_act = self.swapper
            self._legal = None
        else:
            self._start_betting()

    def _swapper(self) -> int:
        """Who may swap the Ace upcard (§2.5): the holder of the lowest trump of the deck, or with
        `ace_swap = lowest_held` of the lowest trump anyone holds; -1 for nobody."""
        trump = self.trump
        if self.descriptor.ace_swap == "lowest_card":
            wanted = self._low_rank * 4 + trump
            for seat in range(self.n):
                if wanted in self.hands[seat]:
                    return seat
            return -1
        best, holder = N_IDS, -1
        for seat in range(self.n):
            for card in self.hands[seat]:
                if card & 3 == trump and card < best:
                    best, holder = card, seat
        return holder

    def _start_betting(self) -> None:
        self.wild = wild_card(self.upcard, self.descriptor.spade_ten_rule)
        self.phase = PHASE_BET
        self.level = 0
        self.raises = 0
        self.contrib = [0] * self.n
        self.acted = [False] * self.n
        chips = self.match.chips
        self.cap = min(chips[s] for s in range(self.n) if self.active[s])
        self.to_act = self._next_active(self.match.dealer)
        self._legal = None

    # -- actions --

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[int]:
        phase = self.phase
        if phase == PHASE_PLAY:
            hand = self.hands[self.to_act]
            return [PLAY_BASE + c for c in legal_plays(hand, self.trick, self.trump, FOLLOW_HEAD)]
        if phase == PHASE_BET:
            if self.n_active == 1:
                return [FOLD, CALL]  # last_may_fold: the last player in may fold too
            if self.raises < self.descriptor.max_raises and self.level + self.descriptor.raise_unit <= self.cap:
                return [FOLD, CALL, RAISE]
            return [FOLD, CALL]
        if phase == PHASE_SWAP:
            return [SWAP, KEEP]
        return []

    def apply(self, action: object) -> None:
        """Play `action` for the player in turn: `InvalidActionError` if it is not an action id,
        `IllegalActionError` if the rules forbid it here; a refused action changes nothing."""
        # `object`, not `int`: a compiled build would raise TypeError on a bool or a float itself.
        if action.__class__ is not int:
            raise InvalidActionError(f"an action is an integer id, not {action!r}")
        assert isinstance(action, int)
        if self.terminal:
            raise IllegalActionError("the match is over")
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:
            if not 0 <= action < N_ACTIONS:
                raise InvalidActionError(f"unknown action id {action} (0..{N_ACTIONS - 1})")
            raise IllegalActionError(self._why_illegal(action))
        self.decisions += 1
        self._legal = None
        phase = self.phase
        if phase == PHASE_PLAY:
            self._play(action - PLAY_BASE)
        elif phase == PHASE_BET:
            self._bet(action)
        else:
            self._swap(action == SWAP)

    def _why_illegal(self, action: int) -> str:
        name = self.players[self.to_act]
        text = ACTION_TEXT[action]
        if self.phase == PHASE_PLAY:
            if action < PLAY_BASE:
                return f"{text} is not a play: {name} plays a card to the trick (§2.9)"
            reason = why_illegal(action - PLAY_BASE, self.hands[self.to_act], self.trick, self.trump, FOLLOW_HEAD)
            return f"{name} may not play {CARD_TEXT[action - PLAY_BASE]}: {reason}"
        if self.phase == PHASE_SWAP:
            return f"{text}: {name} may only SWAP or KEEP the Ace upcard now (§2.5)"
        if action == RAISE:
            if self.raises >= self.descriptor.max_raises:
                return f"RAISE: {self.raises} raises already, the most allowed in a betting round (§2.7)"
            return (f"RAISE: the bet level {self.level + self.descriptor.raise_unit} would pass the table-stakes cap "
                    f"{self.cap} (§2.7)")
        return f"{text} is not a betting action: {name} may FOLD, CALL or RAISE (§2.7)"

    def _swap(self, swap: bool) -> None:
        seat = self.swapper
        name = self.players[seat]
        event: dict[str, Any] = {"event": "swap", "deal": self.deal, "player": name, "swap": swap}
        if swap:
            hand = self.hands[seat]
            low = min(c for c in hand if c & 3 == self.trump)
            hand.remove(low)
            hand.append(self.upcard)
            hand.sort()
            self.shown.add(self.upcard)
            self.upcard = low
            event["card"] = CARD_TEXT[low]
            self.history += (f"{name} SWAP {CARD_TEXT[low]}",)
        else:
            self.history += (f"{name} KEEP",)
        self._events.append(event)
        self._start_betting()

    def _bet(self, action: int) -> None:
        seat = self.to_act
        name = self.players[seat]
        deal = self.deal
        if action == FOLD:
            self.active[seat] = False
            self.n_active -= 1
            self._events.append({"event": "fold", "deal": deal, "player": name})
            self.history += (f"{name} FOLD",)
            if self.n_active == 0:
                self._settle(-1, "all_fold")
                return
            if self.n_active == 1 and not self.descriptor.last_may_fold:
                self._settle(self._next_active(seat), "fold")
                return
        else:
            if action == RAISE:
                self.level += self.descriptor.raise_unit
                self.raises += 1
                for other in range(self.n):
                    self.acted[other] = False
            cost = self.level - self.contrib[seat]
            paid = self.match.pay(seat, cost, deal)  # never short: the cap is the smallest stack
            self.pot += paid
            self.paid[seat] += paid
            self.contrib[seat] = self.level
            self.acted[seat] = True
            self._events.append({"event": "bet", "deal": deal, "player": name, "action": ACTION_TEXT[action],
                                 "amount": paid, "level": self.level})
            self.history += (f"{name} {ACTION_TEXT[action]}",)
        if all(self.acted[s] and self.contrib[s] == self.level for s in range(self.n) if self.active[s]):
            if self.n_active == 1:
                self._settle(self._next_active(seat), "fold")
            else:
                self._showdown()
            return
        self.to_act = self._next_active(seat)

    def _showdown(self) -> None:
        order = self._order_from_left(self.active)
        result = showdown([self.hands[s] for s in order], self.trump, self.wild, self.deck,
                          self.descriptor.tiebreak_order)
        combinations: dict[str, Any] = {}
        none: list[str] = []
        for seat, combo in zip(order, result.combinations, strict=True):
            if combo is None:
                none.append(self.players[seat])
            else:
                combinations[self.players[seat]] = {
                    "cards": [CARD_TEXT[c] for c in self.hands[seat]], "kind": combo.kind_name, "pure": combo.pure,
                    "trump": combo.trump}
        winner = -1 if result.winner is None else order[result.winner]
        self._events.append({"event": "showdown", "deal": self.deal, "wild": CARD_TEXT[self.wild],
                             "combinations": combinations, "none": none,
                             "winner": None if winner < 0 else self.players[winner],
                             "decided_by": result.decided_by})
        if winner >= 0:
            self._settle(winner, "showdown")
            return
        # No combination: tricks. The dealer leads; if he is out, the first player in from his left.
        dealer = self.match.dealer
        self.leader = dealer if self.active[dealer] else self._next_active(dealer)
        self.phase = PHASE_PLAY
        self.to_act = self.leader
        self.history += ("showdown: no combination",)

    def _play(self, card: int) -> None:
        seat = self.to_act
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        self._events.append({"event": "play", "deal": self.deal, "player": self.players[seat],
                             "card": CARD_TEXT[card]})
        if len(self.trick) < self.n_active:
            self.to_act = self._next_active(seat)
            return
        winner = self.trick_seats[trick_winner(self.trick, self.trump)]
        self.tricks_won[winner] += 1
        self.trick_winners.append(winner)
        self._events.append({
            "event": "trick", "deal": self.deal, "trick": len(self.trick_winners),
            "leader": self.players[self.trick_seats[0]],
            "cards": trick_cards(self.players, self.trick_seats, self.trick),
            "winner": self.players[winner]})
        self.history += (" ".join(f"{self.players[s]} {CARD_TEXT[c]}" for s, c in
                                  zip(self.trick_seats, self.trick, strict=True)) + f": {self.players[winner]}",)
        self.trick, self.trick_seats = [], []
        if len(self.trick_winners) < 3:
            self.to_act = winner
            return
        self._settle_tricks()

    def view(self, seat: int) -> View:
        if not 0 <= seat < self.n:
            raise InvalidInputError(f"seat {seat} is not a seat of {self.n} players")
        legal = tuple(self.legal_actions()) if seat == self.to_act else ()
        return View(seat, self.players, self.phase, self.deal, self.match.dealer, tuple(self.hands[seat]),
                    self.upcard, self.trump, self.wild, self.pot, tuple(self.match.chips), self.level,
                    tuple(self.contrib), self.raises, self.descriptor.max_raises, self.descriptor.raise_unit, self.cap,
                    tuple(self.active), tuple(self.trick), tuple(self.trick_seats), tuple(self.tricks_won),
                    self.history, legal, ACTION_TEXT)

    def clone(self) -> ChlustState:
        """An independent copy with the same future deals (every mutable field copied)."""
        dealer = self._dealer
        other = ChlustState(self.players, dealer.clone() if isinstance(dealer, RandomDealer) else dealer,
                            first_dealer=self.match.first_dealer, options=self.options, seed=self.seed,
                            deal_now=False)
        self._copy_into(other)
        return other


def play_out(state: ChlustState, bots: Sequence[Bot]) -> None:
    """The play loop (typed, so a compiled build calls the state directly)."""
    while not state.terminal:
        seat = state.to_act
        # `Any`: a bot's answer is untrusted; typed as `Bot.act`'s int, a compiled build would check it
        # itself and raise TypeError instead of the project's error (apply checks it).
        bot: Any = bots[seat]
        state.apply(bot.act(state.view(seat)))
