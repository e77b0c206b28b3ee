"""Scripted Lou deals for the RULES §5.4 examples: hands given in deal order (dealer's left first)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from tourney.rules.lou import LouOptions, LouState, parse_action
from tourney.rules.tricks import ID_OF_TEXT


def deck(hands: Sequence[str], upcard: str, stock: str = "") -> list[int]:
    """A 52-card deck that deals `hands` (in deal order) one card at a time, then `upcard`,
    then `stock` on top of the rest."""
    held = [[ID_OF_TEXT[t] for t in hand.split()] for hand in hands]
    order = [held[i][r] for r in range(3) for i in range(len(held))]
    order.append(ID_OF_TEXT[upcard])
    order += [ID_OF_TEXT[t] for t in stock.split()]
    return order + [c for c in range(52) if c not in order]


def lou(decks: Sequence[list[int]], players: str = "ABCDE", first_dealer: int = 0, start: bool = True,
        **options: Any) -> LouState:
    """A state dealing `decks` in turn (then unshuffled decks), dealer `first_dealer` (A)."""
    stream: Iterator[list[int]] = iter(decks)
    return LouState(list(players), lambda names: next(stream, list(range(52))), LouOptions(**options),
                    first_dealer=first_dealer, start=start)


def act(state: LouState, *texts: str) -> None:
    """Apply actions; a text `IN OUT ...` of several words is several declarations."""
    for text in texts:
        words = text.split()
        if all(w in ("IN", "OUT") for w in words):
            for word in words:
                state.apply(parse_action(word))
        else:
            state.apply(parse_action(text))


def last(state: LouState, kind: str) -> dict[str, Any]:
    return [e for e in state.events if e["event"] == kind][-1]


def chips(state: LouState) -> dict[str, int]:
    return dict(zip(state.players, state.match.chips, strict=True))
