"""The deal of Хлюст (RULES §3.3-§3.6, K0-K2; the duel §3.11), as a function of the table: the
antes join the carried kassa, 3 cards each from the заручный and an upcard for trump, the заручный
and the подручный, Листы shown at once (the duel's three aces), then the announcements or the
duel's tricks. Chance comes only from the `Dealer`."""

from __future__ import annotations

from tourney.rules.khlyust.combos import is_three_aces, listy_rank
from tourney.rules.khlyust.phases import ANNOUNCE
from tourney.rules.khlyust.play import start_play
from tourney.rules.khlyust.settlement import finish, take_all
from tourney.rules.khlyust.table import KhlyustTable
from tourney.rules.tricks.cards import CARD_TEXT, SUITS
from tourney.rules.tricks.deal import deal_hands
from tourney.rules.tricks.record import seat_name


def start_deal(table: KhlyustTable) -> bool:
    """K0-K2: the antes join the carried kassa, then the deal (§3.3, §3.4; the duel §3.11). True
    when the deal ended at once (Листы, three aces), which is then settled; with fewer than two
    players left after the antes the match ends instead."""
    match = table.match
    table.deal_no += 1
    deal = table.deal_no
    carry = table.pot
    antes, out = match.collect(match.seated_from_left_of(match.dealer), table.options.ante, deal)
    table.pot += sum(antes.values())
    table.antes = antes
    players = table.players
    table.event_log.append({"event": "ante", "deal": deal, "antes": {players[s]: a for s, a in antes.items()},
                            "busted": [players[s] for s in out], "carry": carry, "pot": table.pot})
    if match.seated_count() < 2:
        finish(table)
        return False
    dealt = match.seated_from_left_of(match.dealer)
    table.hands, table.upcard, table.stock = deal_hands(table.card_dealer([players[s] for s in dealt], table.deck),
                                                        dealt, table.n)
    table.discards = [[] for _ in range(table.n)]
    table.trump = table.upcard & 3
    table.stock_pos = 0
    table.dealt = dealt
    table.kassa = table.pot
    dealer = match.dealer
    if table.duel:
        table.zaruchny = table.podruchny = -1
        table.obliged = tuple(dealt)
    else:
        table.zaruchny = dealt[0]
        before = dealt[-2] if dealt[-1] == dealer else dealt[-1]
        table.podruchny = dealt[0] if table.options.podruchny_side == "left" else before
        table.obliged = (dealer, table.podruchny)
    table.out = [False] * table.n
    table.declarer = -1
    table.locked = False
    table.concealers = []
    table.calls = []
    table.in_play = []
    table.trick = []
    table.trick_seats = []
    table.face_down = []
    table.trick_no = 0
    table.tricks_won = [0] * table.n
    table.seen_up = []
    table.seen_down = []
    table.event_log.append({
        "event": "deal", "deal": deal, "dealer": players[dealer], "zaruchny": seat_name(players, table.zaruchny),
        "podruchny": seat_name(players, table.podruchny), "pot": table.kassa,
        "hands": {players[s]: [CARD_TEXT[c] for c in table.hands[s]] for s in dealt},
        "upcard": CARD_TEXT[table.upcard], "trump": SUITS[table.trump]})
    if table.duel:
        if table.options.three_aces:
            aces = [s for s in dealt if is_three_aces(table.hands[s])]
            if aces:
                take_all(table, aces[0], "three_aces")
                return True
        start_play(table, dealt, dealt[0])
        return False
    # K2: every dealt Листы is shown, from Z; the highest takes the kassa (§3.6).
    shown = [s for s in dealt if listy_rank(table.hands[s]) >= 0]
    if shown:
        for seat in shown:
            table.event_log.append({"event": "listy", "deal": deal, "player": players[seat],
                                    "cards": [CARD_TEXT[c] for c in table.hands[seat]], "exchange": False})
        take_all(table, max(shown, key=lambda s: listy_rank(table.hands[s])), "listy")
        return True
    table.phase = ANNOUNCE
    table.order = dealt
    table.turn = 0
    table.to_act = dealt[0]
    return False
