"""The tricks of a Chlust deal when nobody shows a combination (RULES §2.9), as a function of the
table: must-head, the winner of a trick leads the next, three tricks, then most tricks take the pot
(settlement.py)."""

from __future__ import annotations

from tourney.rules.chlust.settlement import settle_tricks
from tourney.rules.chlust.table import ChlustTable
from tourney.rules.chlust.turns import next_active
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.play import trick_winner
from tourney.rules.tricks.record import trick_cards


def play_card(table: ChlustTable, card: int) -> bool:
    """The player to act plays `card`; True when it was the deal's last card (the deal is settled)."""
    seat = table.to_act
    players = table.players
    table.hands[seat].remove(card)
    table.trick.append(card)
    table.trick_seats.append(seat)
    table.event_log.append({"event": "play", "deal": table.deal, "player": players[seat],
                            "card": CARD_TEXT[card]})
    if len(table.trick) < table.n_active:
        table.to_act = next_active(table, seat)
        return False
    winner = table.trick_seats[trick_winner(table.trick, table.trump)]
    table.tricks_won[winner] += 1
    table.trick_winners.append(winner)
    table.event_log.append({
        "event": "trick", "deal": table.deal, "trick": len(table.trick_winners),
        "leader": players[table.trick_seats[0]],
        "cards": trick_cards(players, table.trick_seats, table.trick),
        "winner": players[winner]})
    table.history += (" ".join(f"{players[s]} {CARD_TEXT[c]}" for s, c in
                               zip(table.trick_seats, table.trick, strict=True)) + f": {players[winner]}",)
    table.trick, table.trick_seats = [], []
    if len(table.trick_winners) < 3:
        table.to_act = winner
        return False
    settle_tricks(table)
    return True
