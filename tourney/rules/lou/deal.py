"""The games and deals of Lou (RULES §4.3-§4.4), as functions of the table: a game's antes, then
each deal's 3 cards from the dealer's left and an upcard for trump. Chance comes only from the
`Dealer`."""

from __future__ import annotations

from tourney.rules.lou.phases import DECLARE
from tourney.rules.lou.record import deal_event
from tourney.rules.lou.settlement import finish
from tourney.rules.lou.table import LouTable
from tourney.rules.tricks.deal import deal_hands


def start_game(table: LouTable) -> None:
    """A new game: the antes (§4.3), then its first deal; the match ends instead when fewer than
    two players are left."""
    table.game_no += 1
    match = table.match
    deal = table.deal_no + 1
    payers = [match.dealer] if table.options.ante_by == "dealer" else match.seated_from_left_of(match.dealer)
    antes, out = match.collect(payers, table.options.ante, deal)
    table.pot += sum(antes.values())
    players = table.players
    table.event_log.append({"event": "ante", "game_no": table.game_no, "deal": deal,
                            "antes": {players[s]: a for s, a in antes.items()}, "busted": [players[s] for s in out],
                            "pot": table.pot})
    if match.seated_count() < 2:
        finish(table)
        return
    start_deal(table)


def start_deal(table: LouTable) -> None:
    """A deal of the game: the hands, the upcard, the first player to choose IN or OUT (§4.4)."""
    match = table.match
    table.deal_no += 1
    dealt = match.seated_from_left_of(match.dealer)
    table.hands, table.upcard, table.stock = deal_hands(table.card_dealer([table.players[s] for s in dealt]), dealt,
                                                        table.n)
    table.discards = [[] for _ in range(table.n)]
    table.trump = table.upcard & 3
    table.stock_pos = 0
    table.dealt = dealt
    table.deal_pot = table.pot
    table.choices = [-1] * table.n
    table.order = dealt
    table.turn = 0
    table.ins = []
    table.draws = ()
    table.trick_pairs = ()
    table.dummy = []
    table.has_dummy = False
    table.dummy_tricks = 0
    table.trick = []
    table.trick_seats = []
    table.trick_no = 0
    table.tricks_won = [0] * table.n
    table.played = []
    table.phase = DECLARE
    table.to_act = dealt[0]
    table.event_log.append(deal_event(table.players, table.deal_no, table.game_no, match.dealer, table.pot,
                                      [(s, table.hands[s]) for s in dealt], table.upcard))
