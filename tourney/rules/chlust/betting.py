"""The betting of a Chlust deal and its showdown (RULES §2.7-§2.8), as functions of the state:
fixed-limit rounds capped by the smallest stack, folds (a deal won by the last player in), then the
combinations; with no combination the tricks begin (play.py). `bet` returns True when it ended the
deal (settled by settlement.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tourney.rules.chlust.actions import ACTION_TEXT, FOLD, RAISE
from tourney.rules.chlust.combos import showdown
from tourney.rules.chlust.deck import wild_card
from tourney.rules.chlust.phases import PHASE_BET, PHASE_PLAY
from tourney.rules.chlust.settlement import settle
from tourney.rules.chlust.turns import next_active, order_from_left
from tourney.rules.tricks.cards import CARD_TEXT

if TYPE_CHECKING:
    from tourney.rules.chlust.state import ChlustState


def start_betting(state: ChlustState) -> None:
    """The wild card is fixed and the betting opens left of the dealer (§2.7)."""
    state.wild = wild_card(state.upcard, state.rules.spade_ten_rule)
    state.phase = PHASE_BET
    state.level = 0
    state.raises = 0
    state.contrib = [0] * state.n
    state.acted = [False] * state.n
    chips = state.match.chips
    state.cap = min(chips[s] for s in range(state.n) if state.active[s])
    state.to_act = next_active(state, state.match.dealer)


def bet(state: ChlustState, action: int) -> bool:
    """The player to act folds, calls or raises; True when the deal ended (everyone folded, one
    player left in, or a combination won the showdown)."""
    seat = state.to_act
    name = state.players[seat]
    deal = state.deal
    if action == FOLD:
        state.active[seat] = False
        state.n_active -= 1
        state.event_log.append({"event": "fold", "deal": deal, "player": name})
        state.history += (f"{name} FOLD",)
        if state.n_active == 0:
            settle(state, -1, "all_fold")
            return True
        if state.n_active == 1 and not state.rules.last_may_fold:
            settle(state, next_active(state, seat), "fold")
            return True
    else:
        if action == RAISE:
            state.level += state.rules.raise_unit
            state.raises += 1
            for other in range(state.n):
                state.acted[other] = False
        cost = state.level - state.contrib[seat]
        paid = state.match.pay(seat, cost, deal)  # never short: the cap is the smallest stack
        state.pot += paid
        state.paid[seat] += paid
        state.contrib[seat] = state.level
        state.acted[seat] = True
        state.event_log.append({"event": "bet", "deal": deal, "player": name, "action": ACTION_TEXT[action],
                                "amount": paid, "level": state.level})
        state.history += (f"{name} {ACTION_TEXT[action]}",)
    if all(state.acted[s] and state.contrib[s] == state.level for s in range(state.n) if state.active[s]):
        if state.n_active == 1:
            settle(state, next_active(state, seat), "fold")
            return True
        return _showdown(state)
    state.to_act = next_active(state, seat)
    return False


def _showdown(state: ChlustState) -> bool:
    order = order_from_left(state, state.active)
    result = showdown([state.hands[s] for s in order], state.trump, state.wild, state.deck,
                      state.rules.tiebreak_order)
    players = state.players
    combinations: dict[str, Any] = {}
    none: list[str] = []
    for seat, combo in zip(order, result.combinations, strict=True):
        if combo is None:
            none.append(players[seat])
        else:
            combinations[players[seat]] = {
                "cards": [CARD_TEXT[c] for c in state.hands[seat]], "kind": combo.kind_name, "pure": combo.pure,
                "trump": combo.trump}
    winner = -1 if result.winner is None else order[result.winner]
    state.event_log.append({"event": "showdown", "deal": state.deal, "wild": CARD_TEXT[state.wild],
                            "combinations": combinations, "none": none,
                            "winner": None if winner < 0 else players[winner],
                            "decided_by": result.decided_by})
    if winner >= 0:
        settle(state, winner, "showdown")
        return True
    # No combination: tricks. The dealer leads; if he is out, the first player in from his left.
    dealer = state.match.dealer
    state.leader = dealer if state.active[dealer] else next_active(state, dealer)
    state.phase = PHASE_PLAY
    state.to_act = state.leader
    state.history += ("showdown: no combination",)
    return False
