"""The betting of a Chlust deal and its showdown (RULES §2.7-§2.8), as functions of the table:
fixed-limit rounds capped by the smallest stack, folds (a deal won by the last player in), then the
combinations; with no combination the tricks begin (play.py). `bet` returns True when it ended the
deal (settled by settlement.py)."""

from __future__ import annotations

from typing import Any

from tourney.rules.chlust.actions import ACTION_TEXT, FOLD, RAISE
from tourney.rules.chlust.combos import showdown
from tourney.rules.chlust.deck import wild_card
from tourney.rules.chlust.phases import PHASE_BET, PHASE_PLAY
from tourney.rules.chlust.settlement import settle
from tourney.rules.chlust.table import ChlustTable
from tourney.rules.chlust.turns import next_active, order_from_left
from tourney.rules.tricks.cards import CARD_TEXT


def start_betting(table: ChlustTable) -> None:
    """The wild card is fixed and the betting opens left of the dealer (§2.7)."""
    table.wild = wild_card(table.upcard, table.rules.spade_ten_rule)
    table.phase = PHASE_BET
    table.level = 0
    table.raises = 0
    table.contrib = [0] * table.n
    table.acted = [False] * table.n
    chips = table.match.chips
    table.cap = min(chips[s] for s in range(table.n) if table.active[s])
    table.to_act = next_active(table, table.match.dealer)


def bet(table: ChlustTable, action: int) -> bool:
    """The player to act folds, calls or raises; True when the deal ended (everyone folded, one
    player left in, or a combination won the showdown)."""
    seat = table.to_act
    name = table.players[seat]
    deal = table.deal
    if action == FOLD:
        table.active[seat] = False
        table.n_active -= 1
        table.event_log.append({"event": "fold", "deal": deal, "player": name})
        table.history += (f"{name} FOLD",)
        if table.n_active == 0:
            settle(table, -1, "all_fold")
            return True
        if table.n_active == 1 and not table.rules.last_may_fold:
            settle(table, next_active(table, seat), "fold")
            return True
    else:
        if action == RAISE:
            table.level += table.rules.raise_unit
            table.raises += 1
            for other in range(table.n):
                table.acted[other] = False
        cost = table.level - table.contrib[seat]
        paid = table.match.pay(seat, cost, deal)  # never short: the cap is the smallest stack
        table.pot += paid
        table.paid[seat] += paid
        table.contrib[seat] = table.level
        table.acted[seat] = True
        table.event_log.append({"event": "bet", "deal": deal, "player": name, "action": ACTION_TEXT[action],
                                "amount": paid, "level": table.level})
        table.history += (f"{name} {ACTION_TEXT[action]}",)
    if all(table.acted[s] and table.contrib[s] == table.level for s in range(table.n) if table.active[s]):
        if table.n_active == 1:
            settle(table, next_active(table, seat), "fold")
            return True
        return _showdown(table)
    table.to_act = next_active(table, seat)
    return False


def _showdown(table: ChlustTable) -> bool:
    order = order_from_left(table, table.active)
    result = showdown([table.hands[s] for s in order], table.trump, table.wild, table.deck,
                      table.rules.tiebreak_order)
    players = table.players
    combinations: dict[str, Any] = {}
    none: list[str] = []
    for seat, combo in zip(order, result.combinations, strict=True):
        if combo is None:
            none.append(players[seat])
        else:
            combinations[players[seat]] = {
                "cards": [CARD_TEXT[c] for c in table.hands[seat]], "kind": combo.kind_name, "pure": combo.pure,
                "trump": combo.trump}
    winner = -1 if result.winner is None else order[result.winner]
    table.event_log.append({"event": "showdown", "deal": table.deal, "wild": CARD_TEXT[table.wild],
                            "combinations": combinations, "none": none,
                            "winner": None if winner < 0 else players[winner],
                            "decided_by": result.decided_by})
    if winner >= 0:
        settle(table, winner, "showdown")
        return True
    # No combination: tricks. The dealer leads; if he is out, the first player in from his left.
    dealer = table.match.dealer
    table.leader = dealer if table.active[dealer] else next_active(table, dealer)
    table.phase = PHASE_PLAY
    table.to_act = table.leader
    table.history += ("showdown: no combination",)
    return False
