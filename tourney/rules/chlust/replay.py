"""Replay a Chlust record (Appendix A.2; keys in `record.py`), re-deriving every line.

The record drives the rules: `deal` lines supply the cards, `swap`, `bet`, `fold` and `play` lines
the actions. Every line must equal what the rules derive; the first that does not is reported.
With `check_seed`, the record's seed must also draw the first dealer and deal every hand.
"""

from __future__ import annotations

from typing import Any

from tourney.errors import IllegalActionError, InvalidInputError, RecordError
from tourney.rules.chlust.actions import CALL, FOLD, KEEP, PLAY_BASE, RAISE, SWAP
from tourney.rules.chlust.dealer import RandomDealer
from tourney.rules.chlust.deck import parse_id
from tourney.rules.chlust.options import OPTIONS
from tourney.rules.chlust.record import ACTION_EVENTS
from tourney.rules.chlust.state import ChlustState
from tourney.rules.games import OptionSpec, OptionValue
from tourney.rules.replaying import check_turn, read_header, run_record
from tourney.rules.tricks.deal import first_dealer_by_lot

RecordLines = list[tuple[int, dict[str, Any]]]


class _ScriptedDealer:
    """Deals exactly the cards of the record's `deal` lines, checking them as it goes."""

    def __init__(self, deals: RecordLines, last_line: int, with_nines: bool, seeded: RandomDealer | None) -> None:
        self._deals = deals
        self._next = 0
        self._last_line = last_line
        self._with_nines = with_nines
        self._seeded = seeded

    def __call__(self, deck: tuple[int, ...], names: list[str]) -> tuple[list[list[int]], int]:
        if self._next >= len(self._deals):
            raise RecordError(self._last_line + 1, "the record ends before the match does: a 'deal' is missing")
        line, event = self._deals[self._next]
        self._next += 1
        hands = event.get("hands")
        if not isinstance(hands, dict) or list(hands) != names:
            raise RecordError(line, f"deal hands must be for {names}, clockwise from the dealer's left (§2.4)")
        seen: set[int] = set()
        dealt = [[self._card(line, text, seen) for text in self._three(line, name, hands[name])] for name in names]
        upcard = self._card(line, event.get("upcard"), seen)
        if self._seeded is not None and self._seeded(deck, names) != (dealt, upcard):
            raise RecordError(line, "these are not the cards the record's seed deals")
        return dealt, upcard

    @staticmethod
    def _three(line: int, name: str, cards: object) -> list[object]:
        if not isinstance(cards, list) or len(cards) != 3:
            raise RecordError(line, f"{name} must be dealt 3 cards (§2.4)")
        return cards

    def _card(self, line: int, text: object, seen: set[int]) -> int:
        if not isinstance(text, str):
            raise RecordError(line, f"card {text!r} is not a string")
        try:
            card = parse_id(text, self._with_nines)
        except InvalidInputError as error:
            raise RecordError(line, str(error)) from None
        if card in seen:
            raise RecordError(line, f"card {text!r} is dealt twice (§2.1)")
        seen.add(card)
        return card


def _options(line: int, data: object) -> dict[str, OptionValue]:
    if not isinstance(data, dict):
        raise RecordError(line, "'options' must be an object")
    specs: dict[str, OptionSpec] = {spec.name: spec for spec in OPTIONS}
    values: dict[str, OptionValue] = {spec.name: spec.default for spec in OPTIONS}
    for name, value in data.items():
        spec = specs.get(name)
        if spec is None:
            raise RecordError(line, f"unknown option {name!r}")
        try:
            values[name] = spec.check(value)
        except InvalidInputError as error:
            raise RecordError(line, str(error)) from None
    return values


def replay(events: RecordLines, check_seed: bool = False) -> ChlustState:
    """Replay a record and return the final state; raise `RecordError` at the first bad line."""
    header = read_header(events, "chlust")
    players, line = header.players, header.line
    options = _options(line, header.options)
    first_dealer = header.recorded_first_dealer()
    seeded: RandomDealer | None = None
    if check_seed:
        rng = header.seeded_rng()
        lot = first_dealer_by_lot(rng, len(players))
        if lot != first_dealer:
            raise RecordError(header.deals[0][0], f"seed {header.seed} draws {players[lot]} to deal first, "
                                                  f"not {players[first_dealer]}")
        seeded = RandomDealer(rng)
    dealer = _ScriptedDealer(header.deals, events[-1][0], bool(options["with_nines"]), seeded)
    try:
        state = ChlustState(players, dealer, first_dealer=first_dealer, options=options, seed=header.seed)
    except InvalidInputError as error:
        raise RecordError(line, str(error)) from None
    run_record(events, lambda: state.table.event_log, lambda line, event: _drive(state, line, event),
               lambda: state.terminal)
    return state


def _drive(state: ChlustState, line: int, event: dict[str, Any]) -> None:
    check_turn(line, event, state.players, state.to_act, state.terminal, ACTION_EVENTS)
    kind = event["event"]
    if event.get("deal") != state.deal:
        raise RecordError(line, f"deal is {event.get('deal')!r} but the match is in deal {state.deal}")
    if kind == "swap":
        action = SWAP if event.get("swap") is True else KEEP
    elif kind == "fold":
        action = FOLD
    elif kind == "bet":
        words = {"CALL": CALL, "RAISE": RAISE}
        if event.get("action") not in words:
            raise RecordError(line, f"bet action {event.get('action')!r} is not CALL or RAISE (§2.7)")
        action = words[event["action"]]
    else:
        text = event.get("card")
        if not isinstance(text, str):
            raise RecordError(line, "play has no 'card'")
        try:
            action = PLAY_BASE + parse_id(text, True)
        except InvalidInputError as error:
            raise RecordError(line, str(error)) from None
    try:
        state.apply(action)
    except IllegalActionError as error:
        raise RecordError(line, str(error)) from None
