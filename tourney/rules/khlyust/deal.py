"""The deal of Хлюст (RULES §3.3-§3.6, K0-K2; the duel §3.11), as a function of the state: the
antes join the carried kassa, 3 cards each from the заручный and an upcard for trump, the заручный
and the подручный, Листы shown at once (the duel's three aces), then the announcements or the
duel's tricks. Chance comes only from the `Dealer`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tourney.rules.khlyust.combos import is_three_aces, listy_rank
from tourney.rules.khlyust.phases import ANNOUNCE
from tourney.rules.khlyust.play import start_play
from tourney.rules.khlyust.settlement import finish, take_all
from tourney.rules.tricks.cards import CARD_TEXT, SUITS
from tourney.rules.tricks.deal import deal_hands
from tourney.rules.tricks.record import seat_name

if TYPE_CHECKING:
    from tourney.rules.khlyust.state import KhlyustState

# Deals one deck (the ids given) in a fresh order for the players named (dealt to in that order).
Dealer = Callable[[Sequence[str], tuple[int, ...]], list[int]]


def start_deal(state: KhlyustState) -> bool:
    """K0-K2: the antes join the carried kassa, then the deal (§3.3, §3.4; the duel §3.11). True
    when the deal ended at once (Листы, three aces), which is then settled; with fewer than two
    players left after the antes the match ends instead."""
    match = state.match
    state.deal_no += 1
    deal = state.deal_no
    carry = state.pot
    antes, out = match.collect(match.seated_from_left_of(match.dealer), state.options.ante, deal)
    state.pot += sum(antes.values())
    state.antes = antes
    players = state.players
    state.event_log.append({"event": "ante", "deal": deal, "antes": {players[s]: a for s, a in antes.items()},
                            "busted": [players[s] for s in out], "carry": carry, "pot": state.pot})
    if match.seated_count() < 2:
        finish(state)
        return False
    dealt = match.seated_from_left_of(match.dealer)
    state.hands, state.upcard, state.stock = deal_hands(state.card_dealer([players[s] for s in dealt], state.deck),
                                                        dealt, state.n)
    state.discards = [[] for _ in range(state.n)]
    state.trump = state.upcard & 3
    state.stock_pos = 0
    state.dealt = dealt
    state.kassa = state.pot
    dealer = match.dealer
    if state.duel:
        state.zaruchny = state.podruchny = -1
        state.obliged = tuple(dealt)
    else:
        state.zaruchny = dealt[0]
        before = dealt[-2] if dealt[-1] == dealer else dealt[-1]
        state.podruchny = dealt[0] if state.options.podruchny_side == "left" else before
        state.obliged = (dealer, state.podruchny)
    state.out = [False] * state.n
    state.declarer = -1
    state.locked = False
    state.concealers = []
    state.calls = []
    state.in_play = []
    state.trick = []
    state.trick_seats = []
    state.face_down = []
    state.trick_no = 0
    state.tricks_won = [0] * state.n
    state.seen_up = []
    state.seen_down = []
    state.event_log.append({
        "event": "deal", "deal": deal, "dealer": players[dealer], "zaruchny": seat_name(players, state.zaruchny),
        "podruchny": seat_name(players, state.podruchny), "pot": state.kassa,
        "hands": {players[s]: [CARD_TEXT[c] for c in state.hands[s]] for s in dealt},
        "upcard": CARD_TEXT[state.upcard], "trump": SUITS[state.trump]})
    if state.duel:
        if state.options.three_aces:
            aces = [s for s in dealt if is_three_aces(state.hands[s])]
            if aces:
                take_all(state, aces[0], "three_aces")
                return True
        start_play(state, dealt, dealt[0])
        return False
    # K2: every dealt Листы is shown, from Z; the highest takes the kassa (§3.6).
    shown = [s for s in dealt if listy_rank(state.hands[s]) >= 0]
    if shown:
        for seat in shown:
            state.event_log.append({"event": "listy", "deal": deal, "player": players[seat],
                                    "cards": [CARD_TEXT[c] for c in state.hands[seat]], "exchange": False})
        take_all(state, max(shown, key=lambda s: listy_rank(state.hands[s])), "listy")
        return True
    state.phase = ANNOUNCE
    state.order = dealt
    state.turn = 0
    state.to_act = dealt[0]
    return False
