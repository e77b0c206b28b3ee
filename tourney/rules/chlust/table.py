"""The data of a Chlust match at one table (RULES §2, the match of §0.5-§0.6): what the state
keeps between decisions (the chips, the deal, the bets, the tricks, the record). Plain data: the
steps that change it are the functions of deal.py, betting.py, play.py and settlement.py, which
`ChlustState` (state.py) calls."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tourney.errors import InvalidInputError
from tourney.rules.chlust.dealer import Dealer, RandomDealer
from tourney.rules.chlust.deck import deck_ids, lowest_rank
from tourney.rules.chlust.options import MAX_PLAYERS, MIN_PLAYERS, ChlustRules
from tourney.rules.chlust.phases import PHASE_OVER
from tourney.rules.games import OptionValue, Outcome
from tourney.rules.tricks.match import Match


class ChlustTable:
    """A Chlust match's chips, deal, bets, tricks and record."""

    def __init__(self, players: Sequence[str], dealer: Dealer, *, first_dealer: int,
                 options: Mapping[str, OptionValue], seed: int | None = None) -> None:
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

    def copy(self) -> ChlustTable:
        """An independent copy with the same future deals: every field of the match and its deal
        copied, field by field, as a compiled class has no `__dict__` to walk."""
        dealer = self.card_dealer
        other = ChlustTable(self.players, dealer.clone() if isinstance(dealer, RandomDealer) else dealer,
                            first_dealer=self.match.first_dealer, options=self.options, seed=self.seed)
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
        return other
