"""The end of a Lou deal, game and match (RULES §4.8, §0.5-§0.6), as functions of the state: the
trick shares or the majority rule and the loo payments of a played deal (payout.py computes them),
a deal settled without play (a misdeal, the lone player taking the pot), what follows a settled
deal (the next deal or game, or the end of the match), and the end of the match. Each settlement
records the settle event and returns DEAL_OVER or GAME_OVER; `pass_deal_on` then says what follows,
and the state deals it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tourney.rules.lou.payout import settle
from tourney.rules.lou.phases import DEAL_OVER, GAME_OVER, OVER
from tourney.rules.tricks.record import end_of_match

if TYPE_CHECKING:
    from tourney.rules.lou.state import LouState

# What follows a settled deal.
NEXT_DEAL: Final = 0
NEXT_GAME: Final = 1
MATCH_OVER: Final = 2


def settle_played(state: LouState) -> int:
    """§4.8: trick shares (or the majority rule), loo payments capped by §0.6."""
    players = state.players
    pot = state.deal_pot
    tricks = {s: state.tricks_won[s] for s in state.ins}
    result = settle(pot, tricks, state.options.payout, state.dummy_tricks)
    match = state.match
    deltas: dict[int, int] = {s: 0 for s in state.ins}
    for seat, amount in result.receipts.items():
        match.receive(seat, amount)
        deltas[seat] += amount
    busted: list[str] = []
    paid_in = 0
    for seat, amount in result.owed.items():
        paid = match.pay(seat, amount, state.deal_no)
        paid_in += paid
        deltas[seat] -= paid
        if not match.seated[seat]:
            busted.append(players[seat])
    busted += [players[s] for s in match.bust_empty(state.deal_no)]
    state.pot = result.kept + paid_in
    event: dict[str, Any] = {
        "event": "settle", "deal": state.deal_no, "result": "played", "pot_start": pot,
        "tricks": {players[s]: t for s, t in tricks.items()}}
    if state.has_dummy:
        event["dummy_tricks"] = state.dummy_tricks
    event.update({"looed": [players[s] for s in result.owed],
                  "deltas": {players[s]: d for s, d in deltas.items()}, "busted": busted, "pot": state.pot,
                  "game_over": result.game_over})
    state.event_log.append(event)
    return GAME_OVER if result.game_over else DEAL_OVER


def settle_without_play(state: LouState, result: str, deltas: dict[str, int]) -> int:
    """A deal with nobody in (`misdeal`) or one player in who takes the pot (`lone`)."""
    game_over = result == "lone"
    busted = [state.players[s] for s in state.match.bust_empty(state.deal_no)]
    state.event_log.append({"event": "settle", "deal": state.deal_no, "result": result, "pot_start": state.deal_pot,
                            "tricks": {}, "looed": [], "deltas": deltas, "busted": busted, "pot": state.pot,
                            "game_over": game_over})
    return GAME_OVER if game_over else DEAL_OVER


def pass_deal_on(state: LouState, ended: int) -> int:
    """After a deal settled with `ended` (DEAL_OVER or GAME_OVER): the deal passes on; NEXT_DEAL,
    NEXT_GAME, or MATCH_OVER when the match ends (the last seated player, the rotations done at
    the end of a game, or the match's deal limit)."""
    state.history += ((state.deal_no, state.deal_pot, state.pot),)
    match = state.match
    match.pass_deal()
    game_over = ended == GAME_OVER
    if match.seated_count() < 2 or (game_over and match.finished) or state.deal_no >= state.deal_limit:
        finish(state)
        return MATCH_OVER
    return NEXT_GAME if game_over else NEXT_DEAL


def finish(state: LouState) -> None:
    """§0.5: the pot left is shared by the seated players; the finishing order by chips."""
    split, chips, standings, _ = end_of_match(state.players, state.match, state.pot)
    state.pot = 0
    state.terminal = True
    state.phase = OVER
    state.to_act = -1
    for seat in range(state.n):
        state.hands[seat] = []
    state.event_log.append({"event": "end", "deals": state.deal_no, "games": state.game_no, "split": split,
                            "chips": chips, "pot": 0, "standings": standings})
