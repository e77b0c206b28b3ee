"""The tricks of a Хлюст deal (RULES §3.9, K5), as functions of the table: FOLLOW_TRUMP (or
must-head), cards played face down with `okhlupku`, the leader of each trick, three tricks, then
the settlement (settlement.py)."""

from __future__ import annotations

from typing import Any

from tourney.rules.khlyust.phases import TRICKS
from tourney.rules.khlyust.settlement import settle_played
from tourney.rules.khlyust.table import KhlyustTable
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import round_from
from tourney.rules.tricks.play import is_face_down, trick_winner
from tourney.rules.tricks.record import trick_cards


def start_play(table: KhlyustTable, in_play: list[int], leader: int) -> None:
    """The tricks begin: `in_play` play them, `leader` leads the first."""
    table.in_play = in_play
    table.phase = TRICKS
    table.trick_no = 1
    _start_trick(table, leader)


def _start_trick(table: KhlyustTable, leader: int) -> None:
    table.order = round_from(table.in_play, leader)
    table.turn = 0
    table.trick = []
    table.trick_seats = []
    table.face_down = []
    table.to_act = leader


def play_card(table: KhlyustTable, seat: int, card: int) -> bool:
    """`seat` plays `card` to the trick; True when it was the last card of the deal, which is then
    settled."""
    down = table.options.okhlupku and is_face_down(card, table.trick, table.trump)
    table.hands[seat].remove(card)
    table.trick.append(card)
    table.trick_seats.append(seat)
    table.face_down.append(down)
    event: dict[str, Any] = {"event": "card", "deal": table.deal_no, "trick": table.trick_no,
                             "player": table.players[seat], "card": CARD_TEXT[card]}
    if down:
        event["face_down"] = True
        table.seen_down.append((seat, card))
    else:
        table.seen_up.append(card)
    table.event_log.append(event)
    table.turn += 1
    if table.turn < len(table.order):
        table.to_act = table.order[table.turn]
        return False
    winner = table.trick_seats[trick_winner(table.trick, table.trump, table.face_down)]
    table.tricks_won[winner] += 1
    players = table.players
    table.event_log.append({"event": "trick", "deal": table.deal_no, "trick": table.trick_no,
                            "leader": players[table.trick_seats[0]],
                            "cards": trick_cards(players, table.trick_seats, table.trick),
                            "winner": players[winner]})
    if table.trick_no == 3:
        settle_played(table)
        return True
    table.trick_no += 1
    _start_trick(table, winner)
    return False
