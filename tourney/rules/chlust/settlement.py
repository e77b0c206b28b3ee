"""The end of a Chlust deal and of the match (RULES §2.9-§2.10, §0.5-§0.6): most tricks take the
pot (a tie carried, split or decided by the first trick), the settle event, the deal passing on,
and the end of the match."""

from __future__ import annotations

from typing import Any

from tourney.rules.chlust.table import PHASE_OVER, ChlustTable
from tourney.rules.games import Outcome


class ChlustSettlement(ChlustTable):
    """How a deal of Chlust is paid and what comes after it."""

    def _start_deal(self) -> None:
        """The next deal (`ChlustState`)."""
        raise NotImplementedError

    def _settle_tricks(self) -> None:
        most = max(self.tricks_won)
        tied = [s for s in self._order_from_left(self.active) if self.tricks_won[s] == most]
        if len(tied) == 1:
            self._settle(tied[0], "tricks")
            return
        rule = self.descriptor.trick_tie
        if rule == "split":
            each, rest = divmod(self.pot, len(tied))
            for i, seat in enumerate(tied):  # the leftover chips go to the tied elder hand
                self._pay_out(seat, each + (rest if i == 0 else 0))
            self.pot = 0
            self._settle(-1, "tie")
        elif rule == "first_trick":
            self._settle(next(s for s in self.trick_winners if s in tied), "tie")
        else:
            self._settle(-1, "tie")

    def _pay_out(self, seat: int, amount: int) -> None:
        self.match.receive(seat, amount)
        self.received[seat] += amount

    def _settle(self, winner: int, reason: str) -> None:
        if winner >= 0:
            self._pay_out(winner, self.pot)
            self.pot = 0
        match = self.match
        event: dict[str, Any] = {"event": "settle", "deal": self.deal,
                                 "winner": None if winner < 0 else self.players[winner], "reason": reason}
        if self.trick_winners:
            event["tricks"] = {self.players[s]: self.tricks_won[s] for s in self._order_from_left(self.active)}
        event["deltas"] = {self.players[s]: self.received[s] - self.paid[s] for s in self.anted}
        event["pot"] = self.pot
        self._events.append(event)
        # A player left without chips is out now, so the deal never passes to him (if nobody has
        # chips, the players of this deal share the carried pot at the end: `Match.split_pot`).
        match.bust_empty(self.deal)
        match.pass_deal()
        self._start_deal()

    def _finish(self) -> None:
        match = self.match
        split = match.split_pot(self.pot) if self.pot else {}
        self.pot = 0
        order, places = match.finishing_order()
        names = self.players
        self.terminal = True
        self.phase = PHASE_OVER
        self.to_act = -1
        self._legal = []
        standings = tuple(names[s] for s in order)
        chips = tuple(match.chips[s] for s in order)
        self._outcome = Outcome(standings=standings, places=tuple(places), chips=chips)
        self._events.append({
            "event": "end", "deals": self.deal, "chips": {names[s]: match.chips[s] for s in range(self.n)},
            "pot": 0, "split": {names[s]: amount for s, amount in split.items()}, "standings": list(standings),
            "places": list(places)})
