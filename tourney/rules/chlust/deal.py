"""The deal of Chlust (RULES §2.3-§2.5), as functions of the table: the antes, three cards each
from the dealer's left and a trump upcard (chance only from the dealer, dealer.py), and the
optional swap of an Ace upcard; then the betting (betting.py). With the rotations done, or fewer
than two players left with chips, the match ends instead."""

from __future__ import annotations

from typing import Any

from tourney.rules.chlust.betting import start_betting
from tourney.rules.chlust.deck import ACE
from tourney.rules.chlust.phases import PHASE_SWAP
from tourney.rules.chlust.settlement import finish
from tourney.rules.chlust.table import ChlustTable
from tourney.rules.chlust.turns import order_from_left
from tourney.rules.tricks.cards import CARD_TEXT, N_IDS, SUITS


def start_deal(table: ChlustTable) -> None:
    """The next deal: antes (§2.3), the cards (§2.4), the Ace swap or the betting."""
    match = table.match
    ante = table.rules.ante
    if match.finished:
        finish(table)
        return
    table.deal += 1
    deal = table.deal
    players = table.players
    table.pot_before = table.pot
    table.paid = [0] * table.n
    table.received = [0] * table.n
    table.anted = match.seated_from_left_of(match.dealer)
    paid, out = match.collect(table.anted, ante, deal)
    for seat, amount in paid.items():
        table.paid[seat] = amount
    table.pot += sum(paid.values())
    antes = {players[s]: a for s, a in paid.items()}
    busted = [players[s] for s in out]
    if match.seated_count() < 2:
        # The short players paid what they had and are out (§0.6): one player (or none) holds
        # chips, so the match ends (§0.5) and this deal is not dealt.
        table.event_log.append({
            "event": "deal", "deal": deal, "dealer": players[match.dealer], "antes": antes,
            "busted": busted, "hands": {}, "upcard": None, "trump": None, "pot": table.pot})
        finish(table)
        return
    table.active = [match.seated[s] for s in range(table.n)]
    order = order_from_left(table, table.active)
    table.n_active = len(order)
    dealt, upcard = table.card_dealer(table.deck, [players[s] for s in order])
    table.hands = [[] for _ in range(table.n)]
    for seat, hand in zip(order, dealt, strict=True):
        table.hands[seat] = list(hand)
    table.upcard = upcard
    table.trump = upcard & 3
    table.shown = set()
    table.history = ()
    table.tricks_won = [0] * table.n
    table.trick_winners = []
    table.trick, table.trick_seats = [], []
    table.event_log.append({
        "event": "deal", "deal": deal, "dealer": players[match.dealer], "antes": antes, "busted": busted,
        "hands": {players[s]: [CARD_TEXT[c] for c in table.hands[s]] for s in order},
        "upcard": CARD_TEXT[upcard], "trump": SUITS[table.trump], "pot": table.pot})
    table.swapper = _swapper(table) if upcard >> 2 == ACE else -1
    if table.swapper >= 0:
        table.phase = PHASE_SWAP
        table.to_act = table.swapper
    else:
        start_betting(table)


def _swapper(table: ChlustTable) -> int:
    """Who may swap the Ace upcard (§2.5): the holder of the lowest trump of the deck, or with
    `ace_swap = lowest_held` of the lowest trump anyone holds; -1 for nobody."""
    trump = table.trump
    if table.rules.ace_swap == "lowest_card":
        wanted = table.low_rank * 4 + trump
        for seat in range(table.n):
            if wanted in table.hands[seat]:
                return seat
        return -1
    best, holder = N_IDS, -1
    for seat in range(table.n):
        for card in table.hands[seat]:
            if card & 3 == trump and card < best:
                best, holder = card, seat
    return holder


def swap_ace(table: ChlustTable, swap: bool) -> None:
    """The swapper takes the Ace upcard for his lowest trump (SWAP) or leaves it (KEEP) (§2.5);
    then the betting."""
    seat = table.swapper
    name = table.players[seat]
    event: dict[str, Any] = {"event": "swap", "deal": table.deal, "player": name, "swap": swap}
    if swap:
        hand = table.hands[seat]
        low = min(c for c in hand if c & 3 == table.trump)
        hand.remove(low)
        hand.append(table.upcard)
        hand.sort()
        table.shown.add(table.upcard)
        table.upcard = low
        event["card"] = CARD_TEXT[low]
        table.history += (f"{name} SWAP {CARD_TEXT[low]}",)
    else:
        table.history += (f"{name} KEEP",)
    table.event_log.append(event)
    start_betting(table)
