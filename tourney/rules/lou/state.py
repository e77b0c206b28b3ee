"""The Lou state machine (RULES §4 with the match of §0.5-§0.6).

A match is a run of *games*; a game is a run of deals that ends with a deal where nobody is
looed (or a lone player takes the pot). Every deal: 3 cards each from the dealer's left, an upcard
for trump, secret IN/OUT choices (sequential actions, revealed together once all have chosen),
draws of 0-3 cards in turn, three tricks, settlement. Chance comes only from the `Dealer` (a
`random.Random` for play, the record's cards for replay).

`LouState` is the match's public face (the legal actions, `apply`, the views, `clone`) over its
plain data, a `LouTable` (table.py: the pot, the game and the deal, the choices, draws and tricks,
the record). The rules of each step are functions of the table in their own modules: the games
and deals (deal.py), the IN/OUT choices and the draws (choices.py), the tricks (play.py), the
settlement and the end of the match (settlement.py, with payout.py's sums). A step that ends a
deal says so (phases.DEAL_OVER or GAME_OVER); the state then passes the deal on and deals the next
deal or game, so no step calls back up.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tourney.errors import IllegalActionError, InvalidActionError
from tourney.rules.games import Outcome
from tourney.rules.lou.actions import DRAW_BASE, IN, N_ACTIONS, OUT, PLAY_BASE, action_text, draw_action, draw_cards
from tourney.rules.lou.choices import declare, discard_and_draw
from tourney.rules.lou.deal import start_deal, start_game
from tourney.rules.lou.options import LouOptions
from tourney.rules.lou.phases import DEAL_GOES_ON, DECLARE, DRAW
from tourney.rules.lou.play import forced_lead, play_card, playable
from tourney.rules.lou.settlement import NEXT_DEAL, NEXT_GAME, pass_deal_on
from tourney.rules.lou.table import Dealer, LouTable
from tourney.rules.lou.view import LouView
from tourney.rules.tricks.actions import action_id
from tourney.rules.tricks.cards import CARD_TEXT, N_IDS
from tourney.rules.tricks.deal import RandomDealer as RandomDealer  # the game's dealer: replay and tests take it here
from tourney.rules.tricks.deal import discard_sets, first_dealer_by_lot
from tourney.rules.tricks.match import Match
from tourney.rules.tricks.play import why_illegal


class LouState:
    """One Lou match at one table, from the first ante to the final chips."""

    def __init__(self, players: Sequence[str], dealer: Dealer, options: LouOptions, *, first_dealer: int,
                 seed: int | None = None, start: bool = True) -> None:
        self.table = LouTable(players, dealer, options, first_dealer=first_dealer, seed=seed)
        # The legal actions of the player to act, computed once per decision (view and apply share it).
        self._legal: list[int] | None = None
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
        start_game(self.table)

    def _deal_ended(self, ended: int) -> None:
        """A deal was settled (`ended`: DEAL_OVER or GAME_OVER): it passes on, then the next deal or
        game, or the end of the match."""
        table = self.table
        after = pass_deal_on(table, ended)
        if after == NEXT_GAME:
            start_game(table)
        elif after == NEXT_DEAL:
            start_deal(table)

    # -- actions --

    def legal_actions(self) -> list[int]:
        return list(self._legal_now())

    def _legal_now(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[int]:
        table = self.table
        if table.terminal:
            return []
        phase = table.phase
        if phase == DECLARE:
            return [OUT, IN]
        hand = table.hands[table.to_act]
        if phase == DRAW:
            return sorted(draw_action(s) for s in discard_sets(hand, len(table.stock) - table.stock_pos))
        return [PLAY_BASE + c for c in playable(table, table.to_act)]

    def apply(self, action: object) -> None:
        """Play `action` for the player in turn: `InvalidActionError` if it is not an action id,
        `IllegalActionError` if the rules forbid it here; a refused action changes nothing."""
        table = self.table
        action = action_id(action, N_ACTIONS)
        if table.terminal:
            raise IllegalActionError(f"the match is over; {action_text(action)} cannot be played (§0.5)")
        phase = table.phase
        seat = table.to_act
        who = table.players[seat]
        if phase == DECLARE:
            if action > IN:
                raise IllegalActionError(f"{who} must declare IN or OUT first, not {action_text(action)} (§4.5)")
            table.decisions += 1
            self._legal = None
            ended = declare(table, seat, action)
            if ended != DEAL_GOES_ON:
                self._deal_ended(ended)
        elif phase == DRAW:
            if action < DRAW_BASE:
                raise IllegalActionError(
                    f"{who} must draw (DRAW:<discards> or DRAW:-), not {action_text(action)} (§4.6)")
            cards = draw_cards(action)
            if cards is None:
                raise InvalidActionError(f"unknown action id {action}: not a set of discards")
            hand = table.hands[seat]
            missing = [CARD_TEXT[c] for c in cards if c not in hand]
            if missing:
                raise IllegalActionError(f"{who} cannot discard {' '.join(missing)}: not in the hand (§4.6)")
            if len(cards) > len(table.stock) - table.stock_pos:
                raise IllegalActionError(f"{who} cannot draw {len(cards)}: the stock is too small (§4.5)")
            table.decisions += 1
            self._legal = None
            discard_and_draw(table, seat, cards)
        else:
            if not PLAY_BASE <= action < DRAW_BASE:
                raise IllegalActionError(f"{who} must play a card (PLAY:<card>), not {action_text(action)} (§4.7)")
            card = action - PLAY_BASE
            if action not in self._legal_now():
                raise IllegalActionError(f"{who} cannot play {CARD_TEXT[card]}: {self._why_not(seat, card)}")
            table.decisions += 1
            self._legal = None
            ended = play_card(table, seat, card)
            if ended != DEAL_GOES_ON:
                self._deal_ended(ended)

    def _why_not(self, seat: int, card: int) -> str:
        table = self.table
        hand = table.hands[seat]
        if card in hand and table.options.strict_loo and table.trick_no == 1 and not table.trick:
            return f"strict_loo: the first lead is {CARD_TEXT[forced_lead(table)]} (§4.7)"
        return why_illegal(card, hand, table.trick, table.trump, table.policy) or "not legal here (§4.7)"

    # -- what players see --

    def view(self, seat: int) -> LouView:
        table = self.table
        match = table.match
        legal = self._legal_now() if seat == table.to_act else []
        revealed = table.phase != DECLARE
        return LouView(seat, table.players, table.phase, legal, tuple(table.hands[seat]), table.upcard,
                       tuple(match.chips), table.pot, table.deal_pot, match.dealer, table.deal_no, table.game_no,
                       tuple(table.ins) if revealed else (), table.choices[seat], table.draws,
                       tuple(table.discards[seat]), table.trick_pairs,
                       table.trick_no, tuple(table.tricks_won), table.dummy_tricks, table.history)

    def hidden_cards(self, seat: int) -> frozenset[str]:
        """Every card but this seat's own (held or discarded), the upcard and the cards played."""
        table = self.table
        if table.terminal:
            return frozenset()
        known = {*table.hands[seat], *table.discards[seat], table.upcard, *table.played}
        return frozenset(CARD_TEXT[c] for c in range(N_IDS) if c not in known)

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self.table.event_log)

    def outcome(self) -> Outcome:
        if not self.table.terminal:
            raise IllegalActionError("the match is still being played: it has no outcome yet (§0.5)")
        return self.table.match.outcome(self.table.players)

    def clone(self) -> LouState:
        """An independent copy with the same cards and the same future deals."""
        other = LouState(self.players, self.table.card_dealer, self.options, first_dealer=self.table.first_dealer,
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
    def options(self) -> LouOptions:
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
    def pot(self) -> int:
        return self.table.pot

    @property
    def deal_no(self) -> int:
        return self.table.deal_no

    @property
    def deal_limit(self) -> int:
        return self.table.deal_limit

    @property
    def game_no(self) -> int:
        return self.table.game_no
