"""The Хлюст state machine (RULES §3, with the match of §0.5-§0.6).

Three or four players (§3.1-§3.10), per deal: the antes join the carried kassa (K0), 3 cards each
from the заручный and an upcard for trump (K1), Листы shown at once (K2), one pass of
announcements Z ... D (K3: declare, exchange, play, pass), the answers to a Хлюст (K4), three
tricks under FOLLOW_TRUMP (K5) and the settlement (K6). Two players play the 36-card duel
(§3.11): antes, 3 cards each, the non-dealer leads, 2 tricks take the pot. The variant is fixed
by the number of players at the start: a 3-4 player match in which players bust goes on under the
same rules (with two left, the dealer's neighbour is both заручный and подручный) [resolved].
Chance comes only from the `Dealer` (a `random.Random` for play, the record's cards for replay).

`KhlyustState` is the match's public face (the legal actions, `apply`, the views, `clone`) over
its plain data, a `KhlyustTable` (table.py: the kassa, the deal, the calls, the trick, the
record). The rules of each step are functions of the table in their own modules, each returning
whether it ended the deal: the deal (deal.py), the announcements and answers (announcements.py),
the tricks (play.py), the settlement and the end of the match (settlement.py, with payout.py's
sums). When a deal ends the state passes it on and deals the next one, so no step calls back up.
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
from tourney.rules.khlyust.combos import NO_KHLYUST, khlyust_kind
from tourney.rules.khlyust.deal import start_deal
from tourney.rules.khlyust.options import KhlyustOptions
from tourney.rules.khlyust.phases import ANSWER, TRICKS
from tourney.rules.khlyust.play import play_card
from tourney.rules.khlyust.settlement import pass_deal_on
from tourney.rules.khlyust.table import Dealer, KhlyustTable
from tourney.rules.khlyust.view import FACE_DOWN, KhlyustView
from tourney.rules.tricks.actions import action_id
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import RandomDealer as RandomDealer  # the game's dealer: replay and tests take it here
from tourney.rules.tricks.deal import first_dealer_by_lot
from tourney.rules.tricks.match import Match
from tourney.rules.tricks.play import legal_plays, why_illegal


class KhlyustState:
    """One Хлюст match at one table, from the first ante to the final chips."""

    def __init__(self, players: Sequence[str], dealer: Dealer, options: KhlyustOptions, *, first_dealer: int,
                 seed: int | None = None, start: bool = True) -> None:
        self.table = KhlyustTable(players, dealer, options, first_dealer=first_dealer, seed=seed)
        # The legal actions of the player to act, computed once per decision (view and apply share it).
        self._legal: list[int] | None = None
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
        while start_deal(self.table) and pass_deal_on(self.table):
            pass

    def _deal_ended(self) -> None:
        """A deal was settled: it passes on, then the next deal, or the end of the match."""
        if pass_deal_on(self.table):
            self._start_deal()

    # -- actions --

    def legal_actions(self) -> list[int]:
        if self.table.terminal:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> list[int]:
        table = self.table
        seat = table.to_act
        phase = table.phase
        if phase == TRICKS:
            return [CARD_BASE + c for c in legal_plays(table.hands[seat], table.trick, table.trump, table.policy,
                                                      table.face_down)]
        if phase == ANSWER:
            return [PLAY, PASS]
        return announcement_actions(table, seat)

    def apply(self, action: object) -> None:
        """Play `action` for the player in turn: `InvalidActionError` if it is not an action id,
        `IllegalActionError` if the rules forbid it here; a refused action changes nothing."""
        table = self.table
        action = action_id(action, N_ACTIONS)
        if action >= EXCHANGE_BASE and exchange_cards(action) is None:
            raise InvalidActionError(f"unknown action id {action}: not a set of 1-3 discards")
        if table.terminal:
            raise IllegalActionError(f"the match is over; {action_text(action)} cannot be played (§0.5)")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            who = table.players[table.to_act]
            raise IllegalActionError(f"{who} cannot {action_text(action)}: {self._why_not(action)}")
        self._legal = None
        table.decisions += 1
        seat = table.to_act
        phase = table.phase
        if phase == TRICKS:
            ended = play_card(table, seat, action - CARD_BASE)
        elif phase == ANSWER:
            ended = answer(table, seat, action == PLAY)
        elif action == PLAY:
            ended = stay(table, seat)
        elif action == PASS:
            ended = pass_out(table, seat)
        elif action == DECLARE:
            ended = declare(table, seat)
        else:
            cards = exchange_cards(action)
            assert cards is not None
            ended = exchange(table, seat, cards)
        if ended:
            self._deal_ended()

    def _why_not(self, action: int) -> str:
        """Why a well-formed action is not legal now (one sentence with its rule)."""
        table = self.table
        seat = table.to_act
        phase = table.phase
        if phase == TRICKS:
            if not CARD_BASE <= action < EXCHANGE_BASE:
                return "a card must be played now (PLAY:<card>) (§3.9)"
            return why_illegal(action - CARD_BASE, table.hands[seat], table.trick, table.trump, table.policy,
                               table.face_down) or "not legal here (§3.9)"
        if phase == ANSWER:
            return "a Хлюст is answered PLAY or PASS (§3.8)"
        if action >= CARD_BASE and action < EXCHANGE_BASE:
            return "no card is played before the announcements end (§3.7)"
        if action == PASS:
            return "the dealer and the подручный must play (§3.7)"
        if action == DECLARE:
            if table.locked:
                return "a Козырный Хлюст was declared: nothing more may be declared (§3.7)"
            return "the hand is no Хлюст (three of a suit, §3.5)"
        if action == PLAY:
            return "the Хлюст in hand must be declared (allow_concealment=false, §3.7)"
        cards = exchange_cards(action) or ()
        missing = [CARD_TEXT[c] for c in cards if c not in table.hands[seat]]
        if missing:
            return f"{' '.join(missing)} not in the hand (§3.7)"
        if seat in table.obliged and not table.options.obliged_may_exchange:
            return "the dealer and the подручный may not exchange (obliged_may_exchange=false, §3.7)"
        return f"at most {table.options.max_exchange} cards may be exchanged (max_exchange, §3.7)"

    # -- what players see --

    def view(self, seat: int) -> KhlyustView:
        table = self.table
        legal = self.legal_actions() if seat == table.to_act else []
        hand = table.hands[seat]
        trick = tuple((s, FACE_DOWN if down and s != seat else c)
                      for s, c, down in zip(table.trick_seats, table.trick, table.face_down, strict=True))
        return KhlyustView(
            seat, table.players, table.duel, table.phase, legal, tuple(hand), table.upcard, tuple(table.match.chips),
            table.pot, table.kassa, table.match.dealer, table.zaruchny, table.podruchny, table.deal_no, table.declarer,
            table.locked, khlyust_kind(hand, table.trump) if not table.duel else NO_KHLYUST, tuple(table.calls),
            tuple(table.in_play), tuple(table.discards[seat]), trick, table.trick_no, tuple(table.tricks_won))

    def hidden_cards(self, seat: int) -> frozenset[str]:
        """Every card of the deck but this seat's own (held, discarded or played face down), the
        upcard and the cards played face up in this deal."""
        table = self.table
        if table.terminal:
            return frozenset()
        known = {*table.hands[seat], *table.discards[seat], table.upcard, *table.seen_up,
                 *(c for s, c in table.seen_down if s == seat)}
        return frozenset(CARD_TEXT[c] for c in table.deck if c not in known)

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self.table.event_log)

    def outcome(self) -> Outcome:
        if not self.table.terminal:
            raise IllegalActionError("the match is still being played: it has no outcome yet (§0.5)")
        return self.table.match.outcome(self.table.players)

    def clone(self) -> KhlyustState:
        """An independent copy with the same cards and the same future deals."""
        other = KhlyustState(self.players, self.table.card_dealer, self.options, first_dealer=self.table.first_dealer,
                             seed=self.seed, start=False)
        other.table = self.table.copy()
        other._legal = None if self._legal is None else list(self._legal)
        return other

    # -- the table's fields that the game protocol, the engine, replays and tests read --

    @property
    def players(self) -> tuple[str, ...]:
        return self.table.players

    @property
    def n(self) -> int:
        return self.table.n

    @property
    def options(self) -> KhlyustOptions:
        return self.table.options

    @property
    def seed(self) -> int | None:
        return self.table.seed

    @property
    def terminal(self) -> bool:
        return self.table.terminal

    @property
    def to_act(self) -> int:
        return self.table.to_act

    @property
    def phase(self) -> int:
        return self.table.phase

    @property
    def decisions(self) -> int:
        return self.table.decisions

    @property
    def match(self) -> Match:
        return self.table.match

    @property
    def deal_no(self) -> int:
        return self.table.deal_no

    @property
    def pot(self) -> int:
        return self.table.pot

    @pot.setter
    def pot(self, chips: int) -> None:
        self.table.pot = chips

    @property
    def declarer(self) -> int:
        return self.table.declarer

    @property
    def locked(self) -> bool:
        return self.table.locked


def play_out(state: KhlyustState, bots: Sequence[Bot]) -> None:
    """The play loop (typed, so a compiled build calls the state directly)."""
    while not state.terminal:
        seat = state.to_act
        # `Any`: a bot's answer is untrusted; typed as `Bot.act`'s int, a compiled build would check it
        # itself and raise TypeError instead of the project's error (apply checks it).
        bot: Any = bots[seat]
        state.apply(bot.act(state.view(seat)))
