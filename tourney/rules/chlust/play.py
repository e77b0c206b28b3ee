"""The tricks of a Chlust deal when nobody shows a combination (RULES §2.9), as a function of the
state: must-head, the winner of a trick leads the next, three tricks, then most tricks take the pot
(settlement.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.rules.chlust.settlement import settle_tricks
from tourney.rules.chlust.turns import next_active
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.play import trick_winner
from tourney.rules.tricks.record import trick_cards

if TYPE_CHECKING:
    from tourney.rules.chlust.state import ChlustState


def play_card(state: ChlustState, card: int) -> bool:
    """The player to act plays `card`; True when it was the deal's last card (the deal is settled)."""
    seat = state.to_act
    players = state.players
    state.hands[seat].remove(card)
    state.trick.append(card)
    state.trick_seats.append(seat)
    state.event_log.append({"event": "play", "deal": state.deal, "player": players[seat],
                            "card": CARD_TEXT[card]})
    if len(state.trick) < state.n_active:
        state.to_act = next_active(state, seat)
        return False
    winner = state.trick_seats[trick_winner(state.trick, state.trump)]
    state.tricks_won[winner] += 1
    state.trick_winners.append(winner)
    state.event_log.append({
        "event": "trick", "deal": state.deal, "trick": len(state.trick_winners),
        "leader": players[state.trick_seats[0]],
        "cards": trick_cards(players, state.trick_seats, state.trick),
        "winner": players[winner]})
    state.history += (" ".join(f"{players[s]} {CARD_TEXT[c]}" for s, c in
                               zip(state.trick_seats, state.trick, strict=True)) + f": {players[winner]}",)
    state.trick, state.trick_seats = [], []
    if len(state.trick_winners) < 3:
        state.to_act = winner
        return False
    settle_tricks(state)
    return True
