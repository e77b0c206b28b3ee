"""The games and deals of Lou (RULES §4.3-§4.4), as functions of the state: a game's antes, then
each deal's 3 cards from the dealer's left and an upcard for trump. Chance comes only from the
`Dealer`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tourney.rules.lou.phases import DECLARE
from tourney.rules.lou.record import deal_event
from tourney.rules.lou.settlement import finish
from tourney.rules.tricks.deal import deal_hands

if TYPE_CHECKING:
    from tourney.rules.lou.state import LouState

# Deals a whole 52-card deck in order for the players named (dealt to in that order).
Dealer = Callable[[Sequence[str]], list[int]]


def start_game(state: LouState) -> None:
    """A new game: the antes (§4.3), then its first deal; the match ends instead when fewer than
    two players are left."""
    state.game_no += 1
    match = state.match
    deal = state.deal_no + 1
    payers = [match.dealer] if state.options.ante_by == "dealer" else match.seated_from_left_of(match.dealer)
    antes, out = match.collect(payers, state.options.ante, deal)
    state.pot += sum(antes.values())
    players = state.players
    state.event_log.append({"event": "ante", "game_no": state.game_no, "deal": deal,
                            "antes": {players[s]: a for s, a in antes.items()}, "busted": [players[s] for s in out],
                            "pot": state.pot})
    if match.seated_count() < 2:
        finish(state)
        return
    start_deal(state)


def start_deal(state: LouState) -> None:
    """A deal of the game: the hands, the upcard, the first player to choose IN or OUT (§4.4)."""
    match = state.match
    state.deal_no += 1
    dealt = match.seated_from_left_of(match.dealer)
    state.hands, state.upcard, state.stock = deal_hands(state.card_dealer([state.players[s] for s in dealt]), dealt,
                                                        state.n)
    state.discards = [[] for _ in range(state.n)]
    state.trump = state.upcard & 3
    state.stock_pos = 0
    state.dealt = dealt
    state.deal_pot = state.pot
    state.choices = [-1] * state.n
    state.order = dealt
    state.turn = 0
    state.ins = []
    state.draws = ()
    state.trick_pairs = ()
    state.dummy = []
    state.has_dummy = False
    state.dummy_tricks = 0
    state.trick = []
    state.trick_seats = []
    state.trick_no = 0
    state.tricks_won = [0] * state.n
    state.played = []
    state.phase = DECLARE
    state.to_act = dealt[0]
    state.event_log.append(deal_event(state.players, state.deal_no, state.game_no, match.dealer, state.pot,
                                      [(s, state.hands[s]) for s in dealt], state.upcard))
