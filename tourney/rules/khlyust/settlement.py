"""The end of a Хлюст deal and of the match (RULES §3.10, K6; §0.5-§0.6), as functions of the
state: the kassa taken whole (Листы, everyone conceded, three aces), the instant Хлюст, a played
deal paid (payout.py computes what is owed), the settle event, the deal passing on, and the end of
the match. Each settlement records the settle event; `pass_deal_on` then says whether another deal
follows, and the state deals it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.rules.khlyust.combos import hand_points
from tourney.rules.khlyust.payout import settle
from tourney.rules.khlyust.phases import OVER
from tourney.rules.tricks.record import end_of_match, seat_name

if TYPE_CHECKING:
    from tourney.rules.khlyust.state import KhlyustState


def _ante_deltas(state: KhlyustState) -> dict[int, int]:
    return {s: -a for s, a in state.antes.items()}


def take_all(state: KhlyustState, winner: int, result: str) -> None:
    """A deal ended before play (Листы, everyone conceded, three aces): the winner takes K."""
    deltas = _ante_deltas(state)
    state.match.receive(winner, state.pot)
    deltas[winner] += state.pot
    state.pot = 0
    _record_settle(state, result, winner, deltas, [], {})


def pay_instant(state: KhlyustState, winner: int) -> None:
    """`instant_khlyust`: the declarer takes K and each opponent still in pays the point value
    of the declarer's cards (§3.10, after S10)."""
    deltas = _ante_deltas(state)
    match = state.match
    match.receive(winner, state.pot)
    deltas[winner] += state.pot
    state.pot = 0
    points = hand_points(state.hands[winner])
    busted: list[str] = []
    for seat in state.dealt:
        if seat != winner and not state.out[seat]:
            paid = match.pay(seat, points, state.deal_no)
            match.receive(winner, paid)
            deltas[seat] -= paid
            deltas[winner] += paid
            if not match.seated[seat]:
                busted.append(state.players[seat])
    _record_settle(state, "instant", winner, deltas, busted, {})


def settle_played(state: KhlyustState) -> None:
    """The three tricks are played: the duel's pot to the winner of 2 or 3 (§3.11), else §3.10 with
    the concealers' penalties paid first."""
    match = state.match
    deal = state.deal_no
    kassa = state.kassa
    players = state.players
    deltas = _ante_deltas(state)
    busted: list[str] = []

    def pay(seat: int, amount: int) -> int:
        paid = match.pay(seat, amount, deal)
        deltas[seat] -= paid
        if not match.seated[seat] and players[seat] not in busted:
            busted.append(players[seat])
        return paid

    if state.duel:
        winner = max(state.in_play, key=lambda s: state.tricks_won[s])   # 2 or 3 of 3 tricks (§3.11)
        match.receive(winner, state.pot)
        deltas[winner] += state.pot
        state.pot = 0
        _record_settle(state, "played", winner, deltas, busted, {s: state.tricks_won[s] for s in state.in_play})
        return
    tricks = {s: state.tricks_won[s] for s in state.in_play}
    concealers = [s for s in state.concealers if not state.out[s]]
    concealed_in = 0
    for seat in concealers:
        paid = pay(seat, kassa)
        concealed_in += paid
        state.pot += paid
    options = state.options
    declarer = state.declarer if state.declarer >= 0 else None
    result = settle(kassa, tricks, declarer, concealers, options.declared_settlement, options.concealment_base,
                    options.two_trick_share, concealed_in)
    for seat, amount in result.receipts.items():
        match.receive(seat, amount)
        deltas[seat] += amount
        state.pot -= amount
    for seat, amount in result.penalties.items():
        if seat not in concealers:
            state.pot += pay(seat, amount)
    for payer, payee, amount in result.transfers:
        paid = pay(payer, amount)
        match.receive(payee, paid)
        deltas[payee] += paid
    whole = [s for s, amount in result.receipts.items() if amount == kassa]
    winner = whole[0] if whole and len(result.receipts) == 1 else -1
    _record_settle(state, "played", winner, deltas, busted, tricks)


def _record_settle(state: KhlyustState, result: str, winner: int, deltas: dict[int, int], busted: list[str],
                   tricks: dict[int, int]) -> None:
    players = state.players
    busted = busted + [players[s] for s in state.match.bust_empty(state.deal_no)]
    state.event_log.append({
        "event": "settle", "deal": state.deal_no, "result": result, "pot_start": state.kassa,
        "winner": seat_name(players, winner), "khlyustovshchik": seat_name(players, state.declarer),
        "concealers": [players[s] for s in state.concealers if not state.out[s]] if result == "played" else [],
        "tricks": {players[s]: t for s, t in tricks.items()},
        "deltas": {players[s]: d for s, d in deltas.items()}, "busted": busted, "pot": state.pot})


def pass_deal_on(state: KhlyustState) -> bool:
    """After a settled deal: the deal passes on; whether another deal follows (else the match ends)."""
    match = state.match
    match.pass_deal()
    if match.seated_count() < 2 or match.finished:
        finish(state)
        return False
    return True


def finish(state: KhlyustState) -> None:
    """§0.5: the pot left is shared by the seated players; the finishing order by chips."""
    split, chips, standings, places = end_of_match(state.players, state.match, state.pot)
    state.pot = 0
    state.terminal = True
    state.phase = OVER
    state.to_act = -1
    for seat in range(state.n):
        state.hands[seat] = []
    state.event_log.append({"event": "end", "deals": state.deal_no, "split": split, "chips": chips, "pot": 0,
                            "standings": standings, "places": places})
