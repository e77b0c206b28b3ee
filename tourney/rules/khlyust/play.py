"""The tricks of a Хлюст deal (RULES §3.9, K5), as functions of the state: FOLLOW_TRUMP (or
must-head), cards played face down with `okhlupku`, the leader of each trick, three tricks, then
the settlement (settlement.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tourney.rules.khlyust.phases import TRICKS
from tourney.rules.khlyust.settlement import settle_played
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import round_from
from tourney.rules.tricks.play import is_face_down, trick_winner
from tourney.rules.tricks.record import trick_cards

if TYPE_CHECKING:
    from tourney.rules.khlyust.state import KhlyustState


def start_play(state: KhlyustState, in_play: list[int], leader: int) -> None:
    """The tricks begin: `in_play` play them, `leader` leads the first."""
    state.in_play = in_play
    state.phase = TRICKS
    state.trick_no = 1
    _start_trick(state, leader)


def _start_trick(state: KhlyustState, leader: int) -> None:
    state.order = round_from(state.in_play, leader)
    state.turn = 0
    state.trick = []
    state.trick_seats = []
    state.face_down = []
    state.to_act = leader


def play_card(state: KhlyustState, seat: int, card: int) -> bool:
    """`seat` plays `card` to the trick; True when it was the last card of the deal, which is then
    settled."""
    down = state.options.okhlupku and is_face_down(card, state.trick, state.trump)
    state.hands[seat].remove(card)
    state.trick.append(card)
    state.trick_seats.append(seat)
    state.face_down.append(down)
    event: dict[str, Any] = {"event": "card", "deal": state.deal_no, "trick": state.trick_no,
                             "player": state.players[seat], "card": CARD_TEXT[card]}
    if down:
        event["face_down"] = True
        state.seen_down.append((seat, card))
    else:
        state.seen_up.append(card)
    state.event_log.append(event)
    state.turn += 1
    if state.turn < len(state.order):
        state.to_act = state.order[state.turn]
        return False
    winner = state.trick_seats[trick_winner(state.trick, state.trump, state.face_down)]
    state.tricks_won[winner] += 1
    players = state.players
    state.event_log.append({"event": "trick", "deal": state.deal_no, "trick": state.trick_no,
                            "leader": players[state.trick_seats[0]],
                            "cards": trick_cards(players, state.trick_seats, state.trick),
                            "winner": players[winner]})
    if state.trick_no == 3:
        settle_played(state)
        return True
    state.trick_no += 1
    _start_trick(state, winner)
    return False
