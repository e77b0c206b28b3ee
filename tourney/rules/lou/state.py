"""The Lou state machine (RULES §4 with the match of §0.5-§0.6).

A match is a run of *games*; a game is a run of deals that ends with a deal where nobody is
looed (or a lone player takes the pot). Every deal: 3 cards each from the dealer's left, an upcard
for trump, secret IN/OUT choices (sequential actions, revealed together once all have chosen),
draws of 0-3 cards in turn, three tricks, settlement. Chance comes only from the `Dealer` (a
`random.Random` for play, the record's cards for replay).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from tourney.errors import IllegalActionError, InvalidActionError, InvalidInputError
from tourney.rules.games import Outcome
from tourney.rules.lou.actions import DRAW_BASE, IN, N_ACTIONS, OUT, PLAY_BASE, action_text, draw_action, draw_cards
from tourney.rules.lou.options import MAX_PLAYERS, MIN_PLAYERS, LouOptions
from tourney.rules.lou.record import deal_event, game_event, name_of
from tourney.rules.lou.settle import settle
from tourney.rules.lou.view import LouView
from tourney.rules.tricks.actions import action_id
from tourney.rules.tricks.cards import CARD_TEXT, N_IDS
from tourney.rules.tricks.deal import RandomDealer as RandomDealer  # the game's dealer: replay and tests take it here
from tourney.rules.tricks.deal import deal_hands, discard_sets, draw, round_from
from tourney.rules.tricks.match import Match
from tourney.rules.tricks.play import FOLLOW_HEAD, FOLLOW_ONLY, legal_plays, trick_winner, why_illegal

DECLARE: Final = 0
DRAW: Final = 1
PLAY: Final = 2
OVER: Final = 3
DUMMY: Final = -1
ACE: Final = 12
KING: Final = 11

# Deals a whole 52-card deck in order for the players named (dealt to in that order).
Dealer = Callable[[Sequence[str]], list[int]]


def upcard_value(card: int) -> int:
    """The count-lead value of the upcard (§4.7): A = 1, 2-10 face value, J 11, Q 12, K 13."""
    rank = card >> 2
    return 1 if rank == ACE else rank + 2


class LouState:
    """One Lou match at one table, from the first ante to the final chips."""

    def __init__(self, players: Sequence[str], dealer: Dealer, options: LouOptions, *, first_dealer: int,
                 seed: int | None = None, start: bool = True) -> None:
        names = tuple(players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise InvalidInputError(f"a Lou game seats {MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(names)} (§4.2)")
        if len(set(names)) != len(names):
            raise InvalidInputError("player names must be distinct")
        if not 0 <= first_dealer < len(names):
            raise InvalidInputError(f"first dealer seat {first_dealer} is not a seat of {len(names)} players")
        options.validate()
        self.players = names
        self.n = len(names)
        self.options = options
        self.seed = seed
        self.first_dealer = first_dealer
        self._dealer = dealer
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
        self._events: list[dict[str, Any]] = [
            game_event(names, seed, options.to_dict(), self.match.chips)]
        if start:
            self._start_game()

    @classmethod
    def new(cls, players: Sequence[str], rng: random.Random, options: LouOptions | None = None,
            seed: int | None = None) -> LouState:
        """A new match: the first dealer is drawn by lot, every deal comes from `rng`."""
        first = int(rng.random() * len(players))
        return cls(players, RandomDealer(rng), options or LouOptions(), first_dealer=first, seed=seed)

    # -- games and deals --

    def _start_game(self) -> None:
        """A new game: the antes (§4.3), then its first deal."""
        self.game_no += 1
        match = self.match
        deal = self.deal_no + 1
        payers = [match.dealer] if self.options.ante_by == "dealer" else match.seated_from_left_of(match.dealer)
        antes, out = match.collect(payers, self.options.ante, deal)
        self.pot += sum(antes.values())
        players = self.players
        self._events.append({"event": "ante", "game_no": self.game_no, "deal": deal,
                             "antes": {players[s]: a for s, a in antes.items()}, "busted": [players[s] for s in out],
                             "pot": self.pot})
        if match.seated_count() < 2:
            self._finish()
            return
        self._start_deal()

    def _start_deal(self) -> None:
        match = self.match
        self.deal_no += 1
        dealt = match.seated_from_left_of(match.dealer)
        self.hands, self.upcard, self.stock = deal_hands(self._dealer([self.players[s] for s in dealt]), dealt, self.n)
        self.discards = [[] for _ in range(self.n)]
        self.trump = self.upcard & 3
        self.stock_pos = 0
        self.dealt = dealt
        self.deal_pot = self.pot
        self.choices = [-1] * self.n
        self.order = dealt
        self.turn = 0
        self.ins = []
        self.draws = ()
        self.trick_pairs = ()
        self.dummy = []
        self.has_dummy = False
        self.dummy_tricks = 0
        self.trick = []
        self.trick_seats = []
        self.trick_no = 0
        self.tricks_won = [0] * self.n
        self.played = []
        self.phase = DECLARE
        self.to_act = dealt[0]
        self._events.append(deal_event(self.players, self.deal_no, self.game_no, match.dealer, self.pot,
                                       [(s, self.hands[s]) for s in dealt], self.upcard))

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
        return [PLAY_BASE + c for c in self._playable(self.to_act)]

    def _playable(self, seat: int) -> list[int]:
        hand = self.hands[seat] if seat >= 0 else self.dummy
        if self.options.strict_loo and self.trick_no == 1 and not self.trick:
            forced = self._forced_lead()
            if forced in hand:
                return [forced]
        return legal_plays(hand, self.trick, self.trump, self.policy)

    def _forced_lead(self) -> int:
        """strict_loo: the first lead is the trump ace, or the king when the ace is the upcard (§4.7)."""
        ace = ACE * 4 + self.trump
        return KING * 4 + self.trump if self.upcard == ace else ace

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
            self._declare(seat, action)
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
            self._draw(seat, cards)
        else:
            if not PLAY_BASE <= action < DRAW_BASE:
                raise IllegalActionError(f"{who} must play a card (PLAY:<card>), not {action_text(action)} (§4.7)")
            card = action - PLAY_BASE
            if action not in self._legal_now():
                raise IllegalActionError(f"{who} cannot play {CARD_TEXT[card]}: {self._why_not(seat, card)}")
            self.decisions += 1
            self._legal = None
            self._play(seat, card)

    def _why_not(self, seat: int, card: int) -> str:
        hand = self.hands[seat]
        if card in hand and self.options.strict_loo and self.trick_no == 1 and not self.trick:
            return f"strict_loo: the first lead is {CARD_TEXT[self._forced_lead()]} (§4.7)"
        return why_illegal(card, hand, self.trick, self.trump, self.policy) or "not legal here (§4.7)"

    def _declare(self, seat: int, choice: int) -> None:
        self.choices[seat] = choice
        self.turn += 1
        if self.turn < len(self.order):
            self.to_act = self.order[self.turn]
            return
        # Everyone has chosen: the choices are revealed together (§4.5).
        for s in self.dealt:
            self._events.append({"event": "in" if self.choices[s] == IN else "out", "deal": self.deal_no,
                                 "player": self.players[s]})
        self.ins = [s for s in self.dealt if self.choices[s] == IN]
        if not self.ins:
            self._settle_without_play("misdeal", {})
            return
        if len(self.ins) == 1 and self.options.lone_player == "takes_pot":
            lone = self.ins[0]
            won = self.pot
            self.match.receive(lone, won)
            self.pot = 0
            self._settle_without_play("lone", {self.players[lone]: won})
            return
        if len(self.ins) == 1:
            self.dummy = self.stock[:3]
            self.has_dummy = True
            self.stock_pos = 3
            self._events.append({"event": "dummy", "deal": self.deal_no, "hand": [CARD_TEXT[c] for c in self.dummy]})
        self.phase = DRAW
        self.order = self.ins
        self.turn = 0
        self.to_act = self.ins[0]

    def _draw(self, seat: int, cards: tuple[int, ...]) -> None:
        self.hands[seat], drawn = draw(self.hands[seat], cards, self.stock, self.stock_pos)
        self.stock_pos += len(cards)
        self.discards[seat] = list(cards)
        self.draws += ((seat, len(cards)),)
        self._events.append({"event": "draw", "deal": self.deal_no, "player": self.players[seat],
                             "discards": [CARD_TEXT[c] for c in cards], "cards": [CARD_TEXT[c] for c in drawn]})
        self.turn += 1
        if self.turn < len(self.order):
            self.to_act = self.order[self.turn]
            return
        self._start_play()

    def _start_play(self) -> None:
        ins = self.ins
        if self.has_dummy:
            leader = ins[0]  # the lone player leads against the dummy [resolved]
        elif self.options.lead == "upcard_count":
            leader = ins[(upcard_value(self.upcard) - 1) % len(ins)]
        else:
            leader = ins[0]
        self.phase = PLAY
        self.trick_no = 1
        self._start_trick(leader)

    def _start_trick(self, leader: int) -> None:
        if self.has_dummy:
            self.order = [leader, DUMMY if leader >= 0 else self.ins[0]]
        else:
            self.order = round_from(self.ins, leader)
        self.turn = 0
        self.trick = []
        self.trick_seats = []
        self.trick_pairs = ()
        self.to_act = leader
        if leader == DUMMY:
            self._play(DUMMY, self._dummy_card())

    def _dummy_card(self) -> int:
        """The dummy's card [resolved]: it leads its highest card (a trump above all others); it
        follows with the lowest legal card that takes the trick, else its lowest legal card."""
        legal = self._playable(DUMMY)
        trump = self.trump
        if not self.trick:
            return max(legal, key=lambda c: (c & 3 == trump, c >> 2))
        winners = [c for c in legal if trick_winner([*self.trick, c], trump) == len(self.trick)]
        return min(winners or legal, key=lambda c: (c & 3 == trump, c >> 2))

    def _play(self, seat: int, card: int) -> None:
        if seat >= 0:
            self.hands[seat].remove(card)
        else:
            self.dummy.remove(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        self.trick_pairs += ((seat, card),)
        self.played.append(card)
        event: dict[str, Any] = {"event": "play", "deal": self.deal_no, "trick": self.trick_no,
                                 "player": name_of(self.players, seat), "card": CARD_TEXT[card]}
        if seat < 0:
            event["dummy"] = True
        self._events.append(event)
        self.turn += 1
        if self.turn < len(self.order):
            nxt = self.order[self.turn]
            self.to_act = nxt
            if nxt == DUMMY:
                self._play(DUMMY, self._dummy_card())
            return
        winner = self.trick_seats[trick_winner(self.trick, self.trump)]
        if winner >= 0:
            self.tricks_won[winner] += 1
        else:
            self.dummy_tricks += 1
        self._events.append({"event": "trick", "deal": self.deal_no, "trick": self.trick_no,
                             "cards": [[name_of(self.players, s), CARD_TEXT[c]]
                                       for s, c in zip(self.trick_seats, self.trick, strict=True)],
                             "winner": name_of(self.players, winner)})
        if self.trick_no == 3:
            self._settle_played()
            return
        self.trick_no += 1
        self._start_trick(winner)

    # -- settlement --

    def _settle_played(self) -> None:
        """§4.8: trick shares (or the majority rule), loo payments capped by §0.6."""
        players = self.players
        pot = self.deal_pot
        tricks = {s: self.tricks_won[s] for s in self.ins}
        result = settle(pot, tricks, self.options.payout, self.dummy_tricks)
        match = self.match
        deltas: dict[int, int] = {s: 0 for s in self.ins}
        for seat, amount in result.receipts.items():
            match.receive(seat, amount)
            deltas[seat] += amount
        busted: list[str] = []
        paid_in = 0
        for seat, amount in result.owed.items():
            paid = match.pay(seat, amount, self.deal_no)
            paid_in += paid
            deltas[seat] -= paid
            if not match.seated[seat]:
                busted.append(players[seat])
        busted += [players[s] for s in match.bust_empty(self.deal_no)]
        self.pot = result.kept + paid_in
        event: dict[str, Any] = {
            "event": "settle", "deal": self.deal_no, "result": "played", "pot_start": pot,
            "tricks": {players[s]: t for s, t in tricks.items()}}
        if self.has_dummy:
            event["dummy_tricks"] = self.dummy_tricks
        event.update({"looed": [players[s] for s in result.owed],
                      "deltas": {players[s]: d for s, d in deltas.items()}, "busted": busted, "pot": self.pot,
                      "game_over": result.game_over})
        self._events.append(event)
        self._end_deal(result.game_over)

    def _settle_without_play(self, result: str, deltas: dict[str, int]) -> None:
        game_over = result == "lone"
        busted = [self.players[s] for s in self.match.bust_empty(self.deal_no)]
        self._events.append({"event": "settle", "deal": self.deal_no, "result": result, "pot_start": self.deal_pot,
                             "tricks": {}, "looed": [], "deltas": deltas, "busted": busted, "pot": self.pot,
                             "game_over": game_over})
        self._end_deal(game_over)

    def _end_deal(self, game_over: bool) -> None:
        self.history += ((self.deal_no, self.deal_pot, self.pot),)
        match = self.match
        match.pass_deal()
        if match.seated_count() < 2 or (game_over and match.finished) or self.deal_no >= self.deal_limit:
            self._finish()
        elif game_over:
            self._start_game()
        else:
            self._start_deal()

    def _finish(self) -> None:
        """§0.5: the pot left is shared by the seated players; the finishing order by chips."""
        match = self.match
        split = match.split_pot(self.pot)
        self.pot = 0
        self.terminal = True
        self.phase = OVER
        self.to_act = -1
        for seat in range(self.n):
            self.hands[seat] = []
        order, _ = match.finishing_order()
        players = self.players
        self._events.append({
            "event": "end", "deals": self.deal_no, "games": self.game_no,
            "split": {players[s]: a for s, a in split.items()},
            "chips": {players[s]: match.chips[s] for s in range(self.n)}, "pot": 0,
            "standings": [players[s] for s in order]})

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
        return list(self._events)

    def outcome(self) -> Outcome:
        if not self.terminal:
            raise IllegalActionError("the match is still being played: it has no outcome yet (§0.5)")
        return self.match.outcome(self.players)

    def clone(self) -> LouState:
        """An independent copy with the same cards and the same future deals."""
        dealer = self._dealer
        other = LouState(self.players, dealer.clone() if isinstance(dealer, RandomDealer) else copy.deepcopy(dealer),
                         self.options, first_dealer=self.first_dealer, seed=self.seed, start=False)
        for name, value in self.__dict__.items():
            if name in ("_dealer", "players", "options"):
                continue
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            elif isinstance(value, Match):
                value = value.copy()
            setattr(other, name, value)
        return other
