"""The Chlust state machine (RULES §2) over a match of deals (§0.5, §0.6), and its record.

A deal: antes (§2.3), three cards each from the dealer's left and a trump upcard (§2.4), the
optional Ace swap (§2.5), fixed-limit betting (§2.7), the showdown of combinations (§2.8) and,
when nobody has one, three tricks with must-head where most tricks take the pot (§2.9).
Actions are the integers of actions.py; chance comes only from the dealer (dealer.py).

`ChlustState` is the match's public face (the legal actions, `apply`, the views, `clone`) over
its plain data, a `ChlustTable` (table.py: the chips, the deal, the bets, the tricks, the record).
The rules of each step are functions of the table in their own modules: the deal and the Ace swap
(deal.py), the betting and the showdown (betting.py), the tricks (play.py), the pot paid out and
the end of the match (settlement.py), who acts next (turns.py). A step that ends a deal says so;
the state then deals the next one, so no step calls back up.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tourney.errors import IllegalActionError, InvalidActionError, InvalidInputError
from tourney.rules.chlust.actions import ACTION_TEXT, CALL, FOLD, KEEP, N_ACTIONS, PLAY_BASE, RAISE, SWAP
from tourney.rules.chlust.betting import bet
from tourney.rules.chlust.deal import start_deal, swap_ace
from tourney.rules.chlust.dealer import Dealer, RandomDealer
from tourney.rules.chlust.phases import PHASE_BET, PHASE_PLAY, PHASE_SWAP
from tourney.rules.chlust.play import play_card
from tourney.rules.chlust.table import ChlustTable
from tourney.rules.chlust.views import View
from tourney.rules.games import Bot, OptionValue, Outcome
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import first_dealer_by_lot
from tourney.rules.tricks.match import Match
from tourney.rules.tricks.play import FOLLOW_HEAD, legal_plays, why_illegal

# The action ids and the dealer, re-exported for the bots and the tests that import them from here.
__all__ = ["CALL", "FOLD", "KEEP", "PLAY_BASE", "RAISE", "SWAP", "ChlustState", "RandomDealer", "play_out"]


class ChlustState:
    """A match of Chlust at one table, from the first deal to the final chips."""

    def __init__(self, players: Sequence[str], dealer: Dealer, *, first_dealer: int,
                 options: Mapping[str, OptionValue], seed: int | None = None, deal_now: bool = True) -> None:
        self.table = ChlustTable(players, dealer, first_dealer=first_dealer, options=options, seed=seed)
        # The legal actions of the player to act, computed once per decision (view and apply share it).
        self._legal: list[int] | None = None
        if deal_now:  # `clone` builds an empty state and copies the deal into it
            self._start_deal()

    @classmethod
    def new(cls, players: Sequence[str], rng: random.Random, options: Mapping[str, OptionValue],
            seed: int | None = None) -> ChlustState:
        """A new match: the first dealer is drawn by lot and every deal comes from `rng`."""
        first = first_dealer_by_lot(rng, len(players))
        return cls(players, RandomDealer(rng), first_dealer=first, options=options, seed=seed)

    def _start_deal(self) -> None:
        """The next deal (or the end of the match)."""
        self._legal = None
        start_deal(self.table)

    # -- actions --

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[int]:
        table = self.table
        phase = table.phase
        if phase == PHASE_PLAY:
            hand = table.hands[table.to_act]
            return [PLAY_BASE + c for c in legal_plays(hand, table.trick, table.trump, FOLLOW_HEAD)]
        if phase == PHASE_BET:
            if table.n_active == 1:
                return [FOLD, CALL]  # last_may_fold: the last player in may fold too
            if table.raises < table.rules.max_raises and table.level + table.rules.raise_unit <= table.cap:
                return [FOLD, CALL, RAISE]
            return [FOLD, CALL]
        if phase == PHASE_SWAP:
            return [SWAP, KEEP]
        return []

    def apply(self, action: object) -> None:
        """Play `action` for the player in turn: `InvalidActionError` if it is not an action id,
        `IllegalActionError` if the rules forbid it here; a refused action changes nothing."""
        table = self.table
        # `object`, not `int`: a compiled build would raise TypeError on a bool or a float itself.
        if action.__class__ is not int:
            raise InvalidActionError(f"an action is an integer id, not {action!r}")
        assert isinstance(action, int)
        if table.terminal:
            raise IllegalActionError("the match is over")
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:
            if not 0 <= action < N_ACTIONS:
                raise InvalidActionError(f"unknown action id {action} (0..{N_ACTIONS - 1})")
            raise IllegalActionError(self._why_illegal(action))
        table.decisions += 1
        self._legal = None
        phase = table.phase
        if phase == PHASE_PLAY:
            ended = play_card(table, action - PLAY_BASE)
        elif phase == PHASE_BET:
            ended = bet(table, action)
        else:
            swap_ace(table, action == SWAP)
            ended = False
        if ended:
            self._start_deal()

    def _why_illegal(self, action: int) -> str:
        table = self.table
        name = table.players[table.to_act]
        text = ACTION_TEXT[action]
        if table.phase == PHASE_PLAY:
            if action < PLAY_BASE:
                return f"{text} is not a play: {name} plays a card to the trick (§2.9)"
            reason = why_illegal(action - PLAY_BASE, table.hands[table.to_act], table.trick, table.trump, FOLLOW_HEAD)
            return f"{name} may not play {CARD_TEXT[action - PLAY_BASE]}: {reason}"
        if table.phase == PHASE_SWAP:
            return f"{text}: {name} may only SWAP or KEEP the Ace upcard now (§2.5)"
        if action == RAISE:
            if table.raises >= table.rules.max_raises:
                return f"RAISE: {table.raises} raises already, the most allowed in a betting round (§2.7)"
            return (f"RAISE: the bet level {table.level + table.rules.raise_unit} would pass the table-stakes cap "
                    f"{table.cap} (§2.7)")
        return f"{text} is not a betting action: {name} may FOLD, CALL or RAISE (§2.7)"

    def view(self, seat: int) -> View:
        table = self.table
        if not 0 <= seat < table.n:
            raise InvalidInputError(f"seat {seat} is not a seat of {table.n} players")
        legal = tuple(self.legal_actions()) if seat == table.to_act else ()
        return View(seat, table.players, table.phase, table.deal, table.match.dealer, tuple(table.hands[seat]),
                    table.upcard, table.trump, table.wild, table.pot, tuple(table.match.chips), table.level,
                    tuple(table.contrib), table.raises, table.rules.max_raises, table.rules.raise_unit, table.cap,
                    tuple(table.active), tuple(table.trick), tuple(table.trick_seats), tuple(table.tricks_won),
                    table.history, legal, ACTION_TEXT)

    def hidden_cards(self, seat: int) -> frozenset[str]:
        """Other players' cards now, except the Ace a swap took from the upcard (it was shown)."""
        table = self.table
        return frozenset(CARD_TEXT[c] for s in range(table.n) if s != seat for c in table.hands[s]
                         if c not in table.shown)

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self.table.event_log)

    def outcome(self) -> Outcome:
        outcome = self.table.final_outcome
        if outcome is None:
            raise IllegalActionError("the match is not over yet: no outcome")
        return outcome

    def clone(self) -> ChlustState:
        """An independent copy with the same future deals."""
        other = ChlustState(self.players, self.table.card_dealer, first_dealer=self.table.match.first_dealer,
                            options=self.options, seed=self.seed, deal_now=False)
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
    def options(self) -> dict[str, OptionValue]:
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
    def deal(self) -> int:
        return self.table.deal

    @property
    def pot(self) -> int:
        return self.table.pot

    @pot.setter
    def pot(self, chips: int) -> None:
        self.table.pot = chips


def play_out(state: ChlustState, bots: Sequence[Bot]) -> None:
    """The play loop (typed, so a compiled build calls the state directly)."""
    while not state.terminal:
        seat = state.to_act
        # `Any`: a bot's answer is untrusted; typed as `Bot.act`'s int, a compiled build would check it
        # itself and raise TypeError instead of the project's error (apply checks it).
        bot: Any = bots[seat]
        state.apply(bot.act(state.view(seat)))
