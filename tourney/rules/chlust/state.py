"""The Chlust state machine (RULES §2) over a match of deals (§0.5, §0.6), and its record.

A deal: antes (§2.3), three cards each from the dealer's left and a trump upcard (§2.4), the
optional Ace swap (§2.5), fixed-limit betting (§2.7), the showdown of combinations (§2.8) and,
when nobody has one, three tricks with must-head where most tricks take the pot (§2.9).
Actions are integers: FOLD, CALL, RAISE, SWAP, KEEP, and PLAY_BASE + card id.
Chance is explicit: a dealer object hands out the cards (`RandomDealer` takes a `random.Random`;
the replayer scripts the recorded deals).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol

from tourney.errors import IllegalActionError, InvalidActionError, InvalidInputError
from tourney.rules.chlust.combos import showdown
from tourney.rules.chlust.deck import ACE, deck_ids, lowest_rank, parse_id, wild_card
from tourney.rules.chlust.options import MAX_PLAYERS, MIN_PLAYERS, ChlustRules
from tourney.rules.chlust.views import View
from tourney.rules.games import Bot, OptionValue, Outcome
from tourney.rules.tricks.cards import CARD_TEXT, N_IDS, SUITS
from tourney.rules.tricks.match import Match
from tourney.rules.tricks.play import FOLLOW_HEAD, legal_plays, trick_winner, why_illegal

FOLD: Final = 0
CALL: Final = 1
RAISE: Final = 2
SWAP: Final = 3
KEEP: Final = 4
PLAY_BASE: Final = 5
N_ACTIONS: Final = PLAY_BASE + N_IDS
ACTION_TEXT: Final[tuple[str, ...]] = ("FOLD", "CALL", "RAISE", "SWAP", "KEEP",
                                       *(f"PLAY:{CARD_TEXT[c]}" for c in range(N_IDS)))

PHASE_SWAP: Final = 0
PHASE_BET: Final = 1
PHASE_PLAY: Final = 2
PHASE_OVER: Final = 3


def action_id(text: str) -> int:
    """The id of an action given as text: FOLD, CALL, RAISE, SWAP, KEEP or PLAY:<card>."""
    word, _, card = text.strip().upper().partition(":")
    if word == "PLAY" and card:
        return PLAY_BASE + parse_id(card, True)
    if not card and word in ACTION_TEXT[:PLAY_BASE]:
        return ACTION_TEXT.index(word)
    raise InvalidActionError(f"unknown Chlust action {text!r} (FOLD, CALL, RAISE, SWAP, KEEP or PLAY:<card>)")


# --- chance -----------------------------------------------------------------------------------

class Dealer(Protocol):
    def __call__(self, deck: tuple[int, ...], names: list[str]) -> tuple[list[list[int]], int]:
        """Three cards for each of the players `names` (in dealing order), and the upcard."""
        ...


class RandomDealer:
    """Shuffles with the `random.Random` it is given: same seed, same deals, on every machine."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._random: Callable[[], float] = rng.random

    def clone(self) -> RandomDealer:
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        return RandomDealer(rng)

    def __call__(self, deck: tuple[int, ...], names: list[str]) -> tuple[list[list[int]], int]:
        players = len(names)
        cards = list(deck)
        size = len(cards)
        needed = 3 * players + 1
        rnd = self._random
        # A partial Fisher-Yates over the cards needed (at most 13 of 20).
        for i in range(needed):
            j = i + int(rnd() * (size - i))
            cards[i], cards[j] = cards[j], cards[i]
        # Dealt one at a time, clockwise: card k goes to player k mod n (§2.4).
        hands: list[list[int]] = [sorted(cards[p:3 * players:players]) for p in range(players)]
        return hands, cards[3 * players]


# --- the state --------------------------------------------------------------------------------

