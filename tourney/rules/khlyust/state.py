"""The Хлюст state machine (RULES §3, with the match of §0.5-§0.6).

Three or four players (§3.1-§3.10), per deal: the antes join the carried kassa (K0), 3 cards each
from the заручный and an upcard for trump (K1), Листы shown at once (K2), one pass of
announcements Z ... D (K3: declare, exchange, play, pass), the answers to a Хлюст (K4), three
tricks under FOLLOW_TRUMP (K5) and the settlement (K6). Two players play the 36-card duel
(§3.11): antes, 3 cards each, the non-dealer leads, 2 tricks take the pot. The variant is fixed
by the number of players at the start: a 3-4 player match in which players bust goes on under the
same rules (with two left, the dealer's neighbour is both заручный and подручный) [resolved].
Chance comes only from the `Dealer` (a `random.Random` for play, the record's cards for replay).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from tourney.errors import IllegalActionError, InvalidActionError, InvalidInputError
from tourney.rules.games import Bot, Outcome
from tourney.rules.khlyust.actions import (
    CARD_BASE,
    DECLARE,
    EXCHANGE_BASE,
    N_ACTIONS,
    PASS,
    PLAY,
    action_text,
    exchange_action,
    exchange_cards,
)
from tourney.rules.khlyust.combos import (
    DECK_32,
    DECK_36,
    KHLYUST_NAMES,
    NO_KHLYUST,
    TRUMP,
    hand_points,
    is_three_aces,
    khlyust_kind,
    listy_rank,
)
from tourney.rules.khlyust.options import MAX_PLAYERS, MIN_PLAYERS, KhlyustRules
from tourney.rules.khlyust.record import GAME_NAME
from tourney.rules.khlyust.settle import settle
from tourney.rules.khlyust.view import FACE_DOWN, KhlyustView
from tourney.rules.tricks.actions import action_id
from tourney.rules.tricks.cards import CARD_TEXT, SUITS
from tourney.rules.tricks.deal import RandomDealer as RandomDealer  # the game's dealer: replay and tests take it here
from tourney.rules.tricks.deal import deal_hands, discard_sets, draw, round_from
from tourney.rules.tricks.match import Match
from tourney.rules.tricks.play import FOLLOW_HEAD, FOLLOW_TRUMP, is_face_down, legal_plays, trick_winner, why_illegal

ANNOUNCE: Final = 0
ANSWER: Final = 1
TRICKS: Final = 2
OVER: Final = 3
# Public calls (view.CALL_TEXT): play, pass, declare, declare trump, exchange, answer play, answer pass.
C_PLAY, C_PASS, C_DECLARE, C_TRUMP, C_EXCHANGE, C_ANSWER_PLAY, C_ANSWER_PASS = range(7)

# Deals one deck (the ids given) in a fresh order for the players named (dealt to in that order).
Dealer = Callable[[Sequence[str], tuple[int, ...]], list[int]]


class KhlyustState:
    """One Хлюст match at one table, from the first ante to the final chips."""

    def __init__(self, players: Sequence[str], dealer: Dealer, rules: KhlyustRules, *, first_dealer: int,
                 seed: int | None = None, start: bool = True) -> None:
        names = tuple(players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise InvalidInputError(f"a Хлюст game seats {MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(names)} (§3.2)")
        if len(set(names)) != len(names):
            raise InvalidInputError("player names must be distinct")
        if not 0 <= first_dealer < len(names):
            raise InvalidInputError(f"first dealer seat {first_dealer} is not a seat of {len(names)} players")
        rules.validate()
        self.players = names
        self.n = len(names)
        self.rules = rules
        self.seed = seed
        self.first_dealer = first_dealer
        self._dealer = dealer
        self.duel = self.n == 2
        self.deck = DECK_36 if self.duel else DECK_32
        self.policy = FOLLOW_HEAD if rules.must_head else FOLLOW_TRUMP
        self.match = Match(self.n, [rules.start_chips] * self.n, first_dealer, rules.rotations, rules.allow_debt)
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
        self._legal: list[int] | None = None
        self._events: list[dict[str, Any]] = [{
            "event": "game", "game": GAME_NAME, "seed": seed, "players": list(names),
            "options": rules.to_dict(), "chips": dict(zip(names, self.match.chips, strict=True)),
            "duel": self.duel}]
        if start:
            self._start_deal()

    @classmethod
    def new(cls, players: Sequence[str], rng: random.Random, rules: KhlyustRules | None = None,
            seed: int | None = None) -> KhlyustState:
        """A new match: the first dealer is drawn by lot (§3.4), every deal comes from `rng`."""
        first = int(rng.random() * len(players))
        return cls(players, RandomDealer(rng), rules or KhlyustRules(), first_dealer=first, seed=seed)

    # -- the deal --

    def _name(self, seat: int) -> str | None:
        return self.players[seat] if seat >= 0 else None

    def _start_deal(self) -> None:
        """K0 and K1: the antes join the carried kassa, then the deal (§3.3, §3.4; the duel §3.11)."""
        match = self.match
        self.deal_no += 1
        deal = self.deal_no
        carry = self.pot
        antes, out = match.collect(match.seated_from_left_of(match.dealer), self.rules.ante, deal)
        self.pot += sum(antes.values())
        self.antes = antes
        players = self.players
        self._events.append({"event": "ante", "deal": deal, "antes": {players[s]: a for s, a in antes.items()},
                             "busted": [players[s] for s in out], "carry": carry, "pot": self.pot})
        if match.seated_count() < 2:
            self._finish()
            return
        dealt = match.seated_from_left_of(match.dealer)
        self.hands, self.upcard, self.stock = deal_hands(self._dealer([players[s] for s in dealt], self.deck), dealt,
                                                         self.n)
        self.discards = [[] for _ in range(self.n)]
        self.trump = self.upcard & 3
        self.stock_pos = 0
        self.dealt = dealt
        self.kassa = self.pot
        dealer = match.dealer
        if self.duel:
            self.zaruchny = self.podruchny = -1
            self.obliged = tuple(dealt)
        else:
            self.zaruchny = dealt[0]
            before = dealt[-2] if dealt[-1] == dealer else dealt[-1]
            self.podruchny = dealt[0] if self.rules.podruchny_side == "left" else before
            self.obliged = (dealer, self.podruchny)
        self.out = [False] * self.n
        self.declarer = -1
        self.locked = False
        self.concealers = []
        self.calls = []
        self.in_play = []
        self.trick = []
        self.trick_seats = []
        self.face_down = []
        self.trick_no = 0
        self.tricks_won = [0] * self.n
        self.seen_up = []
        self.seen_down = []
        self._legal = None
        self._events.append({
            "event": "deal", "deal": deal, "dealer": players[dealer], "zaruchny": self._name(self.zaruchny),
            "podruchny": self._name(self.podruchny), "pot": self.kassa,
            "hands": {players[s]: [CARD_TEXT[c] for c in self.hands[s]] for s in dealt},
            "upcard": CARD_TEXT[self.upcard], "trump": SUITS[self.trump]})
        if self.duel:
            if self.rules.three_aces:
                aces = [s for s in dealt if is_three_aces(self.hands[s])]
                if aces:
                    self._take_all(aces[0], "three_aces")
                    return
            self._start_play(dealt, dealt[0])
            return
        # K2: every dealt Листы is shown, from Z; the highest takes the kassa (§3.6).
        shown = [s for s in dealt if listy_rank(self.hands[s]) >= 0]
        if shown:
            for seat in shown:
                self._events.append({"event": "listy", "deal": deal, "player": players[seat],
                                     "cards": [CARD_TEXT[c] for c in self.hands[seat]], "exchange": False})
            self._take_all(max(shown, key=lambda s: listy_rank(self.hands[s])), "listy")
            return
        self.phase = ANNOUNCE
        self.order = dealt
        self.turn = 0
        self.to_act = dealt[0]

    # -- actions --

    def legal_actions(self) -> list[int]:
        if self.terminal:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _declarable(self, seat: int) -> bool:
        return not self.locked and khlyust_kind(self.hands[seat], self.trump) != NO_KHLYUST

    def _compute_legal(self) -> list[int]:
        seat = self.to_act
        phase = self.phase
        if phase == TRICKS:
            return [CARD_BASE + c for c in legal_plays(self.hands[seat], self.trick, self.trump, self.policy,
                                                      self.face_down)]
        if phase == ANSWER:
            return [PLAY, PASS]
        rules = self.rules
        declarable = self._declarable(seat)
        obliged = seat in self.obliged
        legal: list[int] = []
        if rules.allow_concealment or not declarable:
            legal.append(PLAY)
        if not obliged:
            legal.append(PASS)
        if declarable:
            legal.append(DECLARE)
        room = min(rules.max_exchange, len(self.stock) - self.stock_pos)
        if room and (rules.obliged_may_exchange or not obliged):
            legal += sorted(exchange_action(s) for s in discard_sets(self.hands[seat], room) if s)
        return legal

    def apply(self, action: object) -> None:
        """Play `action` for the player in turn: `InvalidActionError` if it is not an action id,
        `IllegalActionError` if the rules forbid it here; a refused action changes nothing."""
        action = action_id(action, N_ACTIONS)
        if action >= EXCHANGE_BASE and exchange_cards(action) is None:
            raise InvalidActionError(f"unknown action id {action}: not a set of 1-3 discards")
        if self.terminal:
            raise IllegalActionError(f"the match is over; {action_text(action)} cannot be played (§0.5)")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            who = self.players[self.to_act]
            raise IllegalActionError(f"{who} cannot {action_text(action)}: {self._why_not(action)}")
        self._legal = None
        self.decisions += 1
        seat = self.to_act
        phase = self.phase
        if phase == TRICKS:
            self._play(seat, action - CARD_BASE)
        elif phase == ANSWER:
            self._answer(seat, action)
        elif action == PLAY:
            self._stay(seat)
        elif action == PASS:
            self._pass(seat)
        elif action == DECLARE:
            self._declare(seat, None)
        else:
            cards = exchange_cards(action)
            assert cards is not None
            self._exchange(seat, cards)

    def _why_not(self, action: int) -> str:
        """Why a well-formed action is not legal now (one sentence with its rule)."""
        seat = self.to_act
        phase = self.phase
        if phase == TRICKS:
            if not CARD_BASE <= action < EXCHANGE_BASE:
                return "a card must be played now (PLAY:<card>) (§3.9)"
            return why_illegal(action - CARD_BASE, self.hands[seat], self.trick, self.trump, self.policy,
                               self.face_down) or "not legal here (§3.9)"
        if phase == ANSWER:
            return "a Хлюст is answered PLAY or PASS (§3.8)"
        if action >= CARD_BASE and action < EXCHANGE_BASE:
            return "no card is played before the announcements end (§3.7)"
        if action == PASS:
            return "the dealer and the подручный must play (§3.7)"
        if action == DECLARE:
            if self.locked:
                return "a Козырный Хлюст was declared: nothing more may be declared (§3.7)"
            return "the hand is no Хлюст (three of a suit, §3.5)"
        if action == PLAY:
            return "the Хлюст in hand must be declared (allow_concealment=false, §3.7)"
        cards = exchange_cards(action) or ()
        missing = [CARD_TEXT[c] for c in cards if c not in self.hands[seat]]
        if missing:
            return f"{' '.join(missing)} not in the hand (§3.7)"
        if seat in self.obliged and not self.rules.obliged_may_exchange:
            return "the dealer and the подручный may not exchange (obliged_may_exchange=false, §3.7)"
        return f"at most {self.rules.max_exchange} cards may be exchanged (max_exchange, §3.7)"

    # -- K3: announcements --

    def _call(self, seat: int, kind: int, count: int = 0) -> None:
        self.calls.append((seat, kind, count))

    def _stay(self, seat: int) -> None:
        conceals = self._declarable(seat)
        if conceals:
            self.concealers.append(seat)
        self._call(seat, C_PLAY)
        self._events.append({"event": "play", "deal": self.deal_no, "player": self.players[seat],
                             "conceals": conceals})
        self._next_announcement()

    def _pass(self, seat: int) -> None:
        self.out[seat] = True
        self._call(seat, C_PASS)
        self._events.append({"event": "pass", "deal": self.deal_no, "player": self.players[seat]})
        self._next_announcement()

    def _declare(self, seat: int, exchanged: dict[str, Any] | None) -> None:
        """The player becomes the хлюстовщик, replacing a plain one; a Козырный Хлюст locks (§3.7)."""
        kind = khlyust_kind(self.hands[seat], self.trump)
        self.declarer = seat
        if kind == TRUMP:
            self.locked = True
        if exchanged is None:
            self._call(seat, C_TRUMP if kind == TRUMP else C_DECLARE)
            self._events.append({"event": "declare", "deal": self.deal_no, "player": self.players[seat],
                                 "khlyust": KHLYUST_NAMES[kind]})
        else:
            exchanged["declares"] = KHLYUST_NAMES[kind]
            self._events.append(exchanged)
        if self.rules.instant_khlyust:
            self._instant(seat)
            return
        self._next_announcement()

    def _exchange(self, seat: int, cards: tuple[int, ...]) -> None:
        hand, drawn = draw(self.hands[seat], cards, self.stock, self.stock_pos)
        self.hands[seat] = hand
        self.stock_pos += len(cards)
        self.discards[seat] = list(cards)
        self._call(seat, C_EXCHANGE, len(cards))
        event: dict[str, Any] = {"event": "exchange", "deal": self.deal_no, "player": self.players[seat],
                                 "discards": [CARD_TEXT[c] for c in cards], "cards": [CARD_TEXT[c] for c in drawn],
                                 "declares": None}
        rank = listy_rank(hand)
        if rank >= 0 and self.rules.listy_by_exchange:
            # It takes the kassa unless another player still in holds a higher Листы (§3.7).
            self._events.append(event)
            holders = [s for s in self.dealt if not self.out[s] and listy_rank(self.hands[s]) >= 0]
            best = max(holders, key=lambda s: listy_rank(self.hands[s]))
            for s in holders:
                self._events.append({"event": "listy", "deal": self.deal_no, "player": self.players[s],
                                     "cards": [CARD_TEXT[c] for c in self.hands[s]], "exchange": s == seat})
            self._take_all(best, "listy")
            return
        if self._declarable(seat):
            self._declare(seat, event)  # a Хлюст made by exchange is declared at once
            return
        self._events.append(event)
        self._next_announcement()

    def _next_announcement(self) -> None:
        self.turn += 1
        if self.turn < len(self.order):
            self.to_act = self.order[self.turn]
            return
        declarer = self.declarer
        if declarer < 0:
            self._start_play([s for s in self.dealt if not self.out[s]], self.podruchny)
            return
        # K4: everyone else still in answers, in seat order after the хлюстовщик (§3.8).
        i = self.dealt.index(declarer)
        after = self.dealt[i + 1:] + self.dealt[:i]
        self.order = [s for s in after if not self.out[s]]
        self.turn = 0
        if not self.order:
            self._take_all(declarer, "conceded")
            return
        self.phase = ANSWER
        self.to_act = self.order[0]

    # -- K4: answers --

    def _answer(self, seat: int, action: int) -> None:
        plays = action == PLAY
        if not plays:
            self.out[seat] = True
        self._call(seat, C_ANSWER_PLAY if plays else C_ANSWER_PASS)
        self._events.append({"event": "answer", "deal": self.deal_no, "player": self.players[seat],
                             "answer": "play" if plays else "pass"})
        self.turn += 1
        if self.turn < len(self.order):
            self.to_act = self.order[self.turn]
            return
        in_play = [s for s in self.dealt if not self.out[s]]
        if len(in_play) == 1:
            self._take_all(self.declarer, "conceded")
            return
        self._start_play(in_play, self.declarer)

    # -- K5: tricks --

    def _start_play(self, in_play: list[int], leader: int) -> None:
        self.in_play = in_play
        self.phase = TRICKS
        self.trick_no = 1
        self._start_trick(leader)

    def _start_trick(self, leader: int) -> None:
        self.order = round_from(self.in_play, leader)
        self.turn = 0
        self.trick = []
        self.trick_seats = []
        self.face_down = []
        self.to_act = leader

    def _play(self, seat: int, card: int) -> None:
        down = self.rules.okhlupku and is_face_down(card, self.trick, self.trump)
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        self.face_down.append(down)
        event: dict[str, Any] = {"event": "card", "deal": self.deal_no, "trick": self.trick_no,
                                 "player": self.players[seat], "card": CARD_TEXT[card]}
        if down:
            event["face_down"] = True
            self.seen_down.append((seat, card))
        else:
            self.seen_up.append(card)
        self._events.append(event)
        self.turn += 1
        if self.turn < len(self.order):
            self.to_act = self.order[self.turn]
            return
        winner = self.trick_seats[trick_winner(self.trick, self.trump, self.face_down)]
        self.tricks_won[winner] += 1
        players = self.players
        self._events.append({"event": "trick", "deal": self.deal_no, "trick": self.trick_no,
                             "leader": players[self.trick_seats[0]],
                             "cards": [[players[s], CARD_TEXT[c]] for s, c in zip(self.trick_seats, self.trick,
                                                                                   strict=True)],
                             "winner": players[winner]})
        if self.trick_no == 3:
            self._settle_played()
            return
        self.trick_no += 1
        self._start_trick(winner)

    # -- K6: settlement --

    def _deltas(self) -> dict[int, int]:
        return {s: -a for s, a in self.antes.items()}

    def _take_all(self, winner: int, result: str) -> None:
        """A deal ended before play (Листы, everyone conceded, three aces): the winner takes K."""
        deltas = self._deltas()
        self.match.receive(winner, self.pot)
        deltas[winner] += self.pot
        self.pot = 0
        self._record_settle(result, winner, deltas, [], {})

    def _instant(self, winner: int) -> None:
        """`instant_khlyust`: the declarer takes K and each opponent still in pays the point value
        of the declarer's cards (§3.10, after S10)."""
        deltas = self._deltas()
        match = self.match
        match.receive(winner, self.pot)
        deltas[winner] += self.pot
        self.pot = 0
        points = hand_points(self.hands[winner])
        busted: list[str] = []
        for seat in self.dealt:
            if seat != winner and not self.out[seat]:
                paid = match.pay(seat, points, self.deal_no)
                match.receive(winner, paid)
                deltas[seat] -= paid
                deltas[winner] += paid
                if not match.seated[seat]:
                    busted.append(self.players[seat])
        self._record_settle("instant", winner, deltas, busted, {})

    def _settle_played(self) -> None:
        match = self.match
        deal = self.deal_no
        kassa = self.kassa
        players = self.players
        deltas = self._deltas()
        busted: list[str] = []

        def pay(seat: int, amount: int) -> int:
            paid = match.pay(seat, amount, deal)
            deltas[seat] -= paid
            if not match.seated[seat] and players[seat] not in busted:
                busted.append(players[seat])
            return paid

        if self.duel:
            winner = max(self.in_play, key=lambda s: self.tricks_won[s])   # 2 or 3 of 3 tricks (§3.11)
            match.receive(winner, self.pot)
            deltas[winner] += self.pot
            self.pot = 0
            self._record_settle("played", winner, deltas, busted, {s: self.tricks_won[s] for s in self.in_play})
            return
        tricks = {s: self.tricks_won[s] for s in self.in_play}
        concealers = [s for s in self.concealers if not self.out[s]]
        concealed_in = 0
        for seat in concealers:
            paid = pay(seat, kassa)
            concealed_in += paid
            self.pot += paid
        rules = self.rules
        declarer = self.declarer if self.declarer >= 0 else None
        result = settle(kassa, tricks, declarer, concealers, rules.declared_settlement, rules.concealment_base,
                        rules.two_trick_share, concealed_in)
        for seat, amount in result.receipts.items():
            match.receive(seat, amount)
            deltas[seat] += amount
            self.pot -= amount
        for seat, amount in result.penalties.items():
            if seat not in concealers:
                self.pot += pay(seat, amount)
        for payer, payee, amount in result.transfers:
            paid = pay(payer, amount)
            match.receive(payee, paid)
            deltas[payee] += paid
        whole = [s for s, amount in result.receipts.items() if amount == kassa]
        winner = whole[0] if whole and len(result.receipts) == 1 else -1
        self._record_settle("played", winner, deltas, busted, tricks)

    def _record_settle(self, result: str, winner: int, deltas: dict[int, int], busted: list[str],
                       tricks: dict[int, int]) -> None:
        players = self.players
        busted = busted + [players[s] for s in self.match.bust_empty(self.deal_no)]
        self._events.append({
            "event": "settle", "deal": self.deal_no, "result": result, "pot_start": self.kassa,
            "winner": self._name(winner), "khlyustovshchik": self._name(self.declarer),
            "concealers": [players[s] for s in self.concealers if not self.out[s]] if result == "played" else [],
            "tricks": {players[s]: t for s, t in tricks.items()},
            "deltas": {players[s]: d for s, d in deltas.items()}, "busted": busted, "pot": self.pot})
        self._end_deal()

    def _end_deal(self) -> None:
        match = self.match
        match.pass_deal()
        if match.seated_count() < 2 or match.finished:
            self._finish()
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
        self._legal = None
        for seat in range(self.n):
            self.hands[seat] = []
        order, places = match.finishing_order()
        players = self.players
        self._events.append({
            "event": "end", "deals": self.deal_no, "split": {players[s]: a for s, a in split.items()},
            "chips": {players[s]: match.chips[s] for s in range(self.n)}, "pot": 0,
            "standings": [players[s] for s in order], "places": places})

    # -- what players see --

    def view(self, seat: int) -> KhlyustView:
        legal = self.legal_actions() if seat == self.to_act else []
        hand = self.hands[seat]
        trick = tuple((s, FACE_DOWN if down and s != seat else c)
                      for s, c, down in zip(self.trick_seats, self.trick, self.face_down, strict=True))
        return KhlyustView(
            seat, self.players, self.duel, self.phase, legal, tuple(hand), self.upcard, tuple(self.match.chips),
            self.pot, self.kassa, self.match.dealer, self.zaruchny, self.podruchny, self.deal_no, self.declarer,
            self.locked, khlyust_kind(hand, self.trump) if not self.duel else NO_KHLYUST, tuple(self.calls),
            tuple(self.in_play), tuple(self.discards[seat]), trick, self.trick_no, tuple(self.tricks_won))

    def hidden_cards(self, seat: int) -> frozenset[str]:
        """Every card of the deck but this seat's own (held, discarded or played face down), the
        upcard and the cards played face up in this deal."""
        if self.terminal:
            return frozenset()
        known = {*self.hands[seat], *self.discards[seat], self.upcard, *self.seen_up,
                 *(c for s, c in self.seen_down if s == seat)}
        return frozenset(CARD_TEXT[c] for c in self.deck if c not in known)

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self._events)

    def outcome(self) -> Outcome:
        if not self.terminal:
            raise IllegalActionError("the match is still being played: it has no outcome yet (§0.5)")
        return self.match.outcome(self.players)

    def clone(self) -> KhlyustState:
        """An independent copy with the same cards and the same future deals (every mutable field
        copied)."""
        dealer = self._dealer
        other = KhlyustState(self.players, dealer.clone() if isinstance(dealer, RandomDealer)
                             else copy.deepcopy(dealer), self.rules, first_dealer=self.first_dealer, seed=self.seed,
                             start=False)
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
        other._legal = None if self._legal is None else list(self._legal)
        other._events = list(self._events)
        return other


def play_out(state: KhlyustState, bots: Sequence[Bot]) -> None:
    """The play loop (typed, so a compiled build calls the state directly)."""
    while not state.terminal:
        seat = state.to_act
        # `Any`: a bot's answer is untrusted; typed as `Bot.act`'s int, a compiled build would check it
        # itself and raise TypeError instead of the project's error (apply checks it).
        bot: Any = bots[seat]
        state.apply(bot.act(state.view(seat)))
