"""The Chlust state machine (RULES §2) over a match of deals (§0.5, §0.6), and its record.

A deal: antes (§2.3), three cards each from the dealer's left and a trump upcard (§2.4), the
optional Ace swap (§2.5), fixed-limit betting (§2.7), the showdown of combinations (§2.8) and,
when nobody has one, three tricks with must-head where most tricks take the pot (§2.9).
Actions are the integers of actions.py; chance comes only from the dealer (dealer.py).

`ChlustState` holds the table's data (the chips, the deal, the bets, the tricks, the record) and
its public face: the legal actions, `apply`, the views, `clone`. The rules of each step are
functions of the state in their own modules: the deal and the Ace swap (deal.py), the betting and
the showdown (betting.py), the tricks (play.py), the pot paid out and the end of the match
(settlement.py), who acts next (turns.py). A step that ends a deal says so; the state then deals
the next one, so no step calls back into the state.
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
from tourney.rules.chlust.deck import deck_ids, lowest_rank
from tourney.rules.chlust.options import MAX_PLAYERS, MIN_PLAYERS, ChlustRules
from tourney.rules.chlust.phases import PHASE_BET, PHASE_OVER, PHASE_PLAY, PHASE_SWAP
from tourney.rules.chlust.play import play_card
from tourney.rules.chlust.views import View
from tourney.rules.games import Bot, OptionValue, Outcome
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import first_dealer_by_lot
from tourney.rules.tricks.match import Match
from tourney.rules.tricks.play import FOLLOW_HEAD, legal_plays, why_illegal

# The action ids and the dealer, re-exported for the bots and the tests that import them from here.
__all__ = ["CALL", "FOLD", "KEEP", "PLAY_BASE", "RAISE", "SWAP", "ChlustState", "RandomDealer", "play_out"]


class ChlustState:
    """A match of Chlust at one table, from the first deal to the final chips: the match's chips,
    deal, bets and tricks."""

    def __init__(self, players: Sequence[str], dealer: Dealer, *, first_dealer: int,
                 options: Mapping[str, OptionValue], seed: int | None = None, deal_now: bool = True) -> None:
        names = tuple(players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise InvalidInputError(f"a Chlust game seats {MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(names)}")
        if len(set(names)) != len(names):
            raise InvalidInputError("every player needs a different name")
        self.rules = ChlustRules.from_options(options)
        start = int(options.get("start_chips", 20))
        rotations = int(options.get("rotations", 2))
        if start < 1:
            raise InvalidInputError(f"option 'start_chips' must be at least 1, not {start} (§0.5)")
        if rotations < 1:
            raise InvalidInputError(f"option 'rotations' must be at least 1, not {rotations} (§0.5)")
        self.players = names
        self.n = len(names)
        self.seed = seed
        self.options = dict(options)
        self.card_dealer = dealer
        self.match = Match(self.n, [start] * self.n, first_dealer, rotations, bool(options.get("allow_debt", False)))
        self.deck = deck_ids(self.rules.with_nines)
        self.low_rank = lowest_rank(self.rules.with_nines)
        self.deal = 0
        self.pot = 0
        self.terminal = False
        self.decisions = 0
        self.event_log: list[dict[str, Any]] = [{
            "event": "game", "game": "chlust", "seed": seed, "players": list(names), "options": dict(options),
            "chips": dict.fromkeys(names, start)}]
        self.final_outcome: Outcome | None = None
        # Per deal (set by deal.start_deal and the steps after it).
        self.phase = PHASE_OVER
        self.to_act = -1
        self.hands: list[list[int]] = [[] for _ in names]
        self.upcard = 0
        self.trump = 0
        self.wild = 0
        self.active = [False] * self.n
        self.n_active = 0
        self.paid = [0] * self.n
        self.received = [0] * self.n
        self.anted: list[int] = []
        self.contrib = [0] * self.n
        self.acted = [False] * self.n
        self.level = 0
        self.raises = 0
        self.cap = 0
        self.pot_before = 0
        self.swapper = -1
        self.shown: set[int] = set()
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.tricks_won = [0] * self.n
        self.trick_winners: list[int] = []
        self.leader = -1
        self.history: tuple[str, ...] = ()
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
        start_deal(self)

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
            if self.raises < self.rules.max_raises and self.level + self.rules.raise_unit <= self.cap:
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
            ended = play_card(self, action - PLAY_BASE)
        elif phase == PHASE_BET:
            ended = bet(self, action)
        else:
            swap_ace(self, action == SWAP)
            ended = False
        if ended:
            self._start_deal()

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
            if self.raises >= self.rules.max_raises:
                return f"RAISE: {self.raises} raises already, the most allowed in a betting round (§2.7)"
            return (f"RAISE: the bet level {self.level + self.rules.raise_unit} would pass the table-stakes cap "
                    f"{self.cap} (§2.7)")
        return f"{text} is not a betting action: {name} may FOLD, CALL or RAISE (§2.7)"

    def view(self, seat: int) -> View:
        if not 0 <= seat < self.n:
            raise InvalidInputError(f"seat {seat} is not a seat of {self.n} players")
        legal = tuple(self.legal_actions()) if seat == self.to_act else ()
        return View(seat, self.players, self.phase, self.deal, self.match.dealer, tuple(self.hands[seat]),
                    self.upcard, self.trump, self.wild, self.pot, tuple(self.match.chips), self.level,
                    tuple(self.contrib), self.raises, self.rules.max_raises, self.rules.raise_unit, self.cap,
                    tuple(self.active), tuple(self.trick), tuple(self.trick_seats), tuple(self.tricks_won),
                    self.history, legal, ACTION_TEXT)

    def hidden_cards(self, seat: int) -> frozenset[str]:
        """Other players' cards now, except the Ace a swap took from the upcard (it was shown)."""
        return frozenset(CARD_TEXT[c] for s in range(self.n) if s != seat for c in self.hands[s]
                         if c not in self.shown)

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self.event_log)

    def outcome(self) -> Outcome:
        if self.final_outcome is None:
            raise IllegalActionError("the match is not over yet: no outcome")
        return self.final_outcome

    def clone(self) -> ChlustState:
        """An independent copy with the same future deals: every field of the match and its deal
        copied, field by field, as a compiled class has no `__dict__` to walk."""
        dealer = self.card_dealer
        other = ChlustState(self.players, dealer.clone() if isinstance(dealer, RandomDealer) else dealer,
                            first_dealer=self.match.first_dealer, options=self.options, seed=self.seed,
                            deal_now=False)
        other.match = self.match.copy()
        other.deal, other.pot, other.terminal, other.decisions = self.deal, self.pot, self.terminal, self.decisions
        other.event_log = list(self.event_log)
        other.final_outcome = self.final_outcome
        other.phase, other.to_act = self.phase, self.to_act
        other.hands = [list(h) for h in self.hands]
        other.upcard, other.trump, other.wild = self.upcard, self.trump, self.wild
        other.active, other.n_active = list(self.active), self.n_active
        other.paid, other.received, other.anted = list(self.paid), list(self.received), list(self.anted)
        other.contrib, other.acted = list(self.contrib), list(self.acted)
        other.level, other.raises, other.cap = self.level, self.raises, self.cap
        other.pot_before, other.swapper, other.shown = self.pot_before, self.swapper, set(self.shown)
        other.trick, other.trick_seats = list(self.trick), list(self.trick_seats)
        other.tricks_won, other.trick_winners = list(self.tricks_won), list(self.trick_winners)
        other.leader, other.history = self.leader, self.history
        other._legal = None if self._legal is None else list(self._legal)
        return other


def play_out(state: ChlustState, bots: Sequence[Bot]) -> None:
    """The play loop (typed, so a compiled build calls the state directly)."""
    while not state.terminal:
        seat = state.to_act
        # `Any`: a bot's answer is untrusted; typed as `Bot.act`'s int, a compiled build would check it
        # itself and raise TypeError instead of the project's error (apply checks it).
        bot: Any = bots[seat]
        state.apply(bot.act(state.view(seat)))
