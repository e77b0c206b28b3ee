"""The announcements of a Хлюст deal (RULES §3.7, K3: play, pass, declare, exchange, with the
Козырный Хлюст's lock and Листы made by exchange) and the answers to a Хлюст (§3.8, K4), as
functions of the state. Each action returns True when it ended the deal (the kassa taken whole,
the instant Хлюст), which is then settled; the tricks begin when the last call is made."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import discard_sets, draw

if TYPE_CHECKING:
    from tourney.rules.khlyust.state import KhlyustState


def declarable(state: KhlyustState, seat: int) -> bool:
    """Whether the seat holds a Хлюст it may declare (none after a Козырный Хлюст's lock, §3.7)."""
    return not state.locked and khlyust_kind(state.hands[seat], state.trump) != NO_KHLYUST


def announcement_actions(state: KhlyustState, seat: int) -> list[int]:
    """What the seat may announce (§3.7): play (unless a Хлюст must be declared), pass (unless
    obliged), declare, and the exchanges the stock leaves room for."""
    options = state.options
    can_declare = declarable(state, seat)
    obliged = seat in state.obliged
    legal: list[int] = []
    if options.allow_concealment or not can_declare:
        legal.append(PLAY)
    if not obliged:
        legal.append(PASS)
    if can_declare:
        legal.append(DECLARE)
    room = min(options.max_exchange, len(state.stock) - state.stock_pos)
    if room and (options.obliged_may_exchange or not obliged):
        legal += sorted(exchange_action(s) for s in discard_sets(state.hands[seat], room) if s)
    return legal


def stay(state: KhlyustState, seat: int) -> bool:
    """PLAY: the seat stays in, concealing a Хлюст it holds."""
    conceals = declarable(state, seat)
    if conceals:
        state.concealers.append(seat)
    state.calls.append((seat, C_PLAY, 0))
    state.event_log.append({"event": "play", "deal": state.deal_no, "player": state.players[seat],
                            "conceals": conceals})
    return _next_announcement(state)


def pass_out(state: KhlyustState, seat: int) -> bool:
    """PASS: the seat is out of this deal."""
    state.out[seat] = True
    state.calls.append((seat, C_PASS, 0))
    state.event_log.append({"event": "pass", "deal": state.deal_no, "player": state.players[seat]})
    return _next_announcement(state)


def declare(state: KhlyustState, seat: int, exchanged: dict[str, Any] | None = None) -> bool:
    """The player becomes the хлюстовщик, replacing a plain one; a Козырный Хлюст locks (§3.7).
    `exchanged`: the exchange event of a Хлюст made by exchange, which the declaration joins."""
    kind = khlyust_kind(state.hands[seat], state.trump)
    state.declarer = seat
    if kind == TRUMP:
        state.locked = True
    if exchanged is None:
        state.calls.append((seat, C_TRUMP if kind == TRUMP else C_DECLARE, 0))
        state.event_log.append({"event": "declare", "deal": state.deal_no, "player": state.players[seat],
                                "khlyust": KHLYUST_NAMES[kind]})
    else:
        exchanged["declares"] = KHLYUST_NAMES[kind]
        state.event_log.append(exchanged)
    if state.options.instant_khlyust:
        pay_instant(state, seat)
        return True
    return _next_announcement(state)


def exchange(state: KhlyustState, seat: int, cards: tuple[int, ...]) -> bool:
    """The seat discards `cards` and draws as many from the stock; Листы so made may take the kassa,
    a Хлюст so made is declared at once (§3.7)."""
    hand, drawn = draw(state.hands[seat], cards, state.stock, state.stock_pos)
    state.hands[seat] = hand
    state.stock_pos += len(cards)
    state.discards[seat] = list(cards)
    state.calls.append((seat, C_EXCHANGE, len(cards)))
    event: dict[str, Any] = {"event": "exchange", "deal": state.deal_no, "player": state.players[seat],
                             "discards": [CARD_TEXT[c] for c in cards], "cards": [CARD_TEXT[c] for c in drawn],
                             "declares": None}
    rank = listy_rank(hand)
    if rank >= 0 and state.options.listy_by_exchange:
        # It takes the kassa unless another player still in holds a higher Листы (§3.7).
        state.event_log.append(event)
        holders = [s for s in state.dealt if not state.out[s] and listy_rank(state.hands[s]) >= 0]
        best = max(holders, key=lambda s: listy_rank(state.hands[s]))
        for s in holders:
            state.event_log.append({"event": "listy", "deal": state.deal_no, "player": state.players[s],
                                    "cards": [CARD_TEXT[c] for c in state.hands[s]], "exchange": s == seat})
        take_all(state, best, "listy")
        return True
    if declarable(state, seat):
        return declare(state, seat, event)
    state.event_log.append(event)
    return _next_announcement(state)


def _next_announcement(state: KhlyustState) -> bool:
    state.turn += 1
    if state.turn < len(state.order):
        state.to_act = state.order[state.turn]
        return False
    declarer = state.declarer
    if declarer < 0:
        start_play(state, [s for s in state.dealt if not state.out[s]], state.podruchny)
        return False
    # K4: everyone else still in answers, in seat order after the хлюстовщик (§3.8).
    i = state.dealt.index(declarer)
    after = state.dealt[i + 1:] + state.dealt[:i]
    state.order = [s for s in after if not state.out[s]]
    state.turn = 0
    if not state.order:
        take_all(state, declarer, "conceded")
        return True
    state.phase = ANSWER
    state.to_act = state.order[0]
    return False


def answer(state: KhlyustState, seat: int, plays: bool) -> bool:
    """The seat answers the Хлюст: play on, or pass out of the deal (§3.8)."""
    if not plays:
        state.out[seat] = True
    state.calls.append((seat, C_ANSWER_PLAY if plays else C_ANSWER_PASS, 0))
    state.event_log.append({"event": "answer", "deal": state.deal_no, "player": state.players[seat],
                            "answer": "play" if plays else "pass"})
    state.turn += 1
    if state.turn < len(state.order):
        state.to_act = state.order[state.turn]
        return False
    in_play = [s for s in state.dealt if not state.out[s]]
    if len(in_play) == 1:
        take_all(state, state.declarer, "conceded")
        return True
    start_play(state, in_play, state.declarer)
    return False
