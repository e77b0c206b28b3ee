"""The deal of Chlust (RULES §2.3-§2.5), as functions of the state: the antes, three cards each
from the dealer's left and a trump upcard (chance only from the dealer, dealer.py), and the
optional swap of an Ace upcard; then the betting (betting.py). With the rotations done, or fewer
than two players left with chips, the match ends instead."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tourney.rules.chlust.betting import start_betting
from tourney.rules.chlust.deck import ACE
from tourney.rules.chlust.phases import PHASE_SWAP
from tourney.rules.chlust.settlement import finish
from tourney.rules.chlust.turns import order_from_left
from tourney.rules.tricks.cards import CARD_TEXT, N_IDS, SUITS

if TYPE_CHECKING:
    from tourney.rules.chlust.state import ChlustState


def start_deal(state: ChlustState) -> None:
    """The next deal: antes (§2.3), the cards (§2.4), the Ace swap or the betting."""
    match = state.match
    ante = state.rules.ante
    if match.finished:
        finish(state)
        return
    state.deal += 1
    deal = state.deal
    players = state.players
    state.pot_before = state.pot
    state.paid = [0] * state.n
    state.received = [0] * state.n
    state.anted = match.seated_from_left_of(match.dealer)
    paid, out = match.collect(state.anted, ante, deal)
    for seat, amount in paid.items():
        state.paid[seat] = amount
    state.pot += sum(paid.values())
    antes = {players[s]: a for s, a in paid.items()}
    busted = [players[s] for s in out]
    if match.seated_count() < 2:
        # The short players paid what they had and are out (§0.6): one player (or none) holds
        # chips, so the match ends (§0.5) and this deal is not dealt.
        state.event_log.append({
            "event": "deal", "deal": deal, "dealer": players[match.dealer], "antes": antes,
            "busted": busted, "hands": {}, "upcard": None, "trump": None, "pot": state.pot})
        finish(state)
        return
    state.active = [match.seated[s] for s in range(state.n)]
    order = order_from_left(state, state.active)
    state.n_active = len(order)
    dealt, upcard = state.card_dealer(state.deck, [players[s] for s in order])
    state.hands = [[] for _ in range(state.n)]
    for seat, hand in zip(order, dealt, strict=True):
        state.hands[seat] = list(hand)
    state.upcard = upcard
    state.trump = upcard & 3
    state.shown = set()
    state.history = ()
    state.tricks_won = [0] * state.n
    state.trick_winners = []
    state.trick, state.trick_seats = [], []
    state.event_log.append({
        "event": "deal", "deal": deal, "dealer": players[match.dealer], "antes": antes, "busted": busted,
        "hands": {players[s]: [CARD_TEXT[c] for c in state.hands[s]] for s in order},
        "upcard": CARD_TEXT[upcard], "trump": SUITS[state.trump], "pot": state.pot})
    state.swapper = _swapper(state) if upcard >> 2 == ACE else -1
    if state.swapper >= 0:
        state.phase = PHASE_SWAP
        state.to_act = state.swapper
    else:
        start_betting(state)


def _swapper(state: ChlustState) -> int:
    """Who may swap the Ace upcard (§2.5): the holder of the lowest trump of the deck, or with
    `ace_swap = lowest_held` of the lowest trump anyone holds; -1 for nobody."""
    trump = state.trump
    if state.rules.ace_swap == "lowest_card":
        wanted = state.low_rank * 4 + trump
        for seat in range(state.n):
            if wanted in state.hands[seat]:
                return seat
        return -1
    best, holder = N_IDS, -1
    for seat in range(state.n):
        for card in state.hands[seat]:
            if card & 3 == trump and card < best:
                best, holder = card, seat
    return holder


def swap_ace(state: ChlustState, swap: bool) -> None:
    """The swapper takes the Ace upcard for his lowest trump (SWAP) or leaves it (KEEP) (§2.5);
    then the betting."""
    seat = state.swapper
    name = state.players[seat]
    event: dict[str, Any] = {"event": "swap", "deal": state.deal, "player": name, "swap": swap}
    if swap:
        hand = state.hands[seat]
        low = min(c for c in hand if c & 3 == state.trump)
        hand.remove(low)
        hand.append(state.upcard)
        hand.sort()
        state.shown.add(state.upcard)
        state.upcard = low
        event["card"] = CARD_TEXT[low]
        state.history += (f"{name} SWAP {CARD_TEXT[low]}",)
    else:
        state.history += (f"{name} KEEP",)
    state.event_log.append(event)
    start_betting(state)
