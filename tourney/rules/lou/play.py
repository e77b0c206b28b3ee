"""The tricks of a Lou deal (RULES §4.7), as functions of the state: FOLLOW_ONLY (or must-head
with `strict_loo`, whose first lead is forced), the leader (the dealer's left or the upcard's
count), and the lone player's dummy, which plays itself; three tricks, then the settlement
(settlement.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tourney.rules.lou.phases import DEAL_GOES_ON, DUMMY, PLAY
from tourney.rules.lou.settlement import settle_played
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import round_from
from tourney.rules.tricks.play import legal_plays, trick_winner
from tourney.rules.tricks.record import seat_name, trick_cards

if TYPE_CHECKING:
    from tourney.rules.lou.state import LouState

ACE: Final = 12
KING: Final = 11


def upcard_value(card: int) -> int:
    """The count-lead value of the upcard (§4.7): A = 1, 2-10 face value, J 11, Q 12, K 13."""
    rank = card >> 2
    return 1 if rank == ACE else rank + 2


def playable(state: LouState, seat: int) -> list[int]:
    """The cards the seat (or the dummy) may play to the trick now."""
    hand = state.hands[seat] if seat >= 0 else state.dummy
    if state.options.strict_loo and state.trick_no == 1 and not state.trick:
        forced = forced_lead(state)
        if forced in hand:
            return [forced]
    return legal_plays(hand, state.trick, state.trump, state.policy)


def forced_lead(state: LouState) -> int:
    """strict_loo: the first lead is the trump ace, or the king when the ace is the upcard (§4.7)."""
    ace = ACE * 4 + state.trump
    return KING * 4 + state.trump if state.upcard == ace else ace


def start_play(state: LouState) -> None:
    """The tricks begin, led by the lone player, the upcard's count or the first player in."""
    ins = state.ins
    if state.has_dummy:
        leader = ins[0]  # the lone player leads against the dummy [resolved]
    elif state.options.lead == "upcard_count":
        leader = ins[(upcard_value(state.upcard) - 1) % len(ins)]
    else:
        leader = ins[0]
    state.phase = PLAY
    state.trick_no = 1
    _start_trick(state, leader)


def _start_trick(state: LouState, leader: int) -> None:
    if state.has_dummy:
        state.order = [leader, DUMMY if leader >= 0 else state.ins[0]]
    else:
        state.order = round_from(state.ins, leader)
    state.turn = 0
    state.trick = []
    state.trick_seats = []
    state.trick_pairs = ()
    state.to_act = leader
    if leader == DUMMY:
        play_card(state, DUMMY, _dummy_card(state))  # a lead: the lone player's card still follows


def _dummy_card(state: LouState) -> int:
    """The dummy's card [resolved]: it leads its highest card (a trump above all others); it
    follows with the lowest legal card that takes the trick, else its lowest legal card."""
    legal = playable(state, DUMMY)
    trump = state.trump
    if not state.trick:
        return max(legal, key=lambda c: (c & 3 == trump, c >> 2))
    winners = [c for c in legal if trick_winner([*state.trick, c], trump) == len(state.trick)]
    return min(winners or legal, key=lambda c: (c & 3 == trump, c >> 2))


def play_card(state: LouState, seat: int, card: int) -> int:
    """`seat` (or the dummy, which then plays on by itself) plays `card` to the trick; after the
    third trick the deal is settled (DEAL_OVER or GAME_OVER), else DEAL_GOES_ON."""
    if seat >= 0:
        state.hands[seat].remove(card)
    else:
        state.dummy.remove(card)
    state.trick.append(card)
    state.trick_seats.append(seat)
    state.trick_pairs += ((seat, card),)
    state.played.append(card)
    event: dict[str, Any] = {"event": "play", "deal": state.deal_no, "trick": state.trick_no,
                             "player": seat_name(state.players, seat), "card": CARD_TEXT[card]}
    if seat < 0:
        event["dummy"] = True
    state.event_log.append(event)
    state.turn += 1
    if state.turn < len(state.order):
        nxt = state.order[state.turn]
        state.to_act = nxt
        if nxt == DUMMY:
            return play_card(state, DUMMY, _dummy_card(state))
        return DEAL_GOES_ON
    winner = state.trick_seats[trick_winner(state.trick, state.trump)]
    if winner >= 0:
        state.tricks_won[winner] += 1
    else:
        state.dummy_tricks += 1
    state.event_log.append({"event": "trick", "deal": state.deal_no, "trick": state.trick_no,
                            "cards": trick_cards(state.players, state.trick_seats, state.trick),
                            "winner": seat_name(state.players, winner)})
    if state.trick_no == 3:
        return settle_played(state)
    state.trick_no += 1
    _start_trick(state, winner)
    return DEAL_GOES_ON
