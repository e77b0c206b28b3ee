"""The announcements of a Хлюст deal (RULES §3.7, K3: play, pass, declare, exchange, with the
Козырный Хлюст's lock and Листы made by exchange) and the answers to a Хлюст (§3.8, K4)."""

from __future__ import annotations

from typing import Any

from tourney.rules.khlyust.actions import PLAY
from tourney.rules.khlyust.combos import KHLYUST_NAMES, TRUMP, khlyust_kind, listy_rank
from tourney.rules.khlyust.play import KhlyustPlay
from tourney.rules.khlyust.table import (
    ANSWER,
    C_ANSWER_PASS,
    C_ANSWER_PLAY,
    C_DECLARE,
    C_EXCHANGE,
    C_PASS,
    C_PLAY,
    C_TRUMP,
)
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import draw


class KhlyustAnnouncements(KhlyustPlay):
    """The announcements and answers of a Хлюст deal."""

    def _stay(self, seat: int) -> None:
        conceals = self._declarable(seat)
        if conceals:
            self.concealers.append(seat)
        self._call(seat, C_PLAY)
        self._events.append({"event": "play", "deal": self.deal_no, "player": self.players[seat],
                             "conceals": conceals})
        self._next_announcement()

    def _pass(self, seat: int) -> None:
        self.out[seat] = True
        self._call(seat, C_PASS)
        self._events.append({"event": "pass", "deal": self.deal_no, "player": self.players[seat]})
        self._next_announcement()

    def _declare(self, seat: int, exchanged: dict[str, Any] | None) -> None:
        """The player becomes the хлюстовщик, replacing a plain one; a Козырный Хлюст locks (§3.7)."""
        kind = khlyust_kind(self.hands[seat], self.trump)
        self.declarer = seat
        if kind == TRUMP:
            self.locked = True
        if exchanged is None:
            self._call(seat, C_TRUMP if kind == TRUMP else C_DECLARE)
            self._events.append({"event": "declare", "deal": self.deal_no, "player": self.players[seat],
                                 "khlyust": KHLYUST_NAMES[kind]})
        else:
            exchanged["declares"] = KHLYUST_NAMES[kind]
            self._events.append(exchanged)
        if self.options.instant_khlyust:
            self._instant(seat)
            return
        self._next_announcement()

    def _exchange(self, seat: int, cards: tuple[int, ...]) -> None:
        hand, drawn = draw(self.hands[seat], cards, self.stock, self.stock_pos)
        self.hands[seat] = hand
        self.stock_pos += len(cards)
        self.discards[seat] = list(cards)
        self._call(seat, C_EXCHANGE, len(cards))
        event: dict[str, Any] = {"event": "exchange", "deal": self.deal_no, "player": self.players[seat],
                                 "discards": [CARD_TEXT[c] for c in cards], "cards": [CARD_TEXT[c] for c in drawn],
                                 "declares": None}
        rank = listy_rank(hand)
        if rank >= 0 and self.options.listy_by_exchange:
            # It takes the kassa unless another player still in holds a higher Листы (§3.7).
            self._events.append(event)
            holders = [s for s in self.dealt if not self.out[s] and listy_rank(self.hands[s]) >= 0]
            best = max(holders, key=lambda s: listy_rank(self.hands[s]))
            for s in holders:
                self._events.append({"event": "listy", "deal": self.deal_no, "player": self.players[s],
                                     "cards": [CARD_TEXT[c] for c in self.hands[s]], "exchange": s == seat})
            self._take_all(best, "listy")
            return
        if self._declarable(seat):
            self._declare(seat, event)  # a Хлюст made by exchange is declared at once
            return
        self._events.append(event)
        self._next_announcement()

    def _next_announcement(self) -> None:
        self.turn += 1
        if self.turn < len(self.order):
            self.to_act = self.order[self.turn]
            return
        declarer = self.declarer
        if declarer < 0:
            self._start_play([s for s in self.dealt if not self.out[s]], self.podruchny)
            return
        # K4: everyone else still in answers, in seat order after the хлюстовщик (§3.8).
        i = self.dealt.index(declarer)
        after = self.dealt[i + 1:] + self.dealt[:i]
        self.order = [s for s in after if not self.out[s]]
        self.turn = 0
        if not self.order:
            self._take_all(declarer, "conceded")
            return
        self.phase = ANSWER
        self.to_act = self.order[0]

    def _answer(self, seat: int, action: int) -> None:
        plays = action == PLAY
        if not plays:
            self.out[seat] = True
        self._call(seat, C_ANSWER_PLAY if plays else C_ANSWER_PASS)
        self._events.append({"event": "answer", "deal": self.deal_no, "player": self.players[seat],
                             "answer": "play" if plays else "pass"})
        self.turn += 1
        if self.turn < len(self.order):
            self.to_act = self.order[self.turn]
            return
        in_play = [s for s in self.dealt if not self.out[s]]
        if len(in_play) == 1:
            self._take_all(self.declarer, "conceded")
            return
        self._start_play(in_play, self.declarer)
