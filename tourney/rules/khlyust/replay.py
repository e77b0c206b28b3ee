"""Replay a Хлюст record (RULES Appendix A.2), re-deriving every line.

The record drives the rules: `deal` and `exchange` lines supply the cards (or, with `check_seed`,
the seed deals them and the record must agree), the players' lines (`declare`, `exchange`, `play`,
`pass`, `answer`, `card`) supply the actions. Every line must equal what the rules derive; the
first that does not is named.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tourney.errors import IllegalActionError, InvalidInputError, RecordError
from tourney.rules.khlyust.actions import CARD_BASE, DECLARE, PASS, PLAY, exchange_action
from tourney.rules.khlyust.options import KhlyustOptions
from tourney.rules.khlyust.record import ACTION_EVENTS, GAME_NAME
from tourney.rules.khlyust.state import KhlyustState, RandomDealer
from tourney.rules.khlyust.table import Dealer
from tourney.rules.replaying import check_turn, read_header, run_record
from tourney.rules.tricks.cards import ID_OF_TEXT
from tourney.rules.tricks.deal import first_dealer_by_lot

Line = tuple[int, dict[str, Any]]


def _card(line: int, text: object, deck: Sequence[int], seen: set[int] | None = None) -> int:
    card = ID_OF_TEXT.get(text) if isinstance(text, str) else None
    if card is None or card not in deck:
        raise RecordError(line, f"{text!r} is not a card of the {len(deck)}-card deck (§3.1, §3.11)")
    if seen is not None:
        if card in seen:
            raise RecordError(line, f"card {text} appears twice in one deal (§3.1: one deck)")
        seen.add(card)
    return card


class _ScriptedDealer:
    """Deals what the record shows: per deal, the hands, the upcard, then the stock as that deal's
    `exchange` lines take it."""

    def __init__(self, lines: Sequence[Line]) -> None:
        self.deals: list[tuple[Line, list[Line]]] = []
        for line, event in lines:
            kind = event.get("event")
            if kind == "deal":
                self.deals.append(((line, event), []))
            elif kind == "exchange" and self.deals:
                self.deals[-1][1].append((line, event))
        self.next = 0
        self.end_line = lines[-1][0] + 1 if lines else 1

    def __call__(self, names: Sequence[str], deck_ids: tuple[int, ...]) -> list[int]:
        if self.next >= len(self.deals):
            raise RecordError(self.end_line, "the record ends before the match does: a 'deal' line is missing")
        (line, event), takes = self.deals[self.next]
        self.next += 1
        hands = event.get("hands")
        if not isinstance(hands, dict) or list(hands) != list(names):
            got = list(hands) if isinstance(hands, dict) else hands
            raise RecordError(line, f"the deal's hands are for {got!r} but the players dealt are {list(names)} "
                                    "(§3.4: 3 cards each from the dealer's left)")
        seen: set[int] = set()
        held: list[list[int]] = []
        for name in names:
            cards = hands[name]
            if not isinstance(cards, list) or len(cards) != 3:
                raise RecordError(line, f"{name} is dealt {cards!r}, not 3 cards (§3.4)")
            held.append([_card(line, text, deck_ids, seen) for text in cards])
        deck = [held[i][r] for r in range(3) for i in range(len(names))]
        deck.append(_card(line, event.get("upcard"), deck_ids, seen))
        for take_line, take in takes:
            cards = take.get("cards")
            if not isinstance(cards, list):
                raise RecordError(take_line, "exchange has no list of 'cards' drawn")
            deck.extend(_card(take_line, text, deck_ids, seen) for text in cards)
        deck.extend(c for c in deck_ids if c not in seen)
        return deck


def replay(lines: list[Line], check_seed: bool = False) -> KhlyustState:
    """Replay a record and return the final state; `RecordError` at the first bad line."""
    header = read_header(lines, GAME_NAME)
    players = header.players
    try:
        options = KhlyustOptions.from_mapping(header.options)
        dealer: Dealer
        if check_seed:
            rng = header.seeded_rng()
            first = first_dealer_by_lot(rng, len(players))
            dealer = RandomDealer(rng)
        else:
            first = header.recorded_first_dealer()
            dealer = _ScriptedDealer(lines)
        state = KhlyustState(players, dealer, options, first_dealer=first, seed=header.seed, start=False)
    except InvalidInputError as error:
        raise RecordError(header.line, str(error)) from None
    state._start_deal()
    run_record(lines, lambda: state.table.event_log, lambda line, event: _drive(state, line, event),
               lambda: state.terminal, "RULES §3, Appendix A.2")
    return state


def _drive(state: KhlyustState, line: int, event: dict[str, Any]) -> None:
    check_turn(line, event, state.players, state.to_act, state.terminal, ACTION_EVENTS)
    kind = event.get("event")
    if kind == "declare":
        action = DECLARE
    elif kind == "play":
        action = PLAY
    elif kind == "pass":
        action = PASS
    elif kind == "answer":
        answer = event.get("answer")
        if answer not in ("play", "pass"):
            raise RecordError(line, f"an answer is 'play' or 'pass', not {answer!r} (§3.8)")
        action = PLAY if answer == "play" else PASS
    elif kind == "exchange":
        discards = event.get("discards")
        if not isinstance(discards, list) or not 1 <= len(discards) <= 3:
            raise RecordError(line, "exchange needs 'discards', a list of 1-3 cards (§3.7)")
        action = exchange_action([_card(line, text, state.table.deck) for text in discards])
    else:
        action = CARD_BASE + _card(line, event.get("card"), state.table.deck)
    try:
        state.apply(action)
    except (IllegalActionError, InvalidInputError) as error:
        raise RecordError(line, str(error)) from None
