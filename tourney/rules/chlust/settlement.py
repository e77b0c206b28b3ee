"""The end of a Chlust deal and of the match (RULES §2.9-§2.10, §0.5-§0.6), as functions of the
state: most tricks take the pot (a tie carried, split or decided by the first trick), the settle
event and the deal passing on, and the end of the match. After a settled deal the state deals
the next one (which ends the match once its rotations are done)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tourney.rules.chlust.phases import PHASE_OVER
from tourney.rules.chlust.turns import order_from_left
from tourney.rules.games import Outcome

if TYPE_CHECKING:
    from tourney.rules.chlust.state import ChlustState


def settle_tricks(state: ChlustState) -> None:
    """The three tricks are played: most tricks take the pot; a tie follows `trick_tie` (§2.9)."""
    most = max(state.tricks_won)
    tied = [s for s in order_from_left(state, state.active) if state.tricks_won[s] == most]
    if len(tied) == 1:
        settle(state, tied[0], "tricks")
        return
    rule = state.rules.trick_tie
    if rule == "split":
        each, rest = divmod(state.pot, len(tied))
        for i, seat in enumerate(tied):  # the leftover chips go to the tied elder hand
            _pay_out(state, seat, each + (rest if i == 0 else 0))
        state.pot = 0
        settle(state, -1, "tie")
    elif rule == "first_trick":
        settle(state, next(s for s in state.trick_winners if s in tied), "tie")
    else:
        settle(state, -1, "tie")


def _pay_out(state: ChlustState, seat: int, amount: int) -> None:
    state.match.receive(seat, amount)
    state.received[seat] += amount


def settle(state: ChlustState, winner: int, reason: str) -> None:
    """The deal ends: the winner (if any, else the pot is carried) takes the pot, the settle event,
    and the deal passes on."""
    if winner >= 0:
        _pay_out(state, winner, state.pot)
        state.pot = 0
    match = state.match
    players = state.players
    event: dict[str, Any] = {"event": "settle", "deal": state.deal,
                             "winner": None if winner < 0 else players[winner], "reason": reason}
    if state.trick_winners:
        event["tricks"] = {players[s]: state.tricks_won[s] for s in order_from_left(state, state.active)}
    event["deltas"] = {players[s]: state.received[s] - state.paid[s] for s in state.anted}
    event["pot"] = state.pot
    state.event_log.append(event)
    # A player left without chips is out now, so the deal never passes to him (if nobody has
    # chips, the players of this deal share the carried pot at the end: `Match.split_pot`).
    match.bust_empty(state.deal)
    match.pass_deal()


def finish(state: ChlustState) -> None:
    """§0.5: the carried pot is shared by the seated players; the finishing order by chips."""
    match = state.match
    split = match.split_pot(state.pot) if state.pot else {}
    state.pot = 0
    order, places = match.finishing_order()
    names = state.players
    state.terminal = True
    state.phase = PHASE_OVER
    state.to_act = -1
    standings = tuple(names[s] for s in order)
    chips = tuple(match.chips[s] for s in order)
    state.final_outcome = Outcome(standings=standings, places=tuple(places), chips=chips)
    state.event_log.append({
        "event": "end", "deals": state.deal, "chips": {names[s]: match.chips[s] for s in range(state.n)},
        "pot": 0, "split": {names[s]: amount for s, amount in split.items()}, "standings": list(standings),
        "places": list(places)})
