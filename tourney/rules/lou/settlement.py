"""The end of a Lou deal, game and match (RULES §4.8, §0.5-§0.6), as functions of the table: the
trick shares or the majority rule and the loo payments of a played deal (payout.py computes them),
a deal settled without play (a misdeal, the lone player taking the pot), what follows a settled
deal (the next deal or game, or the end of the match), and the end of the match. Each settlement
records the settle event and returns DEAL_OVER or GAME_OVER; `pass_deal_on` then says what follows,
and the state (state.py) deals it."""

from __future__ import annotations

from typing import Any, Final

from tourney.rules.lou.payout import settle
from tourney.rules.lou.phases import DEAL_OVER, GAME_OVER, OVER
from tourney.rules.lou.table import LouTable
from tourney.rules.tricks.record import end_of_match

# What follows a settled deal.
NEXT_DEAL: Final = 0
NEXT_GAME: Final = 1
MATCH_OVER: Final = 2


def settle_played(table: LouTable) -> int:
    """§4.8: trick shares (or the majority rule), loo payments capped by §0.6."""
    players = table.players
    pot = table.deal_pot
    tricks = {s: table.tricks_won[s] for s in table.ins}
    result = settle(pot, tricks, table.options.payout, table.dummy_tricks)
    match = table.match
    deltas: dict[int, int] = {s: 0 for s in table.ins}
    for seat, amount in result.receipts.items():
        match.receive(seat, amount)
        deltas[seat] += amount
    busted: list[str] = []
    paid_in = 0
    for seat, amount in result.owed.items():
        paid = match.pay(seat, amount, table.deal_no)
        paid_in += paid
        deltas[seat] -= paid
        if not match.seated[seat]:
            busted.append(players[seat])
    busted += [players[s] for s in match.bust_empty(table.deal_no)]
    table.pot = result.kept + paid_in
    event: dict[str, Any] = {
        "event": "settle", "deal": table.deal_no, "result": "played", "pot_start": pot,
        "tricks": {players[s]: t for s, t in tricks.items()}}
    if table.has_dummy:
        event["dummy_tricks"] = table.dummy_tricks
    event.update({"looed": [players[s] for s in result.owed],
                  "deltas": {players[s]: d for s, d in deltas.items()}, "busted": busted, "pot": table.pot,
                  "game_over": result.game_over})
    table.event_log.append(event)
    return GAME_OVER if result.game_over else DEAL_OVER


def settle_without_play(table: LouTable, result: str, deltas: dict[str, int]) -> int:
    """A deal with nobody in (`misdeal`) or one player in who takes the pot (`lone`)."""
    game_over = result == "lone"
    busted = [table.players[s] for s in table.match.bust_empty(table.deal_no)]
    table.event_log.append({"event": "settle", "deal": table.deal_no, "result": result, "pot_start": table.deal_pot,
                            "tricks": {}, "looed": [], "deltas": deltas, "busted": busted, "pot": table.pot,
                            "game_over": game_over})
    return GAME_OVER if game_over else DEAL_OVER


def pass_deal_on(table: LouTable, ended: int) -> int:
    """After a deal settled with `ended` (DEAL_OVER or GAME_OVER): the deal passes on; NEXT_DEAL,
    NEXT_GAME, or MATCH_OVER when the match ends (the last seated player, the rotations done at
    the end of a game, or the match's deal limit)."""
    table.history += ((table.deal_no, table.deal_pot, table.pot),)
    match = table.match
    match.pass_deal()
    game_over = ended == GAME_OVER
    if match.seated_count() < 2 or (game_over and match.finished) or table.deal_no >= table.deal_limit:
        finish(table)
        return MATCH_OVER
    return NEXT_GAME if game_over else NEXT_DEAL


def finish(table: LouTable) -> None:
    """§0.5: the pot left is shared by the seated players; the finishing order by chips."""
    split, chips, standings, _ = end_of_match(table.players, table.match, table.pot)
    table.pot = 0
    table.terminal = True
    table.phase = OVER
    table.to_act = -1
    for seat in range(table.n):
        table.hands[seat] = []
    table.event_log.append({"event": "end", "deals": table.deal_no, "games": table.game_no, "split": split,
                            "chips": chips, "pot": 0, "standings": standings})