class ChlustState:
    """A match of Chlust at one table, from the first deal to the final chips."""

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
        self._dealer = dealer
        self.match = Match(self.n, [start] * self.n, first_dealer, rotations, bool(options.get("allow_debt", False)))
        self.deck = deck_ids(self.rules.with_nines)
        self._low_rank = lowest_rank(self.rules.with_nines)
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
        if deal_now:  # `clone` builds an empty state and copies the deal into it
            self._start_deal()

    @classmethod
    def new(cls, players: Sequence[str], rng: random.Random, options: Mapping[str, OptionValue],
            seed: int | None = None) -> ChlustState:
        """A new match: the first dealer is drawn by lot and every deal comes from `rng`."""
        first = int(rng.random() * len(players))
        return cls(players, RandomDealer(rng), first_dealer=first, options=options, seed=seed)

    # -- deals --

    def _order_from_left(self, seats: Sequence[bool]) -> list[int]:
        """Seats flagged in `seats`, clockwise from the dealer's left."""
        dealer, n = self.match.dealer, self.n
        return [s for s in ((dealer + k) % n for k in range(1, n + 1)) if seats[s]]

    def _start_deal(self) -> None:
        match = self.match
        ante = self.rules.ante
        if match.finished:
            self._finish()
            return
        self.deal += 1
        deal = self.deal
        self.pot_before = self.pot
        self.paid = [0] * self.n
        self.received = [0] * self.n
        self.anted = match.seated_from_left_of(match.dealer)
        paid, out = match.collect(self.anted, ante, deal)
        for seat, amount in paid.items():
            self.paid[seat] = amount
        self.pot += sum(paid.values())
        antes = {self.players[s]: a for s, a in paid.items()}
        busted = [self.players[s] for s in out]
        if match.seated_count() < 2:
            # The short players paid what they had and are out (§0.6): one player (or none) holds
            # chips, so the match ends (§0.5) and this deal is not dealt.
            self._events.append({
                "event": "deal", "deal": deal, "dealer": self.players[match.dealer], "antes": antes,
                "busted": busted, "hands": {}, "upcard": None, "trump": None, "pot": self.pot})
            self._finish()
            return
        self.active = [match.seated[s] for s in range(self.n)]
        order = self._order_from_left(self.active)
        self.n_active = len(order)
        dealt, upcard = self._dealer(self.deck, [self.players[s] for s in order])
        self.hands = [[] for _ in range(self.n)]
        for seat, hand in zip(order, dealt, strict=True):
            self.hands[seat] = list(hand)
        self.upcard = upcard
        self.trump = upcard & 3
        self.shown = set()
        self.history = ()
        self.tricks_won = [0] * self.n
        self.trick_winners = []
        self.trick, self.trick_seats = [], []
        self._events.append({
            "event": "deal", "deal": deal, "dealer": self.players[match.dealer], "antes": antes, "busted": busted,
            "hands": {self.players[s]: [CARD_TEXT[c] for c in self.hands[s]] for s in order},
            "upcard": CARD_TEXT[upcard], "trump": SUITS[self.trump], "pot": self.pot})
        self.swapper = self._swapper() if upcard >> 2 == ACE else -1
        if self.swapper >= 0:
            self.phase = PHASE_SWAP
            self.to_act = self.swapper
            self._legal = None
        else:
            self._start_betting()

    def _swapper(self) -> int:
        """Who may swap the Ace upcard (§2.5): the holder of the lowest trump of the deck, or with
        `ace_swap = lowest_held` of the lowest trump anyone holds; -1 for nobody."""
        trump = self.trump
        if self.rules.ace_swap == "lowest_card":
            wanted = self._low_rank * 4 + trump
            for seat in range(self.n):
                if wanted in self.hands[seat]:
                    return seat
            return -1
        best, holder = N_IDS, -1
        for seat in range(self.n):
            for card in self.hands[seat]:
                if card & 3 == trump and card < best:
                    best, holder = card, seat
        return holder

    def _start_betting(self) -> None:
        self.wild = wild_card(self.upcard, self.rules.spade_ten_rule)
        self.phase = PHASE_BET
        self.level = 0
        self.raises = 0
        self.contrib = [0] * self.n
        self.acted = [False] * self.n
        chips = self.match.chips
        self.cap = min(chips[s] for s in range(self.n) if self.active[s])
        self.to_act = self._next_active(self.match.dealer)
        self._legal = None

    def _next_active(self, seat: int) -> int:
        n = self.n
        nxt = (seat + 1) % n
        while not self.active[nxt]:
            nxt = (nxt + 1) % n
        return nxt

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
            self._play(action - PLAY_BASE)
        elif phase == PHASE_BET:
            self._bet(action)
        else:
            self._swap(action == SWAP)

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

    def _swap(self, swap: bool) -> None:
        seat = self.swapper
        name = self.players[seat]
        event: dict[str, Any] = {"event": "swap", "deal": self.deal, "player": name, "swap": swap}
        if swap:
            hand = self.hands[seat]
            low = min(c for c in hand if c & 3 == self.trump)
            hand.remove(low)
            hand.append(self.upcard)
            hand.sort()
            self.shown.add(self.upcard)
            self.upcard = low
            event["card"] = CARD_TEXT[low]
            self.history += (f"{name} SWAP {CARD_TEXT[low]}",)
        else:
            self.history += (f"{name} KEEP",)
        self._events.append(event)
        self._start_betting()

    def _bet(self, action: int) -> None:
        seat = self.to_act
        name = self.players[seat]
        deal = self.deal
        if action == FOLD:
            self.active[seat] = False
            self.n_active -= 1
            self._events.append({"event": "fold", "deal": deal, "player": name})
            self.history += (f"{name} FOLD",)
            if self.n_active == 0:
                self._settle(-1, "all_fold")
                return
            if self.n_active == 1 and not self.rules.last_may_fold:
                self._settle(self._next_active(seat), "fold")
                return
        else:
            if action == RAISE:
                self.level += self.rules.raise_unit
                self.raises += 1
                for other in range(self.n):
                    self.acted[other] = False
            cost = self.level - self.contrib[seat]
            paid = self.match.pay(seat, cost, deal)  # never short: the cap is the smallest stack
            self.pot += paid
            self.paid[seat] += paid
            self.contrib[seat] = self.level
            self.acted[seat] = True
            self._events.append({"event": "bet", "deal": deal, "player": name, "action": ACTION_TEXT[action],
                                 "amount": paid, "level": self.level})
            self.history += (f"{name} {ACTION_TEXT[action]}",)
        if all(self.acted[s] and self.contrib[s] == self.level for s in range(self.n) if self.active[s]):
            if self.n_active == 1:
                self._settle(self._next_active(seat), "fold")
            else:
                self._showdown()
            return
        self.to_act = self._next_active(seat)

    def _showdown(self) -> None:
        order = self._order_from_left(self.active)
        result = showdown([self.hands[s] for s in order], self.trump, self.wild, self.deck,
                          self.rules.tiebreak_order)
        combinations: dict[str, Any] = {}
        none: list[str] = []
        for seat, combo in zip(order, result.combinations, strict=True):
            if combo is None:
                none.append(self.players[seat])
            else:
                combinations[self.players[seat]] = {
                    "cards": [CARD_TEXT[c] for c in self.hands[seat]], "kind": combo.kind_name, "pure": combo.pure,
                    "trump": combo.trump}
        winner = -1 if result.winner is None else order[result.winner]
        self._events.append({"event": "showdown", "deal": self.deal, "wild": CARD_TEXT[self.wild],
                             "combinations": combinations, "none": none,
                             "winner": None if winner < 0 else self.players[winner],
                             "decided_by": result.decided_by})
        if winner >= 0:
            self._settle(winner, "showdown")
            return
        # No combination: tricks. The dealer leads; if he is out, the first player in from his left.
        dealer = self.match.dealer
        self.leader = dealer if self.active[dealer] else self._next_active(dealer)
        self.phase = PHASE_PLAY
        self.to_act = self.leader
        self.history += ("showdown: no combination",)

    def _play(self, card: int) -> None:
        seat = self.to_act
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        self._events.append({"event": "play", "deal": self.deal, "player": self.players[seat],
                             "card": CARD_TEXT[card]})
        if len(self.trick) < self.n_active:
            self.to_act = self._next_active(seat)
            return
        winner = self.trick_seats[trick_winner(self.trick, self.trump)]
        self.tricks_won[winner] += 1
        self.trick_winners.append(winner)
        self._events.append({
            "event": "trick", "deal": self.deal, "trick": len(self.trick_winners),
            "leader": self.players[self.trick_seats[0]],
            "cards": [[self.players[s], CARD_TEXT[c]] for s, c in zip(self.trick_seats, self.trick, strict=True)],
            "winner": self.players[winner]})
        self.history += (" ".join(f"{self.players[s]} {CARD_TEXT[c]}" for s, c in
                                  zip(self.trick_seats, self.trick, strict=True)) + f": {self.players[winner]}",)
        self.trick, self.trick_seats = [], []
        if len(self.trick_winners) < 3:
            self.to_act = winner
            return
        self._settle_tricks()

    def _settle_tricks(self) -> None:
        most = max(self.tricks_won)
        tied = [s for s in self._order_from_left(self.active) if self.tricks_won[s] == most]
        if len(tied) == 1:
            self._settle(tied[0], "tricks")
            return
        rule = self.rules.trick_tie
        if rule == "split":
            each, rest = divmod(self.pot, len(tied))
            for i, seat in enumerate(tied):  # the leftover chips go to the tied elder hand
                self._pay_out(seat, each + (rest if i == 0 else 0))
            self.pot = 0
            self._settle(-1, "tie")
        elif rule == "first_trick":
            self._settle(next(s for s in self.trick_winners if s in tied), "tie")
        else:
            self._settle(-1, "tie")

    def _pay_out(self, seat: int, amount: int) -> None:
        self.match.receive(seat, amount)
        self.received[seat] += amount

    def _settle(self, winner: int, reason: str) -> None:
        if winner >= 0:
            self._pay_out(winner, self.pot)
            self.pot = 0
        match = self.match
        event: dict[str, Any] = {"event": "settle", "deal": self.deal,
                                 "winner": None if winner < 0 else self.players[winner], "reason": reason}
        if self.trick_winners:
            event["tricks"] = {self.players[s]: self.tricks_won[s] for s in self._order_from_left(self.active)}
        event["deltas"] = {self.players[s]: self.received[s] - self.paid[s] for s in self.anted}
        event["pot"] = self.pot
        self._events.append(event)
        # A player left without chips is out now, so the deal never passes to him (if nobody has
        # chips, the players of this deal share the carried pot at the end: `Match.split_pot`).
        match.bust_empty(self.deal)
        match.pass_deal()
        self._start_deal()

    def _finish(self) -> None:
        match = self.match
        split = match.split_pot(self.pot) if self.pot else {}
        self.pot = 0
        order, places = match.finishing_order()
        names = self.players
        self.terminal = True
        self.phase = PHASE_OVER
        self.to_act = -1
        self._legal = []
        standings = tuple(names[s] for s in order)
        chips = tuple(match.chips[s] for s in order)
        self._outcome = Outcome(standings=standings, places=tuple(places), chips=chips)
        self._events.append({
            "event": "end", "deals": self.deal, "chips": {names[s]: match.chips[s] for s in range(self.n)},
            "pot": 0, "split": {names[s]: amount for s, amount in split.items()}, "standings": list(standings),
            "places": list(places)})

    # -- what the seats see --

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

    # -- results --

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self._events)

    def outcome(self) -> Outcome:
        if self._outcome is None:
            raise IllegalActionError("the match is not over yet: no outcome")
        return self._outcome

    def clone(self) -> ChlustState:
        """An independent copy with the same future deals (every mutable field copied)."""
        dealer = self._dealer
        other = ChlustState(self.players, dealer.clone() if isinstance(dealer, RandomDealer) else dealer,
                            first_dealer=self.match.first_dealer, options=self.options, seed=self.seed,
                            deal_now=False)
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
        return other


def play_out(state: ChlustState, bots: Sequence[Bot]) -> None:
    """The play loop (typed, so a compiled build calls the state directly)."""
    while not state.terminal:
        seat = state.to_act
        # `Any`: a bot's answer is untrusted; typed as `Bot.act`'s int, a compiled build would check it
        # itself and raise TypeError instead of the project's error (apply checks it).
        bot: Any = bots[seat]
        state.apply(bot.act(state.view(seat)))
