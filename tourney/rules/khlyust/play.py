"""The tricks of a Хлюст deal (RULES §3.9, K5): FOLLOW_TRUMP (or must-head), cards played face
down with `okhlupku`, the leader of each trick, three tricks, then the settlement."""

from __future__ import annotations

from typing import Any

from tourney.rules.khlyust.settlement import KhlyustSettlement
from tourney.rules.khlyust.table import TRICKS
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import round_from
from tourney.rules.tricks.play import is_face_down, trick_winner
from tourney.rules.tricks.record import trick_cards


class KhlyustPlay(KhlyustSettlement):
    """The trick play of a Хлюст deal."""

    def _start_play(self, in_play: list[int], leader: int) -> None:
        self.in_play = in_play
        self.phase = TRICKS
        self.trick_no = 1
        self._start_trick(leader)

    def _start_trick(self, leader: int) -> None:
        self.order = round_from(self.in_play, leader)
        self.turn = 0
        self.trick = []
        self.trick_seats = []
        self.face_down = []
        self.to_act = leader

    def _play(self, seat: int, card: int) -> None:
        down = self.options.okhlupku and is_face_down(card, self.trick, self.trump)
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        self.face_down.append(down)
        event: dict[str, Any] = {"event": "card", "deal": self.deal_no, "trick": self.trick_no,
                                 "player": self.players[seat], "card": CARD_TEXT[card]}
        if down:
            event["face_down"] = True
            self.seen_down.append((seat, card))
        else:
            self.seen_up.append(card)
        self._events.append(event)
        self.turn += 1
        if self.turn < len(self.order):
            self.to_act = self.order[self.turn]
            return
        winner = self.trick_seats[trick_winner(self.trick, self.trump, self.face_down)]
        self.tricks_won[winner] += 1
        players = self.players
        self._events.append({"event": "trick", "deal": self.deal_no, "trick": self.trick_no,
                             "leader": players[self.trick_seats[0]],
                             "cards": trick_cards(players, self.trick_seats, self.trick),
                             "winner": players[winner]})
        if self.trick_no == 3:
            self._settle_played()
            return
        self.trick_no += 1
        self._start_trick(winner)
