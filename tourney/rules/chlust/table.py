"""The data of a Chlust match at one table (RULES §2, the match of §0.5-§0.6): what the state
machine (state.py) keeps between decisions, what is hidden from each seat, and the results."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from tourney.errors import IllegalActionError, InvalidInputError
from tourney.rules.chlust.dealer import Dealer
from tourney.rules.chlust.deck import deck_ids, lowest_rank
from tourney.rules.chlust.options import MAX_PLAYERS, MIN_PLAYERS, ChlustRules
from tourney.rules.games import OptionValue, Outcome
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.match import Match

PHASE_SWAP: Final = 0
PHASE_BET: Final = 1
PHASE_PLAY: Final = 2
PHASE_OVER: Final = 3


class ChlustTable:
    """A Chlust match's chips, deal, bets and tricks; the transitions are `ChlustState`'s."""

    def __init__(self, players: Sequence[str], dealer: Dealer, *, first_dealer: int,
                 options: Mapping[str, OptionValue], seed: int | None = None) -> None:
        names = tuple(players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise InvalidInputError(f"a Chlust game seats {MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(names)}")
        if len(set(names)) != len(names):
            raise InvalidInputError("every player needs a different name")
        self.descriptor = ChlustRules.from_options(options)
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
        self._dealer = dealer
        self.match = Match(self.n, [start] * self.n, first_dealer, rotations, bool(options.get("allow_debt", False)))
        self.deck = deck_ids(self.descriptor.with_nines)
        self._low_rank = lowest_rank(self.descriptor.with_nines)
        self.deal = 0
        self.pot = 0
        self.terminal = False
        self.decisions = 0
        self._events: list[dict[str, Any]] = [{
            "event": "game", "game": "chlust", "seed": seed, "players": list(names), "options": dict(options),
            "chips": dict.fromkeys(names, start)}]
        self._outcome: Outcome | None = None
        # Per deal (set by _start_deal).
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
        self._legal: list[int] | None = None

    def _order_from_left(self, seats: Sequence[bool]) -> list[int]:
        """Seats flagged in `seats`, clockwise from the dealer's left."""
        dealer, n = self.match.dealer, self.n
        return [s for s in ((dealer + k) % n for k in range(1, n + 1)) if seats[s]]

    def _next_active(self, seat: int) -> int:
        n = self.n
        nxt = (seat + 1) % n
        while not self.active[nxt]:
            nxt = (nxt + 1) % n
        return nxt

    def hidden_cards(self, seat: int) -> frozenset[str]:
        """Other players' cards now, except the Ace a swap took from the upcard (it was shown)."""
        return frozenset(CARD_TEXT[c] for s in range(self.n) if s != seat for c in self.hands[s]
                         if c not in self.shown)

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self._events)

    def outcome(self) -> Outcome:
        if self._outcome is None:
            raise IllegalActionError("the match is not over yet: no outcome")
        return self._outcome

    def _copy_into(self, other: ChlustTable) -> None:
        """Copy every field of the match and its deal into `other`, a table built with the same
        players, options and seed (the rest of `clone`)."""
        other.match = self.match.copy()
        other.deal, other.pot, other.terminal, other.decisions = self.deal, self.pot, self.terminal, self.decisions
        other._events = list(self._events)
        other._outcome = self._outcome
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
