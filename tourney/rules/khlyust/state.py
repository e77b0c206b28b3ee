"""The Хлюст state machine (RULES §3, with the match of §0.5-§0.6).

Three or four players (§3.1-§3.10), per deal: the antes join the carried kassa (K0), 3 cards each
from the заручный and an upcard for trump (K1), Листы shown at once (K2), one pass of
announcements Z ... D (K3: declare, exchange, play, pass), the answers to a Хлюст (K4), three
tricks under FOLLOW_TRUMP (K5) and the settlement (K6). Two players play the 36-card duel
(§3.11): antes, 3 cards each, the non-dealer leads, 2 tricks take the pot. The variant is fixed
by the number of players at the start: a 3-4 player match in which players bust goes on under the
same rules (with two left, the dealer's neighbour is both заручный and подручный) [resolved].
Chance comes only from the `Dealer` (a `random.Random` for play, the record's cards for replay).

`KhlyustState` holds the table's data (the kassa, the deal, the calls, the trick, the record) and
its public face: the legal actions, `apply`, the views, `clone`. The rules of each step are
functions of the state in their own modules, each returning whether the deal ended: the deal
(deal.py), the announcements and answers (announcements.py), the tricks (play.py), the
settlement and the end of the match (settlement.py, with payout.py's sums). When a deal ends the
state passes it on and deals the next one, so no step calls back into the state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tourney.errors import IllegalActionError, InvalidActionError
from tourney.rules.games import Bot, Outcome
from tourney.rules.khlyust.actions import (
    CARD_BASE,
    DECLARE,
    EXCHANGE_BASE,
    N_ACTIONS,
    PASS,
    PLAY,
    action_text,
    exchange_cards,
)
from tourney.rules.khlyust.announcements import announcement_actions, answer, declare, exchange, pass_out, stay
from tourney.rules.khlyust.combos import DECK_32, DECK_36, NO_KHLYUST, khlyust_kind
from tourney.rules.khlyust.deal import Dealer, start_deal
from tourney.rules.khlyust.options import MAX_PLAYERS, MIN_PLAYERS, KhlyustOptions
from tourney.rules.khlyust.phases import ANSWER, OVER, TRICKS
from tourney.rules.khlyust.play import play_card
from tourney.rules.khlyust.record import GAME_NAME
from tourney.rules.khlyust.settlement import pass_deal_on
from tourney.rules.khlyust.view import FACE_DOWN, KhlyustView
from tourney.rules.tricks.actions import action_id
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import RandomDealer as RandomDealer  # the game's dealer: replay and tests take it here
from tourney.rules.tricks.deal import copy_dealer, first_dealer_by_lot
from tourney.rules.tricks.match import Match, check_seating
from tourney.rules.tricks.play import FOLLOW_HEAD, FOLLOW_TRUMP, legal_plays, why_illegal


class KhlyustState:
    """One Хлюст match at one table, from the first ante to the final chips: the match's chips,
    kassa, deal, calls and tricks."""

    def __init__(self, players: Sequence[str], dealer: Dealer, options: KhlyustOptions, *, first_dealer: int,
                 seed: int | None = None, start: bool = True) -> None:
        names = check_seating(players, first_dealer, "Хлюст", MIN_PLAYERS, MAX_PLAYERS, "§3.2")
        options.validate()
        self.players = names
        self.n = len(names)
        self.options = options
        self.seed = seed
        self.first_dealer = first_dealer
        self.card_dealer = dealer
        self.duel = self.n == 2
        self.deck = DECK_36 if self.duel else DECK_32
        self.policy = FOLLOW_HEAD if options.must_head else FOLLOW_TRUMP
        self.match = Match(self.n, [options.start_chips] * self.n, first_dealer, options.rotations, options.allow_debt)
        self.terminal = False
        self.to_act = -1
        self.phase = OVER
        self.decisions = 0
        self.pot = 0
        self.kassa = 0
        self.deal_no = 0
        self.antes: dict[int, int] = {}
        self.dealt: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.discards: list[list[int]] = [[] for _ in range(self.n)]
        self.upcard = -1
        self.trump = -1
        self.stock: list[int] = []
        self.stock_pos = 0
        self.zaruchny = -1
        self.podruchny = -1
        self.obliged: tuple[int, ...] = ()
        self.out: list[bool] = [False] * self.n
        self.declarer = -1
        self.locked = False
        self.concealers: list[int] = []
        self.calls: list[tuple[int, int, int]] = []
        self.order: list[int] = []
        self.turn = 0
        self.in_play: list[int] = []
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.face_down: list[bool] = []
        self.trick_no = 0
        self.tricks_won: list[int] = [0] * self.n
        self.seen_up: list[int] = []          # cards played face up in this deal
        self.seen_down: list[tuple[int, int]] = []  # (seat, card) played face down in this deal
        # The legal actions of the player to act, computed once per decision (view and apply share it).
        self._legal: list[int] | None = None
        self.event_log: list[dict[str, Any]] = [{
            "event": "game", "game": GAME_NAME, "seed": seed, "players": list(names),
            "options": options.to_dict(), "chips": dict(zip(names, self.match.chips, strict=True)),
            "duel": self.duel}]
        if start:  # `clone` builds an empty state and copies the match into it
            self._start_deal()

    @classmethod
    def new(cls, players: Sequence[str], rng: random.Random, options: KhlyustOptions | None = None,
            seed: int | None = None) -> KhlyustState:
        """A new match: the first dealer is drawn by lot (§3.4), every deal comes from `rng`."""
        first = first_dealer_by_lot(rng, len(players))
        return cls(players, RandomDealer(rng), options or KhlyustOptions(), first_dealer=first, seed=seed)

    # -- deals --

    def _start_deal(self) -> None:
        """The next deal, and the next after it while a deal ends as it is dealt (Листы, three aces),
        until a player must act or the match is over."""
        self._legal = None
        while start_deal(self) and pass_deal_on(self):
            pass

    def _deal_ended(self) -> None:
        """A deal was settled: it passes on, then the next deal, or the end of the match."""
        if pass_deal_on(self):
            self._start_deal()

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
        return announcement_actions(self, seat)

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
            ended = play_card(self, seat, action - CARD_BASE)
        elif phase == ANSWER:
            ended = answer(self, seat, action == PLAY)
        elif action == PLAY:
            ended = stay(self, seat)
        elif action == PASS:
            ended = pass_out(self, seat)
        elif action == DECLARE:
            ended = declare(self, seat)
        else:
            cards = exchange_cards(action)
            assert cards is not None
            ended = exchange(self, seat, cards)
        if ended:
            self._deal_ended()

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

    def hidden_cards(self, seat: int) -> frozenset[str]:
        """Every card of the deck but this seat's own (held, discarded or played face down), the
        upcard and the cards played face up in this deal."""
        if self.terminal:
            return frozenset()
        known = {*self.hands[seat], *self.discards[seat], self.upcard, *self.seen_up,
                 *(c for s, c in self.seen_down if s == seat)}
        return frozenset(CARD_TEXT[c] for c in self.deck if c not in known)

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self.event_log)

    def outcome(self) -> Outcome:
        if not self.terminal:
            raise IllegalActionError("the match is still being played: it has no outcome yet (§0.5)")
        return self.match.outcome(self.players)

    def clone(self) -> KhlyustState:
        """An independent copy with the same cards and the same future deals: every field of the
        match and its deal copied (lists, and each list in them), field by field, as a compiled
        class has no `__dict__` to walk."""
        other = KhlyustState(self.players, copy_dealer(self.card_dealer), self.options,
                             first_dealer=self.first_dealer, seed=self.seed, start=False)
        other.match = self.match.copy()
        other.terminal, other.to_act, other.phase, other.decisions = self.terminal, self.to_act, self.phase, \
            self.decisions
        other.pot, other.kassa, other.deal_no, other.antes = self.pot, self.kassa, self.deal_no, dict(self.antes)
        other.dealt = list(self.dealt)
        other.hands = [list(h) for h in self.hands]
        other.discards = [list(d) for d in self.discards]
        other.upcard, other.trump, other.stock, other.stock_pos = self.upcard, self.trump, list(self.stock), \
            self.stock_pos
        other.zaruchny, other.podruchny, other.obliged = self.zaruchny, self.podruchny, self.obliged
        other.out, other.declarer, other.locked = list(self.out), self.declarer, self.locked
        other.concealers, other.calls = list(self.concealers), list(self.calls)
        other.order, other.turn, other.in_play = list(self.order), self.turn, list(self.in_play)
        other.trick, other.trick_seats, other.face_down = list(self.trick), list(self.trick_seats), \
            list(self.face_down)
        other.trick_no, other.tricks_won = self.trick_no, list(self.tricks_won)
        other.seen_up, other.seen_down = list(self.seen_up), list(self.seen_down)
        other._legal = None if self._legal is None else list(self._legal)
        other.event_log = list(self.event_log)
        return other


def play_out(state: KhlyustState, bots: Sequence[Bot]) -> None:
    """The play loop (typed, so a compiled build calls the state directly)."""
    while not state.terminal:
        seat = state.to_act
        # `Any`: a bot's answer is untrusted; typed as `Bot.act`'s int, a compiled build would check it
        # itself and raise TypeError instead of the project's error (apply checks it).
        bot: Any = bots[seat]
        state.apply(bot.act(state.view(seat)))
