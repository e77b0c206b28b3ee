"""The data of a Хлюст match at one table (RULES §3, the match of §0.5-§0.6): what the state
keeps between decisions (the kassa, the deal, the calls, the trick, the record). Plain data: the
steps that change it are the functions of deal.py, announcements.py, play.py and settlement.py,
which `KhlyustState` (state.py) calls."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tourney.rules.khlyust.combos import DECK_32, DECK_36
from tourney.rules.khlyust.options import MAX_PLAYERS, MIN_PLAYERS, KhlyustOptions
from tourney.rules.khlyust.phases import OVER
from tourney.rules.khlyust.record import GAME_NAME
from tourney.rules.tricks.deal import copy_dealer
from tourney.rules.tricks.match import Match, check_seating
from tourney.rules.tricks.play import FOLLOW_HEAD, FOLLOW_TRUMP

# Deals one deck (the ids given) in a fresh order for the players named (dealt to in that order).
Dealer = Callable[[Sequence[str], tuple[int, ...]], list[int]]


class KhlyustTable:
    """A Хлюст match's chips, kassa, deal, calls, tricks and record."""

    def __init__(self, players: Sequence[str], dealer: Dealer, options: KhlyustOptions, *, first_dealer: int,
                 seed: int | None = None) -> None:
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
        self.event_log: list[dict[str, Any]] = [{
            "event": "game", "game": GAME_NAME, "seed": seed, "players": list(names),
            "options": options.to_dict(), "chips": dict(zip(names, self.match.chips, strict=True)),
            "duel": self.duel}]

    def copy(self) -> KhlyustTable:
        """An independent copy with the same cards and the same future deals: every field copied
        (lists, and each list in them), field by field, as a compiled class has no `__dict__` to walk."""
        other = KhlyustTable(self.players, copy_dealer(self.card_dealer), self.options, first_dealer=self.first_dealer,
                             seed=self.seed)
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
        other.event_log = list(self.event_log)
        return other
