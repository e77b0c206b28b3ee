"""Helpers for the Chlust rule tests: fixed deals and actions by text."""

from __future__ import annotations

import random
from collections.abc import Mapping

from tourney.rules.chlust import CHLUST, ChlustState, action_id
from tourney.rules.chlust.deck import parse_id, parse_ids
from tourney.rules.chlust.state import RandomDealer
from tourney.rules.games import resolve_options

Deal = tuple[Mapping[str, str], str]


class FixedDealer:
    """Deals the given hands and upcards first (by name), then random cards."""

    def __init__(self, deals: list[Deal], seed: int = 0) -> None:
        self.deals = list(deals)
        self.then = RandomDealer(random.Random(seed))

    def __call__(self, deck: tuple[int, ...], names: list[str]) -> tuple[list[list[int]], int]:
        if not self.deals:
            return self.then(deck, names)
        hands, upcard = self.deals.pop(0)
        return [sorted(parse_ids(hands[name], True)) for name in names], parse_id(upcard, True)


def table(deals: list[Deal], players: tuple[str, ...] = ("D", "L", "R"), **options: object) -> ChlustState:
    """A match whose first dealer is the first player and whose first deals are `deals`."""
    return ChlustState(players, FixedDealer(deals), first_dealer=0, options=resolve_options(CHLUST, options))


def act(state: ChlustState, *moves: str) -> None:
    """Apply moves written 'NAME ACTION' ('L RAISE', 'D PLAY:AS'), checking whose turn it is."""
    for move in moves:
        name, text = move.split()
        assert state.players[state.to_act] == name, f"{state.players[state.to_act]} is to act, not {name}"
        state.apply(action_id(text))


def last(state: ChlustState, kind: str) -> dict[str, object]:
    return next(e for e in reversed(state.events) if e["event"] == kind)
