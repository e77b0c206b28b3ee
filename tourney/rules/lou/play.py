"""The tricks of a Lou deal (RULES §4.7), as functions of the table: FOLLOW_ONLY (or must-head
with `strict_loo`, whose first lead is forced), the leader (the dealer's left or the upcard's
count), and the lone player's dummy, which plays itself; three tricks, then the settlement
(settlement.py)."""

from __future__ import annotations

from typing import Any, Final

from tourney.rules.lou.phases import DEAL_GOES_ON, DUMMY, PLAY
from tourney.rules.lou.settlement import settle_played
from tourney.rules.lou.table import LouTable
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import round_from
from tourney.rules.tricks.play import legal_plays, trick_winner
from tourney.rules.tricks.record import seat_name, trick_cards

ACE: Final = 12
KING: Final = 11


def upcard_value(card: int) -> int:
    """The count-lead value of the upcard (§4.7): A = 1, 2-10 face value, J 11, Q 12, K 13."""
    rank = card >> 2
    return 1 if rank == ACE else rank + 2


def playable(table: LouTable, seat: int) -> list[int]:
    """The cards the seat (or the dummy) may play to the trick now."""
    hand = table.hands[seat] if seat >= 0 else table.dummy
    if table.options.strict_loo and table.trick_no == 1 and not table.trick:
        forced = forced_lead(table)
        if forced in hand:
            return [forced]
    return legal_plays(hand, table.trick, table.trump, table.policy)


def forced_lead(table: LouTable) -> int:
    """strict_loo: the first lead is the trump ace, or the king when the ace is the upcard (§4.7)."""
    ace = ACE * 4 + table.trump
    return KING * 4 + table.trump if table.upcard == ace else ace


def start_play(table: LouTable) -> None:
    """The tricks begin, led by the lone player, the upcard's count or the first player in."""
    ins = table.ins
    if table.has_dummy:
        leader = ins[0]  # the lone player leads against the dummy [resolved]
    elif table.options.lead == "upcard_count":
        leader = ins[(upcard_value(table.upcard) - 1) % len(ins)]
    else:
        leader = ins[0]
    table.phase = PLAY
    table.trick_no = 1
    _start_trick(table, leader)


def _start_trick(table: LouTable, leader: int) -> None:
    if table.has_dummy:
        table.order = [leader, DUMMY if leader >= 0 else table.ins[0]]
    else:
        table.order = round_from(table.ins, leader)
    table.turn = 0
    table.trick = []
    table.trick_seats = []
    table.trick_pairs = ()
    table.to_act = leader
    if leader == DUMMY:
        play_card(table, DUMMY, _dummy_card(table))  # a lead: the lone player's card still follows


def _dummy_card(table: LouTable) -> int:
    """The dummy's card [resolved]: it leads its highest card (a trump above all others); it
    follows with the lowest legal card that takes the trick, else its lowest legal card."""
    legal = playable(table, DUMMY)
    trump = table.trump
    if not table.trick:
        return max(legal, key=lambda c: (c & 3 == trump, c >> 2))
    winners = [c for c in legal if trick_winner([*table.trick, c], trump) == len(table.trick)]
    return min(winners or legal, key=lambda c: (c & 3 == trump, c >> 2))


def play_card(table: LouTable, seat: int, card: int) -> int:
    """`seat` (or the dummy, which then plays on by itself) plays `card` to the trick; after the
    third trick the deal is settled (DEAL_OVER or GAME_OVER), else DEAL_GOES_ON."""
    if seat >= 0:
        table.hands[seat].remove(card)
    else:
        table.dummy.remove(card)
    table.trick.append(card)
    table.trick_seats.append(seat)
    table.trick_pairs += ((seat, card),)
    table.played.append(card)
    event: dict[str, Any] = {"event": "play", "deal": table.deal_no, "trick": table.trick_no,
                             "player": seat_name(table.players, seat), "card": CARD_TEXT[card]}
    if seat < 0:
        event["dummy"] = True
    table.event_log.append(event)
    table.turn += 1
    if table.turn < len(table.order):
        nxt = table.order[table.turn]
        table.to_act = nxt
        if nxt == DUMMY:
            return play_card(table, DUMMY, _dummy_card(table))
        return DEAL_GOES_ON
    winner = table.trick_seats[trick_winner(table.trick, table.trump)]
    if winner >= 0:
        table.tricks_won[winner] += 1
    else:
        table.dummy_tricks += 1
    table.event_log.append({"event": "trick", "deal": table.deal_no, "trick": table.trick_no,
                            "cards": trick_cards(table.players, table.trick_seats, table.trick),
                            "winner": seat_name(table.players, winner)})
    if table.trick_no == 3:
        return settle_played(table)
    table.trick_no += 1
    _start_trick(table, winner)
    return DEAL_GOES_ON
