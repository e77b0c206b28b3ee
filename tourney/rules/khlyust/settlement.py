"""The end of a Хлюст deal and of the match (RULES §3.10, K6; §0.5-§0.6), as functions of the
table: the kassa taken whole (Листы, everyone conceded, three aces), the instant Хлюст, a played
deal paid (payout.py computes what is owed), the settle event, the deal passing on, and the end of
the match. Each settlement records the settle event; `pass_deal_on` then says whether another deal
follows, and the state (state.py) deals it."""

from __future__ import annotations

from tourney.rules.khlyust.combos import hand_points
from tourney.rules.khlyust.payout import settle
from tourney.rules.khlyust.phases import OVER
from tourney.rules.khlyust.table import KhlyustTable
from tourney.rules.tricks.record import end_of_match, seat_name


def _ante_deltas(table: KhlyustTable) -> dict[int, int]:
    return {s: -a for s, a in table.antes.items()}


def take_all(table: KhlyustTable, winner: int, result: str) -> None:
    """A deal ended before play (Листы, everyone conceded, three aces): the winner takes K."""
    deltas = _ante_deltas(table)
    table.match.receive(winner, table.pot)
    deltas[winner] += table.pot
    table.pot = 0
    _record_settle(table, result, winner, deltas, [], {})


def pay_instant(table: KhlyustTable, winner: int) -> None:
    """`instant_khlyust`: the declarer takes K and each opponent still in pays the point value
    of the declarer's cards (§3.10, after S10)."""
    deltas = _ante_deltas(table)
    match = table.match
    match.receive(winner, table.pot)
    deltas[winner] += table.pot
    table.pot = 0
    points = hand_points(table.hands[winner])
    busted: list[str] = []
    for seat in table.dealt:
        if seat != winner and not table.out[seat]:
            paid = match.pay(seat, points, table.deal_no)
            match.receive(winner, paid)
            deltas[seat] -= paid
            deltas[winner] += paid
            if not match.seated[seat]:
                busted.append(table.players[seat])
    _record_settle(table, "instant", winner, deltas, busted, {})


def settle_played(table: KhlyustTable) -> None:
    """The three tricks are played: the duel's pot to the winner of 2 or 3 (§3.11), else §3.10 with
    the concealers' penalties paid first."""
    match = table.match
    deal = table.deal_no
    kassa = table.kassa
    players = table.players
    deltas = _ante_deltas(table)
    busted: list[str] = []

    def pay(seat: int, amount: int) -> int:
        paid = match.pay(seat, amount, deal)
        deltas[seat] -= paid
        if not match.seated[seat] and players[seat] not in busted:
            busted.append(players[seat])
        return paid

    if table.duel:
        winner = max(table.in_play, key=lambda s: table.tricks_won[s])   # 2 or 3 of 3 tricks (§3.11)
        match.receive(winner, table.pot)
        deltas[winner] += table.pot
        table.pot = 0
        _record_settle(table, "played", winner, deltas, busted, {s: table.tricks_won[s] for s in table.in_play})
        return
    tricks = {s: table.tricks_won[s] for s in table.in_play}
    concealers = [s for s in table.concealers if not table.out[s]]
    concealed_in = 0
    for seat in concealers:
        paid = pay(seat, kassa)
        concealed_in += paid
        table.pot += paid
    options = table.options
    declarer = table.declarer if table.declarer >= 0 else None
    result = settle(kassa, tricks, declarer, concealers, options.declared_settlement, options.concealment_base,
                    options.two_trick_share, concealed_in)
    for seat, amount in result.receipts.items():
        match.receive(seat, amount)
        deltas[seat] += amount
        table.pot -= amount
    for seat, amount in result.penalties.items():
        if seat not in concealers:
            table.pot += pay(seat, amount)
    for payer, payee, amount in result.transfers:
        paid = pay(payer, amount)
        match.receive(payee, paid)
        deltas[payee] += paid
    whole = [s for s, amount in result.receipts.items() if amount == kassa]
    winner = whole[0] if whole and len(result.receipts) == 1 else -1
    _record_settle(table, "played", winner, deltas, busted, tricks)


def _record_settle(table: KhlyustTable, result: str, winner: int, deltas: dict[int, int], busted: list[str],
                   tricks: dict[int, int]) -> None:
    players = table.players
    busted = busted + [players[s] for s in table.match.bust_empty(table.deal_no)]
    table.event_log.append({
        "event": "settle", "deal": table.deal_no, "result": result, "pot_start": table.kassa,
        "winner": seat_name(players, winner), "khlyustovshchik": seat_name(players, table.declarer),
        "concealers": [players[s] for s in table.concealers if not table.out[s]] if result == "played" else [],
        "tricks": {players[s]: t for s, t in tricks.items()},
        "deltas": {players[s]: d for s, d in deltas.items()}, "busted": busted, "pot": table.pot})


def pass_deal_on(table: KhlyustTable) -> bool:
    """After a settled deal: the deal passes on; whether another deal follows (else the match ends)."""
    match = table.match
    match.pass_deal()
    if match.seated_count() < 2 or match.finished:
        finish(table)
        return False
    return True


def finish(table: KhlyustTable) -> None:
    """§0.5: the pot left is shared by the seated players; the finishing order by chips."""
    split, chips, standings, places = end_of_match(table.players, table.match, table.pot)
    table.pot = 0
    table.terminal = True
    table.phase = OVER
    table.to_act = -1
    for seat in range(table.n):
        table.hands[seat] = []
    table.event_log.append({"event": "end", "deals": table.deal_no, "split": split, "chips": chips, "pot": 0,
                            "standings": standings, "places": places})
