"""The data of a Lou match at one table (RULES §4, the match of §0.5-§0.6): what the state keeps
between decisions (the pot, the game and the deal, the choices, draws and tricks, the record).
Plain data: the steps that change it are the functions of deal.py, choices.py, play.py and
settlement.py, which `LouState` (state.py) calls."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tourney.rules.lou.options import MAX_PLAYERS, MIN_PLAYERS, LouOptions
from tourney.rules.lou.phases import DECLARE
from tourney.rules.lou.record import game_event
from tourney.rules.tricks.deal import copy_dealer
from tourney.rules.tricks.match import Match, check_seating
from tourney.rules.tricks.play import FOLLOW_HEAD, FOLLOW_ONLY

# Deals a whole 52-card deck in order for the players named (dealt to in that order).
Dealer = Callable[[Sequence[str]], list[int]]


class LouTable:
    """A Lou match's chips, pot, games, deal, choices, draws, tricks and record."""

    def __init__(self, players: Sequence[str], dealer: Dealer, options: LouOptions, *, first_dealer: int,
                 seed: int | None = None) -> None:
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
        self.event_log: list[dict[str, Any]] = [game_event(names, seed, options.to_dict(), self.match.chips)]

    def copy(self) -> LouTable:
        """An independent copy with the same cards and the same future deals: lists (and each list
        in them) and the match copied, field by field, as a compiled class has no `__dict__` to walk."""
        other = LouTable(self.players, copy_dealer(self.card_dealer), self.options, first_dealer=self.first_dealer,
                         seed=self.seed)
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
        other.event_log = list(self.event_log)
        return other
