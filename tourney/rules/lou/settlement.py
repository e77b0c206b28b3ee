"""The end of a Lou deal, game and match (RULES §4.8, §0.5-§0.6): the trick shares or the
majority rule and the loo payments of a played deal (settle.py computes them), a deal settled
without play (a misdeal, the lone player taking the pot), the next deal or game, and the end of
the match."""

from __future__ import annotations

from typing import Any

from tourney.rules.lou.settle import settle
from tourney.rules.lou.table import OVER, LouTable
from tourney.rules.tricks.record import end_of_match


class LouSettlement(LouTable):
    """How a deal of Lou is paid and what comes after it."""

    def _start_game(self) -> None:
        """The next game (`LouState`)."""
        raise NotImplementedError

    def _start_deal(self) -> None:
        """The next deal of this game (`LouState`)."""
        raise NotImplementedError

    def _settle_played(self) -> None:
        """§4.8: trick shares (or the majority rule), loo payments capped by §0.6."""
        players = self.players
        pot = self.deal_pot
        tricks = {s: self.tricks_won[s] for s in self.ins}
        result = settle(pot, tricks, self.options.payout, self.dummy_tricks)
        match = self.match
        deltas: dict[int, int] = {s: 0 for s in self.ins}
        for seat, amount in result.receipts.items():
            match.receive(seat, amount)
            deltas[seat] += amount
        busted: list[str] = []
        paid_in = 0
        for seat, amount in result.owed.items():
            paid = match.pay(seat, amount, self.deal_no)
            paid_in += paid
            deltas[seat] -= paid
            if not match.seated[seat]:
                busted.append(players[seat])
        busted += [players[s] for s in match.bust_empty(self.deal_no)]
        self.pot = result.kept + paid_in
        event: dict[str, Any] = {
            "event": "settle", "deal": self.deal_no, "result": "played", "pot_start": pot,
            "tricks": {players[s]: t for s, t in tricks.items()}}
        if self.has_dummy:
            event["dummy_tricks"] = self.dummy_tricks
        event.update({"looed": [players[s] for s in result.owed],
                      "deltas": {players[s]: d for s, d in deltas.items()}, "busted": busted, "pot": self.pot,
                      "game_over": result.game_over})
        self._events.append(event)
        self._end_deal(result.game_over)

    def _settle_without_play(self, result: str, deltas: dict[str, int]) -> None:
        game_over = result == "lone"
        busted = [self.players[s] for s in self.match.bust_empty(self.deal_no)]
        self._events.append({"event": "settle", "deal": self.deal_no, "result": result, "pot_start": self.deal_pot,
                             "tricks": {}, "looed": [], "deltas": deltas, "busted": busted, "pot": self.pot,
                             "game_over": game_over})
        self._end_deal(game_over)

    def _end_deal(self, game_over: bool) -> None:
        self.history += ((self.deal_no, self.deal_pot, self.pot),)
        match = self.match
        match.pass_deal()
        if match.seated_count() < 2 or (game_over and match.finished) or self.deal_no >= self.deal_limit:
            self._finish()
        elif game_over:
            self._start_game()
        else:
            self._start_deal()

    def _finish(self) -> None:
        """§0.5: the pot left is shared by the seated players; the finishing order by chips."""
        split, chips, standings, _ = end_of_match(self.players, self.match, self.pot)
        self.pot = 0
        self.terminal = True
        self.phase = OVER
        self.to_act = -1
        for seat in range(self.n):
            self.hands[seat] = []
        self._events.append({"event": "end", "deals": self.deal_no, "games": self.game_no, "split": split,
                             "chips": chips, "pot": 0, "standings": standings})
