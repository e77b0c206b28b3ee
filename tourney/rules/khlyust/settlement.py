"""The end of a Хлюст deal and of the match (RULES §3.10, K6; §0.5-§0.6): the kassa taken whole
(Листы, everyone conceded, three aces), the instant Хлюст, the settlement of a played deal
(settle.py computes it), the settle event, the deal passing on, and the end of the match."""

from __future__ import annotations

from tourney.rules.khlyust.combos import hand_points
from tourney.rules.khlyust.settle import settle
from tourney.rules.khlyust.table import OVER, KhlyustTable
from tourney.rules.tricks.record import end_of_match, seat_name


class KhlyustSettlement(KhlyustTable):
    """How a deal of Хлюст is paid and what comes after it."""

    def _start_deal(self) -> None:
        """The next deal (`KhlyustState`)."""
        raise NotImplementedError

    def _deltas(self) -> dict[int, int]:
        return {s: -a for s, a in self.antes.items()}

    def _take_all(self, winner: int, result: str) -> None:
        """A deal ended before play (Листы, everyone conceded, three aces): the winner takes K."""
        deltas = self._deltas()
        self.match.receive(winner, self.pot)
        deltas[winner] += self.pot
        self.pot = 0
        self._record_settle(result, winner, deltas, [], {})

    def _instant(self, winner: int) -> None:
        """`instant_khlyust`: the declarer takes K and each opponent still in pays the point value
        of the declarer's cards (§3.10, after S10)."""
        deltas = self._deltas()
        match = self.match
        match.receive(winner, self.pot)
        deltas[winner] += self.pot
        self.pot = 0
        points = hand_points(self.hands[winner])
        busted: list[str] = []
        for seat in self.dealt:
            if seat != winner and not self.out[seat]:
                paid = match.pay(seat, points, self.deal_no)
                match.receive(winner, paid)
                deltas[seat] -= paid
                deltas[winner] += paid
                if not match.seated[seat]:
                    busted.append(self.players[seat])
        self._record_settle("instant", winner, deltas, busted, {})

    def _settle_played(self) -> None:
        match = self.match
        deal = self.deal_no
        kassa = self.kassa
        players = self.players
        deltas = self._deltas()
        busted: list[str] = []

        def pay(seat: int, amount: int) -> int:
            paid = match.pay(seat, amount, deal)
            deltas[seat] -= paid
            if not match.seated[seat] and players[seat] not in busted:
                busted.append(players[seat])
            return paid

        if self.duel:
            winner = max(self.in_play, key=lambda s: self.tricks_won[s])   # 2 or 3 of 3 tricks (§3.11)
            match.receive(winner, self.pot)
            deltas[winner] += self.pot
            self.pot = 0
            self._record_settle("played", winner, deltas, busted, {s: self.tricks_won[s] for s in self.in_play})
            return
        tricks = {s: self.tricks_won[s] for s in self.in_play}
        concealers = [s for s in self.concealers if not self.out[s]]
        concealed_in = 0
        for seat in concealers:
            paid = pay(seat, kassa)
            concealed_in += paid
            self.pot += paid
        options = self.options
        declarer = self.declarer if self.declarer >= 0 else None
        result = settle(kassa, tricks, declarer, concealers, options.declared_settlement, options.concealment_base,
                        options.two_trick_share, concealed_in)
        for seat, amount in result.receipts.items():
            match.receive(seat, amount)
            deltas[seat] += amount
            self.pot -= amount
        for seat, amount in result.penalties.items():
            if seat not in concealers:
                self.pot += pay(seat, amount)
        for payer, payee, amount in result.transfers:
            paid = pay(payer, amount)
            match.receive(payee, paid)
            deltas[payee] += paid
        whole = [s for s, amount in result.receipts.items() if amount == kassa]
        winner = whole[0] if whole and len(result.receipts) == 1 else -1
        self._record_settle("played", winner, deltas, busted, tricks)

    def _record_settle(self, result: str, winner: int, deltas: dict[int, int], busted: list[str],
                       tricks: dict[int, int]) -> None:
        players = self.players
        busted = busted + [players[s] for s in self.match.bust_empty(self.deal_no)]
        self._events.append({
            "event": "settle", "deal": self.deal_no, "result": result, "pot_start": self.kassa,
            "winner": seat_name(players, winner), "khlyustovshchik": seat_name(players, self.declarer),
            "concealers": [players[s] for s in self.concealers if not self.out[s]] if result == "played" else [],
            "tricks": {players[s]: t for s, t in tricks.items()},
            "deltas": {players[s]: d for s, d in deltas.items()}, "busted": busted, "pot": self.pot})
        self._end_deal()

    def _end_deal(self) -> None:
        match = self.match
        match.pass_deal()
        if match.seated_count() < 2 or match.finished:
            self._finish()
        else:
            self._start_deal()

    def _finish(self) -> None:
        """§0.5: the pot left is shared by the seated players; the finishing order by chips."""
        split, chips, standings, places = end_of_match(self.players, self.match, self.pot)
        self.pot = 0
        self.terminal = True
        self.phase = OVER
        self.to_act = -1
        self._legal = None
        for seat in range(self.n):
            self.hands[seat] = []
        self._events.append({"event": "end", "deals": self.deal_no, "split": split, "chips": chips, "pot": 0,
                             "standings": standings, "places": places})
