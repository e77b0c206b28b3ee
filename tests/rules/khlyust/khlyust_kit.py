"""Scripted Хлюст deals for the RULES §5.3 examples: hands in deal order (the dealer's left first)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from tourney.rules.khlyust import KhlyustOptions, KhlyustState, parse_action
from tourney.rules.khlyust.combos import DECK_32, DECK_36
from tourney.rules.tricks import ID_OF_TEXT


def deck(hands: Sequence[str], upcard: str, stock: str = "", full: Sequence[int] = DECK_32) -> list[int]:
    """A deck that deals `hands` (in deal order) one card at a time, then `upcard`, then `stock`
    on top of the rest."""
    held = [[ID_OF_TEXT[t] for t in hand.split()] for hand in hands]
    order = [held[i][r] for r in range(3) for i in range(len(held))]
    order.append(ID_OF_TEXT[upcard])
    order += [ID_OF_TEXT[t] for t in stock.split()]
    return order + [c for c in full if c not in order]


def table(decks: Sequence[list[int]], players: str = "DZP", first_dealer: int = 0, start: bool = True,
          **options: Any) -> KhlyustState:
    """A state dealing `decks` in turn (then unshuffled decks). By default the seats are D, Z, P
    clockwise with D dealing first, so Z is the dealer's left and P his right (RULES §5.3)."""
    stream: Iterator[list[int]] = iter(decks)
    full = DECK_36 if len(players) == 2 else DECK_32
    return KhlyustState(list(players), lambda names, ids: next(stream, list(full)), KhlyustOptions(**options),
                        first_dealer=first_dealer, start=start)


def act(state: KhlyustState, *texts: str) -> None:
    for text in texts:
        state.apply(parse_action(text))


def last(state: KhlyustState, kind: str) -> dict[str, Any]:
    return [e for e in state.events if e["event"] == kind][-1]


def kinds(state: KhlyustState) -> list[str]:
    return [e["event"] for e in state.events]


def chips(state: KhlyustState) -> dict[str, int]:
    return dict(zip(state.players, state.match.chips, strict=True))
