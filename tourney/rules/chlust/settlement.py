"""The end of a Chlust deal and of the match (RULES §2.9-§2.10, §0.5-§0.6), as functions of the
table: most tricks take the pot (a tie carried, split or decided by the first trick), the settle
event and the deal passing on, and the end of the match. After a settled deal the state
(state.py) deals the next one (which ends the match once its rotations are done)."""

from __future__ import annotations

from typing import Any

from tourney.rules.chlust.phases import PHASE_OVER
from tourney.rules.chlust.table import ChlustTable
from tourney.rules.chlust.turns import order_from_left
from tourney.rules.games import Outcome


def settle_tricks(table: ChlustTable) -> None:
    """The three tricks are played: most tricks take the pot; a tie follows `trick_tie` (§2.9)."""
    most = max(table.tricks_won)
    tied = [s for s in order_from_left(table, table.active) if table.tricks_won[s] == most]
    if len(tied) == 1:
        settle(table, tied[0], "tricks")
        return
    rule = table.rules.trick_tie
    if rule == "split":
        each, rest = divmod(table.pot, len(tied))
        for i, seat in enumerate(tied):  # the leftover chips go to the tied elder hand
            _pay_out(table, seat, each + (rest if i == 0 else 0))
        table.pot = 0
        settle(table, -1, "tie")
    elif rule == "first_trick":
        settle(table, next(s for s in table.trick_winners if s in tied), "tie")
    else:
        settle(table, -1, "tie")


def _pay_out(table: ChlustTable, seat: int, amount: int) -> None:
    table.match.receive(seat, amount)
    table.received[seat] += amount


def settle(table: ChlustTable, winner: int, reason: str) -> None:
    """The deal ends: the winner (if any, else the pot is carried) takes the pot, the settle event,
    and the deal passes on."""
    if winner >= 0:
        _pay_out(table, winner, table.pot)
        table.pot = 0
    match = table.match
    players = table.players
    event: dict[str, Any] = {"event": "settle", "deal": table.deal,
                             "winner": None if winner < 0 else players[winner], "reason": reason}
    if table.trick_winners:
        event["tricks"] = {players[s]: table.tricks_won[s] for s in order_from_left(table, table.active)}
    event["deltas"] = {players[s]: table.received[s] - table.paid[s] for s in table.anted}
    event["pot"] = table.pot
    table.event_log.append(event)
    # A player left without chips is out now, so the deal never passes to him (if nobody has
    # chips, the players of this deal share the carried pot at the end: `Match.split_pot`).
    match.bust_empty(table.deal)
    match.pass_deal()


def finish(table: ChlustTable) -> None:
    """§0.5: the carried pot is shared by the seated players; the finishing order by chips."""
    match = table.match
    split = match.split_pot(table.pot) if table.pot else {}
    table.pot = 0
    order, places = match.finishing_order()
    names = table.players
    table.terminal = True
    table.phase = PHASE_OVER
    table.to_act = -1
    standings = tuple(names[s] for s in order)
    chips = tuple(match.chips[s] for s in order)
    table.final_outcome = Outcome(standings=standings, places=tuple(places), chips=chips)
    table.event_log.append({
        "event": "end", "deals": table.deal, "chips": {names[s]: match.chips[s] for s in range(table.n)},
        "pot": 0, "split": {names[s]: amount for s, amount in split.items()}, "standings": list(standings),
        "places": list(places)})
