"""The announcements of a Хлюст deal (RULES §3.7, K3: play, pass, declare, exchange, with the
Козырный Хлюст's lock and Листы made by exchange) and the answers to a Хлюст (§3.8, K4), as
functions of the table. Each action returns True when it ended the deal (the kassa taken whole,
the instant Хлюст), which is then settled; the tricks begin when the last call is made."""

from __future__ import annotations

from typing import Any

from tourney.rules.khlyust.actions import DECLARE, PASS, PLAY, exchange_action
from tourney.rules.khlyust.combos import KHLYUST_NAMES, NO_KHLYUST, TRUMP, khlyust_kind, listy_rank
from tourney.rules.khlyust.phases import (
    ANSWER,
    C_ANSWER_PASS,
    C_ANSWER_PLAY,
    C_DECLARE,
    C_EXCHANGE,
    C_PASS,
    C_PLAY,
    C_TRUMP,
)
from tourney.rules.khlyust.play import start_play
from tourney.rules.khlyust.settlement import pay_instant, take_all
from tourney.rules.khlyust.table import KhlyustTable
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import discard_sets, draw


def declarable(table: KhlyustTable, seat: int) -> bool:
    """Whether the seat holds a Хлюст it may declare (none after a Козырный Хлюст's lock, §3.7)."""
    return not table.locked and khlyust_kind(table.hands[seat], table.trump) != NO_KHLYUST


def announcement_actions(table: KhlyustTable, seat: int) -> list[int]:
    """What the seat may announce (§3.7): play (unless a Хлюст must be declared), pass (unless
    obliged), declare, and the exchanges the stock leaves room for."""
    options = table.options
    can_declare = declarable(table, seat)
    obliged = seat in table.obliged
    legal: list[int] = []
    if options.allow_concealment or not can_declare:
        legal.append(PLAY)
    if not obliged:
        legal.append(PASS)
    if can_declare:
        legal.append(DECLARE)
    room = min(options.max_exchange, len(table.stock) - table.stock_pos)
    if room and (options.obliged_may_exchange or not obliged):
        legal += sorted(exchange_action(s) for s in discard_sets(table.hands[seat], room) if s)
    return legal


def stay(table: KhlyustTable, seat: int) -> bool:
    """PLAY: the seat stays in, concealing a Хлюст it holds."""
    conceals = declarable(table, seat)
    if conceals:
        table.concealers.append(seat)
    table.calls.append((seat, C_PLAY, 0))
    table.event_log.append({"event": "play", "deal": table.deal_no, "player": table.players[seat],
                            "conceals": conceals})
    return _next_announcement(table)


def pass_out(table: KhlyustTable, seat: int) -> bool:
    """PASS: the seat is out of this deal."""
    table.out[seat] = True
    table.calls.append((seat, C_PASS, 0))
    table.event_log.append({"event": "pass", "deal": table.deal_no, "player": table.players[seat]})
    return _next_announcement(table)


def declare(table: KhlyustTable, seat: int, exchanged: dict[str, Any] | None = None) -> bool:
    """The player becomes the хлюстовщик, replacing a plain one; a Козырный Хлюст locks (§3.7).
    `exchanged`: the exchange event of a Хлюст made by exchange, which the declaration joins."""
    kind = khlyust_kind(table.hands[seat], table.trump)
    table.declarer = seat
    if kind == TRUMP:
        table.locked = True
    if exchanged is None:
        table.calls.append((seat, C_TRUMP if kind == TRUMP else C_DECLARE, 0))
        table.event_log.append({"event": "declare", "deal": table.deal_no, "player": table.players[seat],
                                "khlyust": KHLYUST_NAMES[kind]})
    else:
        exchanged["declares"] = KHLYUST_NAMES[kind]
        table.event_log.append(exchanged)
    if table.options.instant_khlyust:
        pay_instant(table, seat)
        return True
    return _next_announcement(table)


def exchange(table: KhlyustTable, seat: int, cards: tuple[int, ...]) -> bool:
    """The seat discards `cards` and draws as many from the stock; Листы so made may take the kassa,
    a Хлюст so made is declared at once (§3.7)."""
    hand, drawn = draw(table.hands[seat], cards, table.stock, table.stock_pos)
    table.hands[seat] = hand
    table.stock_pos += len(cards)
    table.discards[seat] = list(cards)
    table.calls.append((seat, C_EXCHANGE, len(cards)))
    event: dict[str, Any] = {"event": "exchange", "deal": table.deal_no, "player": table.players[seat],
                             "discards": [CARD_TEXT[c] for c in cards], "cards": [CARD_TEXT[c] for c in drawn],
                             "declares": None}
    rank = listy_rank(hand)
    if rank >= 0 and table.options.listy_by_exchange:
        # It takes the kassa unless another player still in holds a higher Листы (§3.7).
        table.event_log.append(event)
        holders = [s for s in table.dealt if not table.out[s] and listy_rank(table.hands[s]) >= 0]
        best = max(holders, key=lambda s: listy_rank(table.hands[s]))
        for s in holders:
            table.event_log.append({"event": "listy", "deal": table.deal_no, "player": table.players[s],
                                    "cards": [CARD_TEXT[c] for c in table.hands[s]], "exchange": s == seat})
        take_all(table, best, "listy")
        return True
    if declarable(table, seat):
        return declare(table, seat, event)
    table.event_log.append(event)
    return _next_announcement(table)


def _next_announcement(table: KhlyustTable) -> bool:
    table.turn += 1
    if table.turn < len(table.order):
        table.to_act = table.order[table.turn]
        return False
    declarer = table.declarer
    if declarer < 0:
        start_play(table, [s for s in table.dealt if not table.out[s]], table.podruchny)
        return False
    # K4: everyone else still in answers, in seat order after the хлюстовщик (§3.8).
    i = table.dealt.index(declarer)
    after = table.dealt[i + 1:] + table.dealt[:i]
    table.order = [s for s in after if not table.out[s]]
    table.turn = 0
    if not table.order:
        take_all(table, declarer, "conceded")
        return True
    table.phase = ANSWER
    table.to_act = table.order[0]
    return False


def answer(table: KhlyustTable, seat: int, plays: bool) -> bool:
    """The seat answers the Хлюст: play on, or pass out of the deal (§3.8)."""
    if not plays:
        table.out[seat] = True
    table.calls.append((seat, C_ANSWER_PLAY if plays else C_ANSWER_PASS, 0))
    table.event_log.append({"event": "answer", "deal": table.deal_no, "player": table.players[seat],
                            "answer": "play" if plays else "pass"})
    table.turn += 1
    if table.turn < len(table.order):
        table.to_act = table.order[table.turn]
        return False
    in_play = [s for s in table.dealt if not table.out[s]]
    if len(in_play) == 1:
        take_all(table, table.declarer, "conceded")
        return True
    start_play(table, in_play, table.declarer)
    return False
