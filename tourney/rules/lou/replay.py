"""Replay a Lou record (RULES Appendix A.2), re-deriving every line.

The record drives the rules: `deal`, `dummy` and `draw` lines supply the cards (or, with
`check_seed`, the seed deals them and the record must agree), `in`/`out`/`draw`/`play` lines of
players supply the actions. Every line must equal what the rules derive; the first that does not
is named. The secret choices are written together once everyone has chosen, so their lines are
driven one by one and compared when the reveal is derived.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tourney.errors import IllegalActionError, InvalidInputError, RecordError
from tourney.rules.lou.actions import IN, OUT, PLAY_BASE, draw_action
from tourney.rules.lou.options import LouOptions
from tourney.rules.lou.record import GAME_NAME
from tourney.rules.lou.state import LouState, RandomDealer
from tourney.rules.lou.table import Dealer
from tourney.rules.replaying import check_turn, read_header, run_record
from tourney.rules.tricks.cards import ID_OF_TEXT, N_IDS
from tourney.rules.tricks.deal import first_dealer_by_lot

Line = tuple[int, dict[str, Any]]
ACTION_EVENTS = ("in", "out", "draw", "play")


def _card(line: int, text: object, seen: set[int] | None = None) -> int:
    card = ID_OF_TEXT.get(text) if isinstance(text, str) else None
    if card is None:
        raise RecordError(line, f"{text!r} is not a card of the 52-card deck (§4.1)")
    if seen is not None:
        if card in seen:
            raise RecordError(line, f"card {text} appears twice in one deal (§4.1: one deck)")
        seen.add(card)
    return card


class _ScriptedDealer:
    """Deals what the record shows: per deal, the hands, the upcard, then the stock as the
    `dummy` and `draw` lines of that deal take it."""

    def __init__(self, lines: Sequence[Line]) -> None:
        self.deals: list[tuple[Line, list[Line]]] = []
        for line, event in lines:
            kind = event.get("event")
            if kind == "deal":
                self.deals.append(((line, event), []))
            elif kind in ("dummy", "draw") and self.deals:
                self.deals[-1][1].append((line, event))
        self.next = 0
        self.end_line = lines[-1][0] + 1 if lines else 1

    def __call__(self, names: Sequence[str]) -> list[int]:
        if self.next >= len(self.deals):
            raise RecordError(self.end_line, "the record ends before the match does: a 'deal' line is missing")
        (line, event), takes = self.deals[self.next]
        self.next += 1
        hands = event.get("hands")
        if not isinstance(hands, dict) or sorted(hands) != sorted(names):
            got = sorted(hands) if isinstance(hands, dict) else hands
            raise RecordError(line, f"the deal's hands are for {got!r} but the players dealt are {sorted(names)} "
                                    "(§4.4: every seated player gets 3 cards)")
        seen: set[int] = set()
        held: list[list[int]] = []
        for name in names:
            cards = hands[name]
            if not isinstance(cards, list) or len(cards) != 3:
                raise RecordError(line, f"{name} is dealt {cards!r}, not 3 cards (§4.4)")
            held.append([_card(line, text, seen) for text in cards])
        deck = [held[i][r] for r in range(3) for i in range(len(names))]
        deck.append(_card(line, event.get("upcard"), seen))
        for take_line, take in takes:
            cards = take.get("hand") if take.get("event") == "dummy" else take.get("cards")
            if not isinstance(cards, list):
                raise RecordError(take_line, f"{take.get('event')} has no list of cards")
            deck.extend(_card(take_line, text, seen) for text in cards)
        deck.extend(c for c in range(N_IDS) if c not in seen)
        return deck


def replay(lines: list[Line], check_seed: bool = False) -> LouState:
    """Replay a record and return the final state; `RecordError` at the first bad line."""
    header = read_header(lines, GAME_NAME)
    players = header.players
    try:
        options = LouOptions.from_mapping(header.options)
        dealer: Dealer
        if check_seed:
            rng = header.seeded_rng()
            first = first_dealer_by_lot(rng, len(players))
            dealer = RandomDealer(rng)
        else:
            first = header.recorded_first_dealer()
            dealer = _ScriptedDealer(lines)
        state = LouState(players, dealer, options, first_dealer=first, seed=header.seed, start=False)
    except InvalidInputError as error:
        raise RecordError(header.line, str(error)) from None
    state._start_game()  # derives the first ante and deal; a scripted deal may refuse here
    run_record(lines, lambda: state.table.event_log, lambda line, event: _drive(state, line, event),
               lambda: state.terminal, "RULES §4, Appendix A.2")
    return state


def _drive(state: LouState, line: int, event: dict[str, Any]) -> None:
    check_turn(line, event, state.players, state.to_act, state.terminal, ACTION_EVENTS)
    kind = event.get("event")
    if kind == "in" or kind == "out":
        action = IN if kind == "in" else OUT
    elif kind == "draw":
        discards = event.get("discards")
        if not isinstance(discards, list) or len(discards) > 3:
            raise RecordError(line, "draw needs 'discards', a list of 0-3 cards (§4.6)")
        action = draw_action([_card(line, text) for text in discards])
    else:
        action = PLAY_BASE + _card(line, event.get("card"))
    try:
        state.apply(action)
    except (IllegalActionError, InvalidInputError) as error:
        raise RecordError(line, str(error)) from None
