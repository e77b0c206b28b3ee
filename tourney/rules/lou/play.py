"""The tricks of a Lou deal (RULES §4.7): FOLLOW_ONLY (or must-head with `strict_loo`, whose
first lead is forced), the leader (the dealer's left or the upcard's count), and the lone
player's dummy, which plays itself; three tricks, then the settlement."""

from __future__ import annotations

from typing import Any

from tourney.rules.lou.settlement import LouSettlement
from tourney.rules.lou.table import ACE, DUMMY, KING, PLAY
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import round_from
from tourney.rules.tricks.play import legal_plays, trick_winner
from tourney.rules.tricks.record import seat_name, trick_cards


def upcard_value(card: int) -> int:
    """The count-lead value of the upcard (§4.7): A = 1, 2-10 face value, J 11, Q 12, K 13."""
    rank = card >> 2
    return 1 if rank == ACE else rank + 2


class LouPlay(LouSettlement):
    """The trick play of a Lou deal."""

    def _playable(self, seat: int) -> list[int]:
        hand = self.hands[seat] if seat >= 0 else self.dummy
        if self.options.strict_loo and self.trick_no == 1 and not self.trick:
            forced = self._forced_lead()
            if forced in hand:
                return [forced]
        return legal_plays(hand, self.trick, self.trump, self.policy)

    def _forced_lead(self) -> int:
        """strict_loo: the first lead is the trump ace, or the king when the ace is the upcard (§4.7)."""
        ace = ACE * 4 + self.trump
        return KING * 4 + self.trump if self.upcard == ace else ace

    def _start_play(self) -> None:
        ins = self.ins
        if self.has_dummy:
            leader = ins[0]  # the lone player leads against the dummy [resolved]
        elif self.options.lead == "upcard_count":
            leader = ins[(upcard_value(self.upcard) - 1) % len(ins)]
        else:
            leader = ins[0]
        self.phase = PLAY
        self.trick_no = 1
        self._start_trick(leader)

    def _start_trick(self, leader: int) -> None:
        if self.has_dummy:
            self.order = [leader, DUMMY if leader >= 0 else self.ins[0]]
        else:
            self.order = round_from(self.ins, leader)
        self.turn = 0
        self.trick = []
        self.trick_seats = []
        self.trick_pairs = ()
        self.to_act = leader
        if leader == DUMMY:
            self._play(DUMMY, self._dummy_card())

    def _dummy_card(self) -> int:
        """The dummy's card [resolved]: it leads its highest card (a trump above all others); it
        follows with the lowest legal card that takes the trick, else its lowest legal card."""
        legal = self._playable(DUMMY)
        trump = self.trump
        if not self.trick:
            return max(legal, key=lambda c: (c & 3 == trump, c >> 2))
        winners = [c for c in legal if trick_winner([*self.trick, c], trump) == len(self.trick)]
        return min(winners or legal, key=lambda c: (c & 3 == trump, c >> 2))

    def _play(self, seat: int, card: int) -> None:
        if seat >= 0:
            self.hands[seat].remove(card)
        else:
            self.dummy.remove(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        self.trick_pairs += ((seat, card),)
        self.played.append(card)
        event: dict[str, Any] = {"event": "play", "deal": self.deal_no, "trick": self.trick_no,
                                 "player": seat_name(self.players, seat), "card": CARD_TEXT[card]}
        if seat < 0:
            event["dummy"] = True
        self._events.append(event)
        self.turn += 1
        if self.turn < len(self.order):
            nxt = self.order[self.turn]
            self.to_act = nxt
            if nxt == DUMMY:
                self._play(DUMMY, self._dummy_card())
            return
        winner = self.trick_seats[trick_winner(self.trick, self.trump)]
        if winner >= 0:
            self.tricks_won[winner] += 1
        else:
            self.dummy_tricks += 1
        self._events.append({"event": "trick", "deal": self.deal_no, "trick": self.trick_no,
                             "cards": trick_cards(self.players, self.trick_seats, self.trick),
                             "winner": seat_name(self.players, winner)})
        if self.trick_no == 3:
            self._settle_played()
            return
        self.trick_no += 1
        self._start_trick(winner)
