"""The Lou state machine (RULES §4 with the match of §0.5-§0.6).

A match is a run of *games*; a game is a run of deals that ends with a deal where nobody is
looed (or a lone player takes the pot). Every deal: 3 cards each from the dealer's left, an upcard
for trump, secret IN/OUT choices (sequential actions, revealed together once all have chosen),
draws of 0-3 cards in turn, three tricks, settlement. Chance comes only from the `Dealer` (a
`random.Random` for play, the record's cards for replay).

`LouState` holds the table's data (the pot, the game and the deal, the choices, draws and tricks,
the record) and its public face: the legal actions, `apply`, the views, `clone`. The rules of each
step are functions of the state in their own modules: the games and deals (deal.py), the IN/OUT
choices and the draws (choices.py), the tricks (play.py), the settlement and the end of the match
(settlement.py, with payout.py's sums). A step that ends a deal says so (phases.DEAL_OVER or
GAME_OVER); the state then passes the deal on and deals the next deal or game, so no step calls
back into the state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tourney.errors import IllegalActionError, InvalidActionError
from tourney.rules.games import Outcome
from tourney.rules.lou.actions import DRAW_BASE, IN, N_ACTIONS, OUT, PLAY_BASE, action_text, draw_action, draw_cards
from tourney.rules.lou.choices import declare, discard_and_draw
from tourney.rules.lou.deal import Dealer, start_deal, start_game
from tourney.rules.lou.options import MAX_PLAYERS, MIN_PLAYERS, LouOptions
from tourney.rules.lou.phases import DEAL_GOES_ON, DECLARE, DRAW
from tourney.rules.lou.play import forced_lead, play_card, playable
from tourney.rules.lou.record import game_event
from tourney.rules.lou.settlement import NEXT_DEAL, NEXT_GAME, pass_deal_on
from tourney.rules.lou.view import LouView
from tourney.rules.tricks.actions import action_id
from tourney.rules.tricks.cards import CARD_TEXT, N_IDS
from tourney.rules.tricks.deal import RandomDealer as RandomDealer  # the game's dealer: replay and tests take it here
from tourney.rules.tricks.deal import copy_dealer, discard_sets, first_dealer_by_lot
from tourney.rules.tricks.match import Match, check_seating
from tourney.rules.tricks.play import FOLLOW_HEAD, FOLLOW_ONLY, why_illegal


class LouState:
    """One Lou match at one table, from the first ante to the final chips: the match's chips, pot,
    games, deal, choices, draws and tricks."""

    def __init__(self, players: Sequence[str], dealer: Dealer, options: LouOptions, *, first_dealer: int,
                 seed: int | None = None, start: bool = True) -> None:
        names = check_seating(players, first_dealer, "Lou", MIN_PLAYERS, MAX_PLAYERS, "§4.2")
        options.validate()
        self.players = names
        self.n = len(names)
        self.options = options
        self.seed = seed
        self.first_dealer = first_dealer
        self.card_dealer = dealer
        self.policy = FOLLOW_HEAD if options.strict_loo else FOLLOW_ONLY
        self.deal_limit = options.deal_limit(self.n)
        self.match = Match(self.n, [options.start_chips] * self.n, first_dealer, options.rotations,
                           options.allow_debt)
        self.terminal = False
        self.to_act = -1
        self.phase = DECLARE
        self.decisions = 0
        self.pot = 0
        self.deal_pot = 0
        self.game_no = 0
        self.deal_no = 0
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.discards: list[list[int]] = [[] for _ in range(self.n)]
        self.dealt: list[int] = []
        self.upcard = -1
        self.trump = -1
        self.stock: list[int] = []
        self.stock_pos = 0
        self.choices: list[int] = [-1] * self.n
        self.turn = 0              # position in `order` of the player to act (declare, draw)
        self.order: list[int] = []
        self.ins: list[int] = []
        self.draws: tuple[tuple[int, int], ...] = ()
        self.trick_pairs: tuple[tuple[int, int], ...] = ()  # (seat, card) of the trick, for views
        self.dummy: list[int] = []
        self.has_dummy = False
        self.dummy_tricks = 0
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.trick_no = 0
        self.tricks_won: list[int] = [0] * self.n
        self.played: list[int] = []
        self.history: tuple[tuple[int, int, int], ...] = ()
        # The legal actions of the player to act, computed once per decision (view and apply share it).
        self._legal: list[int] | None = None
        self.event_log: list[dict[str, Any]] = [game_event(names, seed, options.to_dict(), self.match.chips)]
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
        """A new game: the antes, then its first deal (or the end of the match)."""
        self._legal = None
        start_game(self)

    def _deal_ended(self, ended: int) -> None:
        """A deal was settled (`ended`: DEAL_OVER or GAME_OVER): it passes on, then the next deal or
        game, or the end of the match."""
        after = pass_deal_on(self, ended)
        if after == NEXT_GAME:
            start_game(self)
        elif after == NEXT_DEAL:
            start_deal(self)

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
        return [PLAY_BASE + c for c in playable(self, self.to_act)]

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
            ended = declare(self, seat, action)
            if ended != DEAL_GOES_ON:
                self._deal_ended(ended)
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
            discard_and_draw(self, seat, cards)
        else:
            if not PLAY_BASE <= action < DRAW_BASE:
                raise IllegalActionError(f"{who} must play a card (PLAY:<card>), not {action_text(action)} (§4.7)")
            card = action - PLAY_BASE
            if action not in self._legal_now():
                raise IllegalActionError(f"{who} cannot play {CARD_TEXT[card]}: {self._why_not(seat, card)}")
            self.decisions += 1
            self._legal = None
            ended = play_card(self, seat, card)
            if ended != DEAL_GOES_ON:
                self._deal_ended(ended)

    def _why_not(self, seat: int, card: int) -> str:
        hand = self.hands[seat]
        if card in hand and self.options.strict_loo and self.trick_no == 1 and not self.trick:
            return f"strict_loo: the first lead is {CARD_TEXT[forced_lead(self)]} (§4.7)"
        return why_illegal(card, hand, self.trick, self.trump, self.policy) or "not legal here (§4.7)"

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

    def hidden_cards(self, seat: int) -> frozenset[str]:
        """Every card but this seat's own (held or discarded), the upcard and the cards played."""
        if self.terminal:
            return frozenset()
        known = {*self.hands[seat], *self.discards[seat], self.upcard, *self.played}
        return frozenset(CARD_TEXT[c] for c in range(N_IDS) if c not in known)

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self.event_log)

    def outcome(self) -> Outcome:
        if not self.terminal:
            raise IllegalActionError("the match is still being played: it has no outcome yet (§0.5)")
        return self.match.outcome(self.players)

    def clone(self) -> LouState:
        """An independent copy with the same cards and the same future deals: lists (and each list
        in them) and the match copied, field by field, as a compiled class has no `__dict__` to
        walk."""
        other = LouState(self.players, copy_dealer(self.card_dealer), self.options, first_dealer=self.first_dealer,
                         seed=self.seed, start=False)
        other.policy, other.deal_limit, other.match = self.policy, self.deal_limit, self.match.copy()
        other.terminal, other.to_act, other.phase = self.terminal, self.to_act, self.phase
        other.decisions = self.decisions
        other.pot, other.deal_pot, other.game_no, other.deal_no = self.pot, self.deal_pot, self.game_no, self.deal_no
        other.hands, other.discards = [list(h) for h in self.hands], [list(d) for d in self.discards]
        other.dealt, other.upcard, other.trump = list(self.dealt), self.upcard, self.trump
        other.stock, other.stock_pos, other.choices = list(self.stock), self.stock_pos, list(self.choices)
        other.turn, other.order, other.ins = self.turn, list(self.order), list(self.ins)
        other.draws, other.trick_pairs = self.draws, self.trick_pairs
        other.dummy, other.has_dummy, other.dummy_tricks = list(self.dummy), self.has_dummy, self.dummy_tricks
        other.trick, other.trick_seats, other.trick_no = list(self.trick), list(self.trick_seats), self.trick_no
        other.tricks_won, other.played, other.history = list(self.tricks_won), list(self.played), self.history
        other._legal = None if self._legal is None else list(self._legal)
        other.event_log = list(self.event_log)
        return other
